"""The benchmark suite runs end to end at a tiny size (``python -m bench
--quick``): every figure is reported and every game the load run played
replays to its stored state, and the real pipeline delivers every game's
final board. No timing is asserted: the benchmark is the
measurement (docs/performance.md)."""
import json

from bench import report
from bench.__main__ import main
from bench.states import GAMES, SCENARIOS, STAGES


def test_quick_bench_reports_every_figure_and_replays_match(tmp_path, capsys):
    out = tmp_path / "results.json"
    assert main(["--quick", "--out", str(out)]) == 0
    printed = capsys.readouterr().out
    data = json.loads(out.read_text(encoding="utf-8"))

    rows = {(r["section"], r["name"]): r for r in data["rows"]}
    names = [name for _section, name in rows]
    for game in GAMES:
        label = f"{game} {SCENARIOS[game].players}p"
        for stage in STAGES:
            assert f"{label} board {stage}" in names
            assert f"{label} hand {stage}" in names
        for what in ("apply", "legal actions", "autocomplete answer", "AI choice"):
            assert f"{label} {what}" in names
        assert f"{label} action end to end" in names
    assert {r["section"] for r in data["rows"]} == {"render", "engine", "e2e", "load", "restart", "pipeline",
                                                       "rest", "web", "taps"}

    for row in data["rows"]:
        assert row["name"] in printed  # one printed table holds every row
        if row["median_ms"] is not None:
            assert row["n"] > 0 and 0 <= row["median_ms"] <= row["p95_ms"]
        if row["target"]:
            assert row["ok"] in (True, False)
    for stage in STAGES:  # images were drawn: real PNG sizes
        assert rows[("render", f"setup 4p board {stage}")]["size"] > 1

    # The load run: no error, no bad game. Its players' moves come from each table's
    # real start, and the log holds what act accepted plus the moves the table played
    # itself: the tiny run reaches both (a Death Front start of another seed, forced moves).
    load = [r for r in data["rows"] if r["section"] == "load"]
    assert all(r["extra"]["errors"] == [] for r in load if "tables" in r["name"])
    integrity = rows[("load", "replay = snapshot, none lost/doubled")]
    assert integrity["n"] > 0 and integrity["size"] == 0 and integrity["ok"] is True
    for check in integrity["extra"]["checks"]:
        assert check["replay_mismatches"] == check["lost_or_doubled"] == check["sequence_gaps"] == 0
        assert check["plans_off"] == 0
    assert sum(check["forced_moves"] for check in integrity["extra"]["checks"]) > 0

    restore = next(r for r in data["rows"] if r["name"].startswith("restore "))
    assert restore["size"] == data["sizes"]["restart_games"]
    memory = rows[("restart", "resident memory after restore")]
    assert memory["size"] > 10  # MB: a real reading of /proc/self/status

    # The real pipeline: boards drawn by worker processes and delivered to the
    # offline Discord; every game's last delivered board is its final version.
    pipeline = {r["name"]: r for r in data["rows"] if r["section"] == "pipeline"}
    throughput = next(r for name, r in pipeline.items() if name.endswith("every board drawn (saturated)"))
    assert throughput["n"] > 0 and not throughput["extra"]["errors"] and throughput["extra"]["processes"] >= 1
    assert pipeline["boards delivered"]["n"] > 0 and pipeline["boards delivered"]["extra"]["hand_dms"] > 0
    assert pipeline["answer → board showing it"]["n"] > 0
    assert pipeline["event-loop lag (1 ms ticker)"]["n"] > 0
    final = pipeline["last board = final version"]
    assert final["n"] > 0 and final["size"] == 0 and final["ok"] is True
    # The act → board run at a drawable pace (6 tables: every game of the mix), one row per game.
    drawable = [r for name, r in pipeline.items() if name.startswith("act → board, ")
                and name.endswith(", 6 tables at 1 action/s") and "all games" not in name]
    assert len(drawable) == 6 and all(r["n"] > 0 and r["target"] == "p95≤100ms" for r in drawable)
    assert pipeline["last board = final version, 6 tables at 1 action/s"]["size"] == 0

    # Discord's limits: with the budget no 429, no board lost, every last board right.
    rest = {r["name"]: r for r in data["rows"] if r["section"] == "rest"}
    assert rest["6 tables, budget on: requests per move"]["n"] > 0
    assert rest["429s, budget on"]["size"] == 0 and rest["429s, budget on"]["n"] > 0
    assert rest["boards lost / last board wrong, budget on"]["size"] == 0
    assert rest["boards lost / last board wrong, budget on"]["ok"] is True
    assert rest["commit → board showing it, budget on"]["n"] > 0
    assert "429s, budget off" in rest
    whole = rest["notifier's own cost over whole games: requests per move"]
    assert whole["size"] > 0 and not whole["extra"]["errors"]

    assert data["machine"]["cores"] and data["duration_s"] >= 0
    assert data["misses"] == [f"{r['section']}/{r['name']}" for r in data["rows"] if r["ok"] is False]
    assert report.table([]).startswith("section")

    # The web board: moves reach the other socket; first loads measured.
    web = {r["name"]: r for r in data["rows"] if r["section"] == "web"}
    assert web["move → the other client's socket"]["n"] > 0
    assert web["first load: table JSON + board picture"]["n"] == data["sizes"]["web_tables"]
