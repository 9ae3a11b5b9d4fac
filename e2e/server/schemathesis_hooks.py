"""What the contract cannot say, told to schemathesis (loaded by run_schemathesis.sh).

A workout's end must not be before its start: JSON Schema cannot compare two
members, so a schema-valid workout may end before it starts, and the server
rightly answers 400 naming that field. Only that rejection is dropped; every
other rejection of schema-valid data still fails the run.
"""

from __future__ import annotations

from typing import Any

import schemathesis


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """Keeps every failure but a workout refused for ending before its start."""
    ends_before_start = (
        case.operation.path == "/api/v1/workouts"
        and case.method.upper() == "POST"
        and response.status_code == 400
        and "].end: must not be before start" in response.text
    )
    return not ends_before_start
