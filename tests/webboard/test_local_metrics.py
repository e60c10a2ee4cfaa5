"""Local play with METRICS_PORT (app/local.py): the metrics are served on
their own port beside the web board, and stop with it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import urllib.error
import urllib.request

from prometheus_client.parser import text_string_to_metric_families

from tests.webboard.test_local_play import ROOT, first_line, free_port


def get(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as answer:
            return answer.status, answer.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, ""


def test_local_play_serves_metrics_on_their_own_port(tmp_path):
    web_port, metrics_port = free_port(), free_port()
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "PYTHONPATH": str(ROOT), "WEB_PORT": str(web_port),
           "METRICS_PORT": str(metrics_port), "DATABASE_URL": f"sqlite:///{tmp_path}/db/t.db",
           "RENDER_PROCESSES": "0", "AI_PROCESSES": "0", "LOG_LEVEL": "WARNING"}
    process = subprocess.Popen([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, text=True,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        line = first_line(process)
        assert line.startswith("Tabletop local play:"), line + (process.stderr.read()
                                                                if process.poll() is not None else "")
        status, text = get(f"http://127.0.0.1:{metrics_port}/metrics")
        on_the_board = get(f"http://127.0.0.1:{web_port}/metrics")
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            rest, errors = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            rest, errors = process.communicate()
    assert status == 200
    families = {family.name for family in text_string_to_metric_families(text)}
    assert "tabletop_live_tables" not in on_the_board[1]  # not on the web board's port
    assert {"tabletop_live_tables", "tabletop_announcements_waiting", "tabletop_event_loop_lag_seconds"} <= families
    assert process.returncode == 0 and "Traceback" not in errors, errors
