"""bench/tap_bench.py's bookkeeping without a browser: the kind of each move,
the player's choice of the kind with the fewest samples, the rows against
the issue's targets, and the clear line when it cannot run."""
import random

from bench import tap_bench


def move(action, start="a", end="b"):
    steps = [[start, end]] if start and end else []
    return {"id": str(action), "label": "", "action": action, "from": start, "to": end, "steps": steps}


def table(moves, cards=5):
    regions = [{"id": r} for m in moves for r in (m["from"], m["to"])]
    return {"moves": moves, "board": {"regions": regions},
            "hand": {"regions": [{"id": f"c{n}"} for n in range(cards)]}}


def test_the_kind_of_a_move():
    assert tap_bench.kind_of("setup", move({"kind": "play", "placements": [["★1", "C1"]]})) == "play of 1 tile"
    assert tap_bench.kind_of("setup", move({"kind": "play", "placements": [["★1", "C1"], ["★2", "C2"]]})) \
        == "play of 2 tiles"
    assert tap_bench.kind_of("setup", move({"kind": "swap", "tiles": ["★1"]})) == "swap"
    assert tap_bench.kind_of("cubed", move({"kind": "place", "piece": "SLR", "cell": [0, 1], "rotation": 0})) \
        == "placement, rotation 0"
    assert tap_bench.kind_of("cubed", move({"kind": "place", "piece": "SLR", "cell": [0, 1], "rotation": 2})) \
        == "placement with a rotation"
    assert tap_bench.kind_of("deathfront", move({"kind": "attack"})) == "attack"


def test_the_player_takes_the_kind_it_has_fewest_of_and_keeps_two_cards():
    deploy, walk = move({"kind": "deploy", "card": "u1"}), move({"kind": "move", "from": "A1"})
    rng = random.Random(1)
    assert tap_bench.choose("deathfront", table([deploy, walk]), {"deploy": 0, "move": 3}, rng) == deploy
    assert tap_bench.choose("deathfront", table([deploy, walk]), {"deploy": 4, "move": 3}, rng) == walk
    assert tap_bench.choose("deathfront", table([deploy, walk], cards=2), {"move": 9}, rng) == walk
    keep = move({"kind": "pass"}, None, None)
    assert tap_bench.choose("deathfront", table([deploy, keep], cards=2), {}, rng) == keep


def test_rows_hold_the_taps_the_times_and_the_targets():
    samples = [{"game": "setup", "kind": "play of 2 tiles", "taps": taps, "other_ms": 100.0 * taps,
                "own_ms": 90.0, "confirm_to_other_ms": 50.0} for taps in (4, 4, 6)]
    samples.append({"game": "cubed", "kind": "placement, rotation 0", "taps": 4, "other_ms": 80.0,
                    "own_ms": 70.0, "confirm_to_other_ms": 40.0})
    rows = {row.name: row for row in tap_bench.rows(samples, games=1)}
    two = rows["SETUP: play of 2 tiles"]
    assert (two.n, two.size, two.median_ms, two.ok) == (3, 4, 400.0, True)
    assert two.extra["taps_counts"] == {"4": 2, "6": 1} and two.extra["taps_max"] == 6
    assert rows["CUBED: placement, rotation 0"].ok is False  # 4 taps against ≤ 3
    assert rows["SETUP: play of 1 tile"].n == 0 and "not seen" in rows["SETUP: play of 1 tile"].note
    assert "| SETUP: play of 2 tiles | 3 | 4 |" in tap_bench.markdown(list(rows.values()))


def test_without_a_browser_one_row_says_why():
    (row,) = tap_bench.run(games=1, browser=False)
    assert row.section == "taps" and row.n == 0 and row.note.startswith("skipped: ")
