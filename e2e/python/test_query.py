"""wellness.QueryTables, query, query_many and query_tool as users call them
(docs/QUERY.md): every kind of table input, every example of the docs,
errors that name the field, the tool schema, and `wellness query` in the CLI."""

from __future__ import annotations

import datetime as dt
import json
import multiprocessing
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

import jsonschema
import pandas as pd
import polars as pl
import pyarrow as pa
import pytest

import wellness
from tools import REPO

UTC = dt.timezone.utc
DAILY_ROWS: List[Dict[str, Any]] = [
    {"date": "2025-11-01", "steps": 9000, "sleep_minutes": 410, "deep_sleep_minutes": 70},
    {"date": "2025-11-02", "steps": 12500, "sleep_minutes": 340, "deep_sleep_minutes": None},
    {"date": "2025-11-03", "steps": None, "sleep_minutes": 395, "deep_sleep_minutes": 82},
    {"date": "2025-11-04", "steps": 11000, "sleep_minutes": None, "deep_sleep_minutes": 64},
]
SESSION_ROWS: List[Dict[str, Any]] = [
    {"start": dt.datetime(2025, 11, 2, 11, tzinfo=UTC), "end": dt.datetime(2025, 11, 2, 11, 50, tzinfo=UTC),
     "activity": "Outdoor Run", "distance": 8.4},
    # 03:00Z on the 4th is the evening of the 3rd in New York.
    {"start": dt.datetime(2025, 11, 4, 3, tzinfo=UTC), "end": dt.datetime(2025, 11, 4, 3, 40, tzinfo=UTC),
     "activity": "Treadmill Run", "distance": 6.1},
    {"start": dt.datetime(2025, 11, 4, 16, tzinfo=UTC), "end": dt.datetime(2025, 11, 4, 17, tzinfo=UTC),
     "activity": "Outdoor Cycling", "distance": None},
]
ZONE = "America/New_York"
RUNS = {"table": "sessions", "activity": "run", "metric": "distance", "reduce": "sum", "window": "this_month",
        "anchor": "2025-11-20"}


def tables(**kwargs: Any) -> wellness.QueryTables:
    return wellness.QueryTables(kwargs.pop("daily", DAILY_ROWS), kwargs.pop("sessions", SESSION_ROWS),
                                time_zone=ZONE, units={"distance": "km", "sleep_minutes": "min"}, **kwargs)


@pytest.mark.parametrize("kind", ["rows", "columns", "pandas", "polars", "pyarrow", "json"])
def test_every_kind_of_table_gives_the_same_answers(kind: str) -> None:
    daily_frame, sessions_frame = pd.DataFrame(DAILY_ROWS), pd.DataFrame(SESSION_ROWS)
    daily_frame["date"] = pd.to_datetime(daily_frame["date"])
    given = {
        "rows": (DAILY_ROWS, SESSION_ROWS),
        "columns": ({key: [row[key] for row in DAILY_ROWS] for key in DAILY_ROWS[0]},
                    {key: [row[key] for row in SESSION_ROWS] for key in SESSION_ROWS[0]}),
        "pandas": (daily_frame, sessions_frame),
        "polars": (pl.DataFrame(DAILY_ROWS).with_columns(pl.col("date").str.to_date()), pl.DataFrame(SESSION_ROWS)),
        "pyarrow": (pa.Table.from_pylist(DAILY_ROWS), pa.Table.from_pylist(SESSION_ROWS)),
        "json": (json.dumps(DAILY_ROWS), json.dumps([{**row, "start": row["start"].isoformat(),
                                                       "end": row["end"].isoformat()} for row in SESSION_ROWS])),
    }[kind]
    with tables(daily=given[0], sessions=given[1]) as read:
        answers = read.query_many([
            RUNS,
            {"table": "daily", "metric": "sleep_minutes", "reduce": "mean",
             "where": [{"metric": "steps", "op": ">", "value": 10000}]},
            {"table": "daily", "metric": "steps", "reduce": "sum",
             "on_days_where": [{"metric": "activity", "op": "==", "value": "run"}]},
            {"table": "sessions", "reduce": "activities"},
        ])
    assert [answer["value"] for answer in answers if isinstance(answer, dict)] == [
        14.5, 340, 12500, ["Outdoor Run", "Treadmill Run", "Outdoor Cycling"]]
    assert answers[0]["unit"] == "km" and answers[0]["from_date"] == "2025-11-01"


def test_arrow_input_is_released_and_checked() -> None:
    baseline = pa.total_allocated_bytes()
    for _ in range(3):
        batch = pa.RecordBatch.from_pylist(SESSION_ROWS)
        with tables(daily=pa.Table.from_pylist(DAILY_ROWS).cast(pa.schema([
                ("date", pa.string()), ("steps", pa.float64()), ("sleep_minutes", pa.float64()),
                ("deep_sleep_minutes", pa.float64())])), sessions=batch) as read:
            assert read.query(RUNS)["value"] == 14.5
        del batch
    assert pa.total_allocated_bytes() == baseline  # the library called every release callback
    naive = pa.table({"start": pa.array([dt.datetime(2025, 11, 2, 11)], pa.timestamp("ms")),
                      "end": pa.array([dt.datetime(2025, 11, 2, 12)], pa.timestamp("ms")), "activity": ["Run"]})
    with pytest.raises(wellness.ValidationError) as error:
        wellness.QueryTables(sessions=naive)
    assert error.value.path == "sessions.start" and "time zone" in error.value.message
    with pytest.raises(wellness.ValidationError) as error:
        wellness.QueryTables(daily=pa.table({"date": pa.array([dt.date(2025, 1, 1)] * 2), "steps": [1.0, 2.0]}))
    assert error.value.path == "daily.date[1]" and "one row per date" in error.value.message
    categories = pd.DataFrame({"start": pd.to_datetime([1_762_000_000], unit="s", utc=True),
                               "end": pd.to_datetime([1_762_003_600], unit="s", utc=True),
                               "activity": pd.Categorical(["Outdoor Run"]), "distance": [5]})
    assert wellness.query(RUNS | {"window": "all"}, sessions=categories)["value"] == 5


def test_a_result_cites_what_it_covered_and_the_query_as_run() -> None:
    with tables() as read:
        result = read.query({**RUNS, "include_rows": True})
        assert result["rows"] == 2 and result["days"] == 2
        assert (result["from_date"], result["to_date"]) == ("2025-11-01", "2025-11-30")
        assert result["row_numbers"] == [0, 1]
        assert result["query"] == {"table": "sessions", "metric": "distance", "activity": ["run"], "where": [],
                                   "on_days_where": [], "window": "this_month", "anchor": "2025-11-20",
                                   "take": None, "reduce": "sum", "activity_match": "synonyms", "weekdays": None,
                                   "same_day_where": []}
        today = read.query({"table": "daily", "reduce": "count", "window": "today"})
        assert today["query"]["anchor"] == dt.datetime.now(dt.timezone.utc).astimezone(
            __import__("zoneinfo").ZoneInfo(ZONE)).date().isoformat()


def test_nothing_matching_is_an_answer() -> None:
    with tables() as read:
        none = read.query_many([{**RUNS, "activity": "yoga"}, {**RUNS, "activity": "yoga", "reduce": "mean"}])
    assert [(answer["value"], answer["rows"]) for answer in none if isinstance(answer, dict)] == [(0, 0), (None, 0)]


def test_errors_name_the_field() -> None:
    with tables() as read:
        with pytest.raises(wellness.ValidationError) as error:
            read.query({"table": "daily", "metric": "sleep", "reduce": "mean"})
        assert error.value.path == "metric" and '"sleep_minutes"' in error.value.message
        results = read.query_many([{"table": "daily", "reduce": "count"}, {"table": "daily", "reduce": "median"},
                                   {"table": "daily", "reduce": "count", "window": {"last_days": 0}}])
        assert results[0]["value"] == 4  # type: ignore[index]
        assert isinstance(results[1], wellness.ValidationError) and results[1].path == "metric"
        assert isinstance(results[2], wellness.ValidationError) and results[2].path == "window.last_days"
    with pytest.raises(wellness.ValidationError) as error:
        wellness.QueryTables(sessions=[{**SESSION_ROWS[0], "start": dt.datetime(2025, 11, 2, 11)}])
    assert error.value.path == "sessions[0].start" and "time zone" in error.value.message
    with pytest.raises(wellness.ValidationError) as error:
        wellness.QueryTables(daily=[{"date": "2025-11-01", "steps": "many"}])
    assert error.value.path == "daily[0].steps"
    closed = tables()
    closed.close()
    with pytest.raises(wellness.InvalidArgumentError):
        closed.query(RUNS)


def test_the_one_call_forms() -> None:
    assert wellness.query(RUNS, sessions=SESSION_ROWS, time_zone=ZONE)["value"] == 14.5
    many = wellness.query_many([RUNS, {"table": "daily", "reduce": "count"}], daily=DAILY_ROWS)
    assert many[0]["value"] == 0 and many[1]["value"] == 4  # type: ignore[index]


def doc_queries() -> List[Dict[str, Any]]:
    text = (REPO / "docs" / "QUERY.md").read_text()
    blocks = [json.loads(block) for block in re.findall(r"```json\n(.*?)```", text, re.S)]
    return [block for block in blocks if "reduce" in block]


def test_every_query_in_the_docs_runs_and_its_normal_form_fits_the_tool_schema() -> None:
    queries = doc_queries()
    assert len(queries) >= 11
    schema = wellness.query_tool()["parameters"]
    with tables() as read:
        for query in queries:
            result = read.query(query)
            jsonschema.validate(result["query"], schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"table": "daily", "reduce": "sum"}, schema)  # strict: every member present


def _query_in_child(read: wellness.QueryTables, queue: Any) -> None:
    queue.put(read.query(RUNS)["value"])


def test_tables_survive_fork() -> None:
    read = tables()
    read.query(RUNS)
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    child = context.Process(target=_query_in_child, args=(read, queue))
    child.start()
    child.join(30)
    assert child.exitcode == 0 and queue.get(timeout=5) == 14.5


def write_csv(path: Path, rows: List[Dict[str, Any]]) -> Path:
    frame = pd.DataFrame(rows)
    for column in ("start", "end"):
        if column in frame:
            frame[column] = [value.strftime("%Y-%m-%dT%H:%M:%SZ") for value in frame[column]]
    frame.to_csv(path, index=False)
    return path


def test_the_cli_prints_the_value_and_the_rows_it_used(tmp_path: Path) -> None:
    daily, sessions = write_csv(tmp_path / "daily.csv", DAILY_ROWS), write_csv(tmp_path / "s.csv", SESSION_ROWS)
    command = [sys.executable, "-m", "wellness", "query", "--daily", str(daily), "--sessions", str(sessions),
               "--time-zone", ZONE, "--unit", "distance=km"]
    result = subprocess.run(command + [json.dumps(RUNS)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "value: 14.50 km"
    assert lines[1] == "rows:  2 on 2 days (2025-11-01 to 2025-11-30)"
    assert [line.split()[0] for line in lines[-2:]] == ["2", "3"]  # the CSV lines of the two runs
    as_json = subprocess.run(command + ["--format", "json", json.dumps(RUNS)], capture_output=True, text=True)
    assert json.loads(as_json.stdout)["value"] == 14.5
    typo = subprocess.run(command + ['{"table": "daily", "metric": "step", "reduce": "sum"}'], capture_output=True,
                          text=True)
    assert typo.returncode == 1 and 'did you mean "steps"' in typo.stderr
    (tmp_path / "bad.csv").write_text("date,steps\n2025-11-01,12\n2025-11-01,13\n")
    bad = subprocess.run([sys.executable, "-m", "wellness", "query", "--daily", str(tmp_path / "bad.csv"),
                          json.dumps(RUNS)], capture_output=True, text=True)
    assert bad.returncode == 1 and "bad.csv:3: daily[1].date" in bad.stderr
    usage = subprocess.run([sys.executable, "-m", "wellness", "query", "{}"], capture_output=True, text=True)
    assert usage.returncode == 2


INTEGER_DAYS = [dt.date(2025, 11, 1), dt.date(2025, 11, 2), dt.date(2025, 11, 3)]
SUM_ALL = {"table": "daily", "metric": "steps", "reduce": "sum", "window": "all"}


@pytest.mark.parametrize("kind", ["uint8", "uint16", "uint32", "uint64", "int8", "int16", "int32", "int64"])
def test_arrow_integer_metrics_are_read_as_their_own_width(kind: str) -> None:
    table = pa.table({"date": INTEGER_DAYS, "steps": pa.array([5, 6, 7], getattr(pa, kind)())})
    assert wellness.query(SUM_ALL, daily=table)["value"] == 18


def json_value(values: List[int], reduce: str) -> Any:
    """The same column's answer through the JSON path (rows of Python integers)."""
    rows = [{"date": day.isoformat(), "steps": value} for day, value in zip(INTEGER_DAYS, values)]
    return wellness.query(SUM_ALL | {"reduce": reduce}, daily=json.dumps(rows))["value"]


@pytest.mark.parametrize("source", ["pyarrow", "pandas", "polars"])
def test_integers_beyond_2_53_round_as_the_json_path_rounds_them(source: str) -> None:
    for kind, values in (("uint64", [2 ** 64 - 1, 1, 2]), ("int64", [2 ** 53 + 1, 2 ** 63 - 1, -(2 ** 63)])):
        table = pa.table({"date": INTEGER_DAYS, "steps": pa.array(values, getattr(pa, kind)())})
        frame = table if source == "pyarrow" else table.to_pandas() if source == "pandas" else pl.from_arrow(table)
        for reduce in ("max", "min", "sum"):
            assert wellness.query(SUM_ALL | {"reduce": reduce}, daily=frame)["value"] == json_value(values, reduce), \
                (kind, reduce)
    big = pa.table({"date": INTEGER_DAYS, "steps": pa.array([2 ** 64 - 1, 0, 0], pa.uint64())})
    assert wellness.query(SUM_ALL | {"reduce": "max"}, daily=big)["value"] == 18446744073709551616.0
