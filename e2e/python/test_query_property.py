"""wellness.QueryTables against pandas on thousands of random tables and
query documents (query_oracle.py): every answer must equal what the query
means when written with pandas by hand. Sums must equal math.fsum exactly
(and pandas' sum to its own rounding); means and standard deviations may
differ in the last bits."""

from __future__ import annotations

import datetime as dt
import math
import random
from typing import Any

import pandas as pd
import pytest

import wellness
from query_oracle import expected, make_query, make_tables, prepared


def same(reduce: str, ours: Any, theirs: Any) -> bool:
    if isinstance(theirs, float) and isinstance(ours, (int, float)):
        if reduce in ("mean", "std"):
            return math.isclose(ours, theirs, rel_tol=1e-12, abs_tol=1e-12)
        return float(ours) == theirs
    return bool(ours == theirs)


@pytest.mark.parametrize("seed", range(50))
def test_random_queries_equal_pandas(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    for _ in range(10):
        daily, sessions, zone, first_weekday = make_tables(rng)
        given = rng.choice(["rows", "frames", "arrow"])
        if given == "rows":
            tables = wellness.QueryTables(daily.to_dict("records"), sessions.to_dict("records"), time_zone=zone,
                                          first_weekday=first_weekday)
        elif given == "frames":  # epoch seconds and date objects: read as JSON
            tables = wellness.QueryTables(daily, sessions, time_zone=zone, first_weekday=first_weekday)
        else:  # datetime64 columns: read through the Arrow C Data Interface
            instants = {column: pd.to_datetime(sessions[column], unit="s", utc=True) for column in ("start", "end")}
            tables = wellness.QueryTables(daily.assign(date=pd.to_datetime(daily["date"])),
                                          sessions.assign(**instants), time_zone=zone, first_weekday=first_weekday)
        ours_daily, ours_sessions = prepared(daily, sessions, zone)
        anchors = list(ours_daily["day"]) + list(ours_sessions["day"]) or [dt.date(2025, 1, 1)]
        queries = [make_query(rng, ours_daily, ours_sessions, rng.choice(anchors) + dt.timedelta(
            days=rng.randint(-3, 3)), extended=True) for _ in range(10)]
        with tables:
            results = tables.query_many(queries)
        for query, result in zip(queries, results):
            assert not isinstance(result, Exception), (query, result)
            want = expected(query, ours_daily, ours_sessions, first_weekday)
            context = (zone, first_weekday, query, result, want)
            assert same(query["reduce"], result["value"], want["value"]), context
            assert result["rows"] == want["rows"] and result["days"] == want["days"], context
            for key in ("from_date", "to_date"):
                assert result[key] == (want[key].isoformat() if want[key] else None), context
            if query["reduce"] == "sum" and want["pandas_sum"] is not None:
                assert math.isclose(result["value"], want["pandas_sum"], rel_tol=1e-9, abs_tol=1e-6), context
            checked += 1
    assert checked == 100
