"""The ctypes table binds exactly the functions include/wellness.h declares,
each with its C signature: a function added to the header but not bound, or
bound with the wrong arguments, fails here instead of crashing a caller."""

from __future__ import annotations

import ctypes
import re
from pathlib import Path
from typing import Any, Dict, List, Tuple

from wellness import _native

HEADER = Path(__file__).resolve().parents[2] / "include" / "wellness.h"

#: C parameter types, by what ctypes must pass for them.
POINTERS = {"const char *", "const double *", "const int64_t *", "void *", "const void *", "wellness_analytics *",
            "struct ArrowSchema *", "struct ArrowArray *",
            "wellness_analytics **", "wellness_buf *", "wellness_client *", "wellness_client **",
            "wellness_query_tables *", "const wellness_query_tables *", "wellness_query_tables **"}
CALLBACKS = {"wellness_analytics_sink_fn", "wellness_progress_fn", "wellness_stream_fn", "wellness_token_provider_fn"}
SCALARS: Dict[str, Any] = {"int": ctypes.c_int, "size_t": ctypes.c_size_t, "wellness_status": ctypes.c_int}
RESULTS: Dict[str, Any] = {"wellness_status": ctypes.c_int, "int": ctypes.c_int, "const char *": ctypes.c_char_p,
                           "void": None}


def declarations() -> Dict[str, Tuple[str, List[str]]]:
    text = re.sub(r"/\*.*?\*/", "", HEADER.read_text(), flags=re.S)
    found = {}
    for result, name, params in re.findall(r"WELLNESS_API\s+([\w\s\*]+?)\s*\b(wellness_\w+)\s*\(([^;]*?)\)\s*;", text):
        types = [] if params.strip() == "void" else [
            " ".join(re.sub(r"\w+$", "", " ".join(param.split())).split()).replace("* *", "**")
            for param in params.split(",")]
        found[name] = (" ".join(result.split()), types)
    return found


def bound() -> Dict[str, Any]:
    return {name: function for name, function in vars(_native.lib).items() if name.startswith("wellness_")}


def accepts(c_type: str, ctypes_type: Any) -> bool:
    if c_type in POINTERS:
        return ctypes_type in (ctypes.c_char_p, ctypes.c_void_p) or (
            isinstance(ctypes_type, type) and issubclass(ctypes_type, ctypes._Pointer))  # type: ignore[attr-defined]
    if c_type in CALLBACKS:
        return isinstance(ctypes_type, type) and issubclass(ctypes_type, ctypes._CFuncPtr)  # type: ignore[attr-defined]
    return ctypes_type is SCALARS.get(c_type, object())


def test_the_header_declares_what_this_test_knows() -> None:
    declared = declarations()
    assert len(declared) == len(re.findall(r"^WELLNESS_API ", HEADER.read_text(), flags=re.M))
    unknown = {t for _, params in declared.values() for t in params} - POINTERS - CALLBACKS - set(SCALARS)
    assert not unknown, f"parameter types this test does not map: {unknown}"


def test_every_declared_function_is_bound_and_nothing_else() -> None:
    declared, functions = declarations(), bound()
    assert sorted(set(declared) - set(functions)) == [], "declared in wellness.h but not bound"
    assert sorted(set(functions) - set(declared)) == [], "bound but not declared in wellness.h"


def test_each_binding_has_the_declared_signature() -> None:
    wrong = []
    for name, (result, params) in sorted(declarations().items()):
        function = bound()[name]
        argtypes = function.argtypes or []
        if len(argtypes) != len(params) or not all(accepts(c, t) for c, t in zip(params, argtypes)):
            wrong.append(f"{name}: declared ({', '.join(params)}), bound {argtypes}")
        if function.restype is not RESULTS[result]:
            wrong.append(f"{name}: returns {result}, bound to return {function.restype}")
    assert not wrong, "\n".join(wrong)
