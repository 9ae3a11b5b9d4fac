"""Exceptions raised by the wellness bindings, one class per libwellness status code."""

from __future__ import annotations

import builtins
from typing import Any, Dict, Optional


class WellnessError(Exception):
    """A failed libwellness call: the status `code`, its `name`, a `message`
    and the `path` of the offending field (None when no single field is at fault)."""

    code: int = 0

    def __init__(self, error: Dict[str, Any]) -> None:
        self.error = error
        self.code = int(error.get("code", self.code))
        self.name: str = str(error.get("name", "WELLNESS_E_UNKNOWN"))
        self.message: str = str(error.get("message", ""))
        self.path: Optional[str] = error.get("path")
        #: The HTTP status, for errors answered by the server.
        self.http_status: Optional[int] = error.get("http_status")
        #: Seconds the server asked to wait, for RateLimitedError.
        self.retry_after: Optional[int] = error.get("retry_after")
        where = f"{self.path}: " if self.path else ""
        super().__init__(f"{where}{self.message} ({self.name})")


class InvalidArgumentError(WellnessError, ValueError):
    """A pointer, length or other argument is unusable."""
    code = -1


class InvalidJSONError(WellnessError, ValueError):
    """The input is not well-formed JSON."""
    code = -2


class ValidationError(WellnessError, ValueError):
    """Well-formed JSON that does not fit the model; `path` names the field."""
    code = -3


class NotFoundError(WellnessError):
    """The server has no such resource."""
    code = -4


class UnauthorizedError(WellnessError):
    """The server refused the credentials (HTTP 401)."""
    code = -5


class ForbiddenError(WellnessError):
    """The server forbids the operation (HTTP 403)."""
    code = -6


class RateLimitedError(WellnessError):
    """Too many requests (HTTP 429)."""
    code = -7


class NetworkError(WellnessError, ConnectionError):
    """The connection failed."""
    code = -8


class WellnessTimeoutError(WellnessError, builtins.TimeoutError):
    """A deadline passed."""
    code = -9


class HTTPError(WellnessError):
    """Any other HTTP error status."""
    code = -10


class InvalidResponseError(WellnessError):
    """An answer the API cannot give."""
    code = -11


class DecodingError(WellnessError):
    """The server's JSON does not fit the expected model."""
    code = -12


class InternalError(WellnessError):
    """A defect in libwellness itself."""
    code = -13


class CancelledError(WellnessError):
    """The caller stopped the operation (a streamed reply's callback asked to stop)."""
    code = -14


_BY_CODE = {cls.code: cls for cls in (
    InvalidArgumentError, InvalidJSONError, ValidationError, NotFoundError, UnauthorizedError,
    ForbiddenError, RateLimitedError, NetworkError, WellnessTimeoutError, HTTPError,
    InvalidResponseError, DecodingError, InternalError, CancelledError,
)}


def error_for(error: Dict[str, Any]) -> WellnessError:
    """The exception for a libwellness error document; unknown codes give a plain WellnessError."""
    return _BY_CODE.get(int(error.get("code", 0)), WellnessError)(error)
