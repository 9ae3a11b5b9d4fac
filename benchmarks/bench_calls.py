"""Python's per-call overhead on a small model call: wellness.goal_tip_view
on a tip of about 50 bytes of JSON, beside the bare ctypes call of the same
function on the same bytes (the library's own work plus ctypes), in one run.

The wrapper's share is what `_native.call` and `_native.encode` add: JSON
encoding of the dict, the out/err buffers, decoding the result, freeing.
Its peer is the bare call with the argtypes `_native` declares for it (what
a ctypes user writes); the wrapper calls a second function object without
argtypes, also timed bare here, so the saving it gets there shows.
Targets: the whole call <= 6 us; the wrapper adds <= 1.0 us to the bare
call, from a dict and from bytes, with orjson and without it (the round is
run with each codec: orjson, a dependency of the wheel; the wheel's
own C codec, used where orjson cannot be imported; and, for information, the
json module alone, used where neither loads). Best of 9 rounds of 10,000 calls each (the
machine is shared: more short rounds find its quiet moments), in wall-clock
time and in the process's CPU time, which leaves out time spent descheduled;
the wrapper's verdict is read from CPU time, which a shared machine's load
moves least.
"""

from __future__ import annotations

import ctypes
import json
import time
from typing import Callable, Dict, Optional

import wellness
from wellness import _native

TIP = {"tip": "Walk 10 minutes after lunch", "priority": "high"}
CALLS = 10_000
ROUNDS = 9
TARGET_US = 6.0
WRAPPER_TARGET_US = 1.0


def bare_call(declared: bool = True) -> Callable[[], None]:
    """wellness_goal_tip_view through ctypes with nothing around it but the free:
    with the argtypes `_native` declares (the peer), or, for comparison, the
    function objects without argtypes that the wrapper itself calls."""
    if declared:
        function, free, size = _native.lib.wellness_goal_tip_view, _native.lib.wellness_buf_free, len(PAYLOAD)
    else:
        function, free = _native._ONE_DOCUMENT["goal_tip_view"], _native._free
        size = ctypes.c_size_t(len(PAYLOAD))  # type: ignore[assignment]  # what ctypes needs without argtypes
    payload = PAYLOAD
    out, err = _native.Buf(), _native.Buf()
    out_ref, err_ref = ctypes.byref(out), ctypes.byref(err)

    def run() -> None:
        function(payload, size, out_ref, err_ref)
        free(out_ref)

    return run


PAYLOAD = json.dumps(TIP, separators=(",", ":")).encode()
DICT = f"wellness.goal_tip_view(dict of {len(PAYLOAD)} bytes)"
BYTES = "wellness.goal_tip_view(bytes)"
BARE = "bare ctypes call + free (argtypes declared)"
CODEC_NAMES = {"orjson": "orjson", "wellness": "the wheel's codec", "json": "the json module"}
CODEC_ROUNDS = {
    "orjson": "with orjson (a dependency of the wheel):",
    "wellness": "without orjson: the wheel's own codec (wellness._codec), used where orjson cannot be imported:",
    "json": "the json module alone (where neither codec loads: PyPy, a build without a C compiler; its own "
            "encode and decode of this call take about 1.2 us, so no target):",
}
UNCONVERTED = "bare ctypes call + free (no argtypes)"


def measure(wrapper_target_us: Optional[float]) -> None:
    contenders: Dict[str, Callable[[], object]] = {
        DICT: lambda: wellness.goal_tip_view(TIP),
        BYTES: lambda: wellness.goal_tip_view(PAYLOAD),
        BARE: bare_call(),
        UNCONVERTED: bare_call(declared=False),
    }
    best = {name: float("inf") for name in contenders}
    best_cpu = dict(best)
    for _ in range(ROUNDS):  # interleaved, so load on the shared machine hits all alike
        for name, run in contenders.items():
            started, started_cpu = time.perf_counter(), time.process_time()
            for _ in range(CALLS):
                run()
            best[name] = min(best[name], (time.perf_counter() - started) / CALLS)
            best_cpu[name] = min(best_cpu[name], (time.process_time() - started_cpu) / CALLS)
    codec = _native.codec_in_use()
    print(f"Python per-call overhead, best of {ROUNDS} x {CALLS:,} calls; libwellness {wellness.version()}; "
          f"documents written and results read by {CODEC_NAMES[codec]}")
    for name, seconds in best.items():
        print(f"  {name:48} {seconds * 1e6:6.2f} us  (CPU {best_cpu[name] * 1e6:6.2f} us)")
    for name in (DICT, BYTES):
        added, added_cpu = (best[name] - best[BARE]) * 1e6, (best_cpu[name] - best_cpu[BARE]) * 1e6
        verdict = ("no target" if wrapper_target_us is None else
                   f"target <= {wrapper_target_us:.1f} us in CPU time: "
                   f"{'met' if added_cpu <= wrapper_target_us else 'NOT met'}")
        print(f"the wrapper adds {added:.2f} us (CPU {added_cpu:.2f} us) to the bare call from "
              f"{'a dict' if name == DICT else 'bytes'}, {CODEC_NAMES[codec]} ({verdict})")
    whole = best[DICT]
    print(f"target: small model call <= {TARGET_US:.0f} us: {'met' if whole * 1e6 <= TARGET_US else 'NOT met'} "
          f"({whole * 1e6:.2f} us)")


def main() -> None:
    if "orjson" not in _native.CODECS:
        print("orjson: not installed here (a dependency of the wheel); its round is skipped")
    if "wellness" not in _native.CODECS:
        print("the wheel's codec (wellness._codec): not built into this install; its round is skipped")
    for codec in ("orjson", "wellness", "json"):
        if codec != "json" and codec not in _native.CODECS:
            continue
        _native.use_codec(codec)
        print(CODEC_ROUNDS[codec])
        measure(WRAPPER_TARGET_US if codec != "json" else None)


if __name__ == "__main__":
    main()
