"""The seeds' journeys through wellness.Client against a running wellness-server.

Usage: python journeys.py BASE_URL API_KEY
"""

from __future__ import annotations

import datetime
import sys

import wellness


def main() -> None:
    base_url, api_key = sys.argv[1], sys.argv[2]
    with wellness.Client(base_url, api_key=api_key, cache_directory=False) as client:
        # The user's calendar: the server counts their days ("today", weeks, streaks) in this zone.
        client.set_profile({"time_zone": "Europe/London", "first_weekday": "monday"})
        profile = client.get_profile()
        assert profile["time_zone"] == "Europe/London"
        print(f"Calendar: days in {profile['time_zone']}, weeks from weekday {profile['first_weekday']}\n")
        page = client.list_insights(read_status=False, page_size=3)
        print(f"Unread insights ({page['pagination']['total_count']} in all):")
        for insight in page["insights"]:
            card = wellness.insight_view(insight)
            print(f"  {card['type_display_name']}: {card['title']}")
        first = page["insights"][0]
        opened = client.mark_read(first["id"])
        client.set_favorite(first["id"], True)
        client.archive(first["id"])
        print(f"Opened, favourited and archived \"{opened['title']}\" (read at {opened['read_at']})")

        suggestions = client.goal_suggestions(refresh=True)
        print(f"\nGoal suggestions ({suggestions['source']}):")
        for suggestion in suggestions["suggestions"]:
            shown = wellness.goal_suggestion_view(suggestion)
            print(f"  {shown['title']}: {shown['difficulty_label']}, {shown['duration_text']}")
        goal = client.create_goal_from_suggestion(suggestions["suggestions"][0], time_zone="Europe/London")
        print(f"Accepted \"{goal['title']}\"")
        for tip in client.goal_tips(goal["id"])["tips"]:
            advice = wellness.goal_tip_view(tip)
            print(f"  tip [{advice['priority_label'] or '-'}] {advice['tip']}")

        consultation = client.create_consultation("fitness_coach", context_type="goal", context_id=goal["id"])
        print(f"\nCoach, streamed as it is written (\"{goal['title']}\"):\n  ", end="")
        for event in client.send_message_stream(consultation["id"], "How do I start this week?"):
            if event["event"] == "delta":
                print(event["text"], end="", flush=True)
            elif event["event"] == "reset":
                print(f"\n  [withdrawn: {event['reason']}]\n  ", end="")
        print()

        ask_about_your_data(client)

        views = wellness.trends_view(client.trends())
        print("\nLongevity trends:")
        for period, view in views.items():
            print(f"  {period:8} {view['label']:13} {view['formatted_value']:>8}  {view['message'] or ''}")


def ask_about_your_data(client: wellness.Client) -> None:
    """Workouts logged, then questions the coach answers exactly, each reply
    with the data queries its numbers come from."""
    today = datetime.datetime.now(datetime.timezone.utc).replace(hour=7, minute=0, second=0, microsecond=0)
    runs = [(1, "Outdoor Run", 5.2), (3, "Outdoor Run", 8.0), (4, "Outdoor Cycling", 21.5), (6, "run", 6.1)]
    workouts = [{"start": (today - datetime.timedelta(days=days)).isoformat(),
                 "end": (today - datetime.timedelta(days=days, minutes=-45)).isoformat(),
                 "activity": activity, "distance": distance} for days, activity, distance in runs]
    stored = client.post_workouts(workouts)
    print(f"\nLogged {stored['stored']} workouts; asking the coach about them:")
    consultation = client.create_consultation("general_wellness")
    for question in ["How many days did I run in the last 7 days?", "How far did I bike this month?",
                     "What was my average sleep on days I ran?"]:
        _, reply = client.send_message(consultation["id"], question)
        print(f"  {question}\n    {reply['content']}")
        for record in reply.get("data_queries", []):
            result = record["result"]
            rows = f"{result['rows']} row{'' if result['rows'] == 1 else 's'}"
            print(f"    (based on {rows}, {result['from_date']} to {result['to_date']})")


if __name__ == "__main__":
    main()
