"""What the library encodes is what the API contract (openapi/wellness-api.yaml)
says: each model normalised from the example payloads validates against its
component schema. A field renamed or retyped on one side fails here."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest
import yaml
from openapi_schema_validator import OAS31Validator
from referencing import Registry
from referencing.jsonschema import DRAFT202012

import wellness

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "examples" / "data"
CONTRACT = REPO / "openapi" / "wellness-api.yaml"


def load(name: str) -> Any:
    return json.loads((DATA / name).read_text())


def validator(component: str) -> OAS31Validator:
    contract = yaml.safe_load(CONTRACT.read_text())
    registry: Registry = Registry().with_resource("urn:contract", DRAFT202012.create_resource(contract))
    return OAS31Validator({"$ref": f"urn:contract#/components/schemas/{component}"}, registry=registry)


def suggestion() -> Dict[str, Any]:
    return load("goal_suggestions_response.json")["data"]["suggestions"][0]


#: (component, the library call, its input): each result must validate.
CASES: List[Tuple[str, Callable[[Any], Any], Callable[[], Any]]] = [
    ("Insight", wellness.insight_normalize, lambda: load("insight.json")),
    ("Insight", lambda page: wellness.insights_list_response_normalize(page)["data"]["insights"][0],
     lambda: load("insights_list_response.json")),
    ("Pagination", lambda page: wellness.insights_list_response_normalize(page)["data"]["pagination"],
     lambda: load("insights_list_response.json")),
    ("GoalSuggestion", wellness.goal_suggestion_normalize, suggestion),
    ("GoalTip", wellness.goal_tip_normalize, lambda: load("goal_tips_response.json")["data"]["tips"][0]),
    ("Goal", wellness.goal_normalize, lambda: load("goal.json")),
    ("CreateGoalRequest", wellness.create_goal_request_from_suggestion,
     lambda: {"suggestion": suggestion(), "now": "2025-01-15T10:00:00Z"}),
    ("TrendsResponse", wellness.trends_response_normalize, lambda: load("trends_response.json")),
    ("Consultation", wellness.consultation_normalize, lambda: load("consultation.json")),
    ("CreateConsultationRequest", wellness.create_consultation_request_normalize,
     lambda: {"persona": "nutritionist", "context_type": "goal", "context_id": "g1"}),
    ("ConsultationMessage", wellness.consultation_message_normalize,
     lambda: {"id": "m1", "consultation_id": "c1", "role": "assistant", "content": "Try a walk.",
              "created_at": "2025-01-15T20:41:00.125+05:30"}),
    ("UpdateInsightRequest", wellness.insight_update_request_normalize, lambda: {"is_favorite": True}),
]


@pytest.mark.parametrize(("component", "call", "given"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_encoded_models_validate_against_the_contract(component: str, call: Callable[[Any], Any],
                                                      given: Callable[[], Any]) -> None:
    encoded = call(given())
    errors = sorted(validator(component).iter_errors(encoded), key=lambda error: list(error.path))
    assert not errors, "\n".join(f"{'/'.join(map(str, e.path)) or '$'}: {e.message}" for e in errors)


def test_the_check_catches_a_renamed_field() -> None:
    insight = wellness.insight_normalize(load("insight.json"))
    renamed = {("insightType" if key == "insight_type" else key): value for key, value in insight.items()}
    assert list(validator("Insight").iter_errors(renamed)), "a renamed required field must not validate"
