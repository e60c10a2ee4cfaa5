"""`pip install .` in a fresh virtualenv gives a working `tabletop` command
that runs from the installed package, not from this source tree."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.slow
def test_pip_install_gives_a_tabletop_command_that_checks_and_starts(tmp_path):
    # pip builds in the source folder (build/, *.egg-info): build a copy.
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(".git", ".venv", "build", "*.egg-info", "data", "out",
                                                                "__pycache__", ".pytest_cache", ".hypothesis",
                                                                "node_modules", "test-artifacts"))
    target = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(target)  # this venv's pip installs into it: faster
    python = target / "bin" / "python"
    # The dependencies are this venv's (the lock's, already installed): seen after the new venv's own
    # site-packages, so the installed package is found first and nothing is downloaded or built again.
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    ours = [p for p in sys.path if p.endswith("site-packages")]
    (Path(site) / "lock_dependencies.pth").write_text("\n".join(ours) + "\n")
    installed = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
                                "--disable-pip-version-check", str(source)],
                               capture_output=True, text=True, timeout=600)
    assert installed.returncode == 0, installed.stderr[-2000:]
    tabletop = target / "bin" / "tabletop"
    assert tabletop.exists()

    elsewhere = tmp_path / "run"
    elsewhere.mkdir()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "DISCORD_TOKEN": "x",
           "DATABASE_URL": f"sqlite:///{tmp_path}/data/t.db", "LOG_LEVEL": "WARNING"}
    check = subprocess.run([str(tabletop), "--check"], cwd=elsewhere, env=env, capture_output=True, text=True,
                           timeout=120)
    assert check.returncode == 0, check.stderr
    assert (tmp_path / "data" / "t.db").exists()  # the packaged migrations ran

    where = subprocess.run([str(python), "-c", "import bot, db.database as d, i18n; print(bot.__file__, "
                            "d.MIGRATIONS_DIR, i18n.t('core.err.channel_busy'))"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120)
    assert str(target) in where.stdout and str(source) not in where.stdout, where.stdout + where.stderr
    assert "This channel already has a game" in where.stdout  # the catalogues are in the package

    no_token = subprocess.run([str(tabletop), "--check"], cwd=elsewhere, env={**env, "DISCORD_TOKEN": ""},
                              capture_output=True, text=True, timeout=120)
    assert no_token.returncode == 0 and "local play" in no_token.stdout, no_token.stderr
    pages = subprocess.run([str(python), "-c", "import web.pages as p; print((p.STATIC / 'index.html').exists(), "
                            "p.words('zh-TW')['web.page.board'])"],
                           cwd=elsewhere, env=env, capture_output=True, text=True, timeout=120)
    assert pages.stdout.split() == ["True", "版圖"], pages.stdout + pages.stderr  # the page and its words
