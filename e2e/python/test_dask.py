"""wellness.dask.aggregate: each of 2,000 users in eight zones gets exactly
their single-series buckets, computed in separate worker processes (the
library opens in each); one engine call per partition; bad input named."""

from __future__ import annotations

import pickletools
import subprocess
import sys
from typing import Any, Dict, List

import numpy as np
import pytest

import wellness
from distributed_data import STATISTICS, expected, mismatches, rows
from tools import require
from wellness._distributed import make_task
from wellness.errors import ValidationError

pd = require("pandas", module_level=True)
require("pyarrow", module_level=True)
dd = require("dask.dataframe", module_level=True)
wellness_dask = require("wellness.dask", module_level=True)


@pytest.fixture(scope="module")
def data() -> Dict[str, Any]:
    return rows()


def frame(data: Dict[str, Any], partitions: int = 6) -> Any:
    columns = {"user": [f"u{key:08d}" for key in data["user"]], "zone": data["zone"], "time_ms": data["time_ms"],
               "steps": data["value"]}
    return dd.from_pandas(pd.DataFrame(columns), npartitions=partitions)


def per_user(result: Any) -> Dict[Any, List[Dict[str, Any]]]:
    """The result's rows by user, as the single-series JSON writes them (keys back to ints)."""
    table = result.sort_values(["user", "start"], kind="stable")
    grouped: Dict[Any, List[Dict[str, Any]]] = {}
    for row in table.to_dict("records"):
        row["start"], row["end"] = row["start"].date().isoformat(), row["end"].date().isoformat()
        for name in ("first_at", "last_at"):
            row[name] = row[name].value // 1_000_000
        grouped.setdefault(int(row["user"][1:]), []).append(row)
    return grouped


def test_two_thousand_users_in_worker_processes_match_their_single_series(data: Dict[str, Any]) -> None:
    ddf = frame(data)
    lazy = wellness_dask.aggregate(ddf, by="user", time="time_ms", value="steps", time_zone="zone",
                                   interval="week", first_weekday="sunday", statistics=STATISTICS,
                                   timestamp_unit="ms")
    # Spawned processes start without the parent's modules: each imports
    # wellness and opens the library itself, from what the task pickled.
    result = lazy.compute(scheduler="processes", num_workers=2)
    assert list(result.columns) == list(lazy._meta.columns)
    assert result.dtypes.equals(lazy._meta.dtypes)
    problems = mismatches(per_user(result), expected(data, "week", STATISTICS, first_weekday="sunday"))
    assert not problems, problems[:10]


def test_the_columns_and_dtypes_are_aggregate_frames(data: Dict[str, Any]) -> None:
    users = np.isin(data["user"], np.unique(data["user"])[:40])
    subset = {name: column[users] for name, column in data.items()}
    ddf = frame(subset, partitions=3)
    options: Dict[str, Any] = {"by": "user", "time": "time_ms", "value": "steps", "time_zone": "zone",
                               "interval": "week", "statistics": ["sum", "last"], "timestamp_unit": "ms"}
    got = wellness_dask.aggregate(ddf, **options).compute(scheduler="sync")
    in_time_order = ddf.compute().sort_values(["time_ms", "steps"], kind="stable")
    want = wellness.aggregate_frame(in_time_order, **options)
    got = got.sort_values(["user", "start"]).reset_index(drop=True)
    pd.testing.assert_frame_equal(got, want, check_exact=True)


def test_one_engine_call_per_partition(data: Dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> None:
    from wellness import _distributed
    calls: List[int] = []
    original = _distributed.aggregate_groups

    def counted(options: Any, groups: Any, *rest: Any, **named: Any) -> Any:
        calls.append(len(groups))
        return original(options, groups, *rest, **named)

    monkeypatch.setattr(_distributed, "aggregate_groups", counted)
    ddf = frame(data, partitions=4)
    calls.clear()  # the driver's check of the options (no rows) is not a partition's
    lazy = wellness_dask.aggregate(ddf, by="user", time="time_ms", value="steps", time_zone="zone",
                                   interval="month", timestamp_unit="ms")
    assert calls == [0]
    calls.clear()
    result = lazy.compute(scheduler="sync")
    shuffled = lazy.npartitions
    assert len(calls) == shuffled and sum(calls) == len(data["user"])
    assert result["user"].nunique() == 2_000


def test_datetimes_in_any_zone_and_epoch_seconds_give_the_same_buckets(data: Dict[str, Any]) -> None:
    users = np.isin(data["user"], np.unique(data["user"])[:80])
    subset = {name: column[users] for name, column in data.items()}
    base = pd.DataFrame({"user": subset["user"], "zone": subset["zone"], "steps": subset["value"]})
    whole_seconds = subset["time_ms"] // 1000 * 1000
    instants = pd.to_datetime(whole_seconds, unit="ms", utc=True)
    variants = {
        "ms": (base.assign(time=whole_seconds), "ms"),
        "s": (base.assign(time=whole_seconds // 1000), "s"),
        "tokyo": (base.assign(time=instants.tz_convert("Asia/Tokyo")), None),
        "naive utc": (base.assign(time=instants.tz_localize(None)), None),
    }
    results = []
    for name, (pandas_frame, unit) in variants.items():
        result = wellness_dask.aggregate(dd.from_pandas(pandas_frame, npartitions=3), by="user", time="time",
                                         value="steps", time_zone="zone", interval="day",
                                         statistics=["sum", "first"], timestamp_unit=unit).compute(scheduler="sync")
        results.append((name, result.sort_values(["user", "start"]).reset_index(drop=True)))
    for name, result in results[1:]:
        pd.testing.assert_frame_equal(result, results[0][1], check_exact=True, obj=name)


def test_a_weekday_column_sets_each_users_week_start() -> None:
    ddf = dd.from_pandas(pd.DataFrame({"user": [1, 1, 2, 2], "day": ["sunday", "sunday", "monday", "monday"],
                                       "time": [1_718_452_800, 1_718_539_200] * 2,  # Sat 15 and Sun 16 June 2024
                                       "steps": [1.0, 2.0, 3.0, 4.0]}), npartitions=2)
    result = wellness_dask.aggregate(ddf, by="user", time="time", value="steps", interval="week",
                                     first_weekday="day", timestamp_unit="s").compute(scheduler="sync")
    starts = {(row.user, row.start.date().isoformat()) for row in result.itertuples()}
    assert starts == {(1, "2024-06-09"), (1, "2024-06-16"), (2, "2024-06-10")}


def test_bad_columns_are_named_before_anything_runs() -> None:
    ddf = dd.from_pandas(pd.DataFrame({"user": [1], "time": [1_718_452_800], "label": ["x"], "steps": [1.0]}),
                         npartitions=1)
    with pytest.raises(ValueError, match="'stepz': no such column|no column 'stepz'"):
        wellness_dask.aggregate(ddf, by="user", time="time", value="stepz", timestamp_unit="s")
    with pytest.raises(TypeError, match="time='time' holds integers: say what they count"):
        wellness_dask.aggregate(ddf, by="user", time="time", value="steps")
    with pytest.raises(TypeError, match="time='label' is"):
        wellness_dask.aggregate(ddf, by="user", time="label", value="steps")
    with pytest.raises(ValidationError, match="unknown time zone \"Mars/Olympus\""):
        wellness_dask.aggregate(ddf, by="user", time="time", value="steps", time_zone="Mars/Olympus",
                                timestamp_unit="s")
    with pytest.raises(ValueError, match="on_error"):
        wellness_dask.aggregate(ddf, by="user", time="time", value="steps", timestamp_unit="s", on_error="ignore")


def test_a_bad_zone_in_the_column_is_the_engines_error() -> None:
    ddf = dd.from_pandas(pd.DataFrame({"user": [1, 2], "zone": ["UTC", "Mars/Olympus"], "time": [1_718_452_800] * 2,
                                       "steps": [1.0, 2.0]}), npartitions=1)
    lazy = wellness_dask.aggregate(ddf, by="user", time="time", value="steps", time_zone="zone", timestamp_unit="s")
    with pytest.raises(ValidationError, match="user=2: unknown time zone \"Mars/Olympus\"") as failure:
        lazy.compute(scheduler="sync")
    assert failure.value.path == "zone[1]"
    skipping = wellness_dask.aggregate(ddf, by="user", time="time", value="steps", time_zone="zone",
                                       timestamp_unit="s", on_error="skip")
    assert list(skipping.compute(scheduler="sync")["user"]) == [1]


def test_two_zones_for_one_user_is_an_error_naming_the_user() -> None:
    ddf = dd.from_pandas(pd.DataFrame({"user": ["ana", "ana"], "zone": ["UTC", "Asia/Tokyo"],
                                       "time": [1_718_452_800] * 2, "steps": [1.0, 2.0]}), npartitions=1)
    lazy = wellness_dask.aggregate(ddf, by="user", time="time", value="steps", time_zone="zone", timestamp_unit="s")
    with pytest.raises(ValidationError, match="user='ana': one zone per user") as failure:
        lazy.compute(scheduler="sync")
    assert failure.value.path == "zone[1]"


def test_on_error_skip_leaves_out_only_the_bad_user(caplog: pytest.LogCaptureFixture) -> None:
    pandas_frame = pd.DataFrame({"user": ["ana", "bo", "chen"] * 4, "time": np.arange(12) * 3600 + 1_718_452_800,
                                 "steps": np.arange(12, dtype=np.float64)})
    pandas_frame.loc[4, "steps"] = np.nan  # one of bo's
    ddf = dd.from_pandas(pandas_frame, npartitions=2)
    with pytest.raises(ValidationError, match="user='bo': nan is not a finite number"):
        wellness_dask.aggregate(ddf, by="user", time="time", value="steps", timestamp_unit="s").compute(
            scheduler="sync")
    with caplog.at_level("WARNING", logger="wellness"):
        result = wellness_dask.aggregate(ddf, by="user", time="time", value="steps", timestamp_unit="s",
                                         on_error="skip").compute(scheduler="sync")
    assert sorted(result["user"]) == ["ana", "chen"]
    assert "user='bo' left out" in caplog.text


def test_a_nat_leaves_out_its_user_under_skip_and_names_the_user_under_fail(
        caplog: pytest.LogCaptureFixture) -> None:
    times = pd.Series(pd.to_datetime(np.arange(12) * 3600 + 1_718_452_800, unit="s", utc=True))
    times[7] = pd.NaT  # one of bo's
    pandas_frame = pd.DataFrame({"user": ["ana", "bo", "chen"] * 4, "time": times,
                                 "steps": np.arange(12, dtype=np.float64)})
    ddf = dd.from_pandas(pandas_frame, npartitions=2)
    with pytest.raises(ValidationError, match="user='bo': a missing timestamp"):
        wellness_dask.aggregate(ddf, by="user", time="time", value="steps").compute(scheduler="sync")
    with caplog.at_level("WARNING", logger="wellness"):
        result = wellness_dask.aggregate(ddf, by="user", time="time", value="steps",
                                         on_error="skip").compute(scheduler="sync")
    assert sorted(set(result["user"])) == ["ana", "chen"]
    assert "user='bo' left out" in caplog.text and "missing timestamp" in caplog.text


#: Run in a fresh interpreter: unpickles the partition function and its task
#: as a Dask worker would, and aggregates a frame there.
WORKER = """
import pickle, sys
work = sys.stdin.buffer.read()
assert "wellness" not in sys.modules
function, task = pickle.loads(work)
import pandas
frame = pandas.DataFrame({"user": [7, 7], "time_ms": [1718452800000, 1718539200000], "steps": [1.0, 2.0]})
result = function(frame, task)
print(len(result), "wellness._native" in sys.modules, list(result["count"]))
"""


def test_a_fresh_process_opens_the_library_when_it_runs_the_unpickled_work() -> None:
    cloudpickle = require("cloudpickle")
    task = make_task("user", "time_ms", "steps", ["user", "time_ms", "steps"], time_zone="Asia/Kolkata",
                     interval="day", statistics=None, kind="numeric", first_weekday=None, average=None,
                     include_empty=False, timestamp_unit="ms", on_error="fail")
    payload = cloudpickle.dumps((wellness_dask.aggregate_partition, task))
    referenced = {str(argument) for _, argument, _ in pickletools.genops(payload)}
    assert not any("ctypes" in name or "CDLL" in name for name in referenced), sorted(referenced)
    worker = subprocess.run([sys.executable, "-c", WORKER], input=payload, capture_output=True, timeout=120)
    assert worker.returncode == 0, worker.stderr.decode()
    assert worker.stdout.decode().split() == ["2", "True", "[1,", "1]"]
