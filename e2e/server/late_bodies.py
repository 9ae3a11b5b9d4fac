"""Early answers (401, 404, 405) to requests whose body arrives late keep the connection usable.

Usage: late_bodies.py PORT API_KEY [PAIRS]

Each pair is a request the server answers without its body (no API key,
an unknown path, a wrong method), its body sent 5 ms after its header, then a
goal POST on the same connection: PAIRS pairs on one raw socket (the header,
then the late body, then the next request), then PAIRS through one
requests.Session (the body a sized iterable that waits before it yields, or a
chunked generator). Every first answer must be its status and every second
201, with no connection error. A closed connection is counted as a failure.
Exits 1 if any pair failed, after naming each.
"""

import sys
import time
from collections.abc import Iterator

import requests

from split_posts import body_for, connect, read_response

LATE = 0.005

# (method, path, whether to send the key (none: 401), the status the server answers before reading the body)
EARLY = [
    ("POST", "/api/v1/goals", False, 401),
    ("POST", "/api/v1/nowhere", True, 404),
    ("PUT", "/api/v1/goals", True, 405),
]


def raw_pairs(port: int, key: str, pairs: int) -> int:
    """How many of `pairs` early answers and follow-up POSTs on one socket were answered as expected."""
    sock = connect(port)
    pending = bytearray()
    good = 0
    for n in range(pairs):
        method, path, keyed, status = EARLY[n % len(EARLY)]
        body = body_for(n)
        credential = f"X-API-Key: {key}\r\n" if keyed else ""
        header = (
            f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n{credential}"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode()
        follow = (
            f"POST /api/v1/goals HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-API-Key: {key}\r\n"
            f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n"
        ).encode() + body
        try:
            sock.sendall(header)
            time.sleep(LATE)
            sock.sendall(body)
            first = read_response(sock, pending)
            sock.sendall(follow)
            second = read_response(sock, pending)
        except OSError as error:
            first, second = -1, -1
            print(f"raw pair {n + 1} ({method} {path}): {error}")
        if (first, second) == (status, 201):
            good += 1
            continue
        print(f"raw pair {n + 1} ({method} {path}): answered {first} then {second}, wanted {status} then 201")
        sock.close()
        sock, pending = connect(port), bytearray()
    sock.close()
    return good


class LateBody:
    """A request body of known length that waits before it yields (sent with Content-Length)."""

    def __init__(self, body: bytes) -> None:
        self.body = body

    def __len__(self) -> int:
        return len(self.body)

    def __iter__(self) -> Iterator[bytes]:
        time.sleep(LATE)
        yield self.body


def late_chunks(body: bytes) -> Iterator[bytes]:
    """A chunked request body that waits before it yields."""
    time.sleep(LATE)
    yield body


def session_pairs(port: int, key: str, pairs: int) -> int:
    good = 0
    base = f"http://127.0.0.1:{port}"
    with requests.Session() as session:
        for n in range(pairs):
            method, path, keyed, status = EARLY[n % len(EARLY)]
            body = body_for(n)
            late: object = LateBody(body) if n % 2 == 0 else late_chunks(body)
            headers = {"Content-Type": "application/json"} | ({"X-API-Key": key} if keyed else {})
            try:
                first = session.request(method, base + path, data=late, headers=headers, timeout=10).status_code
                second = session.post(
                    base + "/api/v1/goals",
                    data=body,
                    headers={"X-API-Key": key, "Content-Type": "application/json"},
                    timeout=10,
                ).status_code
            except requests.RequestException as error:
                print(f"requests.Session pair {n + 1} ({method} {path}): {error}")
                continue
            if (first, second) == (status, 201):
                good += 1
                continue
            print(f"requests.Session pair {n + 1} ({method} {path}): answered {first} then {second}")
    return good


def main() -> int:
    port, key = int(sys.argv[1]), sys.argv[2]
    pairs = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    raw = raw_pairs(port, key, pairs)
    session = session_pairs(port, key, pairs)
    print(f"late bodies after early answers: raw {raw}/{pairs}; requests.Session {session}/{pairs}")
    return 0 if raw == pairs and session == pairs else 1


if __name__ == "__main__":
    sys.exit(main())
