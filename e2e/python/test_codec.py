"""wellness._codec, the wheel's own JSON writer and reader, used where orjson cannot be imported:
it writes byte for byte what the json module writes and reads what the json module reads, or
leaves the document to the json module; it never crashes, leaks or reads invalid JSON."""

from __future__ import annotations

import datetime
import enum
import gc
import json
import math
import os
import random
import struct
import subprocess
import sys
import tracemalloc
from pathlib import Path
from typing import Any, Callable

import pytest

import wellness
from wellness import _native

if "wellness" not in _native.CODECS:
    if os.environ.get("WELLNESS_TEST_SOURCE"):
        pytest.skip("skipped: the tests run from the source tree, where wellness._codec is not built "
                    "(the installed wheel carries it)", allow_module_level=True)
    pytest.fail("the installed wheel has no wellness._codec: it was built without a C compiler or "
                "Python's headers (make deps installs both)", pytrace=False)

from wellness import _codec  # noqa: E402  (after the check that it is built)

#: The fuzzer's directory: its corpus, and codec_check.py, the promise the fuzzer and these tests share.
FUZZ = Path(__file__).resolve().parents[1] / "fuzz"
sys.path.insert(0, str(FUZZ))
try:
    from codec_check import identical, json_module_reads  # noqa: E402
    from codec_check import json_module_writes as json_module_bytes  # noqa: E402
    import codec_check  # noqa: E402
finally:
    sys.path.remove(str(FUZZ))

#: A small call's document and its result's keys, as bench_calls.py times them.
TIP = {"tip": "Walk 10 minutes after lunch", "priority": "high"}


def read_alike(data: bytes) -> bool:
    """Checks that the codec reads `data` as the json module does, or leaves it (DecodeError) to it;
    returns whether the codec read it."""
    try:
        ours = _codec.loads(data)
    except _codec.DecodeError:
        return False
    try:
        expected = json_module_reads(data)
    except (ValueError, RecursionError):
        pytest.fail(f"the codec read what the json module refuses: {data[:120]!r}")
    assert identical(ours, expected), f"read differently: {data[:120]!r}"
    return True


def test_the_installed_wheel_carries_the_codec_built_for_the_stable_abi() -> None:
    assert Path(_codec.__file__).name == "_codec.abi3.so"
    assert Path(_codec.__file__).parent == Path(wellness.__file__).parent


def test_it_reads_the_json_test_suite_as_the_json_module_does(conformance_files: list[Path]) -> None:
    read = {path.name for path in conformance_files if read_alike(path.read_bytes())}
    must_read = {path.name for path in conformance_files if path.name.startswith("y_")}
    assert must_read <= read, f"valid JSON left to the json module: {sorted(must_read - read)}"
    assert not {name for name in read if name.startswith("n_")}


ALPHABET = ["a", "é", '"', "\\", "\n", "\x00", "\x1f", "\x7f", "\u2028", "😀", "/", "\ud800", "Z", "\t"]


def random_key(rng: random.Random) -> Any:
    """Mostly text; sometimes an int, which the json module writes as text and the codec leaves to it."""
    if rng.random() < 0.05:
        return rng.randrange(3)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(5)))


def random_document(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(12 if depth < 4 else 7)
    if kind == 0:
        return None
    if kind == 1:
        return rng.random() < 0.5
    if kind == 2:
        return rng.choice([0, -1, 7, 2**63 - 1, -2**63, 2**63, -2**63 - 1, 10**18, -10**18, 10**17 + 3])
    if kind == 3:
        return rng.choice([0.0, -0.0, 1.5, 1e16, 1e-7, 5e-324, 1.7976931348623157e308, float("nan"),
                           float("inf"), rng.uniform(-1e6, 1e6),
                           struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]])
    if kind in (4, 5, 6):
        return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(6)))
    if kind in (7, 8):
        return {random_key(rng): random_document(rng, depth + 1) for _ in range(rng.randrange(4))}
    if kind in (9, 10):
        return [random_document(rng, depth + 1) for _ in range(rng.randrange(4))]
    return tuple(random_document(rng, depth + 1) for _ in range(rng.randrange(3)))


def test_the_fuzzers_corpus_and_regressions_keep_the_codecs_promise() -> None:
    """What `make fuzz-codec` starts from and what it found, through the installed codec and the
    fuzzer's own check (e2e/fuzz/codec_check.py)."""
    inputs = [path for directory in ("codec_corpus", "codec_regressions")
              for path in sorted((FUZZ / directory).glob("*")) if path.is_file()]
    assert len(inputs) >= 10
    for path in inputs:
        codec_check.check(_codec, path.read_bytes())


def test_it_writes_random_documents_byte_for_byte_as_the_json_module_and_reads_them_back() -> None:
    rng = random.Random(20261128)
    written = left = 0
    for _ in range(20_000):
        document = random_document(rng)
        try:
            ours = _codec.dumps(document)
        except _codec.EncodeError:
            left += 1
            continue
        written += 1
        assert ours == json_module_bytes(document), document
        assert identical(_codec.loads(ours), json_module_reads(ours)), document
    # Both kinds happen: NaN, lone surrogates, keys not str and big ints are left to the json module.
    assert written > 10_000 and left > 1_000, (written, left)


def test_it_reads_damaged_documents_as_the_json_module_or_leaves_them_to_it() -> None:
    rng = random.Random(7)
    read = 0
    for _ in range(20_000):
        try:
            data = bytearray(json_module_bytes(random_document(rng)))
        except ValueError:
            continue
        for _ in range(rng.randrange(1, 3)):
            if data:
                data[rng.randrange(len(data))] = rng.randrange(256)
        read += read_alike(bytes(data))
    # Most damage makes bytes that are not JSON; some still is JSON, and reads alike.
    assert read > 300, read


def test_floats_cross_to_the_last_bit_in_both_directions() -> None:
    rng = random.Random(3)
    values = [struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0] for _ in range(20_000)]
    values = [value for value in values if math.isfinite(value)] + [5e-324, -0.0, 2.2250738585072014e-308]
    data = _codec.dumps(values)
    assert data == json_module_bytes(values)
    assert identical(_codec.loads(data), values)
    # Past float's range, an infinity, as float() reads it; a long mantissa, correctly rounded.
    assert _codec.loads(b"[1e400,-1e400,0.1000000000000000055511151231257827021181583404541015625]") == [
        math.inf, -math.inf, 0.1]


def test_what_it_does_not_read_it_leaves_to_the_json_module() -> None:
    for data in [b"NaN", b"[Infinity]", b'"\\ud800"', b'{"k":"\\udc00x"}', b'"\xed\xa0\x80"', b'"\xff"',
                 b"[1,2]x", b"[1,]", b'{"a":1,}', b"01", b"[" * 100_000, b'"abc\\', b'"abc', b"", b" ",
                 b"1" * 5_000]:
        with pytest.raises(_codec.DecodeError):
            _codec.loads(data)
    # The wrapper then reads with the json module: a lone surrogate, as the json module gives it.
    _native.use_codec("wellness")
    assert _native.parse(b'{"k":"\\ud800"}') == {"k": "\ud800"}


def test_what_it_does_not_write_it_leaves_to_the_json_module() -> None:
    cycle: list[Any] = []
    cycle.append(cycle)
    for document in [{"nan": math.nan}, [math.inf], {"lone": "\ud800"}, {1: "key not str"}, [2**64],
                     cycle, _nested(1_000), [_Level.HIGH], [_Text("a str subclass")],
                     {"value": datetime.date(2024, 1, 1)}]:
        with pytest.raises(_codec.EncodeError):
            _codec.dumps(document)


class _Text(str):
    pass


class _Level(enum.IntEnum):
    HIGH = 3


def _nested(depth: int) -> list[Any]:
    document: list[Any] = []
    for _ in range(depth):
        document = [document]
    return document


def test_default_converts_other_values_and_its_errors_are_left_to_the_json_module() -> None:
    def default(value: Any) -> Any:
        if isinstance(value, datetime.date):
            return value.isoformat()
        raise TypeError(f"{type(value).__name__} is not JSON")

    assert _codec.dumps({"day": datetime.date(2024, 2, 29)}, default=default) == b'{"day":"2024-02-29"}'
    with pytest.raises(_codec.EncodeError) as raised:
        _codec.dumps({"what": object()}, default=default)
    assert isinstance(raised.value.__cause__, TypeError)

    def interrupted(value: Any) -> Any:
        raise KeyboardInterrupt

    # Not left to the json module, which would not meet it again: the interrupt goes up as it is.
    with pytest.raises(KeyboardInterrupt):
        _codec.dumps({"what": object()}, default=interrupted)


def test_a_default_that_changes_the_document_being_written_does_not_crash_it() -> None:
    document: dict[str, Any] = {f"key{index}": object() for index in range(50)}
    items: list[Any] = [object() for _ in range(50)]

    def clear_and_replace(value: Any) -> Any:
        document.clear()
        items.clear()
        gc.collect()
        return "replaced"

    for changing in (document, items):
        try:
            data = _codec.dumps(changing, default=clear_and_replace)
        except _codec.EncodeError:
            continue
        json.loads(data)


def test_many_keys_share_the_key_cache_and_read_right() -> None:
    keys = [f"k{index}" for index in range(5_000)] + ["x" * 64, "x" * 65, "é" * 40, ""]
    document = {key: index for index, key in enumerate(keys)}
    for _ in range(3):
        assert identical(_codec.loads(_codec.dumps(document)), document)


def test_it_holds_no_memory_from_call_to_call() -> None:
    documents: list[Any] = [{"tip": 'a"b\n', "n": [1, 2.5, None, True, (1, "x")], "d": {"k": "v"}},
                            {"big": 2**70}, {"nan": math.nan}, {1: "x"}, {"day": datetime.date(2024, 1, 1)},
                            {"lone": "\ud800"}, _nested(600)]
    blobs = [b'{"a":[1,2,{"b":"c\\u00e9\\ud83d\\ude00"}],"k":1.5e3,"z":123456789012345678901}', b'{"a":[1,2',
             b"[1,2]x", b'{"a":"\\ud800"}', b'"\xff"', b"[" * 600, b'{"' + b"k" * 100 + b'":1}']

    def default(value: Any) -> Any:
        if isinstance(value, datetime.date):
            return value.isoformat()
        raise TypeError("not JSON")

    def round_trip() -> None:
        for document in documents:
            try:
                _codec.dumps(document, default=default)
            except _codec.EncodeError:
                pass
        for blob in blobs:
            try:
                _codec.loads(blob)
            except _codec.DecodeError:
                pass

    for _ in range(500):
        round_trip()
    gc.collect()
    # Only what was allocated from this file's frames (the codec's objects are traced to the line that
    # called it): other tests' servers may still be answering on their threads meanwhile.
    here = [tracemalloc.Filter(True, __file__)]
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot().filter_traces(here)
        for _ in range(5_000):
            round_trip()
        gc.collect()
        after = tracemalloc.take_snapshot().filter_traces(here)
        grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    finally:
        tracemalloc.stop()
    # A leak of one object per round would be ~5,000 x 50 bytes.
    assert grown < 20_000, f"{grown} bytes held after 5,000 rounds"


@pytest.mark.parametrize("codec", ["wellness", "json"])
def test_the_environment_chooses_the_codec(codec: str) -> None:
    script = "from wellness import _native; print(_native.codec_in_use())"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env={**os.environ, "WELLNESS_JSON_CODEC": codec})
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == codec


def test_an_unknown_codec_in_the_environment_is_a_clear_import_error() -> None:
    result = subprocess.run([sys.executable, "-c", "import wellness"], capture_output=True, text=True,
                            env={**os.environ, "WELLNESS_JSON_CODEC": "simdjson"})
    assert result.returncode != 0
    assert "WELLNESS_JSON_CODEC=simdjson: no such JSON codec here (available: " in result.stderr


def test_use_codec_names_what_is_available() -> None:
    with pytest.raises(ValueError, match="the JSON codec 'ujson' is not available here"):
        _native.use_codec("ujson")


@pytest.fixture(autouse=True)
def _restore_codec() -> Any:
    chosen = _native.codec_in_use()
    yield
    _native.use_codec(chosen)


CALLS: list[Callable[[], Any]] = [
    lambda: wellness.goal_tip_view(TIP),
    lambda: wellness.series_aggregate({"interval": "day", "statistics": ["sum", "average", "stddev"]},
                                      [{"timestamp": t * 3_600, "value": (t * 0.1) ** 1.5} for t in range(200)]),
]


def test_calls_answer_alike_with_every_codec() -> None:
    answers = {}
    for codec in [*_native.CODECS, "json"]:
        _native.use_codec(codec)
        answers[codec] = [call() for call in CALLS]
    reference = answers["json"]
    for codec, answer in answers.items():
        assert identical(answer, reference), codec
