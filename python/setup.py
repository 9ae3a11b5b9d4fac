"""The wheel carries libwellness.so when `make wheel` puts it beside the
module; such a wheel is tagged for the platform (py3-none-linux_x86_64),
since ctypes needs no particular Python ABI but the library needs Linux
x86-64. Without the library the package holds no library of its own.

It also carries wellness._codec, a small C module (stable ABI, so one build
serves every CPython from 3.9) that writes and reads the calls' JSON where
orjson cannot be imported; the wheel's tag stays py3-none, since where the
module cannot load (PyPy) the json module does its work. It is optional: without a C
compiler or Python's headers the wheel is built without it, and the wrapper
uses the json module there (`make wheel` installs both, and the tests check
the installed wheel has it).

The version is the library's, read from wellness.h (its one written place):
`make wheel` copies the header beside this file; in the repository it is
../include/wellness.h."""
import re
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.bdist_wheel import bdist_wheel
from setuptools.dist import Distribution

CARRIES_LIBRARY = (Path(__file__).parent / "wellness" / "libwellness.so").exists()


def header_version() -> str:
    here = Path(__file__).resolve().parent
    for header in (here / "wellness.h", here.parent / "include" / "wellness.h"):
        if header.exists():
            found = re.search(r'^#define WELLNESS_VERSION "([0-9]+\.[0-9]+\.[0-9]+)"$', header.read_text(), re.M)
            if found:
                return found.group(1)
    raise SystemExit("wellness.h, whose WELLNESS_VERSION is the package's version, was not found")


CODEC = Extension("wellness._codec", ["wellness/_codec.c"], py_limited_api=True, optional=True,
                  extra_compile_args=["-O2", "-Wall", "-Wextra"])


class LibraryDistribution(Distribution):
    """Installs into platlib, as a package with native code must."""

    def has_ext_modules(self) -> bool:
        return True


class PlatformWheel(bdist_wheel):
    def get_tag(self) -> tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if CARRIES_LIBRARY else (python, abi, platform)


setup(version=header_version(), distclass=LibraryDistribution, cmdclass={"bdist_wheel": PlatformWheel},
      ext_modules=[CODEC])
