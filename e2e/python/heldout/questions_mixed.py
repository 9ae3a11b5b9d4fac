"""Held-out questions that join the two tables by day (sleep on days I ran,
runs after a short night), compare two windows, ask for a share in percent,
or ask about the day of a workout."""

from __future__ import annotations

from typing import Any, List

from heldout import common
from heldout.common import ACTS, WINDOWS, Builder, _days_of, _phrase, run_alt
from heldout.questions_daily import unit


def add_all(b: Builder) -> None:
    joined(b)
    day_of(b)
    comparisons(b)
    shares(b)
    casual(b)
    spans(b)


def joined(b: Builder) -> None:
    daily_rows: List[Any] = [
        ("What's my average deep sleep on days I run{w}?", "deep_sleep_minutes", "run", "mean"),
        ("average steps on days I did yoga{w}", "steps", "yoga", "mean"),
        ("What's my average sleep score on days I lift weights{w}?", "sleep_score", "strength", "mean"),
        ("average resting heart rate on days I went swimming{w}", "resting_heart_rate", "swim", "mean"),
        ("How much do I sleep on average on days I hike{w}?", "sleep_minutes", "hike", "mean"),
        ("What's my average HRV on days I work out{w}?", "heart_rate_variability", "any", "mean"),
        ("avg stress score on days with a run{w}", "stress_score", "run", "mean"),
        ("How many steps did I take in total on days I cycled{w}?", "steps", "bike", "sum"),
        ("average REM on days I did an interval workout{w}", "rem_sleep_minutes", "interval", "mean"),
        ("What was my average step count on days I walked{w}?", "steps", "walk", "mean"),
        ("How many active zone minutes do I get on days I go to spin class, on average{w}?",
         "active_zone_minutes", "spin", "mean"),
        ("max steps on a day I ran{w}", "steps", "run", "max"),
    ]
    for template, column, key, reducer in daily_rows:
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "last90", "last60"])
            spec = {"t": "d", "m": column, "w": days, "on_acts": ACTS[key]["acts"] or _all(b), "r": reducer}
            meaning = f"{reducer} of daily {column} on days with a {key} session over {_days_of(spec)}"
            alt = ACTS[key].get("alt")
            also = [{"spec": dict(spec, on_acts=alt), "meaning": meaning + f" ({'/'.join(alt)})"}] if alt else []
            if b.add("joined", b.slip(template.format(w=_phrase(phrase))), meaning, spec, unit(column), also=also):
                break
    for text, column, key in [("What's my average HRV on days I don't work out?", "heart_rate_variability", "any"),
                              ("average steps on rest days (no workout)", "steps", "any"),
                              ("average deep sleep on days I didn't run", "deep_sleep_minutes", "run")]:
        spec = {"t": "d", "m": column, "not_on_acts": ACTS[key]["acts"] or _all(b), "r": "mean"}
        meaning = f"mean of daily {column} on days without a {key} session"
        alt = ACTS[key].get("alt")
        also = [{"spec": dict(spec, not_on_acts=alt), "meaning": meaning + " (run or treadmill)"}] if alt else []
        b.add("joined", text, meaning, spec, unit(column), also=also)
    session_rows: List[Any] = [
        ("How many runs did I do on days I slept less than 6 hours{w}?", "run", [("sleep_minutes", "<", 360)],
         "count"),
        ("How many workouts did I do on days my HRV was below 40{w}?", "any",
         [("heart_rate_variability", "<", 40)], "count"),
        ("How many times did I work out after a night with more than 8 hours of sleep{w}?", "any",
         [("sleep_minutes", ">", 480)], "count"),
        ("average run distance on days I slept over 7 hours{w}", "run", [("sleep_minutes", ">", 420)], "mean"),
        ("How many walks did I take on days with more than 12,000 steps{w}?", "walk", [("steps", ">", 12000)],
         "count"),
        ("average workout heart rate on days my resting heart rate was above 58{w}", "any",
         [("resting_heart_rate", ">", 58)], "mean"),
        ("On how many days did I run after getting less than an hour of deep sleep{w}?", "run",
         [("deep_sleep_minutes", "<", 60)], "count_days"),
    ]
    for template, key, on, reducer in session_rows:
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "last90", "last60"])
            metric = {"mean": "distance" if key == "run" else "average_heart_rate"}.get(reducer)
            spec = {"t": "s", "acts": ACTS[key]["acts"], "w": days, "on": on, "r": reducer}
            if metric:
                spec["m"] = metric
            where = " and ".join(f"{c} {o} {v}" for c, o, v in on)
            meaning = f"{reducer} of {metric or 'sessions'} of {key} sessions on days with {where} over " \
                      f"{_days_of(spec)}"
            unit_ = common.UNITS_OF[metric] if metric else ("days" if reducer == "count_days" else "sessions")
            if b.add("joined", b.slip(template.format(w=_phrase(phrase))), meaning, spec, unit_,
                     also=run_alt(b, key, spec, meaning)):
                break
    spec = {"t": "s", "acts": ["Walk"], "on_acts": ["Run"], "r": "count"}
    b.add("joined", "How many walks did I take on days I also ran?", "walks on days with a Run", spec, "sessions",
          also=[{"spec": dict(spec, on_acts=["Run", "Treadmill"]), "meaning": "walks on days with a run or treadmill"}])
    spec = {"t": "s", "acts": ["Yoga"], "on_acts": ["Run"], "r": "count"}
    b.add("joined", "how many yoga sessions on the same day as a run", "yoga on days with a Run", spec, "sessions",
          also=[{"spec": dict(spec, on_acts=["Run", "Treadmill"]), "meaning": "yoga on days with run or treadmill"}])


def _all(b: Builder) -> List[str]:
    return sorted(set(b.oracle.sessions["activity"]))


def day_of(b: Builder) -> None:
    rows = [("What was my HRV on the day of my last run?", "heart_rate_variability", "run", "last", None),
            ("How many steps did I take on the day of my last hike?", "steps", "hike", "last", None),
            ("How long did I sleep the night before my last swim?", "sleep_minutes", "swim", "last", None),
            ("What was my resting heart rate on the most recent day I ran?", "resting_heart_rate", "run", "last",
             None),
            ("How many steps did I take the day of my longest hike?", "steps", "hike", "max", "distance"),
            ("What was my sleep score on the day of my longest run?", "sleep_score", "run", "max", "distance"),
            ("resting heart rate on the day of my first bike ride", "resting_heart_rate", "bike", "first", None),
            ("How much deep sleep did I get on the day of my last yoga session?", "deep_sleep_minutes", "yoga",
             "last", None)]
    for text, column, key, which, by in rows:
        acts = ACTS[key]["acts"]
        if which == "max":
            day_text = b.oracle.value({"t": "s", "acts": acts, "m": by, "r": "date_of_max"})
        else:
            day_text = b.oracle.value({"t": "s", "acts": acts, "r": f"{which}_date"})
        day = common.D.fromisoformat(day_text)
        spec = {"t": "d", "m": column, "w": (day, day), "r": "mean"}
        meaning = f"daily {column} on {day} ({which} {key}" + (f" by {by})" if by else ")")
        also = []
        alt = ACTS[key].get("alt")
        if alt:
            other = b.oracle.value({"t": "s", "acts": alt, "m": by, "r": "date_of_max"} if which == "max"
                                   else {"t": "s", "acts": alt, "r": f"{which}_date"})
            other_day = common.D.fromisoformat(other)
            also = [{"spec": {"t": "d", "m": column, "w": (other_day, other_day), "r": "mean"},
                     "meaning": f"the same on {other_day} (counting treadmill)"}]
        b.add("day of", text, meaning, spec, unit(column), also=also)


def comparisons(b: Builder) -> None:
    pairs = [("steps", "sum", "last_month", "october", "How many more steps did I take in {a} than in {b}?"),
             ("sleep_minutes", "mean", "last_month", "october",
              "How much more did I sleep per night on average in {a} compared to {b}?"),
             ("resting_heart_rate", "mean", "october", "last_month",
              "By how much was my average resting heart rate higher in {a} than in {b}?"),
             ("heart_rate_variability", "mean", "last_month", "september",
              "How much higher was my average HRV in {a} than in {b}?"),
             ("active_zone_minutes", "sum", "last_month", "october",
              "how many more active zone minutes did I get in {a} than {b}"),
             ("deep_sleep_minutes", "mean", "october", "september",
              "How much more deep sleep did I average in {a} vs {b}?")]
    for column, reducer, first, second, template in pairs:
        one = b.oracle.value({"t": "d", "m": column, "w": WINDOWS[first][0], "r": reducer})
        two = b.oracle.value({"t": "d", "m": column, "w": WINDOWS[second][0], "r": reducer})
        if one < two:
            first, second, one, two = second, first, two, one
        names = {"last_month": "November", "october": "October", "september": "September"}
        spec = {"t": "d", "m": column, "w": WINDOWS[first][0], "r": reducer}
        b.add("comparison", template.format(a=names[first], b=names[second]),
              f"{reducer} of daily {column} in {names[first]} minus in {names[second]}", spec, unit(column),
              value=float(one - two))
    # Weekends vs weekdays, and this week vs last week.
    for column, text in [("sleep_minutes", "How much longer do I sleep on weekends than on weekdays, on average?"),
                         ("steps", "How many more steps do I average on weekend days than on weekdays?")]:
        weekend = b.oracle.value({"t": "d", "m": column, "weekend": True, "r": "mean"})
        weekday = b.oracle.value({"t": "d", "m": column, "weekend": False, "r": "mean"})
        spec = {"t": "d", "m": column, "weekend": True, "r": "mean"}
        b.add("comparison", text, f"mean daily {column} on weekends minus on weekdays", spec, unit(column),
              value=float(weekend - weekday))
    runs = [(key, b.oracle.value({"t": "s", "acts": ACTS[key]["acts"], "m": "distance",
                                  "w": WINDOWS[window][0], "r": "sum"}))
            for key, window in (("run", "last_month"), ("run", "october"))]
    difference = runs[0][1] - runs[1][1]
    word = "farther" if difference > 0 else "less"
    spec = {"t": "s", "acts": ["Run"], "m": "distance", "w": WINDOWS["last_month"][0], "r": "sum"}
    with_treadmill = [b.oracle.value({"t": "s", "acts": ["Run", "Treadmill"], "m": "distance",
                                      "w": WINDOWS[window][0], "r": "sum"}) for window in ("last_month", "october")]
    b.add("comparison", f"How much {word} did I run in November than in October?",
          "km run in November minus October (absolute)", spec, "km", value=float(abs(difference)),
          also=[{"spec": spec, "value": abs(with_treadmill[0] - with_treadmill[1]),
                 "meaning": "the same counting treadmill runs"}])


def shares(b: Builder) -> None:
    rows = [("What percentage of days did I hit 10,000 steps in November?", "last_month",
             [("steps", ">=", 10000)]),
            ("what % of nights last month did I sleep at least 7 hours", "last_month", [("sleep_minutes", ">=", 420)]),
            ("In October, on what percent of days did I get 30+ active zone minutes?", "october",
             [("active_zone_minutes", ">=", 30)])]
    for text, window, where in rows:
        days = WINDOWS[window][0]
        hits = b.oracle.value({"t": "d", "w": days, "where": where, "r": "count_days"})
        total = b.oracle.value({"t": "d", "w": days, "r": "count_days"})
        spec = {"t": "d", "w": days, "where": where, "r": "count_days"}
        column = where[0][0]
        recorded = b.oracle.value({"t": "d", "m": column, "w": days, "r": "count"})
        also = [{"spec": spec, "value": 100 * hits / recorded, "unit": "%",
                 "meaning": f"100 * days with {where} / days with {column} recorded"}] if recorded != total else []
        b.add("share", text, f"100 * days with {where} / days in {window}", spec, "%",
              value=100 * hits / total, tolerance=0.05, also=also)
    runs = b.oracle.value({"t": "s", "acts": ["Run"], "w": WINDOWS["last_month"][0], "r": "count"})
    every = b.oracle.value({"t": "s", "acts": None, "w": WINDOWS["last_month"][0], "r": "count"})
    spec = {"t": "s", "acts": ["Run"], "w": WINDOWS["last_month"][0], "r": "count"}
    b.add("share", "What fraction of my workouts last month were runs, in percent?",
          "100 * Run sessions / all sessions in November", spec, "%", value=100 * runs / every, tolerance=0.05)



def casual(b: Builder) -> None:
    """Questions as people type them to a coach: long, chatty, terse, British, with context around the ask."""
    w = WINDOWS
    rows: List[Any] = [
        ("I feel like I've been sleeping badly lately. What was my average sleep over the last 7 days?",
         {"t": "d", "m": "sleep_minutes", "w": w["last7"][0], "r": "mean"}, "min"),
        ("hey, quick one: how many steps did i do yesterday", {"t": "d", "m": "steps", "w": w["yesterday"][0],
                                                               "r": "mean"}, "steps"),
        ("My doctor asked about my resting heart rate. What was it on average in November?",
         {"t": "d", "m": "resting_heart_rate", "w": w["last_month"][0], "r": "mean"}, "bpm"),
        ("Been training for a 10k. How many kilometres did I run in total over the past 30 days?",
         {"t": "s", "acts": ["Run"], "m": "distance", "w": w["last30"][0], "r": "sum"}, "km"),
        ("Could you tell me how much deep sleep I averaged this week?",
         {"t": "d", "m": "deep_sleep_minutes", "w": w["this_week"][0], "r": "mean"}, "min"),
        ("hrv avg last 30 days", {"t": "d", "m": "heart_rate_variability", "w": w["last30"][0], "r": "mean"},
         "ms"),
        ("rhr avg october", {"t": "d", "m": "resting_heart_rate", "w": w["october"][0], "r": "mean"}, "bpm"),
        ("steps total last week", {"t": "d", "m": "steps", "w": w["last_week"][0], "r": "sum"}, "steps"),
        ("azm this month", {"t": "d", "m": "active_zone_minutes", "w": w["this_month"][0], "r": "sum"}, "min"),
        ("I want to know my total active zone minutes for last week, please.",
         {"t": "d", "m": "active_zone_minutes", "w": w["last_week"][0], "r": "sum"}, "min"),
        ("Over the last fortnight what has my average sleep score been?",
         {"t": "d", "m": "sleep_score", "w": w["last14"][0], "r": "mean"}, "points"),
        ("What was my mean SpO2 in September?", {"t": "d", "m": "spo2", "w": w["september"][0], "r": "mean"}, "%"),
        ("How has my VO2 max averaged over the last 90 days?",
         {"t": "d", "m": "vo2_max", "w": w["last90"][0], "r": "mean"}, "ml/kg/min"),
        ("What's my average weight this month?", {"t": "d", "m": "weight", "w": w["this_month"][0], "r": "mean"},
         "kg"),
        ("how much did i weigh on average in october", {"t": "d", "m": "weight", "w": w["october"][0],
                                                        "r": "mean"}, "kg"),
        ("Total distance walked in the last 14 days?",
         {"t": "s", "acts": ["Walk"], "m": "distance", "w": w["last14"][0], "r": "sum"}, "km"),
        ("How many metres of elevation did I climb hiking in October?",
         {"t": "s", "acts": ["Hike"], "m": "elevation_gain", "w": w["october"][0], "r": "sum"}, "m"),
        ("What was my total swim distance in november, in metres?",
         {"t": "s", "acts": ["Swim"], "m": "distance", "w": w["last_month"][0], "r": "sum"}, "km"),
        ("how many calories did I burn on the elliptical overall",
         {"t": "s", "acts": ["Elliptical"], "m": "calories", "r": "sum"}, "kcal"),
        ("Total minutes of yoga since I started tracking?", {"t": "s", "acts": ["Yoga"], "m": "duration",
                                                             "r": "sum"}, "min"),
        ("How many hours did I spend on the treadmill in October?",
         {"t": "s", "acts": ["Treadmill"], "m": "duration", "w": w["october"][0], "r": "sum"}, "min"),
        ("How many treadmill km did I log overall?", {"t": "s", "acts": ["Treadmill"], "m": "distance",
                                                      "r": "sum"}, "km"),
        ("How many times did I go to spin class in the last 90 days?",
         {"t": "s", "acts": ["Spinning"], "w": w["last90"][0], "r": "count"}, "sessions"),
        ("number of strength sessions in the past 60 days",
         {"t": "s", "acts": ["Strength training"], "w": w["last60"][0], "r": "count"}, "sessions"),
        ("How many HIIT workouts have I done?", {"t": "s", "acts": ["Interval Workout"], "r": "count"}, "sessions"),
        ("How many outdoor bike rides did I do in total?", {"t": "s", "acts": ["Outdoor Bike"], "r": "count"},
         "sessions"),
        ("Total outdoor cycling distance?", {"t": "s", "acts": ["Outdoor Bike"], "m": "distance", "r": "sum"},
         "km"),
        ("What was my average heart rate during spinning?", {"t": "s", "acts": ["Spinning"],
                                                             "m": "average_heart_rate", "r": "mean"}, "bpm"),
        ("avg heart rate on hikes", {"t": "s", "acts": ["Hike"], "m": "average_heart_rate", "r": "mean"}, "bpm"),
        ("How many calories did I burn lifting weights in total?",
         {"t": "s", "acts": ["Strength training"], "m": "calories", "r": "sum"}, "kcal"),
        ("average duration of my interval workouts", {"t": "s", "acts": ["Interval Workout"], "m": "duration",
                                                      "r": "mean"}, "min"),
        ("How many active zone minutes did I get from swimming overall?",
         {"t": "s", "acts": ["Swim"], "m": "active_zone_minutes", "r": "sum"}, "min"),
        ("What is my average time in bed per night in the last 30 days?",
         {"t": "d", "m": "time_in_bed_minutes", "w": w["last30"][0], "r": "mean"}, "min"),
        ("Average minutes awake per night in October?",
         {"t": "d", "m": "awake_minutes", "w": w["october"][0], "r": "mean"}, "min"),
        ("light sleep avg past 2 weeks", {"t": "d", "m": "light_sleep_minutes", "w": w["last14"][0], "r": "mean"},
         "min"),
        ("what percentage of my sleep was REM on average in november",
         {"t": "d", "m": "rem_sleep_percent", "w": w["last_month"][0], "r": "mean"}, "%"),
        ("On average what % of the night am I awake?", {"t": "d", "m": "awake_percent", "r": "mean"}, "%"),
        ("Average light sleep percentage this month", {"t": "d", "m": "light_sleep_percent",
                                                       "w": w["this_month"][0], "r": "mean"}, "%"),
        ("deep sleep percent average last 7 days", {"t": "d", "m": "deep_sleep_percent", "w": w["last7"][0],
                                                    "r": "mean"}, "%"),
        ("How stressed was I last week? Average stress score please.",
         {"t": "d", "m": "stress_score", "w": w["last_week"][0], "r": "mean"}, "points"),
    ]
    for text, spec, unit_ in rows:
        acts = spec.get("acts")
        meaning = f"{spec['r']} of {spec.get('m', 'sessions')} ({'/'.join(acts) if acts else 'daily'}) over " \
                  f"{_days_of(spec)}"
        also = []
        if acts == ["Run"]:
            also = [{"spec": dict(spec, acts=["Run", "Treadmill"]), "meaning": meaning + " (with treadmill)"}]
        b.add("casual", text, meaning, spec, unit_, also=also)


def spans(b: Builder) -> None:
    """Windows named by their ends or by months back, and quantities in words."""
    year = (common.D(2025, 1, 1), common.A)
    first_half = (common.D(2025, 11, 1), common.D(2025, 11, 15))
    since_november = (common.D(2025, 11, 1), common.A)
    three_months = (common.D(2025, 9, 11), common.A)
    two_months = (common.D(2025, 10, 11), common.A)
    rows: List[Any] = [
        ("How many km did I run this year?", {"t": "s", "acts": ["Run"], "m": "distance", "w": year, "r": "sum"},
         "km", []),
        ("total steps this year", {"t": "d", "m": "steps", "w": year, "r": "sum"}, "steps", []),
        ("How many workouts have I done this year?", {"t": "s", "acts": None, "w": year, "r": "count"},
         "sessions", []),
        ("What was my average sleep between November 1 and November 15?",
         {"t": "d", "m": "sleep_minutes", "w": first_half, "r": "mean"}, "min", []),
        ("avg resting heart rate from 1 Nov to 15 Nov", {"t": "d", "m": "resting_heart_rate", "w": first_half,
                                                         "r": "mean"}, "bpm", []),
        ("How many steps have I taken since the start of November?",
         {"t": "d", "m": "steps", "w": since_november, "r": "sum"}, "steps", []),
        ("How many times have I run since November 1st?",
         {"t": "s", "acts": ["Run"], "w": since_november, "r": "count"}, "sessions", []),
        ("What has my average HRV been over the past 3 months?",
         {"t": "d", "m": "heart_rate_variability", "w": three_months, "r": "mean"}, "ms", [90, 92]),
        ("average deep sleep in the last two months", {"t": "d", "m": "deep_sleep_minutes", "w": two_months,
                                                       "r": "mean"}, "min", [60, 61]),
        ("How many hikes in the past 3 months?", {"t": "s", "acts": ["Hike"], "w": three_months, "r": "count"},
         "sessions", [90, 92]),
        ("How many runs of at least half an hour did I do in November?",
         {"t": "s", "acts": ["Run"], "w": WINDOWS["last_month"][0], "where": [("duration", ">=", 30)],
          "r": "count"}, "sessions", []),
        ("On how many days did I take more than ten thousand steps in October?",
         {"t": "d", "w": WINDOWS["october"][0], "where": [("steps", ">", 10000)], "r": "count_days"}, "days", []),
        ("How many walks lasted longer than an hour and a half?",
         {"t": "s", "acts": ["Walk"], "where": [("duration", ">", 90)], "r": "count"}, "sessions", []),
        ("how many hikes were longer than two hours",
         {"t": "s", "acts": ["Hike"], "where": [("duration", ">", 120)], "r": "count"}, "sessions", []),
        ("How many nights did I sleep under six and a half hours in September?",
         {"t": "d", "w": WINDOWS["september"][0], "where": [("sleep_minutes", "<", 390)], "r": "count_days"},
         "days", []),
        ("How many workouts of 45 minutes or longer did I do last month?",
         {"t": "s", "acts": None, "w": WINDOWS["last_month"][0], "where": [("duration", ">=", 45)], "r": "count"},
         "sessions", []),
    ]
    for text, spec, unit_, other_days in rows:
        acts = spec.get("acts")
        rows_of = "/".join(acts) if acts else "daily" if spec["t"] == "d" else "all workouts"
        meaning = f"{spec['r']} of {spec.get('m', 'rows')} ({rows_of}) over {_days_of(spec)}" \
            + (f" with {spec['where']}" if spec.get("where") else "")
        also = [{"spec": dict(spec, w=common._days(n)), "meaning": f"the same over the last {n} days"}
                for n in other_days]
        if acts == ["Run"]:
            also.append({"spec": dict(spec, acts=["Run", "Treadmill"]), "meaning": meaning + " (with treadmill)"})
        b.add("window", text, meaning, spec, unit_, also=also)
