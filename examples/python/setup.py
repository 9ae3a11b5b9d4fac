"""The wheel carries libwellness.so when `make wheel` puts it beside the
module; such a wheel is tagged for the platform (py3-none-linux_x86_64),
since ctypes needs no particular Python ABI but the library needs Linux
x86-64. Without the library the package stays pure Python."""
from pathlib import Path

from setuptools import setup
from setuptools.command.bdist_wheel import bdist_wheel

CARRIES_LIBRARY = (Path(__file__).parent / "wellness" / "libwellness.so").exists()


class PlatformWheel(bdist_wheel):
    def finalize_options(self) -> None:
        super().finalize_options()
        self.root_is_pure = not CARRIES_LIBRARY

    def get_tag(self) -> tuple[str, str, str]:
        python, abi, platform = super().get_tag()
        return ("py3", "none", platform) if CARRIES_LIBRARY else (python, abi, platform)


setup(cmdclass={"bdist_wheel": PlatformWheel})
