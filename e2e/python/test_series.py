"""The time-series engine through the real library: JSON and zero-copy columns agree."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import wellness

START = 1_704_067_200  # 2024-01-01T00:00:00Z, a Monday


def test_json_and_columns_give_the_same_buckets() -> None:
    rng = np.random.default_rng(1)
    timestamps = np.sort(START + rng.integers(0, 400 * 86_400, 5000)).astype(np.int64)
    values = rng.normal(60, 10, 5000)
    samples = [{"timestamp": int(t), "value": float(v)} for t, v in zip(timestamps, values)]
    options = {"time_zone": "America/New_York", "interval": "month"}
    from_json = wellness.series_aggregate(options, samples)
    from_columns = wellness.series_aggregate_columns(options, timestamps, values)
    assert from_json["buckets"] == from_columns["buckets"]
    assert from_json["automatic_interval"] == "year"
    assert sum(bucket["count"] for bucket in from_json["buckets"]) == 5000
    # 2024-01-01T00:00Z is still December 31st in New York.
    assert from_json["buckets"][0]["label"] == "Dec 2023"


def test_pandas_style_reference_on_new_york_weeks() -> None:
    # Samples every 6 hours across the March 2024 DST change, bucketed by local Monday weeks.
    timestamps = np.arange(START + 60 * 86_400, START + 90 * 86_400, 6 * 3600, dtype=np.int64)
    values = np.arange(len(timestamps), dtype=np.float64)
    report = wellness.series_aggregate_columns({"time_zone": "America/New_York", "interval": "week"},
                                               timestamps, values)
    import datetime as dt
    from zoneinfo import ZoneInfo
    zone = ZoneInfo("America/New_York")
    expected: dict[str, list[float]] = {}
    for stamp, value in zip(timestamps, values):
        day = dt.datetime.fromtimestamp(int(stamp), zone).date()
        monday = day - dt.timedelta(days=day.weekday())
        expected.setdefault(monday.isoformat(), []).append(value)
    assert [bucket["start"] for bucket in report["buckets"]] == sorted(expected)
    for bucket in report["buckets"]:
        group = expected[bucket["start"]]
        assert bucket["count"] == len(group) and bucket["min"] == min(group) and bucket["max"] == max(group)
        assert bucket["average"] == pytest.approx(sum(group) / len(group))


def test_columns_are_not_copied_and_not_modified() -> None:
    timestamps = np.array([START, START + 86_400], dtype=np.int64)
    values = np.array([1.0, 2.0])
    before = (timestamps.copy(), values.copy())
    wellness.series_aggregate_columns({}, timestamps, values)
    assert (timestamps == before[0]).all() and (values == before[1]).all()


@pytest.mark.parametrize("values,path", [([1.0, float("nan")], "values[1]"), ([float("inf"), 1.0], "values[0]")])
def test_bad_column_values_are_named(values: list[float], path: str) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.series_aggregate_columns({}, np.array([START, START + 1]), np.array(values))
    assert caught.value.path == path


def test_column_lengths_must_match() -> None:
    with pytest.raises(wellness.InvalidArgumentError):
        wellness.series_aggregate_columns({}, [START, START + 1], [1.0])


def test_boolean_streaks_and_snapshots() -> None:
    days = [START + day * 86_400 + 3600 * 20 for day in range(10)]
    answers = [True, True, False, True, True, True, False, True, True, True]
    report = wellness.series_aggregate({"kind": "boolean", "today": "2024-01-11"},
                                       [{"timestamp": t, "value": a} for t, a in zip(days, answers)])
    assert report["streaks"]["best"] == 3 and report["streaks"]["current"] == 3
    assert [run["length"] for run in report["streaks"]["runs"]] == [2, 3, 3]
    snapshot = wellness.series_aggregate({"kind": "snapshot", "interval": "week"},
                                         [{"timestamp": t, "value": f"mood {i}"} for i, t in enumerate(days)])
    assert [bucket["latest"] for bucket in snapshot["buckets"]] == ["mood 6", "mood 9"]


def test_chart_and_trends() -> None:
    samples = [{"timestamp": START + day * 86_400, "value": day} for day in range(5)]
    chart = wellness.series_chart({"interval": "day"}, samples)
    assert chart["spec"]["line"]["width"] == 2 and chart["spec"]["show_points"] is True
    assert chart["svg"].startswith("<svg") and chart["svg"].count("<circle") == 5
    assert chart["spec"]["line"]["interpolation"] == "linear" and " C" not in chart["svg"]
    assert chart["spec"]["y_axis"]["ticks"] == [0, 1, 2, 3, 4] and chart["spec"]["y_axis"]["includes_zero"] is True
    styled = wellness.series_chart({"interval": "day", "title": "Steps", "unit": "steps", "theme": "dark"}, samples)
    assert ">Steps</text>" in styled["svg"] and styled["spec"]["y_axis"]["title"] == "Average (steps)"
    assert styled["spec"]["theme"] == "dark" and "No data" in wellness.series_chart({}, [])["svg"]
    entries = [{"date": f"2024-01-{day:02d}", "biological_age": 40 - day * 0.01} for day in range(1, 31)]
    trends = wellness.longevity_trends({"today": "2024-01-30"}, entries)
    assert trends["monthly"]["available"] is True and trends["monthly"]["value"] == -0.3
    assert trends["yearly"]["projection"] is True and trends["yearly"]["value"] == -3.65


# Every date a result writes lies in years 1-9999, which strict ISO-8601 readers require.
@pytest.mark.parametrize(("zone", "timestamp", "interval", "local_date"), [
    ("Pacific/Chatham", "9999-12-31T23:59:59Z", "month", "10000-01-01"),
    ("America/New_York", "0001-01-01T00:00:00Z", "day", "0000-12-31"),
    ("UTC", "0001-01-01T00:00:00Z", "week", "0001-01-01"),  # its Sunday week starts 0000-12-31
    ("UTC", "9999-12-31T00:00:00Z", "week", "9999-12-31"),  # its week ends 10000-01-01
])
def test_dates_outside_years_1_to_9999_are_refused(zone: str, timestamp: str, interval: str,
                                                    local_date: str) -> None:
    options = {"time_zone": zone, "interval": interval, "first_weekday": "sunday"}
    samples = [{"timestamp": "2025-01-01T00:00:00Z", "value": 1}, {"timestamp": timestamp, "value": 2}]
    for call in (wellness.series_aggregate, wellness.series_chart):
        with pytest.raises(wellness.ValidationError) as raised:
            call(options, samples)
        assert raised.value.path == "samples[1].timestamp"
        assert local_date in str(raised.value) and zone in str(raised.value)
    in_utc_days = wellness.series_aggregate({"interval": "day"}, [{"timestamp": timestamp, "value": 1}])["buckets"][0]
    with pytest.raises(wellness.ValidationError) as raised:
        wellness.series_aggregate_columns(options, np.array([1_735_689_600, _epoch(timestamp)], dtype=np.int64),
                                          np.ones(2))
    assert raised.value.path == "timestamps[1]"
    assert in_utc_days["start"] == timestamp[:10]


def test_dates_at_the_ends_of_years_1_to_9999_are_kept() -> None:
    first = wellness.series_aggregate({"interval": "year"}, [{"timestamp": "0001-01-01T00:00:00Z", "value": 1}])
    last = wellness.series_aggregate({"interval": "week", "first_weekday": "sunday"},
                                     [{"timestamp": "9999-12-25T12:00:00Z", "value": 1}])
    assert (first["first_day"], first["buckets"][0]["end"]) == ("0001-01-01", "0001-12-31")
    assert (last["buckets"][0]["start"], last["buckets"][0]["end"]) == ("9999-12-19", "9999-12-25")


def _epoch(timestamp: str) -> int:
    import datetime as dt
    return int(dt.datetime.fromisoformat(timestamp.replace("Z", "+00:00")).timestamp())


def test_huge_annotations_are_written_as_the_svg_writes_them() -> None:
    chart = wellness.series_chart({"interval": "day"}, [{"timestamp": START, "value": 1e308},
                                                        {"timestamp": START + 86_400, "value": 12_345.67}])
    assert [point["annotation"] for point in chart["spec"]["points"]] == ["1e308", "12345.7"]
    assert ">1e308<" in chart["svg"]


@pytest.mark.parametrize("zone", [5, True, [], {}, "Mars/Olympus", ""])
def test_trends_check_the_time_zone_even_when_today_is_given(zone: Any) -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.longevity_trends({"today": "2024-01-30", "time_zone": zone}, [])
    assert caught.value.path == "time_zone"
    assert wellness.longevity_trends({"today": "2024-01-30", "time_zone": "Asia/Tokyo"}, [])["weekly"] is not None
