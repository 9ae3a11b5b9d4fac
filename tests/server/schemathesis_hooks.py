"""schemathesis hooks for wellness-server's contract (SCHEMATHESIS_HOOKS).

A fuzzer reuses the values it generates across requests; a valid
Idempotency-Key reused with another request is rightly answered 422, so each
valid key is made unique. Invalid keys stay as generated (the server's 400
for them is part of the contract)."""

from __future__ import annotations

import itertools
import re
from typing import Any, Dict, Optional

import schemathesis

_serial = itertools.count()
_VALID = re.compile(r"[!-~]{1,255}")


@schemathesis.hook
def map_headers(context: Any, headers: Optional[Dict[str, Any]]) -> Optional[Dict[str, Any]]:
    key = (headers or {}).get("Idempotency-Key")
    if headers is not None and isinstance(key, str) and _VALID.fullmatch(key):
        headers["Idempotency-Key"] = f"{key[:200]}-{next(_serial)}"
    return headers
