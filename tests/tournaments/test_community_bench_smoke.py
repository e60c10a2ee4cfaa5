"""bench/community_bench.py runs at a tiny size and reports every row (no
timing asserted: the bench is the measurement, docs/performance.md)."""
from bench.community_bench import main


def test_the_community_bench_reports_every_row(capsys):
    assert main(["--tournaments", "1", "--draws", "1"]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| pair") or
            line.startswith("| draw")]
    assert len(rows) == 9 + 6
    assert all("| 0 rematches" in row for row in rows if row.startswith("| pair"))
    assert all(row.split("|")[6].strip().endswith("KB") for row in rows if row.startswith("| draw"))
