"""Levels are ordered: in small seeded arenas, hard beats easy.

Iteration budgets keep the games reproducible and the CPU time modest (the
full-size measurements are in docs/performance.md)."""
from __future__ import annotations

import json

import pytest

from tables.arena import run

ARENAS = [
    # game, games, iterations per move, configuration
    ("deathfront", 8, 8, {}),
    ("setup", 8, 8, {}),
    ("cubed", 4, 6, {"rounds": 1}),
]


@pytest.mark.parametrize("game,games,iterations,config", ARENAS)
def test_hard_beats_easy(game, games, iterations, config):
    out = run(game, 2, games, seed=1, a="hard", b="easy", iterations=iterations, config=config, progress=False)
    assert out["games"] == games
    assert out["a_wins"] > out["b_wins"], out
    assert out["a_mean_rank"] < out["b_mean_rank"]


def test_arena_alternates_seats_and_reports_the_contract_fields(capsys):
    from tables.arena import main

    assert main(["--game", "deathfront", "--players", "2", "--games", "2", "--seed", "3",
                 "--a", "greedy", "--b", "easy"]) == 0
    import json

    last = capsys.readouterr().out.strip().splitlines()[-1]
    out = json.loads(last)
    for key in ("games", "a_wins", "b_wins", "draws", "a_move_ms_p95", "b_move_ms_p95", "factions",
                "a_move_cpu_ms_p95", "b_move_cpu_ms_median"):
        assert key in out
    assert 0 < out["a_move_cpu_ms_median"] <= out["a_move_cpu_ms_p95"]
    assert out["games"] == 2 and out["a_wins"] + out["b_wins"] + out["draws"] == 2
    # Two games, seats swapped: each level played each faction once.
    assert all(row["a_games"] == 1 and row["b_games"] == 1 for row in out["factions"].values())


def test_arena_progress_shows_mean_ranks_with_more_than_two_players(capsys):
    from tables.arena import main

    assert main(["--game", "cubed", "--players", "4", "--games", "2", "--seed", "3",
                 "--a", "greedy", "--b", "easy"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    progress, last = lines[:-1], json.loads(lines[-1])
    assert progress and all("mean rank" in line for line in progress)
    assert f"mean rank {last['a_mean_rank']} / {last['b_mean_rank']}" in progress[-1]
    low, high = last["a_rank_margin_95"]
    assert last["a_rank_margin"] == round(last["b_mean_rank"] - last["a_mean_rank"], 3)
    assert low <= last["a_rank_margin"] <= high


@pytest.mark.parametrize("game", ["setup", "cubed"])
def test_arena_gives_each_level_the_first_move_in_every_other_game(game):
    """The first seat moves first, and the level in it rotates: the luck of
    the engine's draw of the first player does not weigh on the figure."""
    out = run(game, 2, 4, seed=7, a="greedy", b="easy", config={"rounds": 1} if game == "cubed" else {},
              progress=False)
    assert out["a_first"] == out["b_first"] == 2
    assert out["a_wins_when_a_first"] + out["a_wins_when_b_first"] == out["a_wins"]
