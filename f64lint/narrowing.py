"""Parse only what can matter: the top-level functions and classes a finding could come
from or flow through, with the rest of the module around them.

Most of a large file that passes the prefilter is code with nothing float64-like in it
(torch's `common_methods_invocations.py` is 1.4 MB). Every module-level statement that is
not a definition stays (imports, constants, device variables), though not every entry of
a literal (below). A top-level `def` or `class` stays when its code has a float64-like
spelling or a move-then-cast, makes a float64 NumPy array and hands it to torch as a
tensor's data (followed line by line through names, as far as the analysis follows them),
or names what a module-level statement binds to one of those; then, until nothing changes,
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

import keyword
import re
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, List, Optional, Set, Tuple

from f64lint.analysis.arrays import FLOAT_BY_DEFAULT, FOLLOW_DATA, KEEP_DTYPE_METHODS
from f64lint.analysis.calls import MAX_TRACE_DEPTH
from f64lint.prefilter import AnyOf, masked, words
from f64lint.rules.tokens import CAST_AFTER_MOVE, WIDE_DTYPE

_SPELLED_SOURCE = AnyOf(
    WIDE_DTYPE,
    CAST_AFTER_MOVE,
    words("DoubleTensor", "set_default_dtype", "set_default_tensor_type"),
    r"\.astype\(\s*[\"']?(?:float|complex)\b",
)
_DEFINED_NAME = re.compile(r"(?:async\s+)?(def|class)\s+(\w+)")
_NAME = re.compile(r"[A-Za-z_]\w*")
_CALLED = re.compile(r"(?<![.\w])([A-Za-z_]\w*)\s*\(")
_SELF_CALLED = re.compile(r"\b(?:self|cls)\.(\w+)\s*\(")
_NUMPY_MODULE_ALIAS = re.compile(r"\bimport\s+numpy(?:\.random)?\s+as\s+(\w+)")
_FROM_NUMPY = re.compile(r"\bfrom\s+numpy(?:\.random)?\s+import\s+(\([^)]*\)|[^\n;]*)")
_IMPORTED = re.compile(r"(\w+)(?:\s+as\s+(\w+))?")
# NumPy's functions that make float64 arrays: `zeros`, `rand`, and `arange`, whose integers
# division or a float operand where it is used makes float64 (`np.arange(n) / n`) ...
_FLOAT_BY_DEFAULT = sorted({name.rsplit(".", 1)[-1] for name in FLOAT_BY_DEFAULT} | {"arange"})
# ... and those that make float64 only of float data (`np.array([0.5, 1.0])`), given on the
# line that calls them: a float literal.
_FOLLOW_DATA = sorted({name.rsplit(".", 1)[-1] for name in FOLLOW_DATA} - {"arange"})
_FLOAT_LITERAL = re.compile(r"(?<![\w.])(?:\d[\d_]*\.|\.\d|\d[\d_]*[eE][-+]?\d)")
# A call of a torch function that makes a tensor of NumPy data (`torch.from_numpy(`,
# `tensor(` imported from torch).
_FROM_DATA = AnyOf(*(rf"{name}(?<!\w{name})\s*\(" for name in ("from_numpy", "tensor", "as_tensor", "asarray")))
_FROM_DATA_CALL = re.compile(r"(?<!\w)(?:from_numpy|tensor|as_tensor|asarray)\s*\(")
_KEYWORD = re.compile(r"\s*\w+\s*=(?!=)")
_DATA_KEYWORD = re.compile(r"\s*(?:data|ndarray|obj)\s*=(?!=)")
_DTYPE_KEYWORD = re.compile(r"\s*dtype\s*=(?!=)")
_CALLEE = re.compile(r"([A-Za-z_][\w.]*)\s*\(")
_TARGETS = re.compile(
    r"\s*(?:async\s+)?(?:def|class)\s+(\w+)"
    r"|\s*(?!(?:if|elif|while|for|with|return|assert|del|raise|yield|lambda)\b)"
    r"([\w\s,.\[\]()*]+?)\s*(?::[^=]*)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)"
)
_AS_NAME = re.compile(r"\bas\s+(\w+)")  # `import numpy as np`, `with open(p) as f`
_LOOP_TARGETS = re.compile(r"\bfor\s+([\w\s,.\[\]()*]+?)\s+in\b")
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


def _data_given(line: str) -> str:
    """What a line of code (strings emptied) hands to torch as the data of a tensor made
    without a `dtype=`: the first argument of each `torch.from_numpy(`, `torch.tensor(`...,
    its positional arguments and `data=`, `ndarray=`, `obj=`."""
    given: List[str] = []
    for call in _FROM_DATA_CALL.finditer(line):
        arguments, _ = _arguments(line, call.end())
        if any(_DTYPE_KEYWORD.match(argument) for argument in arguments):
            continue
        for index, argument in enumerate(arguments):
            if index == 0 or not _KEYWORD.match(argument) or _DATA_KEYWORD.match(argument):
                given.append(argument)
    return "\n".join(given)


def _arguments(line: str, start: int) -> Tuple[List[str], int]:
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
        found.update(_AS_NAME.findall("\n".join(structure_lines)))
    return frozenset(found)


@dataclass(frozen=True)
class _ArrayMakers:
    """Calls of NumPy's functions that make float64 arrays, as a module spells them."""

    by_default: AnyOf  # `np.zeros(`, `numpy.random.rand(`, `linspace(` imported from NumPy
    following_data: AnyOf  # `np.array(`, `np.full(`: float64 only of float data
    numpy_names: FrozenSet[str]  # `np`, and the NumPy functions imported by name

    def search(self, text: str) -> bool:
        return bool(self.by_default.search(text)) or (
            bool(self.following_data.search(text)) and bool(_FLOAT_LITERAL.search(text))
        )

    def passing(self, text: str) -> str:
        """The part of a line of code (strings emptied) an array flows through to what
        the line binds: all of it but the arguments of calls other than NumPy's (`np.sin(`)
        and array methods that keep the dtype (`.reshape(`): the analysis follows an
        array into no other call."""
        parts: List[str] = []
        position = 0
        while True:
            call = _CALLEE.search(text, position)
            if call is None:
                parts.append(text[position:])
                return "".join(parts)
            parts.append(text[position : call.end()])
            position = call.end()
            callee = call.group(1)
            if keyword.iskeyword(callee) or callee in ("match", "case"):
                continue  # `if (`, `return (`: brackets, not a call
            if callee.split(".", 1)[0] not in self.numpy_names and callee.rsplit(".", 1)[-1] not in KEEP_DTYPE_METHODS:
                position = _arguments(text, position)[1]


def _array_makers(statements: List[_Statement]) -> _ArrayMakers:
    """By whatever names the module imports NumPy as, anywhere."""
    modules = {"numpy", "np"}
    imported: Dict[str, str] = {}  # the name a NumPy function is imported as: its own name
    for statement in statements:
        modules.update(_NUMPY_MODULE_ALIAS.findall(statement.text))
        for names in _FROM_NUMPY.findall(statement.text):
            for name, alias in _IMPORTED.findall(names):
                if name == "random":
                    modules.add(alias or name)
                else:
                    imported[alias or name] = name
    return _ArrayMakers(
        _calls(modules, {a for a, name in imported.items() if name in _FLOAT_BY_DEFAULT}, _FLOAT_BY_DEFAULT),
        _calls(modules, {a for a, name in imported.items() if name in _FOLLOW_DATA}, _FOLLOW_DATA),
        frozenset(modules | set(imported)),
    )


def _calls(modules: Set[str], functions: Set[str], names: List[str]) -> AnyOf:
    """`module.name(` (or `module.random.name(`) for these modules, and `function(`. Each
    pattern starts with its literal name, then checks the character before it (a pattern
    starting with a lookbehind is much slower to search for: see `AnyOf`)."""
    alternatives = "|".join(names)
    return AnyOf(
        *(
            rf"{re.escape(module)}(?<![\w.]{re.escape(module)})\s*\.\s*(?:random\s*\.\s*)?(?:{alternatives})\s*\("
            for module in sorted(modules)
        ),
        *(rf"{re.escape(name)}(?<![\w.]{re.escape(name)})\s*\(" for name in sorted(functions)),
    )


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


class _ArrayLine:
    """A logical line of code (strings emptied), as float64 arrays flow through it: read
    when a generation first reaches it."""

    def __init__(self, text: str, makers: _ArrayMakers) -> None:
        self.text = text
        self.makers = makers
        self.reads = frozenset(_NAME.findall(text))
        self.data: Optional[Tuple[bool, FrozenSet[str]]] = None
        self.passed: Optional[Tuple[bool, FrozenSet[str], FrozenSet[str]]] = None

    def hands_to_torch(self, arrays: Set[str]) -> bool:
        """Does it make a tensor of an array it makes there or reads from these names?"""
        if self.data is None:
            if not _FROM_DATA.search(self.text):
                self.data = (False, frozenset())
            else:
                data = self.makers.passing(_data_given(self.text))
                self.data = (self.makers.search(data), frozenset(_NAME.findall(data)))
        makes, names = self.data
        return makes or not names.isdisjoint(arrays)

    def binds(self, arrays: Set[str]) -> FrozenSet[str]:
        """The names it binds to an array it makes or reads from these names."""
        if self.passed is None:
            if self.reads.isdisjoint(arrays) and not self.makers.search(self.text):
                return frozenset()
            passing = self.makers.passing(self.text)
            self.passed = (self.makers.search(passing), frozenset(_NAME.findall(passing)), _bound(self.text.split("\n")))
        makes, names, bound = self.passed
        return bound if makes or not names.isdisjoint(arrays) else frozenset()


@dataclass
class _Reading:
    """A module's lines, read for narrowing, and what is known to matter in them."""

    structure_lines: List[str]  # every string emptied
    code_lines: List[str]  # long strings emptied
    array_makers: _ArrayMakers
    hot: FrozenSet[str] = frozenset()  # names module-level code may bind to float64
    functions: FrozenSet[str] = frozenset()  # the top-level definitions that stay
    sources: Dict[int, bool] = field(default_factory=dict)  # `is_source`, by statement id

    def makes_float64(self, text: str) -> bool:
        """Can this statement (at module level, in a method that stays, an entry of a
        table) bind a name to a float64 value, a float64 tensor or array?"""
        return bool(_SPELLED_SOURCE.search(text)) or bool(self.array_makers.search(text))

    def matters(self, text: str) -> bool:
        """Can a float64 value come from this code: a source, a hot name, a call of a
        definition that stays?"""
        return (
            self.makes_float64(text)
            or not self.hot.isdisjoint(_NAME.findall(text))
            or not self.functions.isdisjoint(_CALLED.findall(text))
        )

    def is_source(self, definition: _Statement) -> bool:
        """Can a definition make a float64 value: has it a float64-like spelling, or does it
        make a float64 array and hand it to torch? The analysis follows an array only
        through names, so the tensor must be made on a line that makes the array or
        reads a name bound from one (line by line); a function that makes arrays and
        never a tensor of them is no source (most NumPy code in torch's tests, the
        `np.linspace` sigmas diffusers pipelines hand to their schedulers)."""
        if id(definition) not in self.sources:
            text = definition.text
            self.sources[id(definition)] = bool(_SPELLED_SOURCE.search(text)) or (
                bool(self.array_makers.search(text)) and bool(_FROM_DATA.search(text)) and self._hands_array_to_torch(definition)
            )
        return self.sources[id(definition)]

    def _hands_array_to_torch(self, definition: _Statement) -> bool:
        """Generation by generation: the names bound to an array made on a line, then to one
        read from those names, and so on as far as the analysis follows names
        (`MAX_TRACE_DEPTH`), until one is handed to torch as the data of a tensor."""
        lines = [
            _ArrayLine("\n".join(self.structure_lines[first : last + 1]), self.array_makers)
            for first, last in _logical_lines(self.structure_lines, definition.first, definition.last)
        ]
        arrays: Set[str] = set()  # names that may hold a float64 array
        for _ in range(MAX_TRACE_DEPTH + 1):
            if any(line.hands_to_torch(arrays) for line in lines):
                return True
            bound = set().union(*(line.binds(arrays) for line in lines)) - {"self", "cls"}
            if bound <= arrays:
                return False
            arrays |= bound
        return False


def _attributes_set_hot(method: _Statement, reading: _Reading) -> Set[str]:
    """The attributes (`self.freqs = ...`, `register_buffer("freqs", ...)`) a method may set
    to a float64 value: set on a line with a float64-like spelling, a hot name, a call to
    a function that stays, or a local name set on such a line. Each logical line is read
    once; what it sets only once it is found to set something warm."""
    lines = []  # per logical line: its span, its text, the names it reads, whether a source
    for first, last in _logical_lines(reading.structure_lines, method.first, method.last):
        text = "\n".join(reading.code_lines[first : last + 1])
        source = reading.makes_float64(text) or not reading.functions.isdisjoint(_CALLED.findall(text))
        lines.append((first, last, text, set(_NAME.findall(text)), source))
    warm: Set[str] = set(reading.hot)
    assigned: Dict[int, Set[str]] = {}
    grown = True
    while grown:
        grown = False
        for index, (first, last, text, names, source) in enumerate(lines):
            if index in assigned or not (source or names & warm):
                continue
            assigned[index] = (_bound(reading.structure_lines[first : last + 1]) | _attributes_set(text)) - {"self", "cls"}
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


def _left_out_of_class(owner: _Statement, reading: _Reading) -> List[_Statement]:
    """The methods (and nested classes) of a class that stays that nothing can come from:
    kept are those with a float64-like spelling, a hot name, a call to a function that
    stays, and then those reading an attribute (`self.freqs`) a kept one may set to
    float64 or naming a kept method, and those a method with a float64-like spelling calls
    (`self.helper(x)`). Every other statement of the body stays; a nested class that stays
    is narrowed the same way."""
    members = _members(owner, reading.structure_lines)
    _describe(members, reading.code_lines, reading.structure_lines)
    methods = [m for m in members if m.name is not None]
    kept = [m for m in members if m not in methods]
    kept += [m for m in methods if reading.is_source(m) or m.names & reading.hot or m.calls & reading.functions]
    rest = [m for m in methods if m not in kept]
    attributes: Set[str] = set()
    looked_at: Set[int] = set()
    while rest:
        for member in kept:
            if member.name is not None and id(member) not in looked_at:
                looked_at.add(id(member))
                attributes |= _attributes_set_hot(member, reading)
                attributes.add(member.name)
        joined = [m for m in rest if m.names & attributes]
        if not joined:
            break
        kept.extend(joined)
        rest = [m for m in rest if m not in joined]
    if not kept:
        return []
    kept.extend(_callees([m for m in kept if reading.is_source(m)], rest, _SELF_CALLED))
    rest = [m for m in rest if m not in kept]
    for member in kept:
        if member.is_class:
            rest.extend(_left_out_of_class(member, reading))
    return rest


def _entries_left_out(statement: _Statement, reading: _Reading) -> List[Tuple[int, int]]:
    """(first, last) line of the entries of a module-level literal (`op_db = [`, its opening
    bracket last on the first line, bound to one name) that nothing can come from."""
    opening = reading.structure_lines[statement.first].rstrip()
    if not _LITERAL_START.fullmatch(opening) or _opened(opening) != 1:
        return []
    return _Entries(reading).left_out(statement.first)[0]


@dataclass
class _Entries:
    """The entries of literals, by line. An entry runs to a line that ends with a comma
    outside its own brackets, so a span holds whole entries (several on a line, or one over
    many); one that runs into the closing bracket stays. Inside an entry that stays, the
    literals opened last on a line (`skips=(`, `"key": [`) are narrowed the same way."""

    reading: _Reading

    def left_out(self, opening: int) -> Tuple[List[Tuple[int, int]], int]:
        """The entries left out of the literal whose bracket opens last on line `opening`,
        and the line it closes on."""
        left_out: List[Tuple[int, int]] = []
        start: Optional[int] = None
        depth = 1
        number = opening
        for number in range(opening + 1, len(self.reading.structure_lines)):
            line = self.reading.structure_lines[number].rstrip()
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
                if self.reading.matters("\n".join(self.reading.code_lines[start : number + 1])):
                    left_out.extend(self._inside(start, number))
                else:
                    left_out.append((start, number))
                start = None
        return left_out, number

    def _inside(self, first: int, last: int) -> List[Tuple[int, int]]:
        found: List[Tuple[int, int]] = []
        number = first
        while number < last:
            if _NESTED_LITERAL.search(self.reading.structure_lines[number].rstrip()):
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
    reading = _Reading(structure_lines, code_lines, _array_makers(statements))
    hot: FrozenSet[str] = frozenset()
    kept = [d for d in definitions if reading.is_source(d)]
    rest = [d for d in definitions if d not in kept]
    warm = [s for s in module_level if reading.makes_float64(s.text)]
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
    kept.extend(_callees([d for d in kept if reading.is_source(d)], rest, _CALLED))
    rest = [d for d in rest if d not in kept]
    reading.hot, reading.functions = hot, frozenset(kept_names)
    spans = [(s.first, s.last) for s in rest]
    for owner in kept:
        if owner.is_class:
            spans.extend((m.first, m.last) for m in _left_out_of_class(owner, reading))
    for statement in module_level:
        spans.extend(_entries_left_out(statement, reading))
    if not spans:
        return source
    for first, last in spans:
        for number in range(first, last + 1):
            lines[number] = "\r" if lines[number].endswith("\r") else ""
    return "\n".join(lines)
