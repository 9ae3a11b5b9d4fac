"""The promise wellness._codec keeps, checked on one input: what it reads, the json module reads
alike (types, key order, floats to the last bit); what it writes, the json module writes byte for
byte; what it refuses is its DecodeError or EncodeError, never another exception. Used by the codec's
fuzzer (fuzz_codec.c) and by e2e/python/test_codec.py, which replays the corpus."""

from __future__ import annotations

import json
import math
import struct
from typing import Any


def identical(a: Any, b: Any) -> bool:
    """Equal values of the same types, floats to the last bit, keys in the same order (no recursion)."""
    pending = [(a, b)]
    while pending:
        x, y = pending.pop()
        if type(x) is not type(y):
            return False
        if isinstance(x, float):
            if struct.pack("<d", x) != struct.pack("<d", y) and not (math.isnan(x) and math.isnan(y)):
                return False
        elif isinstance(x, dict):
            if list(x) != list(y):
                return False
            pending.extend((x[key], y[key]) for key in x)
        elif isinstance(x, list):
            if len(x) != len(y):
                return False
            pending.extend(zip(x, y))
        elif x != y:
            return False
    return True


def json_module_reads(data: bytes) -> Any:
    return json.loads(data.decode("utf-8", "surrogatepass"))


def json_module_writes(document: Any) -> bytes:
    return json.dumps(document, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode("utf-8")


def check(codec: Any, data: bytes) -> None:
    """Raises AssertionError when the codec breaks its promise on `data`."""
    try:
        ours = codec.loads(data)
    except codec.DecodeError:
        ours = None
        read = False
    else:
        read = True
    try:
        expected = json_module_reads(data)
        valid = True
    except (ValueError, RecursionError):
        valid = False
    if read:
        assert valid, f"read what the json module refuses: {data[:200]!r}"
        assert identical(ours, expected), f"read differently: {data[:200]!r}"
    if not valid:
        return
    # What the json module read (NaN, lone surrogates and all), written by both.
    try:
        written = codec.dumps(expected)
    except codec.EncodeError:
        return
    try:
        reference = json_module_writes(expected)
    except (ValueError, RecursionError):
        raise AssertionError(f"wrote what the json module refuses: {data[:200]!r}") from None
    assert written == reference, f"wrote differently: {written[:200]!r} against {reference[:200]!r}"
