"""Loading libwellness and calling it: every ctypes detail lives here."""

from __future__ import annotations

import ctypes
import ctypes.util
import json
import os
import sys
from pathlib import Path
from typing import Any, List, Union

from .errors import InternalError, error_for  # noqa: F401  (error_for is used by client.py too)

#: The ABI this wrapper was written for; the library must report the same.
ABI_VERSION = 1

JSONInput = Union[dict, list, str, bytes, bytearray, memoryview]


class Buf(ctypes.Structure):
    """`wellness_buf`: a library-owned pointer (c_void_p, so ctypes never copies or frees it) and length."""

    _fields_ = [("ptr", ctypes.c_void_p), ("len", ctypes.c_size_t)]


def _search_path() -> List[str]:
    """Where the library is looked for, in order, after WELLNESS_LIBRARY: beside
    this module (the wheel carries it there), then the install prefixes."""
    here = Path(__file__).resolve().parent
    paths = [str(here / name) for name in ("libwellness.so", "libwellness.so.1")]
    for prefix in (sys.prefix, "/usr/local", "/usr"):
        paths += [str(Path(prefix) / "lib" / name) for name in ("libwellness.so.1", "libwellness.so")]
    return paths


def _open(path: str, origin: str) -> ctypes.CDLL:
    try:
        return ctypes.CDLL(path)
    except OSError as error:
        raise ImportError(f"libwellness found at {path} ({origin}) but could not be loaded: {error}") from error


def _load() -> ctypes.CDLL:
    """The library: an explicit WELLNESS_LIBRARY first, then the search path,
    then the system's loader. A library that exists but fails to load is
    reported as such (with the loader's reason), never as "not found"."""
    explicit = os.environ.get("WELLNESS_LIBRARY")
    if explicit:
        if not os.path.exists(explicit):
            raise ImportError(f"libwellness not found at WELLNESS_LIBRARY={explicit}")
        return _open(explicit, "WELLNESS_LIBRARY")
    searched = _search_path()
    for path in searched:
        if os.path.exists(path):
            return _open(path, "search path")
    system = ctypes.util.find_library("wellness")
    if system:
        return _open(system, "system loader")
    raise ImportError(
        "libwellness not found (looked in: " + ", ".join(searched) + ", and the system loader's paths). "
        "Install the wheel (make wheel), or set WELLNESS_LIBRARY to the library's path, "
        "or install it with `make install PREFIX=...` and add PREFIX/lib to LD_LIBRARY_PATH."
    )


def check_abi(reported: int, expected: int = ABI_VERSION) -> None:
    """Refuse a library built for another ABI."""
    if reported != expected:
        raise ImportError(
            f"libwellness ABI version {reported} does not match the Python wrapper (expects {expected}): "
            "rebuild the library (make lib) or reinstall the wrapper"
        )


lib = _load()

_BUF_P = ctypes.POINTER(Buf)
_JSON_CALL = [ctypes.c_char_p, ctypes.c_size_t, _BUF_P, _BUF_P]
_TWO_DOCUMENT_CALL = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t, _BUF_P, _BUF_P]

#: Every function of include/wellness.h that takes one JSON document.
ONE_DOCUMENT_FUNCTIONS = [
    "insight_normalize", "insight_response_normalize", "insights_list_response_normalize",
    "pagination_normalize", "insight_update_request_normalize", "goal_suggestion_normalize",
    "goal_suggestions_response_normalize", "goal_tip_normalize", "goal_tips_response_normalize",
    "create_goal_request_normalize", "goal_normalize", "trends_response_normalize",
    "consultation_normalize", "create_consultation_request_normalize", "consultation_message_normalize",
    "insight_view", "goal_suggestion_view", "goal_tip_view", "create_goal_request_from_suggestion",
    "trend_view", "trends_view",
]
#: Every client operation taking (client, json, len, out, err).
CLIENT_FUNCTIONS = [
    "list_insights", "get_insight", "update_insight", "delete_insight", "goal_suggestions", "goal_tips",
    "create_goal_from_suggestion", "create_goal", "get_goal", "list_goals", "trends", "list_consultations",
    "create_consultation", "send_message",
]
#: `wellness_token_provider_fn`.
TOKEN_PROVIDER = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t)
#: `wellness_progress_fn`.
PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t)

#: Every function that takes an options document and a data document.
TWO_DOCUMENT_FUNCTIONS = ["series_aggregate", "series_chart", "longevity_trends"]


def _declare() -> None:
    lib.wellness_version.argtypes = []
    lib.wellness_version.restype = ctypes.c_char_p
    lib.wellness_abi_version.argtypes = []
    lib.wellness_abi_version.restype = ctypes.c_int
    lib.wellness_strerror.argtypes = [ctypes.c_int]
    lib.wellness_strerror.restype = ctypes.c_char_p
    lib.wellness_buf_free.argtypes = [_BUF_P]
    lib.wellness_buf_free.restype = None
    for name in ONE_DOCUMENT_FUNCTIONS:
        function = getattr(lib, "wellness_" + name)
        function.argtypes = _JSON_CALL
        function.restype = ctypes.c_int
    for name in TWO_DOCUMENT_FUNCTIONS:
        function = getattr(lib, "wellness_" + name)
        function.argtypes = _TWO_DOCUMENT_CALL
        function.restype = ctypes.c_int
    lib.wellness_client_new.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(ctypes.c_void_p), _BUF_P]
    lib.wellness_client_new.restype = ctypes.c_int
    lib.wellness_client_free.argtypes = [ctypes.c_void_p]
    lib.wellness_client_free.restype = None
    for name in CLIENT_FUNCTIONS:
        function = getattr(lib, "wellness_client_" + name)
        function.argtypes = [ctypes.c_void_p] + _JSON_CALL
        function.restype = ctypes.c_int
    lib.wellness_client_list_all_insights.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t, PROGRESS,
                                                      ctypes.c_void_p, _BUF_P, _BUF_P]
    lib.wellness_client_list_all_insights.restype = ctypes.c_int
    lib.wellness_client_set_token_provider.argtypes = [ctypes.c_void_p, TOKEN_PROVIDER, ctypes.c_void_p, _BUF_P]
    lib.wellness_client_set_token_provider.restype = ctypes.c_int
    columns = lib.wellness_series_aggregate_columns
    columns.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t,
                        _BUF_P, _BUF_P]
    columns.restype = ctypes.c_int


_declare()
check_abi(lib.wellness_abi_version())


def encode(document: JSONInput) -> bytes:
    """JSON bytes for a call: dicts and lists are serialised (NaN refused), text encoded, bytes passed as-is."""
    if isinstance(document, (dict, list)):
        return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")
    if isinstance(document, str):
        return document.encode("utf-8", errors="surrogatepass")
    if isinstance(document, (bytes, bytearray, memoryview)):
        return bytes(document)
    raise TypeError(f"expected a dict, list, str or bytes of JSON, got {type(document).__name__}")


def call(function: Any, *arguments: Any) -> Any:
    """Runs one libwellness call whose last two parameters are the out and err buffers.

    Returns the parsed result; raises the typed exception for a failure. Both
    buffers are released in every case.
    """
    out, err = Buf(), Buf()
    try:
        status = function(*arguments, ctypes.byref(out), ctypes.byref(err))
        if status != 0:
            if not err.ptr:
                raise InternalError({"code": status, "name": lib.wellness_strerror(status).decode(),
                                     "message": "the library reported no error details", "path": None})
            raise error_for(json.loads(ctypes.string_at(err.ptr, err.len)))
        return json.loads(ctypes.string_at(out.ptr, out.len))
    finally:
        lib.wellness_buf_free(ctypes.byref(out))
        lib.wellness_buf_free(ctypes.byref(err))
