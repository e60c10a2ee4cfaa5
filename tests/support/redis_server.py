"""A throwaway Redis server for the tests of the shared REST budget: Debian's
``redis-server`` (`.ci/run` installs it) on a free loopback port, nothing
saved to disk. Without it the tests skip, except under ``CI=true``, where
they fail (as the browser tests do)."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from pathlib import Path

import pytest

REDIS_SERVER = "redis-server"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def require_redis() -> str:
    """The server binary; skip (or, under CI, fail) without one."""
    found = shutil.which(REDIS_SERVER) or (f"/usr/bin/{REDIS_SERVER}" if Path(f"/usr/bin/{REDIS_SERVER}").exists()
                                           else None)
    if found is None:
        reason = "Debian's redis-server is not installed (apt-get install redis-server)"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"CI runs the shared REST budget's tests, but {reason}", pytrace=False)
        pytest.skip(reason)
    return found


class RedisServer:
    """``start()`` / ``stop()`` as often as a test likes, on one port."""

    def __init__(self, binary: str, directory: Path) -> None:
        self.binary = binary
        self.directory = directory
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(self.directory), "--logfile", ""],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2) as conn:
                    conn.sendall(b"PING\r\n")
                    if conn.recv(16).startswith(b"+PONG"):
                        return
            except OSError:
                time.sleep(0.02)
        self.stop()
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        """Killed at once (SIGKILL), as a crash would."""
        if self.process is not None:
            self.process.kill()
            self.process.wait()
            self.process = None


@pytest.fixture
def redis_server(tmp_path: Path):
    server = RedisServer(require_redis(), tmp_path)
    server.start()
    yield server
    server.stop()
