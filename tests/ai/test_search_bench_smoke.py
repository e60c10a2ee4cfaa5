"""``python -m bench.search_bench`` at a tiny size: every case reports a
throughput, and its choice hash is reproducible (it is how two versions of
the code are checked to choose alike). No timing is asserted."""
from bench import search_bench


def test_search_bench_reports_throughput_and_reproducible_choices(capsys):
    assert search_bench.main(["--positions", "2", "--iterations", "4", "--games", "cubed"]) == 0
    printed = capsys.readouterr().out
    assert "| cubed | 2 | 2 |" in printed and "| cubed | 4 | 2 |" in printed
    first = search_bench.case("cubed", 4, 2, 4)
    again = search_bench.case("cubed", 4, 2, 4)
    assert first["positions"] == 2 and first["ms_per_iteration_median"] > 0
    assert first["choices"] == again["choices"]
    assert search_bench.case("cubed", 4, 2, 5)["positions"] == 2
