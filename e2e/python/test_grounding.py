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
