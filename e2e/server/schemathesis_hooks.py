"""What the contract cannot say, told to schemathesis (loaded by run_schemathesis.sh).

A workout's end must not be before its start: JSON Schema cannot compare two
members, so a schema-valid workout may end before it starts, and the server
rightly answers 400 naming that field. And no string may hold U+0000 (NUL),
which PostgreSQL cannot store: JSON Schema has no type for "a string without
NUL" short of a pattern on every string, so a schema-valid NUL-bearing string
(run_schemathesis.sh asks for them) is rightly answered 400 naming its field.
A profile's time_zone must be a zone of the server's time-zone database,
which the contract cannot list; a daily metric sent in another unit is
checked against its range once converted, and a day's metrics are counted
with those stored before: JSON Schema can say neither. Only those
rejections are dropped; every other rejection of schema-valid data (and any
5xx, such as PostgreSQL's refusal of a NUL) still fails the run.
"""

from __future__ import annotations

from typing import Any

import schemathesis


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """Keeps every failure but a workout refused for ending before its start, or a string refused for a NUL."""
    ends_before_start = (
        case.operation.path == "/api/v1/workouts"
        and case.method.upper() == "POST"
        and response.status_code == 400
        and "].end: must not be before start" in response.text
    )
    holds_nul = response.status_code == 400 and "must not contain the character U+0000 (NUL)" in response.text
    # A time zone the server's database does not know: the contract cannot list the IANA database.
    unknown_zone = (
        case.operation.path == "/api/v1/profile"
        and response.status_code == 400
        and "unknown time zone" in response.text
    )
    # A daily metric in range in the unit sent but not once converted (or a day over its metric limit with
    # the metrics stored before): the contract cannot compare a value with its unit or with stored days.
    daily_metric_limit = (
        case.operation.path == "/api/v1/daily-metrics"
        and response.status_code == 400
        and (" from " in response.text or "a day holds at most" in response.text)
    )
    return not (ends_before_start or holds_nul or unknown_zone or daily_metric_limit)
