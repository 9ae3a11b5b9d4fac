"""Whether a generated text cites only the facts it was given (docs/AI.md,
"Grounding"): the check wellness-server makes before it shows a language
model's words, for apps that call a model themselves."""

from __future__ import annotations

from typing import Any, Mapping, Sequence, Union, cast

from . import _native
from .types import GroundingFact, GroundingResult

__all__ = ["grounding_check"]


def grounding_check(text: str, facts: Sequence[Union[GroundingFact, Mapping[str, Any]]]) -> GroundingResult:
    """Finds every number in `text` and the fact it matches.

    `facts` are `{"name": ..., "value": 7.23, "unit"?: "h"}` or
    `{"name": ..., "date": "2025-11-03"}`. A number matches a fact rounded to
    the decimals it is written with ("7.2" for 7.23; "10,000" for 9,996,
    within 5 %), or the difference, change or share of two facts of one unit.
    Numbers are read in every script's digits, as number forms ("Ⅻ", "½") and
    as English number words ("twelve thousand", "half an hour"); a number
    followed by a unit ("3.1 miles") matches only facts of that unit or one it
    converts to, or facts without a unit (docs/AI.md, "What a text may write").
    `result["grounded"]` is False when any number matches nothing; each entry
    of `result["numbers"]` says where it is (`start`, `end` index `text`) and
    what it matched. Raises `ValidationError` for malformed facts.
    """
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    payload = _native.encode({"text": text, "facts": list(facts)})
    return cast(GroundingResult, _native.call(_native.lib.wellness_grounding_check, payload, len(payload)))
