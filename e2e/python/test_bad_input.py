"""Bad input of every kind through every JSON entry point: a typed error, never a crash."""

from __future__ import annotations

import resource

import pytest

import wellness
from entry_points import ENTRY_POINTS

INVALID_JSON = [b"", b"{", b'{"a":1', b"[1,]", b"NaN", b"Infinity", b"-Infinity", b'{"a":NaN}', b"nul",
                b'"\xff\xfe"', b'{"title":"\xc3\x28"}', b"\xef\xbb\xbf{}", b"[" * 10_000, b'{"a":' * 10_000,
                b"{}\x00", b"{}x", b'{"tip": "\x00 raw NUL"}']
WRONG_TYPES = [b"[]", b"1", b'"text"', b"null", b"true", b'{"title": 5, "difficulty": 1.5}',
               b'{"page": 1e30, "difficulty": 99999999999999999999}', b'{"tip": "\\u0000 escaped NUL"}']


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@pytest.mark.parametrize("payload", INVALID_JSON, ids=lambda payload: repr(payload[:12]))
def test_invalid_json(name: str, payload: bytes) -> None:
    with pytest.raises(wellness.InvalidJSONError) as caught:
        ENTRY_POINTS[name](payload)
    error = caught.value
    assert error.name == "WELLNESS_E_INVALID_JSON" == wellness.strerror(error.code) and error.message
    assert error.path is None


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
@pytest.mark.parametrize("payload", WRONG_TYPES, ids=lambda payload: repr(payload[:16]))
def test_wrong_shapes_are_validation_errors(name: str, payload: bytes) -> None:
    try:
        ENTRY_POINTS[name](payload)
    except wellness.ValidationError as error:
        assert error.message and error.name == "WELLNESS_E_VALIDATION"
    # Some entry points accept some of these (an empty options object, `[]` samples): that is fine.


@pytest.mark.parametrize("name", sorted(ENTRY_POINTS))
def test_ten_megabyte_string_is_handled(name: str) -> None:
    payload = b'{"title": "' + b"x" * 10_000_000 + b'"}'
    try:
        ENTRY_POINTS[name](payload)
    except wellness.ValidationError as error:
        assert error.message
    # Options documents ignore the unknown key and succeed: also fine.


def test_fractional_and_huge_integers_name_the_field() -> None:
    for value in ("1.5", "1e30", "99999999999999999999", "-1"):
        with pytest.raises(wellness.ValidationError) as caught:
            wellness.pagination_normalize(('{"page":%s,"page_size":1,"total_pages":1,"total_count":1,'
                                           '"has_next":false,"has_prev":false}' % value).encode())
        assert caught.value.path == "page"


def test_nan_is_refused_before_the_call() -> None:
    with pytest.raises(wellness.ValidationError) as caught:
        wellness.goal_suggestion_view({"title": "t", "target_value": float("nan")})
    assert caught.value.path == "target_value" and isinstance(caught.value, ValueError)


def test_buffers_are_freed() -> None:
    def rss_kb() -> int:
        with open("/proc/self/statm") as handle:
            return int(handle.read().split()[1]) * resource.getpagesize() // 1024

    tip = b'{"tip": "' + b"y" * 4096 + b'"}'
    for _ in range(2_000):
        wellness.goal_tip_view(tip)
    before = rss_kb()
    for _ in range(50_000):
        wellness.goal_tip_view(tip)
        with pytest.raises(wellness.ValidationError):
            wellness.goal_tip_view(b'{"tip": ""}')
    # 50,000 leaked 4 KiB results would be 200 MB; allow noise only.
    assert rss_kb() - before < 20_000
