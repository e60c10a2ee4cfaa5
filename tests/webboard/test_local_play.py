"""The main command without a token: local play in the browser, announced
in one line; the page answers at that address."""
from __future__ import annotations

import json
import os
import re
import selectors
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def first_line(process: subprocess.Popen, timeout: float = 60.0) -> str:
    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if selector.select(timeout=0.5):
            return process.stdout.readline()
        if process.poll() is not None:
            break
    return ""


def test_without_a_token_the_main_command_serves_local_play(tmp_path):
    port = free_port()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "WEB_PORT": str(port),
           "DATABASE_URL": f"sqlite:///{tmp_path}/db/t.db", "RENDER_PROCESSES": "0", "AI_PROCESSES": "0",
           "LOG_LEVEL": "WARNING"}
    process = subprocess.Popen([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = first_line(process)
        # The address first, then, on the same line, how to run the Discord bot instead.
        assert line.startswith(f"Tabletop local play: http://127.0.0.1:{port}/ "), line + (
            process.stderr.read() if process.poll() is not None else "")
        assert line.endswith("\n") and line.count("\n") == 1
        hint = line.removeprefix(f"Tabletop local play: http://127.0.0.1:{port}/ ")
        assert "DISCORD_TOKEN" in hint and ".env" in hint and "Discord bot" in hint, hint
        assert re.search(r"http://\S+", line)[0] == f"http://127.0.0.1:{port}/"  # the address stands alone
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            assert page.status == 200 and b"/static/start.js" in page.read()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/i18n/zh-CN.json", timeout=10) as words:
            assert json.loads(words.read())["web.page.board"] == "版图"
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            rest, errors = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            rest, errors = process.communicate()
    assert process.returncode == 0 and rest == "", (rest, errors)
    assert "Traceback" not in errors


def test_a_busy_port_is_one_clear_line(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "WEB_PORT": str(port),
               "DATABASE_URL": f"sqlite:///{tmp_path}/db/t.db", "RENDER_PROCESSES": "0", "AI_PROCESSES": "0",
               "LOG_LEVEL": "WARNING"}
        done = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, text=True,
                              capture_output=True, timeout=60)
    output = (done.stdout + done.stderr).strip()
    assert done.returncode == 2 and "WEB_PORT" in output and "Traceback" not in output
    assert len(output.splitlines()) == 1, output
