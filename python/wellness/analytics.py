"""The product's analytics: its four events, the five success metrics computed
from an event log, and `Analytics`, a bounded queue whose worker thread
hands events to a Python callable or a JSON Lines file without ever
blocking the code that emits them."""

from __future__ import annotations

import atexit
import ctypes
import json
import threading
import weakref
from typing import Any, Callable, Dict, List, Mapping, Optional, Sequence, Union, cast

from . import _native
from .types import AnalyticsEvent, AnalyticsMetrics, AnalyticsStats, JSONInput, JSONText

__all__ = ["analytics_event", "analytics_metrics", "Analytics"]

#: A callable receiving each delivered event (on the analytics thread).
Sink = Callable[[AnalyticsEvent], None]

#: Callbacks of handles that were released while a call into them may still
#: be running on the worker thread: kept alive so that it never calls freed memory.
_ORPHANS: List[Any] = []
#: Open handles, closed at interpreter exit: a worker must not call into
#: Python while the interpreter is being torn down.
_OPEN: "weakref.WeakSet[Analytics]" = weakref.WeakSet()


@atexit.register
def _close_open_handles() -> None:
    for analytics in list(_OPEN):
        analytics.close(timeout=1.0)


def analytics_event(event: JSONInput) -> AnalyticsEvent:
    """Validates an event and returns it canonical: `{"name": "insight_action",
    "parameters": {"insight_id": "i1", "action": "viewed"}}` gets its
    timestamp (now, UTC) and the guide's defaults ("context": "none")."""
    payload = _native.encode(event)
    return cast(AnalyticsEvent, _native.call(_native.lib.wellness_analytics_event, payload, len(payload)))


def analytics_metrics(options: JSONInput,
                      log: Union[Sequence[Mapping[str, Any]], JSONText]) -> AnalyticsMetrics:
    """The five success metrics of an event log: a list of events, or JSON
    text (an array, or JSON Lines as the `jsonl_path` sink writes). Options:
    `{"session_gap_minutes": 30}` (a session ends after that long idle)."""
    options_payload = _native.encode(options)
    log_payload = _native.encode(log, root="events")
    return cast(AnalyticsMetrics, _native.call(_native.lib.wellness_analytics_metrics, options_payload,
                                               len(options_payload), log_payload, len(log_payload)))


def _milliseconds(timeout: Optional[float]) -> int:
    if timeout is None:
        return -1
    return max(0, min(int(timeout * 1000), 2**31 - 1))


class Analytics:
    """An analytics queue and its worker thread (`wellness_analytics`).

        with wellness.Analytics(sink=events.append) as analytics:
            analytics.emit({"name": "goal_ai_usage", "parameters": {"goal_id": "g1", "feature": "tips"}})
            analytics.flush(timeout=5)

    `emit` validates and queues, never waiting for the sink; a full queue
    drops the event (counted in `stats()["dropped"]`). The sink runs on the
    worker thread; exceptions it raises are counted in `sink_errors` and
    otherwise ignored. Thread-safe.
    """

    def __init__(self, *, capacity: Optional[int] = None, jsonl_path: Optional[str] = None,
                 sink: Optional[Sink] = None) -> None:
        """Starts the worker. `capacity` bounds the queue (default 1024);
        events go to `sink` or are appended to the JSON Lines file
        `jsonl_path` (not both); without either they wait for `set_sink`."""
        self.sink_errors = 0
        self._lock = threading.Lock()
        self._handle: Optional[int] = None
        self._callback: Any = None
        config: Dict[str, Any] = {}
        if capacity is not None:
            config["capacity"] = capacity
        if jsonl_path is not None:
            config["jsonl_path"] = jsonl_path
        payload = _native.encode(config)
        callback = self._wrap(sink)
        handle = ctypes.c_void_p()
        err = _native.Buf()
        try:
            status = _native.lib.wellness_analytics_new(payload, len(payload), callback, None, ctypes.byref(handle),
                                                       ctypes.byref(err))
            if status != 0:
                raise _native.error_from(status, err)
        finally:
            _native.lib.wellness_buf_free(ctypes.byref(err))
        self._handle = handle.value
        self._callback = callback
        _OPEN.add(self)

    def _wrap(self, sink: Optional[Sink]) -> Any:
        """The C callback for `sink` (a NULL function pointer for None)."""
        if sink is None:
            return _native.ANALYTICS_SINK()

        def deliver(event: Optional[bytes], _userdata: Optional[int]) -> None:
            try:
                sink(cast(AnalyticsEvent, json.loads(event or b"null")))
            except Exception:  # the worker thread has no caller to raise to
                self.sink_errors += 1

        return _native.ANALYTICS_SINK(deliver)

    def _live(self) -> int:
        if self._handle is None:
            raise _native.invalid_argument(None, "the Analytics object is closed")
        return self._handle

    def emit(self, event: JSONInput) -> None:
        """Validates `event` (as `analytics_event`) and queues it; returns at once,
        even when the sink is blocked. Raises InvalidArgumentError after `shutdown`."""
        payload = _native.encode(event)
        _native.call(_native.lib.wellness_analytics_emit, self._live(), payload, len(payload), result=False)

    def set_sink(self, sink: Optional[Sink]) -> None:
        """Replaces the sink (None removes it), after the call in flight returns;
        from then on the previous sink is never called again."""
        callback = self._wrap(sink)
        _native.call(_native.lib.wellness_analytics_set_sink, self._live(), callback, None, result=False)
        self._callback = callback

    def flush(self, timeout: Optional[float] = None) -> None:
        """Waits until every queued event is delivered; raises WellnessTimeoutError
        when events remain after `timeout` seconds (None: no limit), or at once without a sink."""
        _native.call(_native.lib.wellness_analytics_flush, self._live(), _milliseconds(timeout), result=False)

    def stats(self) -> AnalyticsStats:
        """The counters: accepted, delivered, failed, dropped, queued, in_flight, has_sink, accepting."""
        return cast(AnalyticsStats, _native.call(_native.lib.wellness_analytics_stats, self._live()))

    def shutdown(self, timeout: Optional[float] = None) -> None:
        """Stops accepting events, delivers the queued ones for at most `timeout`
        seconds and drops the rest (counted); raises WellnessTimeoutError when
        not everything was delivered or a sink call is still running."""
        _native.call(_native.lib.wellness_analytics_shutdown, self._live(), _milliseconds(timeout), result=False)

    def close(self, timeout: Optional[float] = 5.0) -> None:
        """Shuts down (delivering for at most `timeout` seconds) and releases the
        handle; harmless when already closed."""
        with self._lock:
            handle, self._handle = self._handle, None
        if handle is None:
            return
        err = _native.Buf()
        status = _native.lib.wellness_analytics_shutdown(handle, _milliseconds(timeout), ctypes.byref(err))
        _native.lib.wellness_buf_free(ctypes.byref(err))
        _native.lib.wellness_analytics_free(handle)
        if status != 0:
            _ORPHANS.append(self._callback)  # a call may still be running on the worker

    def __enter__(self) -> Analytics:
        """The object itself; `close()` on exit."""
        return self

    def __exit__(self, *exc: object) -> None:
        """Closes (see `close`)."""
        self.close()

    def __del__(self) -> None:
        """Closes without waiting for the sink."""
        if getattr(self, "_handle", None) is not None:
            self.close(timeout=0)
