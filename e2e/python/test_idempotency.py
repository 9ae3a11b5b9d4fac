"""A POST whose answer is lost is retried by the client with its
Idempotency-Key, and the server applies it once."""

from __future__ import annotations

import socket
import threading
from typing import Iterator, List, Tuple

import pytest

import wellness
from servers import start_wellness_server


@pytest.fixture(scope="module")
def live() -> Iterator[Tuple[str, str, str]]:
    yield from start_wellness_server()


class LosingProxy:
    """Forwards each connection to the server; for the first POST it reads
    the server's whole answer (the write is committed) and then drops the
    client's connection instead of passing the answer on."""

    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.dropped: List[bytes] = []
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    @staticmethod
    def _read_message(sock: socket.socket, buffered: bytes) -> Tuple[bytes, bytes]:
        """One HTTP message (by Content-Length) and what follows it."""
        data = buffered
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(65536)
            if not chunk:
                return data, b""
            data += chunk
        head, _, rest = data.partition(b"\r\n\r\n")
        length = 0
        for line in head.split(b"\r\n")[1:]:
            name, _, value = line.partition(b":")
            if name.strip().lower() == b"content-length":
                length = int(value.strip())
        while len(rest) < length:
            chunk = sock.recv(65536)
            if not chunk:
                break
            rest += chunk
        return head + b"\r\n\r\n" + rest[:length], rest[length:]

    def _serve(self, client: socket.socket) -> None:
        upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
        pending = b""
        try:
            while True:
                request, pending = self._read_message(client, pending)
                if not request:
                    return
                upstream.sendall(request)
                answer, _ = self._read_message(upstream, b"")
                if request.startswith(b"POST") and not self.dropped:
                    self.dropped.append(answer)
                    client.shutdown(socket.SHUT_RDWR)
                    return
                client.sendall(answer)
        except OSError:
            return
        finally:
            client.close()
            upstream.close()

    def close(self) -> None:
        self.listener.close()


def test_a_lost_answer_is_retried_and_applied_once(live: Tuple[str, str, str]) -> None:
    base_url, api_key, _ = live
    proxy = LosingProxy(int(base_url.rsplit(":", 1)[1]))
    title = "Idempotent goal 7f3a"
    try:
        with wellness.Client(f"http://127.0.0.1:{proxy.port}", api_key=api_key, cache_directory=False,
                             store_directory=False, initial_backoff=0.05) as client:
            goal = client.create_goal({"title": title, "goal_type": "activity", "start_date": "2025-01-01",
                                       "is_recurring": False})
    finally:
        proxy.close()
    assert len(proxy.dropped) == 1 and b" 201 " in proxy.dropped[0].split(b"\r\n")[0]
    assert goal["id"].encode() in proxy.dropped[0], "the retry got the first, lost answer"
    with wellness.Client(base_url, api_key=api_key, cache_directory=False, store_directory=False) as direct:
        same = [g for g in direct.list_goals(page_size=100)["goals"] if g["title"] == title]
    assert [g["id"] for g in same] == [goal["id"]], "one goal, not two"
