"""Every JSON entry point of the library, as callables taking one payload (str or bytes)."""

from __future__ import annotations

from typing import Callable, Dict

import wellness
from wellness import _native

#: Each one-document function, and each two-document function fed through
#: both of its documents (with a valid partner), so that every JSON input of
#: the ABI is exercised.
ENTRY_POINTS: Dict[str, Callable[[bytes], object]] = {
    name: getattr(wellness, name) for name in _native.ONE_DOCUMENT_FUNCTIONS if name != "grounding_check"
}
ENTRY_POINTS.update({
    # grounding_check(text, facts) builds its document: the raw call takes any bytes.
    "grounding_check": lambda payload: _native.call(_native.lib.wellness_grounding_check, payload, len(payload)),
    "series_aggregate.options": lambda payload: wellness.series_aggregate(payload, b"[]"),
    "series_aggregate.samples": lambda payload: wellness.series_aggregate(b"{}", payload),
    "series_chart.options": lambda payload: wellness.series_chart(payload, b"[]"),
    "series_chart.samples": lambda payload: wellness.series_chart(b"{}", payload),
    "longevity_trends.options": lambda payload: wellness.longevity_trends(payload, b"[]"),
    "longevity_trends.entries": lambda payload: wellness.longevity_trends(b'{"today":"2025-01-01"}', payload),
    "series_aggregate_columns.options": lambda payload: wellness.series_aggregate_columns(payload, [], []),
    "series_aggregate_groups.options": lambda payload: wellness.series_aggregate_groups(payload, [], [], []).skipped,
    "analytics_metrics.options": lambda payload: wellness.analytics_metrics(payload, b"[]"),
    "analytics_metrics.log": lambda payload: wellness.analytics_metrics(b"{}", payload),
    "analytics_emit": lambda payload: _emit(payload),
    # The importers' options document, with an empty file or the path it names.
    "import_bytes": lambda payload: _native.call(_native.lib.wellness_import_bytes, payload, len(payload), None, 0,
                                                 _native.PROGRESS(), None),
    "import_file": lambda payload: _native.call(_native.lib.wellness_import_file, payload, len(payload),
                                                _native.PROGRESS(), None),
})


def _emit(payload: bytes) -> object:
    """Emits into a fresh handle without a sink; its stats on success."""
    with wellness.Analytics() as analytics:
        analytics.emit(payload)
        return analytics.stats()
