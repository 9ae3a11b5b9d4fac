"""The client's transport and retry rules against injected faults on loopback."""

from __future__ import annotations

import time
from typing import Iterator

import pytest

import wellness
from servers import FaultServer, free_port


@pytest.fixture(scope="module")
def faults() -> Iterator[FaultServer]:
    server = FaultServer()
    yield server
    server.close()


def client(base_url: str, **options: object) -> wellness.Client:
    settings = {"timeout": 5, "initial_backoff": 0.05, "max_backoff": 0.2, **options}
    return wellness.Client(base_url, api_key="key-never-shown", **settings)


def test_server_down_is_a_network_error_after_retries() -> None:
    started = time.monotonic()
    with pytest.raises(wellness.NetworkError) as caught:
        client(f"http://127.0.0.1:{free_port()}").get_insight("x")
    assert time.monotonic() - started < 3
    assert "key-never-shown" not in str(caught.value)


def test_a_500_then_success_is_retried(faults: FaultServer) -> None:
    assert client(faults.base_url).get_insight("flaky")["id"] == "i1"
    assert faults.hits["flaky"] == 2


def test_5xx_retries_stop_at_two(faults: FaultServer) -> None:
    with pytest.raises(wellness.HTTPError) as caught:
        client(faults.base_url).get_insight("always500")
    assert caught.value.http_status == 503 and caught.value.message == "maintenance"
    assert faults.hits["always500"] == 3


def test_retry_after_is_honoured_once_when_it_fits(faults: FaultServer) -> None:
    started = time.monotonic()
    assert client(faults.base_url).get_insight("limited")["id"] == "i1"
    assert time.monotonic() - started >= 1 and faults.hits["limited"] == 2


def test_retry_after_beyond_the_deadline_fails_at_once(faults: FaultServer) -> None:
    started = time.monotonic()
    with pytest.raises(wellness.RateLimitedError) as caught:
        client(faults.base_url).get_insight("limited-long")
    assert caught.value.retry_after == 120 and time.monotonic() - started < 1
    assert faults.hits["limited-long"] == 1


def test_invalid_json_and_wrong_content_type_are_invalid_responses(faults: FaultServer) -> None:
    for scenario in ("invalid-json", "text"):
        with pytest.raises(wellness.InvalidResponseError):
            client(faults.base_url).get_insight(scenario)


def test_a_body_that_does_not_fit_names_the_field(faults: FaultServer) -> None:
    with pytest.raises(wellness.DecodingError) as caught:
        client(faults.base_url).get_insight("wrong-model")
    assert caught.value.path == "data.insight_type"


def test_a_response_slower_than_the_deadline_times_out(faults: FaultServer) -> None:
    started = time.monotonic()
    with pytest.raises(wellness.WellnessTimeoutError):
        client(faults.base_url, timeout=0.5).get_insight("slow")
    assert time.monotonic() - started < 1.5


def test_a_connection_reset_mid_body_is_a_network_error(faults: FaultServer) -> None:
    with pytest.raises(wellness.NetworkError):
        client(faults.base_url).get_insight("reset")
    assert faults.hits["reset"] == 3


def test_a_fifty_megabyte_body_is_refused(faults: FaultServer) -> None:
    with pytest.raises(wellness.InvalidResponseError) as caught:
        client(faults.base_url).get_insight("huge")
    assert "larger than" in caught.value.message


def test_status_codes_map_to_exceptions(faults: FaultServer) -> None:
    with pytest.raises(wellness.UnauthorizedError):
        client(faults.base_url).get_insight("unauthorized")
    with pytest.raises(wellness.ForbiddenError) as forbidden:
        client(faults.base_url).get_insight("forbidden")
    assert forbidden.value.http_status == 403 and forbidden.value.message == "not yours"
    with pytest.raises(wellness.NotFoundError):
        client(faults.base_url).get_insight("missing")
