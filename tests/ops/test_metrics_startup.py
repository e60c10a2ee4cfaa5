"""The bot with METRICS_PORT on a port already taken: the start stops at
once, in one line naming METRICS_PORT, status 2 (app/metrics_server.py)."""
from __future__ import annotations

import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.ops.test_startup import assert_clear_failure, run

USER = {"id": "10", "username": "tabletop", "discriminator": "0", "avatar": None, "bot": True}
APPLICATION = {"id": "10", "name": "Tabletop", "description": "", "icon": None, "bot_public": True,
               "bot_require_code_grant": False, "verify_key": "00", "flags": 0, "owner": USER}


class AcceptTheToken(BaseHTTPRequestHandler):
    """Discord's login: who the bot is and its application; nothing else is asked."""

    def do_GET(self):
        body = json.dumps(APPLICATION if "applications" in self.path else USER).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def test_a_busy_metrics_port_stops_the_bot_in_one_line(tmp_path):
    server = ThreadingHTTPServer(("127.0.0.1", 0), AcceptTheToken)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        try:
            done = run(tmp_path, script="tests/ops/fake_discord_main.py", LOG_LEVEL="WARNING",
                       METRICS_PORT=str(taken.getsockname()[1]), RENDER_PROCESSES="0", AI_PROCESSES="0",
                       FAKE_DISCORD_API=f"http://127.0.0.1:{server.server_address[1]}/api/v10")
        finally:
            server.shutdown()
            server.server_close()
    assert_clear_failure(done, "METRICS_PORT", "cannot serve metrics")
    assert done.returncode == 2
