#!/usr/bin/env python3
"""Runs the libFuzzer harness for a while and files what it finds (`make fuzz`).

    e2e/fuzz/run_fuzz.py --fuzzer build/fuzz/fuzz_entry_points [--seconds 300] [--max-len 65536]
                           [--work build/fuzz] [--keep-going]

The fuzzer starts from build/fuzz/corpus (its own finds, kept between runs,
not committed) and e2e/fuzz/corpus (the committed seeds). Every crash,
sanitizer report, ABI violation (the harness abort()s), leak, timeout or
out-of-memory is then:

  - replayed to get its signature: the harness's "ABI VIOLATION" line, or
    the Swift runtime failure / sanitizer summary and the first frame in
    Sources/ (the stack top in the library);
  - minimised with -minimize_crash (kept only when the minimised input fails
    with the same signature);
  - written to e2e/fuzz/regressions/<entry point>-<signature>-<sha1>, unless
    a regression with that signature is already there.

By default libFuzzer stops at the first failure. --keep-going runs it with
-fork=1 -ignore_crashes=1 (and timeouts, ooms), so that one run collects
every distinct defect. Exits 1 when anything failed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

from fuzz_selectors import SELECTORS  # noqa: E402 (read from fuzz_selectors.h)

ROOT = Path(__file__).resolve().parents[2]
# The largest valid results (100,000 weekly buckets, 14 MB of JSON) take
# about 1.5 s in a release build and 20-40 times that under ASan and
# coverage on a busy machine; a unit slower than this is a defect.
UNIT_TIMEOUT = 120
ENVIRONMENT = dict(
    os.environ,
    # libFuzzer's own handlers report traps (SIGILL) with a symbolised stack.
    SWIFT_BACKTRACE="enable=no",
    ASAN_OPTIONS=os.environ.get("ASAN_OPTIONS", "detect_leaks=1:detect_stack_use_after_return=0"),
    UBSAN_OPTIONS=os.environ.get("UBSAN_OPTIONS", "halt_on_error=1:print_stacktrace=1"),
)


def demangle(text: str) -> str:
    swift = shutil.which("swift")
    if not swift:
        return text
    result = subprocess.run([swift, "demangle", "--simplified"], input=text, capture_output=True, text=True)
    return result.stdout if result.returncode == 0 else text


def signature(log: str) -> str:
    """What failed and where, from a replay's output."""
    log = demangle(log)
    violation = re.search(r"ABI VIOLATION in (wellness_\w+): ([^\n]*)", log)
    if violation:
        return f"{violation.group(1)}: " + re.sub(r" \(position \d+\)", "", violation.group(2))
    what = None
    for pattern in (r"in (Swift runtime failure: [^\n/]*)", r"(SUMMARY: \w+Sanitizer: [\w-]+)",
                    r"(ERROR: libFuzzer: [\w-]+(?: [\w-]+)?)", r"(ERROR: LeakSanitizer: [^\n]*)"):
        found = re.search(pattern, log)
        if found:
            what = found.group(1).strip()
            break
    frame = re.search(r"#\d+ 0x[0-9a-f]+ in ([^\n]*?) \S*/Sources/(\S+?):(\d+)", log)
    where = f"{frame.group(2)}:{frame.group(3)} {frame.group(1)}" if frame else "no frame in Sources/"
    return f"{what or 'failure'} at {where}"


def slug(text: str) -> str:
    """The signature as a file name part: no entry point prefix, no positions."""
    text = re.sub(r"^wellness_\w+: ", "", text)
    text = re.sub(r"\(.*?\)", "", text).replace("Swift runtime failure:", "trap:")
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:150]


def replay(fuzzer: Path, path: Path) -> tuple[bool, str]:
    """(fails, output) of running one input."""
    result = subprocess.run([str(fuzzer), "-runs=1", str(path)], env=ENVIRONMENT, capture_output=True, text=True,
                            errors="replace", timeout=300)
    return result.returncode != 0, result.stderr + result.stdout


def file_artifact(fuzzer: Path, artifact: Path, regressions: Path, work: Path, seen: dict[str, Path]) -> str | None:
    """Files one failing input unless its defect is filed already; returns its signature."""
    fails, log = replay(fuzzer, artifact)
    kind = artifact.name.split("-")[0]
    if not fails and kind in ("crash", "leak"):
        print(f"  {artifact.name}: does not fail when replayed alone (flaky); kept in {artifact.parent}")
        return None
    sig = signature(log) if fails else f"{kind} (libFuzzer -timeout / -rss_limit_mb)"
    payload = artifact.read_bytes()
    entry = SELECTORS[payload[0] % len(SELECTORS)] if payload else "empty"
    key = f"{entry}-{slug(sig)}"
    if key in seen:
        print(f"  {artifact.name}: already filed as {seen[key].name}")
        return f"{entry}: {sig}"
    chosen = artifact
    if kind in ("crash", "leak"):
        minimised = work / f"minimised-{artifact.name}"
        steps = work / "minimise"
        steps.mkdir(exist_ok=True)
        # Intermediate inputs go to `steps`, not the working directory.
        subprocess.run([str(fuzzer), "-minimize_crash=1", "-max_total_time=30", f"-artifact_prefix={steps}/",
                        f"-exact_artifact_path={minimised}", str(artifact)],
                       env=ENVIRONMENT, capture_output=True, timeout=600)
        if minimised.exists():
            still, minimised_log = replay(fuzzer, minimised)
            if still and slug(signature(minimised_log)) == slug(sig):
                chosen = minimised
    payload = chosen.read_bytes()
    target = regressions / f"{key}-{hashlib.sha1(payload).hexdigest()[:8]}"
    target.write_bytes(payload)
    seen[key] = target
    print(f"  NEW {target} ({len(payload)} bytes, from {artifact.stat().st_size}): {sig}")
    return f"{entry}: {sig}"


def triage(fuzzer: Path, artifacts: Path, regressions: Path, work: Path) -> set[str]:
    """Files every failing input of `artifacts`; returns the distinct signatures."""
    found = sorted(path for path in artifacts.iterdir()
                   if path.name.split("-")[0] in ("crash", "leak", "timeout", "oom"))
    signatures: set[str] = set()
    if not found:
        return signatures
    print(f"fuzz: {len(found)} failing inputs in {artifacts}; filing them in {regressions}:")
    # The defects already filed, so that they are not filed twice.
    seen: dict[str, Path] = {}
    for path in sorted(regressions.iterdir()):
        fails, log = replay(fuzzer, path)
        payload = path.read_bytes()
        if fails and payload:
            seen.setdefault(f"{SELECTORS[payload[0] % len(SELECTORS)]}-{slug(signature(log))}", path)
    for artifact in found:
        sig = file_artifact(fuzzer, artifact, regressions, work, seen)
        if sig:
            signatures.add(sig)
    print(f"fuzz: {len(signatures)} distinct defects:")
    for sig in sorted(signatures):
        print(f"  - {sig}")
    return signatures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--fuzzer", type=Path, required=True)
    parser.add_argument("--seconds", type=int, default=300)
    parser.add_argument("--max-len", type=int, default=65536)
    parser.add_argument("--work", type=Path, default=ROOT / "build" / "fuzz")
    parser.add_argument("--regressions", type=Path, default=ROOT / "e2e" / "fuzz" / "regressions")
    parser.add_argument("--keep-going", action="store_true")
    parser.add_argument("--triage-only", action="store_true",
                        help="only file the failing inputs already in WORK/artifacts")
    arguments = parser.parse_args()

    fuzzer = arguments.fuzzer.resolve()
    work = arguments.work.resolve()
    corpus, artifacts = work / "corpus", work / "artifacts"
    arguments.regressions.mkdir(parents=True, exist_ok=True)
    if arguments.triage_only:
        return 1 if triage(fuzzer, artifacts, arguments.regressions, work) else 0

    corpus.mkdir(parents=True, exist_ok=True)
    shutil.rmtree(artifacts, ignore_errors=True)
    artifacts.mkdir()
    command = [str(fuzzer), f"-max_total_time={arguments.seconds}", f"-max_len={arguments.max_len}",
               f"-timeout={UNIT_TIMEOUT}", "-rss_limit_mb=3072", "-print_final_stats=1",
               f"-dict={ROOT / 'e2e' / 'fuzz' / 'json.dict'}", f"-artifact_prefix={artifacts}/"]
    if arguments.keep_going:
        command += ["-fork=1", "-ignore_crashes=1", "-ignore_timeouts=1", "-ignore_ooms=1"]
    command += [str(corpus), str(ROOT / "e2e" / "fuzz" / "corpus")]
    print("$", " ".join(command), flush=True)
    log_path = work / "fuzz.log"
    started = time.monotonic()
    with open(log_path, "w") as log:
        process = subprocess.Popen(command, env=ENVIRONMENT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   text=True, errors="replace")
        assert process.stdout
        for line in process.stdout:
            log.write(line)
            # Progress lines and reports; not every NEW input.
            if re.match(r"#\d+\s*(INITED|DONE|pulse|RELOAD)|#\d+: cov|==\d+==|SUMMARY|INFO: (Seed|Loaded)|stat::",
                        line) or "ABI VIOLATION" in line or "Sanitizer" in line or "runtime failure" in line:
                print(line, end="", flush=True)
        status = process.wait()
    elapsed = time.monotonic() - started

    text = log_path.read_text(errors="replace")
    progress = re.findall(r"#(\d+)[:\s]+(?:INITED|DONE|pulse|NEW|REDUCE)?\s*cov: (\d+) ft: (\d+)", text)
    print(f"\nfuzz: {elapsed:.0f} s, libFuzzer exit {status}, log {log_path}")
    if progress:
        runs, cov, ft = progress[-1]
        print(f"fuzz: last progress line: #{runs} cov: {cov} ft: {ft}")
    print(f"fuzz: {len(os.listdir(corpus))} inputs in {corpus}")
    if triage(fuzzer, artifacts, arguments.regressions, work):
        return 1
    if status != 0:
        print("fuzz: libFuzzer failed without leaving an input; see the log")
        return 1
    print("fuzz: no crash, sanitizer report or ABI violation")
    return 0


if __name__ == "__main__":
    sys.exit(main())
