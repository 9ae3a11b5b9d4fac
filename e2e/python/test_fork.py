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


_GROUPED_EXPECTED: list[object] = []


def _grouped_call() -> object:
    """A grouped call on two threads: the library keeps those threads between calls."""
    keys = [key % 50 for key in range(20_000)]
    stamps = [1_704_067_200 + key * 3_607 for key in range(20_000)]
    values = [float(key % 97) for key in range(20_000)]
    options = {"interval": "week", "statistics": ["count", "sum", "min", "max"], "threads": 2,
               "groups": [{"group": key, "time_zone": "Europe/Berlin"} for key in range(0, 50, 2)]}
    return wellness.series_aggregate_groups(options, keys, stamps, values).table.to_pydict()


def _grouped_child() -> None:
    for _ in range(3):
        assert _grouped_call() == _GROUPED_EXPECTED[0]


def test_forked_children_use_the_threads_of_grouped_calls() -> None:
    """Children forked after grouped calls made the library keep threads (which a child does not
    have) make grouped calls on several threads themselves, and get the parent's buckets."""
    _GROUPED_EXPECTED[:] = [_grouped_call()]
    context = multiprocessing.get_context("fork")
    for _ in range(2):
        children = [context.Process(target=_grouped_child) for _ in range(8)]
        for child in children:
            child.start()
        for child in children:
            child.join(DEADLINE_SECONDS)
        hung = [child for child in children if child.is_alive()]
        for child in hung:
            child.kill()
            child.join()
        assert not hung, f"{len(hung)} forked children hung in a grouped call"
        assert [child.exitcode for child in children] == [0] * len(children)
        # The parent's kept threads still serve it after the forks.
        assert _grouped_call() == _GROUPED_EXPECTED[0]
