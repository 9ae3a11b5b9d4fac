"""Checks a value against a type annotation at run time: TypedDicts (every
required key, no key they do not declare), lists, dicts, unions, literals and
scalars. The Python package's types are what mypy and IDEs see; this keeps
them true to what the library returns."""

from __future__ import annotations

import types
import typing
from typing import Any, List, Literal, Union

try:
    from typing import NotRequired, Required  # type: ignore[attr-defined]
except ImportError:  # Python < 3.11
    from typing_extensions import NotRequired, Required


def _is_typeddict(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, dict) and hasattr(annotation, "__total__")


def mismatches(value: Any, annotation: Any, path: str = "$") -> List[str]:
    """Where `value` does not fit `annotation`, one line each (empty: it fits)."""
    origin = typing.get_origin(annotation)
    arguments = typing.get_args(annotation)
    if annotation is Any or annotation is object:
        return []
    if origin in (Required, NotRequired):
        return mismatches(value, arguments[0], path)
    if annotation is None or annotation is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    if origin is Union or origin is types.UnionType:
        tries = [mismatches(value, option, path) for option in arguments]
        return [] if any(not found for found in tries) else min(tries, key=len)
    if origin is Literal:
        # True == 1 in Python: a literal's value must be of its type too.
        fits = any(value == choice and type(value) is type(choice) for choice in arguments)
        return [] if fits else [f"{path}: {value!r} is not one of {arguments}"]
    if _is_typeddict(annotation):
        return _typeddict_mismatches(value, annotation, path)
    if origin in (list, List, typing.Sequence) or annotation is list:
        if not isinstance(value, list):
            return [f"{path}: {type(value).__name__} is not a list"]
        return [line for index, item in enumerate(value)
                for line in mismatches(item, arguments[0] if arguments else Any, f"{path}[{index}]")]
    if origin in (dict, typing.Mapping) or annotation is dict:
        if not isinstance(value, dict):
            return [f"{path}: {type(value).__name__} is not a dict"]
        key_type, item_type = arguments if len(arguments) == 2 else (Any, Any)
        return [line for key, item in value.items()
                for line in mismatches(key, key_type, f"{path} key {key!r}") + mismatches(item, item_type,
                                                                                         f"{path}.{key}")]
    if origin is tuple:
        if not isinstance(value, tuple) or len(value) != len(arguments):
            return [f"{path}: {value!r} is not a {len(arguments)}-tuple"]
        return [line for index, (item, kind) in enumerate(zip(value, arguments))
                for line in mismatches(item, kind, f"{path}[{index}]")]
    if annotation is float:
        fits = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if fits else [f"{path}: {value!r} is not a number"]
    if annotation is int:
        return [] if isinstance(value, int) and not isinstance(value, bool) else [f"{path}: {value!r} is not an int"]
    if isinstance(annotation, type):
        return [] if isinstance(value, annotation) else [f"{path}: {type(value).__name__} is not {annotation.__name__}"]
    return []  # type variables, callables: not checked here


def _typeddict_mismatches(value: Any, annotation: Any, path: str) -> List[str]:
    if not isinstance(value, dict):
        return [f"{path}: {type(value).__name__} is not a {annotation.__name__}"]
    hints = typing.get_type_hints(annotation, include_extras=True)
    found = [f"{path}: missing key {key!r} of {annotation.__name__}"
             for key in sorted(annotation.__required_keys__) if key not in value]
    found += [f"{path}: key {key!r} is not declared in {annotation.__name__}" for key in value if key not in hints]
    for key, item in value.items():
        if key in hints:
            found += mismatches(item, hints[key], f"{path}.{key}")
    return found
