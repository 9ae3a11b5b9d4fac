"""The version is written once, in wellness.h's macros; every other copy is
read from there and must agree: the library's (Swift), the Makefile's, the
Python package's and the installed wheel's."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
from pathlib import Path

import pytest

import wellness
from tools import SOURCE_MODE

REPO = Path(__file__).resolve().parents[2]


def header(name: str) -> str:
    found = re.search(rf"^#define {name} (\S+)$", (REPO / "include" / "wellness.h").read_text(), re.M)
    assert found, f"{name} in wellness.h"
    return found.group(1).strip('"')


def test_every_copy_of_the_version_agrees() -> None:
    version = header("WELLNESS_VERSION")
    parts = [header(f"WELLNESS_VERSION_{part}") for part in ("MAJOR", "MINOR", "PATCH")]
    assert version == ".".join(parts)
    assert wellness.version() == version
    assert wellness.__version__ == version
    made = subprocess.run(["make", "-s", "--no-print-directory", "-C", str(REPO), "print-version"],
                          capture_output=True, text=True, check=True)
    assert made.stdout.strip() == version


def test_the_abi_version_agrees() -> None:
    assert wellness.abi_version() == wellness.ABI_VERSION == int(header("WELLNESS_ABI_VERSION"))


@pytest.mark.skipif(SOURCE_MODE, reason="the wheel's metadata comes with the installed wheel")
def test_the_wheel_carries_the_version() -> None:
    assert importlib.metadata.version("wellness") == header("WELLNESS_VERSION")
