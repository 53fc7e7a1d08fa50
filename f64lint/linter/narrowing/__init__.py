"""Parse only what can matter: the top-level functions and classes a finding could come
from or flow through, with the rest of the module around them.

Most of a large file that passes the prefilter is code with nothing float64-like in it
(torch's `common_methods_invocations.py` is 1.4 MB). Every module-level statement that is
not a definition stays (imports, constants, device variables), though not every entry of
a literal (below), except an expression that binds nothing and that nothing can come from
(a docstring, a registration call). A top-level `def` or `class` stays when its code has
a float64-like spelling or a move-then-cast, makes a float64 NumPy array and hands it to
torch as a tensor's data (followed line by line through names, as far as the analysis
follows them, and through the module's functions and methods that make one, called on any
object: `levels.value()`; a method that calls NumPy on a list its class grows makes one,
`np.mean(self.history)` of Python floats, and a read of a list its class grows by what NumPy
gives, `self.history[task].append(np.mean(losses))`; a name bound to what `partial` makes of one of
torch's tensor makers makes tensors too), makes or moves a tensor of what a function held
as a value gives (a lambda bound at module level, a closure a factory returns, a function
its own decorator wraps, one `partial` or `map` calls: their bodies are not read), with
the functions that give those,
or names what a module-level statement binds to one of those; then, until
nothing changes, those that name one that stays or are named by one, since values flow
through return values, safe helpers are read from their bodies and fixes pass a dtype on
to callers; then the functions those with a float64-like spelling call, and the functions
those call, since a value made there is followed into the functions it is passed to; and
the functions named like a device that one that stays calls (`get_device()`), which say
where its tensors are, and any that sets the default device (`torch.set_default_device`),
which says where tensors made with no device go. (A value a caller passes on to yet another function is not: there
narrowing can keep a finding that the whole module would clear, never the other way
round.) A class whose
objects a definition that makes a tensor of data declares (`grid: GridBase`) stays whole,
with the classes deriving from it and what they call, when one of them makes NumPy
arrays: such an object may be of any of them, and what its members hold is what their
methods set; so does that definition.

A module-level literal written an entry a line or more (torch's 566-entry `op_db`, a
generated table of 2,000 signatures) is narrowed the same way: an entry stays when it
has one of those spellings, names one of those names or calls a definition that stays,
or spells a quantized dtype (a guard reads those tables).

Long literals of numbers keep their first element (`numbers.py`): a few written-out
Hadamard matrices cost LibCST more than a gigabyte, and only their kind matters.

What is left out becomes blank lines or spaces, so every line and column of what stays is
where it was: positions and suppressions need no mapping, and a fix whose edit would span
code left out is not offered (`Narrowed.keeps`). The linter parses the whole source when
the narrowed one does not parse.
"""

from __future__ import annotations

import ast
import re
import warnings
from dataclasses import dataclass
from functools import cached_property
from typing import Dict, FrozenSet, Iterator, List, Optional, Set, Tuple

from f64lint.analysis.domain.devices import SETS_DEFAULT_DEVICE, device_like_name
from f64lint.linter.narrowing.arrays import ArrayMakers, array_makers, hands_parameter_to_torch
from f64lint.linter.narrowing.blanking import Blanked
from f64lint.linter.narrowing.classes import (
    attributes_set,
    bases_called,
    callees,
    declared_families,
    derived_from,
    inherited_hot,
    left_out_of_class,
    self_read,
)
from f64lint.linter.narrowing.entries import entries_left_out
from f64lint.linter.narrowing.lines import (
    CALLED,
    SELF_GROWN,
    Statement,
    describe,
    described_members,
    logical_lines,
    split_statements,
)
from f64lint.linter.narrowing.numbers import cut_long_numbers, has_rows_of_numbers
from f64lint.linter.narrowing.reading import DEFAULT_FLOAT64, Reading
from f64lint.source.masking import masked

_DEF = re.compile(r"(?:async\s+)?def\b")
_PROPERTY = re.compile(r"@(?:functools\.)?(?:cached_)?property\b")
_ITEMS_BY_INDEX = re.compile(r"def\s+__getitem__\b")
_ITERABLE_DATASET = re.compile(r"^class\s+\w+\s*\([^)]*IterableDataset\b", re.MULTILINE)
_SETS_A_DEVICE = re.compile(
    r"^[ \t]*(?:self\.)?(?:device|dev|\w+_device|device_\w+)[ \t]*(?::[^=\n]*)?=(?!=)", re.MULTILINE
)
_SETS_DEFAULT_DEVICE = SETS_DEFAULT_DEVICE.rsplit(".", 1)[-1] + "("  # `torch.set_default_device(`
_STRING_START = re.compile(r"[rbuRBUfF]{0,2}[\"']")  # a docstring
_EXPRESSION_START = re.compile(r"[A-Za-z_\"'(\[{]")  # a name, a string, a bracket
# Statements that bind or hold others (`for x in`, `with ... as f`, `import`, `global`).
_COMPOUND_OR_BINDING = re.compile(
    r"(?:if|elif|else|for|while|with|try|except|finally|match|case|async|def|class|import|from|global|nonlocal|del|type)\b"
)


@dataclass(frozen=True)
class Narrowed:
    """A source as it is parsed, and the source it was narrowed from."""

    text: str
    source: str

    def keeps(self, start_line: int, start_column: int, end_line: int, end_column: int) -> bool:
        """Is this span of the source (1-based lines, 0-based character columns) there as
        it is?"""
        if self.text is self.source:
            return True
        lines, original = self._lines
        for line in range(start_line, end_line + 1):
            left = start_column if line == start_line else 0
            right = end_column if line == end_line else None
            if lines[line - 1][left:right] != original[line - 1][left:right]:
                return False
        return True

    @cached_property
    def _lines(self) -> Tuple[List[str], List[str]]:
        """Both texts' lines, split once for all the fixes of a file."""
        return self.text.split("\n"), self.source.split("\n")


def narrowed(
    source: str,
    imported: FrozenSet[str] = frozenset(),
    definitions: bool = True,
    standalone: bool = False,
    batches: bool = False,
) -> Narrowed:
    """The source with the definitions nothing can come from blanked out (unless
    `definitions` is false) and long literals of numbers cut; the source itself when
    nothing can be left out or its text cannot be read this way. `imported` are names of
    float64 values other modules of the run export: code naming one is a source. In a test
    module or a script (`standalone`) the definitions that say which devices code runs on
    stay too (`_tells_devices`). For a rule that follows loaders' batches (`batches`), code
    that iterates a loader is a source, and the definitions it names stay (a collate
    function, a dataset class)."""
    if source.count("\r") != source.count("\r\n"):
        return Narrowed(source, source)  # lone carriage returns end lines for Python, not here
    text = _definitions_narrowed(source, imported, standalone, batches) if definitions else source
    if has_rows_of_numbers(text):
        text = _numbers_cut(text)
    return Narrowed(source if text == source else text, source)


def defines_a_dataset(text: str) -> bool:
    """Does a module define a dataset class: one with a `__getitem__` (in a module that names
    a `Dataset`), or a subclass of `IterableDataset` (its items what its `__iter__` yields)?"""
    return ("Dataset" in text and bool(_ITEMS_BY_INDEX.search(text))) or bool(_ITERABLE_DATASET.search(text))


def makers_only(source: str) -> Narrowed:
    """For the summary of a module with no finding: the source with only the top-level
    functions that make a float64 NumPy array, the classes' methods that do (and their
    `__getitem__`, their properties, the methods that set what a property gives, and those
    that read what the making methods set on `self`: a buffer's `sample()` of the arrays
    its `__init__` made; a class with properties is kept for them; a class nested in a kept
    one is read so too), and the module-level statements left in, long literals of numbers
    cut (`narrowed`)."""
    read = _statements(source) if source.count("\r") == source.count("\r\n") else None
    if read is None:
        return Narrowed(source, source)
    makers = array_makers(read.code)

    def kept(statement: Statement) -> bool:  # a class's properties say what its subclasses' objects hold
        return bool(makers.search(statement.text) or (statement.is_class and _PROPERTY.search(statement.text)))

    def members_left_out(owner: Statement) -> Iterator[Tuple[int, int]]:
        """The spans of a kept class's methods that make none, and so on in the classes
        it nests that are kept (a test case's `_TestBase` inside it)."""
        given = set(_RETURNS_SELF_ATTRIBUTE.findall(owner.text))  # what its properties may give
        members = list(described_members(owner, read.code_lines, read.structure_lines))
        made = {name for member in members if makers.search(member.text) for name in attributes_set(member.text)}
        for member in members:
            if member.name is None or member.name == "__getitem__":
                continue
            if member.is_class and kept(member):
                yield from members_left_out(member)
            elif (
                not makers.search(member.text)
                and not _PROPERTY.search(member.text)  # read as attributes, of what the class holds
                and given.isdisjoint(attributes_set(member.text))  # and what sets what they give
                and made.isdisjoint(self_read(member.text))  # and what reads what the makers set
            ):
                yield member.first, member.last

    spans = [(s.first, s.last) for s in read.statements if s.name is not None and not kept(s)]
    for owner in read.statements:
        if owner.is_class and kept(owner):  # its methods that make none go too
            spans.extend(members_left_out(owner))
    text = _blanked(read.lines, spans) if spans else source
    if has_rows_of_numbers(text):
        text = _numbers_cut(text)
    return Narrowed(text, source)


# `return self._coords`: the attribute a property gives.
_RETURNS_SELF_ATTRIBUTE = re.compile(r"\breturn[ \t]+self\.(\w+)[ \t]*$", re.MULTILINE)


def makers_left_out(source: str, narrowed_text: str) -> Optional[Narrowed]:
    """For the summary of a module with findings, read from its narrowed text: the module's
    imports and the top-level functions that make a float64 NumPy array which narrowing
    left out (they return what other modules move); None when it left none out."""
    read = _statements(source) if source.count("\r") == source.count("\r\n") else None
    if read is None:
        return None
    makers = array_makers(read.code)
    kept = narrowed_text.split("\n")
    spans = []
    left_out = False
    for statement in read.statements:
        first = read.structure_lines[statement.first].lstrip()
        if statement.name is None and first.startswith(("import ", "from ")):
            continue
        dropped = kept[statement.first].strip() == "" and read.lines[statement.first].strip() != ""
        if statement.name is not None and not statement.is_class and dropped and makers.search(statement.text):
            left_out = True
            continue
        spans.append((statement.first, statement.last))
    return Narrowed(_blanked(read.lines, spans), source) if left_out else None


@dataclass
class _Statements:
    """A source's lines, those of its code and of its structure (`prefilter.masked`), and
    its top-level statements, described."""

    lines: List[str]
    code: str
    code_lines: List[str]
    structure_lines: List[str]
    statements: List[Statement]


def _statements(source: str) -> Optional[_Statements]:
    """The source read statement by statement; None when it cannot be read this way."""
    texts = masked(source)
    if texts is None:
        return None
    lines = source.split("\n")
    code_lines = texts.code.split("\n")
    structure_lines = texts.structure.split("\n")
    if not len(lines) == len(code_lines) == len(structure_lines):
        return None
    statements = split_statements(structure_lines)
    describe(statements, code_lines, structure_lines)
    return _Statements(lines, texts.code, code_lines, structure_lines, statements)


def _blanked(lines: List[str], spans: List[Tuple[int, int]]) -> str:
    """The lines joined, those in the spans (first, last) emptied: every line that stays
    is where it was."""
    for first, last in spans:
        for number in range(first, last + 1):
            lines[number] = "\r" if lines[number].endswith("\r") else ""
    return "\n".join(lines)


def _numbers_cut(text: str) -> str:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # an invalid escape in a string is not ours to report
            module = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return text
    blanked = Blanked(text)
    try:
        cut_long_numbers(module, text, blanked)
    except RecursionError:
        return text  # too deeply nested: the whole source goes on to be reported so
    return blanked.text()


def _definitions_narrowed(source: str, imported: FrozenSet[str], standalone: bool, batches: bool) -> str:
    read = _statements(source)
    if read is None:
        return source
    lines, code, code_lines, structure_lines, statements = (
        read.lines,
        read.code,
        read.code_lines,
        read.structure_lines,
        read.statements,
    )
    definitions = [s for s in statements if s.name is not None]
    module_level = [s for s in statements if s.name is None]

    # Names that may hold float64: those bound by module-level statements with a
    # float64-like spelling or a float64 array (grown below with those naming a kept
    # definition).
    makers = array_makers(code)
    if "DataLoader" in code and (_ITEMS_BY_INDEX.search(code) or _ITERABLE_DATASET.search(code)):
        return source  # a dataset (of NumPy data, of Python floats) and a loader over it: float64 batches anywhere
    methods = [
        m
        for d in definitions
        if d.is_class and makers.search(d.text)
        for m in described_members(d, code_lines, structure_lines)
    ]
    functions = {d.name for d in definitions if d.name and not d.is_class and makers.search(d.text)}
    kept_on_self = _kept_on_self(code, functions)
    making = {m.name for m in methods if m.name and not m.is_class and makers.search(m.text)}
    of_lists, lists_by_numpy = _lists_grown(definitions, makers, code_lines, structure_lines)
    makers = makers.with_functions(
        functions, making | of_lists | set(kept_on_self)
    ).with_lists_grown_by_numpy(lists_by_numpy).with_followed(
        [d for d in definitions if d.name and not d.is_class],
        [m for m in methods if m.name and not m.is_class],
        structure_lines,
    )
    held = _functions_as_values(definitions, _lambdas(module_level, structure_lines))
    if makers.search(code):  # an array the module makes may be what its calls hand such a function
        makers = makers.with_sinks(_making_tensors_of_data(definitions, makers, code_lines, structure_lines, held))
    reading = Reading(
        structure_lines,
        code_lines,
        makers,
        imported=imported,
        batches=batches,
        default_float64=bool(DEFAULT_FLOAT64.search(code)),
    )
    hot: FrozenSet[str] = frozenset()
    # A definition that sets the default device says where tensors made with no device go.
    kept = [
        d
        for d in definitions
        if reading.is_source(d) or _SETS_DEFAULT_DEVICE in d.text or (standalone and _tells_devices(d))
    ]
    through_values = [
        d
        for d in definitions
        if d not in kept and _tensor_through_a_function_value(d, held, makers, code_lines, structure_lines)
    ]
    kept.extend(through_values)
    kept.extend(d for d in definitions if d not in kept and d.name in held.given_by(through_values))
    rest = [d for d in definitions if d not in kept]
    warm = [s for s in module_level if reading.makes_float64(s.text)]
    while True:
        kept_names = {d.name for d in kept if d.name is not None}
        hot |= frozenset().union(*(s.bound for s in warm))
        warmed = [s for s in module_level if s not in warm and (s.calls(kept_names) or s.names & hot)]
        joined = [d for d in rest if d.calls(kept_names) or d.names & hot]
        if not warmed and not joined:
            break
        warm.extend(warmed)
        kept.extend(joined)
        rest = [d for d in rest if d not in joined]
    kept.extend(callees([d for d in kept if reading.is_source(d)], rest, CALLED))
    kept.extend(_device_helpers_called(kept, [d for d in rest if d not in kept]))
    named = frozenset().union(*(d.names for d in kept if reading.iterates_a_loader(d)))
    kept.extend(d for d in rest if d not in kept and d.name in named)  # `collate_fn=collate`
    kept.extend(d for d in rest if d not in kept and d.name in kept_on_self.values())  # called as `self.compute_fn(`
    families, declarers = declared_families(code, definitions, reading)  # whole, with what they call
    kept.extend(d for d in [*families, *declarers] if d not in kept)
    kept.extend(callees(families, [d for d in rest if d not in kept], CALLED))
    kept.extend(derived_from(kept, [d for d in rest if d not in kept]))
    rest = [d for d in rest if d not in kept]
    reading.hot, reading.functions = hot, frozenset(kept_names)
    reading.predicates = frozenset(d.name for d in kept if d.name and _is_one_return(d, structure_lines))
    bases = bases_called(kept, rest, reading)
    spans = [(s.first, s.last) for s in rest if s not in bases]
    classes = {d.name: d for d in kept if d.is_class and d.name is not None}
    set_hot: Dict[str, Set[str]] = {}
    for owner in kept:
        if owner.is_class and owner not in families:
            inherited = frozenset(inherited_hot(owner, classes, reading, set_hot))
            spans.extend((m.first, m.last) for m in left_out_of_class(owner, reading, inherited=inherited))
    for base, callers in bases.items():
        spans.extend((m.first, m.last) for m in left_out_of_class(base, reading, callers))
    for statement in module_level:
        if _is_idle(statement, structure_lines, reading):
            spans.append((statement.first, statement.last))
        else:
            spans.extend(entries_left_out(statement, reading))
    return _blanked(lines, spans) if spans else source


def _lambdas(module_level: List[Statement], structure_lines: List[str]) -> FrozenSet[str]:
    """The names the module's top-level statements bind to lambdas."""
    return frozenset(name for s in module_level if _LAMBDA.match(structure_lines[s.first]) for name in s.bound)


def _making_tensors_of_data(
    definitions: List[Statement],
    makers: ArrayMakers,
    code_lines: List[str],
    structure_lines: List[str],
    held: _FunctionsAsValues,
) -> Set[str]:
    """The names of the module's functions and methods that make a tensor of the data a
    parameter holds, which may be an array a caller passes them (the analysis reads a
    parameter from what the module's calls pass), and of the classes whose `__init__`
    does: those the definitions that make an array call (by name, `fit(` or `.fit(`); and
    the names those definitions bind to what a factory whose closure may do so gives
    (`to_device = make_to_device(device)`, then `to_device(np.array(xs))`)."""
    making = [d.text for d in definitions if makers.search(d.text)]
    called = {name for text in making for name in _CALLED_BY_NAME.findall(text)}
    found: Set[str] = set()
    for definition in definitions:
        if definition.name is None or not makers.within(definition.text).tensor_of_data.search(definition.text):
            continue
        if definition.name in held.giving and definition.name in called:
            bound = re.compile(rf"(\w+)\s*=\s*{re.escape(definition.name)}\s*\(")
            found.update(name for text in making for name in bound.findall(text))
        if not definition.is_class:
            if definition.name in called and hands_parameter_to_torch(definition, structure_lines, makers):
                found.add(definition.name)
            continue
        for member in described_members(definition, code_lines, structure_lines):
            named = definition.name if member.name == "__init__" else member.name
            if named and named in called and not member.is_class:
                found.update([named] if hands_parameter_to_torch(member, structure_lines, makers) else [])
    return found


def _lists_grown(
    definitions: List[Statement], makers: ArrayMakers, code_lines: List[str], structure_lines: List[str]
) -> Tuple[Set[str], Set[str]]:
    """The methods that make an array of a list their class grows (`np.mean(self.history)`),
    and the lists kept on `self` a class grows by what NumPy gives, by name: one reading of
    each class."""
    methods: Set[str] = set()
    by_numpy: Set[str] = set()
    for owner in definitions:
        matches = list(_SELF_GROWN.finditer(owner.text)) if owner.is_class else []
        if not matches:
            continue
        grown = frozenset(match.group(1) for match in matches)
        by_numpy |= makers.grown_by_numpy(matches, owner.text)
        members = described_members(owner, code_lines, structure_lines)
        methods.update(m.name for m in members if m.name and not m.is_class and makers.of_lists_grown(m.text, grown))
    return methods, by_numpy


_SELF_GROWN = re.compile(SELF_GROWN)


# `fit(` of `fit(x)` and of `model.fit(x)`, not of `def fit(x)`
_CALLED_BY_NAME = re.compile(r"(?<!\w)(?<!def\s)(\w+)\s*\(")


# (It starts with its literal, so that it is searched for fast: see `prefilter.AnyOf`.)
_KEPT_ON_SELF = re.compile(r"self\.(\w+)\s*=\s*(\w+)\s*$", re.MULTILINE)


def _kept_on_self(code: str, functions: Set[str]) -> Dict[str, str]:
    """The attributes a class sets to one of these functions (`self.compute_fn =
    roc_compute`), with the function: calling `self.compute_fn(...)` calls it."""
    if not functions:
        return {}
    found = {}
    for match in _KEPT_ON_SELF.finditer(code):
        before = code[match.start() - 1] if match.start() else " "
        if match.group(2) in functions and not (before.isalnum() or before in "_."):  # not `myself.x = f`
            found[match.group(1)] = match.group(2)
    return found


# `to_unit = lambda img: img / 255.0`: a function bound at module level.
_LAMBDA = re.compile(r"[A-Za-z_]\w*[ \t]*=[ \t]*lambda\b")
# A function made in another's body (`def scale(values):` in `range_scaler`), or returned.
_MADE_WITHIN = re.compile(r"\n[ \t]+(?:async[ \t]+)?def[ \t]|\breturn[ \t]+lambda\b")
# The decorators a definition is written with, by name (`@returns_tensor`, `@retry(3)`).
_DECORATOR = re.compile(r"^[ \t]*@[ \t]*([A-Za-z_]\w*)", re.MULTILINE)
# The library calls that call a function they are handed (`partial(rng.beta, a, b)`, `map(f, xs)`).
_CALLERS_OF_VALUES = frozenset({"partial", "map"})


@dataclass(frozen=True)
class _FunctionsAsValues:
    """The module's functions that give functions, which narrowing does not follow into
    what calling those gives: the lambdas it binds, those that make one in their body (a
    closure's factory, a decorator); and the functions such a decorator wraps, by name,
    with its name. Worked out once per module."""

    giving: FrozenSet[str]
    wrapped: Dict[str, FrozenSet[str]]

    @cached_property
    def callers(self) -> FrozenSet[str]:
        """The names whose calls may give what a function value gives: those functions, those
        wrapped, `partial` and `map`."""
        return self.giving | _CALLERS_OF_VALUES | frozenset(self.wrapped)

    @cached_property
    def bound_to_one(self) -> "re.Pattern[str]":
        """A name bound to what a factory or `partial` gives (`scale = range_scaler(lo, hi)`)."""
        makes_functions = "|".join(sorted(self.giving | _CALLERS_OF_VALUES))
        return re.compile(rf"(\w+)\s*=\s*(?:[\w.]+\.)?(?:{makes_functions})\s*\(")

    def given_by(self, definitions: List[Statement]) -> Set[str]:
        """The functions that give the function values these definitions call: those they
        call, and the decorators of the functions they call."""
        found: Set[str] = set()
        for definition in definitions:
            found.update(name for name in self.giving if definition.calls({name}))
            for name, decorators in self.wrapped.items():
                if definition.calls({name}):
                    found.update({name, *decorators})
        return found


def _functions_as_values(definitions: List[Statement], lambdas: FrozenSet[str]) -> _FunctionsAsValues:
    functions = [d for d in definitions if d.name is not None and not d.is_class]
    giving = frozenset(d.name for d in functions if d.name and _MADE_WITHIN.search(d.text)) | lambdas
    wrapped = {}
    for function in functions:
        head = function.text[: function.text.find("def ")]
        decorators = frozenset(_DECORATOR.findall(head)) & giving
        if decorators and function.name:
            wrapped[function.name] = decorators
    return _FunctionsAsValues(giving, wrapped)


def _tensor_through_a_function_value(
    definition: Statement,
    held: _FunctionsAsValues,
    makers: ArrayMakers,
    code_lines: List[str],
    structure_lines: List[str],
) -> bool:
    """Does a line of a definition make a tensor of data, or move one, and call there a
    function another gives (a lambda the module binds, a closure a factory returns, a
    function its own decorator wraps, one `partial` or `map` calls, or a name the
    definition binds to what a factory or `partial` gives), whose body may give that data
    (`torch.from_numpy(to_unit(x))`, `scale = range_scaler(lo, hi)` then
    `torch.from_numpy(scale(depth))`)?"""
    text = definition.text
    tensors = makers.within(text).tensor_of_data
    if not (tensors.search(text) or ".to(" in text) or not definition.calls(held.callers):
        return False
    called = held.callers | frozenset(held.bound_to_one.findall(text))
    for first, last in logical_lines(structure_lines, definition.first, definition.last):
        line = "\n".join(code_lines[first : last + 1])
        if (tensors.search(line) or ".to(" in line) and not called.isdisjoint(CALLED.findall(line)):
            return True
    return False


def _device_helpers_called(kept: List[Statement], rest: List[Statement]) -> List[Statement]:
    """The functions named like a device that a definition that stays calls (`dev =
    get_device()`): where they say the tensors are is where the analysis reads them
    (a module called on them runs its `forward` there)."""
    helpers = [d for d in rest if d.name is not None and not d.is_class and device_like_name(d.name)]
    return [helper for helper in helpers if any(d.calls({helper.name or ""}) for d in kept)]


def _tells_devices(definition: Statement) -> bool:
    """A definition that says which devices code runs on, which the analysis reads wherever
    the finding is (domain/device_kinds.py): a function named like a device (a `device`
    fixture, `get_device()`), a test suite's `pytest_generate_tests`, a class that sets a
    device attribute (`device = torch.device("cpu")`, `self.device = ...`)."""
    name = definition.name or ""
    if not definition.is_class:
        return device_like_name(name) or name == "pytest_generate_tests"
    return _SETS_A_DEVICE.search(definition.text) is not None


def _is_one_return(definition: Statement, structure_lines: List[str]) -> bool:
    """A function that is one `return` (after its docstring): a predicate a guard may call
    (`def _is_supported_device(t): return t.is_cuda or ...`)."""
    if definition.is_class:
        return False
    body = [
        structure_lines[first].strip() for first, _ in logical_lines(structure_lines, definition.first, definition.last)
    ]
    while body and not _DEF.match(body[0]):
        body.pop(0)  # decorators
    body = [line for line in body[1:] if line and not _STRING_START.match(line)]
    return len(body) == 1 and body[0].startswith("return")


def _is_idle(statement: Statement, structure_lines: List[str], reading: Reading) -> bool:
    """A module-level expression that binds nothing and that nothing can come from: a
    docstring, a registration call (`add_docstr(torch.abs, ...)`, torch's `_tensor_docs`
    is 3,000 of them); not one that names a device (`parser.add_argument("--device",
    choices=["cpu", "cuda"])`, which says which devices `args.device` may be)."""
    first = structure_lines[statement.first]
    return (
        not statement.bound
        and _EXPRESSION_START.match(first) is not None
        and _COMPOUND_OR_BINDING.match(first) is None
        and not reading.matters(statement.text)
        and "device" not in statement.text
    )
