"""The functions a module's classes are given and keep: `EpochMetric.__init__(self,
compute_fn: Callable, ...)` sets `self.compute_fn = compute_fn` and calls
`self.compute_fn(...)`. A subclass in another module hands its base such a function
(`super().__init__(roc_compute_fn)`), and what that function returns is what
`self.compute_fn(...)` gives there (flow/values.py `Flow.callee`).

Read from the text, without parsing the module: only the `__init__` of a class that keeps a
parameter it calls is parsed (with `ast`, a few lines), since most modules that are
summarised for this have no finding and are never parsed otherwise.
"""

from __future__ import annotations

import ast
import re
import textwrap
from dataclasses import dataclass
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

# A line `self.compute_fn = compute_fn`.
_KEPT = re.compile(r"[ \t]+self\.(\w+)[ \t]*=[ \t]*(\w+)[ \t]*(?:#[^\n]*)?\r?")
_CALLABLE = re.compile(r"Callable\b")
_ANNOTATED = re.compile(r"(\w+)[ \t]*:[^=,()]*$")  # the text before `Callable`: `fn: Optional[`
_CALLABLE_CHECK = re.compile(r"callable\([ \t]*(\w+)[ \t]*\)")
_DEFINITION = re.compile(r"^([ \t]*)(?:async[ \t]+)?(def|class)[ \t]+(\w+)")


@dataclass(frozen=True)
class KeptParameter:
    """A top-level class whose `__init__` keeps its parameter `parameter` (at `position`
    among those after `self`; None if keyword-only) as `self.<attribute>`, at `line`."""

    owner: str
    attribute: str
    parameter: str
    position: Optional[int]
    line: int


def kept_parameters(text: str) -> List[KeptParameter]:
    """The functions the module's top-level classes keep on `self` from their `__init__`
    and call there. A parameter counts as a function when the code says so: annotated
    `Callable` or checked with `callable(...)`."""
    if "self." not in text or ("Callable" not in text and "callable(" not in text):
        return []
    functions = _annotated_callable(text) | set(_CALLABLE_CHECK.findall(text))
    if not functions:
        return []
    found: Dict[Tuple[str, str], KeptParameter] = {}
    lines: Optional[List[str]] = None
    parsed: Dict[int, Optional[ast.FunctionDef]] = {}  # each `__init__` by its first line, parsed once
    for parameter in sorted(functions):
        for at, end in _lines_assigning(text, parameter):
            match = _KEPT.fullmatch(text, at, end)
            if match is None or match.group(2) != parameter or f"self.{match.group(1)}(" not in text:
                continue
            lines = lines if lines is not None else text.splitlines()
            kept = _in_init(lines, parsed, text.count("\n", 0, at) + 1, match.group(1), parameter)
            if kept is not None:
                found.setdefault((kept.owner, kept.attribute), kept)
    return sorted(found.values(), key=lambda kept: kept.line)


def _lines_assigning(text: str, parameter: str) -> Iterator[Tuple[int, int]]:
    """Where each line with `= compute_fn` in it starts and ends."""
    at = text.find(f"= {parameter}")
    while at != -1:
        end = text.find("\n", at)
        yield text.rfind("\n", 0, at) + 1, len(text) if end == -1 else end
        at = text.find(f"= {parameter}", at + 1)


def _annotated_callable(text: str) -> Set[str]:
    """The names annotated `Callable` (`compute_fn: Callable[...]`, `fn: Optional[Callable]`)."""
    found = set()
    for match in _CALLABLE.finditer(text):
        annotated = _ANNOTATED.search(text, text.rfind("\n", 0, match.start()) + 1, match.start())
        if annotated is not None:
            found.add(annotated.group(1))
    return found


def _in_init(
    lines: Sequence[str], parsed: Dict[int, Optional[ast.FunctionDef]], line: int, attribute: str, parameter: str
) -> Optional[KeptParameter]:
    """The kept parameter whose assignment is at `line`, when it is in the `__init__` of a
    top-level class and `parameter` is one of its parameters."""
    enclosing = list(_enclosing(lines, line - 1))
    if len(enclosing) != 2:
        return None
    (init_at, kind, name), (class_at, owner_kind, owner) = enclosing
    if kind != "def" or name != "__init__" or owner_kind != "class" or lines[class_at][:1].isspace():
        return None
    if init_at not in parsed:
        parsed[init_at] = _parsed_function(lines, init_at)
    function = parsed[init_at]
    if function is None:
        return None
    positional = [arg.arg for arg in (*function.args.posonlyargs, *function.args.args)][1:]
    keyword_only = [arg.arg for arg in function.args.kwonlyargs]
    if parameter in positional:
        position: Optional[int] = positional.index(parameter)
    elif parameter in keyword_only:
        position = None
    else:
        return None
    return KeptParameter(owner, attribute, parameter, position, line)


def _enclosing(lines: Sequence[str], index: int) -> Iterator["tuple[int, str, str]"]:
    """The definitions a line is written in, innermost first: (line index, kind, name),
    found by indentation."""
    indent = len(lines[index]) - len(lines[index].lstrip())
    for number in range(index - 1, -1, -1):
        match = _DEFINITION.match(lines[number])
        if match is None or len(match.group(1)) >= indent:
            continue
        indent = len(match.group(1))
        yield number, match.group(2), match.group(3)
        if indent == 0:
            return


def _parsed_function(lines: Sequence[str], first: int) -> Optional[ast.FunctionDef]:
    """The method that starts at line index `first`, parsed alone; None if its text does
    not parse by itself (a string that runs back to column 0, say)."""
    indent = len(lines[first]) - len(lines[first].lstrip())
    last = first + 1
    while last < len(lines):
        text = lines[last]
        if text.strip() and len(text) - len(text.lstrip()) <= indent and not text.lstrip().startswith((")", "]", "}")):
            break
        last += 1
    try:
        module = ast.parse(textwrap.dedent("\n".join(lines[first:last])))
    except SyntaxError:
        return None
    function = module.body[0] if module.body else None
    return function if isinstance(function, ast.FunctionDef) else None
