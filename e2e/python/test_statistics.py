"""Bucket statistics ("statistics" in the series options) through the real
library, against pandas and math.fsum on the same data, in local weeks."""

from __future__ import annotations

import math
from statistics import stdev

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


# The definitions docs/SERIES.md gives, against the oracles, in every path and order.

RANKS = {"p01": 1, "p05": 5, "p10": 10, "p25": 25, "median": 50, "p75": 75, "p90": 90, "p95": 95, "p99": 99}


def _random_buckets(seed: int, count: int) -> list[np.ndarray]:
    """Buckets that defeat plain sums: cancellation, large offsets, mixed magnitudes, integers."""
    rng = np.random.default_rng(seed)
    shapes = [
        lambda n: rng.normal(0, 1, n) * 10.0 ** rng.integers(-3, 17, n),
        lambda n: 1e12 + rng.normal(0, 1, n),
        lambda n: rng.lognormal(8, 2, n),
        lambda n: np.round(rng.normal(70, 15, n), 1),
        lambda n: rng.integers(0, 30_000, n).astype(np.float64),
    ]
    return [shapes[index % len(shapes)](int(rng.integers(1, 80))) for index in range(count)]


def _one_bucket_per_day(buckets: list[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """Each bucket's values on its own UTC day, a minute apart, in time order."""
    timestamps = np.concatenate([1_704_067_200 + day * 86_400 + 60 * np.arange(len(values))
                                 for day, values in enumerate(buckets)]).astype(np.int64)
    return timestamps, np.concatenate(buckets)


def _paths(statistics: list[str], timestamps: np.ndarray, values: np.ndarray) -> dict[str, list[dict]]:
    """The buckets through the JSON call, the columnar call in time order and shuffled, and the grouped call."""
    options = {"interval": "day", "time_zone": "UTC", "statistics": statistics}
    order = np.random.default_rng(3).permutation(len(values))
    samples = [{"timestamp": int(t), "value": float(v)} for t, v in zip(timestamps[order], values[order])]
    grouped = wellness.series_aggregate_groups(options, np.zeros(len(values), dtype=np.int64),
                                               timestamps[order], values[order]).table.to_pylist()
    return {
        "json": wellness.series_aggregate(options, samples)["buckets"],
        "columns": wellness.series_aggregate_columns(options, timestamps, values)["buckets"],
        "shuffled": wellness.series_aggregate_columns(options, timestamps[order], values[order])["buckets"],
        "reversed": wellness.series_aggregate_columns(options, timestamps[::-1].copy(), values[::-1].copy())["buckets"],
        "grouped": grouped,
    }


def test_average_and_sum_are_fsum_in_every_path_and_order() -> None:
    buckets = _random_buckets(13, 400)
    timestamps, values = _one_bucket_per_day(buckets)
    for path, report in _paths(["sum", "average"], timestamps, values).items():
        assert len(report) == len(buckets), path
        for bucket, group in zip(report, buckets):
            assert bucket["sum"] == math.fsum(group), path
            assert bucket["average"] == math.fsum(group) / len(group), path
    # The cases: 1e16, 1, -1e16 averaged 0 in one order and 0.3333 in another.
    for order in ([1e16, 1.0, -1e16], [-1e16, 1e16, 1.0]):
        stamps = 1_704_067_200 + 60 * np.arange(3, dtype=np.int64)
        report = wellness.series_aggregate_columns({"interval": "day"}, stamps, np.array(order))
        assert report["buckets"][0]["average"] == 1 / 3


def test_percentiles_and_median_are_numpys_linear_to_the_bit() -> None:
    buckets = _random_buckets(17, 600) + [np.array([1.0, 2.0, 4.0])]
    timestamps, values = _one_bucket_per_day(buckets)
    compared = 0
    for path, report in _paths(list(RANKS), timestamps, values).items():
        for bucket, group in zip(report, buckets):
            for name, rank in RANKS.items():
                expected = float(np.percentile(group, rank))
                assert bucket[name] == expected, (path, name, list(group))
                assert expected == float(pd.Series(group).quantile(rank / 100))
                compared += 1
    assert compared > 20_000
    last = wellness.series_aggregate_columns({"interval": "day", "statistics": ["p10"]}, timestamps[-3:], values[-3:])
    assert last["buckets"][0]["p10"] == 1.2


def test_stddev_is_accurate_far_from_zero() -> None:
    assert _stddev([1e15 + 1, 1e15 + 2, 1e15 + 3, 1e15 + 4]) == 1.2909944487358056
    rng = np.random.default_rng(5)
    for offset in (0.0, 1e9, 1e12):
        for _ in range(50):
            group = offset + rng.normal(0, 1, int(rng.integers(2, 60)))
            assert _stddev(list(group)) == pytest.approx(stdev(group), rel=1e-14)


def _stddev(values: list[float]) -> float:
    stamps = 1_704_067_200 + 60 * np.arange(len(values), dtype=np.int64)
    report = wellness.series_aggregate_columns({"interval": "day", "statistics": ["stddev"]}, stamps, np.array(values))
    return float(report["buckets"][0]["stddev"])


def test_only_what_is_asked_for_can_overflow_and_one_error_says_so() -> None:
    stamps = 1_704_067_200 + 60 * np.arange(3, dtype=np.int64)
    for values in ([1e308, 1e308, 1.0], [1e308, 1e308, -1e308], [1e308, -1e308, 1e308]):
        for statistic in (["min"], ["count"], ["average"], ["median", "max"]):
            for path, report in _paths(statistic, stamps, np.array(values)).items():
                assert len(report) == 1, path
    # The exact sum fits whatever the order; 1e308 + 1e308 does not, in any path.
    for values in ([1e308, 1e308, -1e308], [1e308, -1e308, 1e308]):
        for path, report in _paths(["sum"], stamps, np.array(values)).items():
            assert report[0]["sum"] == 1e308, path
    for statistic, values in (("sum", [1e308, 1e308, 1.0]), ("stddev", [1.7e308, -1.7e308, 1.7e308])):
        _expect_range_error(statistic, stamps, np.array(values))


def _expect_range_error(statistic: str, stamps: np.ndarray, values: np.ndarray) -> None:
    options = {"interval": "day", "time_zone": "UTC", "statistics": [statistic]}
    noun = "sum" if statistic == "sum" else "standard deviation"
    message = f"the {noun} of the bucket Jan 1 (2024-01-01) is beyond the range of a double"
    calls = [
        lambda: wellness.series_aggregate(options, [{"timestamp": int(t), "value": float(v)}
                                                    for t, v in zip(stamps, values)]),
        lambda: wellness.series_aggregate_columns(options, stamps, values),
        lambda: wellness.series_aggregate_columns(options, stamps[::-1].copy(), values[::-1].copy()),
        lambda: wellness.series_aggregate_groups(options, np.zeros(len(values), dtype=np.int64), stamps, values),
    ]
    for call in calls:
        with pytest.raises(wellness.ValidationError) as raised:
            call()
        assert raised.value.path == "statistics"
        assert raised.value.message.removeprefix("group 0: ") == message
