"""Reading a source by lines: its top-level statements, the logical lines of a
definition, the names a statement binds. The text is code with comments removed and
strings emptied (`prefilter.masked`), so brackets and line starts are the code's own."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import AbstractSet, FrozenSet, List, Optional, Set, Tuple

from f64lint.analysis.syntax.calls import GROWING_METHODS

_DEFINED_NAME = re.compile(r"(?:async\s+)?(def|class)\s+(\w+)")
NAME = re.compile(r"[A-Za-z_]\w*")
CALLED = re.compile(r"(?<![.\w])([A-Za-z_]\w*)\s*\(")
_TARGETS = re.compile(
    r"\s*(?:async\s+)?(?:def|class)\s+(\w+)"
    r"|\s*(?!(?:if|elif|while|for|with|return|assert|del|raise|yield|lambda)\b)"
    # The targets start with a character that is not a space: on a line of blanks the
    # pattern fails at once instead of trying every way to split them (quadratic or worse).
    r"([\w,.\[\]()*][\w\s,.\[\]()*]*?)\s*(?::[^=]*)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)"
)
_CHAINED_TARGET = re.compile(r"\s*([\w,.][\w\s,.]*?)\s*=(?!=)")  # `b =` after `a =`
AS_NAME = re.compile(r"\bas\s+(\w+)")  # `import numpy as np`, `with open(p) as f`
_WALRUS = re.compile(r"\b(\w+)\s*:=")  # from a word's start only: linear in a long word
_FOR_TARGETS = re.compile(r"for\s+([\w\s,()\[\]]+?)\s+in\b")  # a loop's or a comprehension's


def loop_targets(text: str) -> FrozenSet[str]:
    """The names the loops and comprehensions of a line bind (`for i, x in ...`)."""
    return frozenset(name for targets in _FOR_TARGETS.findall(text) for name in NAME.findall(targets))
_FLUSH_LINE = re.compile(r"^[^ \t\f\r\n]", re.MULTILINE)  # a line that starts at column 0
CLOSING = re.compile(r"[)\]}]")


def opened(text: str, start: int = 0, end: Optional[int] = None) -> int:
    """Brackets a line of code with its strings emptied, or `text[start:end]`, opens, less
    those it closes (counted in place)."""
    end = len(text) if end is None else end
    return (
        text.count("(", start, end) + text.count("[", start, end) + text.count("{", start, end)
        - text.count(")", start, end) - text.count("]", start, end) - text.count("}", start, end)
    )


@dataclass(eq=False)  # compared by identity
class Statement:
    first: int  # line index
    last: int  # inclusive
    name: Optional[str]  # a definition's name; None for other statements
    is_class: bool = False
    text: str = ""  # its code (comments out, long strings emptied)
    bound: FrozenSet[str] = field(default_factory=frozenset)  # the names it may bind
    names: FrozenSet[str] = field(default_factory=frozenset)  # the names its code mentions
    called: Optional[FrozenSet[str]] = None  # the plain names it calls, once asked
    is_source: Optional[bool] = None  # for a definition, once `Reading.is_source` knows
    members: Optional[List["Statement"]] = None  # for a class, once `described_members` read them

    def calls(self, names: AbstractSet[str]) -> bool:
        """Does it call one of these plain names? (The calls are read only for a statement
        that mentions one: reading them is the slow part.)"""
        if self.names.isdisjoint(names):
            return False
        if self.called is None:
            self.called = frozenset(CALLED.findall(self.text))
        return not self.called.isdisjoint(names)


def split_statements(lines: List[str]) -> List[Statement]:
    """Top-level statements by line, from a source whose strings and comments are empty
    (so that brackets and line starts are the code's own). Only the lines that start at
    column 0 are looked at one by one; the brackets between them are counted in the
    text, and a line inside brackets or after a backslash starts no statement."""
    text = "\n".join(lines)
    statements: List[Statement] = []
    depth = 0
    number = 0
    counted = 0  # where the text is counted to: the start of line `number`
    decorated_from: Optional[int] = None
    for start in _FLUSH_LINE.finditer(text):
        offset = start.start()
        number += text.count("\n", counted, offset)
        depth = max(0, depth + opened(text, counted, offset))
        counted = offset
        if depth or (number and lines[number - 1].rstrip("\r").endswith("\\")):
            continue
        line = lines[number]
        if statements and decorated_from is None:
            statements[-1].last = number - 1
        if line.startswith("@"):
            decorated_from = number if decorated_from is None else decorated_from
        else:
            defined = _DEFINED_NAME.match(line)
            first = number if decorated_from is None else decorated_from
            name = defined.group(2) if defined else None
            statements.append(Statement(first, number, name, defined is not None and defined.group(1) == "class"))
            decorated_from = None
    if statements:
        statements[-1].last = len(lines) - 1
    return statements


def describe(statements: List[Statement], code_lines: List[str], structure_lines: List[str]) -> None:
    for statement in statements:
        statement.text = "\n".join(code_lines[statement.first : statement.last + 1])
        statement.names = frozenset(NAME.findall(statement.text))
        if statement.name is None:
            statement.bound = bound_names(structure_lines[statement.first : statement.last + 1])


def described_members(owner: Statement, code_lines: List[str], structure_lines: List[str]) -> List[Statement]:
    """The statements of a class's body, described; read once per class."""
    if owner.members is None:
        owner.members = class_members(owner, structure_lines)
        describe(owner.members, code_lines, structure_lines)
    return owner.members


def class_members(owner: Statement, structure_lines: List[str]) -> List[Statement]:
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
            members = split_statements(body)
            for member in members:
                member.first += number
                member.last += number
            return members
        depth = max(0, depth + opened(line))
        continued = line.endswith("\\")
    return []


def logical_lines(structure_lines: List[str], first: int, last: int) -> List[Tuple[int, int]]:
    """(first, last) line of each logical line: brackets and backslashes join lines."""
    found: List[Tuple[int, int]] = []
    depth = 0
    start = first
    for number in range(first, last + 1):
        line = structure_lines[number].rstrip("\r")
        depth = max(0, depth + opened(line))
        if depth == 0 and not line.endswith("\\"):
            found.append((start, number))
            start = number + 1
    if start <= last:
        found.append((start, last))
    return found


def bound_names(structure_lines: List[str]) -> FrozenSet[str]:
    """The names a statement may bind to a value the analysis follows: assignment targets
    on lines outside brackets (each of `a = b = ...`; not a call's keyword, `f(x=y)`),
    walrus targets, import aliases (`from torch import float64 as f64`), nested
    definitions. More is harmless."""
    found: Set[str] = set()
    depth = 0
    for line in structure_lines:
        if depth == 0:
            target = _TARGETS.match(line)
            if target is not None and target.group(2) and opened(target.group(2)):
                target = None  # `scheduler.set_timesteps(sigmas=sigmas)`: a keyword, in a call's brackets
            if target is not None:
                found.update(NAME.findall(target.group(1) or target.group(2)))
                chained = _CHAINED_TARGET.match(line, target.end()) if target.group(2) else None
                while chained is not None:  # `a = b = np.zeros(3)`
                    found.update(NAME.findall(chained.group(1)))
                    chained = _CHAINED_TARGET.match(line, chained.end())
        if ":=" in line:
            found.update(_WALRUS.findall(line))
        depth = max(0, depth + opened(line))
    if structure_lines and structure_lines[0].startswith(("import", "from")):
        found.update(AS_NAME.findall("\n".join(structure_lines)))
    return frozenset(found)


# What grows a list by what it is given (`values.append(np.exp(x))`); a list grown: from the
# dot, then the list's name looked for back from it.
_GROWN = re.compile(rf"\.\s*(?:{'|'.join(GROWING_METHODS)})\s*\(")
# A list kept on `self` grown (`self.history.extend(`), or one held in the dict or list kept
# there (`self.history[task].append(`), with its name. (It starts with its literal, so that
# it is searched for fast.)
SELF_GROWN = rf"self(?<!\wself)\.(\w+)(?:\[[^\]\n]*\])?\.(?:{'|'.join(GROWING_METHODS)})\("
_GROWN_NAME = re.compile(r"(\w+)\s*$")


def grown_lists(line: str) -> FrozenSet[str]:
    """The names of the lists a line appends to, inserts into or extends."""
    found = set()
    for grown in _GROWN.finditer(line):
        name = _GROWN_NAME.search(line, 0, grown.start())
        if name is not None:
            found.add(name.group(1))
    return frozenset(found)


# A keyword argument, as `call_arguments` splits it out (`sigmas=sigmas`), with its name.
KEYWORD_ARGUMENT = re.compile(r"\s*(\w+)\s*=(?!=)")


def call_arguments(line: str, start: int) -> Tuple[List[str], int]:
    """The arguments of a call whose `(` ends at `start`, split at its own commas, and
    where its `)` is."""
    arguments: List[str] = []
    depth = 0
    begin = start
    for position in range(start, len(line)):
        character = line[position]
        if character in "([{":
            depth += 1
        elif character in ")]}":
            if depth == 0:
                break
            depth -= 1
        elif character == "," and depth == 0:
            arguments.append(line[begin:position])
            begin = position + 1
    else:
        position = len(line)
    arguments.append(line[begin:position])
    return arguments, position
