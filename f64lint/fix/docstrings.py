"""A `dtype` parameter a fix adds, documented where the function's docstring lists its
arguments, in the docstring's own style: Google (`Args:` then `name (type): text`), NumPy
(`Parameters` over dashes, then `name : type` and an indented text) or Sphinx
(`:param name: text`). One line (two for NumPy) after the last argument listed; nothing
for a docstring that lists no arguments."""

from __future__ import annotations

import re
from typing import List, Optional

from f64lint.cst import cst
from f64lint.diagnostic import Edit, Position
from f64lint.fix.edits import EditMaker

_GOOGLE = re.compile(r"^(\s*)(?:Args|Arguments|Parameters):\s*$")
_NUMPY = re.compile(r"^(\s*)Parameters\s*$")
_DASHES = re.compile(r"^\s*-{3,}\s*$")
_SPHINX = re.compile(r"^(\s*):param\b")
_TYPED = re.compile(r"^\s*\w+\s*\([^)]*\)\s*:")
_TEXT = "dtype of the tensors it makes"


def documented_dtype(maker: EditMaker, function: cst.FunctionDef, dtype_type: str, default: str) -> Optional[Edit]:
    """The edit that documents a new `dtype` parameter in `function`'s docstring, if the
    docstring lists the function's arguments."""
    docstring = _docstring(function)
    if docstring is None:
        return None
    first, last = maker.start(docstring).line, maker.end(docstring).line
    lines = maker.lines[first - 1 : last]
    for index, line in enumerate(lines):
        numpy = _NUMPY.match(line)
        if numpy and index + 1 < len(lines) and _DASHES.match(lines[index + 1]):
            end = _numpy_end(lines, index + 2, len(numpy.group(1)))
            indent = numpy.group(1)
            text = f"{indent}dtype : {dtype_type}, optional\n{indent}    {_TEXT.capitalize()} (default `{default}`).\n"
            return _insert_after(maker, first + end, text) if end > index + 1 else None
        google = _GOOGLE.match(line)
        if google:
            end = _google_end(lines, index + 1, len(google.group(1)))
            if end <= index:
                return None
            entry = lines[index + 1]
            indent = entry[: len(entry) - len(entry.lstrip())]
            typed = f" ({dtype_type})" if _TYPED.match(entry) else ""
            return _insert_after(
                maker, first + end, f"{indent}dtype{typed}: {_TEXT.capitalize()} (default `{default}`).\n"
            )
    sphinx = [index for index, line in enumerate(lines) if _SPHINX.match(line)]
    if sphinx:
        start = sphinx[-1]
        end = start
        match = _SPHINX.match(lines[start])
        indent = match.group(1) if match else ""
        while end + 1 < len(lines) and _continues(lines[end + 1], len(indent)):
            end += 1
        return _insert_after(maker, first + end, f"{indent}:param dtype: {_TEXT} (default `{default}`).\n")
    return None


def _docstring(function: cst.FunctionDef) -> Optional[cst.SimpleString]:
    body = function.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        return None
    line = body.body[0]
    if not (isinstance(line, cst.SimpleStatementLine) and isinstance(line.body[0], cst.Expr)):
        return None
    value = line.body[0].value
    return value if isinstance(value, cst.SimpleString) and value.value.endswith(('"""', "'''")) else None


def _google_end(lines: List[str], start: int, header_indent: int) -> int:
    """The index of the last line of a Google section's entries (deeper than its header)."""
    end = start - 1
    for index in range(start, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        if len(line) - len(line.lstrip()) <= header_indent or _closes(line):
            break
        end = index
    return end


def _numpy_end(lines: List[str], start: int, header_indent: int) -> int:
    """The index of the last line of a NumPy section's entries: `name : type` lines at the
    header's depth and their deeper text, up to the next section (a line over dashes)."""
    end = start - 1
    for index in range(start, len(lines)):
        line = lines[index]
        if not line.strip():
            continue
        depth = len(line) - len(line.lstrip())
        next_is_dashes = index + 1 < len(lines) and _DASHES.match(lines[index + 1]) is not None
        if _closes(line) or next_is_dashes or depth < header_indent:
            break
        end = index
    return end


def _continues(line: str, indent: int) -> bool:
    """A Sphinx field's next line: deeper than the field, or its `:type ...:` line."""
    stripped = line.strip()
    if not stripped or _closes(line):
        return False
    depth = len(line) - len(line.lstrip())
    return depth > indent or stripped.startswith(":type ")


def _closes(line: str) -> bool:
    """The docstring's closing quotes."""
    return line.strip().startswith(('"""', "'''"))


def _insert_after(maker: EditMaker, line: int, text: str) -> Edit:
    return maker.insert(Position(line + 1, 1), text)
