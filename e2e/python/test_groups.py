"""series_aggregate_groups and aggregate_frame(by=...): many series in one
call, each group checked against the single-series call on its rows alone,
in its own time zone, whatever the row order and the thread count."""

from __future__ import annotations

import math
from typing import Any, Dict, List

import numpy as np
import pytest

import wellness
from wellness.errors import InvalidArgumentError, ValidationError

pyarrow = pytest.importorskip("pyarrow")

ZONES = {0: "UTC", 1: "Asia/Tokyo", 2: "America/New_York", 3: "Australia/Lord_Howe", 4: "Asia/Kathmandu"}


def rows(count: int = 20_000, groups: int = 5, seed: int = 3) -> Dict[str, Any]:
    """Rows of `groups` groups in random order, over four months around the March and November DST changes."""
    rng = np.random.default_rng(seed)
    keys = rng.integers(0, groups, count).astype(np.int64)
    # Distinct timestamps, so that "first" and "last" are one sample each whatever the order.
    timestamps = 1_709_000_000 + rng.permutation(count * 13)[:count].astype(np.int64) * 700
    values = np.round(rng.normal(50, 20, count), 3)
    return {"groups": keys, "timestamps": timestamps, "values": values}


def single(options: Dict[str, Any], data: Dict[str, Any], key: int, zone: str) -> List[Dict[str, Any]]:
    mask = data["groups"] == key
    shared = {name: setting for name, setting in options.items() if name not in ("groups", "threads", "on_error")}
    return wellness.series_aggregate_columns({**shared, "time_zone": zone}, data["timestamps"][mask],
                                             data["values"][mask])["buckets"]


def as_json(value: Any) -> Any:
    """A table cell as the JSON result writes it."""
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if hasattr(value, "isoformat") and not hasattr(value, "hour"):
        return value.isoformat()
    if hasattr(value, "hour"):  # milliseconds only when there are some, as the library writes them
        fraction = f".{value.microsecond // 1000:03d}" if value.microsecond else ""
        return value.strftime("%Y-%m-%dT%H:%M:%S") + fraction + "Z"
    return value


@pytest.mark.parametrize("interval", ["day", "week", "month"])
def test_every_group_is_its_single_series_in_its_own_zone(interval: str) -> None:
    data = rows()
    options = {"interval": interval, "statistics": ["count", "sum", "average", "p90", "first", "last", "stddev"],
               "groups": [{"group": key, "time_zone": zone} for key, zone in ZONES.items()]}
    result = wellness.series_aggregate_groups(options, data["groups"], data["timestamps"], data["values"])
    assert result.groups == 5 and result.skipped == []
    table = result.table.to_pylist()
    assert [row["group"] for row in table] == sorted(row["group"] for row in table)
    for key, zone in ZONES.items():
        expected = single(options, data, key, zone)
        got = [row for row in table if row["group"] == key]
        assert len(got) == len(expected) > 0
        for bucket, row in zip(expected, got):
            for name, value in bucket.items():
                cell = as_json(row[name])
                if isinstance(value, float):
                    assert cell == pytest.approx(value, rel=0, abs=0), (key, name)
                else:
                    assert cell == value, (key, name, bucket["label"])


@pytest.mark.parametrize("threads", [1, 2])
def test_settings_as_columns_are_the_same_rows(threads: int) -> None:
    """"groups" as columns (lists, numpy arrays, pandas Series), a null item setting nothing, gives the
    table the same settings as rows give; 3,000 groups take the library's two-thread column reader."""
    data = rows(30_000, groups=3_000)
    keys = np.arange(3_000)
    zones = [None if key % 11 == 0 else ZONES[key % len(ZONES)] for key in keys]
    weekdays = [None if key % 3 else "sunday" for key in keys]
    as_rows = [{"group": int(key), **({"time_zone": zone} if zone else {}), **({"first_weekday": day} if day else {})}
               for key, zone, day in zip(keys, zones, weekdays)]
    options = {"interval": "week", "statistics": ["sum", "last"], "threads": threads, "time_zone": "Europe/Berlin"}
    expected = wellness.series_aggregate_groups({**options, "groups": as_rows}, data["groups"], data["timestamps"],
                                                data["values"]).table
    pandas = pytest.importorskip("pandas")
    polars = pytest.importorskip("polars")
    numbered = np.array([np.nan if day is None else 1.0 for day in weekdays])  # 1 is Sunday
    for group, zone, day in [(keys.tolist(), zones, weekdays), (keys, np.array(zones, dtype=object), numbered),
                             (pandas.Series(keys), pandas.Series(zones), pandas.Series(weekdays)),
                             (polars.Series(keys), polars.Series(zones), polars.Series(weekdays))]:
        columns = {"group": group, "time_zone": zone, "first_weekday": day}
        got = wellness.series_aggregate_groups({**options, "groups": columns}, data["groups"], data["timestamps"],
                                               data["values"]).table
        assert got.equals(expected), type(group)
    for frame in (pandas.DataFrame({"group": keys, "time_zone": zones, "first_weekday": weekdays}),
                  polars.DataFrame({"group": keys, "time_zone": zones, "first_weekday": weekdays})):
        got = wellness.series_aggregate_groups({**options, "groups": frame}, data["groups"], data["timestamps"],
                                               data["values"]).table
        assert got.equals(expected), type(frame)
    # The zones matter: without them the weeks start elsewhere.
    bare = wellness.series_aggregate_groups(options, data["groups"], data["timestamps"], data["values"]).table
    assert not bare.equals(expected)


@pytest.mark.parametrize(("groups", "path"), [
    ({"group": [1, 2], "time_zone": ["UTC", "Mars/Olympus"]}, "groups.time_zone[1]"),
    ({"group": [1, 2, 1]}, "groups.group[2]"),
    ({"group": [1, 2], "first_weekday": ["sunday"]}, "groups.first_weekday"),
    ({"time_zone": ["UTC"]}, "groups.group"),
    ({"group": [1], "zone": ["UTC"]}, "groups.zone"),
])
def test_a_bad_settings_column_names_the_column_and_item(groups: Dict[str, Any], path: str) -> None:
    with pytest.raises(ValidationError) as failure:
        wellness.series_aggregate_groups({"groups": groups}, [1], [1_700_000_000], [1.0])
    assert failure.value.path == path


def test_row_order_and_threads_do_not_change_the_result() -> None:
    data = rows(30_000, groups=40)
    options = {"interval": "week", "statistics": ["sum", "median", "last"], "first_weekday": "sunday"}
    sorted_rows = np.argsort(data["groups"], kind="stable")
    baseline = wellness.series_aggregate_groups(options, data["groups"][sorted_rows], data["timestamps"][sorted_rows],
                                                data["values"][sorted_rows]).table
    for threads in (1, 2, 7, 256):
        shuffled = wellness.series_aggregate_groups({**options, "threads": threads}, data["groups"],
                                                    data["timestamps"], data["values"]).table
        assert shuffled.equals(baseline), threads


def test_boolean_and_snapshot_series() -> None:
    data = rows(2_000, groups=3)
    answers = (data["values"] > 50).astype(np.float64)
    grouped = wellness.series_aggregate_groups({"kind": "boolean", "interval": "month"}, data["groups"],
                                               data["timestamps"], answers).table.to_pylist()
    for key in range(3):
        mask = data["groups"] == key
        expected = wellness.series_aggregate_columns({"kind": "boolean", "interval": "month"},
                                                     data["timestamps"][mask], answers[mask])["buckets"]
        assert [row["yes_days"] for row in grouped if row["group"] == key] == [b["yes_days"] for b in expected]
    latest = wellness.series_aggregate_groups({"kind": "snapshot", "interval": "month"}, data["groups"],
                                              data["timestamps"], data["values"]).table
    assert latest.schema.field("latest").type == pyarrow.float64()
    assert str(latest.schema.field("latest_at").type) == "timestamp[ms, tz=UTC]"


def test_a_bad_row_fails_the_call_naming_its_group_and_row() -> None:
    data = rows(1_000)
    data["values"][137] = float("nan")
    with pytest.raises(ValidationError) as failure:
        wellness.series_aggregate_groups({}, data["groups"], data["timestamps"], data["values"])
    assert failure.value.path == "values[137]"
    assert failure.value.message.startswith(f"group {data['groups'][137]}: ")


def test_skipping_keeps_the_other_groups() -> None:
    data = rows(1_000)
    data["timestamps"][42] = 10**12  # year 33658, in seconds
    bad = int(data["groups"][42])
    result = wellness.series_aggregate_groups({"on_error": "skip"}, data["groups"], data["timestamps"], data["values"])
    assert result.groups == 4
    assert [(item["group"], item["row"]) for item in result.skipped] == [(bad, 42)]
    assert result.skipped[0]["error"]["name"] == "WELLNESS_E_VALIDATION"
    assert bad not in set(result.table.column("group").to_pylist())


@pytest.mark.parametrize("options", [{"threads": 0}, {"threads": 257}, {"on_error": "ignore"},
                                     {"groups": [{"group": 1}, {"group": 1}]}, {"groups": {"1": "UTC"}},
                                     {"groups": [{"group": 1, "time_zone": "Mars/Olympus"}]}, {"thread": 2}])
def test_bad_options_are_validation_errors(options: Dict[str, Any]) -> None:
    with pytest.raises(ValidationError):
        wellness.series_aggregate_groups(options, [1], [1_700_000_000], [1.0])


def test_columns_of_different_lengths_and_non_integer_keys_are_refused() -> None:
    with pytest.raises(InvalidArgumentError):
        wellness.series_aggregate_groups({}, [1, 2], [1_700_000_000], [1.0])
    with pytest.raises(InvalidArgumentError):
        wellness.series_aggregate_groups({}, [1.5], [1_700_000_000], [1.0])


def test_errors_found_before_the_call_carry_their_classes_status() -> None:
    """Checks made on the Python side report what the library would: a
    ValidationError is -3 WELLNESS_E_VALIDATION (it was once -1)."""
    with pytest.raises(ValidationError) as too_large:
        wellness.series_aggregate_groups({}, np.array([2**63], dtype=np.uint64), [1_700_000_000], [1.0])
    assert (too_large.value.code, too_large.value.name, too_large.value.path) == (-3, "WELLNESS_E_VALIDATION", "groups")
    with pytest.raises(InvalidArgumentError) as lengths:
        wellness.series_aggregate_groups({}, [1, 2], [1_700_000_000], [1.0])
    assert (lengths.value.code, lengths.value.name, lengths.value.path) == (-1, "WELLNESS_E_INVALID_ARGUMENT", None)
    assert lengths.value.message == "2 group keys but 1 timestamps"


def test_aggregate_frame_names_a_missing_group_key_as_a_validation_error() -> None:
    pandas = pytest.importorskip("pandas")
    columns = frame_rows()
    columns["user"] = columns["user"].astype(object)
    columns["user"][7] = None
    with pytest.raises(ValidationError) as failure:
        wellness.aggregate_frame(pandas.DataFrame(columns), time="time", value="steps", by="user")
    assert (failure.value.code, failure.value.name, failure.value.path) == (-3, "WELLNESS_E_VALIDATION", "user[7]")


def test_no_rows_is_an_empty_table_with_its_columns() -> None:
    result = wellness.series_aggregate_groups({}, np.array([], dtype=np.int64), np.array([], dtype=np.int64),
                                              np.array([], dtype=np.float64))
    assert result.table.num_rows == 0 and result.groups == 0
    assert result.table.column_names[:4] == ["group", "start", "end", "label"]


def frame_rows() -> Dict[str, Any]:
    data = rows(6_000, groups=3)
    names = np.array(["ana", "bo", "chen"])[data["groups"]]
    zones = np.array(["Europe/Lisbon", "Asia/Tokyo", "America/Denver"])[data["groups"]]
    return {"user": names, "zone": zones, "time": data["timestamps"], "steps": data["values"]}


@pytest.mark.parametrize("library", ["pandas", "polars"])
def test_aggregate_frame_by_user_in_each_users_zone(library: str) -> None:
    module = pytest.importorskip(library)
    columns = frame_rows()
    frame = module.DataFrame(columns)
    grouped = wellness.aggregate_frame(frame, time="time", value="steps", by="user", time_zone="zone",
                                       interval="week", statistics=["sum", "p90"], threads=2)
    assert list(grouped.columns)[:4] == ["user", "start", "end", "label"]
    for user, zone in (("ana", "Europe/Lisbon"), ("bo", "Asia/Tokyo"), ("chen", "America/Denver")):
        alone = frame[frame["user"] == user] if library == "pandas" else frame.filter(module.col("user") == user)
        expected = wellness.aggregate_frame(alone, time="time", value="steps", time_zone=zone, interval="week",
                                            statistics=["sum", "p90"])
        mine = grouped[grouped["user"] == user] if library == "pandas" else grouped.filter(module.col("user") == user)
        for name in ("label", "count", "sum", "p90"):
            assert list(mine[name]) == list(expected[name]), (user, name)
        assert [str(day)[:10] for day in mine["start"]] == [str(day)[:10] for day in expected["start"]]


def test_aggregate_frame_refuses_two_zones_for_one_user() -> None:
    pandas = pytest.importorskip("pandas")
    columns = frame_rows()
    columns["zone"][10] = "Europe/Paris"
    with pytest.raises(ValidationError) as failure:
        wellness.aggregate_frame(pandas.DataFrame(columns), time="time", value="steps", by="user", time_zone="zone")
    assert failure.value.path == "zone[10]" and "one zone per group" in failure.value.message
    assert (failure.value.code, failure.value.name) == (-3, "WELLNESS_E_VALIDATION")


def test_aggregate_frame_refuses_a_zone_that_is_not_a_name() -> None:
    pandas = pytest.importorskip("pandas")
    columns = frame_rows()
    first_of_second_user = int(np.flatnonzero(columns["user"] == "bo")[0])
    columns["zone"] = columns["zone"].astype(object)
    columns["zone"][first_of_second_user] = 5
    with pytest.raises(ValidationError) as failure:
        wellness.aggregate_frame(pandas.DataFrame(columns), time="time", value="steps", by="user", time_zone="zone")
    assert failure.value.path == f"zone[{first_of_second_user}]" and "found 5" in failure.value.message
    assert (failure.value.code, failure.value.name) == (-3, "WELLNESS_E_VALIDATION")


def test_aggregate_frame_by_names_the_callers_columns_in_errors() -> None:
    pandas = pytest.importorskip("pandas")
    columns = frame_rows()
    columns["steps"][99] = float("nan")
    with pytest.raises(ValidationError) as failure:
        wellness.aggregate_frame(pandas.DataFrame(columns), time="time", value="steps", by="user")
    assert failure.value.path == "steps[99]"


#: DST-heavy zones, southern-hemisphere ones (Lord Howe's DST moves 30 minutes), half- and quarter-hour offsets.
MIXED_ZONES = ["America/New_York", "Europe/Berlin", "America/Santiago", "Australia/Lord_Howe", "Australia/Sydney",
               "Asia/Kolkata", "Asia/Kathmandu", "Pacific/Chatham", "UTC", "America/St_Johns"]


def test_two_thousand_users_each_in_their_zone_are_each_their_single_series() -> None:
    rng = np.random.default_rng(11)
    users, count = 2_000, 120_000
    keys = rng.integers(0, users, count).astype(np.int64) * 7919  # sparse keys, not 0..n-1
    # A year around DST changes, whole minutes.
    timestamps = 1_700_000_000 + rng.integers(0, 365 * 1440, count).astype(np.int64) * 60
    values = rng.integers(0, 20_000, count).astype(np.float64)
    zone_of = {int(key): MIXED_ZONES[(int(key) // 7919) % len(MIXED_ZONES)] for key in np.unique(keys)}
    options = {"interval": "week", "statistics": ["count", "sum", "average", "min", "max"], "threads": 2,
               "groups": [{"group": key, "time_zone": zone} for key, zone in zone_of.items()]}
    table = wellness.series_aggregate_groups(options, keys, timestamps, values).table
    columns = {name: table.column(name).to_pylist() for name in ("group", "label", "count", "sum", "average")}
    starts = [day.isoformat() for day in table.column("start").to_pylist()]
    position = 0
    for key, zone in zone_of.items():
        mask = keys == key
        expected = wellness.series_aggregate_columns(
            {"interval": "week", "statistics": ["count", "sum", "average", "min", "max"], "time_zone": zone},
            timestamps[mask], values[mask])["buckets"]
        for bucket in expected:
            assert columns["group"][position] == key
            assert (starts[position], columns["label"][position], columns["count"][position]) == \
                (bucket["start"], bucket["label"], bucket["count"]), (key, zone)
            assert columns["sum"][position] == bucket["sum"] and columns["average"][position] == bucket["average"]
            position += 1
    assert position == table.num_rows


def test_a_skipped_groups_path_and_row_are_both_the_callers() -> None:
    data = rows(1_000)
    data["values"][321] = float("nan")
    result = wellness.series_aggregate_groups({"on_error": "skip"}, data["groups"], data["timestamps"], data["values"])
    assert [(item["row"], item["error"]["path"]) for item in result.skipped] == [(321, "values[321]")]


def test_a_bad_zone_for_one_group_skips_that_group_only() -> None:
    data = rows(1_000)
    options = {"on_error": "skip", "groups": [{"group": 2, "time_zone": "Mars/Olympus"},
                                              {"group": 77, "time_zone": 5}]}
    result = wellness.series_aggregate_groups(options, data["groups"], data["timestamps"], data["values"])
    assert result.groups == 4 and 2 not in set(result.table.column("group").to_pylist())
    assert [(item["group"], item["row"], item["error"]["path"]) for item in result.skipped] == [
        (2, None, "groups[0].time_zone"), (77, None, "groups[1].time_zone")]
    with pytest.raises(ValidationError, match="Mars/Olympus"):
        wellness.series_aggregate_groups({**options, "on_error": "fail"}, data["groups"], data["timestamps"],
                                         data["values"])


@pytest.mark.parametrize("missing", ["NaT", "NaN", "None"])
def test_a_missing_timestamp_skips_its_group_under_skip(missing: str) -> None:
    data = rows(1_000)
    if missing == "NaT":
        stamps: Any = data["timestamps"].astype("datetime64[s]")
        stamps[500] = np.datetime64("NaT")
    elif missing == "NaN":
        stamps = data["timestamps"].astype(np.float64)
        stamps[500] = np.nan
    else:
        stamps = data["timestamps"].tolist()
        stamps[500] = None
    bad = int(data["groups"][500])
    result = wellness.series_aggregate_groups({"on_error": "skip"}, data["groups"], stamps, data["values"])
    assert result.groups == 4 and bad not in set(result.table.column("group").to_pylist())
    assert [(item["group"], item["row"], item["error"]["path"]) for item in result.skipped] == [
        (bad, 500, "timestamps[500]")]
    assert "missing timestamp" in result.skipped[0]["error"]["message"]
    with pytest.raises(ValidationError, match="missing timestamp"):  # "fail" still fails, naming the row
        wellness.series_aggregate_groups({}, data["groups"], stamps, data["values"])


def test_the_total_of_buckets_is_capped_naming_the_group() -> None:
    # 40 groups of two rows 99,000 days apart, every day filled: 3,960,040 rows (1.5 GB) before the cap.
    keys = np.repeat(np.arange(40, dtype=np.int64), 2)
    stamps = np.tile(np.array([0, 99_000 * 86_400], dtype=np.int64), 40)
    options = {"interval": "day", "include_empty": True}
    with pytest.raises(ValidationError) as failure:
        wellness.series_aggregate_groups(options, keys, stamps, np.ones(80))
    # 20 groups of 99,001 buckets fit in 2,000,000; the 21st (key 20) passes it.
    assert failure.value.message.startswith("group 20: ") and "2000000" in failure.value.message
    with pytest.raises(ValidationError, match="2000000"):
        wellness.series_aggregate_groups({**options, "threads": 4}, keys, stamps, np.ones(80))
    assert wellness.series_aggregate_groups(options, keys[:40], stamps[:40], np.ones(40)).table.num_rows == 1_980_020


def test_sparse_keys_and_empty_buckets_are_the_same_on_every_thread_count() -> None:
    """Keys far apart (counted by a hash table, not by offset) and empty buckets (nulls) over thousands of
    bucket rows, so that each thread fills its own stretch of every column and of its validity bitmap."""
    rng = np.random.default_rng(17)
    extremes = [np.iinfo(np.int64).min, -(1 << 50), -3, 0, 5, 1 << 40, np.iinfo(np.int64).max]
    spread = np.concatenate([np.array(extremes, dtype=np.int64), rng.integers(-(1 << 62), 1 << 62, 93)])
    count = 40_000
    keys = spread[rng.integers(0, spread.size, count)]
    timestamps = 1_700_000_000 + rng.integers(0, 400 * 86_400, count).astype(np.int64)
    values = np.round(rng.normal(50, 20, count), 3)
    options = {"interval": "day", "include_empty": True, "statistics": ["count", "sum", "average", "min", "max"]}
    baseline = wellness.series_aggregate_groups(options, keys, timestamps, values).table
    assert baseline.num_rows > 10_000 and baseline.column("average").null_count > 1_000
    assert baseline.column("group").to_pylist() == sorted(baseline.column("group").to_pylist())
    for threads in (2, 3, 8):
        table = wellness.series_aggregate_groups({**options, "threads": threads}, keys, timestamps, values).table
        assert table.equals(baseline), threads
    key = int(spread[0])
    mask = keys == key
    expected = wellness.series_aggregate_columns(options, timestamps[mask], values[mask])["buckets"]
    got = [row for row in baseline.to_pylist() if row["group"] == key]
    assert [row["count"] for row in got] == [bucket["count"] for bucket in expected]
    assert [as_json(row["average"]) for row in got] == [bucket["average"] for bucket in expected]
