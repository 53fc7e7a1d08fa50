"""A notebook's code cells are linted together, in order, as one module: a name bound in one
cell and moved to the device in another is followed. IPython lines that start a statement
(`%time`, `!pip`, `x = !ls`, `obj?`) are masked; a cell under a cell magic other than
`%%time`, `%%timeit`, `%%capture`, `%%prun` or `%%debug` is not Python and is skipped, as
are markdown and raw cells and the notebooks of other kernels' languages. Findings say
where they are as Jupyter shows it: `nb.ipynb:cell 3:2:17: F64001 ...`, cells counted with
markdown cells included, line and column within the cell. JSON gives a `cell` field;
formats without one (GitHub, GitLab, JUnit, SARIF, rdjson, review) give the position
within the cell and begin the message with `cell N: `, and offer no suggestion for a
notebook, whose lines in a pull request are its JSON's. `--fix`, `--diff` (one diff per
changed cell), `--add-noqa` and `--fix -` change only the source of the cells they fix,
written where it was and as it was (a list of lines or a string, the cell's line
endings); every other byte stays, whatever wrote the file (indentation, separators, key
order, numbers, a BOM). An import a fix adds goes after the notebook's opening imports,
before any code. A file that is not a notebook is one F64902 finding; a notebook may be
100 MiB (outputs are most of it), a `.py` file 10 MiB. With `--diff-base`/`--diff-file`,
every finding of a changed notebook counts.

How it works: jupyter notebooks as Python: the code cells, in order, as one module (a name bound in one
cell and used in a later one is followed), IPython syntax masked so that it neither breaks
parsing nor shifts positions; and a fixed module's cells written back into the notebook,
every other byte of the file as it was (notebook_json.py).

Before each code cell the module holds a marker statement, a name no code can hold
(`_f64lint_cell_3_<token>`, the token absent from the notebook), so that fixes which add
or remove lines (an import, a wrapped signature) still split back into the right cells.
Positions in the module map to a cell and a line in it (`CellMap`), cells counted as
Jupyter shows them, markdown and raw cells included. A notebook of another language's
kernel (Julia, R) has no Python cells.
"""

from __future__ import annotations

import difflib
import hashlib
import json
import re
from dataclasses import dataclass, replace
from typing import Any, Callable, Dict, List, Optional, Sequence, Set, Tuple, Union

from f64lint.diagnostic import Diagnostic, Edit, Position
from f64lint.source.decoding import Unreadable
from f64lint.source.notebook_json import source_spans, with_sources

NOTEBOOK_SUFFIX = ".ipynb"
CELL_MARK_PREFIX = "_f64lint_cell_"  # the marker statements' names start so (fix/imports.py)
_MARK = CELL_MARK_PREFIX + "{}_{}"
_MASK = "_f64lint_ipython_{}_{}"
# Cell magics whose body is Python (`%%time`): only their first line is masked. Any other
# (`%%bash`, `%%writefile`, `%%html`) makes the cell something else than Python.
_PYTHON_CELL_MAGICS = frozenset({"time", "timeit", "capture", "prun", "debug"})
# The targets of `files = !ls` or `x = %env`, and a help request's subject (`obj.attr??`).
_TARGETS = re.compile(r"[\w.,\[\]()* ]+")
_HELP_SUBJECT = re.compile(r"[\w.\[\]()]+")
# How a message names a line of its own module (another file's is `path:line`).
_LINE_MENTION = re.compile(r"(at |\()line (\d+)\b")
# A place in a notebook another file's finding names: `explore.ipynb:8`.
_NOTEBOOK_MENTION = re.compile(r"(\S+\.ipynb):(\d+)\b")


def is_notebook(path: object) -> bool:
    return str(path).endswith(NOTEBOOK_SUFFIX)


@dataclass(frozen=True)
class CellMap:
    """Where each code cell's lines start in the module the notebook makes."""

    numbers: Tuple[int, ...]  # the cell's number as Jupyter shows it (1-based, all cells)
    first_lines: Tuple[int, ...]  # the module's line that holds the cell's first line
    ends: Tuple[Position, ...] = ()  # just past each cell's text, in the cell

    def end_before(self, position: Position) -> Optional[Tuple[int, Position]]:
        """For the start of a line that is no cell's (the marker before a cell, or past the
        last one): the end of the cell before it, where an insertion there belongs."""
        if position.column != 1 or not self.ends:
            return None
        for index, first in enumerate(self.first_lines):
            if position.line == first - 1 and index > 0:
                return self.numbers[index - 1], self.ends[index - 1]
        last = self.first_lines[-1] + self.ends[-1].line
        return (self.numbers[-1], self.ends[-1]) if position.line == last else None

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
    cells: Tuple[_Cell, ...]  # the code cells that are Python
    text: str  # the module the code cells make
    masked: Tuple[str, ...]  # the IPython lines masked, by their mask number
    cell_map: CellMap
    raw: str  # the file's JSON text
    token: str  # in the markers' and masks' names: a text the notebook does not hold

    def with_text(self, fixed: str) -> Union[bytes, Unreadable]:
        """The notebook with the cells of the fixed module: only changed cells' sources
        change, written where they were and as they were (list or string, line endings).
        Unreadable when the fixed module does not split back into the cells."""
        texts = _cell_texts(fixed, self.token)
        if list(texts) != [cell.index for cell in self.cells]:
            return Unreadable("the fix does not split back into the notebook's cells")
        changed: Dict[int, Tuple[str, bool]] = {}
        for cell in self.cells:
            source = self.unmasked(texts[cell.index])
            if not cell.text.endswith("\n") and source.endswith("\n"):
                source = source[:-1]
            if "\r\n" in cell.text and "\n" not in cell.text.replace("\r\n", ""):
                source = source.replace("\r\n", "\n").replace("\n", "\r\n")  # the cell's own line endings
            if source != cell.text:
                changed[cell.index] = (source, cell.as_list)
        if not changed:
            return self.raw.encode("utf-8")
        spans = source_spans(self.raw)
        if spans is None or not set(changed) <= set(spans):
            return Unreadable("its JSON could not be followed to the cells' sources")
        return with_sources(self.raw, spans, changed).encode("utf-8")

    def module_lines(self, by_cell_line: Dict[Tuple[Optional[int], int], Set[str]]) -> Dict[int, Set[str]]:
        """What is keyed by (cell number, line in the cell), keyed by the module's line."""
        first = dict(zip(self.cell_map.numbers, self.cell_map.first_lines))
        return {
            first[cell] + line - 1: codes for (cell, line), codes in by_cell_line.items() if cell in first
        }

    def shown(self, module: str) -> str:
        """For --diff: the code cells of a module (this notebook's, fixed or not), with
        their IPython lines, as JSON by cell index (`cell_diffs` reads two of them)."""
        return json.dumps({index: self.unmasked(text) for index, text in _cell_texts(module, self.token).items()})

    def unmasked(self, text: str) -> str:
        """The module (or a part of it) with the IPython lines back in place."""
        mask = re.compile(r"^[ \t]*_f64lint_ipython_(\d+)_" + self.token + r"[ \t]*$", re.M)
        return mask.sub(lambda found: self.masked[int(found.group(1))], text)


def read_notebook(data: bytes) -> Union[Notebook, Unreadable]:
    """A notebook's code cells as one module; Unreadable when the file is not a notebook."""
    try:
        raw = data.decode("utf-8")
        document = json.loads(raw[1:] if raw.startswith("\ufeff") else raw)
    except UnicodeDecodeError as error:
        return Unreadable(f"not a notebook: not valid UTF-8 (byte 0x{data[error.start]:02x} at offset {error.start})")
    except ValueError as error:
        return Unreadable(f"not a notebook: invalid JSON ({error})")
    problem = _not_a_notebook(document)
    if problem is not None:
        return Unreadable(f"not a notebook: {problem}")
    token = _token(raw)
    cells: List[_Cell] = []
    masked: List[str] = []
    lines: List[str] = []
    numbers: List[int] = []
    first_lines: List[int] = []
    ends: List[Position] = []
    for index, cell in enumerate(document["cells"] if _runs_python(document) else ()):
        if cell.get("cell_type") != "code":
            continue
        source = cell.get("source", "")
        as_list = isinstance(source, list)
        text = "".join(source) if as_list else source
        python = _masked(text, masked, token)
        if python is None:
            continue
        cells.append(_Cell(index, text, as_list))
        lines.append(_MARK.format(index, token))
        numbers.append(index + 1)
        first_lines.append(len(lines) + 1)
        cell_lines = python.split("\n")
        lines.extend(cell_lines)
        ends.append(Position(len(cell_lines), len(cell_lines[-1]) + 1))
    module = "\n".join(lines) + "\n" if lines else ""
    cell_map = CellMap(tuple(numbers), tuple(first_lines), tuple(ends))
    return Notebook(tuple(cells), module, tuple(masked), cell_map, raw, token)


def _token(raw: str) -> str:
    """A short name part the notebook's text does not hold."""
    seed = hashlib.sha1(raw.encode("utf-8", "surrogatepass")).hexdigest()
    for start in range(len(seed) - 8):
        token = seed[start : start + 8]
        if token not in raw:
            return token
    return seed


def _runs_python(document: Dict[str, Any]) -> bool:
    """Is the notebook's kernel Python's (or unsaid)?"""
    metadata = document.get("metadata")
    if not isinstance(metadata, dict):
        return True
    for table, key in (("kernelspec", "language"), ("language_info", "name")):
        said = metadata.get(table)
        said = said.get(key) if isinstance(said, dict) else None
        if isinstance(said, str) and said.lower() not in ("python", "python3", "ipython"):
            return False
    return True


def _not_a_notebook(document: object) -> Optional[str]:
    if isinstance(document, dict) and "worksheets" in document:
        return "nbformat 3, which f64lint does not read (`jupyter nbconvert --to notebook` writes nbformat 4)"
    if not isinstance(document, dict) or not isinstance(document.get("cells"), list):
        return "no list of `cells`"
    if not isinstance(document.get("nbformat"), int) or document["nbformat"] < 4:
        return "not nbformat 4 or later"
    for number, cell in enumerate(document["cells"], 1):
        if not isinstance(cell, dict) or not isinstance(cell.get("cell_type"), str):
            return f"cell {number} has no `cell_type`"
        source = cell.get("source", "")
        if not (isinstance(source, str) or (isinstance(source, list) and all(isinstance(s, str) for s in source))):
            return f"cell {number}'s `source` is neither a string nor a list of strings"
    return None


def _masked(text: str, masked: List[str], token: str) -> Optional[str]:
    """A cell's source with IPython lines masked (their originals appended to `masked`);
    None for a cell whose cell magic makes it something other than Python. Only a line
    that starts a statement can be IPython's: not one inside brackets, a string or after
    a backslash (`!= 3` continuing a condition)."""
    body = text[:-1] if text.endswith("\n") else text
    lines = body.split("\n")
    first = next((number for number, line in enumerate(lines) if line.strip()), None)
    starts = _statement_starts(lines)
    for number, line in enumerate(lines):
        stripped = line.strip()
        if number == first and stripped.startswith("%%"):
            name = stripped[2:].split(None, 1)[0] if stripped[2:].strip() else ""
            if name not in _PYTHON_CELL_MAGICS:
                return None
        elif number not in starts or not _is_ipython(stripped):
            continue
        indent = line[: len(line) - len(line.lstrip())]
        lines[number] = indent + _MASK.format(len(masked), token)
        masked.append(line)
    return "\n".join(lines)


def _is_ipython(stripped: str) -> bool:
    """A line IPython reads as a magic, a shell escape or a help request, not as Python:
    `%time f()`, `!pip install x`, `files = !ls`, `x = %env`, `?obj`, `obj?`, `obj??`.
    (Read without patterns that could backtrack over long lines.)"""
    if stripped[:1] in ("%", "!", "?"):
        return True
    if stripped.endswith("?"):
        return bool(_HELP_SUBJECT.fullmatch(stripped.rstrip("?"))) and len(stripped) - len(stripped.rstrip("?")) <= 2
    head, equals, tail = stripped.partition("=")
    return (
        bool(equals)
        and tail.lstrip()[:1] in ("%", "!")
        and not tail.startswith("=")
        and head[-1:] not in ("!", "<", ">", "=", "+", "-", "*", "/", "%", "&", "|", "^", ":")
        and bool(_TARGETS.fullmatch(head))
    )


def _statement_starts(lines: List[str]) -> Set[int]:
    """The lines that start a statement: outside brackets, strings and continuations."""
    starts: Set[int] = set()
    depth = 0
    quote: Optional[str] = None  # the open string's delimiter: ', ", \'\'\' or \"\"\"
    continued = False
    for number, line in enumerate(lines):
        if depth == 0 and quote is None and not continued:
            starts.add(number)
        continued = False
        at = 0
        while at < len(line):
            char = line[at]
            if quote is not None:
                if char == "\\":
                    at += 2
                    continue
                if line.startswith(quote, at):
                    at += len(quote)
                    quote = None
                    continue
                at += 1
                continue
            if char == "#":
                break
            if char in "\"'":
                triple = line[at : at + 3]
                quote = triple if triple in ('"""', "\'\'\'") else char
                at += len(quote)
                continue
            if char in "([{":
                depth += 1
            elif char in ")]}":
                depth = max(depth - 1, 0)
            elif char == "\\" and at == len(line.rstrip("\r")) - 1:
                continued = True
            at += 1
        if quote in ("'", '"'):
            quote = None  # a one-line string does not span lines
    return starts


def in_cells(diagnostics: Sequence[Diagnostic], data_of: Callable[[str], Union[bytes, Unreadable]]) -> List[Diagnostic]:
    """The findings of notebooks placed in their cells (`data_of(path)`: the notebook's
    bytes as linted); those of other files as they are, but a place in a notebook their
    message names (`explore.ipynb:8`: a call that passes a function float64) in its cell."""
    maps: Dict[str, Optional[CellMap]] = {}

    def cells_of(path: str) -> Optional[CellMap]:
        if path not in maps:
            data = data_of(path)
            notebook = read_notebook(data) if isinstance(data, bytes) else data
            maps[path] = notebook.cell_map if isinstance(notebook, Notebook) and notebook.cell_map.numbers else None
        return maps[path]

    def mention_in_cell(found: "re.Match[str]") -> str:
        cells = cells_of(found.group(1))
        if cells is None:
            return found.group(0)
        cell, position = cells.locate(Position(int(found.group(2)), 1))
        return f"{found.group(1)}:cell {cell}:{position.line}"

    placed: List[Diagnostic] = []
    for diagnostic in diagnostics:
        mentioned = _NOTEBOOK_MENTION.sub(mention_in_cell, diagnostic.message)
        if mentioned != diagnostic.message:
            diagnostic = replace(diagnostic, message=mentioned)
        if not is_notebook(diagnostic.path) or diagnostic.cell is not None:
            placed.append(diagnostic)
            continue
        cells = cells_of(diagnostic.path)
        placed.append(diagnostic if cells is None else _in_cell(diagnostic, cells))
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
    """An edit in the module, in its cell. An insertion of whole lines between cells (an
    added import after a cell of imports) goes at the end of the cell before, as lines."""
    before = cells.end_before(edit.start) if edit.start == edit.end and edit.content.endswith("\n") else None
    if before is not None:
        cell, end = before
        return replace(edit, cell=cell, start=end, end=end, content="\n" + edit.content[:-1])
    cell, start = cells.locate(edit.start)
    return replace(edit, cell=cell, start=start, end=cells.locate(edit.end)[1])


def cell_diffs(path: str, before: str, after: str) -> str:
    """The unified diff of each cell a fix changes, headed `path:cell N`. `before` and
    `after` are `Notebook.shown` texts."""
    old, new = json.loads(before), json.loads(after)
    shown = []
    for index, text in new.items():
        diff = difflib.unified_diff(
            old.get(index, "").splitlines(keepends=True), text.splitlines(keepends=True),
            f"{path}:cell {int(index) + 1}", f"{path}:cell {int(index) + 1}",
        )
        shown.append("".join(line if line.endswith("\n") else line + "\n" for line in diff))
    return "".join(shown)


def _cell_texts(module: str, token: str) -> Dict[int, str]:
    """Each code cell's text in a module a notebook makes, by the cell's index; what a fix
    put above the first cell belongs to it."""
    parts = re.split(r"^" + re.escape(CELL_MARK_PREFIX) + r"(\d+)_" + token + r"[ \t]*\r?$", module, flags=re.M)
    texts: Dict[int, str] = {}
    for position, (number, body) in enumerate(zip(parts[1::2], parts[2::2])):
        body = body[1:] if body.startswith("\n") else body
        texts[int(number)] = parts[0] + body if position == 0 else body
    return texts
