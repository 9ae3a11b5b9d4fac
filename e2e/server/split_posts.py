"""Keep-alive POSTs whose header and body arrive in separate TCP segments.

Usage: split_posts.py PORT API_KEY [COUNT]

Sends COUNT goal POSTs on one kept-alive connection, each as two send()
calls with TCP_NODELAY (header, then body, as http.client, urllib3 and
requests do), then COUNT more through one requests.Session; every one must
be answered 201. Exits 1 if any is not, after naming each unanswered one.
"""
import json
import socket
import sys
import time

import requests


def body_for(n: int) -> bytes:
    return json.dumps({"title": f"split {n}", "goal_type": "activity", "start_date": "2025-01-01",
                       "is_recurring": False}).encode()


def read_response(sock: socket.socket, pending: bytearray) -> int:
    """The status of the next response on `sock`, consuming it; -1 if the connection closed first."""
    while b"\r\n\r\n" not in pending:
        chunk = sock.recv(65536)
        if not chunk:
            return -1
        pending += chunk
    head, _, rest = bytes(pending).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    status = int(lines[0].split(" ")[1])
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            length = int(value.strip())
    while len(rest) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return -1
        rest += chunk
    pending[:] = rest[length:]
    return status


def connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port))
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.settimeout(10)
    return sock


def raw_segments(port: int, key: str, count: int) -> int:
    """How many of `count` POSTs were answered 201; a closed connection is counted and replaced."""
    sock = connect(port)
    pending = bytearray()
    answered = 0
    for n in range(count):
        body = body_for(n)
        header = (f"POST /api/v1/goals HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nX-API-Key: {key}\r\n"
                  f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n\r\n").encode()
        try:
            sock.sendall(header)
            # Lets the header leave as its own segment and be read before the body arrives.
            time.sleep(0.0002)
            sock.sendall(body)
            status = read_response(sock, pending)
        except OSError as error:
            status = -1
            print(f"raw request {n + 1}: {error}")
        if status == 201:
            answered += 1
            continue
        print(f"raw request {n + 1}: {'connection closed, no response' if status < 0 else status}")
        sock.close()
        sock, pending = connect(port), bytearray()
    sock.close()
    return answered


def session_posts(port: int, key: str, count: int) -> int:
    answered = 0
    with requests.Session() as session:
        session.headers.update({"X-API-Key": key})
        for n in range(count):
            try:
                response = session.post(f"http://127.0.0.1:{port}/api/v1/goals", data=body_for(n),
                                        headers={"Content-Type": "application/json"}, timeout=10)
            except requests.RequestException as error:
                print(f"requests.Session request {n + 1}: {error}")
                continue
            if response.status_code != 201:
                print(f"requests.Session request {n + 1}: {response.status_code}")
                continue
            answered += 1
    return answered


def main() -> int:
    port, key = int(sys.argv[1]), sys.argv[2]
    count = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    raw = raw_segments(port, key, count)
    session = session_posts(port, key, count)
    print(f"split segments: {raw}/{count} answered; requests.Session: {session}/{count} answered")
    return 0 if raw == count and session == count else 1


if __name__ == "__main__":
    sys.exit(main())
