"""aggregate_frame with pandas and with polars: the same buckets as the
columnar call, typed columns, the frame's own library back, columns read in
place, errors naming the column and row."""

from __future__ import annotations

import datetime as dt
import json
import math
from typing import Any, Callable, Dict, List

import numpy as np
import pytest

import wellness
from wellness import _columns
from tools import REPO, require

START = 1_704_067_200  # 2024-01-01T00:00:00Z
RNG = np.random.default_rng(5)
SECONDS = np.sort(START + RNG.integers(0, 120 * 86_400, 2_000)).astype(np.int64)
VALUES = np.round(RNG.normal(70, 10, len(SECONDS)), 2)
DATA = REPO / "examples" / "data"


class Frames:
    """What differs between the two libraries, for one parametrised test body."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.module = require(name)

    def frame(self, columns: Dict[str, Any]) -> Any:
        return self.module.DataFrame(columns)

    def instants(self, seconds: np.ndarray, zone: str = "UTC") -> Any:
        if self.name == "pandas":
            return self.module.Series(self.module.to_datetime(seconds, unit="s", utc=True).tz_convert(zone))
        return self.module.Series(seconds * 1000).cast(self.module.Datetime("ms")) \
            .dt.replace_time_zone("UTC").dt.convert_time_zone(zone)

    def column(self, frame: Any, name: str) -> List[Any]:
        values = frame[name].tolist() if self.name == "pandas" else frame[name].to_list()
        return [None if isinstance(value, float) and math.isnan(value) else value for value in values]

    def dates(self, frame: Any, name: str) -> List[str]:
        if self.name == "pandas":
            return [str(value.date()) for value in frame[name]]
        return [value.isoformat() for value in frame[name].to_list()]

    def dtype(self, frame: Any, name: str) -> str:
        return str(frame[name].dtype)


@pytest.fixture(params=["pandas", "polars"])
def frames(request: pytest.FixtureRequest) -> Frames:
    return Frames(request.param)


def expected(options: Dict[str, Any], seconds: np.ndarray = SECONDS, values: Any = VALUES) -> Any:
    return wellness.series_aggregate_columns(options, seconds, values)


def test_same_buckets_as_the_columnar_call(frames: Frames) -> None:
    frame = frames.frame({"at": frames.instants(SECONDS, "America/New_York"), "pulse": VALUES})
    result = wellness.aggregate_frame(frame, time="at", value="pulse", interval="week", time_zone="America/New_York")
    assert type(result) is type(frame)
    report = expected({"interval": "week", "time_zone": "America/New_York"})
    assert frames.dates(result, "start") == [bucket["start"] for bucket in report["buckets"]]
    assert frames.dates(result, "end") == [bucket["end"] for bucket in report["buckets"]]
    for name in ("label", "week_year", "week", "count", "days_with_data", "average", "min", "max"):
        assert frames.column(result, name) == [bucket.get(name) for bucket in report["buckets"]], name
    assert list(result.columns) == ["start", "end", "label", "week_year", "week", "count", "days_with_data",
                                    "average", "min", "max"]


def test_typed_columns_and_nulls_for_empty_buckets(frames: Frames) -> None:
    seconds = np.array([START, START + 3 * 86_400], dtype=np.int64)
    frame = frames.frame({"t": seconds, "v": np.array([1.0, 3.0])})
    result = wellness.aggregate_frame(frame, time="t", value="v", interval="day", include_empty=True)
    assert frames.column(result, "count") == [1, 0, 0, 1]
    assert frames.column(result, "average") == [1.0, None, None, 3.0]
    types = {name: frames.dtype(result, name) for name in result.columns}
    if frames.name == "pandas":
        assert types["start"] == types["end"] == "datetime64[s]"
        assert types["count"] == types["days_with_data"] == "int64" and types["average"] == "float64"
        assert all(isinstance(label, str) for label in result["label"])
    else:
        assert types == {"start": "Date", "end": "Date", "label": "String", "count": "Int64",
                         "days_with_data": "Int64", "average": "Float64", "min": "Float64", "max": "Float64"}


def test_empty_frames_keep_their_columns(frames: Frames) -> None:
    frame = frames.frame({"t": np.array([], dtype=np.int64), "v": np.array([], dtype=np.float64)})
    result = wellness.aggregate_frame(frame, time="t", value="v", interval="week")
    assert len(result) == 0 and "week" in result.columns and frames.dtype(result, "count") in ("int64", "Int64")


def test_boolean_and_snapshot_series(frames: Frames) -> None:
    meditation = json.loads((DATA / "meditation_samples.json").read_text())
    seconds = np.array([int(dt.datetime.fromisoformat(sample["timestamp"]).timestamp()) for sample in meditation])
    frame = frames.frame({"t": seconds, "done": np.array([sample["value"] for sample in meditation])})
    result = wellness.aggregate_frame(frame, time="t", value="done", kind="boolean", interval="month",
                                      time_zone="America/New_York", today="2025-05-01")
    report = wellness.series_aggregate({"kind": "boolean", "interval": "month", "time_zone": "America/New_York"},
                                       meditation)
    assert frames.column(result, "yes_days") == [bucket["yes_days"] for bucket in report["buckets"]]
    assert "average" not in result.columns

    mood = json.loads((DATA / "mood_samples.json").read_text())
    seconds = np.array([int(dt.datetime.fromisoformat(sample["timestamp"]).timestamp()) for sample in mood])
    frame = frames.frame({"t": seconds, "mood": [sample["value"] for sample in mood]})
    result = wellness.aggregate_frame(frame, time="t", value="mood", kind="snapshot", interval="month")
    report = wellness.series_aggregate({"kind": "snapshot", "interval": "month"}, mood)
    assert frames.column(result, "latest") == [bucket["latest"] for bucket in report["buckets"]]
    latest_at = [value.astimezone(dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
                 for value in frames.column(result, "latest_at")]
    assert latest_at == [bucket["latest_at"] for bucket in report["buckets"]]


@pytest.mark.parametrize("make,options", [
    (lambda frames: SECONDS, {}),
    (lambda frames: SECONDS * 1000, {"timestamp_unit": "ms"}),
    (lambda frames: frames.instants(SECONDS, "Asia/Tokyo"), {}),
    (lambda frames: SECONDS.astype("datetime64[s]").astype("datetime64[us]"), {}),
], ids=["seconds", "milliseconds", "tz-aware", "naive"])
def test_time_columns_of_every_kind(frames: Frames, make: Callable[[Frames], Any], options: Dict[str, Any]) -> None:
    frame = frames.frame({"t": make(frames), "v": VALUES})
    result = wellness.aggregate_frame(frame, time="t", value="v", interval="month", **options)
    assert frames.column(result, "count") == [bucket["count"] for bucket in expected({"interval": "month"})["buckets"]]


def test_a_pandas_datetime_index_is_a_time_column() -> None:
    pd = require("pandas")
    frame = pd.DataFrame({"v": VALUES}, index=pd.DatetimeIndex(pd.to_datetime(SECONDS, unit="s", utc=True), name="at"))
    result = wellness.aggregate_frame(frame, time="at", value="v", interval="month")
    assert result["count"].tolist() == [bucket["count"] for bucket in expected({"interval": "month"})["buckets"]]


def test_columns_reach_the_library_without_a_copy(frames: Frames, monkeypatch: pytest.MonkeyPatch) -> None:
    frame = frames.frame({"t": SECONDS.copy(), "v": VALUES.copy()})
    seen: Dict[str, Any] = {}
    timestamps, values = _columns.timestamps, _columns.values

    def spy_timestamps(data: Any, unit: str, name: str, *rest: Any) -> Any:
        seen["t"] = timestamps(data, unit, name, *rest)
        return seen["t"]

    def spy_values(data: Any, name: str, *rest: Any) -> Any:
        seen["v"] = values(data, name, *rest)
        return seen["v"]

    monkeypatch.setattr(_columns, "timestamps", spy_timestamps)
    monkeypatch.setattr(_columns, "values", spy_values)
    wellness.aggregate_frame(frame, time="t", value="v")
    assert np.shares_memory(seen["t"].column.data, frame["t"].to_numpy())
    assert np.shares_memory(seen["v"].data, frame["v"].to_numpy())


def test_errors_name_the_column_and_row(frames: Frames) -> None:
    values = VALUES.copy()
    values[7] = np.nan
    frame = frames.frame({"t": SECONDS, "heart_rate": values})
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.aggregate_frame(frame, time="t", value="heart_rate")
    assert caught.value.path == "heart_rate[7]" and "missing value" in caught.value.message
    frame = frames.frame({"t": SECONDS * 1000, "v": VALUES})
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.aggregate_frame(frame, time="t", value="v")
    assert caught.value.path == "t[0]" and 'did you mean timestamp_unit: "ms"?' in caught.value.message
    with pytest.raises(wellness.InvalidArgumentError, match="no column 'when'"):
        wellness.aggregate_frame(frame, time="when", value="v")
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.aggregate_frame(frame, time="t", value="v", time_zone="Mars/Olympus", timestamp_unit="ms")
    assert caught.value.path == "time_zone"


def test_only_data_frames() -> None:
    with pytest.raises(TypeError, match="expects a pandas or polars DataFrame, got dict"):
        wellness.aggregate_frame({"t": [1]}, time="t", value="v")  # type: ignore[type-var]
    pl = require("polars")
    with pytest.raises(TypeError, match="collect"):
        wellness.aggregate_frame(pl.DataFrame({"t": [1], "v": [1.0]}).lazy(), time="t", value="v")  # type: ignore
