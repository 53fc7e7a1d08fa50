"""Jupyter notebooks as Python: the code cells, in order, as one module (a name bound in one
cell and used in a later one is followed), IPython syntax masked so that it neither breaks
parsing nor shifts positions; and a fixed module's cells written back into the notebook,
every other byte of the file as it was.

The module holds a marker comment line before each code cell, so that fixes which add
lines (an import, a wrapped signature) still split back into the right cells. Positions
in the module map to a cell and a line in it (`CellMap`), cells counted as Jupyter shows
them, markdown and raw cells included.
"""

from __future__ import annotations

import difflib
import json
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, Union

from f64lint.diagnostic import Diagnostic, Edit, Position
from f64lint.source import Unreadable

NOTEBOOK_SUFFIX = ".ipynb"
_MARK = "# f64lint: notebook cell {}"
_MARK_LINE = re.compile(r"^# f64lint: notebook cell (\d+)$", re.M)
_MASK = "__f64lint_ipython_{}__"
_MASKED_LINE = re.compile(r"^([ \t]*)__f64lint_ipython_(\d+)__[ \t]*$")
# A line IPython reads as a magic, a shell escape or a help request, not as Python:
# `%time f()`, `!pip install x`, `files = !ls`, `x = %env`, `?obj`, `obj?`, `obj??`.
_IPYTHON_LINE = re.compile(r"^\s*(?:[%!?]|[\w.,\s\[\]()*]+=\s*[%!])|^\s*[\w.\[\]()]+\?\??\s*$")
# Cell magics whose body is Python (`%%time`): only their first line is masked. Any other
# (`%%bash`, `%%writefile`, `%%html`) makes the cell something else than Python.
# How a message names a line of its own module (another file's is `path:line`).
_LINE_MENTION = re.compile(r"(at |\()line (\d+)\b")
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})


def is_notebook(path: object) -> bool:
    return str(path).endswith(NOTEBOOK_SUFFIX)


@dataclass(frozen=True)
class CellMap:
    """Where each code cell's lines start in the module the notebook makes."""

    numbers: Tuple[int, ...]  # the cell's number as Jupyter shows it (1-based, all cells)
    first_lines: Tuple[int, ...]  # the module's line that holds the cell's first line

    def locate(self, position: Position) -> Tuple[int, Position]:
        """The cell a module position is in, and the position within that cell."""
        index = 0
        for number, first in enumerate(self.first_lines):
            if first <= position.line:
                index = number
        if not self.numbers:
            return 0, position
        return self.numbers[index], Position(max(position.line - self.first_lines[index] + 1, 1), position.column)


@dataclass(frozen=True)
class _Cell:
    index: int  # in the notebook's `cells` list
    text: str  # the cell's source, as one string
    as_list: bool  # stored as a list of lines (nbformat's way) or as one string


@dataclass(frozen=True)
class Notebook:
    document: Dict[str, Any]
    cells: Tuple[_Cell, ...]  # the code cells that are Python
    text: str  # the module the code cells make
    masked: Tuple[str, ...]  # the IPython lines masked, by their mask number
    cell_map: CellMap
    raw: str  # the file's JSON text

    def with_text(self, fixed: str) -> Union[bytes, Unreadable]:
        """The notebook with the cells of the fixed module: only changed cells' sources
        change. Unreadable when the fixed module does not split back into the cells, or
        the file's JSON layout cannot be written again as it was."""
        texts = _cell_texts(fixed)
        if list(texts) != [cell.index for cell in self.cells]:
            return Unreadable("the fix does not split back into the notebook's cells")
        layout = _layout(self.raw, self.document)
        if layout is None:
            return Unreadable("its JSON is not laid out as Jupyter writes it, so it cannot be rewritten as it was")
        cells = list(self.document["cells"])
        changed = False
        for cell in self.cells:
            source = self.unmasked(texts[cell.index])
            if not cell.text.endswith("\n") and source.endswith("\n"):
                source = source[:-1]
            if source == cell.text:
                continue
            changed = True
            updated = dict(cells[cell.index])
            updated["source"] = source.splitlines(keepends=True) if cell.as_list else source
            cells[cell.index] = updated
        if not changed:
            return self.raw.encode("utf-8")
        document = dict(self.document)
        document["cells"] = cells
        return _dumped(document, layout).encode("utf-8")

    def module_lines(self, by_cell_line: Dict[Tuple[Optional[int], int], Set[str]]) -> Dict[int, Set[str]]:
        """What is keyed by (cell number, line in the cell), keyed by the module's line."""
        first = dict(zip(self.cell_map.numbers, self.cell_map.first_lines))
        return {
            first[cell] + line - 1: codes for (cell, line), codes in by_cell_line.items() if cell in first
        }

    def unmasked(self, text: str) -> str:
        """The module (or a part of it) with the IPython lines back in place."""
        lines = text.split("\n")
        for number, line in enumerate(lines):
            found = _MASKED_LINE.match(line)
            if found is not None:
                lines[number] = self.masked[int(found.group(2))]
        return "\n".join(lines)


def read_notebook(data: bytes) -> Union[Notebook, Unreadable]:
    """A notebook's code cells as one module; Unreadable when the file is not a notebook."""
    try:
        raw = data.decode("utf-8")
        document = json.loads(raw)
    except UnicodeDecodeError as error:
        return Unreadable(f"not a notebook: not valid UTF-8 (byte 0x{data[error.start]:02x} at offset {error.start})")
    except ValueError as error:
        return Unreadable(f"not a notebook: invalid JSON ({error})")
    problem = _not_a_notebook(document)
    if problem is not None:
        return Unreadable(f"not a notebook: {problem}")
    cells: List[_Cell] = []
    masked: List[str] = []
    lines: List[str] = []
    numbers: List[int] = []
    first_lines: List[int] = []
    for index, cell in enumerate(document["cells"]):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        as_list = isinstance(source, list)
        text = "".join(source) if as_list else source
        python = _masked(text, masked)
        if python is None:
            continue
        cells.append(_Cell(index, text, as_list))
        lines.append(_MARK.format(index))
        numbers.append(index + 1)
        first_lines.append(len(lines) + 1)
        lines.extend(python.split("\n"))
    module = "\n".join(lines) + "\n" if lines else ""
    return Notebook(document, tuple(cells), module, tuple(masked), CellMap(tuple(numbers), tuple(first_lines)), raw)


def _not_a_notebook(document: object) -> Optional[str]:
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        return "no list of `cells`"
    if not isinstance(document.get("nbformat"), int) or document["nbformat"] < 4:
        return "not nbformat 4 or later"
    for number, cell in enumerate(document["cells"], 1):
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            return f"cell {number} has no `cell_type`"
        source = cell.get("source", "")
        if not (isinstance(source, str) or isinstance(source, list) and all(isinstance(s, str) for s in source)):
            return f"cell {number}'s `source` is neither a string nor a list of strings"
    return None


def _masked(text: str, masked: List[str]) -> Optional[str]:
    """A cell's source with IPython lines masked (their originals appended to `masked`);
    None for a cell whose cell magic makes it something other than Python."""
    body = text[:-1] if text.endswith("\n") else text
    lines = body.split("\n")
    for number, line in enumerate(lines):
        stripped = line.lstrip()
        if number == 0 and stripped.startswith("%%"):
            name = stripped[2:].split(None, 1)[0] if stripped[2:].strip() else ""
            if name not in _PYTHON_CELL_MAGICS:
                return None
        elif not _IPYTHON_LINE.match(line.rstrip("\r")):
            continue
        indent = line[: len(line) - len(stripped)]
        lines[number] = indent + _MASK.format(len(masked))
        masked.append(line)
    return "\n".join(lines)


def _dumped(document: Dict[str, Any], layout: Tuple[Optional[Union[int, str]], bool, bool]) -> str:
    indent, ensure_ascii, newline = layout
    separators = (",", ":") if indent is None else None
    text = json.dumps(document, indent=indent, ensure_ascii=ensure_ascii, separators=separators)
    return text + "\n" if newline else text


def _layout(raw: str, document: Dict[str, Any]) -> Optional[Tuple[Optional[Union[int, str]], bool, bool]]:
    """How the file's JSON is laid out (its indent, whether non-ASCII text is escaped, a
    final newline), when writing the document back that way gives the same text, as it
    does for what Jupyter, nbformat and editors write; None otherwise."""
    lines = raw.split("\n", 2)
    second = lines[1] if len(lines) > 1 else ""
    indent: Optional[Union[int, str]] = None
    if second[:1] == "\t":
        indent = "\t"
    elif second[:1] == " ":
        indent = len(second) - len(second.lstrip(" "))
    layout = (indent, raw.isascii(), raw.endswith("\n"))
    return layout if _dumped(document, layout) == raw else None


def in_cells(diagnostics: Sequence[Diagnostic], data_of: Callable[[str], Union[bytes, Unreadable]]) -> List[Diagnostic]:
    """The findings of notebooks placed in their cells (`data_of(path)`: the notebook's
    bytes as linted); those of other files as they are."""
    maps: Dict[str, Optional[CellMap]] = {}
    placed: List[Diagnostic] = []
    for diagnostic in diagnostics:
        path = diagnostic.path
        if not is_notebook(path) or diagnostic.cell is not None:
            placed.append(diagnostic)
            continue
        if path not in maps:
            data = data_of(path)
            notebook = read_notebook(data) if isinstance(data, bytes) else data
            maps[path] = notebook.cell_map if isinstance(notebook, Notebook) else None
        cells = maps[path]
        placed.append(diagnostic if cells is None or not cells.numbers else _in_cell(diagnostic, cells))
    return placed


def _in_cell(diagnostic: Diagnostic, cells: CellMap) -> Diagnostic:
    cell, start = cells.locate(diagnostic.start)
    end = cells.locate(diagnostic.end)[1]
    noqa = cells.locate(Position(diagnostic.noqa_line, 1))[1].line if diagnostic.noqa_line else 0
    fix = diagnostic.fix
    if fix is not None:
        fix = replace(fix, edits=tuple(_edit_in_cell(edit, cells) for edit in fix.edits))
    message = _LINE_MENTION.sub(lambda found: _cell_mention(found, cells), diagnostic.message)
    return replace(diagnostic, cell=cell, start=start, end=end, noqa_line=noqa, fix=fix, message=message)


def _cell_mention(found: "re.Match[str]", cells: CellMap) -> str:
    """`at line 8` -> `at cell 2, line 1`; `(line 8)` -> `(cell 2, line 1)`."""
    cell, position = cells.locate(Position(int(found.group(2)), 1))
    return f"{'at ' if found.group(1) == 'at ' else '('}cell {cell}, line {position.line}"


def _edit_in_cell(edit: Edit, cells: CellMap) -> Edit:
    cell, start = cells.locate(edit.start)
    return replace(edit, cell=cell, start=start, end=cells.locate(edit.end)[1])


def cell_diffs(path: str, before: str, after: str) -> str:
    """The unified diff of each cell a fix changes, headed `path:cell N`."""
    old, new = _cell_texts(before), _cell_texts(after)
    shown = []
    for index, text in new.items():
        diff = difflib.unified_diff(
            old.get(index, "").splitlines(keepends=True), text.splitlines(keepends=True),
            f"{path}:cell {index + 1}", f"{path}:cell {index + 1}",
        )
        shown.append("".join(line if line.endswith("\n") else line + "\n" for line in diff))
    return "".join(shown)


def _cell_texts(module: str) -> Dict[int, str]:
    """Each code cell's text in a module a notebook makes, by the cell's index; what a fix
    put above the first cell belongs to it."""
    parts = _MARK_LINE.split(module)
    texts: Dict[int, str] = {}
    for position, (number, body) in enumerate(zip(parts[1::2], parts[2::2])):
        body = body[1:] if body.startswith("\n") else body
        texts[int(number)] = parts[0] + body if position == 0 else body
    return texts
