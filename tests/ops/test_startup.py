"""Every start that cannot go on ends with a non-zero status and at most two
lines naming the cause and the setting; never a traceback."""
from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run(tmp_path: Path, *args: str, script: str = "bot.py", **env: str) -> subprocess.CompletedProcess:
    environment = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT),
                   "DISCORD_TOKEN": "MTIz.fake.token", "DATABASE_URL": f"sqlite:///{tmp_path}/db/t.db", **env}
    # cwd is an empty folder: no .env there, so only these settings count.
    return subprocess.run([sys.executable, str(ROOT / script), *args], cwd=tmp_path, env=environment,
                          capture_output=True, text=True, timeout=60)


def assert_clear_failure(done: subprocess.CompletedProcess, *words: str) -> None:
    output = (done.stdout + done.stderr).strip()
    assert done.returncode != 0, output
    assert "Traceback" not in output and 1 <= len(output.splitlines()) <= 2, output
    for word in words:
        assert word in output, output


@pytest.mark.parametrize(("env", "words"), [
    ({"DISCORD_TOKEN": "", "WEB_PORT": "http"}, ["WEB_PORT"]),
    ({"LOG_LEVEL": "LOUD"}, ["LOG_LEVEL", "DEBUG, INFO"]),
    ({"DEV_GUILD_ID": "my server"}, ["DEV_GUILD_ID", "server id"]),
    ({"DATABASE_URL": "mysql://db/tabletop"}, ["DATABASE_URL", "sqlite:///"]),
    ({"DATABASE_URL": "sqlite:///"}, ["DATABASE_URL"]),
    ({"DATABASE_URL": "nosuchdb://admin:s3cret@db/x"}, ["DATABASE_URL", "admin:***@"]),
])
@pytest.mark.parametrize("check", [False, True])
def test_a_bad_setting_is_named_in_one_or_two_lines(tmp_path, env, words, check):
    done = run(tmp_path, *(["--check"] if check else []), **env)
    assert_clear_failure(done, *words)
    assert done.returncode == 2 and "s3cret" not in done.stderr


@pytest.mark.parametrize("check", [False, True])
def test_a_database_path_that_cannot_be_created(tmp_path, check):
    (tmp_path / "file").write_text("not a folder")
    done = run(tmp_path, *(["--check"] if check else []), DATABASE_URL=f"sqlite:///{tmp_path}/file/t.db")
    assert_clear_failure(done, "DATABASE_URL", f"{tmp_path}/file/t.db")


def test_check_passes_without_touching_discord(tmp_path):
    done = run(tmp_path, "--check", script="tests/ops/fake_discord_main.py",
               FAKE_DISCORD_API="http://127.0.0.1:9/unused")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "db" / "t.db").exists() and "ok" in done.stdout
    assert "PyNaCl" not in done.stderr and "davey" not in done.stderr


def closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when this returns


def test_discord_unreachable(tmp_path):
    # LOG_LEVEL=WARNING: the INFO lines of a normal start are not the failure.
    done = run(tmp_path, script="tests/ops/fake_discord_main.py", LOG_LEVEL="WARNING",
               FAKE_DISCORD_API=f"http://127.0.0.1:{closed_port()}/api/v10")
    assert_clear_failure(done, "cannot reach Discord")
    assert (tmp_path / "db" / "t.db").exists()  # the database was opened first


class RefuseEveryToken(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 - http.server's naming
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_a_refused_token(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), RefuseEveryToken)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        done = run(tmp_path, script="tests/ops/fake_discord_main.py", LOG_LEVEL="WARNING",
                   FAKE_DISCORD_API=f"http://127.0.0.1:{server.server_address[1]}/api/v10")
    finally:
        server.shutdown()
        server.server_close()
    assert_clear_failure(done, "DISCORD_TOKEN", "refused")
    assert "MTIz.fake.token" not in done.stderr
