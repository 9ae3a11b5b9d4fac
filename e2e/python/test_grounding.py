"""The grounding check through the real library: every number a text writes
is matched to a fact, or reported."""

from __future__ import annotations

import pytest

import wellness

FACTS = [
    {"name": "sleep_hours", "value": 7.23, "unit": "h"},
    {"name": "sleep_hours_last_week", "value": 6.71, "unit": "h"},
    {"name": "steps_average", "value": 9996},
    {"name": "goal_progress", "value": 0.85},
    {"name": "run_days", "value": 4},
    {"name": "first_run", "date": "2025-11-03"},
    {"name": "last_run", "date": "2025-11-16"},
]


def test_a_grounded_reply() -> None:
    text = ("You slept 7.2 hours a night, 0.5 more than last week (up 8%), walked about 10,000 steps, "
            "and you are 85% of the way to your goal. You ran on 4 days between 3 and 16 November.")
    result = wellness.grounding_check(text, FACTS)
    assert result["grounded"] and result["ungrounded"] == 0
    cited = {number["text"]: number["match"]["facts"] for number in result["numbers"] if number["match"]}
    assert cited["7.2"] == ["sleep_hours"]
    assert cited["0.5"] == ["sleep_hours", "sleep_hours_last_week"]
    assert cited["10,000"] == ["steps_average"]
    assert cited["3"] == ["first_run"] and cited["16"] == ["last_run"]
    for number in result["numbers"]:
        assert text[number["start"]:number["end"]] == number["text"]


def test_an_invented_number_is_reported() -> None:
    result = wellness.grounding_check("You slept 7.5 hours and ran 12 km on 2025-11-04.", FACTS)
    assert not result["grounded"] and result["ungrounded"] == 3
    assert [n["text"] for n in result["numbers"] if not n["grounded"]] == ["7.5", "12", "2025-11-04"]


def test_bad_facts_name_the_field() -> None:
    with pytest.raises(wellness.ValidationError) as raised:
        wellness.grounding_check("7", [{"name": "a", "value": 1, "date": "2025-01-01"}])
    assert raised.value.path == "facts[0]"
    with pytest.raises(wellness.ValidationError) as raised:
        wellness.grounding_check("7", [{"name": "a", "valeu": 1}])
    assert raised.value.path == "facts[0].valeu" and "value" in str(raised.value)
    with pytest.raises(TypeError):
        wellness.grounding_check(b"7", FACTS)  # type: ignore[arg-type]


UNIT_FACTS = [
    {"name": "steps_average", "value": 9996, "unit": "steps"},
    {"name": "sleep_hours", "value": 7.23, "unit": "hours"},
    {"name": "run_km", "value": 5, "unit": "km"},
    {"name": "mood_this_week", "value": 6.2, "unit": "mood_score"},
    {"name": "mood_last_week", "value": 3.1, "unit": "mood_score"},
    {"name": "checkins", "value": 30, "unit": "checkins"},
]


@pytest.mark.parametrize(("text", "numeral"), [
    ("You walked \uff11\uff12\uff0c\uff10\uff10\uff10 steps.", "\uff11\uff12\uff0c\uff10\uff10\uff10"),  # fullwidth
    ("You walked \u0661\u0662\u0660\u0660\u0660 steps.", "\u0661\u0662\u0660\u0660\u0660"),  # Arabic-Indic
    ("You ran \U0001d7cf\U0001d7d0 km.", "\U0001d7cf\U0001d7d0"),  # mathematical bold
    ("You ran \u216b times.", "\u216b"), ("You ran \u246b times.", "\u246b"),  # Roman, circled
    ("You walked 1\u200b2,000 steps.", "1\u200b2,000"),  # zero-width space inside
    ("You walked 12\u2009000 steps.", "12\u2009000"), ("You walked 12\u00a0000 steps.", "12\u00a0000"),
    ("You ran 5,7.2 km.", "5,7.2"), ("You ran 1,22.3 km.", "1,22.3"),  # malformed groupings: read whole
    ("You walked twelve thousand steps.", "twelve thousand"), ("You ran a dozen times.", "a dozen"),
    ("You slept half an hour more.", "half"), ("You ran ten times.", "ten"),
    ("You ran 30 marathons.", "30"), ("You ran 3.1 miles further than your mood.", "3.1"),
])
def test_every_form_of_an_invented_number_is_reported(text: str, numeral: str) -> None:
    facts = [fact for fact in UNIT_FACTS if fact["name"] != "run_km"] if "miles" in text else UNIT_FACTS
    result = wellness.grounding_check(text, facts)
    assert not result["grounded"], result
    assert [number["text"] for number in result["numbers"] if not number["grounded"]] == [numeral]
    for number in result["numbers"]:
        assert text[number["start"]:number["end"]] == number["text"]


def test_units_and_words_that_are_facts_are_grounded() -> None:
    text = ("You walked \uff11\uff10\uff0c\uff10\uff10\uff10 steps, ran \u0665 km (3.1 miles), slept 434 minutes, "
            "checked in thirty times and 30 check-ins.")
    result = wellness.grounding_check(text, UNIT_FACTS)
    assert result["grounded"], result
    units = {number["text"]: number["unit"] for number in result["numbers"]}
    assert units["3.1"] == "miles" and units["434"] == "minutes" and units["thirty"] is None
    assert [n["match"]["facts"] for n in result["numbers"] if n["text"] == "3.1"] == [["run_km"]]


def test_an_unreadable_number_has_no_value() -> None:
    result = wellness.grounding_check("You ran 5,7.2 km and dozens of times.", UNIT_FACTS)
    assert [(n["text"], n["value"], n["grounded"]) for n in result["numbers"]] == [
        ("5,7.2", None, False), ("dozens", None, False)]
