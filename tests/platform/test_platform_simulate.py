"""The offline simulator plays whole games through the table code."""
import pytest
from PIL import Image

from tables.simulate import main, simulate


@pytest.mark.parametrize("game, players, config", [
    ("setup", 2, {"finish": 12}),
    ("cubed", 2, {"rounds": 1}),
    ("deathfront", 2, {"round_limit": 4}),
])
async def test_simulated_games_end_and_write_every_board(tmp_path, capsys, game, players, config):
    summary = await simulate(game, players, seed=2, out=tmp_path, config=config)
    assert sorted(st.rank for st in summary.standings)[0] == 1
    frames = sorted(tmp_path.glob("turn-*.png"))
    assert frames and (tmp_path / "final.png").exists()
    with Image.open(tmp_path / "final.png") as image:
        assert image.width >= 300 and image.height >= 300
    out = capsys.readouterr().out
    assert "final standings" in out and "board images written" in out


def test_command_line_reports_a_bad_player_count(capsys):
    assert main(["--game", "setup", "--players", "7"]) == 1
    assert "error:" in capsys.readouterr().err
