# ruff: noqa: E501  (a data list: a form and its phrasings read best on their own lines)
"""The phrasing list: questions people ask about a wearable's data, written
for the test, grouped in forms (one meaning each). Each form holds its
variants (wording, synonyms, word order, comparators before and after the
number, number words, typos, casing) and the query every one must read, or
None when no query is right (the reader must decline). A form marked
`pending` needs a member or reducer today's query language lacks (an exact
activity match, a weekday condition, a range): it is declined today, and a
reading of it must use that newer language.

The anchor is Thursday 20 November 2025; weeks start on Monday."""

from __future__ import annotations

import dataclasses
import re
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple

from question_checks import expect

ANCHOR = "2025-11-20"


@dataclasses.dataclass
class Form:
    name: str
    query: Optional[Dict[str, Any]]
    phrasings: List[str]
    pending: str = ""
    #: "share" or "pace": the answer's number combines the query's result with a second query's.
    combined: str = ""


def q(table: str, reduce: str, metric: Optional[str] = None, activity: Optional[str] = None,
      where: Tuple[Tuple[str, str, Any], ...] = (), days: Tuple[Tuple[str, str, Any], ...] = (),
      window: Any = "all", take: Optional[Dict[str, int]] = None) -> Dict[str, Any]:
    return expect(table, reduce, metric, activity, where, days, window, take, anchor=ANCHOR)


def between(first: str, last: str) -> Dict[str, List[str]]:
    return {"between": [first, last]}


# ---------------------------------------------------------------------------
# Mechanical variants: casing and typos of written phrasings
# ---------------------------------------------------------------------------

def typo(phrasing: str) -> Optional[str]:
    """The phrasing with two inner letters of its longest word (6 letters or more) swapped."""
    words = re.findall(r"[A-Za-z]+", phrasing)
    longest = max(words, key=len, default="")
    if len(longest) < 6:
        return None
    index = len(longest) // 2
    if longest[index] == longest[index + 1]:
        index -= 1
    slipped = longest[:index] + longest[index + 1] + longest[index] + longest[index + 2:]
    return re.sub(rf"\b{longest}\b", slipped, phrasing, count=1)


def varied(phrasings: Sequence[str]) -> List[str]:
    """The phrasings, one in capitals, one with a typo, one in lower case without punctuation."""
    out = list(phrasings)
    if phrasings:
        out.append(phrasings[0].upper())
    if len(phrasings) > 1 and (slipped := typo(phrasings[1])):
        out.append(slipped)
    if len(phrasings) > 2:
        out.append(re.sub(r"[?!]|[.,](?!\d)", "", phrasings[2]).lower())
    return list(dict.fromkeys(out))


# ---------------------------------------------------------------------------
# Windows: (window, phrases after the question, an opening phrase)
# ---------------------------------------------------------------------------

WINDOWS: Dict[str, Tuple[Any, List[str], str]] = {
    "this week": ("this_week", ["this week", "so far this week"], "This week"),
    "last week": ("last_week", ["last week"], "Last week"),
    "this month": ("this_month", ["this month", "so far this month"], "This month"),
    "last month": ("last_month", ["last month"], "Last month"),
    "past 7 days": ({"last_days": 7}, ["over the past 7 days", "in the last seven days", "over the past week"],
                    "In the past week"),
    "past 14 days": ({"last_days": 14}, ["in the last 14 days", "over the past two weeks"], "Over the last 2 weeks"),
    "past 30 days": ({"last_days": 30}, ["over the past 30 days", "in the past month"], "In the last 30 days"),
    "past 3 months": ({"last_days": 90}, ["in the past 3 months", "over the last three months"],
                      "Over the past three months"),
    "October": (between("2025-10-01", "2025-10-31"), ["in October", "during October", "in october 2025"],
                "In October"),
    "since October": (between("2025-10-01", ANCHOR), ["since October", "since october"], "Since October"),
    "since Monday": (between("2025-11-17", ANCHOR), ["since Monday", "since monday"], "Since Monday"),
    "this year": (between("2025-01-01", "2025-12-31"), ["this year", "so far this year"], "This year"),
    "yesterday": ("yesterday", ["yesterday"], "Yesterday"),
    "ever": ("all", ["ever", "of all time"], "Of all time"),
}
WINDOW_ORDER = list(WINDOWS)


def windows_for(index: int, count: int = 2) -> List[str]:
    return [WINDOW_ORDER[(index * 5 + step * 3) % len(WINDOW_ORDER)] for step in range(count)]


def filled(templates: Sequence[str], window: str, **names: str) -> List[str]:
    """Each template with the window's phrases in turn ({w} after the question, {W} before it)."""
    _, after, before = WINDOWS[window]
    out = []
    for index, template in enumerate(templates):
        text = template.format(w=after[index % len(after)], W=before, **names)
        out.append(re.sub(r"\s+([?,])", r"\1", re.sub(r" +", " ", text)).strip())
    return out


# ---------------------------------------------------------------------------
# Daily metrics: a statistic over a window
# ---------------------------------------------------------------------------

#: column: (names people use, adds up over days)
DAILY_METRICS: Dict[str, Tuple[List[str], bool]] = {
    "steps": (["steps", "step count", "Steps"], True),
    "sleep_minutes": (["sleep", "hours of sleep", "sleep hours"], False),
    "deep_sleep_minutes": (["deep sleep", "Deep Sleep", "minutes of deep sleep"], False),
    "light_sleep_minutes": (["light sleep", "hours of light sleep", "Light sleep"], False),
    "rem_sleep_minutes": (["REM sleep", "rem", "minutes of REM"], False),
    "awake_minutes": (["time awake", "awake time", "minutes awake"], False),
    "time_in_bed_minutes": (["time in bed", "hours in bed", "Time In Bed"], False),
    "deep_sleep_percent": (["deep sleep percentage", "deep sleep percent", "percentage of deep sleep"], False),
    "rem_sleep_percent": (["REM percentage", "rem sleep percent", "percent of REM sleep"], False),
    "light_sleep_percent": (["light sleep percentage", "percentage of light sleep", "light sleep %"], False),
    "awake_percent": (["awake percentage", "percentage of time awake", "awake percent"], False),
    "sleep_score": (["sleep score", "Sleep Score", "sleep scores"], False),
    "stress_score": (["stress score", "stress", "Stress Score"], False),
    "active_zone_minutes": (["active zone minutes", "AZM", "zone minutes"], True),
    "heart_rate_variability": (["HRV", "heart rate variability", "hrv"], False),
    "resting_heart_rate": (["resting heart rate", "RHR", "resting pulse"], False),
    "spo2": (["SpO2", "blood oxygen", "oxygen saturation"], False),
    "vo2_max": (["VO2 max", "vo2max", "cardio fitness score"], False),
}

STATISTICS: Dict[str, List[str]] = {
    "mean": ["What was my average {n} {w}?", "average {n} {w}", "{W}, what was my average {n}?", "avg {n} {w}",
             "What's my mean {n} {w}?", "{n} {w} on average"],
    "max": ["What was my highest {n} {w}?", "maximum {n} {w}", "{W}, what was my peak {n}?",
            "What was the max {n} {w}?", "top {n} {w}"],
    "min": ["What was my lowest {n} {w}?", "minimum {n} {w}", "{W}, what was my min {n}?",
            "What was the smallest {n} {w}?"],
    "median": ["What was my median {n} {w}?", "median {n} {w}", "{W}, what was the median of my {n}?",
               "my median {n} {w}"],
    "std": ["What was the standard deviation of my {n} {w}?", "standard deviation of {n} {w}",
            "{W}, what was the std of my {n}?", "stdev of my {n} {w}", "std dev {n} {w}"],
    "sum": ["total {n} {w}", "What was my total {n} {w}?", "{W}, how many {n} did I get in total?",
            "{n} {w} in total", "How many {n} {w} altogether?"],
}


def daily_statistics() -> Iterator[Form]:
    index = 0
    for column, (names, adds_up) in DAILY_METRICS.items():
        for reduce, templates in STATISTICS.items():
            if reduce == "sum" and not adds_up:
                continue
            templates = list(templates)
            if (reduce == "sum") == adds_up and reduce in ("sum", "mean"):
                templates.append("my {n} {w}")  # no reducer word: a total when it adds up, else the mean
            if reduce == "std" and not column.endswith("heart_rate"):
                templates.append("{n} variability {w}")
            for window in windows_for(index):
                index += 1
                phrasings = [filled([template], window, n=names[number % len(names)])[0]
                             for number, template in enumerate(templates)]
                yield Form(f"{reduce} {column} {window}", q("daily", reduce, column, window=WINDOWS[window][0]),
                           varied(phrasings))


# ---------------------------------------------------------------------------
# Days meeting a condition on a daily metric, comparators before and after the number
# ---------------------------------------------------------------------------

COMPARATORS: Dict[str, List[str]] = {
    ">": ["more than {x}", "over {x}", "above {x}", "greater than {x}"],
    ">=": ["at least {x}", "{x} or more", "no less than {x}", "{x} and above"],
    "<": ["less than {x}", "under {x}", "below {x}", "fewer than {x}"],
    "<=": ["at most {x}", "{x} or less", "no more than {x}", "up to {x}", "less than or equal to {x}"],
}

#: column: (templates with {c} for the comparison, quantities (said, value) said in the metric's unit)
CONDITIONS: Dict[str, Tuple[List[str], List[Tuple[str, float]]]] = {
    "sleep_minutes": (["How many days did I sleep {c} {w}?", "On how many days did I get {c} of sleep {w}?",
                       "how many days was my sleep {c} {w}", "{W}, how many days did I sleep {c}?"],
                      [("7 hours", 420), ("seven hours", 420), ("420 minutes", 420)]),
    "deep_sleep_minutes": (["How many days did I get {c} of deep sleep {w}?",
                            "On how many days was my deep sleep {c} {w}?",
                            "how many days did I have {c} of deep sleep {w}", "{W}, how many days with deep sleep {c}?"],
                           [("90 minutes", 90), ("an hour and a half", 90), ("1.5 hours", 90)]),
    "rem_sleep_minutes": (["How many days did I get {c} of REM sleep {w}?", "On how many days was my REM sleep {c} {w}?",
                           "how many days with REM {c} {w}"],
                          [("100 minutes", 100), ("100 mins", 100)]),
    "light_sleep_minutes": (["How many days did I get {c} of light sleep {w}?",
                             "On how many days was my light sleep {c} {w}?", "{W}, how many days with light sleep {c}?"],
                            [("4 hours", 240), ("four hours", 240), ("240 minutes", 240)]),
    "awake_minutes": (["How many days was my time awake {c} {w}?", "On how many days was I awake {c} {w}?",
                       "{W}, how many days with awake time {c}?"],
                      [("an hour", 60), ("60 minutes", 60), ("1 hour", 60)]),
    "time_in_bed_minutes": (["How many days was my time in bed {c} {w}?", "On how many days did I spend {c} in bed {w}?",
                             "{W}, how many days with time in bed {c}?"],
                            [("8 hours", 480), ("eight hours", 480), ("480 minutes", 480)]),
    "steps": (["How many days did I walk {c} steps {w}?", "On how many days did I take {c} steps {w}?",
               "how many days with {c} steps {w}", "{W}, how many days did I get {c} steps?"],
              [("10,000", 10000), ("10000", 10000), ("ten thousand", 10000), ("10k", 10000)]),
    "active_zone_minutes": (["How many days did I get {c} active zone minutes {w}?", "how many days with {c} AZM {w}",
                             "{W}, on how many days did I get {c} zone minutes?"],
                            [("30", 30), ("thirty", 30)]),
    "heart_rate_variability": (["How many days was my HRV {c} {w}?", "On how many days was my heart rate variability {c} {w}?",
                                "{W}, how many days with HRV {c}?"],
                               [("50", 50), ("50 ms", 50)]),
    "resting_heart_rate": (["How many days was my resting heart rate {c} {w}?", "On how many days was my RHR {c} {w}?",
                            "{W}, how many days with a resting pulse {c}?"],
                           [("55", 55), ("55 bpm", 55)]),
    "sleep_score": (["How many days was my sleep score {c} {w}?", "On how many days did I get a sleep score {c} {w}?",
                     "{W}, how many days with a sleep score {c}?"],
                    [("80", 80), ("eighty", 80)]),
    "stress_score": (["How many days was my stress score {c} {w}?", "On how many days was my stress {c} {w}?",
                      "{W}, how many days with stress score {c}?"],
                     [("70", 70), ("seventy", 70)]),
    "spo2": (["How many days was my SpO2 {c} {w}?", "On how many days was my blood oxygen {c} {w}?",
              "{W}, how many days with oxygen saturation {c}?"],
             [("95%", 95), ("95 percent", 95), ("95", 95)]),
    "deep_sleep_percent": (["How many days was my deep sleep percentage {c} {w}?", "On how many days was my deep sleep {c} {w}?",
                            "{W}, how many days did I get {c} deep sleep?"],
                           [("20%", 20), ("20 percent", 20)]),
    "rem_sleep_percent": (["How many days was my REM percentage {c} {w}?", "On how many days was my REM sleep {c} {w}?"],
                          [("20%", 20), ("20 percent", 20)]),
    "vo2_max": (["How many days was my VO2 max {c} {w}?", "On how many days was my cardio fitness score {c} {w}?"],
                [("45", 45), ("forty five", 45)]),
}


def daily_conditions() -> Iterator[Form]:
    index = 0
    for column, (templates, quantities) in CONDITIONS.items():
        for op, comparators in COMPARATORS.items():
            window = WINDOW_ORDER[(index * 7) % len(WINDOW_ORDER)]
            index += 1
            phrasings = []
            value = quantities[0][1]
            for number, comparator in enumerate(comparators):
                for step, template in enumerate(templates):
                    if (number + step) % 2:
                        continue
                    said = quantities[(number + step) % len(quantities)][0]
                    phrasings.append(filled([template], window, c=comparator.format(x=said))[0])
            yield Form(f"days {column} {op} {window}",
                       q("daily", "count_days", where=((column, op, value),), window=WINDOWS[window][0]),
                       varied(phrasings[:7]))


# ---------------------------------------------------------------------------
# Workouts of each kind
# ---------------------------------------------------------------------------

#: name: (singular, plural, verb, past, gerund, moves: has distance and speed)
ACTIVITIES: Dict[str, Tuple[str, str, str, str, str, bool]] = {
    "run": ("run", "runs", "run", "ran", "running", True),
    "walk": ("walk", "walks", "walk", "walked", "walking", True),
    "hike": ("hike", "hikes", "hike", "hiked", "hiking", True),
    "swim": ("swim", "swims", "swim", "swam", "swimming", False),
    "bike": ("bike ride", "bike rides", "cycle", "cycled", "cycling", True),
    "yoga": ("yoga session", "yoga sessions", "do yoga", "did yoga", "doing yoga", False),
    "weights": ("strength training session", "strength training sessions", "lift weights", "lifted weights",
                "lifting weights", False),
    "elliptical": ("elliptical workout", "elliptical workouts", "use the elliptical", "used the elliptical",
                   "on the elliptical", False),
    "hiit": ("interval workout", "interval workouts", "do intervals", "did intervals", "doing intervals", False),
    "aerobic": ("aerobic workout", "aerobic workouts", "do aerobics", "did aerobics", "doing aerobics", False),
}

SESSION_FORMS: Dict[str, Tuple[str, Optional[str], bool, List[str]]] = {
    # key: (reduce, metric, only for activities that move, templates)
    "count": ("count", None, False, ["How many {pl} did I do {w}?", "how many times did I {verb} {w}",
                                     "How often did I {verb} {w}?", "number of {pl} {w}", "{W}, how many {pl}?",
                                     "How frequently did I {verb} {w}?"]),
    "count_days": ("count_days", None, False, ["How many days did I {verb} {w}?", "On how many days did I {verb} {w}?",
                                               "how many distinct days did I {verb} {w}",
                                               "{W}, how many days did I {verb}?", "number of days I {past} {w}"]),
    "distance": ("sum", "distance", True, ["How far did I {verb} {w}?", "total distance of my {pl} {w}",
                                            "How many km did I {verb} {w}?", "What distance did I {verb} {w}?",
                                            "{W}, how far did I {verb} in total?"]),
    "duration": ("sum", "duration", False, ["How long did I {verb} {w}?", "How much time did I spend {ger} {w}?",
                                             "total time {ger} {w}", "total duration of my {pl} {w}",
                                             "{W}, how long did I spend {ger}?"]),
    "speed": ("mean", "speed", True, ["What was my average speed on my {pl} {w}?", "average speed of my {pl} {w}",
                                      "{W}, what was my mean speed on my {pl}?", "my speed on {pl} {w}"]),
    "heart rate": ("mean", "average_heart_rate", False, [
        "What was my average heart rate on my {pl} {w}?", "heart rate during my {pl} {w}",
        "average HR of my {pl} {w}", "{W}, what was my average pulse on my {pl}?", "my bpm on {pl} {w}"]),
    "calories": ("sum", "calories", False, ["How many calories did I burn {ger} {w}?",
                                            "total calories burned on my {pl} {w}", "calories of my {pl} {w} in total",
                                            "{W}, how many calories on my {pl}?", "kcal burned on my {pl} {w}"]),
    "elevation": ("sum", "elevation_gain", True, ["How much elevation gain on my {pl} {w}?",
                                                  "total elevation gain of my {pl} {w}",
                                                  "How much did I climb on my {pl} {w}?",
                                                  "{W}, what was the total elevation of my {pl}?"]),
    "most elevation": ("max", "elevation_gain", True, ["What was the highest elevation gain of my {pl} {w}?",
                                                       "maximum elevation gain on my {pl} {w}",
                                                       "{W}, what was the most I climbed on my {pl}?"]),
    "steps": ("sum", "steps", True, ["How many steps on my {pl} {w}?", "total steps during my {pl} {w}",
                                     "{W}, how many steps did I take on my {pl}?", "steps of my {pl} {w} in total"]),
    "zone minutes": ("sum", "active_zone_minutes", False, [
        "How many active zone minutes did I get on my {pl} {w}?", "total AZM from my {pl} {w}",
        "{W}, how many zone minutes on my {pl}?"]),
    "average distance": ("mean", "distance", True, ["What was the average distance of my {pl} {w}?",
                                                    "average {one} distance {w}", "{W}, how far was my average {one}?",
                                                    "mean distance of my {pl} {w}"]),
    "farthest": ("max", "distance", True, ["What was my farthest {one} {w}?", "furthest {one} {w}",
                                           "{W}, what was the distance of my longest {one}?",
                                           "How far was my longest {one} {w}?"]),
    "longest": ("max", "duration", False, ["What was my longest {one} {w}?", "longest {one} {w}",
                                           "{W}, what was my longest {one}?", "my longest {one} {w}"]),
    "shortest": ("min", "duration", False, ["What was my shortest {one} {w}?", "shortest {one} {w}",
                                            "{W}, what was my shortest {one}?"]),
    "last date": ("last_date", None, False, ["When was my last {one}?", "When did I last {verb}?",
                                             "when was the last time I {past}", "WHEN WAS MY LAST {ONE}?"]),
    "first date": ("first_date", None, False, ["When was my first {one} {w}?", "When did I first {verb} {w}?",
                                               "{W}, when was my first {one}?"]),
}


def sessions() -> Iterator[Form]:
    index = 0
    for name, (one, many, verb, past, gerund, moves) in ACTIVITIES.items():
        for key, (reduce, metric, needs_moving, templates) in SESSION_FORMS.items():
            if needs_moving and not moves:
                continue
            if (index + len(key)) % 3 == 1 and key not in ("count", "count_days", "last date"):
                index += 1
                continue  # a share of the pairs, not every one
            window = "ever" if key == "last date" else WINDOW_ORDER[(index * 5) % len(WINDOW_ORDER)]
            index += 1
            phrasings = filled(templates, window, one=one, pl=many, verb=verb, past=past, ger=gerund,
                               ONE=one.upper())
            yield Form(f"{key} {name} {window}",
                       q("sessions", reduce, metric, activity=name, window=WINDOWS[window][0]), varied(phrasings))


def any_workout() -> Iterator[Form]:
    windows = ["this week", "last month", "past 30 days", "October"]
    templates = {
        "count": (q("sessions", "count"), ["How many workouts did I do {w}?", "how many times did I work out {w}",
                                           "How often did I exercise {w}?", "{W}, how many sessions?",
                                           "number of workouts {w}", "How many times did I train {w}?"]),
        "count_days": (q("sessions", "count_days"), ["How many days did I work out {w}?",
                                                     "On how many days did I exercise {w}?",
                                                     "how many unique days did I do any workout {w}",
                                                     "{W}, how many days did I train?"]),
        "duration": (q("sessions", "sum", "duration"), ["How long did I exercise {w}?",
                                                        "total workout time {w}",
                                                        "How much time did I spend on workouts {w}?",
                                                        "{W}, total duration of my workouts?"]),
        "calories": (q("sessions", "sum", "calories"), ["How many calories did I burn in workouts {w}?",
                                                        "total calories burned during my workouts {w}",
                                                        "{W}, how many calories did my workouts burn?"]),
        "heart rate": (q("sessions", "mean", "average_heart_rate"), [
            "What was my average heart rate during workouts {w}?", "average heart rate during my workouts {w}",
            "{W}, what was my heart rate during workouts?", "my average HR in workouts {w}"]),
        "activities": (q("sessions", "activities"), ["What workouts did I do {w}?", "Which activities did I do {w}?",
                                                     "{W}, what workouts did I do?", "what kinds of workouts {w}"]),
        "most frequent": (q("sessions", "most_frequent_activity"), [
            "What was my most common workout {w}?", "What did I do most {w}?", "most frequent activity {w}",
            "{W}, what was my most frequent workout?"]),
    }
    for number, (key, (query, phrases)) in enumerate(templates.items()):
        for window in (windows[number % 4], windows[(number + 1) % 4]):
            yield Form(f"{key} any workout {window}", dict(query, window=WINDOWS[window][0]),
                       varied(filled(phrases, window)))


# ---------------------------------------------------------------------------
# Written forms: conditions, joins by day, takes, defaults and ambiguity
# ---------------------------------------------------------------------------

RAN = (("activity", "==", "run"),)
ANY = (("duration", ">=", 0),)

WRITTEN: List[Form] = [
    Form("deep sleep on days over 10k steps", q("daily", "mean", "deep_sleep_minutes", where=(("steps", ">", 10000),)), [
        "What was my average deep sleep on days I walked more than 10,000 steps?",
        "Average deep sleep on days with more than 10000 steps", "average deep sleep when my steps were over 10k",
        "How much deep sleep did I get on average on days with over ten thousand steps?",
        "AVERAGE DEEP SLEEP ON DAYS WITH MORE THAN 10,000 STEPS", "avrage deep sleep on days with over 10000 steps"]),
    Form("HRV on days I ran", q("daily", "mean", "heart_rate_variability", days=RAN, window="this_month"), [
        "What was my average HRV on days I ran this month?", "average hrv on days I went running this month",
        "This month, what was my HRV on days I ran?", "my average heart rate variability on days i ran this month",
        "Average HRV on days I jogged this month"]),
    Form("sleep score on days I did yoga", q("daily", "mean", "sleep_score", days=(("activity", "==", "yoga"),)), [
        "What was my average sleep score on days I did yoga?", "average sleep score on days I did yoga",
        "my sleep score on days when I did yoga on average", "Avg sleep score on days I did yoga"]),
    Form("RHR on days I worked out", q("daily", "mean", "resting_heart_rate", days=ANY, window="last_month"), [
        "What was my average resting heart rate on days I worked out last month?",
        "average RHR on days I exercised last month", "Last month, my resting heart rate on days I worked out",
        "average resting pulse on days I trained last month"]),
    Form("stress on days I ran", q("daily", "mean", "stress_score", days=RAN, window={"last_days": 30}), [
        "What was my average stress score on days I ran in the past 30 days?",
        "average stress on days I went running over the past month",
        "my stress score on days I ran in the last 30 days"]),
    Form("steps on days I slept under 6 hours", q("daily", "mean", "steps", where=(("sleep_minutes", "<", 360),)), [
        "How many steps did I take on average on days I slept less than 6 hours?",
        "Average steps on days I slept under six hours", "average step count when I slept less than 6 hours",
        "average steps on days with less than 360 minutes of sleep"]),
    Form("deep sleep percent on days I swam", q("daily", "mean", "deep_sleep_percent", days=(("activity", "==", "swim"),)), [
        "What was my average deep sleep percentage on days I swam?", "average deep sleep percent on days I went swimming",
        "percentage of deep sleep on days I swam on average"]),
    Form("sleep on days with 30 AZM", q("daily", "mean", "sleep_minutes", where=(("active_zone_minutes", ">=", 30),)), [
        "How much did I sleep on average on days with at least 30 active zone minutes?",
        "average sleep on days with 30 AZM or more", "Average sleep on days I got at least 30 zone minutes"]),
    Form("runs on days I slept under 6 hours", q("sessions", "count", activity="run", days=(("sleep_minutes", "<", 360),)), [
        "How many times did I run on days I slept less than 6 hours?", "How many runs on days I slept under six hours?",
        "How often did I run on days I slept less than 6 hours?", "number of runs on days I slept below 6 hours"]),
    Form("runs on days with HRV over 60", q("sessions", "count", activity="run", days=(("heart_rate_variability", ">", 60),)), [
        "How many runs on days my HRV was over 60?", "How many times did I run on days with HRV above 60?",
        "how often did I run on days when my hrv was more than 60"]),
    Form("run distance on days slept over 7h", q("sessions", "mean", "distance", activity="run",
                                                 days=(("sleep_minutes", ">", 420),)), [
        "How far did I run on average on days I slept more than 7 hours?",
        "Average run distance on days I slept over 7 hours", "average distance of my runs on days I slept over seven hours"]),
    Form("runs over 5 km", q("sessions", "count", activity="run", where=(("distance", ">", 5),), window="this_month"), [
        "How many runs over 5 km this month?", "How many times did I run more than 5 km this month?",
        "How many runs longer than 5 km did I do this month?", "Number of runs over 5 kilometers this month",
        "This month, how many runs above 5 km?"]),
    Form("runs of 10 km or more", q("sessions", "count", activity="run", where=(("distance", ">=", 10),)), [
        "How many runs of 10 km or more?", "How many times did I run at least 10 km?",
        "how many runs were 10 kilometres or longer", "number of runs of at least 10 km"]),
    Form("rides between 10 and 20 km", q("sessions", "count", activity="bike", where=(("distance", ">=", 10), ("distance", "<=", 20))), [
        "How many bike rides between 10 and 20 km?", "how many rides were between 10 km and 20 km",
        "How many times did I cycle between 10 and 20 kilometers?"]),
    Form("runs longer than 30 minutes", q("sessions", "count", activity="run", where=(("duration", ">", 30),), window="last_month"), [
        "How many runs were longer than 30 minutes last month?", "how many runs longer than 30 mins last month",
        "Last month, how many times did I run more than 30 minutes?", "How many runs over half an hour last month?"]),
    Form("walks of an hour or more", q("sessions", "count", activity="walk", where=(("duration", ">=", 60),)), [
        "How many walks of an hour or more?", "How many walks were at least 60 minutes?",
        "how many walks of 1 hour or longer"]),
    Form("swims under 30 minutes", q("sessions", "count", activity="swim", where=(("duration", "<", 30),)), [
        "How many swims under 30 minutes?", "How many swims were shorter than half an hour?",
        "how many times did I swim less than 30 minutes"]),
    Form("runs with more than 5000 steps", q("sessions", "count", activity="run", where=(("steps", ">", 5000),)), [
        "How many runs with more than 5,000 steps?", "How many runs over 5000 steps?",
        "how many runs had more than five thousand steps"]),
    Form("days I ran with 4200 steps", q("sessions", "count_days", activity="run", where=(("steps", ">", 4200),)), [
        "How many days did I run with more than 4,200 steps?", "how many days did i run with over 4200 steps"]),
    Form("runs with heart rate over 150", q("sessions", "count", activity="run", where=(("average_heart_rate", ">", 150),)), [
        "How many runs with an average heart rate over 150?", "How many runs with heart rate above 150?",
        "how many runs where my heart rate was more than 150"]),
    Form("rides with elevation over 300", q("sessions", "count", activity="bike", where=(("elevation_gain", ">", 300),)), [
        "How many bike rides with elevation gain over 300?", "how many rides with more than 300 elevation gain",
        "How many rides climbed more than 300 meters?"]),
    Form("hikes with more than 500 calories", q("sessions", "count", activity="hike", where=(("calories", ">", 500),)), [
        "How many hikes with more than 500 calories?", "How many hikes burned over 500 calories?",
        "how many hikes with over 500 kcal"]),
    Form("runs faster than 12 km/h", q("sessions", "count", activity="run", where=(("speed", ">", 12),)), [
        "How many runs with speed over 12?", "how many runs with an average speed above 12",
        "How many runs faster than 12 km/h?"]),
    Form("walk steps first two today", q("sessions", "sum", "steps", activity="walk", take={"first": 2}, window="yesterday"), [
        "How many steps during my first two walks yesterday?", "how many steps on my first 2 walks yesterday",
        "Yesterday, how many steps did my first two walks take?"]),
    Form("steps last two walks today", q("sessions", "sum", "steps", activity="walk", take={"last": 2}, window="today"), [
        "How many steps did I take on my last 2 walks today?", "steps of my last two walks today",
        "Today, how many steps on my last two walks?"]),
    Form("heart rate last two swims this week", q("sessions", "mean", "average_heart_rate", activity="swim",
                                                  take={"last": 2}, window="this_week"), [
        "What was my heart rate on my last two swims this week?", "average heart rate of my last 2 swims this week",
        "This week, what was my average HR on my last two swims?"]),
    Form("heart rate last three swims", q("sessions", "mean", "average_heart_rate", activity="swim", take={"last": 3}), [
        "What was my heart rate on my last three swims?", "Average heart rate of my last 3 swims",
        "what was my average heart rate over my last three swims", "heart rate on my last 3 swims",
        "What was my HR on my last three swims?", "hart rate on my last 3 swims"]),
    Form("distance last run", q("sessions", "sum", "distance", activity="run", take={"last": 1}), [
        "How far was my last run?", "What distance was my last run?", "how far did I go on my last run",
        "How far did I run on my last run?"]),
    Form("speed last ride", q("sessions", "mean", "speed", activity="bike", take={"last": 1}), [
        "What was my speed on my last bike ride?", "my average speed on my last ride",
        "What Was My Speed On My Last Ride?"]),
    Form("calories last five workouts", q("sessions", "sum", "calories", take={"last": 5}), [
        "How many calories did I burn in my last five workouts?", "total calories of my last 5 workouts",
        "calories burned on my last five sessions"]),
    Form("duration first three hikes", q("sessions", "sum", "duration", activity="hike", take={"first": 3}), [
        "How long were my first three hikes?", "total duration of my first 3 hikes",
        "how long did my first three hikes take"]),
    Form("elevation last hike", q("sessions", "sum", "elevation_gain", activity="hike", take={"last": 1}), [
        "How much elevation gain on my last hike?", "What was the elevation gain of my last hike?",
        "how much did I climb on my last hike"]),
    Form("steps last walk", q("sessions", "sum", "steps", activity="walk", take={"last": 1}), [
        "How many steps on my last walk?", "how many steps did my last walk take", "steps of my last walk"]),
    Form("HRV on the last day I ran", q("daily", "mean", "heart_rate_variability",
                                        window={"day_of": {"which": "last", "activity": ["run"]}}), [
        "What was my HRV on the most recent day I ran?", "my hrv on the last day I ran",
        "What was my HRV on the last day I went running?"]),
    Form("sleep on the last day I swam", q("daily", "mean", "sleep_minutes",
                                           window={"day_of": {"which": "last", "activity": ["swim"]}}), [
        "How much did I sleep on the last day I swam?", "my sleep on the most recent day I went swimming",
        "how much sleep did I get on the last day I swam"]),
    Form("hours slept on the last day I swam", q("daily", "sum", "sleep_minutes",
                                                 window={"day_of": {"which": "last", "activity": ["swim"]}}), [
        "How many hours did I sleep on the last day I swam?", "how many hours did I sleep on the most recent day I went swimming",
        "How many hours of sleep did I get on the last day I swam?"]),
    Form("steps on the first day I hiked", q("daily", "sum", "steps",
                                             window={"day_of": {"which": "first", "activity": ["hike"]}}), [
        "How many steps did I take on the first day I hiked?", "steps on the first day I went hiking"]),
    Form("RHR on the last day I worked out", q("daily", "mean", "resting_heart_rate",
                                               window={"day_of": {"which": "last", "activity": None}}), [
        "What was my resting heart rate on the last day I worked out?",
        "my resting heart rate on the most recent day I exercised"]),
    Form("deep sleep over 2 hours", q("daily", "count_days", where=(("deep_sleep_minutes", ">", 120),)), [
        "How many days did I have more than 2 hours of deep sleep?",
        "On how many days did I get over 2 hours of deep sleep?",
        "how many days did i get more than two hours of deep sleep",
        "How many days did I have more than 120 minutes of deep sleep?"]),
    Form("sleep under an hour", q("daily", "count_days", where=(("sleep_minutes", "<", 60),)), [
        "How many days did I sleep for less than an hour?", "how many days did I sleep under an hour",
        "On how many days did I sleep less than 1 hour?"]),
    Form("REM under 252 minutes", q("daily", "count_days", where=(("rem_sleep_minutes", "<", 252),)), [
        "How many days did I sleep less than 252 minutes in REM sleep?",
        "How many days did I get less than 252 minutes of REM sleep?"]),
    Form("sleep between 6 and 8 hours", q("daily", "count_days", where=(("sleep_minutes", ">=", 360),
                                                                        ("sleep_minutes", "<=", 480)),
                                          window="this_month"), [
        "How many days did I sleep between 6 and 8 hours this month?",
        "how many days this month did I sleep between six and eight hours",
        "On how many days did I get between 6 and 8 hours of sleep this month?",
        "how many days did i sleep betwen 6 and 8 hours this month"]),
    Form("steps 5000 to 10000", q("daily", "count_days", where=(("steps", ">", 5000), ("steps", "<", 10000))), [
        "How many days did I walk more than 5,000 steps and fewer than 10,000 steps?",
        "how many days with over 5000 steps but under 10000"]),
    Form("deep sleep 60 to 100", q("daily", "count_days", where=(("deep_sleep_minutes", ">", 60),
                                                                 ("deep_sleep_minutes", "<", 100))), [
        "How many days did I get over 60 and under 100 minutes of deep sleep?",
        "how many days did I get more than 60 and less than 100 minutes of deep sleep"]),
    Form("time in bed between 7 and 9 hours", q("daily", "count_days", where=(("time_in_bed_minutes", ">=", 420),
                                                                              ("time_in_bed_minutes", "<=", 540))), [
        "How many days was my time in bed between 7 and 9 hours?",
        "On how many days did I spend between 7 and 9 hours in bed?"]),
    Form("RHR last month min", q("daily", "min", "resting_heart_rate", window="last_month"), [
        "What was the lowest my resting heart rate got last month?", "lowest RHR last month",
        "What was my lowest resting pulse last month?"]),
    Form("steps per day this year", q("daily", "mean", "steps", window=between("2025-01-01", "2025-12-31")), [
        "How many steps did I take per day this year?", "average steps per day this year",
        "How many steps a day did I average this year?", "daily step average this year"]),
    Form("sleep per night past week", q("daily", "mean", "sleep_minutes", window={"last_days": 7}), [
        "How much did I sleep per night in the past week?", "hours of sleep a night over the last 7 days",
        "How many hours did I sleep each night over the past seven days?"]),
    Form("deep sleep default mean", q("daily", "mean", "deep_sleep_minutes", window={"last_days": 7}), [
        "my deep sleep in the last 7 days", "deep sleep over the past week", "Deep sleep in the past seven days?"]),
    Form("how many HRV is a mean", q("daily", "mean", "heart_rate_variability", window="this_week"), [
        "How much HRV did I have this week?", "my HRV this week", "HRV this week?"]),
    Form("steps default total", q("daily", "sum", "steps", window="this_week"), [
        "my steps this week", "steps this week", "How many steps this week?", "Steps So Far This Week?"]),
    Form("days with any workout this week", q("sessions", "count_days", window="this_week"), [
        "How many days did I do any workout this week?", "how many distinct days did I exercise this week",
        "On how many days this week did I work out?"]),
    Form("runs in December 2024", q("sessions", "count", activity="run", window=between("2024-12-01", "2024-12-31")), [
        "How many runs in December?", "How many times did I run in December?", "how many runs in december 2024"]),
    Form("swims last year", q("sessions", "count", activity="swim", window=between("2024-01-01", "2024-12-31")), [
        "How many times did I swim last year?", "How many swims last year?", "How often did I swim last year?"]),
]

#: Questions with no right query in any language the reader has: declined.
DECLINED_FORMS: List[Tuple[str, List[str]]] = [
    ("future", ["How many runs will I do next week?", "How many steps will I take tomorrow?",
                "How many days will I run in the next two weeks?"]),
    ("advice", ["Am I getting fitter?", "Should I run today?", "Give me a training plan", "What is a good HRV?",
                "Is my heart rate normal?", "How many steps should I take?"]),
    ("why", ["Why did I sleep badly?", "Why is my resting heart rate high?", "Which day this week did I sleep best and why?"]),
    ("comparison", ["Compare my sleep this week with last week", "Was my last run faster than the one before?",
                    "How much did I sleep last night compared to the night before?",
                    "Did my running improve since March?"]),
    ("not my data", ["How many steps did my wife take yesterday?", "How far did my dog run today?",
                     "How many calories are in a banana?", "What's the weather today?", "How far is the moon?"]),
    ("no such metric", ["How much water did I drink today?", "What was my weight yesterday?",
                        "What was my blood pressure this week?", "How many minutes of meditation this week?",
                        "What's my average mood this month?", "How many days did I feel tired this week?"]),
    ("ambiguous heart rate", ["What was my average heart rate yesterday?", "my heart rate this week",
                              "What was my average pulse last month?", "average bpm this month"]),
    ("ambiguous calories", ["How many calories did I burn yesterday?", "total calories this week",
                            "How many calories last month?"]),
    ("total of a rate", ["What was my total HRV this week?", "What was my total sleep score this month?",
                         "total resting heart rate last week", "sum of my SpO2 this month"]),
    ("heart rate variability as spread", ["variability of my heart rate", "variability of my resting heart rate",
                                          "resting heart rate variability this month"]),
    ("unit missing", ["How many days did I sleep more than 6?", "How many days did I sleep between 6 and 8?",
                      "How many days did I sleep 7 or more?", "How many days was my deep sleep over 90?"]),
    ("either condition", ["How many days did I sleep more than 9 hours or less than 5 hours?",
                          "How many days did I sleep more than 9 hours or under 5 hours?"]),
    ("reversed between", ["How many days did I sleep between 8 and 6 hours?",
                          "how many runs between 10 and 5 km"]),
    ("vague quantity", ["How many days did I sleep less than usual?", "How many days did I sleep for less than a while?",
                        "How many days did I walk more than normal?"]),
    ("other metric of a superlative", ["What was the heart rate of my longest run?", "How long was my farthest run?",
                                       "What was the speed of my longest ride?"]),
    ("lightest is not highest", ["What was my lightest sleep?", "How many days did I sleep lightly?"]),
    ("month as a name", ["How many steps did June take?", "How far did April run?", "How many steps may I have taken?"]),
    ("nonsense", ["hello", "Tell me a joke", "run run run", "how many", "what was my"]),
    ("pace", ["What was my fastest pace this month?", "what was my fastest pace this month"]),
    ("two activities of a day", ["What was my average HRV on days I did yoga and ran?",
                                 "average sleep on days I ran and swam", "How many steps on days I ran more than 5 km and swam?",
                                 "my resting heart rate on days I walked and lifted weights"]),
    ("negation", ["How many days did I not run?", "average sleep on days I didn't work out",
                  "How many days without a workout this month?"]),
]

#: Forms today's language cannot say; a newer reader may read them with the member named.
PENDING_FORMS: List[Tuple[str, str, List[str]]] = [
    ("treadmill exactly", "activity_match", ["How many treadmill runs this month?", "How far did I run on the treadmill?",
                                             "how many times did I use the treadmill last month",
                                             "How many treadmill sessions this week?"]),
    ("spinning exactly", "activity_match", ["How many spinning classes this week?", "how many spinning sessions this month",
                                            "How long did I spend spinning last month?"]),
    ("outdoor bike exactly", "activity_match", ["How far did I ride my outdoor bike?", "How many outdoor bike rides this month?",
                                                "total distance of my outdoor bike rides"]),
    ("weekends", "weekday condition", ["How many steps on weekends?", "What was my average sleep on weekends?",
                                       "average steps on weekdays this month", "How many days did I run on weekdays?"]),
    ("range", "range reducer", ["What was the range of my steps this month?", "range of my resting heart rate last month",
                                "What was the range of my sleep this week?"]),
    ("distinct activities", "distinct-activity reducer", ["How many unique activities did I do?",
                                                          "How many distinct workouts this month?",
                                                          "how many different kinds of workouts did I do last month"]),
    ("bed and wake time", "bed or wake time", ["What time did I go to bed last night?", "When did I wake up yesterday?",
                                               "What was my average bedtime this week?", "average wake time last week"]),
    ("same-table day join", "same-table day join", ["How many walks on days I also ran?",
                                                    "how many times did I do yoga on days I ran",
                                                    "How far did I walk on days I went swimming?"]),
    ("day of the longest run", "day of a superlative", ["What was my HRV on the day of my longest run?",
                                                        "How much did I sleep the day of my farthest ride?"]),
]


#: Shares and paces: the number is the query's result combined with a second query's (a share of the daily
#: table's rows in the window, or the total duration over the total distance).
COMBINED: List[Form] = [
    Form("share of days run", q("sessions", "count_days", activity="run"),
         ["What percentage of days did I run?", "what percent of days did I run"], combined="share"),
    Form("share of days slept over 7 hours", q("daily", "count_days", where=(("sleep_minutes", ">", 420),)),
         ["what percent of days did I sleep over 7 hours", "What percentage of days did I sleep more than 7 hours?"],
         combined="share"),
    Form("pace of runs", q("sessions", "sum", metric="duration", activity="run", where=(("distance", ">", 0),)),
         ["What was my average pace on my runs?", "my average running pace"], combined="pace"),
    Form("pace of the last run", q("sessions", "sum", metric="duration", activity="run",
                                   where=(("distance", ">", 0),), take={"last": 1}),
         ["my pace on my last run", "What was the pace of my last run?"], combined="pace"),
]


def forms() -> List[Form]:
    out = [*daily_statistics(), *daily_conditions(), *sessions(), *any_workout()]
    out += [Form(form.name, form.query, varied(form.phrasings)) for form in WRITTEN]
    out += [Form(form.name, form.query, varied(form.phrasings), combined=form.combined) for form in COMBINED]
    out += [Form(f"declined: {name}", None, varied(phrasings)) for name, phrasings in DECLINED_FORMS]
    out += [Form(f"pending: {name}", None, varied(phrasings), pending=needs) for name, needs, phrasings in PENDING_FORMS]
    return out
