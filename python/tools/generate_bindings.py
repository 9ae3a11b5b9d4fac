"""Writes the simple Python wrappers from the spec table.

Each call of python/wellness/_spec.py with a `wrapper` becomes a typed,
documented `def` in its module. The generator writes only the regions
between `# BEGIN GENERATED <part>` and `# END GENERATED <part>` lines:

- in each wrapper module: "wrappers" (the functions), "types" (the import of
  their TypedDicts) and "__all__" (their names, inside the module's list);
- in `wellness/__init__.py`: "imports" (every wrapper) and "__all__".

Everything else is written by hand (and checked by ruff, mypy and
e2e/python/test_spec.py).

    python python/tools/generate_bindings.py          # rewrite the regions
    python python/tools/generate_bindings.py --check  # exit 1 naming each file that differs

Runs without the library: the table is plain data.
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
import textwrap
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Sequence

PACKAGE = Path(__file__).resolve().parents[1] / "wellness"
#: A region: its BEGIN line (any indentation), what the generator wrote, its END line.
REGION = re.compile(r"^(?P<indent>[ \t]*)# BEGIN GENERATED (?P<part>\S+)(?P<note>[^\n]*)\n(?P<body>.*?)"
                    r"^[ \t]*# END GENERATED (?P=part)$", re.M | re.S)
#: The line length of ruff.toml.
WIDTH = 120
#: Docstrings wrap narrower, to read.
DOC_WIDTH = 100


def load_spec() -> ModuleType:
    """`wellness._spec`, loaded from its file so that the library is not opened."""
    found = importlib.util.spec_from_file_location("_wellness_spec", PACKAGE / "_spec.py")
    assert found is not None and found.loader is not None
    module = importlib.util.module_from_spec(found)
    sys.modules[found.name] = module  # NamedTuple's annotations resolve through sys.modules
    found.loader.exec_module(module)
    return module


def render(call: Any) -> str:
    """One wrapper's source."""
    wrapper = call.wrapper
    accepts = "JSONInput" if not wrapper.accepts else f"Union[{', '.join(wrapper.accepts)}, JSONInput]"
    parameter, argument = f"{wrapper.parameter}: {accepts}", wrapper.parameter
    if wrapper.optional:
        parameter = f"{wrapper.parameter}: Optional[{accepts}] = None"
        argument = f"{{}} if {wrapper.parameter} is None else {wrapper.parameter}"
    doc = textwrap.fill(wrapper.doc, width=DOC_WIDTH, initial_indent='    """', subsequent_indent="    ",
                        break_on_hyphens=False, break_long_words=False) + '"""'
    # A typed variable rather than cast(): the same for mypy, and no function call at run time (~50 ns of
    # a small call's ~1 us in Python).
    assign = f"    result: {wrapper.result} = _native.one_document("
    body = f'{assign}"{call.name}", {argument})'
    if len(body) > WIDTH:
        body = f'{assign}\n        "{call.name}", {argument})'
    body += "\n    return result"
    return f"def {call.name}({parameter}) -> {wrapper.result}:\n{doc}\n{body}\n"


def import_of(module: str, names: Sequence[str]) -> str:
    """`from <module> import (...)`, wrapped as the package writes it."""
    head = f"from {module} import ("
    return textwrap.fill(", ".join(sorted(set(names), key=str.lower)) + ")", width=WIDTH, initial_indent=head,
                         subsequent_indent=" " * len(head), break_on_hyphens=False)


def names_of(names: Sequence[str], indent: str) -> str:
    """Items of an `__all__` list."""
    return textwrap.fill(" ".join(f'"{name}",' for name in names), width=WIDTH, initial_indent=indent,
                         subsequent_indent=indent, break_on_hyphens=False)


def regions(calls: Sequence[Any]) -> Dict[str, Dict[str, Any]]:
    """Each file's regions, by file name and part: text, or a function of the region's indentation."""
    wrapped = [call for call in calls if call.wrapper is not None]
    files: Dict[str, Dict[str, Any]] = {}
    for module in dict.fromkeys(call.wrapper.module for call in wrapped):
        mine = [call for call in wrapped if call.wrapper.module == module]
        types = ["JSONInput"] + [name for call in mine for name in (call.wrapper.result, *call.wrapper.accepts)]
        names = [call.name for call in mine]
        files[f"{module}.py"] = {
            "types": import_of(".types", types),
            "__all__": lambda indent, names=names: names_of(names, indent),
            "wrappers": "\n" + "\n\n".join(render(call) for call in mine) + "\n",
        }
    modules = dict.fromkeys(call.wrapper.module for call in wrapped)
    files["__init__.py"] = {
        "imports": "\n".join(import_of(f".{module}", [call.name for call in wrapped if call.wrapper.module == module])
                             for module in sorted(modules)),
        "__all__": lambda indent: names_of([call.name for call in wrapped], indent),
    }
    return files


def rewritten(path: Path, parts: Dict[str, Any]) -> str:
    """The file's text with each of its regions written anew; every part must have its region."""
    text = path.read_text()
    found = {match.group("part") for match in REGION.finditer(text)}
    if found != set(parts):
        raise SystemExit(f"{path}: generated regions {sorted(found)}, expected {sorted(parts)}")

    def fill(match: "re.Match[str]") -> str:
        indent, part = match.group("indent"), match.group("part")
        body = parts[part](indent) if callable(parts[part]) else parts[part]
        return f"{indent}# BEGIN GENERATED {part}{match.group('note')}\n{body}\n{indent}# END GENERATED {part}"

    return REGION.sub(fill, text)


def main(arguments: List[str]) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file differs")
    options = parser.parse_args(arguments)
    stale = []
    for name, parts in regions(load_spec().CALLS).items():
        path = PACKAGE / name
        text = rewritten(path, parts)
        if text != path.read_text():
            stale.append(path)
            if not options.check:
                path.write_text(text)
    for path in stale:
        print(f"{path}: {'differs from' if options.check else 'rewritten from'} the spec table", file=sys.stderr)
    if options.check and stale:
        print("run: python python/tools/generate_bindings.py", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
