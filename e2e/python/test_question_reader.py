"""The rules reader (wellness.QueryTables.ask): over 300 phrasings written for
this test, several per form, with typos and odd casing, each with the query
it must read. The reader may decline a question (it then gives no number),
but every question it answers must read as the expected query: 0 wrong
numbers. Questions it must decline are listed too. The share it answers is
printed (pytest -s) and must stay above a floor."""

from __future__ import annotations

import datetime as dt
from typing import Any, Dict, List, Optional, Tuple

import pytest

import wellness
from test_query import DAILY_ROWS, SESSION_ROWS, ZONE

ANCHOR = "2025-11-20"


def expect(table: str, reduce: str, metric: Optional[str] = None, activity: Optional[str] = None,
           where: Tuple[Tuple[str, str, Any], ...] = (), days: Tuple[Tuple[str, str, Any], ...] = (),
           window: Any = "all", take: Optional[Dict[str, int]] = None, match: str = "synonyms",
           weekdays: Optional[List[str]] = None, same_day: Tuple[Tuple[str, str, Any], ...] = (),
           activities: Optional[List[str]] = None) -> Dict[str, Any]:
    def conditions(items: Tuple[Tuple[str, str, Any], ...]) -> List[Dict[str, Any]]:
        return [{"metric": metric, "op": op, "value": value} for metric, op, value in items]
    return {"table": table, "metric": metric, "activity": activities or ([activity] if activity else None),
            "where": conditions(where), "on_days_where": conditions(days), "window": window, "anchor": ANCHOR,
            "take": take, "reduce": reduce, "activity_match": match, "weekdays": weekdays,
            "same_day_where": conditions(same_day)}


RAN = (("activity", "==", "run"),)
WEEKEND = ["saturday", "sunday"]
WORKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday"]
OCTOBER = {"between": ["2025-10-01", "2025-10-31"]}
FORMS: List[Tuple[Dict[str, Any], List[str]]] = [
    (expect("sessions", "count_days", activity="run", window={"last_days": 14}), [
        "How many days did I run in the last two weeks?", "how many days did i run in the past 2 weeks",
        "On how many days did I go running in the last 14 days?", "How many days did I jog in the past two weeks?",
        "HOW MANY DAYS DID I RUN IN THE LAST 2 WEEKS", "How many days did I rnu in the last two weeks?",
        "how many days did I run over the last fourteen days", "how many days did I run over the last 14 days?",
        "In the last two weeks, how many days did I run?", "how many days did i go for a run in the past 2 weeks" ]),
    (expect("sessions", "count_days", activity="run", window="this_week"), [
        "How many days did I run this week?", "how many days have i run so far this week",
        "On how many days did I go for a run this week?", "how many days did I run this wek?",
        "How Many Days Did I Run This Week", "this week, how many days did I run?" ]),
    (expect("sessions", "count_days", activity="swim", window="this_month"), [
        "How many days did I swim this month?", "how many days did i go swimming this month",
        "On how many days did I swim this month", "how many days did I swim so far this month",
        "How many days did I go swimming this mnth?" ]),
    (expect("sessions", "count", activity="run", window="this_month"), [
        "How many runs this month?", "How many times did I run this month?", "how many runs did I do this month",
        "how often did I run this month", "How many runs have I done this month?",
        "how many times did i jog this month", "number of runs this month",
        "How many times have I gone running this month?", "how many runs so far this month?" ]),
    (expect("sessions", "count", activity="bike", window="last_month"), [
        "How many bike rides did I do last month?", "How many times did I cycle last month?",
        "how many rides last month", "How often did I ride my bike last month?", "how many times did I bike last month",
        "Number of bike rides last month", "how many cycling sessions last month" ]),
    (expect("sessions", "count", activity="swim", window={"last_days": 7}), [
        "How many swims in the past week?", "how many times did I swim in the last 7 days",
        "How often did I swim over the past seven days?", "How many times did I go swimming in the past week?",
        "how many swims over the last seven days" ]),
    (expect("sessions", "count", activity="yoga", window="this_week"), [
        "How many yoga sessions did I do this week?", "how many times did I do yoga this week",
        "How often did I do yoga this week?", "How many times did I do yoga so far this week?",
        "number of yoga sessions this week" ]),
    (expect("sessions", "count", activity="weights", window="last_week"), [
        "How many times did I lift weights last week?", "How many strength training sessions last week?",
        "how often did I lift last week", "How many weight training sessions last week?",
        "How many times did I lift weights last wek?" ]),
    (expect("sessions", "count", window="this_week"), [
        "How many workouts did I do this week?", "how many times did I work out this week",
        "How many sessions this week?", "How often did I exercise this week?", "how many workouts this wek",
        "How many times did I train this week?", "how many times did I exercise this week" ]),
    (expect("sessions", "count", activity="walk", window="yesterday"), [
        "How many walks did I take yesterday?", "how many times did I walk yesterday", "How many walks yesterday?",
        "number of walks yesterday" ]),
    (expect("sessions", "sum", metric="distance", activity="bike", window="this_month"), [
        "How far did I cycle this month?", "How far did I ride this month?", "What distance did I cycle this month?",
        "Total distance cycled this month", "how many km did I cycle this month", "how far did i bike this month",
        "How many kilometers did I ride my bike this month?", "How far have I cycled so far this month?",
        "how far did I ride my bike this month", "How far did I go cycling this month?" ]),
    (expect("sessions", "sum", metric="distance", activity="run", window={"last_days": 7}), [
        "How far did I run in the past week?", "What distance did I run over the last 7 days?",
        "Total running distance in the past seven days", "how many km did i run in the last 7 days",
        "How far did I run in the last week?", "Running distance over the past week in total"]),
    (expect("sessions", "sum", metric="distance", activity="run"), [
        "How far have I run in total?", "What is my total running distance?", "how far did i run altogether",
        "How many kilometres have I run ever?", "total distance I ran", "How far did I run in total?"]),
    (expect("sessions", "mean", metric="distance", activity="run", window="this_month"), [
        "What was the average distance of my runs this month?", "Average run distance this month",
        "how far did I run on average this month", "What's my average running distance this month?",
        "What was the average distance of my runs so far this month?" ]),
    (expect("sessions", "max", metric="distance", activity="run"), [
        "What was my farthest run?", "What's the furthest I have run?", "my farthest run",
        "What is the farthest I ran?", "Furthest run ever?", "What was the distance of my longest run?",
        "How far was my longest run?" ]),
    (expect("sessions", "max", metric="duration", activity="run"), [
        "What was my longest run?", "my longest run", "What's my longest run ever?",
        "What was my longest run of all time?", "LONGEST RUN?" ]),
    (expect("sessions", "max", metric="duration", activity="bike", window="this_month"), [
        "What was my longest bike ride this month?", "longest ride this month", "My longest cycle ride this month?"]),
    (expect("sessions", "sum", metric="duration", activity="run", window="this_week"), [
        "How long did I run this week?", "How much time did I spend running this week?",
        "Total time running this week", "how long have i run so far this week", "How much time did I run this week?"]),
    (expect("sessions", "sum", metric="duration", activity="yoga", window="last_week"), [
        "How long did I do yoga last week?", "How much time did I spend on yoga last week?",
        "total yoga time last week"]),
    (expect("sessions", "mean", metric="duration", activity="swim"), [
        "How long are my swims on average?", "Average swim duration", "What's the average duration of my swims?",
        "how long do I swim on average", "How long was my average swim?"]),
    (expect("sessions", "mean", metric="average_heart_rate", activity="swim", take={"last": 3}), [
        "What was my heart rate on my last three swims?", "Average heart rate of my last 3 swims",
        "what was my average heart rate over my last three swims", "heart rate on my last 3 swims",
        "What was my HR on my last three swims?", "What was my average pulse on my last three swims?",
        "hart rate on my last 3 swims" ]),
    (expect("sessions", "mean", metric="average_heart_rate", activity="run", take={"last": 5}), [
        "What was my average heart rate on my last five runs?", "heart rate over my last 5 runs",
        "Average heart rate of my last five runs", "What was my heart rate on my last 5 runs?"]),
    (expect("sessions", "sum", metric="distance", activity="run", take={"last": 1}), [
        "How far was my last run?", "What distance was my last run?", "how far did I go on my last run",
        "How far did I run on my last run?" ]),
    (expect("sessions", "sum", metric="duration", activity="swim", take={"last": 1}), [
        "How long was my last swim?", "what was the duration of my last swim", "How long did my last swim take?"]),
    (expect("sessions", "sum", metric="calories", activity="run", window="this_week"), [
        "How many calories did I burn running this week?", "Total calories burned on my runs this week",
        "how many calories did i burn on my runs this week"]),
    (expect("sessions", "last_date", activity="run"), [
        "When was my last run?", "When did I last run?", "When was the last time I ran?", "when did i last go running",
        "WHEN WAS MY LAST RUN"]),
    (expect("sessions", "last_date", activity="swim"), [
        "When was my last swim?", "When did I last swim?", "When was the last time I went swimming?",
        "When did I last go swimming?" ]),
    (expect("sessions", "first_date", activity="yoga"), [
        "When was my first yoga session?", "When did I first do yoga?", "When was the first time I did yoga?"]),
    (expect("sessions", "activities", window="this_week"), [
        "What workouts did I do this week?", "Which activities did I do this week?", "what activities this week",
        "Which workouts did I do this week?" ]),
    (expect("sessions", "most_frequent_activity", window="this_month"), [
        "What was my most common workout this month?", "What did I do most this month?",
        "Most frequent activity this month", "What was my most frequent workout this month?"]),
    (expect("daily", "sum", metric="steps", window="yesterday"), [
        "How many steps did I take yesterday?", "How many steps yesterday?", "total steps yesterday",
        "What was my step count yesterday?", "how many stpes did I take yesterday", "Steps yesterday in total?"]),
    (expect("daily", "sum", metric="steps", window="today"), [
        "How many steps have I taken today?", "how many steps today", "What's my step count so far today?",
        "How many steps did I walk today?", "Steps today?"]),
    (expect("daily", "sum", metric="steps", window="this_week"), [
        "How many steps did I take this week?", "Total steps this week", "how many steps this week in total",
        "How many steps so far this week?", "What is my step count this week?", "How many steps have I taken this week?"
        ]),
    (expect("daily", "mean", metric="steps", window="last_month"), [
        "How many steps did I take per day last month?", "What was my average step count last month?",
        "Average daily steps last month", "How many steps a day did I average last month?",
        "avg steps last month", "average steps per day last month", "Average steps last month",
        "How many steps did I take on average last month?" ]),
    (expect("daily", "max", metric="steps", window="this_month"), [
        "What was my highest step count this month?", "Most steps in a day this month",
        "What's the maximum steps I took in a day this month?"]),
    (expect("daily", "mean", metric="sleep_minutes", window="this_week"), [
        "How many hours did I sleep on average this week?", "What's my average sleep this week?",
        "How much did I sleep per night this week?", "average hours of sleep this week",
        "How much sleep did I get on average this week?", "avrage sleep this week",
        "How many hours of sleep did I average this week?", "Average sleep per night this week",
        "how much did I sleep on average this week" ]),
    (expect("daily", "mean", metric="sleep_minutes", window={"last_days": 7}), [
        "How much did I sleep on average in the past week?", "Average sleep over the last 7 days",
        "How many hours did I sleep per night over the past seven days?", "average sleep in the past week"]),
    (expect("daily", "mean", metric="sleep_minutes", window="yesterday"), [
        "How much did I sleep yesterday?", "my sleep yesterday", "What was my sleep yesterday?"]),
    (expect("daily", "sum", metric="sleep_minutes", window="this_week"), [
        "How many hours did I sleep this week?", "How many hours of sleep did I get this week in total?",
        "Total sleep this week", "how many hours did I sleep in total this week"]),
    (expect("daily", "min", metric="sleep_minutes", window="this_month"), [
        "What was my shortest sleep this month?", "What was the least I slept this month?",
        "Lowest sleep this month", "minimum sleep this month", "What was my least sleep this month?"]),
    (expect("daily", "mean", metric="deep_sleep_minutes", window="this_week"), [
        "What was my average deep sleep this week?", "How much deep sleep did I get on average this week?",
        "average deep sleep this week", "Deep sleep per night this week?",
        "how much deep sleep did I get per night this week" ]),
    (expect("daily", "mean", metric="rem_sleep_minutes", window="last_week"), [
        "What was my average REM sleep last week?", "How much REM sleep did I get per night last week?",
        "average rem last week", "Average REM sleep last week"]),
    (expect("daily", "mean", metric="deep_sleep_minutes", where=(("steps", ">", 10000),)), [
        "What was my average deep sleep on days I walked more than 10,000 steps?",
        "Average deep sleep on days with more than 10000 steps",
        "What's my average deep sleep when my steps were over 10,000?",
        "average deep sleep on days when I took more than 10k steps",
        "How much deep sleep did I get on average on days with over 10,000 steps?"]),
    (expect("daily", "mean", metric="resting_heart_rate", window="this_month"), [
        "What's my average resting heart rate this month?", "Average resting heart rate this month",
        "What was my resting heart rate this month?", "average RHR this month", "my average resting pulse this month",
        "What is my average resting heart rate this month?" ]),
    (expect("daily", "mean", metric="resting_heart_rate", window="yesterday"), [
        "What was my resting heart rate yesterday?", "resting heart rate yesterday", "My RHR yesterday?"]),
    (expect("daily", "min", metric="resting_heart_rate", window="last_month"), [
        "What was my lowest resting heart rate last month?", "minimum resting heart rate last month",
        "Lowest RHR last month", "What was the lowest my resting heart rate got last month?"]),
    (expect("daily", "mean", metric="heart_rate_variability", window={"last_days": 7}), [
        "What's my average HRV over the past week?", "Average heart rate variability over the last 7 days",
        "what was my hrv in the past seven days", "HRV over the past week on average",
        "average hrv over the last 7 days" ]),
    (expect("daily", "max", metric="heart_rate_variability", window="this_month"), [
        "What was my highest HRV this month?", "Peak HRV this month", "maximum hrv this month",
        "Highest heart rate variability this month" ]),
    (expect("daily", "sum", metric="active_zone_minutes", window="this_week"), [
        "How many active zone minutes did I get this week?", "Total active zone minutes this week",
        "how many AZM this week", "How many zone minutes did I get this week?"]),
    (expect("daily", "count_days", where=(("sleep_minutes", "<", 360),), window="this_month"), [
        "How many days did I sleep less than 6 hours this month?",
        "On how many days did I sleep under 6 hours this month?",
        "How many days this month did I sleep less than six hours?",
        "how many days did I get less than 6 hours of sleep this month",
        "how many days this month did I sleep under 6 hours" ]),
    (expect("daily", "count_days", where=(("steps", ">", 10000),), window="this_month"), [
        "How many days did I walk more than 10,000 steps this month?",
        "On how many days did I take more than 10000 steps this month?",
        "How many days this month did I do over 10k steps?", "How many days with more than 10,000 steps this month?",
        "How many days did I get more than 10,000 steps this month?" ]),
    (expect("daily", "count_days", where=(("steps", ">=", 10000),), window="last_week"), [
        "How many days did I get at least 10,000 steps last week?",
        "On how many days did I walk at least 10000 steps last week?"]),
    (expect("daily", "mean", metric="sleep_minutes", where=(("steps", ">", 12000),)), [
        "How much did I sleep on average on days I walked more than 12,000 steps?",
        "Average sleep on days with more than 12000 steps", "average sleep when my steps were above 12,000",
        "How much did I sleep on days with more than 12,000 steps on average?" ]),
    (expect("daily", "mean", metric="steps", days=RAN), [
        "How many steps did I take on average on days I ran?", "Average steps on days I ran",
        "What were my average steps on days when I went running?", "average step count on days i ran",
        "how many steps on average on days I ran" ]),
    (expect("daily", "mean", metric="sleep_minutes", days=RAN, window="this_month"), [
        "How much did I sleep on average on days I ran this month?", "Average sleep on days I ran this month",
        "What was my average sleep on days I went running this month?",
        "How many hours did I sleep on average on days I ran this month?" ]),
    (expect("sessions", "count", activity="run", days=(("sleep_minutes", "<", 360),)), [
        "How many times did I run on days I slept less than 6 hours?",
        "How many runs on days I slept under six hours?",
        "How many runs did I do on days when I slept less than 6 hours?",
        "How often did I run on days I slept less than 6 hours?" ]),
    (expect("sessions", "mean", metric="distance", activity="run", days=(("sleep_minutes", ">", 420),)), [
        "How far did I run on average on days I slept more than 7 hours?",
        "Average run distance on days I slept over 7 hours"]),
    (expect("sessions", "count", activity="run", where=(("distance", ">", 5),), window="this_month"), [
        "How many runs over 5 km this month?", "How many times did I run more than 5 km this month?",
        "How many runs longer than 5 km did I do this month?", "Number of runs over 5 km this month"]),
    (expect("sessions", "sum", metric="distance", activity="run", where=(("distance", ">", 5),)), [
        "Total distance of my runs over 5 km", "How far did I run in total on runs over 5 km?"]),
    (expect("sessions", "count_days", activity="hike", window={"between": ["2025-01-01", "2025-12-31"]}), [
        "How many days did I hike this year?", "On how many days did I go hiking this year?",
        "How many days have I hiked so far this year?" ]),
    (expect("sessions", "count", activity="swim", window={"between": ["2024-01-01", "2024-12-31"]}), [
        "How many times did I swim last year?", "How many swims last year?", "How often did I swim last year?"]),
    (expect("daily", "mean", metric="steps", window={"between": ["2025-01-01", "2025-12-31"]}), [
        "What's my average daily step count this year?", "Average steps per day this year"]),

    (expect("daily", "count_days", where=(("deep_sleep_minutes", ">", 120),)), [
        "How many days did I have more than 2 hours of deep sleep?",
        "On how many days did I get over 2 hours of deep sleep?",
        "how many days did i get more than two hours of deep sleep",
        "How many days did I have more than 120 minutes of deep sleep?"]),
    (expect("sessions", "sum", metric="steps", activity="walk", window="today", take={"first": 2}), [
        "How many steps during my first two walks today?", "how many steps on my first 2 walks today"]),
    (expect("sessions", "sum", metric="steps", activity="walk"), [
        "How many steps on my walks?", "How many steps did I take on my walks in total?"]),
    (expect("daily", "count_days", where=(("sleep_minutes", "<", 60),)), [
        "How many days did I sleep for less than an hour?", "how many days did I sleep under an hour",
        "On how many days did I sleep less than 1 hour?"]),
    (expect("daily", "count_days", where=(("sleep_minutes", "<", 30),)), [
        "How many days did I sleep less than half an hour?"]),
    (expect("sessions", "count_days", activity="run", where=(("steps", ">", 4200),)), [
        "How many days did I run with more than 4,200 steps?", "how many days did i run with over 4200 steps"]),
    (expect("sessions", "count", activity="run", days=(("steps", ">", 10000),)), [
        "How many runs on days with more than 10,000 steps?", "How many times did I run on days with over 10k steps?"]),
    (expect("daily", "count_days", where=(("rem_sleep_minutes", "<", 252),)), [
        "How many days did I sleep less than 252 minutes in REM sleep?",
        "How many days did I get less than 252 minutes of REM sleep?"]),
    (expect("daily", "mean", metric="heart_rate_variability",
            window={"day_of": {"which": "last", "activity": ["run"]}}), [
        "What was my HRV on the most recent day I ran?", "my hrv on the last day I ran",
        "What was my HRV on the last day I went running?"]),
    (expect("sessions", "count", activity="run", where=(("duration", ">", 28),)), [
        "How many runs were longer than 28 minutes?", "how many runs longer than 28 mins",
        "How many times did I run more than 28 minutes?"]),
    (expect("sessions", "mean", metric="speed", activity="run", take={"last": 1}), [
        "What was my speed on my last run?", "my average speed on my last run"]),
] + [
    # Comparators before and after the number; "between" is two conditions, both included.
    (expect("daily", "count_days", where=(("steps", ">=", 10000),), window="this_month"), [
        "How many days did I walk 10,000 steps or more this month?",
        "how many days this month did I get 10000 steps or more",
        "On how many days did I take 10k steps or more this month?",
        "How many days with 10,000 steps or above this month?",
        "how many days did I do 10,000 steps and above this month",
        "How many days did I get no fewer than 10,000 steps this month?",
        "How many days this month did I walk not less than 10000 steps?",
        "How many days did I get greater than or equal to 10,000 steps this month?",
        "How Many Days This Month Did I Get 10,000 Steps Or More?"]),
    (expect("daily", "count_days", where=(("sleep_minutes", ">=", 420),)), [
        "How many days did I sleep 7 hours or more?", "how many days did I sleep seven hours or longer",
        "On how many days did I get 7 hours of sleep or more?", "How many days did I sleep at least 7 hours?",
        "how many days did I sleep no less than 7 hours", "How many days did I sleep for 7 hours or more?",
        "How many days did I sleep 420 minutes or more?", "how many days did i sleep 7 hrs or more"]),
    (expect("daily", "count_days", where=(("sleep_minutes", "<=", 360),)), [
        "How many days did I sleep 6 hours or less?", "How many days did I sleep no more than 6 hours?",
        "how many days did I sleep at most 6 hours", "How many days did I get less than or equal to 6 hours of sleep?",
        "On how many days did I sleep not more than six hours?", "How many days did I sleep up to 6 hours?",
        "How many days did I sleep six hours or under?", "how many days did I sleep 6 hours or shorter"]),
    (expect("daily", "count_days", where=(("sleep_minutes", "<", 420),), window="last_week"), [
        "How many days did I sleep under 7 hours last week?", "how many days last week did I sleep below seven hours",
        "How many days did I get under 7 hours of sleep last week?"]),
    (expect("daily", "count_days", where=(("steps", ">", 8000),), window="this_week"), [
        "How many days this week did I walk over 8,000 steps?", "how many days over 8000 steps this week",
        "On how many days this week did I take above 8k steps?"]),
    (expect("daily", "count_days", where=(("sleep_minutes", ">=", 360), ("sleep_minutes", "<=", 480)),
            window="this_month"), [
        "How many days did I sleep between 6 and 8 hours this month?",
        "how many days this month did I sleep between six and eight hours",
        "On how many days did I get between 6 and 8 hours of sleep this month?",
        "How many days did I sleep between 6 hours and 8 hours this month?",
        "how many days did I sleep between 360 and 480 minutes this month",
        "how many days did i sleep betwen 6 and 8 hours this month"]),
    (expect("daily", "count_days", where=(("sleep_minutes", ">", 360), ("sleep_minutes", "<", 480)),
            window="this_month"), [
        "How many days did I sleep more than 6 hours and less than 8 hours this month?",
        "how many days this month did I sleep over 6 hours but under 8 hours",
        "On how many days did I get more than 6 hours and less than 8 hours of sleep this month?"]),
    (expect("daily", "count_days", where=(("steps", ">", 5000), ("steps", "<", 10000))), [
        "How many days did I walk more than 5,000 steps and fewer than 10,000 steps?",
        "how many days with over 5000 steps but under 10000"]),
    (expect("daily", "count_days", where=(("deep_sleep_minutes", ">", 60), ("deep_sleep_minutes", "<", 100))), [
        "How many days did I get over 60 and under 100 minutes of deep sleep?",
        "how many days did I get more than 60 and less than 100 minutes of deep sleep",
        "How many days did I have more than 60 minutes and less than 100 minutes of deep sleep?"]),
    (expect("sessions", "count", activity="run", where=(("distance", ">=", 5), ("distance", "<=", 10))), [
        "How many runs between 5 and 10 km?", "how many runs were between 5 km and 10 km",
        "How many times did I run between 5 and 10 kilometers?", "Number of runs between 5 and 10 km"]),
    (expect("sessions", "count", activity="run", where=(("distance", ">=", 5),)), [
        "How many runs of 5 km or more?", "How many runs of 5 km or longer?", "How many times did I run 5 km or more?",
        "How many runs were at least 5 km?", "number of runs of at least 5 km"]),
    (expect("sessions", "count", activity="run", where=(("duration", "<=", 45),)), [
        "How many runs were 45 minutes or shorter?", "How many runs of 45 minutes or less?",
        "How many runs no longer than 45 minutes?", "How many runs were at most 45 minutes?",
        "how many runs of 45 mins or shorter", "How many runs within 45 minutes?"]),
    (expect("daily", "count_days", where=(("deep_sleep_minutes", ">=", 90),)), [
        "How many days did I get 90 minutes or more of deep sleep?",
        "how many days did I have 1.5 hours or more of deep sleep",
        "On how many days did I get at least 90 minutes of deep sleep?",
        "how many days did I get an hour and a half or more of deep sleep"]),
    # Windows: the past N months (30 days each), since a weekday or a month, a month by name.
    (expect("daily", "sum", metric="steps", window={"last_days": 90}), [
        "How many steps did I take in the past 3 months?", "total steps over the last three months",
        "How many steps in the last 3 months?", "steps in the past three months in total"]),
    (expect("sessions", "count", activity="run", window={"last_days": 60}), [
        "How many times did I run in the past 2 months?", "how many runs over the last two months",
        "How often did I run in the past two months?"]),
    (expect("sessions", "count_days", activity="run", window={"between": ["2025-11-17", ANCHOR]}), [
        "How many days did I run since Monday?", "on how many days have I run since monday",
        "How many days since Monday did I go running?", "how many days did I run since mondya"]),
    (expect("daily", "sum", metric="steps", window={"between": ["2025-11-15", ANCHOR]}), [
        "How many steps have I taken since Saturday?", "total steps since saturday", "How many steps since Saturday?"]),
    (expect("daily", "mean", metric="sleep_minutes", window={"between": ["2025-10-01", "2025-10-31"]}), [
        "What was my average sleep in October?", "How much did I sleep on average in October?",
        "average sleep in october", "Average hours of sleep in October 2025", "avg sleep in Ocotber"]),
    (expect("sessions", "sum", metric="distance", activity="run", window={"between": ["2025-11-01", "2025-11-30"]}), [
        "How far did I run in November?", "Total running distance in November", "how many km did I run in november"]),
    (expect("sessions", "count", activity="run", window={"between": ["2024-12-01", "2024-12-31"]}), [
        "How many runs in December?", "How many times did I run in December?", "how many runs in december 2024"]),
    (expect("daily", "mean", metric="steps", window={"between": ["2025-10-01", ANCHOR]}), [
        "Average steps since October", "What's my average step count since October?"]),
    # Sleep stages, shares, scores and levels of a daily summary.
    (expect("daily", "mean", metric="light_sleep_minutes", window="this_week"), [
        "What was my average light sleep this week?", "How much light sleep did I get on average this week?",
        "average light sleep this week", "Light sleep per night this week?",
        "What was my averge light slep this week?"]),
    (expect("daily", "count_days", where=(("light_sleep_minutes", ">", 240),)), [
        "How many days did I get more than 4 hours of light sleep?",
        "how many days did I have over 240 minutes of light sleep"]),
    (expect("daily", "mean", metric="awake_minutes", window="last_week"), [
        "How long was I awake on average last week?", "average time awake last week",
        "What was my average awake time last week?", "how many minutes awake per night last week"]),
    (expect("daily", "mean", metric="time_in_bed_minutes", window="this_month"), [
        "What was my average time in bed this month?", "How many hours in bed per night this month?",
        "average time in bed this month"]),
    (expect("daily", "mean", metric="deep_sleep_percent", window="this_month"), [
        "What was my average deep sleep percent this month?", "deep sleep percentage this month",
        "average percentage of deep sleep this month", "What percent deep sleep did I get on average this month?",
        "my deep sleep % this month"]),
    (expect("daily", "mean", metric="rem_sleep_percent", window="last_week"), [
        "average percentage of REM last week", "What was my REM sleep percentage last week?",
        "rem percent last week", "What was my average REM % last week?"]),
    (expect("daily", "count_days", where=(("deep_sleep_percent", ">", 20),)), [
        "How many days was my deep sleep over 20%?", "how many days did I get more than 20 percent deep sleep",
        "On how many days was my deep sleep percentage above 20?", "How many days with deep sleep above 20 percent?"]),
    (expect("daily", "mean", metric="sleep_score", window="this_month"), [
        "What was my average sleep score this month?", "average sleep score this month",
        "my sleep score this month on average", "waht was my average sleep score this month"]),
    (expect("daily", "max", metric="sleep_score"), [
        "What was my best sleep score?", "highest sleep score", "What's my top sleep score ever?"]),
    (expect("daily", "mean", metric="stress_score", window="this_week"), [
        "What was my average stress score this week?", "average stress this week",
        "my stress level this week on average"]),
    (expect("daily", "mean", metric="vo2_max", window="last_month"), [
        "What was my VO2 max last month?", "average vo2max last month", "my cardio fitness score last month",
        "What Was My VO2max Last Month?"]),
    (expect("daily", "mean", metric="spo2", window="this_week"), [
        "What was my average SpO2 this week?", "average blood oxygen this week",
        "What was my oxygen saturation on average this week?", "AVERAGE SPO2 THIS WEEK"]),
    (expect("daily", "count_days", where=(("spo2", "<", 95),)), [
        "How many days was my SpO2 below 95%?", "how many days was my blood oxygen under 95 percent"]),
    (expect("sessions", "mean", metric="average_heart_rate", window="this_month"), [
        "What was my average heart rate during workouts this month?",
        "average heart rate during my workouts this month",
        "What was my heart rate during workouts this month?", "my average HR in workouts this month"]),
    # Statistics the engine has: standard deviation, median, distinct days, how often.
    (expect("daily", "std", metric="sleep_minutes", window="this_month"), [
        "What was the standard deviation of my sleep this month?", "sleep variability this month",
        "standard deviation of sleep this month", "variation in my sleep this month", "std of my sleep this month",
        "standard deviaton of sleep this month"]),
    (expect("daily", "std", metric="steps", window="last_month"), [
        "standard deviation of my daily steps last month", "step count variability last month",
        "stdev of steps last month"]),
    (expect("daily", "median", metric="sleep_minutes", window="this_month"), [
        "What was my median sleep this month?", "median hours of sleep this month"]),
    (expect("sessions", "count_days", window="this_week"), [
        "how many unique days did I work out this week", "How many distinct days did I exercise this week?",
        "How many days did I do any workout this week?", "On how many days did I work out this week?",
        "how many days this week did I exercise"]),
    (expect("sessions", "count", activity="swim", window="this_month"), [
        "How frequently did I swim this month?", "how frequently did I go swimming this month"]),
    # Workouts by kind.
    (expect("sessions", "count", activity="elliptical", window="this_month"), [
        "How many elliptical sessions this month?", "how often did I do elliptical this month",
        "number of elliptical workouts this month", "how many eliptical sessions this month"]),
    (expect("sessions", "count", activity="hiit", window="this_week"), [
        "How many interval workouts did I do this week?", "how many HIIT sessions this week",
        "How often did I do intervals this week?", "How many intreval workouts did I do this week?"]),
    (expect("sessions", "count", activity="aerobic", window="last_week"), [
        "How many aerobic workouts last week?", "how many times did I do aerobics last week"]),
    (expect("sessions", "sum", metric="duration", activity="weights", window="this_month"), [
        "How long did I spend on strength training this month?", "total weights time this month"]),
] + [
    # Days of the week: weekends are Saturday and Sunday, weekdays Monday to Friday, the row's local day.
    (expect("daily", "sum", metric="steps", weekdays=WEEKEND), [
        "How many steps on weekends?", "how many steps did I take on weekends", "Total steps at weekends",
        "HOW MANY STEPS ON WEEKENDS", "how many steps on weekend days",
        "How many steps did I take on Saturdays and Sundays?",
        "steps on the weekends in total", "how many stpes on weekends", "how many steps on sundays and saturdays"]),
    (expect("sessions", "count_days", activity="run", weekdays=WORKDAYS), [
        "How many days did I run on weekdays?", "how many days did i run on week days",
        "How many days did I go running on workdays?", "HOW MANY DAYS DID I RUN ON WEEKDAYS",
        "On how many days did I jog on weekdays?"]),
    (expect("daily", "mean", metric="sleep_minutes", weekdays=WEEKEND), [
        "What was my average sleep on weekends?", "average sleep on weekends",
        "How much did I sleep on average at weekends?", "avrage sleep on weekends",
        "How many hours did I sleep per night on weekends?"]),
    (expect("daily", "mean", metric="steps", weekdays=["monday"], window="last_month"), [
        "Average steps on Mondays last month", "What were my average steps on mondays last month?",
        "how many steps did I take on average on Mondays last month", "average steps every Monday last month"]),
    (expect("sessions", "count", activity="run", weekdays=WEEKEND, window="this_month"), [
        "How many runs on Saturdays and Sundays this month?", "how many times did I run on weekends this month",
        "How often did I go running at weekends this month?"]),
    (expect("sessions", "count", weekdays=["tuesday", "thursday"]), [
        "How many workouts on Tuesdays and Thursdays?", "how many times did I work out on tuesdays and thursdays",
        "How often did I exercise on Thursdays and Tuesdays?"]),
    (expect("daily", "sum", metric="steps", weekdays=WORKDAYS), [
        "How many steps on weekdays?", "how many steps on weekdyas", "Total steps on working days"]),
    (expect("daily", "mean", metric="sleep_minutes", weekdays=["sunday"]), [
        "average sleep on sundays", "avg sleep on Sundys", "How much did I sleep on average on Sundays?"]),
    (expect("daily", "count_days", where=(("sleep_minutes", "<", 360),), weekdays=WORKDAYS, window="this_month"), [
        "How many days did I sleep less than 6 hours on weekdays this month?",
        "On how many weekdays this month did I sleep under 6 hours?"]),
    # Kinds of workout the data holds by name ("Treadmill Run", "Outdoor Run", "Outdoor Cycling"): exact names.
    (expect("sessions", "count", activities=["Treadmill Run"], match="exact", window="this_month"), [
        "How many treadmill runs this month?", "how many times did I run on the treadmill this month",
        "How many treadmill runs did I do this month?", "number of treadmill runs this month",
        "HOW MANY TREADMILL RUNS THIS MONTH", "how many tredmill runs this month",
        "How often did I use the treadmill this month?", "how many treadmil runs this month"]),
    (expect("sessions", "count", activities=["Treadmill Run"], match="exact"), [
        "how many times did i run on the tredmill", "How many treadmill runs have I done?"]),
    (expect("sessions", "count_days", activities=["Treadmill Run"], match="exact"), [
        "How many days did I run on the treadmill?", "on how many days did I do treadmill runs"]),
    (expect("sessions", "sum", metric="distance", activities=["Outdoor Cycling"], match="exact"), [
        "How far did I ride my outdoor bike?", "total outdoor cycling distance", "How far did I go on outdoor rides?",
        "how many km on my outdoor bike rides", "How far did I cycle outdoors on my outdoor bike?"]),
    (expect("sessions", "count", activities=["Outdoor Run"], match="exact"), [
        "How many outdoor runs?", "how many outdoor runs did I do", "number of outdoor runs",
        "How many Outdoor Runs have I done?"]),
    (expect("daily", "sum", metric="steps", days=(("activity", "==", "Treadmill Run"),), match="exact"), [
        "How many steps on days I ran on the treadmill?", "how many steps did I take on days I did treadmill runs"]),
    # Range (largest minus smallest), distinct activities, how often.
    (expect("daily", "range", metric="steps", window="this_month"), [
        "What was the range of my steps this month?", "range of steps this month",
        "What's the spread between my highest and lowest steps this month?",
        "difference between my highest and lowest step count this month", "Range Of My Steps This Month?",
        "rnage of my steps this month", "the gap between my lowest and highest steps this month",
        "range of my stpes this month"]),
    (expect("daily", "range", metric="resting_heart_rate", window="last_month"), [
        "What was the range of my resting heart rate last month?",
        "spread between my highest and lowest resting heart rate last month",
        "range of my RHR last month"]),
    (expect("daily", "range", metric="sleep_minutes", window={"last_days": 7}), [
        "What was the range of my sleep over the past week?", "sleep range in the last 7 days",
        "difference between my max and min sleep in the past seven days"]),
    (expect("sessions", "range", metric="distance", activity="run"), [
        "What's the range of my run distances?", "range of distance of my runs"]),
    (expect("sessions", "count_activities", window="this_month"), [
        "How many different workouts did I do this month?", "How many unique activities this month?",
        "number of distinct activities this month", "how many different kinds of workouts this month",
        "How many types of workouts did I do this month?", "how many diferent workouts this month",
        "HOW MANY DIFFERENT ACTIVITIES THIS MONTH", "How many diffrent workouts this month",
        "how many uniqe activities this month"]),
    (expect("sessions", "count_activities"), [
        "How many distinct workouts have I done?", "How many unique activities did I do?",
        "how many different activities ever", "How many different sports have I done?"]),
    (expect("daily", "count", where=(("sleep_minutes", "<", 360),), window="this_month"), [
        "How often did I sleep less than 6 hours this month?", "how frequently did I sleep under 6 hours this month",
        "How often this month did I sleep less than six hours?"]),
    # Bed time and wake time: minutes from the midnight that starts the row's day.
    (expect("daily", "mean", metric="bed_time", window="this_week"), [
        "What was my average bed time this week?", "What time did I go to bed on average this week?",
        "average bedtime this week", "When did I go to bed on average this week?", "my average bed time this wek",
        "What Time Did I Go To Bed On Average This Week", "what was my averge bedtime this week"]),
    (expect("daily", "max", metric="bed_time", window="last_month"), [
        "What was my latest bedtime last month?", "latest bed time last month",
        "What was the latest I went to bed last month?"]),
    (expect("daily", "mean", metric="wake_time", window="yesterday"), [
        "When did I wake up yesterday?", "What time did I wake up yesterday?", "my wake time yesterday",
        "What time did I get up yesterday?"]),
    (expect("daily", "min", metric="wake_time", window="this_month"), [
        "What was my earliest wake time this month?", "earliest wake up time this month",
        "What was the earliest I woke up this month?"]),
    (expect("daily", "std", metric="bed_time", window="this_month"), [
        "standard deviation of my bed time this month", "bedtime variability this month"]),
    # The day of the farthest session, or the longest by time or by distance; sessions on days with another session.
    (expect("daily", "sum", metric="steps",
            window={"day_of_max": {"table": "sessions", "metric": "duration", "activity": ["run"]}}), [
        "How many steps did I take on the day of my longest run by time?", "steps on the day of my longest run by time",
        "How many steps on the day of my longest run by duration?",
        "how many steps did i take on the day of my longest jog by time"]),
    (expect("daily", "sum", metric="steps",
            window={"day_of_max": {"table": "sessions", "metric": "distance", "activity": ["hike"]}}), [
        "How many steps did I take the day of my longest hike by distance?",
        "steps on the day of my farthest hike"]),
    (expect("daily", "mean", metric="sleep_minutes",
            window={"day_of_max": {"table": "sessions", "metric": "distance", "activity": ["run"]}}), [
        "How much did I sleep on the day of my farthest run?", "my sleep on the day of my furthest run"]),
    (expect("daily", "mean", metric="heart_rate_variability",
            window={"day_of_max": {"table": "sessions", "metric": "duration", "activity": ["bike"]}}), [
        "What was my HRV on the day of my longest ride by time?", "hrv on the day of my longest bike ride by time"]),
    (expect("daily", "mean", metric="heart_rate_variability",
            window={"day_of_max": {"table": "sessions", "metric": "duration", "activity": ["run"]}}), [
        "What was my HRV on the day of my longst run by time", "HRV on the day of my longest run by duration"]),
    (expect("sessions", "count", activity="walk", same_day=RAN), [
        "How many walks on days I also ran?", "How many walks did I take on days I ran?",
        "how many walks on days when I went running", "How many walks on days I alos ran"]),
    (expect("sessions", "count", activity="run", same_day=(("activity", "==", "yoga"),)), [
        "How many runs on days I did yoga?", "how many times did I run on days I did yoga",
        "How many runs on days when I did yoga?"]),
    (expect("sessions", "sum", metric="distance", activity="run", same_day=(("activity", "==", "bike"),)), [
        "How far did I run on days I also cycled?", "total running distance on days I cycled"]),
    # "min" is the smallest except after a number; a named unit names the metric; the day of a session.
    (expect("daily", "min", metric="resting_heart_rate", window={"last_days": 14}), [
        "what's my min resting HR over the last two weeks", "What was my min rhr in the past 2 weeks?",
        "min resting heart rate the last fortnight"]),
    (expect("daily", "min", metric="heart_rate_variability", window=OCTOBER), [
        "What was my min hrv in October?", "min HRV during oct", "lowest hrv in oct"]),
    (expect("sessions", "count", activity="run", where=(("duration", ">", 30),)), [
        "How many runs longer than 30 min?", "how many runs over 30 mins"]),
    (expect("sessions", "max", metric="distance", activity="run"), [
        "How long was my longest run in kilometers?", "What was my longest run in km?"]),
    (expect("daily", "sum", metric="steps", window={"day_of": {"which": "last", "activity": ["run"]}}), [
        "How many steps did I take on the day of my last run?", "steps on the day of my last run",
        "How many steps the day of my most recent run?"]),
    (expect("daily", "mean", metric="sleep_minutes", window={"day_of": {"which": "first", "activity": ["run"]}}), [
        "How much did I sleep on the day of my first run?"]),
    # "on what day", "which day", "when": the day of the largest or smallest value, or of a first session.
    (expect("daily", "date_of_min", metric="heart_rate_variability", window=OCTOBER), [
        "On what day was my HRV lowest during October?", "Which day was my hrv lowest in October?",
        "When was my HRV lowest in October?", "what day in october was my HRV the lowest"]),
    (expect("daily", "date_of_max", metric="steps", window="this_month"), [
        "On which day did I take the most steps this month?", "Which day this month did I walk the most steps?",
        "when did I take the most steps this month"]),
    (expect("daily", "date_of_min", metric="sleep_minutes", window={"last_days": 30}), [
        "Which night did I sleep the least in the last 30 days?", "what night did i sleep the least the past 30 days"]),
    (expect("sessions", "date_of_max", metric="distance", activity="run"), [
        "On what day did I do my longest run by distance?", "When was my farthest run?",
        "which day was my furthest run"]),
    (expect("sessions", "first_date", activity="run", take={"first": 1}), [
        "When did I do my first run?"]),
    # Single named days: last night (dated by the morning), a date, a weekday.
    (expect("daily", "mean", metric="sleep_minutes", window="today"), [
        "How much sleep did I get last night?", "my sleep last night", "What was my sleep last night?"]),
    (expect("daily", "sum", metric="sleep_minutes", window="today"), [
        "how long did I sleep last night", "How many hours did I sleep last night?"]),
    (expect("daily", "mean", metric="deep_sleep_minutes", window="today"), [
        "deep sleep last night?", "How much deep sleep did I get last night?"]),
    (expect("daily", "sum", metric="steps", window={"between": ["2025-11-15", "2025-11-15"]}), [
        "How many steps did I take on November 15?", "steps on Nov 15th", "How many steps on 15 November?",
        "How many steps did I do on Saturday?", "how many steps on November 15, 2025"]),
    (expect("daily", "mean", metric="heart_rate_variability", window={"between": ["2025-10-12", "2025-10-12"]}), [
        "HRV on Oct 12", "What was my HRV on October 12th?"]),
    (expect("daily", "mean", metric="resting_heart_rate", window={"between": ["2025-11-01", "2025-11-15"]}), [
        "avg resting heart rate from 1 Nov to 15 Nov", "average resting heart rate from November 1 to November 15"]),
    (expect("sessions", "count", activity="run", window={"between": ["2025-11-01", ANCHOR]}), [
        "How many times have I run since November 1st?", "how many runs since nov 1"]),
    # Windows in a condition clause, nights, fortnights, "overall", "since I started tracking".
    (expect("daily", "mean", metric="resting_heart_rate", where=(("sleep_minutes", "<", 360),),
            window={"last_days": 60}), [
        "average resting heart rate on days i slept less than 6 hours over the past 60 days",
        "Average RHR on nights I slept under 6 hours in the last 60 days"]),
    (expect("daily", "count_days", where=(("sleep_minutes", "<", 360),), window={"last_days": 14}), [
        "how many nights did i sleep less than 6 hours in the last 14 days",
        "On how many nights did I sleep under 6 hours over the past fortnight?"]),
    (expect("daily", "count_days", where=(("steps", ">=", 12000),), window={"last_days": 30}), [
        "Days with at least 12,000 steps the past thirty days?",
        "nights with at least 12000 steps in the last 30 days"]),
    (expect("daily", "count_days", where=(("heart_rate_variability", ">", 50),), window={"last_days": 14}), [
        "How many days was my HRV over 50 ms in the past 2 weeks?"]),
    (expect("daily", "mean", metric="sleep_minutes"), [
        "what was my average sleep duration overall", "average time asleep since i started tracking",
        "what's my average sleep time overall"]),
    # Superlatives with their metrics: the longest a daily time got, the fastest and slowest speed.
    (expect("daily", "max", metric="sleep_minutes", window="this_month"), [
        "What's the longest I slept in one night this month?", "longest sleep this month"]),
    (expect("sessions", "min", metric="duration", window="this_month"), [
        "shortest workout this month", "What was my shortest workout this month?"]),
    (expect("sessions", "max", metric="speed", activity="run"), [
        "What was my fastest run?", "fastest average speed on a run"]),
    (expect("sessions", "min", metric="speed", activity="run", window={"last_days": 30}), [
        "slowest run speed in the last 30 days"]),
    (expect("sessions", "count_days", activity="run", window={"last_days": 42}), [
        "How many days did I run in the last 3 fortnights?"]),
    # "per walk" is a walking session; half hours in words; "worst" sleep score; a session's zone minutes.
    (expect("sessions", "mean", metric="steps", activity="walk", window="this_month"), [
        "average steps per walk this month", "avg steps on each walk this month"]),
    (expect("daily", "count_days", where=(("sleep_minutes", ">=", 450),), window="last_month"), [
        "How many nights did I get at least seven and a half hours of sleep last month?",
        "how many nights did I sleep at least 7 and a half hours last month"]),
    (expect("daily", "min", metric="sleep_score", window="this_month"), [
        "What was my worst sleep score this month?"]),
    (expect("sessions", "min", metric="average_heart_rate", activity="run"), [
        "lowest average heartrate on a run", "What was the lowest average heart rate of my runs?"]),
    (expect("sessions", "max", metric="active_zone_minutes", window="this_month"), [
        "most active zone minutes in a single workout this month"]),
    (expect("sessions", "std", metric="distance", activity="run", window={"last_days": 30}), [
        "standard deviation of my run distances in the last 30 days"]),
    (expect("sessions", "mean", metric="calories", activity="run", window="this_week"), [
        "average calories per run this week", "avg calories burned per run this week"]),
    (expect("daily", "std", metric="sleep_minutes", window="this_month"), [
        "how much does my daily sleep vary this month? give me the standard deviation."]),
    (expect("sessions", "most_frequent_activity", window="this_month"), [
        "What workout did I do most often this month?", "Which activity did I do most often this month?"]),
    # Miles asked are answered in miles (the distance's unit is known); a slip is never read as "may".
    (expect("sessions", "sum", metric="distance", activity="run", window={"last_days": 28}), [
        "How many miles did I run over the last four weeks?", "how mnay miles did I run in the past 4 weeks"]),
    (expect("sessions", "count", activity="run", where=(("duration", "<=", 30),), window={"last_days": 30}), [
        "how mnay runs were no longer than 30 minutes the past thirty days?"]),
    # "hit" / "reach" a number is at least it, "drop below" less; "bpm" after a number is a unit; "the date of".
    (expect("daily", "count_days", where=(("steps", ">=", 10000),), window="last_week"), [
        "how many days did i hit 10k steps last week", "How many days did I reach 10,000 steps last week?"]),
    (expect("daily", "count_days", where=(("resting_heart_rate", ">", 60),)), [
        "how many days was my resting heart rate above 60 bpm"]),
    (expect("daily", "count_days", where=(("stress_score", "<", 60),)), [
        "How many days did my stress score drop below 60?", "how many days did my stress score fall below 60"]),
    (expect("daily", "date_of_min", metric="resting_heart_rate", window="last_month"), [
        "What was the date of my lowest resting heart rate last month?"]),
    # Casual openings; "in total" with a count is the count; days with a metric recorded.
    (expect("daily", "sum", metric="steps", window="yesterday"), [
        "hey, quick one: how many steps did i do yesterday", "Thanks! And how many steps yesterday?"]),
    (expect("sessions", "count", activity="swim"), [
        "How many swims did I do in total?", "total number of swims", "count my swims"]),
    (expect("daily", "count_days", metric="heart_rate_variability", window="last_month"), [
        "Number of days with HRV data last month?", "how many days with HRV recorded last month"]),
    # Two dates with "between", "from … through"; a walk as a noun is a session; "calorie burn".
    (expect("daily", "sum", metric="steps", window={"between": ["2025-11-01", "2025-11-07"]}), [
        "How many steps did I take between Nov 1 and Nov 7?", "steps from November 1 through November 7",
        "between 1 nov and 7 nov how many steps"]),
    (expect("sessions", "max", metric="steps", activity="walk"), [
        "most steps in one walk", "What was the most steps on a single walk?"]),
    (expect("sessions", "max", metric="calories"), [
        "highest calorie burn in a single workout", "most calories burnt in one workout"]),
    (expect("sessions", "count", where=(("duration", ">", 60),), window="this_month"), [
        "how many workouts lasted more than an hour this month"]),
]

#: Questions the reader must decline: no reading is right for them.
DECLINED = [
    # A date or a metric the question leaves open; plural weekdays are every such day, not the last one.
    "When was my longest run?", "How far was my longest run in minutes?",
    "How many steps on the days of my last 3 runs?",
    "How many steps did I take on Thursday?", "How many times did I run on a Monday?",
    "When did I first log my weight?", "How many steps on Nov 31?",
    "How many times did I burn more than 500 calories?", "What was my worst resting heart rate?",
    "How many steps per week?", "What was my worst sleep?", "How many runs over 3 miles?",
    "How many days was my HRV above 60 bpm?", "How many steps did I take last night?",
    "How many steps between Nov 7 and Nov 1?", "How many days did I run in the last 3000 fortnights?",
    "How many runs will I do next week?", "Am I getting fitter?", "Why did I sleep badly?",
    "What should I eat before a run?", "Compare my sleep this week with last week", "Is my heart rate normal?",
    "How many steps should I take?", "What is a good HRV?", "Did my running improve since March?",
    "How many days until my goal?", "What's the weather today?", "hello", "Tell me a joke",
    "How many calories are in a banana?", "How many days did I run in the next 3 fortnights?",
    "How much water did I drink today?", "What was my weight yesterday?",
    "How many steps did my wife take yesterday?", "Which day this week did I sleep best and why?",
    "How many days did I run more than my friend?", "What was my blood pressure this week?",
    "How many minutes of meditation this week?", "How far is the moon?", "run run run",
    "How many days did I run on days I ran more than 10,000 steps?", "Give me a training plan",
    "How many days did I ski this winter?", "Was my last run faster than the one before?",
    "How much did I sleep last night compared to the night before?",
    "How many days will I run in the next two weeks?", "How many steps will I take tomorrow?",
    "What was my average sleep on days I ate pizza?", "How far did my dog run today?",
    "How many days did I feel tired this week?", "What's my average mood this month?",
    "How many steps did I take on my birthday?", "Why is my resting heart rate high?",
    "How many hours did I work this week?", "Should I run today?",
    "What was my lightest sleep?", "How many days did I sleep lightly?", "What was the heart rate of my longest run?",
    "What was my average heart rate yesterday?", "What was my total HRV this week?",
    "How many days did I sleep less than usual?", "How many days did I sleep for less than a while?",
    "How many days did I sleep more than 6?", "How many runs when my steps were over 10,000?",
    "How long was my farthest run?", "How many days did it rain?", "How many calories did I burn yesterday?",
    # "this weekend" is a window not read; a weekday asked on that weekday: today, or a week ago?
    "How many steps this weekend?", "How many steps last weekend?",
    "How many steps on the weekend?", "How many steps on weekends and Saturdays?",
    "How many steps on weekends or weekdays?", "How many runs on Mondays except holidays?",
    # A kind of workout the data does not hold by name, or beside another kind: not read with synonyms.
    "How many spinning classes this week?", "How far did I ride my indoor bike?", "How many pool swims?",
    "How many walks on days I ran on the treadmill?", "How many open water swims this month?",
    # A range without a metric, of two reducers; a count of different runs.
    "What was the range of my runs?", "range of my total steps", "How many different runs this month?",
    # Clock times in conditions, totals of times, a night not read.
    "What time did I go to bed last night?", "How many days did I go to bed after midnight?",
    "How many days did I go to bed before 11 pm?", "What was my total bed time this month?",
    "How many days did I wake up earlier than 7?", "How many days did I go to bed over 30?",
    # The day of a longest session needs its activity.
    "What was my HRV on the day of my longest?",
    # "Longest" of a workout alone: by time, or by distance?
    "How many steps did I take the day of my longest hike?", "What was my HRV on the day of my longest run?",
    "On what day was my longest hike?", "How much did I sleep on the day of my farthest run by time?",
    # Awakenings are no wake time; a distance "on days with" is a workout's or the day's total.
    "How many times did I wake up this week?", "How many runs on days with more than 10 km?",
    "What was my average sleep on days with more than 10 km?",
    # Weekends themselves are counted by no reducer; a workout metric on a day of a workout needs the workouts.
    "How many weekends did I run?", "How many weekdays did I walk?",
    "What was the distance on the day of my longest run?",
    # Two activities in one condition (neither may be dropped); whether a walk is among its day's workouts.
    "How many walks on days I worked out?",
    "How much did I sleep on days I ran and did yoga?", "How many runs on days I did yoga and walked?",
    # Run days do not say whose heart rate.
    "What was my heart rate on days I ran?",
    # A time of day, a share of days, an ambiguous "since", a total of a score, heart-rate "variability".
    "What time did I run yesterday?",
    "What percentage of my runs were runs?", "How many steps since Thursday?", "How many steps in last October?",
    "What was my total sleep score this month?", "variability of my heart rate", "What was my VO2 max on my runs?",
    "How many days did I sleep between 6 and 8?", "How many days did I sleep between 8 and 6 hours?",
    "How many days did I sleep 7 or more?", "How many days did I sleep or more than 6 hours?",
    "How many days did I sleep more than 6 hours and less than 8?",
    # Either of two conditions is no query's, never read as both.
    "How many days did I sleep more than 9 hours or less than 5 hours?",
    "How many days did I sleep more than 9 hours or under 5 hours?",
    # A month's name without "in", "during", "for" or "since" may be a person's, or a verb.
    "How many steps did June take?", "How many steps may I have taken?", "How far did April run?",
]


#: A Fitbit-style daily summary: the daily rows with bed and wake times (minutes from midnight), light
#: sleep, time awake and in bed, stage shares,
#: scores, VO2 max and SpO2; workouts of other kinds besides the runs and rides.
SUMMARY = {"bed_time": -30, "wake_time": 420,
           "light_sleep_minutes": 230, "awake_minutes": 40, "time_in_bed_minutes": 470, "deep_sleep_percent": 18,
           "rem_sleep_percent": 22, "light_sleep_percent": 52, "awake_percent": 8, "sleep_score": 81,
           "stress_score": 66, "vo2_max": 44, "spo2": 96}
KINDS = [{"start": dt.datetime(2025, 11, 5, 12, tzinfo=dt.timezone.utc),
          "end": dt.datetime(2025, 11, 5, 12, 30, tzinfo=dt.timezone.utc), "activity": name}
         for name in ("Elliptical", "Interval Workout", "Aerobic Workout", "Strength Training")]


@pytest.fixture(scope="module")
def tables() -> wellness.QueryTables:
    return wellness.QueryTables([dict(row, **SUMMARY) for row in DAILY_ROWS], SESSION_ROWS + KINDS, time_zone=ZONE,
                                units={"distance": "km"})


def test_phrasings_are_many_and_varied() -> None:
    phrasings = [phrasing for _, phrasings in FORMS for phrasing in phrasings] + DECLINED
    assert len(phrasings) >= 300, len(phrasings)
    assert len(set(phrasing.lower() for phrasing in phrasings)) == len(phrasings)


def test_every_answer_reads_the_expected_query(tables: wellness.QueryTables) -> None:
    answered, wrong, unread = 0, [], []
    total = 0
    for expected, phrasings in FORMS:
        for phrasing in phrasings:
            total += 1
            answer = tables.ask(phrasing, anchor=ANCHOR)
            if not answer["understood"]:
                unread.append(phrasing)
                continue
            answered += 1
            assert answer["result"] is not None and answer["answer"]
            if answer["result"]["query"] != expected:
                wrong.append((phrasing, answer["result"]["query"], expected))
    for phrasing in DECLINED:
        total += 1
        answer = tables.ask(phrasing, anchor=ANCHOR)
        if answer["understood"]:
            wrong.append((phrasing, answer["result"] and answer["result"]["query"], "declined"))
    share = answered / sum(len(phrasings) for _, phrasings in FORMS)
    print(f"\nrules reader: answered {answered} of {total - len(DECLINED)} phrasings ({share:.0%}); "
          f"declined {len(DECLINED)} of {len(DECLINED)} out-of-scope questions; {len(wrong)} wrong")
    for phrasing in unread:
        print(f"  not understood: {phrasing}")
    assert not wrong, "\n".join(f"{phrasing!r}: read {got}, expected {want}" for phrasing, got, want in wrong)
    assert share >= 0.85


def test_answers_say_the_number_and_what_it_covered(tables: wellness.QueryTables) -> None:
    answer = tables.ask("How many days did I run in the last two weeks?", anchor="2025-11-05")
    assert answer["answer"] == "You ran on 2 days between 23 October and 5 November 2025."
    assert (answer["number"], answer["unit"]) == (2, "days")
    sleep = tables.ask("How many hours did I sleep on average this week?", anchor="2025-11-05")
    assert sleep["answer"] == "Your average sleep was 6.6 hours between 3 and 9 November 2025."
    assert sleep["result"]["value"] == pytest.approx(395 * 1.0)  # type: ignore[index]
    declined = tables.ask("Am I getting fitter?")
    assert declined == {"understood": False, "answer": None, "number": None, "unit": None, "result": None,
                        "reason": "I could not read 'getting', 'fitter'."}
    with pytest.raises(wellness.ValidationError):
        tables.ask("")


def test_sentences_over_no_rows_are_true(tables: wellness.QueryTables) -> None:
    """An answer over no rows says what excluded them: "None of your 2 runs …"
    when the conditions did, "You have no … recorded between …" when the
    window did; "You didn't run" only when no run fell in the window. Every
    number said is the result's value (hours for minutes asked in hours)."""
    checked = 0
    for _, phrasings in FORMS:
        for phrasing in phrasings:
            answer = tables.ask(phrasing, anchor=ANCHOR)
            if not answer["understood"]:
                continue
            result, text = answer["result"], answer["answer"]
            query = result["query"]
            if answer["number"] is not None and result["rows"] > 0:
                value = result["value"] / 60 if answer["unit"] == "hours" else result["value"]
                value = value / 1.609344 if answer["unit"] == "miles" else value  # the distances are in km
                # The sentence rounds halves away from zero (6.25 hours is 6.3), Python's round to even.
                assert answer["number"] == pytest.approx(value, abs=0.05 + 1e-9), (phrasing, text)
            if result["rows"] != 0:
                continue
            checked += 1
            unconditioned = dict(query, where=[], on_days_where=[], same_day_where=[], weekdays=None, take=None,
                                 metric=None, reduce="count")
            rows_in_window = tables.query(unconditioned)["rows"]
            assert "I have no" not in text, (phrasing, text)
            if "didn't" in text:
                assert rows_in_window == 0, (phrasing, text)
            conditioned = query["where"] or query["on_days_where"] or query["same_day_where"] or query["weekdays"]
            if conditioned and rows_in_window > 0:
                assert text.startswith("None of"), (phrasing, text)
    assert checked >= 20, checked


def test_every_declined_question_says_why(tables: wellness.QueryTables) -> None:
    """A declined question's answer carries a reason: the words not read,
    quoted as the question wrote them (lowercased), or the rule that
    declined it."""
    for phrasing in DECLINED:
        answer = tables.ask(phrasing, anchor=ANCHOR)
        reason = answer["reason"]
        assert not answer["understood"] and isinstance(reason, str) and reason.startswith(("I ", "Your ")), phrasing
        if reason.startswith("I could not read '"):
            quoted = reason[len("I could not read "):].rstrip(".").split(", ")
            words = phrasing.lower().replace("?", " ").split()
            assert all(word.strip("'") in words for word in quoted), (phrasing, reason)
    assert tables.ask("How many runs fortnightly?", anchor=ANCHOR)["reason"] == "I could not read 'fortnightly'."
    ambiguous = tables.ask("What was my average heart rate yesterday?", anchor=ANCHOR)["reason"]
    assert "'heart rate' alone" in ambiguous, ambiguous
    understood = tables.ask("How many steps yesterday?", anchor=ANCHOR)
    assert understood["understood"] and understood["reason"] is None
#: The daily rows with a day's calories burned and a weight logged on some days, as a Fitbit summary has them.
BURN_AND_WEIGHT = [dict(row, calories=calories, weight=weight) for row, calories, weight in
                   zip(DAILY_ROWS, [2400, 2650, 2900, 2100], [78.2, None, 77.9, 77.6])]
#: (question, the query it reads, the number it answers).
BURNED_AND_WEIGHED = [
    ("How many days did I burn more than 2500 calories over the past 90 days?",
     expect("daily", "count_days", where=(("calories", ">", 2500),), window={"last_days": 90}), 2),
    ("total calories burned this month", expect("daily", "sum", metric="calories", window="this_month"), 10050),
    ("calories burned on November 3", expect("daily", "sum", metric="calories",
                                             window={"between": ["2025-11-03", "2025-11-03"]}), 2900),
    ("How many calories did I burn on my runs?", expect("sessions", "sum", metric="calories", activity="run"), None),
    ("What's my average weight this month?", expect("daily", "mean", metric="weight", window="this_month"),
     (78.2 + 77.9 + 77.6) / 3),
    ("what's the heaviest i weighed this month", expect("daily", "max", metric="weight", window="this_month"), 78.2),
    ("lightest I weighed during november", expect("daily", "min", metric="weight",
                                                  window={"between": ["2025-11-01", "2025-11-30"]}), 77.6),
    ("how many times did I weigh myself this month",
     expect("daily", "count", metric="weight", window="this_month"), 3),
    ("Which day did I burn the most calories this month?",
     expect("daily", "date_of_max", metric="calories", window="this_month"), None),
]


def test_a_days_calories_and_weight_are_read_when_the_daily_table_has_them() -> None:
    """Calories with no workout named are the day's burn ("how many days did I burn more than 2500 calories" is
    no condition on workouts); weight is a daily metric, averaged, never totalled. Without the columns, declined."""
    with_columns = wellness.QueryTables(BURN_AND_WEIGHT, SESSION_ROWS, time_zone=ZONE, units={"weight": "kg"})
    without = wellness.QueryTables(DAILY_ROWS, SESSION_ROWS, time_zone=ZONE)
    for question, query, number in BURNED_AND_WEIGHED:
        answer = with_columns.ask(question, anchor=ANCHOR)
        assert answer["understood"] and answer["result"]["query"] == query, (question, answer)
        if number is not None:
            assert answer["result"]["value"] == pytest.approx(number), (question, answer)
        if query["table"] == "daily":
            assert not without.ask(question, anchor=ANCHOR)["understood"], question
    assert with_columns.ask("Which day did I burn the most calories this month?",
                            anchor=ANCHOR)["result"]["value"] == "2025-11-03"
    assert not with_columns.ask("What was my total weight this month?", anchor=ANCHOR)["understood"]


#: (question, anchor, the first query it reads, the number it answers): shares, paces and differences, whose
#: number combines that query's result with a second one's.
COMBINED = [
    ("what % of nights this month did I sleep at least 6 hours", "2025-11-04",
     dict(expect("daily", "count_days", where=(("sleep_minutes", ">=", 360),), window="this_month"),
          anchor="2025-11-04"), 50.0),
    ("What percentage of days did I run this month?", "2025-11-04",
     dict(expect("sessions", "count_days", activity="run", window="this_month"), anchor="2025-11-04"), 50.0),
    ("What fraction of my runs this month were longer than 45 minutes, in percent?", ANCHOR,
     expect("sessions", "count", activity="run", where=(("duration", ">", 45),), window="this_month"), 50.0),
    ("pace of my most recent run", ANCHOR,
     expect("sessions", "sum", metric="duration", activity="run", where=(("distance", ">", 0),), take={"last": 1}),
     40 / 6.1),
    ("avg running pace this month", ANCHOR,
     expect("sessions", "sum", metric="duration", activity="run", where=(("distance", ">", 0),),
            window="this_month"), 90 / 14.5),
    ("How many more steps did I take this week than last week?", "2025-11-04",
     dict(expect("daily", "sum", metric="steps", window="this_week"), anchor="2025-11-04"), 11000 - 21500),
    ("how many fewer steps did I take this week than last week", "2025-11-04",
     dict(expect("daily", "sum", metric="steps", window="this_week"), anchor="2025-11-04"), 21500 - 11000),
    ("Did I sleep more this week than last week?", "2025-11-04",
     dict(expect("daily", "mean", metric="sleep_minutes", window="this_week"), anchor="2025-11-04"), 395 - 375),
]
#: Combined forms that must be declined: no second window, a count with no metric, a pace without a session.
COMBINED_DECLINED = [
    "How many days did I run more than my friend?", "What was my fastest pace?", "Did I sleep more than usual?",
    "How much did I run this week than last week?", "what % of my steps were on runs", "pace of my sleep",
    "How many more steps did I take this week than on weekends?",
    "What fraction of my workouts this month were runs, in percent?",
]


@pytest.mark.parametrize(("question", "anchor", "query", "number"), COMBINED)
def test_shares_paces_and_differences_combine_two_queries(tables: wellness.QueryTables, question: str,
                                                          anchor: str, query: Dict[str, Any],
                                                          number: float) -> None:
    answer = tables.ask(question, anchor=anchor)
    assert answer["understood"], question
    assert answer["result"]["query"] == query, answer
    assert answer["number"] == pytest.approx(number), answer


@pytest.mark.parametrize("question", COMBINED_DECLINED)
def test_combined_forms_read_in_part_are_declined(tables: wellness.QueryTables, question: str) -> None:
    """A declined share, pace or difference says why, as any declined question does."""
    answer = tables.ask(question, anchor=ANCHOR)
    assert not answer["understood"] and isinstance(answer["reason"], str), answer
    assert answer["reason"].startswith(("I ", "Your ", "A ")), answer


def test_a_pace_and_miles_need_the_distances_unit(tables: wellness.QueryTables) -> None:
    unknown = wellness.QueryTables(DAILY_ROWS, SESSION_ROWS, time_zone=ZONE)
    pace = unknown.ask("pace of my most recent run", anchor=ANCHOR)
    assert not pace["understood"] and pace["reason"].startswith("A pace needs"), pace
    miles = unknown.ask("How many miles did I run?", anchor=ANCHOR)
    assert not miles["understood"] and "miles" in miles["reason"], miles
    miles = tables.ask("How many miles did I run?", anchor=ANCHOR)
    assert (miles["number"], miles["unit"]) == (pytest.approx(14.5 / 1.609344), "miles")


def test_a_pace_over_a_tiny_distance_is_said_without_failing() -> None:
    """A pace far past any real one (a distance near zero) is said as a number, not as minutes and seconds."""
    run = dict(SESSION_ROWS[0], distance=1e-300)
    tiny = wellness.QueryTables(DAILY_ROWS, [run], time_zone=ZONE, units={"distance": "km"})
    answer = tiny.ask("pace of my last run", anchor=ANCHOR)
    assert answer["understood"] and answer["number"] == pytest.approx(50 / 1e-300)
    assert answer["unit"] == "min/km" and ":" not in answer["answer"].split("(")[0]
