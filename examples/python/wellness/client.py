"""The API client: a `wellness_client` handle and the seeds' operations."""

from __future__ import annotations

import ctypes
import json
import sys
from typing import Any, Callable, Dict, List, Optional

from . import _native


class Client:
    """A client of the WellnessKit API (insights, goals AI, goals, trends, consultations).

    Thread-safe: one client may serve many threads. Close it (or use it as a
    context manager) to release its connections.
    """

    def __init__(self, base_url: str, api_key: Optional[str] = None, token: Optional[str] = None,
                 token_provider: Optional[Callable[[bool], Optional[str]]] = None, **options: Any) -> None:
        """`token_provider(refresh)` returns the bearer token (refresh=True after a 401).
        `options`: timeout, ai_timeout, max_retries, initial_backoff, max_backoff, cache_directory (see wellness.h)."""
        self._handle: Optional[int] = None
        self._provider: Any = None
        config = {"base_url": base_url, "api_key": api_key, "token": token,
                  "token_provider": True if token_provider else None,
                  "host": f"python/{sys.version_info.major}.{sys.version_info.minor}", **options}
        payload = _native.encode({key: value for key, value in config.items() if value is not None})
        handle, err = ctypes.c_void_p(), _native.Buf()
        try:
            status = _native.lib.wellness_client_new(payload, len(payload), ctypes.byref(handle), ctypes.byref(err))
            if status != 0:
                raise _native.error_for(json.loads(ctypes.string_at(err.ptr, err.len)))
        finally:
            _native.lib.wellness_buf_free(ctypes.byref(err))
        self._handle = handle.value
        if token_provider:
            self._install_provider(token_provider)

    def _install_provider(self, provider: Callable[[bool], Optional[str]]) -> None:
        def supply(_: Any, refresh: int, buffer: int, capacity: int) -> int:
            token = (provider(bool(refresh)) or "").encode()
            if not token or len(token) >= capacity:
                return 0
            ctypes.memmove(buffer, token + b"\0", len(token) + 1)
            return len(token)

        # Kept on the instance: the C side calls it for as long as the client lives.
        self._provider = _native.TOKEN_PROVIDER(supply)
        err = _native.Buf()
        try:
            if _native.lib.wellness_client_set_token_provider(self._handle, self._provider, None, ctypes.byref(err)) != 0:
                raise _native.error_for(json.loads(ctypes.string_at(err.ptr, err.len)))
        finally:
            _native.lib.wellness_buf_free(ctypes.byref(err))

    def close(self) -> None:
        """Releases the client; later calls raise InvalidArgumentError."""
        if self._handle:
            _native.lib.wellness_client_free(self._handle)
            self._handle = None

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *_: Any) -> None:
        self.close()

    def __del__(self) -> None:
        self.close()

    def _call(self, name: str, params: Dict[str, Any]) -> Any:
        payload = _native.encode({key: value for key, value in params.items() if value is not None})
        function = getattr(_native.lib, "wellness_client_" + name)
        return _native.call(function, self._handle, payload, len(payload))

    # Insights (seed 000)

    def list_insights(self, **query: Any) -> Dict[str, Any]:
        """One page: insight_type, read_status, favorites_only, archived_status, sort_by, sort_order, page, page_size."""
        return self._call("list_insights", query)

    def list_all_insights(self, progress: Optional[Callable[[int, int], bool]] = None, **query: Any) -> List[Dict[str, Any]]:
        """Every page (at most max_pages); `progress(fetched, total)` returning False stops early."""
        def report(_: Any, fetched: int, total: int) -> int:
            return 0 if progress is None or progress(fetched, total) is not False else 1
        callback = _native.PROGRESS(report)
        payload = _native.encode(query)
        result = _native.call(_native.lib.wellness_client_list_all_insights, self._handle, payload, len(payload),
                              callback, None)
        return result["insights"]

    def get_insight(self, insight_id: str) -> Dict[str, Any]:
        return self._call("get_insight", {"id": insight_id})

    def mark_read(self, insight_id: str) -> Dict[str, Any]:
        return self._call("update_insight", {"id": insight_id, "change": {"is_read": True}})

    def set_favorite(self, insight_id: str, favorite: bool) -> Dict[str, Any]:
        return self._call("update_insight", {"id": insight_id, "change": {"is_favorite": favorite}})

    def archive(self, insight_id: str) -> Dict[str, Any]:
        return self._call("update_insight", {"id": insight_id, "change": {"is_archived": True}})

    def unarchive(self, insight_id: str) -> Dict[str, Any]:
        return self._call("update_insight", {"id": insight_id, "change": {"is_archived": False}})

    def delete_insight(self, insight_id: str) -> None:
        self._call("delete_insight", {"id": insight_id})

    # Goals AI and goals (seed 003)

    def goal_suggestions(self, refresh: bool = False) -> Dict[str, Any]:
        """{"suggestions", "count", "source"}: cached 24 h per user, served offline from the cache."""
        return self._call("goal_suggestions", {"refresh": refresh})

    def goal_tips(self, goal_id: str) -> Dict[str, Any]:
        return self._call("goal_tips", {"goal_id": goal_id})

    def create_goal_from_suggestion(self, suggestion: Dict[str, Any], now: Optional[str] = None,
                                    time_zone: Optional[str] = None) -> Dict[str, Any]:
        return self._call("create_goal_from_suggestion", {"suggestion": suggestion, "now": now, "time_zone": time_zone})

    def create_goal(self, request: Dict[str, Any]) -> Dict[str, Any]:
        return self._call("create_goal", request)

    def get_goal(self, goal_id: str) -> Dict[str, Any]:
        return self._call("get_goal", {"id": goal_id})

    def list_goals(self, status: Optional[str] = None, page: int = 1, page_size: int = 20) -> Dict[str, Any]:
        return self._call("list_goals", {"status": status, "page": page, "page_size": page_size})

    # Trends (seed 001)

    def trends(self, refresh: bool = False) -> Dict[str, Any]:
        """Fetched once per client and reused; refresh=True fetches again."""
        return self._call("trends", {"refresh": refresh})

    # Consultations (seed 004)

    def list_consultations(self, is_archived: Optional[bool] = None, page: int = 1, page_size: int = 20) -> Dict[str, Any]:
        return self._call("list_consultations", {"is_archived": is_archived, "page": page, "page_size": page_size})

    def create_consultation(self, persona: str, context_type: Optional[str] = None, context_id: Optional[str] = None,
                            title: Optional[str] = None) -> Dict[str, Any]:
        return self._call("create_consultation", {"persona": persona, "context_type": context_type,
                                                  "context_id": context_id, "title": title})

    def send_message(self, consultation_id: str, content: str) -> List[Dict[str, Any]]:
        return self._call("send_message", {"consultation_id": consultation_id, "content": content})["messages"]
