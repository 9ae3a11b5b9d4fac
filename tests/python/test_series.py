"""The time-series engine through the real library: JSON and zero-copy columns agree."""

from __future__ import annotations

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
    report = wellness.series_aggregate_columns({"time_zone": "America/New_York", "interval": "week"}, timestamps, values)
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
