"""The wheel carries libwellness.so when `make wheel` puts it beside the
module; such a wheel is tagged for the platform (py3-none-linux_x86_64),
since ctypes needs no particular Python ABI but the library needs Linux
x86-64. Without the library the package stays pure Python.

The version is the library's, read from wellness.h (its one written place):
`make wheel` copies the header beside this file; in the repository it is
../include/wellness.h."""
import re
from pathlib import Path

from setuptools import setup
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


class LibraryDistribution(Distribution):
    """Installs into platlib, as a package with a native library must."""

    def has_ext_modules(self) -> bool:
        return CARRIES_LIBRARY


class PlatformWheel(bdist_wheel):
    def get_tag(self) -> tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if CARRIES_LIBRARY else (python, abi, platform)


setup(version=header_version(), distclass=LibraryDistribution, cmdclass={"bdist_wheel": PlatformWheel})
