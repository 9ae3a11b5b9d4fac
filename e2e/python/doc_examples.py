"""Runs a Markdown document's ```python blocks as one session, doctest-style:
the blocks share their names in order, as a reader pastes them into one
interpreter, and every output a block promises is checked.

A promise is a comment that follows a statement:

- after an expression (`result["grounded"]   # True`, or comment lines right
  below it), the value's `repr`;
- after a `print(...)`, anywhere in the block (inside `try`, `with`, `for`),
  text the enclosing top-level statement printed.

`...` stands for any text, as in doctest (`# {'value': 4, 'query': {...}}`).
A comment after an assignment or any other statement is prose, not a promise.

    python doc_examples.py DOCUMENT.md

exits 0 when every block ran and kept its promises, 1 naming the first that
did not. The blocks run in the working directory, with `__name__` set to
"__main__"."""

from __future__ import annotations

import ast
import contextlib
import doctest
import io
import re
import sys
import tokenize
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional

BLOCK = re.compile(r"^```python\n(.*?)^```", re.M | re.S)
# A promise compares text as doctest does with these options.
CHECKER = doctest.OutputChecker()
OPTIONS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def blocks(document: Path) -> List[str]:
    """The document's ```python blocks, in order."""
    return BLOCK.findall(document.read_text())


@dataclass
class Promise:
    line: int       # the promising statement's last line, 1-based within its block
    text: str
    printed: bool   # a print(...)'s output, or else an expression's repr


def comments(source: str) -> Dict[int, str]:
    """Each line's comment, without its '#', by 1-based line number."""
    found: Dict[int, str] = {}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            found[token.start[0]] = token.string[1:].strip()
    return found


def comment_only_lines(source: str) -> set[int]:
    return {number for number, line in enumerate(source.splitlines(), 1) if line.strip().startswith("#")}


def promise_after(node: ast.stmt, found: Dict[int, str], alone: set[int]) -> Optional[str]:
    """The comment on the statement's last line and the comment-only lines right below it."""
    last = node.end_lineno or node.lineno
    if last in alone or last not in found:
        parts: List[str] = []
    else:
        parts = [found[last]]
    following = last + 1
    while following in alone:
        parts.append(found[following])
        following += 1
    return " ".join(parts) if parts else None


def is_print(node: ast.stmt) -> bool:
    return (isinstance(node, ast.Expr) and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Name) and node.value.func.id == "print")


def promises(source: str, statement: ast.stmt, top_level: bool) -> List[Promise]:
    """What one top-level statement promises: its value's repr, or what prints inside it print."""
    found, alone = comments(source), comment_only_lines(source)
    made: List[Promise] = []
    for node in ast.walk(statement):
        if not isinstance(node, ast.stmt):
            continue
        if is_print(node):
            text = promise_after(node, found, alone)
            if text is not None:
                made.append(Promise(node.end_lineno or node.lineno, text, printed=True))
        elif top_level and node is statement and isinstance(node, ast.Expr):
            text = promise_after(node, found, alone)
            if text is not None:
                made.append(Promise(node.end_lineno or node.lineno, text, printed=False))
    return made


def printed_contains(promised: str, output: str) -> bool:
    """Whether the output has the promised text somewhere, `...` matching anything."""
    pattern = r"\s+".join(".*?".join(re.escape(piece) for piece in word.split("..."))
                          for word in promised.split())
    return re.search(pattern, output, re.S) is not None


class BrokenPromise(AssertionError):
    pass


def run_block(source: str, name: str, namespace: Dict[str, object]) -> None:
    """Runs one block statement by statement in `namespace`, checking its promises."""
    tree = ast.parse(source, name)
    for statement in tree.body:
        made = promises(source, statement, top_level=True)
        output = io.StringIO()
        value: object = None
        with contextlib.redirect_stdout(output):
            if isinstance(statement, ast.Expr) and not is_print(statement):
                value = eval(compile(ast.Expression(statement.value), name, "eval"), namespace)
            else:
                exec(compile(ast.Module([statement], type_ignores=[]), name, "exec"), namespace)
        sys.stdout.write(output.getvalue())
        for promise in made:
            where = f"{name}:{promise.line}"
            if promise.printed:
                if not printed_contains(promise.text, output.getvalue()):
                    raise BrokenPromise(f"{where} promises it prints {promise.text!r}; "
                                        f"it printed {output.getvalue()!r}")
            elif not CHECKER.check_output(promise.text + "\n", repr(value) + "\n", OPTIONS):
                raise BrokenPromise(f"{where} promises {promise.text!r}; its value is {value!r}")


def run_document(document: Path) -> int:
    """Runs every block of the document in one namespace; the number of blocks run."""
    namespace: Dict[str, object] = {"__name__": "__main__"}
    found = blocks(document)
    for index, source in enumerate(found):
        run_block(source, f"{document.name}[python block {index + 1}]", namespace)
    return len(found)


def main(arguments: List[str]) -> int:
    if len(arguments) != 1:
        print("usage: doc_examples.py DOCUMENT.md", file=sys.stderr)
        return 2
    try:
        count = run_document(Path(arguments[0]))
    except BrokenPromise as error:
        print(f"doc_examples: {error}", file=sys.stderr)
        return 1
    print(f"doc_examples: {arguments[0]}: {count} blocks ran, every promise kept", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
