"""Children of a process that used the library, made by fork (multiprocessing's
"fork" start method, as gunicorn and Spark's worker daemon do), can use it,
including the calls that run on several threads at once."""

from __future__ import annotations

import multiprocessing
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import wellness
from servers import free_port

CHILDREN = 50
DEADLINE_SECONDS = 30.0


def _client(port: int, store: str) -> wellness.Client:
    return wellness.Client(f"http://127.0.0.1:{port}", api_key="k", timeout=5, max_retries=0,
                           store_directory=store)


def _concurrent_calls(client: wellness.Client) -> None:
    """Each call reaches a port nobody listens on: an error or a partial answer, but an answer."""
    for call in (lambda: client.dashboard(refresh=True), lambda: client.suggested_actions(refresh=True)):
        try:
            call()
        except wellness.NetworkError:
            pass


def _child(port: int, store: str) -> None:
    with _client(port, store) as own:
        _concurrent_calls(own)
    _concurrent_calls(_INHERITED[0])


_INHERITED: list[wellness.Client] = []


def _fork_children(port: int, store: str) -> None:
    context = multiprocessing.get_context("fork")
    children = [context.Process(target=_child, args=(port, store)) for _ in range(CHILDREN)]
    for child in children:
        child.start()
    for child in children:
        child.join(DEADLINE_SECONDS)
    hung = [child for child in children if child.is_alive()]
    for child in hung:
        child.kill()
        child.join()
    failed = [child.exitcode for child in children if child not in hung and child.exitcode != 0]
    assert not hung, f"{len(hung)} of {CHILDREN} forked children hung"
    assert not failed, f"forked children failed with exit codes {failed}"


def test_forked_children_use_the_library() -> None:
    port = free_port()
    with tempfile.TemporaryDirectory() as store:
        _INHERITED[:] = [_client(port, str(Path(store)))]
        # First with only a model call made, then after client calls on several threads.
        wellness.goal_tip_view({"tip": "Drink water", "priority": "high"})
        _fork_children(port, store)
        with ThreadPoolExecutor(max_workers=4) as pool:
            list(pool.map(lambda _: _concurrent_calls(_INHERITED[0]), range(4)))
        _fork_children(port, store)
        _concurrent_calls(_INHERITED[0])
        _INHERITED[0].close()
