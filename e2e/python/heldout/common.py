"""What the held-out question modules share: windows and their phrases,
the metrics' and activities' words, and the Builder that pairs each question
with the oracle's answer to its meaning."""

from __future__ import annotations

import datetime as dt
import random
from typing import Any, Dict, List, Optional, Sequence, Tuple

from heldout.dataset import ANCHOR, frames
from heldout.oracle import Oracle

D = dt.date
A = ANCHOR


def _days(n: int) -> Tuple[D, D]:
    return (A - dt.timedelta(days=n - 1), A)


MONDAY = A - dt.timedelta(days=A.weekday())
WINDOWS: Dict[str, Tuple[Optional[Tuple[D, D]], List[str]]] = {
    "all": (None, ["", "overall", "since I started tracking", "all time", ""]),
    "today": ((A, A), ["today"]),
    "yesterday": ((A - dt.timedelta(days=1),) * 2, ["yesterday"]),
    "this_week": ((MONDAY, MONDAY + dt.timedelta(days=6)), ["this week", "so far this week"]),
    "last_week": ((MONDAY - dt.timedelta(days=7), MONDAY - dt.timedelta(days=1)), ["last week"]),
    "since_monday": ((MONDAY, A), ["since Monday", "since monday"]),
    "this_month": ((D(2025, 12, 1), D(2025, 12, 31)), ["this month", "so far this month", "in December"]),
    "last_month": ((D(2025, 11, 1), D(2025, 11, 30)), ["last month", "in November", "during november",
                                                       "in nov"]),
    "october": ((D(2025, 10, 1), D(2025, 10, 31)), ["in October", "in october", "during October", "in oct"]),
    "september": ((D(2025, 9, 1), D(2025, 9, 30)), ["in September", "in sept", "during september"]),
    "last7": (_days(7), ["in the last 7 days", "over the past 7 days", "in the last seven days",
                         "the past 7 days"]),
    "last14": (_days(14), ["in the last 14 days", "over the last two weeks", "in the past 2 weeks",
                           "the last fortnight"]),
    "last28": (_days(28), ["in the past 4 weeks", "over the last four weeks", "in the last 28 days"]),
    "last30": (_days(30), ["in the last 30 days", "over the past 30 days", "the past thirty days"]),
    "last60": (_days(60), ["in the last 60 days", "over the past 60 days"]),
    "last90": (_days(90), ["in the last 90 days", "over the past 90 days"]),
}

#: Daily metrics: column, nouns, whether a total makes sense, whether a smaller value is better.
DAILY: List[Tuple[str, List[str], bool]] = [
    ("steps", ["steps", "daily steps", "step count"], True),
    ("sleep_minutes", ["sleep", "sleep duration", "time asleep", "total sleep time"], True),
    ("deep_sleep_minutes", ["deep sleep", "deep sleep time", "deep"], True),
    ("light_sleep_minutes", ["light sleep", "light sleep time"], True),
    ("rem_sleep_minutes", ["REM sleep", "rem sleep", "REM"], True),
    ("awake_minutes", ["time awake", "awake time", "minutes awake at night"], True),
    ("time_in_bed_minutes", ["time in bed"], True),
    ("deep_sleep_percent", ["deep sleep percentage", "deep sleep %", "percent deep sleep"], False),
    ("rem_sleep_percent", ["REM percentage", "REM sleep percent", "% of REM sleep"], False),
    ("light_sleep_percent", ["light sleep percentage", "light sleep %"], False),
    ("awake_percent", ["awake percentage", "percentage of time awake"], False),
    ("sleep_score", ["sleep score", "sleep scores"], False),
    ("resting_heart_rate", ["resting heart rate", "resting HR", "RHR", "resting pulse"], False),
    ("heart_rate_variability", ["HRV", "heart rate variability", "hrv"], False),
    ("active_zone_minutes", ["active zone minutes", "AZM", "zone minutes", "azm"], True),
    ("stress_score", ["stress score", "stress management score"], False),
    ("spo2", ["SpO2", "blood oxygen", "oxygen saturation", "spo2"], False),
    ("vo2_max", ["VO2 max", "vo2max", "VO2max"], False),
    ("weight", ["weight", "body weight"], False),
]
UNITS_OF = {"steps": "steps", "spo2": "%", "deep_sleep_percent": "%", "rem_sleep_percent": "%",
            "light_sleep_percent": "%", "awake_percent": "%", "sleep_score": "points", "resting_heart_rate": "bpm",
            "heart_rate_variability": "ms", "stress_score": "points", "vo2_max": "ml/kg/min", "weight": "kg",
            "duration": "min", "distance": "km", "calories": "kcal", "average_heart_rate": "bpm",
            "elevation_gain": "m", "speed": "km/h", "pace": "min/km", "active_zone_minutes": "min"}

#: Activities: exact names, what "also" accepts, singular, plural, verb, past, -ing phrase.
ACTS: Dict[str, Dict[str, Any]] = {
    "run": dict(acts=["Run"], alt=["Run", "Treadmill"], one="run", many="runs", verb="run", past="ran",
                ing="running"),
    "walk": dict(acts=["Walk"], one="walk", many="walks", verb="walk", past="walked", ing="walking"),
    "treadmill": dict(acts=["Treadmill"], one="treadmill session", many="treadmill sessions",
                      verb="go on the treadmill", past="went on the treadmill", ing="on the treadmill"),
    "bike": dict(acts=["Outdoor Bike"], alt=["Outdoor Bike", "Spinning"], one="bike ride", many="bike rides",
                 verb="cycle", past="cycled", ing="cycling"),
    "spin": dict(acts=["Spinning"], one="spin class", many="spin classes", verb="go to spin class",
                 past="did spinning", ing="spinning"),
    "swim": dict(acts=["Swim"], one="swim", many="swims", verb="swim", past="swam", ing="swimming"),
    "yoga": dict(acts=["Yoga"], one="yoga session", many="yoga sessions", verb="do yoga", past="did yoga",
                 ing="doing yoga"),
    "hike": dict(acts=["Hike"], one="hike", many="hikes", verb="hike", past="hiked", ing="hiking"),
    "strength": dict(acts=["Strength training"], one="strength training session",
                     many="strength training sessions", verb="lift weights", past="lifted weights",
                     ing="strength training"),
    "elliptical": dict(acts=["Elliptical"], one="elliptical workout", many="elliptical workouts",
                       verb="use the elliptical", past="used the elliptical", ing="on the elliptical"),
    "interval": dict(acts=["Interval Workout"], one="interval workout", many="interval workouts",
                     verb="do intervals", past="did an interval workout", ing="doing interval workouts"),
    "any": dict(acts=None, one="workout", many="workouts", verb="work out", past="worked out",
                ing="working out"),
}
DISTANCE_ACTS = ["run", "walk", "treadmill", "bike", "swim", "hike"]
ELEVATION_ACTS = ["run", "walk", "bike", "hike"]
STEP_ACTS = ["run", "walk", "treadmill", "hike"]

#: Realistic slips: applied to a few questions, each to a word the question has.
TYPOS = [("average", "avergae"), ("average", "avg"), ("steps", "stpes"), ("sleep", "sleeep"),
         ("yesterday", "yesterdy"), ("minutes", "mins"), ("distance", "distnace"), ("workouts", "worksouts"),
         ("resting", "restign"), ("heart rate", "heartrate"), ("How many", "how mnay"), ("What was", "waht was"),
         ("month", "mnth"), ("week", "wk"), ("kilometers", "kms"), ("running", "runing"), ("total", "totla"),
         ("walks", "walkss"), ("deep sleep", "deep sleap"), ("highest", "higest"), ("longest", "longes"),
         ("calories", "calroies"), ("October", "Ocotber"), ("November", "Novmber")]


class Builder:
    """Collects questions with their meanings and oracle answers."""

    def __init__(self) -> None:
        daily, sessions = frames()
        self.oracle = Oracle(daily, sessions)
        self.rng = random.Random(20251210)
        self.items: List[Dict[str, Any]] = []
        self.seen: set = set()

    def add(self, category: str, question: str, meaning: str, spec: Dict[str, Any], unit: Optional[str],
            also: Sequence[Dict[str, Any]] = (), tolerance: Optional[float] = None, scale: float = 1.0,
            allow_empty: bool = False, value: Any = None) -> bool:
        """Adds the question when its answer is defined (not None) and the question is new. `value`: the
        answer when it is not one reduction of `spec` (a difference, a share), computed by the caller."""
        question = " ".join(question.split())
        key = question.lower().rstrip("?")
        if value is None:
            value = self.oracle.value(spec)
        if value is None or key in self.seen:
            return False
        if not allow_empty and spec["r"] in ("sum", "count", "count_days") and value == 0:
            return False  # an empty answer is allowed only where a question is written to have one
        if isinstance(value, float):
            value *= scale
        accepted = []
        also = list(also) + _second_readings(spec)
        for other in also:
            other_value = other["value"] if "value" in other else self.oracle.value(other["spec"])
            # None: nothing to answer under that reading, and an answer saying so is right.
            if isinstance(other_value, float):
                other_value *= other.get("scale", 1.0)
            window = other["spec"].get("w")
            if other_value != value or window != spec.get("w"):  # the same number over other days is a reading too
                accepted.append({"expected": _clean(other_value), "unit": other.get("unit", unit),
                                 "meaning": other["meaning"],
                                 "window": None if window is None else [day.isoformat() for day in window]})
        self.seen.add(key)
        self.items.append({"id": len(self.items) + 1, "category": category, "topic": topic(spec),
                           "question": question,
                           "meaning": meaning, "expected": _clean(value), "unit": unit,
                           "tolerance": tolerance if tolerance is not None else _tolerance(value),
                           "also": accepted, "spec": _spec_json(spec)})
        return True

    def pick(self, options: Sequence[Any]) -> Any:
        return options[self.rng.randrange(len(options))]

    def window(self, names: Sequence[str]) -> Tuple[str, Optional[Tuple[D, D]], str]:
        name = self.pick(names)
        days, phrases = WINDOWS[name]
        return name, days, self.pick(phrases)

    def slip(self, text: str) -> str:
        """Sometimes lowercase, drop the question mark, or make a typo: as people type."""
        roll = self.rng.random()
        if roll < 0.12:
            candidates = [pair for pair in TYPOS if pair[0] in text]
            if candidates:
                wrong, right = self.pick(candidates)[::-1]
                text = text.replace(right, wrong, 1)
        elif roll < 0.30:
            text = text.lower().rstrip("?")
        return text


def topic(spec: Dict[str, Any]) -> str:
    """What a question is about, for the shares per topic: the metric read, else the first condition's."""
    column = spec.get("m") or next((column for column, _, _ in spec.get("where", ())), None)
    if spec["t"] == "s":
        return {"average_heart_rate": "workout heart rate", None: "workout counts"}.get(column, f"workout {column}")
    if column is None:
        return "daily"
    if column.endswith("percent") and column != "spo2":
        return "sleep stage percent"
    if "sleep" in column or column in ("awake_minutes", "time_in_bed_minutes"):
        return "sleep" if column in ("sleep_minutes", "sleep_score", "time_in_bed_minutes") else "sleep stages"
    return {"resting_heart_rate": "resting heart rate", "heart_rate_variability": "HRV",
            "active_zone_minutes": "active zone minutes"}.get(column, column)


PERCENTS = ("deep_sleep_percent", "light_sleep_percent", "rem_sleep_percent")


def _second_readings(spec: Dict[str, Any]) -> List[Dict[str, Any]]:
    """Readings as honest as the intended one: "last week" as the last 7 days; a stage's percentage of
    the time asleep rather than of the time in bed."""
    readings = []
    if spec.get("w") is not None and spec["w"] == WINDOWS["last_week"][0]:
        readings.append({"spec": dict(spec, w=_days(7)), "meaning": "the same over the last 7 days"})
    if spec.get("m") in PERCENTS or any(column in PERCENTS for column, _, _ in spec.get("where", ())):
        def of_sleep(column: str) -> str:
            return column.replace("_percent", "_of_sleep_percent") if column in PERCENTS else column

        changed = dict(spec, where=[(of_sleep(column), op, value) for column, op, value in spec.get("where", ())])
        if "m" in spec:
            changed["m"] = of_sleep(spec["m"])
        readings.append({"spec": changed, "meaning": "the same with stages as a share of the time asleep"})
    return readings


def _clean(value: Any) -> Any:
    if isinstance(value, float):
        return round(value, 6)
    return value


def _tolerance(value: Any) -> float:
    if isinstance(value, float):
        return max(1e-6, abs(value) * 1e-6)
    return 0.0


def _spec_json(spec: Dict[str, Any]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for key, value in spec.items():
        if key == "w" and value is not None:
            out[key] = [value[0].isoformat(), value[1].isoformat()]
        else:
            out[key] = value
    return out


def _phrase(window: str) -> str:
    return f" {window}" if window else ""


def _days_of(spec: Dict[str, Any]) -> str:
    window = spec.get("w")
    return "all days" if window is None else f"{window[0]}..{window[1]}"


def run_alt(builder: Builder, key: str, spec: Dict[str, Any], meaning: str) -> List[Dict[str, Any]]:
    """The other honest reading of an activity word ("runs" with treadmill runs, "cycling" with spinning)."""
    alt = ACTS[key].get("alt")
    if alt is None:
        return []
    return [{"spec": dict(spec, acts=alt), "meaning": meaning + f" (counting {' and '.join(alt)})"}]
