"""Finding the library, and refusing one built for another ABI."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import wellness
from wellness import _native

WRAPPER = Path(__file__).resolve().parents[2] / "python"


def import_in_subprocess(environment: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", "import wellness"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(WRAPPER), **environment})


def test_versions_agree_with_the_wrapper() -> None:
    assert wellness.version() == "1.0.0"
    assert wellness.abi_version() == wellness.ABI_VERSION == 1


@pytest.mark.skipif(bool(os.environ.get("WELLNESS_TEST_SOURCE")), reason="testing the source tree")
def test_the_installed_wheel_is_what_is_tested() -> None:
    module_dir = Path(wellness.__file__).resolve().parent
    assert module_dir.is_relative_to(Path(sys.prefix).resolve()), module_dir
    assert Path(_native.lib._name).resolve() == module_dir / "libwellness.so"
    assert "WELLNESS_LIBRARY" not in os.environ


def test_missing_library_is_a_clear_import_error() -> None:
    result = import_in_subprocess({"WELLNESS_LIBRARY": "/nonexistent/libwellness.so"})
    assert result.returncode != 0
    assert "ImportError" in result.stderr and "WELLNESS_LIBRARY=/nonexistent/libwellness.so" in result.stderr


def test_unloadable_library_says_found_and_why(tmp_path: Path) -> None:
    broken = tmp_path / "libwellness.so"
    broken.write_bytes(b"not an ELF file")
    result = import_in_subprocess({"WELLNESS_LIBRARY": str(broken)})
    assert result.returncode != 0
    assert f"found at {broken} (WELLNESS_LIBRARY) but could not be loaded" in result.stderr
    assert "invalid ELF header" in result.stderr or "file too short" in result.stderr


def test_not_found_lists_where_it_looked() -> None:
    # The import loads the library as usual (the wheel's, or WELLNESS_LIBRARY's
    # in source mode); then _load() runs again with nothing to find.
    script = ("import os, wellness._native as n; os.environ.pop('WELLNESS_LIBRARY', None); "
              "n._search_path = lambda: ['/nowhere/libwellness.so']; "
              "n.ctypes.util.find_library = lambda name: None; n._load()")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert result.returncode != 0
    assert "not found (looked in: /nowhere/libwellness.so" in result.stderr


def test_abi_mismatch_asks_for_a_rebuild() -> None:
    with pytest.raises(ImportError, match=r"ABI version 2 does not match .* rebuild the library"):
        _native.check_abi(2)
    _native.check_abi(1)


def test_strerror_names_every_status() -> None:
    names = [wellness.strerror(code) for code in range(0, -15, -1)]
    assert names[0] == "WELLNESS_OK" and names[3] == "WELLNESS_E_VALIDATION" and names[13] == "WELLNESS_E_INTERNAL"
    assert names[14] == "WELLNESS_E_CANCELLED"
    assert wellness.strerror(-15) == wellness.strerror(-999) == "WELLNESS_E_UNKNOWN"


def test_every_status_has_its_exception_class() -> None:
    classes = [wellness.InvalidArgumentError, wellness.InvalidJSONError, wellness.ValidationError,
               wellness.NotFoundError, wellness.UnauthorizedError, wellness.ForbiddenError,
               wellness.RateLimitedError, wellness.NetworkError, wellness.WellnessTimeoutError,
               wellness.HTTPError, wellness.InvalidResponseError, wellness.DecodingError, wellness.InternalError,
               wellness.CancelledError]
    assert [cls.code for cls in classes] == list(range(-1, -15, -1))
    assert issubclass(wellness.WellnessTimeoutError, TimeoutError)


@pytest.mark.parametrize("setting", ["enable=yes", "enable=on,interactive=no", "enable=yes,bogus=1", "threads=none"])
def test_loading_with_swift_backtrace_in_the_environment_prints_nothing(setting: str) -> None:
    # No swift-backtrace is installed beside the library: the runtime would
    # warn "unable to locate swift-backtrace" (or about the setting) on the host's stderr.
    script = "import wellness; assert wellness.abi_version() == 1; wellness.series_aggregate({}, [])"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                            env={**os.environ, "SWIFT_BACKTRACE": setting})
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
