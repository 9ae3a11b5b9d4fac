"""Loopback servers for the client tests: the real wellness-server, and a
fault injector that misbehaves in each way a network or backend can."""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import tempfile
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Dict, Iterator, List, Optional, Tuple

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


class RestartableServer:
    """wellness-server on one port and data directory that can be stopped (the
    port then refuses connections: the API is down, no answer is lost) and
    started again with the same users."""

    def __init__(self, data: Path) -> None:
        if not SERVER.exists():
            pytest.skip(f"wellness-server not built at {SERVER}")
        self.data = data
        self.port = 0
        self.process: Optional[subprocess.Popen[str]] = None
        self.api_key = ""

    def start(self) -> None:
        self.process = subprocess.Popen([str(SERVER), "--port", str(self.port), "--data", str(self.data), "--demo",
                                         "--ai-rate-limit", "100000"],
                                        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        assert self.process.stdout is not None
        lines: Dict[str, str] = {}
        for line in self.process.stdout:
            key, _, value = line.strip().partition(" ")
            lines[key] = value
            if key == "listening":
                break
        self.port = int(lines["listening"].rsplit(":", 1)[1])
        # The first start's demo user is the one the tests use; a restart adds another.
        self.api_key = self.api_key or lines["api_key"]

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"


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


def stream_message(message_id: str, role: str, content: str) -> Dict[str, object]:
    return {"id": message_id, "consultation_id": "c1", "role": role, "content": content,
            "created_at": "2025-01-01T00:00:00Z"}


def sse(event: str, data: object) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


class StreamServer:
    """POST /api/v1/consultations/<scenario>/messages answers with a scripted
    `text/event-stream` (chunked, as a real server sends it), or misbehaves as
    the scenario says; `hits` counts requests and `cut_short` the streams whose
    client hung up before the end."""

    def __init__(self) -> None:
        self.hits: Dict[str, int] = {}
        self.cut_short: Dict[str, int] = {}
        self.accept: Dict[str, str] = {}
        self.lock = threading.Lock()
        stream = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *_: object) -> None:
                pass

            def do_POST(self) -> None:
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                scenario = self.path.split("/")[-2]
                with stream.lock:
                    stream.hits[scenario] = stream.hits.get(scenario, 0) + 1
                    stream.accept[scenario] = self.headers.get("Accept", "")
                try:
                    stream.respond(self, scenario)
                except (BrokenPipeError, ConnectionResetError):
                    with stream.lock:
                        stream.cut_short[scenario] = stream.cut_short.get(scenario, 0) + 1

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        # A client that hung up mid-stream is a scenario here, not an error to print.
        self.server.handle_error = lambda *_: None  # type: ignore[method-assign]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()

    #: The reply the "ok" scenarios end with: the deltas after the reset.
    REPLY = "Hi there, 7.2 h of sleep 😴"

    @staticmethod
    def done(reply: str) -> bytes:
        messages = [stream_message("m1", "user", "How did I sleep?"), stream_message("m2", "assistant", reply)]
        return sse("done", {"messages": messages, "count": 2})

    @staticmethod
    def chunk(handler: BaseHTTPRequestHandler, data: bytes) -> None:
        handler.wfile.write(f"{len(data):x}\r\n".encode() + data + b"\r\n")
        handler.wfile.flush()

    def respond(self, handler: BaseHTTPRequestHandler, scenario: str) -> None:
        if scenario == "missing":
            FaultServer.send(handler, 404, b'{"success":false,"error":{"code":"NOT_FOUND",'
                                           b'"message":"Consultation not found"}}')
            return
        if scenario == "plain":  # a server that does not stream
            messages = [stream_message("m1", "user", "hi"), stream_message("m2", "assistant", "Whole reply")]
            FaultServer.send(handler, 201, json.dumps({"success": True, "data": {"messages": messages,
                                                                                 "count": 2}}).encode())
            return
        handler.send_response(200)
        handler.send_header("Content-Type", "text/event-stream; charset=utf-8")
        handler.send_header("Cache-Control", "no-store")
        handler.send_header("Transfer-Encoding", "chunked")
        handler.end_headers()
        body = self.script(scenario)
        if scenario == "bytewise":  # every byte its own chunk: splits inside UTF-8 sequences and CRLFs
            for index in range(len(body)):
                self.chunk(handler, body[index:index + 1])
        elif scenario in ("slow", "silent", "keepalive"):
            for piece in body:
                if isinstance(piece, float):
                    time.sleep(piece)
                else:
                    self.chunk(handler, piece)
        elif scenario == "dropped":  # half a chunk, then the connection goes
            handler.wfile.write(b"100\r\n" + sse("delta", {"text": "Hel"}))
            handler.wfile.flush()
            handler.connection.shutdown(socket.SHUT_RDWR)
            return
        else:
            self.chunk(handler, body)
        handler.wfile.write(b"0\r\n\r\n")
        handler.wfile.flush()

    def script(self, scenario: str) -> Any:
        reply_parts = ["Hi there, ", "7.2 h of sleep ", "😴"]
        if scenario in ("ok", "bytewise"):
            events = (b": keep-alive\r\n\r\n" + sse("delta", {"text": "Hello"}) + sse("delta", {"text": ", wor"})
                      + sse("reset", {"reason": "grounding"}))
            events += b"".join(sse("delta", {"text": part}) for part in reply_parts)
            # A data field over two lines, CRLF line ends, and an event type a later server may add.
            events += b'event: delta\r\ndata: {"text":\r\ndata: ""}\r\n\r\n' + sse("usage", {"tokens": 9})
            events += self.done(self.REPLY)
            return events if scenario == "ok" else re.sub(rb"(?<!\r)\n", b"\r\n", events)
        if scenario == "error":
            return sse("delta", {"text": "Hel"}) + sse("error", {"code": "STORAGE_FAILED", "message": "disk full"})
        if scenario == "error-not-found":
            return sse("error", {"code": "NOT_FOUND", "message": "Consultation not found"})
        if scenario == "truncated":
            return sse("delta", {"text": "Hel"}) + sse("delta", {"text": "lo"})
        if scenario == "huge":
            return sse("delta", {"text": "x" * (2 << 20)})
        if scenario == "not-json":
            return b"event: delta\ndata: Hello\n\n"
        if scenario == "slow":  # 40 deltas over 2 s
            pieces: List[Any] = []
            for index in range(40):
                pieces += [sse("delta", {"text": f"{index} "}), 0.05]
            return pieces + [self.done(" ".join(str(index) for index in range(40)) + " ")]
        if scenario == "silent":  # one delta, then nothing for 3 s
            return [sse("delta", {"text": "Hel"}), 3.0, self.done("Hel")]
        if scenario == "keepalive":  # comments every 0.4 s for 2 s, then the reply
            return [b": waiting\n\n", 0.4] * 5 + [sse("delta", {"text": "Late"}), self.done("Late")]
        return sse("error", {"code": "BAD_SCENARIO", "message": scenario})
