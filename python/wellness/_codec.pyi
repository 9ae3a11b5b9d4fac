"""The wheel's JSON reader and writer for small calls (_codec.c), used where orjson cannot be imported."""

from typing import Any, Callable, Optional

class EncodeError(ValueError):
    """A document dumps leaves to the json module (which writes it or names what is wrong)."""

class DecodeError(ValueError):
    """Bytes loads leaves to the json module (which reads them or says why not)."""

def dumps(document: Any, /, default: Optional[Callable[[Any], Any]] = None, option: int = 0) -> bytes:
    """Compact JSON, as json.dumps(ensure_ascii=False, allow_nan=False) writes it; `option` is ignored."""

def loads(data: bytes, /) -> Any:
    """The value json.loads reads from strict UTF-8 JSON bytes."""
