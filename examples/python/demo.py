"""The Python half of `make demo`: the seeds' models and rules through libwellness.

Usage: python demo.py [DATA_DIR [OUTPUT_DIR]]
DATA_DIR defaults to examples/data; charts are written to OUTPUT_DIR (default: the current directory).
"""

from __future__ import annotations

import csv
import json
import sys
from pathlib import Path
from typing import Callable, Dict, List, Mapping, Tuple

import wellness


def load(directory: Path, name: str) -> bytes:
    return (directory / name).read_bytes()


def show_insights(data: Path) -> None:
    view = wellness.insight_view(load(data, "insight.json"))
    print(f"{view['type_display_name']} ({view['icon']}, {view['icon_color']}): {view['title']}")
    for step in view["action_steps"]:
        print(f"  {step['number']}. {step['text']}")
    print("  " + "  ".join(f"{card['title']} {card['value']}" for card in view["metric_cards"]))
    print(f"  offers 'Create Goal': {view['has_actionable_goals']}")
    page = wellness.insights_list_response_normalize(load(data, "insights_list_response.json"))["data"]
    unread = [insight["title"] for insight in page["insights"] if not insight["is_read"]]
    print(f"  page {page['pagination']['page']}/{page['pagination']['total_pages']}, unread: {unread}")


def show_goals(data: Path) -> None:
    suggestions = wellness.goal_suggestions_response_normalize(load(data, "goal_suggestions_response.json"))
    for suggestion in suggestions["data"]["suggestions"]:
        shown = wellness.goal_suggestion_view(suggestion)
        print(f"{shown['title']}: {shown['difficulty_label']} ({shown['difficulty_color']}), "
              f"{shown['duration_text']}, {shown['goal_type_icon']}, target {shown['target_text']}")
    accepted = suggestions["data"]["suggestions"][0]
    request = wellness.create_goal_request_from_suggestion(
        {"suggestion": accepted, "now": "2025-03-01T09:00:00-05:00", "time_zone": "America/New_York"})
    print(f"  POST /goals: start {request['start_date']}, target {request['target_date']} (same local time after DST)")
    tips = wellness.goal_tips_response_normalize(load(data, "goal_tips_response.json"))["data"]
    for tip in tips["tips"]:
        view = wellness.goal_tip_view(tip)
        print(f"  tip [{view['priority_label'] or '-'} {view['priority_color']}] "
              f"[{view['category_label'] or '-'} {view['category_icon']}] {view['tip']}")


def availability(bucket: Mapping[str, object]) -> str:
    """How a computed trend bucket stands: available, projected, or neither."""
    return "available" if bucket["available"] else "projected" if bucket.get("projection") else "n/a"


def show_trends(data: Path) -> None:
    views = wellness.trends_view(load(data, "trends_response.json"))
    for period, view in views.items():
        print(f"{period:8} {view['label']:13} {view['formatted_value']:>7}  chart: {view['show_chart']}  "
              f"{view['message'] or ''}")
    computed = wellness.longevity_trends({"today": "2025-10-27"}, load(data, "biological_age_entries.json"))
    print("  computed from check-ins: " + ", ".join(
        f"{period} {bucket['value']} ({availability(bucket)})" for period, bucket in computed.items()))


def show_series(data: Path, output: Path) -> None:
    options = {"time_zone": "America/New_York"}
    steps = wellness.series_aggregate(options, load(data, "steps_samples.json"))
    print(f"steps: span {steps['span_days']} days -> automatic interval {steps['interval']}, "
          f"offered {steps['available_intervals']}")
    for bucket in steps["buckets"]:
        print(f"  {bucket['label']:10} avg {bucket['average']:8.1f}  min {bucket['min']:6.0f}  "
              f"max {bucket['max']:6.0f}  samples {bucket['count']}")
    meditation = wellness.series_aggregate({**options, "kind": "boolean", "interval": "month", "today": "2025-04-30"},
                                           load(data, "meditation_samples.json"))
    streaks = meditation["streaks"]
    print(f"meditation: yes-days per month {[bucket['yes_days'] for bucket in meditation['buckets']]}, "
          f"current streak {streaks['current']}, best {streaks['best']}")
    mood = wellness.series_aggregate({**options, "kind": "snapshot", "interval": "month"},
                                     load(data, "mood_samples.json"))
    print(f"mood: latest per month {[bucket['latest'] for bucket in mood['buckets']]}")
    for interval in ("day", "week", "month"):
        samples = json.loads(load(data, "steps_samples.json"))
        if interval == "day":
            samples = samples[-36:]
        chart = wellness.series_chart({**options, "interval": interval}, samples)
        path = output / f"steps_{interval}.svg"
        path.write_text(chart["svg"])
        print(f"  wrote {path} ({chart['spec']['accessibility_label']}, {len(chart['spec']['points'])} points)")


def show_many_users(data: Path) -> None:
    """Many series in one call (docs/SERIES.md): the same steps for three users in three time zones, each
    user's zone given as a column of a users frame; the weeks differ where a sample's local day does."""
    try:
        import pandas as pd
    except ImportError:
        print("  skipped: needs pandas and pyarrow (pip install 'wellness[arrow]' pandas)")
        return
    samples = json.loads(load(data, "steps_samples.json"))[:60]
    stamps = list(pd.to_datetime([sample["timestamp"] for sample in samples], utc=True))
    users = pd.DataFrame({"group": [0, 1, 2], "time_zone": ["America/New_York", "Asia/Tokyo", "Pacific/Kiritimati"]})
    keys = [user for user in users["group"] for _ in samples]
    result = wellness.series_aggregate_groups(
        {"interval": "week", "statistics": ["count", "sum"], "groups": users},
        keys, stamps * len(users), [float(sample["value"]) for sample in samples] * len(users))
    for row in result.table.to_pylist():
        zone = users["time_zone"][row["group"]]
        print(f"  user {row['group']} ({zone:18}) week of {row['start']:%Y-%m-%d}: "
              f"{row['count']:3} samples, {row['sum']:8.0f} steps")


def show_questions(data: Path) -> None:
    """Ask your data (docs/QUERY.md): questions in words, answered exactly, without a model."""
    def rows(name: str) -> List[Dict[str, object]]:
        with open(data / name, newline="") as handle:
            return [{key: (float(value) if key not in ("date", "start", "end", "activity") and value else
                           value or None) for key, value in row.items()} for row in csv.DictReader(handle)]
    with wellness.QueryTables(rows("daily_metrics.csv"), rows("workouts.csv"), time_zone="America/New_York",
                              units={"distance": "km"}) as tables:
        for question in ("How many days did I run in the last two weeks?", "How far did I cycle this month?",
                         "What was my average deep sleep on days I walked more than 10,000 steps?",
                         "What was my heart rate on my last three swims?", "Am I getting fitter?"):
            answer = tables.ask(question, anchor="2025-11-30")
            print(f"  {question}\n    -> {answer['answer'] or '(not a question the rules read: no number guessed)'}")
        query = {"table": "sessions", "activity": "run", "metric": "distance", "reduce": "sum", "window": "this_month",
                 "anchor": "2025-11-30"}
        result = tables.query(query)
        print(f"  {json.dumps(query)}\n    -> {result['value']} {result['unit']} over {result['rows']} runs, "
              f"{result['from_date']} to {result['to_date']}")


def show_errors() -> None:
    try:
        wellness.goal_suggestion_normalize({"title": "Walk", "description": "", "goal_type": "activity",
                                            "rationale": "", "difficulty": 9})
    except wellness.ValidationError as error:
        print(f"{type(error).__name__}: path={error.path!r} message={error.message!r} code={error.code}")


def main() -> None:
    data = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parents[1] / "data"
    output = Path(sys.argv[2]) if len(sys.argv) > 2 else Path.cwd()
    output.mkdir(parents=True, exist_ok=True)
    print(f"libwellness {wellness.version()} (ABI {wellness.abi_version()})\n")
    sections: List[Tuple[str, Callable[[], None]]] = [
        ("AI insights", lambda: show_insights(data)), ("Goals AI", lambda: show_goals(data)),
        ("Longevity trends", lambda: show_trends(data)), ("Time series", lambda: show_series(data, output)),
        ("Many users, each in their time zone", lambda: show_many_users(data)),
        ("Ask your data", lambda: show_questions(data)), ("Errors", show_errors)]
    for title, show in sections:
        print(f"-- {title} --")
        show()
        print()


if __name__ == "__main__":
    main()
