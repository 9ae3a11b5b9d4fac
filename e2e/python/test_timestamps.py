"""Timestamps as people have them: every form gives the same buckets as int64
seconds, the ones already int64 / float64 are read in place, and mistakes get
errors that name the element and say what was probably meant."""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from typing import Any, Callable, Dict, List

import numpy as np
import pytest

import wellness
from wellness import _columns
from tools import require

UTC = dt.timezone.utc
START = 1_710_043_200  # 2024-03-10T04:00:00Z: New York's DST day is in range
SECONDS = np.array([START + step * 5_400 for step in range(60)], dtype=np.int64)
VALUES = np.linspace(1.0, 60.0, len(SECONDS))
OPTIONS: Dict[str, Any] = {"interval": "day", "time_zone": "America/New_York"}


def pandas_forms() -> Dict[str, Callable[[], Any]]:
    pd = require("pandas")
    instants = pd.to_datetime(SECONDS, unit="s", utc=True)
    return {
        "pandas DatetimeIndex, tz-aware": lambda: instants.tz_convert("Asia/Tokyo"),
        "pandas Series, tz-aware": lambda: pd.Series(instants.tz_convert("America/Los_Angeles")),
        "pandas Series, naive (UTC)": lambda: pd.Series(instants.tz_localize(None)),
        "pandas Timestamps in a list": lambda: list(instants),
    }


def polars_forms() -> Dict[str, Callable[[], Any]]:
    pl = require("polars")
    naive = pl.Series("t", SECONDS * 1000).cast(pl.Datetime("ms"))
    return {
        "polars Datetime, naive (UTC)": lambda: naive,
        "polars Datetime, tz-aware": lambda: naive.dt.replace_time_zone("UTC").dt.convert_time_zone("Asia/Kolkata"),
        "polars Datetime[us]": lambda: naive.cast(pl.Datetime("us")),
    }


FORMS: Dict[str, Callable[[], Any]] = {
    "int64 seconds": lambda: SECONDS,
    "int list": lambda: SECONDS.tolist(),
    "int32 seconds": lambda: SECONDS.astype(np.int32),
    "float64 seconds": lambda: SECONDS.astype(np.float64),
    "float list": lambda: [float(stamp) for stamp in SECONDS],
    "datetime64[s]": lambda: SECONDS.astype("datetime64[s]"),
    "datetime64[ms]": lambda: SECONDS.astype("datetime64[s]").astype("datetime64[ms]"),
    "datetime64[us]": lambda: SECONDS.astype("datetime64[s]").astype("datetime64[us]"),
    "datetime64[ns]": lambda: SECONDS.astype("datetime64[s]").astype("datetime64[ns]"),
    "datetime64[m]": lambda: SECONDS.astype("datetime64[s]").astype("datetime64[m]"),
    "aware datetimes": lambda: [dt.datetime.fromtimestamp(int(stamp), UTC) for stamp in SECONDS],
    "aware datetimes in another zone": lambda: [
        dt.datetime.fromtimestamp(int(stamp), dt.timezone(dt.timedelta(hours=-3))) for stamp in SECONDS],
}


def buckets(report: Any) -> List[Any]:
    return [(bucket["start"], bucket["count"], bucket["average"]) for bucket in report["buckets"]]


@pytest.mark.parametrize("form", sorted(FORMS) + ["pandas", "polars"])
def test_every_form_gives_the_same_buckets(form: str) -> None:
    reference = buckets(wellness.series_aggregate_columns(OPTIONS, SECONDS, VALUES))
    assert len(reference) == 5 and reference[0][0] == "2024-03-09"
    forms = FORMS if form in FORMS else pandas_forms() if form == "pandas" else polars_forms()
    for name, make in forms.items():
        if form in FORMS and name != form:
            continue
        assert buckets(wellness.series_aggregate_columns(OPTIONS, make(), VALUES)) == reference, name


def test_milliseconds_with_the_unit() -> None:
    reference = buckets(wellness.series_aggregate_columns(OPTIONS, SECONDS, VALUES))
    assert buckets(wellness.series_aggregate_columns({**OPTIONS, "timestamp_unit": "ms"}, SECONDS * 1000,
                                                     VALUES)) == reference
    floats = (SECONDS * 1000).astype(np.float64) + 0.75
    assert buckets(wellness.series_aggregate_columns({**OPTIONS, "timestamp_unit": "ms"}, floats, VALUES)) == reference


@pytest.mark.parametrize("seconds,day", [
    (86_400 - 0.0005, "1970-01-01"),   # floored to 86399.999: still the first day
    (86_400 - 1e-9, "1970-01-01"),
    (-0.0005, "1969-12-31"),           # floored to -1 ms: the day before
    (1.9999, "1970-01-01"),
])
def test_float_seconds_floor_to_the_millisecond_as_json_does(seconds: float, day: str) -> None:
    options = {"interval": "day"}
    from_columns = wellness.series_aggregate_columns(options, np.array([seconds]), [1.0])
    from_json = wellness.series_aggregate(options, [{"timestamp": seconds, "value": 1.0}])
    assert from_columns["first_day"] == from_json["first_day"] == day


def test_fine_datetimes_floor_before_the_epoch() -> None:
    stamps = np.array([-1, 86_400 * 10**9 - 1], dtype="datetime64[ns]")
    assert wellness.series_aggregate_columns({"interval": "day"}, stamps, [1.0, 2.0])["first_day"] == "1969-12-31"


def test_int64_float64_and_datetime64_ms_are_read_in_place() -> None:
    for stamps in (SECONDS, SECONDS.astype("datetime64[s]"), (SECONDS * 1000).astype("datetime64[ms]")):
        column = _columns.timestamps(stamps, "s", "timestamps").column
        assert np.shares_memory(column.data, stamps) and column.address == stamps.ctypes.data
    assert _columns.values(VALUES, "values").address == VALUES.ctypes.data
    readonly = VALUES.copy()
    readonly.flags.writeable = False
    assert _columns.values(readonly, "values").address == readonly.ctypes.data


def test_columns_that_need_converting_are_left_unchanged() -> None:
    floats = SECONDS.astype(np.float64)
    before = floats.copy()
    wellness.series_aggregate_columns(OPTIONS, floats, VALUES.astype(np.float32))
    assert (floats == before).all()


@pytest.mark.parametrize("stamps", [
    lambda: SECONDS * 1000, lambda: (SECONDS * 1000).tolist(), lambda: (SECONDS * 1000).astype(np.float64)],
    ids=["int64", "list", "float64"])
def test_milliseconds_given_as_seconds_ask_about_the_unit(stamps: Callable[[], Any]) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate_columns(OPTIONS, stamps(), VALUES)
    assert caught.value.path == "timestamps[0]"
    assert caught.value.message.endswith('outside years 1-9999: did you mean timestamp_unit: "ms"?')


def test_out_of_range_seconds_without_a_likely_unit_have_no_hint() -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate_columns({}, [0, -62_135_596_801], [1.0, 2.0])
    assert caught.value.path == "timestamps[1]"
    assert caught.value.message == "-62135596801 is outside years 1-9999 (year 0 in epoch seconds)"


@pytest.mark.parametrize("stamps", [lambda: [253_402_300_800], lambda: np.array([253_402_300_800]),
                                    lambda: np.array([253_402_300_800.0]), lambda: [253_402_300_800.0]],
                         ids=["list", "int64", "float64", "floats"])
def test_year_10000_in_seconds_says_so_rather_than_asking_for_milliseconds(stamps: Callable[[], Any]) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate_columns({}, stamps(), [1.0])
    assert caught.value.path == "timestamps[0]"
    assert "year 10000 in epoch seconds" in caught.value.message and "timestamp_unit" not in caught.value.message


def test_json_milliseconds_say_json_timestamps_are_seconds() -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate({}, [{"timestamp": 0, "value": 1}, {"timestamp": 1_700_000_000_000, "value": 1}])
    assert caught.value.path == "samples[1].timestamp"
    assert "looks like milliseconds (divide by 1000" in caught.value.message


@pytest.mark.parametrize("stamps,message", [
    ([START, dt.datetime(2024, 1, 1)], "a datetime without a time zone is ambiguous: give it a tzinfo"),
    ([START, dt.date(2024, 1, 1)], "a date names no instant"),
    ([START, None], "a missing timestamp"),
    ([START, "2024-01-01"], "expected epoch seconds or an aware datetime, found str"),
    (np.array([START, np.nan]), "a missing timestamp (NaN)"),
    (np.array(["2024-01-01", "NaT"], dtype="datetime64[s]"), "a missing timestamp (NaT)"),
])
def test_bad_timestamps_name_the_element(stamps: Any, message: str) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate_columns({}, stamps, [1.0, 2.0])
    assert caught.value.path == "timestamps[1]" and caught.value.message.startswith(message)


def test_missing_values_name_the_element() -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate_columns({}, [START, START + 1], [1.0, None])  # type: ignore[list-item]
    assert caught.value.path == "values[1]" and caught.value.message == "a missing value"


def test_booleans_are_ones_and_zeros() -> None:
    report = wellness.series_aggregate_columns({"kind": "boolean", "today": "2024-03-12"}, SECONDS[:3],
                                               np.array([True, False, True]))
    assert report["buckets"][0]["yes_days"] == 1


@pytest.mark.parametrize("document,call,path", [
    ([{"timestamp": 0, "value": 1}] * 3 + [{"timestamp": 1, "value": float("nan")}],
     lambda data: wellness.series_aggregate({}, data), "samples[3].value"),
    ([{"date": "2024-01-01", "biological_age": 40}, {"date": "2024-01-02", "biological_age": float("-inf")}],
     lambda data: wellness.longevity_trends({"today": "2024-01-02"}, data), "entries[1].biological_age"),
    ({"success": True, "data": {"insights": [{"data_context": {"metrics": {"calories": float("inf")}}}]}},
     wellness.insights_list_response_normalize, "data.insights[0].data_context.metrics.calories"),
    ({"width": float("nan")}, lambda options: wellness.series_chart(options, []), "width"),
    ([{"timestamp": 0, "value": np.float32("nan")}], lambda data: wellness.series_aggregate({}, data),
     "samples[0].value"),
])
def test_nan_in_documents_is_a_validation_error_naming_it(document: Any, call: Callable[[Any], Any],
                                                          path: str) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        call(document)
    assert caught.value.path == path and "not a finite number" in caught.value.message


def test_documents_take_datetimes_dates_and_numpy_scalars() -> None:
    report = wellness.series_aggregate({"today": dt.date(2024, 1, 2), "kind": "boolean"},
                                       [{"timestamp": dt.datetime(2024, 1, 1, 23, tzinfo=UTC), "value": True},
                                        {"timestamp": np.int64(START), "value": np.bool_(True)}])
    assert report["first_day"] == "2024-01-01" and report["sample_count"] == 2
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate({}, [{"timestamp": dt.datetime(2024, 1, 1), "value": 1}])
    assert caught.value.path == "samples[0].timestamp"


def test_lists_do_not_import_numpy() -> None:
    script = ("import sys, wellness; wellness.series_aggregate_columns({}, [0, 1.5], [1, 2]); "
              "print('numpy' in sys.modules)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.stdout.strip() == "False", result.stderr
