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


def test_results_are_read_whole_at_every_size_and_past_a_nul_inside(monkeypatch: pytest.MonkeyPatch) -> None:
    """`call` reads a result up to the NUL the library ends it with, and
    checks that against its length: results small and large come back whole,
    and bytes with a NUL inside (never JSON) are read to their length, so the
    decoder names the NUL rather than a string cut short."""
    import ctypes
    import json

    from wellness import _native

    for count in (1, 40, 4_000):  # a result of a few hundred bytes to one of about a megabyte
        samples = [{"timestamp": t * 86_400, "value": t} for t in range(count)]
        options = json.dumps({"interval": "day"}).encode()
        data = json.dumps(samples).encode()
        out, err = _native.Buf(), _native.Buf()
        function = _native.lib.wellness_series_aggregate
        assert function(options, len(options), data, len(data), ctypes.byref(out), ctypes.byref(err)) == 0
        try:
            expected = json.loads(ctypes.string_at(out.ptr, out.len))
        finally:
            _native.lib.wellness_buf_free(ctypes.byref(out))
        assert wellness.series_aggregate({"interval": "day"}, samples) == expected

    text = ctypes.create_string_buffer(b'"a\x00b"')  # five bytes with a NUL inside, then the library's NUL
    freed: list[int] = []

    def fake(out_ref: Any, err_ref: Any) -> int:
        out_ref._obj.ptr, out_ref._obj.len = ctypes.addressof(text), 5
        return 0

    def free(ref: Any) -> None:  # the fake's buffer is not the library's to free
        freed.append(ref._obj.len)
        ref._obj.ptr, ref._obj.len = None, 0

    monkeypatch.setattr(_native, "_free", free)
    with pytest.raises(json.JSONDecodeError, match="Invalid control character"):
        _native.call(fake)
    assert freed == [5]


def test_the_installed_wheel_requires_orjson() -> None:
    """orjson is a dependency of the wheel, not an extra: the json module's own
    encode and decode of a small call cost more than the wrapper's budget, so
    every install must get the fast path. Read from the installed package's
    metadata (skipped when the tests run from the source tree)."""
    import importlib.metadata
    import os

    if os.environ.get("WELLNESS_TEST_SOURCE"):
        pytest.skip("skipped: the tests run from the source tree, not the installed wheel")
    requirements = importlib.metadata.requires("wellness") or []
    required = [r for r in requirements if r.startswith("orjson") and "extra ==" not in r]
    assert required, f"the wheel does not require orjson: {requirements}"


def _use_fast_codec(codec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Switches the wrapper to `codec` for one test (monkeypatch puts the one in use back)."""
    from wellness import _native

    if codec not in _native.CODECS:
        pytest.skip(f"skipped: the {codec} codec is not installed here" + (
            " (orjson is a dependency of the wheel)" if codec == "orjson" else
            " (wellness._codec is built into the wheel, not the source tree)"))
    for name in ("_fast_loads", "_fast_dumps", "_FastDecodeError", "_FastEncodeError", "_FAST_DUMPS_OPTIONS",
                 "_FAST_NAN_AS_NULL"):
        monkeypatch.setattr(_native, name, getattr(_native, name))
    _native.use_codec(codec)


FAST_CODECS = ["orjson", "wellness"]


@pytest.mark.parametrize("codec", FAST_CODECS)
def test_results_read_by_a_fast_codec_equal_the_json_modules_and_fall_back_to_it(
        codec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Results are read with orjson (a dependency of the wheel) or the wheel's own
    codec; whatever they leave (bytes that are not strict UTF-8, a number past
    64 bits for orjson) the json module reads. All give the same values,
    floats to the last bit."""
    import json

    from wellness import _native

    _use_fast_codec(codec, monkeypatch)
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


@pytest.mark.parametrize("codec", FAST_CODECS)
def test_documents_written_by_a_fast_codec_equal_the_json_modules_and_fail_alike(
        codec: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Documents are written with orjson (a dependency of the wheel) or the wheel's own codec; the
    library reads the same values as from the json module's text, and what the json module refuses
    or handles its own way (NaN, naive datetimes, keys not str, ints past 64
    bits, cycles) is refused or written the same."""
    import datetime
    import json
    import math
    import types

    from wellness import _native

    _use_fast_codec(codec, monkeypatch)
    aware = datetime.datetime(2024, 3, 10, 7, 30, tzinfo=datetime.timezone(datetime.timedelta(hours=-5)))
    documents: list[Any] = [
        {"tip": "Walk 10 minutes after lunch", "priority": "high"},
        {"floats": [1.5, 1e16, 1e-7, -0.0, 5e-324, 1.7976931348623157e308], "ints": [2**63, 2**64 - 1, -2**63]},
        {"when": aware, "day": datetime.date(2024, 2, 29), "pair": (1, 2), "set": {3}, "null": None,
         "view": types.MappingProxyType({"k": "v"}), "scalar": np.float64(1.25), "array": np.arange(3)},
        {"text": "ünïcode \u2028 \"quoted\" \\ \x00 \U0001F600"},
        {1: "a key not str", "big": 2**70},
        [{"timestamp": 0, "value": 1}],
    ]
    fast = [json.loads(_native.encode(document)) for document in documents]
    monkeypatch.setattr(_native, "_fast_dumps", None)
    assert [json.loads(_native.encode(document)) for document in documents] == fast

    cycle: dict[str, Any] = {}
    cycle["self"] = cycle
    refused = [
        {"samples": [{"timestamp": 0, "value": float("nan")}]},
        # Past 4 KiB orjson's output is searched for null with memmem.
        {"samples": [{"timestamp": t, "value": 1.5} for t in range(500)] + [{"timestamp": 500, "value": -math.inf}]},
        {"goal": {"start": datetime.datetime(2024, 1, 1)}},
        {"lone": "\ud800"},
        cycle,
    ]

    def failure(document: Any) -> tuple[type, str]:
        with pytest.raises(Exception) as raised:
            _native.encode(document, "root")
        return type(raised.value), str(raised.value)

    slow = [failure(document) for document in refused]
    monkeypatch.undo()
    _use_fast_codec(codec, monkeypatch)
    assert _native._fast_dumps is not None
    assert [failure(document) for document in refused] == slow
    assert slow[0] == (wellness.ValidationError, str(_native.validation_error(
        "root.samples[0].value", "nan is not a finite number: JSON has no NaN or infinity")))
    assert slow[1] == (wellness.ValidationError, str(_native.validation_error(
        "root.samples[500].value", "-inf is not a finite number: JSON has no NaN or infinity")))


def test_calls_from_inside_a_callback_and_threads_keep_their_own_buffers() -> None:
    """`call` takes its out and err buffers from a shared pool: a call made
    from inside another's callback, and calls on other threads, each get
    buffers of their own, and every set goes back freed."""
    import threading

    from wellness import _native
    from wellness import importers

    tip = {"tip": "Walk 10 minutes after lunch", "priority": "high"}
    expected = wellness.goal_tip_view(tip)
    seen: list[Any] = []

    def progress(done: int, total: int) -> bool:
        seen.append(wellness.goal_tip_view(tip))
        with pytest.raises(wellness.ValidationError):
            wellness.goal_tip_view({"priority": "high"})
        return True

    xml = (b'<?xml version="1.0"?><HealthData><Record type="HKQuantityTypeIdentifierStepCount" '
           b'sourceName="Phone" unit="count" startDate="2024-01-01 08:00:00 +0000" '
           b'endDate="2024-01-01 08:10:00 +0000" value="100"/></HealthData>')
    result = importers.import_bytes("apple_health", xml, progress=progress)
    assert isinstance(result, dict) and seen and all(view == expected for view in seen)

    failures: list[BaseException] = []

    def hammer() -> None:
        try:
            for _ in range(500):
                assert wellness.goal_tip_view(tip) == expected
        except BaseException as error:  # noqa: BLE001 - reported by the main thread
            failures.append(error)

    threads = [threading.Thread(target=hammer) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not failures
    assert all(not out.ptr and not err.ptr for out, err, *_ in _native._SPARE_BUFFERS)
