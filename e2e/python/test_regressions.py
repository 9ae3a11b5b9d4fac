"""Regressions found by fuzzing and by hand, through the real library."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import wellness


def finite_everywhere(value: Any) -> bool:
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(finite_everywhere(item) for item in value)
    if isinstance(value, dict):
        return all(finite_everywhere(item) for item in value.values())
    return True


@pytest.mark.parametrize("samples", [
    [{"timestamp": 0, "value": 1e16}],
    [{"timestamp": 0, "value": 0.0}, {"timestamp": 86_400, "value": 5e-324}],
    [{"timestamp": 0, "value": 1e308}, {"timestamp": 1, "value": 1e308}],
    [{"timestamp": 0, "value": 1e308}, {"timestamp": 86_400, "value": -1e308}],
])
def test_charts_of_extreme_values_are_finite(samples: list[dict[str, Any]]) -> None:
    chart = wellness.series_chart({"interval": "day"}, samples)
    assert finite_everywhere(chart["spec"])
    assert "nan" not in chart["svg"].replace("dominant", "") and "inf" not in chart["svg"]


def test_mean_of_huge_values_is_finite() -> None:
    samples = [{"timestamp": 0, "value": 1e308}, {"timestamp": 1, "value": 1e308}]
    assert wellness.series_aggregate({}, samples)["buckets"][0]["average"] == 1e308
    daily = wellness.series_aggregate({"average": "daily_means"}, samples)
    assert finite_everywhere(daily)
    columns = wellness.series_aggregate_columns({}, np.array([0, 1], dtype=np.int64), np.array([1e308, 1e308]))
    assert columns["buckets"][0]["average"] == 1e308


def test_random_extreme_columns_give_finite_json() -> None:
    rng = np.random.default_rng(8)
    for _ in range(50):
        count = int(rng.integers(1, 50))
        timestamps = np.sort(rng.integers(0, 400 * 86_400, count)).astype(np.int64)
        values = rng.uniform(-1, 1, count) * rng.choice([1.0, 1e300, 1.7976931348623157e308, 5e-324], count)
        for interval in ("day", "week", "month"):
            assert finite_everywhere(wellness.series_aggregate_columns({"interval": interval}, timestamps, values))


def test_current_streak_ignores_days_after_today() -> None:
    samples = [{"timestamp": f"2024-01-0{day}T12:00:00Z", "value": True} for day in (1, 2, 3)]
    streaks = wellness.series_aggregate({"kind": "boolean", "today": "2024-01-02"}, samples)["streaks"]
    assert (streaks["current"], streaks["best"]) == (2, 3)


def test_bucket_limit_is_exact() -> None:
    options = {"interval": "day", "include_empty": True}
    within = wellness.series_aggregate(options, [{"timestamp": 0, "value": 1},
                                                 {"timestamp": 99_999 * 86_400, "value": 1}])
    assert len(within["buckets"]) == 100_000
    with pytest.raises(wellness.ValidationError) as raised:
        wellness.series_aggregate(options, [{"timestamp": 0, "value": 1}, {"timestamp": 8_640_000_000, "value": 1}])
    assert raised.value.path == "include_empty"


@pytest.mark.parametrize("interval", ["year", "half", "quarter", "month"])
def test_buckets_of_year_9999_end_after_they_start(interval: str) -> None:
    bucket = wellness.series_aggregate({"interval": interval},
                                       [{"timestamp": "9999-06-01T00:00:00Z", "value": 1}])["buckets"][0]
    assert bucket["start"] <= "9999-06-01" < bucket["end"] and bucket["end"].startswith("9999-")


def test_local_dates_before_year_one_are_refused() -> None:
    with pytest.raises(wellness.ValidationError, match="0000-12-31") as raised:
        wellness.series_aggregate({"interval": "week", "time_zone": "America/New_York"},
                                  [{"timestamp": "0001-01-01T00:00:00Z", "value": 1}])
    assert raised.value.path == "samples[0].timestamp"


def test_wrong_top_level_is_refused_cheaply() -> None:
    with pytest.raises(wellness.ValidationError, match="expected an object, found an array"):
        wellness.insight_normalize(b"[" + b"0," * 5_000_000 + b"0]")


def test_oversized_input_is_refused() -> None:
    with pytest.raises(wellness.InvalidArgumentError, match="limit"):
        wellness.insight_normalize(b" " * (256 * 1024 * 1024 + 1))


def test_errors_echo_at_most_100_characters() -> None:
    with pytest.raises(wellness.ValidationError) as raised:
        wellness.series_aggregate({"time_zone": "x" * 10_000_000}, [])
    assert raised.value.message.startswith('unknown time zone "' + "x" * 100 + '…": expected an IANA name')


def test_zone_names_are_iana_and_echoed() -> None:
    assert wellness.series_aggregate({"time_zone": "UTC"}, [])["time_zone"] == "UTC"
    assert wellness.series_aggregate({"time_zone": "Etc/GMT-14"}, [])["time_zone"] == "Etc/GMT-14"
    for name in ("GMT+14:00", "../../etc/passwd", "/etc/localtime", "America//New_York", ""):
        with pytest.raises(wellness.ValidationError) as raised:
            wellness.series_aggregate({"time_zone": name}, [])
        assert raised.value.path == "time_zone"


def test_small_results_keep_their_ctypes_array_types_across_garbage_collections() -> None:
    """ctypes caches array types only weakly: when the collector freed one,
    the next result of that size built it again (~40 us a call)."""
    import ctypes
    import gc
    import weakref

    from wellness import _native

    tip = {"tip": "Walk 10 minutes after lunch", "priority": "high"}
    first = wellness.goal_tip_view(tip)
    # Weak references only, so that nothing here keeps the types alive.
    held = {size: weakref.ref(array) for size, array in _native._CHAR_ARRAYS.items()}
    assert held
    gc.collect()
    for size, array in held.items():
        assert array() is not None, f"the char[{size}] type was freed"
        assert ctypes.c_char * size is array()
    assert wellness.goal_tip_view(tip) == first


def test_results_read_by_orjson_equal_the_json_modules_and_fall_back_to_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """wellness[fast] reads results with orjson; whatever orjson refuses
    (bytes that are not strict UTF-8, a number past 64 bits) the json module
    reads. Both give the same values, floats to the last bit."""
    import json

    from wellness import _native

    if _native._fast_loads is None:
        pytest.skip("skipped: orjson is not installed (pip install wellness[fast])")
    samples = [{"timestamp": t * 3_600, "value": (t * 0.1) ** 1.5} for t in range(200)]
    calls = [
        lambda: wellness.goal_tip_view({"tip": "Walk 10 minutes after lunch", "priority": "high"}),
        lambda: wellness.series_aggregate({"interval": "day", "statistics": ["sum", "average", "stddev"]}, samples),
    ]
    fast = [call() for call in calls]
    monkeypatch.setattr(_native, "_fast_loads", None)
    assert [call() for call in calls] == fast
    assert json.dumps(fast) == json.dumps([call() for call in calls])

    def refuse(data: bytes) -> Any:
        raise _native._FastDecodeError("refused", "", 0)

    monkeypatch.setattr(_native, "_fast_loads", refuse)
    assert [call() for call in calls] == fast
    assert _native.decode(b'{"big":123456789012345678901234567890}') == {"big": 123456789012345678901234567890}
