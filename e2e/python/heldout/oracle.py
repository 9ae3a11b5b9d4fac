"""The held-out questions' intended answers, computed with pandas over the
dataset (dataset.py), independently of the library's query engine.

A meaning is a small dict:
  t: "d" (daily rows) or "s" (workouts);  m: the column;  r: the reducer
  (sum mean median max min std count count_days first last date_of_max
  date_of_min first_date last_date distinct most_frequent value ratio);
  acts: activity names (exact names of the data);  w: (first day, last day)
  or None for all days;  weekend: True/False to keep only weekend/weekdays;
  where: [(column, op, value)] on the same table;  on: [(column, op, value)]
  on the other table joined by day;  on_acts: days with a workout of these
  activities;  not_on_acts: days without one;  take: ("first"|"last", k).
"""

from __future__ import annotations

import datetime as dt
import operator
from typing import Any, Callable, Dict, Optional, Tuple

import pandas as pd

_OPS: Dict[str, Callable[[Any, Any], Any]] = {
    "<": operator.lt, "<=": operator.le, ">": operator.gt, ">=": operator.ge, "==": operator.eq,
    "!=": operator.ne}


class Oracle:
    """Evaluates meanings over one person's daily and session frames."""

    def __init__(self, daily: pd.DataFrame, sessions: pd.DataFrame) -> None:
        self.daily = daily.copy()
        self.daily["day"] = self.daily["date"]
        for stage in ("deep", "light", "rem"):  # a stage as a share of the time asleep, not in bed
            self.daily[f"{stage}_sleep_of_sleep_percent"] = \
                100 * self.daily[f"{stage}_sleep_minutes"] / self.daily["sleep_minutes"]
        self.sessions = sessions.copy()
        self.sessions["pace"] = self.sessions["duration"] / self.sessions["distance"]

    def rows(self, meaning: Dict[str, Any]) -> pd.DataFrame:
        frame = self.daily if meaning["t"] == "d" else self.sessions
        window: Optional[Tuple[dt.date, dt.date]] = meaning.get("w")
        if window is not None:
            frame = frame[(frame["day"] >= window[0]) & (frame["day"] <= window[1])]
        if "weekend" in meaning:
            weekend = frame["day"].map(lambda day: day.weekday() >= 5)
            frame = frame[weekend == meaning["weekend"]]
        if meaning.get("acts") is not None:
            frame = frame[frame["activity"].isin(meaning["acts"])]
        for column, op, value in meaning.get("where", ()):
            frame = frame[frame[column].notna() & _OPS[op](frame[column], value)]
        other = self.sessions if meaning["t"] == "d" else self.daily
        if meaning.get("on"):
            kept = other
            for column, op, value in meaning["on"]:
                kept = kept[kept[column].notna() & _OPS[op](kept[column], value)]
            frame = frame[frame["day"].isin(set(kept["day"]))]
        if meaning.get("on_acts") is not None:
            days = set(self.sessions[self.sessions["activity"].isin(meaning["on_acts"])]["day"])
            frame = frame[frame["day"].isin(days)]
        if meaning.get("not_on_acts") is not None:
            days = set(self.sessions[self.sessions["activity"].isin(meaning["not_on_acts"])]["day"])
            frame = frame[~frame["day"].isin(days)]
        take = meaning.get("take")
        if take is not None:
            frame = frame.head(take[1]) if take[0] == "first" else frame.tail(take[1])
        return frame

    def value(self, meaning: Dict[str, Any]) -> Any:
        """The answer: a number, a date ("YYYY-MM-DD"), a name, or None when nothing matches."""
        frame = self.rows(meaning)
        reducer = meaning["r"]
        if reducer == "count":
            return len(frame) if "m" not in meaning else int(frame[meaning["m"]].notna().sum())
        if reducer == "count_days":
            return int(frame["day"].nunique())
        if reducer == "distinct":
            return int(frame["activity"].nunique())
        if reducer == "most_frequent":
            counts = frame["activity"].value_counts()
            return None if counts.empty else str(counts.index[0])
        if reducer in ("first_date", "last_date"):
            if frame.empty:
                return None
            return (frame["day"].iloc[0] if reducer == "first_date" else frame["day"].iloc[-1]).isoformat()
        if reducer == "ratio":  # sum of m / sum of m2 (e.g. pace over several runs: minutes per km)
            present = frame[frame[meaning["m"]].notna() & frame[meaning["m2"]].notna()]
            return float(present[meaning["m"]].sum() / present[meaning["m2"]].sum()) * meaning.get("scale", 1)
        series = frame[meaning["m"]].dropna()
        if reducer == "sum":
            return float(series.sum())
        if series.empty:
            return None
        if reducer in ("date_of_max", "date_of_min"):
            index = series.idxmax() if reducer == "date_of_max" else series.idxmin()
            return frame.loc[index, "day"].isoformat()
        if reducer == "std":
            return None if len(series) < 2 else float(series.std())
        if reducer in ("first", "last"):
            return float(series.iloc[0] if reducer == "first" else series.iloc[-1])
        return float(getattr(series, reducer)())
