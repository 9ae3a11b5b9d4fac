#!/usr/bin/env python3
"""Writes a C file that defines every function wellness.h declares, with the
declared types and empty bodies.

libwellness.so is Swift, whose debug info libabigail cannot read, so abidw
sees only its symbol names. Compiled with -g into a library with the same
soname, this probe carries the header's C types (wellness_buf's layout,
wellness_status's values, the callbacks' signatures, each function's
parameters) for abidw and abidiff. That the real library exports exactly
these functions is e2e/c/check_symbols.sh's check.

    abi/abi_probe.py include/wellness.h > probe.c
"""

from __future__ import annotations

import os
import re
import sys


def definitions(header: str) -> list[str]:
    text = re.sub(r"/\*.*?\*/", "", header, flags=re.S)
    found = []
    for result, name, params in re.findall(r"^WELLNESS_API\s+([\w\s\*]+?)\s*\b(wellness_\w+)\s*\(([^;]*?)\)\s*;",
                                           text, flags=re.M):
        result = " ".join(result.split())
        types = [] if params.strip() == "void" else [re.sub(r"\w+$", "", " ".join(p.split())).strip()
                                                     for p in params.split(",")]
        arguments = ", ".join(f"{t} p{i}" for i, t in enumerate(types)) or "void"
        uses = "".join(f" (void)p{i};" for i in range(len(types)))
        returned = {"void": "", "const char *": ' return "";'}.get(result, " return 0;")
        found.append(f"{result} {name}({arguments}) {{{uses}{returned} }}")
    return found


def main() -> None:
    header = sys.argv[1]
    with open(header, encoding="utf-8") as file:
        functions = definitions(file.read())
    if not functions:
        sys.exit(f"no WELLNESS_API declarations in {header}")
    print(f'#include "{os.path.basename(header)}"\n')
    print("\n".join(functions))


if __name__ == "__main__":
    main()
