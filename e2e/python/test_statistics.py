"""Bucket statistics ("statistics" in the series options) through the real
library, against pandas and math.fsum on the same data, in local weeks."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

import wellness

ALL = ["count", "sum", "average", "min", "max", "first", "last", "median", "p05", "p90", "stddev"]


@pytest.mark.parametrize("zone", ["America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"])
def test_weekly_statistics_match_pandas(zone: str) -> None:
    rng = np.random.default_rng(7)
    timestamps = np.sort(1_704_067_200 + rng.integers(0, 90 * 86_400, 20_000)).astype(np.int64)
    values = rng.lognormal(8, 1, len(timestamps))
    report = wellness.series_aggregate_columns({"interval": "week", "time_zone": zone, "statistics": ALL},
                                               timestamps, values)
    local = pd.Series(values, index=pd.to_datetime(timestamps, unit="s", utc=True).tz_convert(zone))
    monday = local.index.normalize().tz_localize(None) - pd.to_timedelta(local.index.weekday, unit="D")
    groups = {start.date().isoformat(): group for start, group in local.groupby(monday)}
    assert [bucket["start"] for bucket in report["buckets"]] == sorted(groups)
    for bucket in report["buckets"]:
        group = groups[bucket["start"]]
        assert bucket["count"] == len(group)
        assert bucket["sum"] == pytest.approx(math.fsum(group), rel=2 ** -52, abs=0)
        assert bucket["average"] == pytest.approx(group.mean(), rel=1e-14)
        assert (bucket["min"], bucket["max"]) == (group.min(), group.max())
        assert (bucket["first"], bucket["last"]) == (group.iloc[0], group.iloc[-1])
        assert bucket["median"] == pytest.approx(group.median(), rel=1e-15)
        assert bucket["p05"] == pytest.approx(group.quantile(0.05), rel=1e-14)
        assert bucket["p90"] == pytest.approx(group.quantile(0.90), rel=1e-14)
        assert bucket["stddev"] == pytest.approx(group.std(), rel=1e-12)
        assert bucket["first_at"] == pd.Timestamp(group.index[0]).tz_convert("UTC").strftime("%Y-%m-%dT%H:%M:%SZ")


def test_a_compensated_sum_adds_up_like_fsum() -> None:
    # A million values whose plain sum drifts: 0.1 a million times, and alternating large and small values.
    values = np.concatenate([np.full(500_000, 0.1), np.tile([1e16, 1.0, -1e16], 1000)])
    timestamps = np.full(len(values), 1_704_067_200, dtype=np.int64)
    report = wellness.series_aggregate_columns({"interval": "day", "statistics": ["sum"]}, timestamps, values)
    assert report["buckets"][0]["sum"] == math.fsum(values)
    assert float(np.sum(values)) != math.fsum(values)  # the plain sum would not


def test_default_output_is_unchanged_and_empty_buckets_sum_to_zero() -> None:
    samples = [{"timestamp": 1_704_067_200, "value": 2}, {"timestamp": 1_704_067_200 + 3 * 86_400, "value": 5}]
    plain = wellness.series_aggregate({"interval": "day"}, samples)["buckets"][0]
    assert set(plain) == {"start", "end", "label", "count", "days_with_data", "average", "min", "max"}
    report = wellness.series_aggregate({"interval": "day", "include_empty": True,
                                        "statistics": ["sum", "median", "last"]}, samples)
    assert [(b["sum"], b["median"], b["last"]) for b in report["buckets"]] == [
        (2, 2, 2), (0, None, None), (0, None, None), (5, 5, 5)]


@pytest.mark.parametrize(("statistics", "path", "words"), [
    (["sum", "p100"], "statistics[1]", "is not a statistic"),
    (["sum", "sum"], "statistics[1]", "twice"),
    ([], "statistics", "at least one"),
    ("sum", "statistics", "expected an array"),
])
def test_bad_statistics_name_the_field(statistics: object, path: str, words: str) -> None:
    with pytest.raises(wellness.ValidationError, match=words) as raised:
        wellness.series_aggregate({"statistics": statistics}, [])
    assert raised.value.path == path


def test_statistics_are_for_numeric_series() -> None:
    with pytest.raises(wellness.ValidationError, match="numeric") as raised:
        wellness.series_aggregate({"kind": "boolean", "statistics": ["sum"]}, [])
    assert raised.value.path == "statistics"


def test_a_sum_beyond_a_double_is_an_error_not_infinity() -> None:
    with pytest.raises(wellness.ValidationError, match="range of a double") as raised:
        wellness.series_aggregate({"statistics": ["sum"]}, [{"timestamp": 0, "value": 1.5e308}] * 2)
    assert raised.value.path == "statistics"


def test_a_chart_of_weekly_totals() -> None:
    timestamps = np.arange(1_704_067_200, 1_704_067_200 + 28 * 86_400, 3600, dtype=np.int64)
    samples = [{"timestamp": int(t), "value": float(i % 7)} for i, t in enumerate(timestamps)]
    options = {"interval": "week", "plot": "sum", "unit": "steps"}
    chart = wellness.series_chart(options, samples)
    weekly = wellness.series_aggregate({"interval": "week", "statistics": ["sum"]}, samples)
    sums = [bucket["sum"] for bucket in weekly["buckets"]]
    assert [point["value"] for point in chart["spec"]["points"]] == sums
    assert (chart["spec"]["plot"], chart["spec"]["title"], chart["spec"]["y_axis"]["title"]) == (
        "sum", "Weekly total", "Total (steps)")
    assert "Weekly total" in chart["svg"]


def test_plot_is_for_numeric_charts_and_names_a_statistic() -> None:
    with pytest.raises(wellness.ValidationError, match="numeric") as raised:
        wellness.series_chart({"kind": "boolean", "plot": "sum"}, [])
    assert raised.value.path == "plot"
    with pytest.raises(wellness.ValidationError, match="not a statistic") as raised:
        wellness.series_chart({"plot": "total"}, [])
    assert raised.value.path == "plot"


@pytest.mark.parametrize("library", ["pandas", "polars"])
def test_aggregate_frame_with_statistics(library: str) -> None:
    timestamps = np.arange(1_704_067_200, 1_704_067_200 + 21 * 86_400, 1800, dtype=np.int64)
    values = np.arange(len(timestamps), dtype=np.float64) % 11
    if library == "pandas":
        frame = pd.DataFrame({"t": timestamps, "v": values})
    else:
        frame = pytest.importorskip("polars").DataFrame({"t": timestamps, "v": values})
    result = wellness.aggregate_frame(frame, time="t", value="v", interval="week",
                                      statistics=["sum", "p90", "last"])
    assert list(result.columns) == ["start", "end", "label", "week_year", "week", "count", "days_with_data",
                                    "sum", "p90", "last", "last_at"]
    report = wellness.series_aggregate_columns({"interval": "week", "statistics": ["sum", "p90", "last"]},
                                               timestamps, values)
    assert list(result["sum"]) == [bucket["sum"] for bucket in report["buckets"]]
    assert list(result["p90"]) == [bucket["p90"] for bucket in report["buckets"]]
    last_at = [str(stamp).replace("+00:00", "Z").replace(" ", "T") for stamp in result["last_at"]]
    assert last_at == [bucket["last_at"] for bucket in report["buckets"]]
