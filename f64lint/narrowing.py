"""Parse only what can matter: the top-level functions and classes a finding could come
from or flow through, with the rest of the module around them.

Most of a large file that passes the prefilter is code with nothing float64-like in it
(torch's `common_methods_invocations.py` is 1.4 MB). Every module-level statement that is
not a definition stays (imports, constants, device variables), though not every entry of
a literal (below). A top-level `def` or
`class` stays when its code has a float64-like spelling, a NumPy name, a move-then-cast,
or a name a module-level statement with one of those binds; then, until nothing changes,
those that name one that stays or are named by one, since values flow through return
values, safe helpers are read from their bodies and fixes pass a dtype on to callers;
then the functions those with a float64-like spelling call, and the functions those
call, since a value made there is followed into the functions it is passed to. (A value
a caller passes on to yet another function is not: there narrowing can keep a finding
that the whole module would clear, never the other way round.)

A module-level literal written an entry a line or more (torch's 566-entry `op_db`, a
generated table of 2,000 signatures) is narrowed the same way: an entry stays when it
has one of those spellings, names one of those names or calls a definition that stays.

What is left out becomes blank lines, so every line and column of what stays is where it
was: positions, fixes and suppressions need no mapping. The linter parses the whole source
when the narrowed one does not parse.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from f64lint.prefilter import AnyOf, masked, words
from f64lint.rules.tokens import CAST_AFTER_MOVE, WIDE_DTYPE

_SOURCE_LIKE = AnyOf(
    WIDE_DTYPE,
    CAST_AFTER_MOVE,
    words("DoubleTensor", "set_default_dtype", "set_default_tensor_type", "numpy"),
)
_DEFINED_NAME = re.compile(r"(?:async\s+)?(def|class)\s+(\w+)")
_NAME = re.compile(r"[A-Za-z_]\w*")
_CALLED = re.compile(r"(?<![.\w])([A-Za-z_]\w*)\s*\(")
_SELF_CALLED = re.compile(r"\b(?:self|cls)\.(\w+)\s*\(")
_NUMPY_IMPORT = re.compile(r"\b(?:import|from)\s+numpy\b[^\n;]*")
_TARGETS = re.compile(
    r"\s*(?:async\s+)?(?:def|class)\s+(\w+)"
    r"|\s*(?!(?:if|elif|while|for|with|return|assert|del|raise|yield|lambda)\b)"
    r"([\w\s,.\[\]()*]+?)\s*(?::[^=]*)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)"
)
_IMPORT_ALIAS = re.compile(r"\bas\s+(\w+)")
_WALRUS = re.compile(r"(\w+)\s*:=")
_SELF_ATTRIBUTE = re.compile(
    r"\bself\.(\w+)\s*(?::[^=\n]*)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)"
    r"|register_buffer\(\s*[\"'](\w+)|setattr\(\s*self\s*,\s*[\"'](\w+)"
)
# `name = [` or `name: Annotation = {`: one name bound to the whole literal (an unpacking
# target would be matched element by element, so its entries must all stay).
_LITERAL_START = re.compile(r"[A-Za-z_][\w.]*\s*(?::[^=]*)?=\s*[\[({]$")
# A literal opened last on a line inside an entry: a keyword argument's value (`skips=(`),
# a dict value, an element; not a call, a subscript or a comparison (`in (`).
_NESTED_LITERAL = re.compile(r"(?:^|\w=|[(\[{,:])\s*[\[({]$")
_OPENING = re.compile(r"[(\[{]")
_CLOSING = re.compile(r"[)\]}]")


def _opened(line: str) -> int:
    """Brackets a line (of code with its strings emptied) opens, less those it closes."""
    return len(_OPENING.findall(line)) - len(_CLOSING.findall(line))


@dataclass(eq=False)  # compared by identity
class _Statement:
    first: int  # line index
    last: int  # inclusive
    name: Optional[str]  # a definition's name; None for other statements
    is_class: bool = False
    text: str = ""  # its code (comments out, long strings emptied)
    bound: FrozenSet[str] = field(default_factory=frozenset)  # the names it may bind
    names: FrozenSet[str] = field(default_factory=frozenset)  # the names its code mentions
    calls: FrozenSet[str] = field(default_factory=frozenset)  # the plain names it calls


def _statements(lines: List[str]) -> List[_Statement]:
    """Top-level statements by line, from a source whose strings and comments are empty
    (so that brackets and line starts are the code's own)."""
    statements: List[_Statement] = []
    depth = 0
    continued = False
    decorated_from: Optional[int] = None
    for number, line in enumerate(lines):
        line = line.rstrip("\r")
        if depth == 0 and not continued and line[:1] not in ("", " ", "\t", "\f"):
            if statements and decorated_from is None:
                statements[-1].last = number - 1
            if line.startswith("@"):
                decorated_from = number if decorated_from is None else decorated_from
            else:
                defined = _DEFINED_NAME.match(line)
                first = number if decorated_from is None else decorated_from
                name = defined.group(2) if defined else None
                statements.append(_Statement(first, number, name, defined is not None and defined.group(1) == "class"))
                decorated_from = None
        depth = max(0, depth + _opened(line))
        continued = line.endswith("\\")
    if statements:
        statements[-1].last = len(lines) - 1
    return statements


def _bound(structure_lines: List[str]) -> FrozenSet[str]:
    """The names a module-level statement may bind to a value the analysis follows:
    assignment targets on lines outside brackets, walrus targets, import aliases (`from
    torch import float64 as f64`), nested definitions. More is harmless."""
    found: Set[str] = set()
    depth = 0
    for line in structure_lines:
        if depth == 0:
            target = _TARGETS.match(line)
            if target is not None:
                found.update(_NAME.findall(target.group(1) or target.group(2)))
        found.update(_WALRUS.findall(line))
        depth = max(0, depth + _opened(line))
    if structure_lines and structure_lines[0].startswith(("import", "from")):
        found.update(_IMPORT_ALIAS.findall("\n".join(structure_lines)))
    return frozenset(found)


def _numpy_names(statements: List[_Statement]) -> Set[str]:
    """`numpy`, `np`, and what is imported from NumPy or as it, anywhere in the module."""
    found = {"numpy", "np"}
    for statement in statements:
        for line in _NUMPY_IMPORT.findall(statement.text):
            found.update(_NAME.findall(line))
    return found - {"import", "from", "as"}


def _describe(statements: List[_Statement], code_lines: List[str], structure_lines: List[str]) -> None:
    for statement in statements:
        statement.text = "\n".join(code_lines[statement.first : statement.last + 1])
        statement.names = frozenset(_NAME.findall(statement.text))
        statement.calls = frozenset(_CALLED.findall(statement.text))
        if statement.name is None:
            statement.bound = _bound(structure_lines[statement.first : statement.last + 1])


def _members(owner: _Statement, structure_lines: List[str]) -> List[_Statement]:
    """The statements of a class's body, by line; none for a one-line class."""
    depth = 0
    continued = False
    for number in range(owner.first, owner.last + 1):
        line = structure_lines[number].rstrip("\r")
        if number > owner.first and depth == 0 and not continued and line[:1] in (" ", "\t") and line.strip():
            indent = line[: len(line) - len(line.lstrip())]
            body = [
                text[len(indent) :] if text.startswith(indent) else (" " + text if text.strip() else "")
                for text in structure_lines[number : owner.last + 1]
            ]
            members = _statements(body)
            for member in members:
                member.first += number
                member.last += number
            return members
        depth = max(0, depth + _opened(line))
        continued = line.endswith("\\")
    return []


def _logical_lines(structure_lines: List[str], first: int, last: int) -> List[Tuple[int, int]]:
    """(first, last) line of each logical line: brackets and backslashes join lines."""
    found: List[Tuple[int, int]] = []
    depth = 0
    start = first
    for number in range(first, last + 1):
        line = structure_lines[number].rstrip("\r")
        depth = max(0, depth + _opened(line))
        if depth == 0 and not line.endswith("\\"):
            found.append((start, number))
            start = number + 1
    if start <= last:
        found.append((start, last))
    return found


def _attributes_set_hot(
    method: _Statement, structure_lines: List[str], code_lines: List[str], hot: Set[str], functions: Set[str]
) -> Set[str]:
    """The attributes (`self.freqs = ...`, `register_buffer("freqs", ...)`) a method may set
    to a float64 value: set on a line with a float64-like spelling, a hot name, a call to
    a function that stays, or a local name set on such a line. Each logical line is read
    once; what it sets only once it is found to set something warm."""
    lines = []  # per logical line: its span, its text, the names it reads, whether a source
    for first, last in _logical_lines(structure_lines, method.first, method.last):
        text = "\n".join(code_lines[first : last + 1])
        source = bool(_SOURCE_LIKE.search(text)) or bool(set(_CALLED.findall(text)) & functions)
        lines.append((first, last, text, set(_NAME.findall(text)), source))
    warm: Set[str] = set(hot)
    assigned: Dict[int, Set[str]] = {}
    grown = True
    while grown:
        grown = False
        for index, (first, last, text, names, source) in enumerate(lines):
            if index in assigned or not (source or names & warm):
                continue
            assigned[index] = (_bound(structure_lines[first : last + 1]) | _attributes_set(text)) - {"self", "cls"}
            if not assigned[index] <= warm:
                warm |= assigned[index]
                grown = True
    return {name for _, _, text, _, _ in lines for name in _attributes_set(text) if name in warm}


def _attributes_set(text: str) -> Set[str]:
    return {name for match in _SELF_ATTRIBUTE.findall(text) for name in match if name}


def _callees(callers: List[_Statement], candidates: List[_Statement], call: "re.Pattern[str]") -> List[_Statement]:
    """The candidates the callers call (`helper(x)`, or `self.helper(x)` with `_SELF_CALLED`),
    and those they call in turn."""
    found: List[_Statement] = []
    rest = list(candidates)
    while rest:
        called = {name for caller in callers for name in call.findall(caller.text)}
        joined = [c for c in rest if c.name in called]
        if not joined:
            break
        found.extend(joined)
        callers = joined
        rest = [c for c in rest if c not in joined]
    return found


def _left_out_of_class(
    owner: _Statement, structure_lines: List[str], code_lines: List[str], hot: Set[str], functions: Set[str]
) -> List[_Statement]:
    """The methods (and nested classes) of a class that stays that nothing can come from:
    kept are those with a float64-like spelling, a hot name, a call to a function that
    stays, and then those reading an attribute (`self.freqs`) a kept one may set to
    float64 or naming a kept method, and those a method with a float64-like spelling calls
    (`self.helper(x)`). Every other statement of the body stays; a nested class that stays
    is narrowed the same way."""
    members = _members(owner, structure_lines)
    _describe(members, code_lines, structure_lines)
    methods = [m for m in members if m.name is not None]
    kept = [m for m in members if m not in methods]
    kept += [m for m in methods if _SOURCE_LIKE.search(m.text) or m.names & hot or m.calls & functions]
    rest = [m for m in methods if m not in kept]
    attributes: Set[str] = set()
    looked_at: Set[int] = set()
    while rest:
        for member in kept:
            if member.name is not None and id(member) not in looked_at:
                looked_at.add(id(member))
                attributes |= _attributes_set_hot(member, structure_lines, code_lines, hot, functions)
                attributes.add(member.name)
        joined = [m for m in rest if m.names & attributes]
        if not joined:
            break
        kept.extend(joined)
        rest = [m for m in rest if m not in joined]
    if not kept:
        return []
    kept.extend(_callees([m for m in kept if _SOURCE_LIKE.search(m.text)], rest, _SELF_CALLED))
    rest = [m for m in rest if m not in kept]
    for member in kept:
        if member.is_class:
            rest.extend(_left_out_of_class(member, structure_lines, code_lines, hot, functions))
    return rest


def _entries_left_out(
    statement: _Statement, structure_lines: List[str], code_lines: List[str], hot: Set[str], functions: Set[str]
) -> List[Tuple[int, int]]:
    """(first, last) line of the entries of a module-level literal (`op_db = [`, its opening
    bracket last on the first line, bound to one name) that nothing can come from."""
    opening = structure_lines[statement.first].rstrip()
    if not _LITERAL_START.fullmatch(opening) or _opened(opening) != 1:
        return []
    return _Entries(structure_lines, code_lines, hot, functions).left_out(statement.first)[0]


@dataclass
class _Entries:
    """The entries of literals, by line. An entry runs to a line that ends with a comma
    outside its own brackets, so a span holds whole entries (several on a line, or one over
    many); one that runs into the closing bracket stays. Inside an entry that stays, the
    literals opened last on a line (`skips=(`, `"key": [`) are narrowed the same way."""

    structure_lines: List[str]
    code_lines: List[str]
    hot: Set[str]
    functions: Set[str]

    def left_out(self, opening: int) -> Tuple[List[Tuple[int, int]], int]:
        """The entries left out of the literal whose bracket opens last on line `opening`,
        and the line it closes on."""
        left_out: List[Tuple[int, int]] = []
        start: Optional[int] = None
        depth = 1
        number = opening
        for number in range(opening + 1, len(self.structure_lines)):
            line = self.structure_lines[number].rstrip()
            if start is None:
                if not line:
                    continue
                if _CLOSING.match(line.lstrip()):
                    break
                start = number
            depth += _opened(line)
            if depth < 1:
                break
            if depth == 1 and line.endswith(","):
                text = "\n".join(self.code_lines[start : number + 1])
                if _SOURCE_LIKE.search(text) or set(_NAME.findall(text)) & self.hot or set(_CALLED.findall(text)) & self.functions:
                    left_out.extend(self._inside(start, number))
                else:
                    left_out.append((start, number))
                start = None
        return left_out, number

    def _inside(self, first: int, last: int) -> List[Tuple[int, int]]:
        found: List[Tuple[int, int]] = []
        number = first
        while number < last:
            if _NESTED_LITERAL.search(self.structure_lines[number].rstrip()):
                spans, number = self.left_out(number)
                found.extend(spans)
            number += 1
        return found


def narrowed(source: str) -> str:
    """The source with the definitions nothing can come from blanked out; the source
    itself when none can be left out or its text cannot be read this way."""
    if source.count("\r") != source.count("\r\n"):
        return source  # lone carriage returns end lines for Python, not for this
    texts = masked(source)
    if texts is None:
        return source
    lines = source.split("\n")
    code_lines = texts.code.split("\n")
    structure_lines = texts.structure.split("\n")
    if not len(lines) == len(code_lines) == len(structure_lines):
        return source
    statements = _statements(structure_lines)
    _describe(statements, code_lines, structure_lines)
    definitions = [s for s in statements if s.name is not None]
    module_level = [s for s in statements if s.name is None]

    # Names that may hold float64: NumPy's, and those bound by module-level statements
    # with a float64-like spelling (grown below with those naming a kept definition).
    hot = _numpy_names(statements)
    kept = [d for d in definitions if _SOURCE_LIKE.search(d.text) or d.names & hot]
    rest = [d for d in definitions if d not in kept]
    warm = [s for s in module_level if _SOURCE_LIKE.search(s.text)]
    while True:
        kept_names = {d.name for d in kept if d.name is not None}
        hot |= frozenset().union(*(s.bound for s in warm))
        warmed = [s for s in module_level if s not in warm and (s.calls & kept_names or s.names & hot)]
        joined = [d for d in rest if d.calls & kept_names or d.names & hot]
        if not warmed and not joined:
            break
        warm.extend(warmed)
        kept.extend(joined)
        rest = [d for d in rest if d not in joined]
    kept.extend(_callees([d for d in kept if _SOURCE_LIKE.search(d.text)], rest, _CALLED))
    rest = [d for d in rest if d not in kept]
    spans = [(s.first, s.last) for s in rest]
    for owner in kept:
        if owner.is_class:
            spans.extend((m.first, m.last) for m in _left_out_of_class(owner, structure_lines, code_lines, hot, kept_names))
    for statement in module_level:
        spans.extend(_entries_left_out(statement, structure_lines, code_lines, hot, kept_names))
    if not spans:
        return source
    for first, last in spans:
        for number in range(first, last + 1):
            lines[number] = "\r" if lines[number].endswith("\r") else ""
    return "\n".join(lines)
