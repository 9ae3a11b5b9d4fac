"""Held-out questions about the daily summary: sleep and its stages, steps,
heart rate, HRV, active zone minutes, stress, SpO2, VO2 max, weight."""

from __future__ import annotations

import datetime as dt
from typing import Any, Dict, List

from heldout.common import DAILY, UNITS_OF, WINDOWS, A, Builder, _days_of, _phrase

TIME_COLUMNS = ("sleep_minutes", "deep_sleep_minutes", "light_sleep_minutes", "rem_sleep_minutes", "awake_minutes",
                "time_in_bed_minutes", "active_zone_minutes")
SLEEP_COLUMNS = ("sleep_minutes", "deep_sleep_minutes", "light_sleep_minutes", "rem_sleep_minutes")
WINDOW_NAMES = ["all", "this_week", "last_week", "this_month", "last_month", "october", "september", "last7",
                "last14", "last28", "last30", "last60", "last90", "since_monday"]


def unit(column: str) -> str:
    return "min" if column in TIME_COLUMNS else UNITS_OF[column]


def add_all(b: Builder) -> None:
    averages(b)
    totals(b)
    extremes(b)
    spread(b)
    single_days(b)
    tracked(b)
    conditions(b)
    dates(b)
    weekends(b)


MEAN_TEMPLATES = [
    "What was my average {n}{w}?", "average {n}{w}", "avg {n}{w}", "What's my mean {n}{w}?",
    "Can you tell me my average {n}{w}?", "{W}, what was my average {n}?", "my average {n}{w} please",
    "what was the average of my {n}{w}", "Average {n} per day{w}?", "whats my avg {n}{w}",
]
SLEEP_MEAN_TEMPLATES = [
    "How much {n} did I get on average{w}?", "On average, how much {n} did I get per night{w}?",
    "how much {n} per night on average{w}", "average nightly {n}{w}",
]


def averages(b: Builder) -> None:
    for column, nouns, _ in DAILY:
        templates = MEAN_TEMPLATES + (SLEEP_MEAN_TEMPLATES if column in SLEEP_COLUMNS else [])
        made = 0
        for _attempt in range(16):
            if made >= 6:
                break
            name, days, phrase = b.window(WINDOW_NAMES)
            template = b.pick(templates)
            noun = nouns[0] if template in SLEEP_MEAN_TEMPLATES else b.pick(nouns)
            if "{W}" in template and not phrase:
                continue
            text = template.format(n=noun, w=_phrase(phrase), W=phrase[:1].upper() + phrase[1:])
            spec = {"t": "d", "m": column, "w": days, "r": "mean"}
            made += b.add("average", b.slip(text), f"mean of daily {column} over {_days_of(spec)}", spec,
                          unit(column))
    # Sleep asked in hours: the same mean, answered in any unit of time.
    for text, window in [("How many hours did I sleep on average last month?", "last_month"),
                         ("on average how many hours of sleep did i get in october", "october"),
                         ("average hours of sleep per night over the last 30 days", "last30"),
                         ("How many hours a night have I been sleeping this month?", "this_month"),
                         ("how many hours of deep sleep do i get on average", "all"),
                         ("Average REM sleep in hours over the past 14 days", "last14")]:
        column = "deep_sleep_minutes" if "deep" in text else "rem_sleep_minutes" if "REM" in text \
            else "sleep_minutes"
        spec = {"t": "d", "m": column, "w": WINDOWS[window][0], "r": "mean"}
        b.add("average", text, f"mean of daily {column} over {_days_of(spec)}", spec, "min")


TOTAL_TEMPLATES = {
    "steps": ["How many steps did I take{w}?", "total steps{w}", "How many steps have I walked{w}?",
              "What's my step total{w}?", "how many steps in total{w}", "Total number of steps{w}?"],
    "active_zone_minutes": ["How many active zone minutes did I earn{w}?", "total AZM{w}",
                            "How many zone minutes did I get{w} in total?", "sum of my active zone minutes{w}"],
    "sleep_minutes": ["How much did I sleep in total{w}?", "total sleep{w}", "total hours slept{w}",
                      "How many hours did I sleep altogether{w}?"],
    "deep_sleep_minutes": ["How much deep sleep did I get in total{w}?", "total deep sleep{w}"],
    "rem_sleep_minutes": ["Total REM sleep{w}?", "how much REM did I get in total{w}"],
    "awake_minutes": ["How much time was I awake at night in total{w}?"],
    "calories": ["How many calories did I burn in total{w}?", "total calories burned{w}",
                 "How many calories have I burned{w}?"],
}


def totals(b: Builder) -> None:
    for column, templates in TOTAL_TEMPLATES.items():
        for template in templates:
            for _attempt in range(4):
                name, days, phrase = b.window([n for n in WINDOW_NAMES if n != "all"])
                spec = {"t": "d", "m": column, "w": days, "r": "sum"}
                if b.add("total", b.slip(template.format(w=_phrase(phrase))),
                         f"sum of daily {column} over {_days_of(spec)}", spec,
                         "kcal" if column == "calories" else unit(column)):
                    break


#: (column, words for the largest, words for the smallest): no "best"/"worst" where direction is unclear.
EXTREMES = [
    ("steps", ["most steps I took in a day", "highest step count", "max steps in a day"],
     ["fewest steps I took in a day", "lowest step count", "min daily steps"]),
    ("sleep_minutes", ["longest I slept in one night", "most sleep I got in a night", "max sleep"],
     ["shortest night of sleep", "least sleep I got in a night", "minimum sleep"]),
    ("deep_sleep_minutes", ["most deep sleep in a night", "highest deep sleep", "max deep sleep"],
     ["least deep sleep in a night", "lowest deep sleep"]),
    ("rem_sleep_minutes", ["most REM sleep I got in one night", "max REM"], ["least REM sleep in one night"]),
    ("light_sleep_minutes", ["most light sleep in a night"], ["least light sleep in a night"]),
    ("awake_minutes", ["longest time awake in a night", "most time awake in one night"],
     ["least time awake in a night"]),
    ("sleep_score", ["best sleep score", "highest sleep score", "top sleep score"],
     ["worst sleep score", "lowest sleep score"]),
    ("resting_heart_rate", ["highest resting heart rate", "max resting HR", "peak RHR"],
     ["lowest resting heart rate", "min resting HR", "lowest RHR"]),
    ("heart_rate_variability", ["highest HRV", "max HRV", "peak heart rate variability"],
     ["lowest HRV", "min hrv", "lowest heart rate variability"]),
    ("active_zone_minutes", ["most active zone minutes in a day", "max AZM", "highest zone minutes"],
     ["fewest active zone minutes in a day"]),
    ("stress_score", ["highest stress score", "max stress score"], ["lowest stress score"]),
    ("spo2", ["highest SpO2", "max blood oxygen"], ["lowest SpO2", "lowest blood oxygen reading"]),
    ("vo2_max", ["highest VO2 max", "peak vo2 max"], ["lowest VO2 max"]),
    ("weight", ["heaviest I weighed", "highest weight", "max weight"], ["lowest weight", "lightest I weighed"]),
    ("deep_sleep_percent", ["highest deep sleep percentage"], ["lowest deep sleep %"]),
    ("rem_sleep_percent", ["highest REM percentage"], ["lowest REM sleep percent"]),
]
EXTREME_TEMPLATES = ["What was my {x}{w}?", "{x}{w}", "what's my {x}{w}", "Tell me my {x}{w}."]
#: For a phrase that is a clause of its own ("most steps I took in a day"): no "my" before it.
CLAUSE_TEMPLATES = ["What's the {x}{w}?", "{x}{w}", "what was the {x}{w}", "Tell me the {x}{w}."]
CLAUSE_WORDS = ("most ", "least ", "fewest ", "longest ", "shortest ", "heaviest ", "lightest ")


def extremes(b: Builder) -> None:
    for column, highs, lows in EXTREMES:
        for reducer, words in (("max", highs), ("min", lows)):
            for word in words:
                for _attempt in range(4):
                    name, days, phrase = b.window(WINDOW_NAMES)
                    templates = CLAUSE_TEMPLATES if word.startswith(CLAUSE_WORDS) else EXTREME_TEMPLATES
                    text = b.pick(templates).format(x=word, w=_phrase(phrase))
                    spec = {"t": "d", "m": column, "w": days, "r": reducer}
                    if b.add("max/min", b.slip(text), f"{reducer} of daily {column} over {_days_of(spec)}", spec,
                             unit(column)):
                        break


def spread(b: Builder) -> None:
    median = ["What was my median {n}{w}?", "median {n}{w}", "What's the median of my {n}{w}?"]
    std = ["What's the standard deviation of my {n}{w}?", "std dev of {n}{w}", "standard deviation {n}{w}",
           "How much does my {n} vary{w}? Give me the standard deviation."]
    value_range = ["What was the range of my {n}{w}?", "range of {n}{w} (max minus min)"]
    columns = ["steps", "sleep_minutes", "deep_sleep_minutes", "rem_sleep_minutes", "resting_heart_rate",
               "heart_rate_variability", "active_zone_minutes", "sleep_score", "stress_score", "spo2"]
    nouns = {column: words for column, words, _ in DAILY}
    for column in columns:
        for templates, reducer, category in ((median, "median", "median"), (std, "std", "std"),
                                             (value_range, "range", "range")):
            if reducer == "range" and column not in ("resting_heart_rate", "heart_rate_variability", "steps",
                                                     "sleep_score", "weight"):
                continue
            name, days, phrase = b.window(WINDOW_NAMES)
            text = b.pick(templates).format(n=b.pick(nouns[column]), w=_phrase(phrase))
            if reducer == "range":
                spec = {"t": "d", "m": column, "w": days, "r": "max"}
                low = b.oracle.value({"t": "d", "m": column, "w": days, "r": "min"})
                high = b.oracle.value(spec)
                if low is None or high is None:
                    continue
                b.add(category, b.slip(text), f"max minus min of daily {column} over {_days_of(spec)}", spec,
                      unit(column), value=float(high - low))
                continue
            spec = {"t": "d", "m": column, "w": days, "r": reducer}
            b.add(category, b.slip(text), f"{reducer} of daily {column} over {_days_of(spec)}", spec, unit(column))


def single_days(b: Builder) -> None:
    yesterday = A - dt.timedelta(days=1)
    day_before = A - dt.timedelta(days=2)
    rows: List[Any] = [
        ("How many steps did I take today?", "steps", A), ("steps today", "steps", A),
        ("how many steps yesterday", "steps", yesterday), ("What was my step count yesterday?", "steps", yesterday),
        ("How long did I sleep last night?", "sleep_minutes", A),
        ("how much sleep did i get last night", "sleep_minutes", A),
        ("How much deep sleep did I get last night?", "deep_sleep_minutes", A),
        ("REM last night?", "rem_sleep_minutes", A), ("light sleep last night", "light_sleep_minutes", A),
        ("How long was I awake last night?", "awake_minutes", A),
        ("What was my sleep score today?", "sleep_score", A), ("sleep score this morning", "sleep_score", A),
        ("What's my resting heart rate today?", "resting_heart_rate", A),
        ("resting hr yesterday", "resting_heart_rate", yesterday),
        ("What was my RHR the day before yesterday?", "resting_heart_rate", day_before),
        ("What was my HRV today?", "heart_rate_variability", A), ("hrv this morning", "heart_rate_variability", A),
        ("How many active zone minutes did I get yesterday?", "active_zone_minutes", yesterday),
        ("AZM today", "active_zone_minutes", A), ("What was my stress score yesterday?", "stress_score", yesterday),
        ("stress score today", "stress_score", A), ("What was my blood oxygen last night?", "spo2", A),
        ("SpO2 today?", "spo2", A), ("What's my VO2 max today?", "vo2_max", A),
        ("What did I weigh yesterday?", "weight", yesterday), ("my weight yesterday", "weight", yesterday),
        ("How many calories did I burn yesterday?", "calories", yesterday),
        ("calories burned today", "calories", A), ("How much time did I spend in bed last night?",
                                                   "time_in_bed_minutes", A),
        ("What percentage of last night was deep sleep?", "deep_sleep_percent", A),
        ("What was my REM percentage last night?", "rem_sleep_percent", A),
        ("How many steps did I take on November 15?", "steps", dt.date(2025, 11, 15)),
        ("steps on 3 Nov", "steps", dt.date(2025, 11, 3)),
        ("How long did I sleep on October 12th?", "sleep_minutes", dt.date(2025, 10, 12)),
        ("What was my resting heart rate on 1 December?", "resting_heart_rate", dt.date(2025, 12, 1)),
        ("HRV on Nov 20", "heart_rate_variability", dt.date(2025, 11, 20)),
        ("What was my sleep score on Sunday?", "sleep_score", dt.date(2025, 12, 7)),
        ("How many steps did I do on Saturday?", "steps", dt.date(2025, 12, 6)),
        ("How much deep sleep did I get on Monday?", "deep_sleep_minutes", dt.date(2025, 12, 8)),
    ]
    for text, column, day in rows:
        spec = {"t": "d", "m": column, "w": (day, day), "r": "mean"}
        b.add("single day", text, f"daily {column} on {day}", spec,
              "kcal" if column == "calories" else unit(column))


def tracked(b: Builder) -> None:
    rows = [("How many nights of sleep did my watch track last month?", "sleep_minutes", "last_month"),
            ("On how many days did I log my weight?", "weight", "all"),
            ("how many times did I weigh myself in October", "weight", "october"),
            ("How many days have an HRV reading in the last 30 days?", "heart_rate_variability", "last30"),
            ("How many nights do I have sleep data for in november?", "sleep_minutes", "last_month"),
            ("number of days with a SpO2 reading this month", "spo2", "this_month")]
    for text, column, window in rows:
        spec = {"t": "d", "m": column, "w": WINDOWS[window][0], "r": "count"}
        b.add("count", text, f"days with daily {column} present over {_days_of(spec)}", spec, "days")


def conditions(b: Builder) -> None:
    count_rows: List[Any] = [
        ("How many days did I walk more than 10,000 steps{w}?", [("steps", ">", 10000)]),
        ("how many days did i hit 10k steps{w}", [("steps", ">=", 10000)]),
        ("Days with at least 12,000 steps{w}?", [("steps", ">=", 12000)]),
        ("On how many days did I take fewer than 5000 steps{w}?", [("steps", "<", 5000)]),
        ("How many days did I get under 6000 steps{w}?", [("steps", "<", 6000)]),
        ("How many nights did I sleep more than 7 hours{w}?", [("sleep_minutes", ">", 420)]),
        ("how many nights did I sleep less than 6 hours{w}", [("sleep_minutes", "<", 360)]),
        ("Number of nights with 8 hours of sleep or more{w}", [("sleep_minutes", ">=", 480)]),
        ("How many nights did I get at least seven and a half hours of sleep{w}?", [("sleep_minutes", ">=", 450)]),
        ("How many nights did I sleep between 7 and 8 hours{w}?",
         [("sleep_minutes", ">=", 420), ("sleep_minutes", "<=", 480)]),
        ("How many nights did I get more than 90 minutes of deep sleep{w}?", [("deep_sleep_minutes", ">", 90)]),
        ("How many nights did I have more than 1.5 hours of deep sleep{w}?", [("deep_sleep_minutes", ">", 90)]),
        ("how many nights with less than an hour of deep sleep{w}", [("deep_sleep_minutes", "<", 60)]),
        ("Nights with over 2 hours of REM{w}?", [("rem_sleep_minutes", ">", 120)]),
        ("How many nights did I get less than 80 minutes of REM sleep{w}?", [("rem_sleep_minutes", "<", 80)]),
        ("How many nights was I awake for more than an hour{w}?", [("awake_minutes", ">", 60)]),
        ("How many days was my resting heart rate below 55{w}?", [("resting_heart_rate", "<", 55)]),
        ("days with resting HR above 60{w}", [("resting_heart_rate", ">", 60)]),
        ("How many days was my HRV over 50 ms{w}?", [("heart_rate_variability", ">", 50)]),
        ("how many days was my hrv under 40{w}", [("heart_rate_variability", "<", 40)]),
        ("How many days did I get 30 or more active zone minutes{w}?", [("active_zone_minutes", ">=", 30)]),
        ("Days with at least 60 AZM{w}?", [("active_zone_minutes", ">=", 60)]),
        ("How many days did I get zero active zone minutes{w}?", [("active_zone_minutes", "==", 0)]),
        ("How many nights did I have a sleep score of 80 or higher{w}?", [("sleep_score", ">=", 80)]),
        ("How many times was my sleep score below 70{w}?", [("sleep_score", "<", 70)]),
        ("How many days was my stress score under 65{w}?", [("stress_score", "<", 65)]),
        ("How many days was my SpO2 below 95%{w}?", [("spo2", "<", 95)]),
        ("How many days did I burn more than 2500 calories{w}?", [("calories", ">", 2500)]),
        ("How many nights was my deep sleep over 18%{w}?", [("deep_sleep_percent", ">", 18)]),
    ]
    for template, where in count_rows:
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "september", "last30", "last90",
                                           "this_month", "last14", "last60"])
            spec = {"t": "d", "w": days, "where": where, "r": "count_days"}
            also = []
            if "between" in template:  # both ends left out is a reading too
                exclusive = [(column, op.rstrip("="), value) for column, op, value in where]
                also = [{"spec": dict(spec, where=exclusive), "meaning": "both ends excluded"}]
            if b.add("condition", b.slip(template.format(w=_phrase(phrase))),
                     f"days with {_where(where)} over {_days_of(spec)}", spec, "days", also=also):
                break
    mean_rows: List[Any] = [
        ("What was my average deep sleep on days I walked more than 10,000 steps{w}?", "deep_sleep_minutes",
         [("steps", ">", 10000)]),
        ("average resting heart rate on days I slept less than 6 hours{w}", "resting_heart_rate",
         [("sleep_minutes", "<", 360)]),
        ("What was my average HRV on nights I slept 8 hours or more{w}?", "heart_rate_variability",
         [("sleep_minutes", ">=", 480)]),
        ("Average steps on days my sleep score was at least 85{w}?", "steps", [("sleep_score", ">=", 85)]),
        ("avg sleep on days with 60+ active zone minutes{w}", "sleep_minutes", [("active_zone_minutes", ">=", 60)]),
        ("What's my average sleep score when I sleep more than 7 hours{w}?", "sleep_score",
         [("sleep_minutes", ">", 420)]),
        ("Average REM sleep on days I took fewer than 6000 steps{w}?", "rem_sleep_minutes", [("steps", "<", 6000)]),
        ("What was my average stress score on days my HRV was below 40{w}?", "stress_score",
         [("heart_rate_variability", "<", 40)]),
        ("average deep sleep % on nights with a sleep score above 80{w}", "deep_sleep_percent",
         [("sleep_score", ">", 80)]),
        ("How many steps did I average on days my resting heart rate was under 55{w}?", "steps",
         [("resting_heart_rate", "<", 55)]),
        ("What's my total number of steps on days I got at least 30 AZM{w}?", "steps",
         [("active_zone_minutes", ">=", 30)]),
        ("max HRV on nights with more than 90 minutes of deep sleep{w}", "heart_rate_variability",
         [("deep_sleep_minutes", ">", 90)]),
    ]
    for template, column, where in mean_rows:
        reducer = "sum" if "total" in template else "max" if template.startswith("max") else "mean"
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "last30", "last90", "last60"])
            spec = {"t": "d", "m": column, "w": days, "where": where, "r": reducer}
            if b.add("condition", b.slip(template.format(w=_phrase(phrase))),
                     f"{reducer} of daily {column} on days with {_where(where)} over {_days_of(spec)}", spec,
                     unit(column)):
                break


def _where(where: List[Any]) -> str:
    return " and ".join(f"{column} {op} {value}" for column, op, value in where)


def dates(b: Builder) -> None:
    rows = [("On which day did I take the most steps{w}?", "steps", "date_of_max"),
            ("Which day did I take the fewest steps{w}?", "steps", "date_of_min"),
            ("What day did I sleep the longest{w}?", "sleep_minutes", "date_of_max"),
            ("Which night did I sleep the least{w}?", "sleep_minutes", "date_of_min"),
            ("which night did i get the most deep sleep{w}", "deep_sleep_minutes", "date_of_max"),
            ("When was my resting heart rate highest{w}?", "resting_heart_rate", "date_of_max"),
            ("What was the date of my lowest resting heart rate{w}?", "resting_heart_rate", "date_of_min"),
            ("When was my HRV the highest{w}?", "heart_rate_variability", "date_of_max"),
            ("On what day was my HRV lowest{w}?", "heart_rate_variability", "date_of_min"),
            ("When did I get my best sleep score{w}?", "sleep_score", "date_of_max"),
            ("Which day had the most active zone minutes{w}?", "active_zone_minutes", "date_of_max"),
            ("When was my stress score highest{w}?", "stress_score", "date_of_max"),
            ("when did I last weigh myself", "weight", "last_date"),
            ("When did I first log my weight{w}?", "weight", "first_date")]
    for template, column, reducer in rows:
        for _attempt in range(6):
            name, days, phrase = b.window(["all", "last_month", "october", "september", "last30", "this_month",
                                           "last_week"])
            spec = {"t": "d", "m": column, "w": days, "r": reducer}
            if reducer in ("first_date", "last_date"):
                spec["where"] = [(column, ">", 0)]
            series = b.oracle.rows(spec)[column].dropna()
            if reducer.startswith("date_of") and (series == (series.max() if reducer.endswith("max")
                                                             else series.min())).sum() != 1:
                continue  # a tie: two days are right
            if b.add("date", b.slip(template.format(w=_phrase(phrase))),
                     f"{reducer} of daily {column} over {_days_of(spec)}", spec, "date"):
                break


def weekends(b: Builder) -> None:
    rows: List[Any] = [
        ("What's my average step count on weekends{w}?", "steps", True, "mean"),
        ("average steps on weekdays{w}", "steps", False, "mean"),
        ("How much do I sleep on weekends on average{w}?", "sleep_minutes", True, "mean"),
        ("avg sleep on weeknights{w}", "sleep_minutes", False, "mean"),
        ("What's my average deep sleep on weekends{w}?", "deep_sleep_minutes", True, "mean"),
        ("resting heart rate on weekends{w}, on average", "resting_heart_rate", True, "mean"),
        ("How many steps did I take on weekends{w}?", "steps", True, "sum"),
        ("total active zone minutes on weekends{w}", "active_zone_minutes", True, "sum"),
        ("average HRV on weekdays{w}", "heart_rate_variability", False, "mean"),
        ("What was my highest step count on a weekend day{w}?", "steps", True, "max"),
        ("average sleep score on saturdays and sundays{w}", "sleep_score", True, "mean"),
    ]
    for template, column, weekend, reducer in rows:
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "last30", "last90", "september"])
            spec: Dict[str, Any] = {"t": "d", "m": column, "w": days, "weekend": weekend, "r": reducer}
            if b.add("weekend", b.slip(template.format(w=_phrase(phrase))),
                     f"{reducer} of daily {column} on {'weekend' if weekend else 'week'} days over "
                     f"{_days_of(spec)}", spec, unit(column)):
                break
    for text, weekend, window in [("How many weekend days did I hit 10,000 steps in November?", True, "last_month"),
                                  ("On how many weekdays did I walk over 10k steps last month?", False,
                                   "last_month")]:
        spec = {"t": "d", "w": WINDOWS[window][0], "weekend": weekend, "where": [("steps", ">=", 10000)],
                "r": "count_days"}
        b.add("weekend", text, f"{'weekend' if weekend else 'week'} days with steps >= 10000 over "
              f"{_days_of(spec)}", spec, "days")
