"""The simulator draws its boards in --lang with the --names of the seats."""
from __future__ import annotations

import asyncio

from PIL import Image, ImageChops

from tables.simulate import main, simulate


def frames(folder):
    return sorted(folder.glob("turn-*.png"))


def test_names_and_language_change_the_images(tmp_path, capsys):
    runs = {}
    for key, names, lang in (("a", ["李雷", "韩梅梅"], "zh-CN"), ("b", ["王芳", "张伟"], "zh-CN"),
                             ("en", ["李雷", "韩梅梅"], "en")):
        out = tmp_path / key
        asyncio.run(simulate("setup", 2, 3, out, lang, names=names))
        runs[key] = out
    out = capsys.readouterr().out
    assert "李雷" in out and "王芳" in out
    a, b, en = (frames(runs[k]) for k in ("a", "b", "en"))
    assert len(a) == len(b) == len(en) > 2  # same seed, same game
    assert [p.name for p in a] == [f"turn-{i:04d}.png" for i in range(len(a))]  # sorting names sorts turns
    assert (runs["a"] / "final.png").read_bytes() == a[-1].read_bytes()
    first = [Image.open(p).convert("RGB") for p in (a[0], b[0], en[0])]
    assert ImageChops.difference(first[0], first[1]).getbbox()  # other names
    assert ImageChops.difference(first[0], first[2]).getbbox()  # other language


def test_command_line_names(tmp_path, capsys):
    assert main(["--game", "setup", "--players", "2", "--seed", "3", "--out", str(tmp_path),
                 "--lang", "zh-TW", "--names", "李雷，韓梅梅"]) == 0
    out = capsys.readouterr().out
    assert "韓梅梅" in out and frames(tmp_path)
