"""Loading libwellness and calling it: every ctypes detail lives here."""

from __future__ import annotations

import ctypes
import ctypes.util
import datetime
import json
import math
import os
import sys
from pathlib import Path
from typing import Any, Callable, Dict, List, Mapping, NamedTuple, Optional, Set, Tuple, Type, TypeVar

from ._spec import CALLS, DOCUMENT
from .errors import (InternalError, InvalidArgumentError, InvalidJSONError, ValidationError, WellnessError,
                     error_for)

#: The ABI this wrapper was written for; the library must report the same.
ABI_VERSION = 1


class Buf(ctypes.Structure):
    """`wellness_buf`: a library-owned pointer (c_void_p, so ctypes never copies or frees it) and length."""

    _fields_ = [("ptr", ctypes.c_void_p), ("len", ctypes.c_size_t)]


class _BufText(ctypes.Structure):
    """A second view of a `Buf`'s memory whose `ptr` reads as the bytes up to
    the NUL the library ends every result with: one field read (~0.05 us)
    instead of reading the address and length and copying from a char array
    there (~0.15 us). JSON has no raw NUL, so those bytes are the whole
    result; `call` checks that against `len`."""

    _fields_ = [("ptr", ctypes.c_char_p), ("len", ctypes.c_size_t)]


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
        "Install the wheel (make wheel), which carries the library; or, after "
        "`make install PREFIX=...` into another prefix, set WELLNESS_LIBRARY=PREFIX/lib/libwellness.so.1."
    )


def check_abi(reported: int, expected: int = ABI_VERSION) -> None:
    """Refuse a library built for another ABI."""
    if reported != expected:
        raise ImportError(
            f"libwellness ABI version {reported} does not match the Python wrapper (expects {expected}): "
            "rebuild the library (make lib) or reinstall the wrapper"
        )


lib = _load()

#: `wellness_buf *` parameters, declared as plain pointers: every caller passes
#: ctypes.byref(Buf()), and POINTER(Buf)'s type check cost ~0.4 us per argument,
#: a tenth of a small call.
_BUF_P = ctypes.c_void_p
#: `wellness_token_provider_fn`.
TOKEN_PROVIDER = ctypes.CFUNCTYPE(ctypes.c_size_t, ctypes.c_void_p, ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t)
#: `wellness_progress_fn`.
PROGRESS = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_size_t)
#: `wellness_stream_fn`: (user_data, event, data_json, len). `data_json` is c_void_p so that ctypes
#: hands over the address and the length says where it ends.
STREAM = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p, ctypes.c_size_t)
#: `wellness_analytics_sink_fn`.
ANALYTICS_SINK = ctypes.CFUNCTYPE(None, ctypes.c_char_p, ctypes.c_void_p)

#: What ctypes passes for each parameter kind of the spec table (`_spec.KINDS`).
ARGUMENTS: Dict[str, Tuple[Any, ...]] = {
    "json": (ctypes.c_char_p, ctypes.c_size_t), "buf": (_BUF_P,), "handle": (ctypes.c_void_p,),
    "new_handle": (ctypes.POINTER(ctypes.c_void_p),), "pointer": (ctypes.c_void_p,), "size": (ctypes.c_size_t,),
    "int": (ctypes.c_int,), "user_data": (ctypes.c_void_p,), "progress": (PROGRESS,), "stream": (STREAM,),
    "token_provider": (TOKEN_PROVIDER,), "analytics_sink": (ANALYTICS_SINK,),
}
#: What ctypes reads for each result kind (`_spec.RESULTS`).
RESULTS: Dict[str, Any] = {"status": ctypes.c_int, "int": ctypes.c_int, "text": ctypes.c_char_p, "void": None}

#: Every function of include/wellness.h that takes one JSON document.
ONE_DOCUMENT_FUNCTIONS = [call.name for call in CALLS if call.parameters == DOCUMENT]


def _declare() -> None:
    """Every function's ctypes signature, from the spec table."""
    for spec in CALLS:
        function = getattr(lib, "wellness_" + spec.name)
        function.argtypes = [argument for kind in spec.parameters for argument in ARGUMENTS[kind]]
        function.restype = RESULTS[spec.result]


_declare()
check_abi(lib.wellness_abi_version())


def _unconverted(name: str, restype: Any = ctypes.c_int) -> Any:
    """A second function object for `wellness_<name>` with no argtypes, for the
    hot path whose callers pass arguments ctypes hands over as they are
    (bytes, a `c_size_t`, `byref` objects): the declared argtypes' per-argument
    `from_param` checks cost ~0.3 us of a small model call. The declared
    object (`lib.wellness_<name>`) stays as it is for every other caller."""
    function = lib._FuncPtr(("wellness_" + name, lib))
    function.restype = restype
    return function


#: wellness_buf_free, called only with `byref(Buf)`.
_free = _unconverted("buf_free", None)


def _jsonable(value: Any) -> Any:
    """What json.dumps cannot write itself: aware datetimes (RFC 3339), dates
    (YYYY-MM-DD), other mappings, numpy scalars and arrays."""
    if isinstance(value, datetime.datetime):
        if value.tzinfo is None or value.utcoffset() is None:
            raise _NaiveDatetime()
        return value.isoformat()
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, Mapping):
        return dict(value)
    if isinstance(value, (tuple, set, frozenset)):
        return list(value)
    if hasattr(value, "dtype") and hasattr(value, "tolist"):  # numpy scalars and arrays
        return value.tolist()
    raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


#: The message for a datetime without tzinfo, wherever one is given.
NAIVE_DATETIME = ("a datetime without a time zone is ambiguous: give it a tzinfo "
                  "(datetime(..., tzinfo=timezone.utc), or .astimezone())")


class _NaiveDatetime(ValueError):
    """Raised inside json.dumps; turned into a ValidationError naming the field."""


def _is_naive(value: Any) -> bool:
    return isinstance(value, datetime.datetime) and (value.tzinfo is None or value.utcoffset() is None)


def _is_non_finite(value: Any) -> bool:
    return isinstance(value, float) and not math.isfinite(value)


def find_path(document: Any, root: str, matches: Callable[[Any], bool]) -> Optional[Tuple[str, Any]]:
    """The path and value of the first value (in json.dumps' order) for which
    `matches` holds; paths are written as the library writes them: `samples[3].value`."""
    seen: Set[int] = set()

    def walk(value: Any, path: str) -> Optional[Tuple[str, Any]]:
        if matches(value):
            return path, value
        if isinstance(value, (str, bytes, int, float)) or value is None:
            return None
        if id(value) in seen:
            return None
        seen.add(id(value))
        if isinstance(value, Mapping):
            for key, item in value.items():
                found = walk(item, f"{path}.{key}" if path else str(key))
                if found is not None:
                    return found
            return None
        if isinstance(value, (list, tuple)):
            for index, item in enumerate(value):
                found = walk(item, f"{path}[{index}]")
                if found is not None:
                    return found
            return None
        try:
            converted = _jsonable(value)
        except (TypeError, ValueError):
            return None
        return None if converted is value else walk(converted, path)

    return walk(document, root)


_Error = TypeVar("_Error", bound=WellnessError)


def _python_side(kind: Type[_Error], path: Optional[str], message: str) -> _Error:
    """An error found on the Python side, shaped as the library's: the class's
    status code, and its name as the library spells it."""
    return kind({"code": kind.code, "name": lib.wellness_strerror(kind.code).decode(), "message": message,
                 "path": path})


def validation_error(path: Optional[str], message: str) -> ValidationError:
    """A ValidationError raised on the Python side: `path` names the field or element at fault."""
    return _python_side(ValidationError, path, message)


def invalid_argument(path: Optional[str], message: str) -> InvalidArgumentError:
    """An InvalidArgumentError raised on the Python side (an argument unusable as
    given: a missing column, mismatched lengths, a closed handle); `path` names
    the argument, or is None when no single one is at fault."""
    return _python_side(InvalidArgumentError, path, message)


#: The one-document functions by name, looked up once rather than per call,
#: without argtypes: `one_document` passes the bytes and a `c_size_t` itself.
_ONE_DOCUMENT = {name: _unconverted(name) for name in ONE_DOCUMENT_FUNCTIONS}
_size_t = ctypes.c_size_t
#: Documents up to this size pass their length as a `c_size_t` made once: making
#: one costs ~0.1 us, looking it up a third of that. ctypes copies the value into
#: the call, so one object serves every thread; at most this many, ~100 KB.
_SHARED_LENGTH = 1024
_LENGTHS: Dict[int, Any] = {}


def _length(size: int) -> Any:
    """`size` as the `c_size_t` a call without argtypes needs."""
    length = _size_t(size)
    if size <= _SHARED_LENGTH:
        _LENGTHS[size] = length
    return length


def one_document(name: str, document: Any) -> Any:
    """Calls `wellness_<name>` with one JSON document (see `encode`). A `str`
    is JSON text: one that is not JSON says so, rather than only where the
    parser stopped."""
    payload = document if type(document) is bytes else encode(document)
    size = len(payload)
    length = _LENGTHS.get(size)  # `is None`, not `or`: c_size_t(0) is false
    if length is None:
        length = _length(size)
    try:
        return call(_ONE_DOCUMENT[name], payload, length)
    except InvalidJSONError as error:
        if not isinstance(document, str):
            raise
        message = f"a str is taken as JSON text, and this one is not JSON ({error.message}); pass a dict"
        raise InvalidJSONError({**error.error, "message": message}) from None


class Codec(NamedTuple):
    """A JSON writer and reader faster than the json module, for the calls' documents and results."""

    loads: Callable[[bytes], Any]
    dumps: Callable[..., bytes]
    #: What `loads` raises for bytes it leaves to the json module (which reads them or says why not).
    decode_error: Type[Exception]
    #: What `dumps` raises for a document it leaves to the json module (which writes it or names what is wrong).
    encode_error: Type[Exception]
    dumps_options: int
    #: orjson writes NaN and infinities as null: a document it writes with a null is written again by the
    #: json module, which refuses them with their path.
    nan_as_null: bool


#: The fast codecs there are, in the order they are preferred. The json module alone takes about 1.2 us
#: to write a small call's document and read its result, more than the wrapper's 1 us budget:
#: - orjson, a dependency of the wheel;
#: - the wheel's own C module (`_codec.c`), for where orjson cannot be imported.
#: Where neither loads (PyPy, a build without a C compiler), the json module does all.
CODECS: Dict[str, Codec] = {}
try:
    import orjson

    #: Dates, datetimes and dataclasses to `_jsonable`, as the json module sends them: a naive datetime
    #: refused, the others written (or refused) alike.
    CODECS["orjson"] = Codec(orjson.loads, orjson.dumps, orjson.JSONDecodeError, orjson.JSONEncodeError,
                             orjson.OPT_PASSTHROUGH_DATETIME | orjson.OPT_PASSTHROUGH_DATACLASS, nan_as_null=True)
except ImportError:  # pragma: no cover - the wheel's codec, or the json module, reads and writes the same
    pass
try:
    from . import _codec

    CODECS["wellness"] = Codec(_codec.loads, _codec.dumps, _codec.DecodeError, _codec.EncodeError, 0,
                               nan_as_null=False)
except ImportError:  # pragma: no cover - not built (no C compiler), or not loadable (PyPy)
    pass

_fast_loads: Optional[Callable[[bytes], Any]] = None
_fast_dumps: Optional[Callable[..., bytes]] = None
_FastDecodeError: Type[Exception] = ValueError
_FastEncodeError: Type[Exception] = ValueError
_FAST_DUMPS_OPTIONS = 0
_FAST_NAN_AS_NULL = False


def use_codec(name: str) -> None:
    """Writes documents and reads results with the named codec: "orjson", "wellness" (the wheel's own C
    module) or "json" (the json module alone). Every codec gives the same values; the json module
    names what is wrong with a document the others leave to it. Meant for start-up, tests and
    benchmarks: a call running on another thread meanwhile may read with one codec and catch the
    other's error.

    Raises:
        ValueError: the codec cannot be imported here.
    """
    global _fast_loads, _fast_dumps, _FastDecodeError, _FastEncodeError, _FAST_DUMPS_OPTIONS, _FAST_NAN_AS_NULL
    if name == "json":
        _fast_loads = _fast_dumps = None
        return
    codec = CODECS.get(name)
    if codec is None:
        raise ValueError(f"the JSON codec {name!r} is not available here (available: "
                         f"{', '.join([*CODECS, 'json'])})")
    _fast_loads, _fast_dumps = codec.loads, codec.dumps
    _FastDecodeError, _FastEncodeError = codec.decode_error, codec.encode_error
    _FAST_DUMPS_OPTIONS, _FAST_NAN_AS_NULL = codec.dumps_options, codec.nan_as_null


def codec_in_use() -> str:
    """The name of the codec `use_codec` last chose: "orjson", "wellness" or "json"."""
    for name, codec in CODECS.items():
        if _fast_loads is codec.loads:
            return name
    return "json"


def _chosen_codec() -> str:
    """WELLNESS_JSON_CODEC, where set (to rule a codec in or out without changing code); else the first
    codec there is."""
    chosen = os.environ.get("WELLNESS_JSON_CODEC")
    if not chosen:
        return next(iter(CODECS), "json")
    if chosen != "json" and chosen not in CODECS:
        raise ImportError(f"WELLNESS_JSON_CODEC={chosen}: no such JSON codec here (available: "
                          f"{', '.join([*CODECS, 'json'])})")
    return chosen


use_codec(_chosen_codec())


_MAKE_ENCODER: Optional[Callable[..., Any]] = getattr(json.encoder, "c_make_encoder", None)
#: The C encoder without the circular-reference check (markers None): it then
#: holds no state, so one serves every call and thread.
_FAST_ENCODER = None if _MAKE_ENCODER is None else _MAKE_ENCODER(
    None, _jsonable, json.encoder.encode_basestring, None, ":", ",", False, False, False)


def _dumps(document: Any) -> str:
    """json.dumps(document, ensure_ascii=False, allow_nan=False, compact,
    default=_jsonable), for a dict, list or tuple, with its errors.

    json.dumps with arguments builds a JSONEncoder and a C encoder per call:
    about 1.5 us of a small call's budget. A circular reference makes the
    check-free encoder recurse until RecursionError; json.dumps then runs
    once more, to raise what it raises (ValueError, or RecursionError for a
    document that is only very deep).
    """
    if _FAST_ENCODER is not None:
        try:
            return "".join(_FAST_ENCODER(document, 0))
        except RecursionError:
            pass
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":"), default=_jsonable)


def _memmem() -> Optional[Callable[..., Optional[int]]]:
    """The C library's memmem, where the process has one."""
    try:
        function = ctypes.CDLL(None).memmem
    except (OSError, AttributeError):  # pragma: no cover - glibc and musl have it
        return None
    function.restype = ctypes.c_void_p
    function.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, ctypes.c_size_t]
    return function


_MEMMEM = _memmem()
#: From this size, memmem (glibc's two-way search over pairs of bytes) finds b"null" faster than
#: bytes.find, whose own loop reads about 2 bytes/ns (200 us in the grouped call's 430 KB of
#: options, memmem 55 us); below it, the ctypes call costs more than it saves.
_MEMMEM_FROM = 4096


def _has_null(data: bytes) -> bool:
    if _MEMMEM is not None and len(data) >= _MEMMEM_FROM:
        return _MEMMEM(data, len(data), b"null", 4) is not None
    # Not `in`: bytes.__contains__ tries the argument as an int first.
    return data.find(b"null") >= 0


def encode(document: Any, root: str = "") -> bytes:
    """JSON bytes for a call: mappings and lists are serialised, text encoded,
    bytes passed as-is. A NaN or infinity, or a naive datetime, is a
    ValidationError naming its path (`root` prefixes it: "samples")."""
    # A dict first: isinstance against the Mapping ABC costs half a microsecond.
    if type(document) is not dict:
        if type(document) is bytes:
            return document
        if isinstance(document, str):
            return document.encode("utf-8", errors="surrogatepass")
        if isinstance(document, (bytes, bytearray, memoryview)):
            return bytes(document)
        if not isinstance(document, (Mapping, list, tuple)):
            raise TypeError(f"expected a dict, list, str or bytes of JSON, got {type(document).__name__}")
    if _fast_dumps is not None:
        try:
            data: bytes = _fast_dumps(document, default=_jsonable, option=_FAST_DUMPS_OPTIONS)
        except _FastEncodeError:
            pass  # the json module writes it (a key not str, an int past 64 bits) or names what is wrong
        else:
            if not _FAST_NAN_AS_NULL or not _has_null(data):
                return data
    try:
        return _dumps(document).encode("utf-8")
    except _NaiveDatetime:
        naive = find_path(document, root, _is_naive)
        raise validation_error(naive[0] if naive else None, NAIVE_DATETIME) from None
    except ValueError:
        found = find_path(document, root, _is_non_finite)
        if found is None:
            raise  # not a number's fault (a circular reference, a lone surrogate)
        path, value = found
        raise validation_error(path, f"{value} is not a finite number: JSON has no NaN or infinity") from None


_DECODER = json.JSONDecoder()
#: The decoder's C scanner, called directly: raw_decode is a Python frame around it.
_SCAN: Callable[[str, int], Tuple[Any, int]] = _DECODER.scan_once  # type: ignore[attr-defined]  # untyped in typeshed
_byref = ctypes.byref


def error_from(status: int, err: Buf) -> WellnessError:
    """The exception for a failed call, from its error buffer."""
    if not err.ptr:
        return InternalError({"code": status, "name": lib.wellness_strerror(status).decode(),
                              "message": "the library reported no error details", "path": None})
    return error_for(json.loads(ctypes.string_at(err.ptr, err.len)))


def parse(data: bytes) -> Any:
    """A result the library wrote: read by the fast codec in use, by the json module where it has none or
    the codec leaves the bytes to it."""
    if _fast_loads is not None:
        try:
            return _fast_loads(data)
        except _FastDecodeError:
            pass  # a lone surrogate echoed from the input (not strict UTF-8), a number past 64 bits
    return decode(data)


def decode(data: bytes) -> Any:
    """A result read by the json module. The library writes UTF-8 JSON and
    nothing after it, so the scanner alone reads it: no encoding detection or
    trailing-whitespace scan."""
    text = data.decode("utf-8", "surrogatepass")
    try:
        return _SCAN(text, 0)[0]
    except StopIteration as stop:
        raise json.JSONDecodeError("Expecting value", text, stop.value) from None


#: Spare (out, err, byref(out), byref(err), out's text view) sets for `call`. Each call takes one
#: for itself (list.pop and append are atomic), so threads and calls made from
#: inside a callback never share one; a set goes back only once its buffers are
#: freed (both pointers NULL). Making them per call cost ~0.15 us.
_SPARE_BUFFERS: List[Tuple[Buf, Buf, Any, Any, _BufText]] = []


def _buffers() -> Tuple[Buf, Buf, Any, Any, _BufText]:
    out, err = Buf(), Buf()
    return out, err, _byref(out), _byref(err), _BufText.from_buffer(out)


def call(function: Any, *arguments: Any, result: bool = True) -> Any:
    """Runs one libwellness call whose last parameters are the out buffer (when
    `result`) and the err buffer.

    Returns the parsed result (None without `result`); raises the typed
    exception for a failure. Both buffers are released in every case.
    """
    try:
        buffers = _SPARE_BUFFERS.pop()
    except IndexError:
        buffers = _buffers()
    out, err, out_ref, err_ref, out_text = buffers
    try:
        if result:
            status = function(*arguments, out_ref, err_ref)
        else:
            status = function(*arguments, err_ref)
        if status != 0:
            raise error_from(status, err)
        if not result:
            return None
        # A copy of the result, read up to its NUL (None for a NULL pointer); the whole length
        # should there be a NUL inside (not JSON: the decoder then says where).
        data = out_text.ptr
        if data is None:
            data = b""
        elif len(data) != out.len:
            data = ctypes.string_at(out.ptr, out.len)
        # `parse`, written out: a function call more is a twentieth of the wrapper's microsecond.
        if _fast_loads is not None:
            try:
                return _fast_loads(data)
            except _FastDecodeError:
                pass  # a lone surrogate echoed from the input (not strict UTF-8), a number past 64 bits
        return decode(data)
    finally:
        # A buffer the library did not fill needs no call to free it (about 0.5 us each).
        if out.ptr:
            _free(out_ref)
        if err.ptr:
            _free(err_ref)
        _SPARE_BUFFERS.append(buffers)
