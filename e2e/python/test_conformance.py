"""JSONTestSuite through every JSON entry point: n_ files are invalid JSON, y_ files never are."""

from __future__ import annotations

from pathlib import Path

import pytest

import wellness
from entry_points import ENTRY_POINTS


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_json_test_suite(name: str, conformance_files: list[Path]) -> None:
    call = ENTRY_POINTS[name]
    wrongly_rejected, wrongly_accepted = [], []
    for path in conformance_files:
        try:
            call(path.read_bytes())
            rejected = False
        except wellness.InvalidJSONError:
            rejected = True
        except wellness.WellnessError:
            rejected = False
        if path.name.startswith("n_") and not rejected:
            wrongly_accepted.append(path.name)
        if path.name.startswith("y_") and rejected:
            wrongly_rejected.append(path.name)
    assert not wrongly_accepted, f"accepted invalid JSON: {wrongly_accepted}"
    assert not wrongly_rejected, f"rejected valid JSON: {wrongly_rejected}"
    assert len(conformance_files) > 300


#: A literal that runs into what follows is no value.
JUNCTIONS = ["truefalse", "nulltrue", "falsenull", "true1", "1true", "truex", "nullnull"]


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_literal_junctions_are_invalid(name: str) -> None:
    for junction in JUNCTIONS:
        for document in (junction, f"[{junction}]", f'{{"a": {junction}}}'):
            with pytest.raises(wellness.InvalidJSONError):
                ENTRY_POINTS[name](document.encode())


@pytest.mark.parametrize("kind", ["numeric", "boolean", "snapshot"])
@pytest.mark.parametrize("junction", JUNCTIONS)
def test_literal_junctions_in_samples(kind: str, junction: str) -> None:
    samples = f'[{{"timestamp": 0, "value": {junction}}}]'.encode()
    with pytest.raises(wellness.InvalidJSONError):
        wellness.series_aggregate({"kind": kind}, samples)
    with pytest.raises(wellness.InvalidJSONError):
        wellness.series_chart({"kind": kind}, samples)
