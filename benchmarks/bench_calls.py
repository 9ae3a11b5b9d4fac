"""Python's per-call overhead on a small model call: wellness.goal_tip_view
on a tip of about 50 bytes of JSON, beside the bare ctypes call of the same
function on the same bytes (the library's own work plus ctypes), in one run.

The wrapper's share is what `_native.call` and `_native.encode` add: JSON
encoding of the dict, the out/err buffers, decoding the result, freeing.
Targets: the whole call <= 6 us; the wrapper adds <= 1.0 us to the bare
call, with orjson reading results and with the json module (the round is
run twice, the second time with orjson switched off for writing documents
too). Best of 9 rounds of 10,000 calls each (the
machine is shared: more short rounds find its quiet moments), in wall-clock
time and in the process's CPU time, which leaves out time spent descheduled.
"""

from __future__ import annotations

import ctypes
import json
import time
from typing import Callable, Dict

import wellness
from wellness import _native

TIP = {"tip": "Walk 10 minutes after lunch", "priority": "high"}
CALLS = 10_000
ROUNDS = 9
TARGET_US = 6.0
WRAPPER_TARGET_US = 1.0


def bare_call() -> Callable[[], None]:
    """wellness_goal_tip_view through ctypes with nothing around it but the free."""
    function = _native.lib.wellness_goal_tip_view
    free = _native.lib.wellness_buf_free
    payload = json.dumps(TIP, separators=(",", ":")).encode()
    out, err = _native.Buf(), _native.Buf()

    def run() -> None:
        function(payload, len(payload), ctypes.byref(out), ctypes.byref(err))
        free(ctypes.byref(out))

    return run


def measure() -> None:
    encoded = json.dumps(TIP, separators=(",", ":")).encode()
    size = len(encoded)
    contenders: Dict[str, Callable[[], object]] = {
        f"wellness.goal_tip_view(dict of {size} bytes)": lambda: wellness.goal_tip_view(TIP),
        "wellness.goal_tip_view(bytes)": lambda: wellness.goal_tip_view(encoded),
        "bare ctypes call + free (no JSON in Python)": bare_call(),
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
    reader = "orjson" if _native._fast_loads else "the json module"  # orjson writes documents too, when there
    print(f"Python per-call overhead, best of {ROUNDS} x {CALLS:,} calls; libwellness {wellness.version()}; "
          f"documents written and results read by {reader}")
    for name, seconds in best.items():
        print(f"  {name:48} {seconds * 1e6:6.2f} us  (CPU {best_cpu[name] * 1e6:6.2f} us)")
    whole = best[f"wellness.goal_tip_view(dict of {size} bytes)"]
    bare = best["bare ctypes call + free (no JSON in Python)"]
    added = (whole - bare) * 1e6
    print(f"the wrapper adds {added:.2f} us to the bare call (target <= {WRAPPER_TARGET_US:.1f} us with "
          f"{reader}: {'met' if added <= WRAPPER_TARGET_US else 'NOT met'})")
    print(f"target: small model call <= {TARGET_US:.0f} us: {'met' if whole * 1e6 <= TARGET_US else 'NOT met'} "
          f"({whole * 1e6:.2f} us)")


def main() -> None:
    measure()
    if _native._fast_loads is not None:
        # The same calls with the json module writing the documents and reading the results.
        _native._fast_loads = _native._fast_dumps = None
        measure()


if __name__ == "__main__":
    main()
