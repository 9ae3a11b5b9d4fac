"""A throwaway PostgreSQL cluster on a free loopback port, for tests and benchmarks.

Uses Debian's `postgresql` server binaries. PostgreSQL refuses to run as
root, so as root the cluster belongs to `nobody`. Usage:

    cluster = Cluster(Path("/tmp/x/pg"))
    url = cluster.start()   # postgres://wellness@127.0.0.1:PORT/wellness
    ...
    cluster.stop()          # stops the server and removes the cluster

or as a command: `postgres.py start DIR` prints the URL, `postgres.py stop DIR`.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import sys
from pathlib import Path
from typing import List


def server_binaries() -> Path:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: int(p.parent.parent.name))
    if not versions:
        raise RuntimeError("PostgreSQL's server is not installed (Debian: apt-get install postgresql)")
    return versions[-1].parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Cluster:
    def __init__(self, directory: Path, durable: bool = True) -> None:
        self.directory = directory.resolve()
        self.data = self.directory / "data"
        self.durable = durable
        self.bin = server_binaries()
        self.as_owner: List[str] = ["runuser", "-u", "nobody", "--"] if os.geteuid() == 0 else []

    def _run(self, *command: str) -> None:
        result = subprocess.run([*self.as_owner, *command], capture_output=True, text=True)
        if result.returncode != 0:
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stdout}{result.stderr}")

    def start(self) -> str:
        self.directory.mkdir(parents=True, exist_ok=True)
        if self.as_owner:
            nobody = pwd.getpwnam("nobody")
            os.chown(self.directory, nobody.pw_uid, nobody.pw_gid)
            # nobody must reach the cluster through the (private) temporary directories above it.
            for parent in self.directory.parents:
                if parent == Path("/"):
                    break
                os.chmod(parent, os.stat(parent).st_mode | 0o001)
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-U", "wellness", "--auth=trust",
                  "-E", "UTF8", "--locale=C.UTF-8", "--no-sync")
        port = free_port()
        options = f"-p {port} -k {self.directory} -c listen_addresses=127.0.0.1 -c max_connections=200"
        if not self.durable:
            options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.directory / "server.log"),
                  "-o", options, "-w", "start")
        self._run(str(self.bin / "createdb"), "-h", "127.0.0.1", "-p", str(port), "-U", "wellness", "wellness")
        self.url = f"postgres://wellness@127.0.0.1:{port}/wellness"
        (self.directory / "url").write_text(self.url + "\n")
        return self.url

    def stop(self) -> None:
        if self.data.exists():
            subprocess.run([*self.as_owner, str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate",
                            "-w", "stop"], capture_output=True)
        shutil.rmtree(self.directory, ignore_errors=True)


if __name__ == "__main__":
    action, directory = sys.argv[1], Path(sys.argv[2])
    if action == "start":
        print(Cluster(directory, durable=False).start())
    else:
        Cluster(directory).stop()
