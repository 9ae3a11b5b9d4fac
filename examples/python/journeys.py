"""The seeds' journeys through wellness.Client against a running wellness-server.

Usage: python journeys.py BASE_URL API_KEY
"""

from __future__ import annotations

import sys

import wellness


def main() -> None:
    base_url, api_key = sys.argv[1], sys.argv[2]
    with wellness.Client(base_url, api_key=api_key, cache_directory=False) as client:
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

        views = wellness.trends_view(client.trends())
        print("\nLongevity trends:")
        for period, view in views.items():
            print(f"  {period:8} {view['label']:13} {view['formatted_value']:>8}  {view['message'] or ''}")


if __name__ == "__main__":
    main()
