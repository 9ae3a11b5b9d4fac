"""Held-out questions about workouts: counts, distance, duration, speed,
pace, elevation, calories, heart rate, steps and zone minutes of sessions,
the first, last and largest of them."""

from __future__ import annotations

from typing import Any, Dict, List

from heldout import common
from heldout.common import ACTS, Builder, _days_of, _phrase, run_alt

WINDOW_NAMES = ["all", "this_week", "last_week", "this_month", "last_month", "october", "september", "last7",
                "last14", "last28", "last30", "last60", "last90"]


def add_all(b: Builder) -> None:
    counts(b)
    sums_and_means(b)
    lasts(b)
    superlatives(b)
    conditions(b)


def _spec(key: str, **rest: Any) -> Dict[str, Any]:
    return dict({"t": "s", "acts": ACTS[key]["acts"]}, **rest)


def _acts(key: str) -> str:
    acts = ACTS[key]["acts"]
    return "all workouts" if acts is None else "/".join(acts)


def counts(b: Builder) -> None:
    session_templates = ["How many {many} did I do{w}?", "how many {many}{w}", "Number of {many}{w}?",
                         "How many {many} have I done{w}?", "count my {many}{w}"]
    day_templates = ["On how many days did I {verb}{w}?", "How many days did I {verb}{w}?",
                     "how many days have i {pp}{w}"]
    often_templates = ["How often did I {verb}{w}?", "how often have I {pp}{w}"]
    participles = {"run": "run", "walk": "walked", "treadmill": "used the treadmill", "bike": "cycled",
                   "spin": "done spin class", "swim": "swum", "yoga": "done yoga", "hike": "hiked",
                   "strength": "lifted weights", "elliptical": "used the elliptical",
                   "interval": "done intervals", "any": "worked out"}
    for key, words in ACTS.items():
        for templates, reducer, category in ((session_templates, "count", "count"),
                                             (day_templates, "count_days", "count"),
                                             (often_templates, "count", "how often")):
            for _attempt in range(4):
                name, days, phrase = b.window(WINDOW_NAMES)
                if key != "any" and templates is session_templates and "{many}" in templates[0]:
                    pass
                text = b.pick(templates).format(many=words["many"], verb=words["verb"], pp=participles[key],
                                                w=_phrase(phrase))
                if key == "any" and templates is session_templates:
                    text = text.replace("How many workouts did I do", "How many workouts did I log")
                spec = _spec(key, w=days, r=reducer)
                unit = "sessions" if reducer == "count" else "days"
                meaning = f"{'sessions' if reducer == 'count' else 'distinct days'} of {_acts(key)} over " \
                          f"{_days_of(spec)}"
                also = run_alt(b, key, spec, meaning)
                if category == "how often":
                    day_spec = dict(spec, r="count_days")
                    also = also + [{"spec": day_spec, "unit": "days", "meaning": f"distinct days of {_acts(key)}"}]
                if b.add(category, b.slip(text), meaning, spec, unit, also=also):
                    break
    # An empty window has a right answer too: zero.
    for text, key, window in [("How many swims did I do yesterday?", "swim", "yesterday"),
                              ("Did I go hiking this week? How many hikes?", "hike", "this_week"),
                              ("how many yoga sessions this week", "yoga", "this_week"),
                              ("How many bike rides did I do this month?", "bike", "this_month")]:
        spec = _spec(key, w=common.WINDOWS[window][0], r="count")
        b.add("count", text, f"sessions of {_acts(key)} over {_days_of(spec)}", spec, "sessions",
              also=run_alt(b, key, spec, "sessions"), allow_empty=True)
    for text, window, reducer in [("How many different kinds of workouts did I do last month?", "last_month",
                                   "distinct"),
                                  ("how many distinct activity types in october", "october", "distinct"),
                                  ("How many unique workout types have I done?", "all", "distinct"),
                                  ("Number of different activities I did in the last 30 days", "last30", "distinct"),
                                  ("What workout did I do most often last month?", "last_month", "most_frequent"),
                                  ("most frequent activity in october", "october", "most_frequent"),
                                  ("What's my most common type of workout?", "all", "most_frequent"),
                                  ("Which activity did I do most often in the past 90 days?", "last90",
                                   "most_frequent")]:
        spec = {"t": "s", "acts": None, "w": common.WINDOWS[window][0], "r": reducer}
        frame = b.oracle.rows(spec)["activity"].value_counts()
        if reducer == "most_frequent" and len(frame) > 1 and frame.iloc[0] == frame.iloc[1]:
            continue
        b.add("distinct", text, f"{reducer} activity over {_days_of(spec)}", spec,
              "activities" if reducer == "distinct" else "name")


SUM_TEMPLATES: Dict[str, List[str]] = {
    "distance": ["How far did I {verb}{w}?", "total {ing} distance{w}", "How many km did I {verb}{w}?",
                 "How many kilometres did I {verb}{w}?", "what distance did I cover {ing}{w}",
                 "How many miles did I {verb}{w}?"],
    "duration": ["How much time did I spend {ing}{w}?", "total time {ing}{w}", "How many hours did I spend {ing}{w}?",
                 "how many minutes of {ing}{w}"],
    "calories": ["How many calories did I burn {ing}{w}?", "total calories from {many}{w}"],
    "elevation_gain": ["How much elevation did I gain on my {many}{w}?", "total elevation gain on {many}{w}",
                       "How many metres did I climb on my {many}{w}?"],
    "steps": ["How many steps did I take on my {many}{w}?", "total steps during {many}{w}"],
    "active_zone_minutes": ["How many active zone minutes did I earn on {many}{w}?"],
}
MEAN_TEMPLATES: Dict[str, List[str]] = {
    "distance": ["What's the average distance of my {many}{w}?", "avg {one} distance{w}",
                 "How far is my average {one}{w}?"],
    "duration": ["How long was my average {one}{w}?", "average {one} duration{w}", "avg length of my {many}{w}"],
    "average_heart_rate": ["What was my average heart rate during {many}{w}?", "avg HR on my {many}{w}",
                           "mean heart rate while {ing}{w}"],
    "speed": ["What was my average speed on {many}{w}?", "avg speed {ing}{w}"],
    "calories": ["How many calories do I burn per {one} on average{w}?", "average calories per {one}{w}"],
    "elevation_gain": ["What's the average elevation gain of my {many}{w}?"],
    "steps": ["average steps per {one}{w}"],
}


def sums_and_means(b: Builder) -> None:
    for reducer, table in (("sum", SUM_TEMPLATES), ("mean", MEAN_TEMPLATES)):
        for metric, templates in table.items():
            keys = {"distance": common.DISTANCE_ACTS, "elevation_gain": common.ELEVATION_ACTS,
                    "steps": common.STEP_ACTS, "speed": ["run", "walk", "bike", "swim", "hike"]}.get(
                        metric, list(ACTS))
            for template in templates * 2:
                for _attempt in range(5):
                    key = b.pick(keys)
                    words = ACTS[key]
                    if key == "any" and "{verb}" in template:
                        continue
                    name, days, phrase = b.window(WINDOW_NAMES)
                    text = template.format(verb=words["verb"], ing=words["ing"], many=words["many"],
                                           one=words["one"], w=_phrase(phrase))
                    spec = _spec(key, m=metric, w=days, r=reducer)
                    meaning = f"{reducer} of {metric} of {_acts(key)} over {_days_of(spec)}"
                    also = run_alt(b, key, spec, meaning)
                    if metric == "speed":  # an average speed is also total distance over total time
                        ratio = _spec(key, m="distance", m2="duration", w=days, r="ratio", scale=60)
                        also = also + [{"spec": ratio, "meaning": "total distance / total time"}]
                    if b.add("workout total" if reducer == "sum" else "workout average", b.slip(text),
                             meaning, spec, common.UNITS_OF[metric], also=also):
                        break
    # Any workout: totals over all sessions.
    for text, metric, window, reducer in [
            ("How many calories did I burn in workouts last month?", "calories", "last_month", "sum"),
            ("total workout time this week", "duration", "this_week", "sum"),
            ("How many minutes did I exercise in October?", "duration", "october", "sum"),
            ("How many hours did I work out over the last 30 days?", "duration", "last30", "sum"),
            ("What was my average heart rate across all workouts in November?", "average_heart_rate",
             "last_month", "mean"),
            ("average workout length in the past 60 days", "duration", "last60", "mean"),
            ("How many active zone minutes came from workouts last week?", "active_zone_minutes", "last_week",
             "sum")]:
        spec = _spec("any", m=metric, w=common.WINDOWS[window][0], r=reducer)
        b.add("workout total" if reducer == "sum" else "workout average", text,
              f"{reducer} of {metric} of all workouts over {_days_of(spec)}", spec, common.UNITS_OF[metric])


def lasts(b: Builder) -> None:
    rows: List[Any] = [
        ("How far was my last run?", "run", "distance", ("last", 1), "last"),
        ("distance of my most recent run", "run", "distance", ("last", 1), "last"),
        ("How long was my last walk?", "walk", "duration", ("last", 1), "last"),
        ("how long was my latest hike", "hike", "duration", ("last", 1), "last"),
        ("What was my average heart rate on my last run?", "run", "average_heart_rate", ("last", 1), "last"),
        ("What was my speed on my last bike ride?", "bike", "speed", ("last", 1), "last"),
        ("How many calories did I burn on my last swim?", "swim", "calories", ("last", 1), "last"),
        ("How far did I swim last time?", "swim", "distance", ("last", 1), "last"),
        ("elevation gain on my most recent hike", "hike", "elevation_gain", ("last", 1), "last"),
        ("How many steps on my last walk?", "walk", "steps", ("last", 1), "last"),
        ("How long was my last yoga session?", "yoga", "duration", ("last", 1), "last"),
        ("how long was my last strength training session", "strength", "duration", ("last", 1), "last"),
        ("What was my heart rate during my last interval workout?", "interval", "average_heart_rate", ("last", 1),
         "last"),
        ("How long was my last workout?", "any", "duration", ("last", 1), "last"),
        ("How many calories did my last workout burn?", "any", "calories", ("last", 1), "last"),
        ("How far did I go on my first run?", "run", "distance", ("first", 1), "first"),
        ("How long was my first hike?", "hike", "duration", ("first", 1), "first"),
        ("What was the average heart rate over my last 5 runs?", "run", "average_heart_rate", ("last", 5), "mean"),
        ("total distance of my last three walks", "walk", "distance", ("last", 3), "sum"),
        ("How far did I ride on my last 3 bike rides combined?", "bike", "distance", ("last", 3), "sum"),
        ("average distance of my last 10 runs", "run", "distance", ("last", 10), "mean"),
        ("How long were my last two swims in total?", "swim", "duration", ("last", 2), "sum"),
        ("avg calories of my last 4 spin classes", "spin", "calories", ("last", 4), "mean"),
        ("What was my average speed over my last five runs?", "run", "speed", ("last", 5), "mean"),
        ("How many steps did I take during my first two walks?", "walk", "steps", ("first", 2), "sum"),
        ("elevation gain of my last 2 hikes", "hike", "elevation_gain", ("last", 2), "sum"),
    ]
    for text, key, metric, take, reducer in rows:
        spec = _spec(key, m=metric, take=take, r=reducer)
        meaning = f"{reducer} of {metric} of the {take[0]} {take[1]} {_acts(key)}"
        b.add("last/first", b.slip(text), meaning, spec, common.UNITS_OF[metric],
              also=run_alt(b, key, spec, meaning))
    windowed = [("How far was my first run in November?", "run", "distance", "last_month", ("first", 1)),
                ("How long was my last walk in October?", "walk", "duration", "october", ("last", 1)),
                ("What was my heart rate on my first hike last month?", "hike", "average_heart_rate", "last_month",
                 ("first", 1)),
                ("distance of my last run last week", "run", "distance", "last_week", ("last", 1))]
    for text, key, metric, window, take in windowed:
        spec = _spec(key, m=metric, take=take, w=common.WINDOWS[window][0], r="last")
        meaning = f"{metric} of the {take[0]} {_acts(key)} over {_days_of(spec)}"
        b.add("last/first", text, meaning, spec, common.UNITS_OF[metric], also=run_alt(b, key, spec, meaning))
    for text, key, which in [("When was my last run?", "run", "last_date"), ("When did I last swim?", "swim",
                                                                                "last_date"),
                             ("when did i last do yoga", "yoga", "last_date"),
                             ("When was my most recent hike?", "hike", "last_date"),
                             ("When did I last go on the elliptical?", "elliptical", "last_date"),
                             ("When was my first bike ride?", "bike", "first_date"),
                             ("When did I do my first interval workout?", "interval", "first_date"),
                             ("What was the date of my last strength training session?", "strength", "last_date"),
                             ("When did I last work out?", "any", "last_date")]:
        spec = _spec(key, r=which)
        meaning = f"{which} of {_acts(key)}"
        b.add("date", text, meaning, spec, "date", also=run_alt(b, key, spec, meaning))
    # Pace: minutes per km of one run (duration / distance).
    for text, key, take in [("What was my pace on my last run?", "run", ("last", 1)),
                            ("pace of my most recent run", "run", ("last", 1)),
                            ("What was my pace on my last walk?", "walk", ("last", 1)),
                            ("What pace did I run on my first run?", "run", ("first", 1))]:
        spec = _spec(key, m="pace", take=take, r="last")
        meaning = f"duration/distance of the {take[0]} {_acts(key)}"
        b.add("pace", text, meaning, spec, "min/km", also=run_alt(b, key, spec, meaning))
    for text, key, window in [("What was my average pace on runs last month?", "run", "last_month"),
                              ("avg running pace in october", "run", "october"),
                              ("What's my average walking pace over the last 30 days?", "walk", "last30")]:
        spec = _spec(key, m="duration", m2="distance", w=common.WINDOWS[window][0], r="ratio")
        per_run = _spec(key, m="pace", w=common.WINDOWS[window][0], r="mean")
        meaning = f"total duration / total distance of {_acts(key)} over {_days_of(spec)}"
        b.add("pace", text, meaning, spec, "min/km",
              also=[{"spec": per_run, "meaning": "mean of each session's pace"}] + run_alt(b, key, spec, meaning))


def superlatives(b: Builder) -> None:
    rows: List[Any] = [
        ("What's the farthest I've run{w}?", "run", "distance", "max"),
        ("What was my furthest run{w}?", "run", "distance", "max"),
        ("longest run by distance{w}", "run", "distance", "max"),
        ("What was the longest distance I ran{w}?", "run", "distance", "max"),
        ("What was my longest run in minutes{w}?", "run", "duration", "max"),
        ("shortest run distance{w}", "run", "distance", "min"),
        ("What was my longest walk in km{w}?", "walk", "distance", "max"),
        ("How long was my longest hike in kilometers{w}?", "hike", "distance", "max"),
        ("What's the most time I spent on a single hike{w}?", "hike", "duration", "max"),
        ("longest bike ride distance{w}", "bike", "distance", "max"),
        ("What was my fastest average speed on a bike ride{w}?", "bike", "speed", "max"),
        ("highest average speed on a run{w}", "run", "speed", "max"),
        ("slowest run speed{w}", "run", "speed", "min"),
        ("What's the longest I swam{w}, distance-wise?", "swim", "distance", "max"),
        ("longest yoga session{w}", "yoga", "duration", "max"),
        ("What was my longest workout{w}?", "any", "duration", "max"),
        ("shortest workout{w}", "any", "duration", "min"),
        ("What's the most calories I burned in one workout{w}?", "any", "calories", "max"),
        ("most calories burned on a run{w}", "run", "calories", "max"),
        ("What was the highest average heart rate of any workout{w}?", "any", "average_heart_rate", "max"),
        ("lowest average heart rate on a run{w}", "run", "average_heart_rate", "min"),
        ("What's the most elevation I gained on a single hike{w}?", "hike", "elevation_gain", "max"),
        ("biggest climb on a bike ride{w}", "bike", "elevation_gain", "max"),
        ("What's the most steps I took in one walk{w}?", "walk", "steps", "max"),
        ("longest strength training session{w}", "strength", "duration", "max"),
        ("longest treadmill session in minutes{w}", "treadmill", "duration", "max"),
        ("most active zone minutes in a single workout{w}", "any", "active_zone_minutes", "max"),
        ("How long was my longest spin class{w}?", "spin", "duration", "max"),
        ("What was my median run distance{w}?", "run", "distance", "median"),
        ("median workout duration{w}", "any", "duration", "median"),
        ("standard deviation of my run distances{w}", "run", "distance", "std"),
        ("What's the std dev of my walk durations{w}?", "walk", "duration", "std"),
    ]
    for template, key, metric, reducer in rows:
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "last30", "last90", "september",
                                           "last60"])
            spec = _spec(key, m=metric, w=days, r=reducer)
            meaning = f"{reducer} of {metric} of {_acts(key)} over {_days_of(spec)}"
            category = "median/std" if reducer in ("median", "std") else "superlative"
            if b.add(category, b.slip(template.format(w=_phrase(phrase))), meaning, spec, common.UNITS_OF[metric],
                     also=run_alt(b, key, spec, meaning)):
                break
    for text, key, metric, reducer in [("When was my longest run?", "run", "distance", "date_of_max"),
                                       ("On what day did I do my longest hike by distance?", "hike", "distance",
                                        "date_of_max"),
                                       ("when was my fastest bike ride", "bike", "speed", "date_of_max"),
                                       ("Date of my longest workout?", "any", "duration", "date_of_max"),
                                       ("When did I burn the most calories in a workout?", "any", "calories",
                                        "date_of_max")]:
        spec = _spec(key, m=metric, r=reducer)
        b.add("date", text, f"{reducer} of {metric} of {_acts(key)}", spec, "date",
              also=run_alt(b, key, spec, f"{reducer} of {metric}"))


def conditions(b: Builder) -> None:
    rows: List[Any] = [
        ("How many runs over 5 km did I do{w}?", "run", [("distance", ">", 5)], "count"),
        ("how many runs longer than 5k{w}", "run", [("distance", ">", 5)], "count"),
        ("How many of my runs were at least 30 minutes{w}?", "run", [("duration", ">=", 30)], "count"),
        ("How many runs of 40 minutes or more{w}?", "run", [("duration", ">=", 40)], "count"),
        ("How many walks longer than an hour{w}?", "walk", [("duration", ">", 60)], "count"),
        ("How many walks of 4 km or more{w}?", "walk", [("distance", ">=", 4)], "count"),
        ("Number of bike rides over 20 km{w}", "bike", [("distance", ">", 20)], "count"),
        ("How many hikes had more than 400 m of elevation gain{w}?", "hike", [("elevation_gain", ">", 400)],
         "count"),
        ("How many workouts burned over 400 calories{w}?", "any", [("calories", ">", 400)], "count"),
        ("How many workouts were under 30 minutes{w}?", "any", [("duration", "<", 30)], "count"),
        ("How many runs had an average heart rate above 155{w}?", "run", [("average_heart_rate", ">", 155)],
         "count"),
        ("How many days did I run more than 6 km{w}?", "run", [("distance", ">", 6)], "count_days"),
        ("How many days did I run with more than 5,000 steps{w}?", "run", [("steps", ">", 5000)], "count_days"),
        ("How many swims were longer than 1.5 km{w}?", "swim", [("distance", ">", 1.5)], "count"),
        ("how many hikes over 3 hours{w}", "hike", [("duration", ">", 180)], "count"),
        ("How many runs faster than 11 km/h{w}?", "run", [("speed", ">", 11)], "count"),
        ("How many walks were between 3 and 5 km{w}?", "walk", [("distance", ">=", 3), ("distance", "<=", 5)],
         "count"),
        ("How many runs were no longer than 30 minutes{w}?", "run", [("duration", "<=", 30)], "count"),
        ("how many workouts with at least 30 active zone minutes{w}", "any", [("active_zone_minutes", ">=", 30)],
         "count"),
    ]
    for template, key, where, reducer in rows:
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "last30", "last90", "last60"])
            spec = _spec(key, w=days, where=where, r=reducer)
            meaning = f"{'sessions' if reducer == 'count' else 'days'} of {_acts(key)} with " \
                      f"{' and '.join(f'{c} {o} {v}' for c, o, v in where)} over {_days_of(spec)}"
            also = run_alt(b, key, spec, meaning)
            if "between" in template:
                exclusive = [(column, op.rstrip("="), value) for column, op, value in where]
                also.append({"spec": dict(spec, where=exclusive), "meaning": "both ends excluded"})
            if b.add("workout condition", b.slip(template.format(w=_phrase(phrase))), meaning, spec,
                     "sessions" if reducer == "count" else "days", also=also):
                break
    metric_rows: List[Any] = [
        ("What was the total distance of runs longer than 40 minutes{w}?", "run", "distance",
         [("duration", ">", 40)], "sum"),
        ("average heart rate on runs over 6 km{w}", "run", "average_heart_rate", [("distance", ">", 6)], "mean"),
        ("How long were my walks over 4 km on average{w}?", "walk", "duration", [("distance", ">", 4)], "mean"),
        ("total calories on workouts longer than 45 minutes{w}", "any", "calories", [("duration", ">", 45)], "sum"),
        ("What's the average speed of my runs over 30 minutes{w}?", "run", "speed", [("duration", ">", 30)],
         "mean"),
        ("How much time did I spend on hikes with more than 300 m of climbing{w}?", "hike", "duration",
         [("elevation_gain", ">", 300)], "sum"),
    ]
    for template, key, metric, where, reducer in metric_rows:
        for _attempt in range(4):
            name, days, phrase = b.window(["all", "last_month", "october", "last90", "last60"])
            spec = _spec(key, m=metric, w=days, where=where, r=reducer)
            meaning = f"{reducer} of {metric} of {_acts(key)} with " \
                      f"{' and '.join(f'{c} {o} {v}' for c, o, v in where)} over {_days_of(spec)}"
            if b.add("workout condition", b.slip(template.format(w=_phrase(phrase))), meaning, spec,
                     common.UNITS_OF[metric], also=run_alt(b, key, spec, meaning)):
                break
