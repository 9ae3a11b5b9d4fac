"""Per-goal chart intervals in the client's local store, through the wheel."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import wellness

SAMPLES = [{"timestamp": "2025-03-01T12:00:00Z", "value": 1}, {"timestamp": "2025-03-10T12:00:00Z", "value": 2}]


def client(store: Path) -> wellness.Client:
    return wellness.Client("http://127.0.0.1:9", api_key="k", cache_directory=False, store_directory=store)


def test_a_choice_survives_the_process_and_resets(tmp_path: Path) -> None:
    store = tmp_path / "store"
    with client(store) as first:
        assert first.interval_preference("g1") == {"goal_id": "g1", "interval": None, "automatic": True}
        assert first.set_interval_preference("g1", "month")["interval"] == "month"
        first.set_interval_preference("g2", "week")
    program = (f"import wellness; c = wellness.Client('http://127.0.0.1:9', api_key='k', cache_directory=False, "
               f"store_directory={str(store)!r}); print(c.interval_preference('g1')['interval'])")
    seen = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True).stdout.strip()
    assert seen == "month"
    with client(store) as again:
        assert again.interval_preference("g2")["interval"] == "week"
        assert again.set_interval_preference("g1", "auto") == {"goal_id": "g1", "interval": None, "automatic": True}
        assert again.interval_preference("g1")["automatic"] is True
        assert again.interval_preference("g2")["interval"] == "week", "per goal"
    assert oct((store / "store.sqlite").stat().st_mode & 0o777) == "0o600"
    assert oct(store.stat().st_mode & 0o777) == "0o700"


def test_the_series_calls_use_a_goals_interval(tmp_path: Path) -> None:
    with client(tmp_path / "store") as made:
        made.set_interval_preference("g1", "month")
        assert made.series_aggregate({"goal_id": "g1", "today": "2025-03-31"}, SAMPLES)["interval"] == "month"
        explicit = made.series_aggregate({"goal_id": "g1", "interval": "week", "today": "2025-03-31"}, SAMPLES)
        assert explicit["interval"] == "week"
        assert made.series_aggregate({"goal_id": "g2", "today": "2025-03-31"}, SAMPLES)["interval"] == "day"
        chart = made.series_chart({"goal_id": "g1", "today": "2025-03-31"}, SAMPLES)
        assert chart["svg"].startswith("<svg") and chart["spec"]["interval"] == "month"


def test_bad_input_is_named(tmp_path: Path) -> None:
    with client(tmp_path / "store") as made:
        with pytest.raises(wellness.ValidationError, match="interval"):
            made.set_interval_preference("g1", "hourly")  # type: ignore[arg-type]
        with pytest.raises(wellness.ValidationError, match="goal_id"):
            made.series_aggregate({"goal_id": 7}, SAMPLES)
    with wellness.Client("http://127.0.0.1:9", api_key="k", store_directory=False) as storeless:
        with pytest.raises(wellness.ValidationError, match="store_directory"):
            storeless.interval_preference("g1")


def test_many_processes_share_one_store(tmp_path: Path) -> None:
    store = tmp_path / "store"
    program = ("import sys, wellness; c = wellness.Client('http://127.0.0.1:9', api_key='k', cache_directory=False, "
               "store_directory=sys.argv[1]); [c.set_interval_preference(f'{sys.argv[2]}-{i}', 'year') "
               "for i in range(200)]")
    workers = [subprocess.Popen([sys.executable, "-c", program, str(store), f"p{n}"]) for n in range(4)]
    assert [worker.wait(timeout=120) for worker in workers] == [0, 0, 0, 0]
    with client(store) as made:
        assert all(made.interval_preference(f"p{n}-{i}")["interval"] == "year" for n in range(4) for i in range(200))
