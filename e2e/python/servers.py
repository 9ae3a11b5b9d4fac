"""Loopback servers for the client tests: the real wellness-server, and a
fault injector that misbehaves in each way a network or backend can."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Dict, Iterator, Optional, Tuple

import pytest

REPO = Path(__file__).resolve().parents[2]
SERVER = Path(os.environ.get("WELLNESS_SERVER_BINARY", REPO / "server" / ".build" / "debug" / "wellness-server"))
#: The running wellness-server of start_wellness_server(), for tests that pause it.
running: Dict[str, subprocess.Popen] = {}


def start_wellness_server() -> Iterator[Tuple[str, str, str]]:
    """Runs wellness-server with a demo user on a free port; yields (base_url, api_key, token)."""
    if not SERVER.exists():
        pytest.skip(f"wellness-server not built at {SERVER} (make server-test builds it)")
    with tempfile.TemporaryDirectory() as data:
        process = subprocess.Popen([str(SERVER), "--port", "0", "--data", data, "--demo", "--ai-rate-limit", "1000"],
                                   stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        lines: Dict[str, str] = {}
        try:
            assert process.stdout is not None
            for line in process.stdout:
                key, _, value = line.strip().partition(" ")
                lines[key] = value
                if key == "listening":
                    break
            port = lines["listening"].rsplit(":", 1)[1]
            base_url = f"http://127.0.0.1:{port}"
            running[base_url] = process
            yield base_url, lines["api_key"], lines["token"]
        finally:
            process.terminate()
            process.wait(timeout=10)


INSIGHT = {"id": "i1", "user_id": "u1", "insight_type": "daily", "title": "T", "content": "C", "summary": None,
           "suggestions": None, "data_context": None, "is_read": False, "is_favorite": False, "is_archived": False,
           "generated_at": "2025-01-01T00:00:00Z", "read_at": None, "archived_at": None,
           "created_at": "2025-01-01T00:00:00Z", "updated_at": "2025-01-01T00:00:00Z"}


class FaultServer:
    """GET /api/v1/insights/<scenario> misbehaves as the scenario says; `hits` counts requests per scenario."""

    def __init__(self) -> None:
        self.hits: Dict[str, int] = {}
        self.lock = threading.Lock()
        fault = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_: object) -> None:
                pass

            def do_GET(self) -> None:
                scenario = self.path.rsplit("/", 1)[-1]
                with fault.lock:
                    fault.hits[scenario] = fault.hits.get(scenario, 0) + 1
                    hit = fault.hits[scenario]
                fault.respond(self, scenario, hit)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    @staticmethod
    def send(handler: BaseHTTPRequestHandler, status: int, body: bytes, content_type: str = "application/json",
             headers: Optional[Dict[str, str]] = None) -> None:
        handler.send_response(status)
        handler.send_header("Content-Type", content_type)
        handler.send_header("Content-Length", str(len(body)))
        for name, value in (headers or {}).items():
            handler.send_header(name, value)
        handler.end_headers()
        handler.wfile.write(body)

    def respond(self, handler: BaseHTTPRequestHandler, scenario: str, hit: int) -> None:
        ok = json.dumps({"success": True, "data": INSIGHT}).encode()
        if scenario == "flaky":  # 500 then success
            self.send(handler, 500 if hit == 1 else 200, ok)
        elif scenario == "always500":
            self.send(handler, 503, b'{"success":false,"error":{"code":"DOWN","message":"maintenance"}}')
        elif scenario == "limited":  # 429 with a short Retry-After, then success
            if hit == 1:
                self.send(handler, 429, b'{"success":false,"error":{"code":"RATE_LIMITED","message":"slow down"}}',
                          headers={"Retry-After": "1"})
            else:
                self.send(handler, 200, ok)
        elif scenario == "limited-long":
            self.send(handler, 429, b'{"success":false,"error":{"code":"RATE_LIMITED","message":"slow down"}}',
                      headers={"Retry-After": "120"})
        elif scenario == "invalid-json":
            self.send(handler, 200, b'{"success": true, "data": {')
        elif scenario == "text":
            self.send(handler, 200, b"<html>maintenance</html>", content_type="text/html")
        elif scenario == "wrong-model":
            wrong = {"success": True, "data": {**INSIGHT, "insight_type": "hourly"}}
            self.send(handler, 200, json.dumps(wrong).encode())
        elif scenario == "slow":
            time.sleep(2)
            self.send(handler, 200, ok)
        elif scenario == "reset":  # promise 100 kB, send a little, drop the connection
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", "100000")
            handler.end_headers()
            handler.wfile.write(b'{"success": true, "data": {"id"')
            handler.wfile.flush()
            handler.connection.shutdown(socket.SHUT_RDWR)
        elif scenario == "huge":  # a 50 MB body
            handler.send_response(200)
            handler.send_header("Content-Type", "application/json")
            handler.send_header("Content-Length", str(50 << 20))
            handler.end_headers()
            chunk = b" " * (1 << 20)
            try:
                for _ in range(50):
                    handler.wfile.write(chunk)
            except (BrokenPipeError, ConnectionResetError):
                pass
        elif scenario == "forbidden":
            self.send(handler, 403, b'{"success":false,"error":{"code":"FORBIDDEN","message":"not yours"}}')
        elif scenario == "unauthorized":
            self.send(handler, 401, b'{"success":false,"error":{"code":"UNAUTHORIZED","message":"bad token"}}')
        else:
            self.send(handler, 404, b'{"success":false,"error":{"code":"NOT_FOUND","message":"Insight not found"}}')


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]
