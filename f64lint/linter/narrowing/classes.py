"""The methods of a class that stays that nothing float64 can come from."""

from __future__ import annotations

import re
from typing import Dict, FrozenSet, List, Sequence, Set, Tuple

from f64lint.analysis.domain.devices import device_like_name
from f64lint.linter.narrowing.arrays import float_sequence_parameters
from f64lint.linter.narrowing.lines import (
    CALLED,
    NAME,
    SELF_GROWN,
    Statement,
    bound_names,
    described_members,
    logical_lines,
)
from f64lint.linter.narrowing.reading import Reading

_BASES = re.compile(r"^class\s+\w+\s*\(([^)]*)\)", re.MULTILINE)
# `self.helper(x)`, `cls.helper(x)`, and a static method called through its class
# (`ConfusionMatrix.nan_to_num(cm)`: any capitalised name, read as a class).
_SELF_CALLED = re.compile(r"\b(?:self|cls|[A-Z]\w*)\.(\w+)\s*\(")
# (`self` is checked to start a word after it is found: a pattern that starts with its
# literal is searched for fast, one that starts with `\b` at every position of the text.)
_SELF_READ = re.compile(r"self(?<!\wself)\.(\w+)\b(?!\s*\()")
_SELF_ATTRIBUTE = re.compile(
    r"self(?<!\wself)\.(\w+)\s*(?::[^=\n]*)?(?:[-+*/%&|^@]|//|\*\*|<<|>>)?=(?!=)"
    r"|register_buffer\(\s*[\"'](\w+)|setattr\(\s*self\s*,\s*[\"'](\w+)"
    rf"|{SELF_GROWN}"
)


def _attributes_set_hot(method: Statement, reading: Reading) -> Set[str]:
    """The attributes (`self.freqs = ...`, `register_buffer("freqs", ...)`) a method may set
    to a float64 value: set on a line with a float64-like spelling, a hot name, a call to
    a function that stays, or a local name set on such a line. Each logical line is read
    once; what it sets only once it is found to set something warm. A method none of whose
    lines can be a source or read a hot name sets nothing warm: its whole text says so
    (a match in a line is one in the text), without reading it line by line."""
    if not (reading.makes_float64(method.text) or method.calls(reading.functions) or method.names & reading.hot):
        return set()
    lines = []  # per logical line: its span, its text, the names it reads, whether a source
    for first, last in logical_lines(reading.structure_lines, method.first, method.last):
        text = "\n".join(reading.code_lines[first : last + 1])
        source = reading.makes_float64(text) or not reading.functions.isdisjoint(CALLED.findall(text))
        lines.append((first, last, text, set(NAME.findall(text)), source))
    warm: Set[str] = set(reading.hot) | float_sequence_parameters(method.text)
    assigned: Dict[int, FrozenSet[str]] = {}
    grown = True
    while grown:
        grown = False
        for index, (first, last, text, names, source) in enumerate(lines):
            if index in assigned or not (source or names & warm):
                continue
            assigned[index] = (bound_names(reading.structure_lines[first : last + 1]) | attributes_set(text)) - {
                "self",
                "cls",
            }
            if not assigned[index] <= warm:
                warm |= assigned[index]
                grown = True
    return {name for _, _, text, _, _ in lines for name in attributes_set(text) if name in warm}


def self_read(text: str) -> Set[str]:
    """The attributes a text reads from `self` (`self.obs[idx]`; not a method it calls)."""
    return set(_SELF_READ.findall(text))


def attributes_set(text: str) -> Set[str]:
    """The attributes a text sets on `self` (assigned, registered as buffers, appended to)."""
    return {name for match in _SELF_ATTRIBUTE.findall(text) for name in match if name}


def callees(callers: List[Statement], candidates: List[Statement], call: "re.Pattern[str]") -> List[Statement]:
    """The candidates the callers call (`helper(x)`, or `self.helper(x)` with `_SELF_CALLED`),
    and those they call in turn."""
    found: List[Statement] = []
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


def _bases_of(owner: Statement) -> List[str]:
    """The names a class statement derives from (`class Child(Base, Mixin):`)."""
    header = _BASES.search(owner.text)
    return NAME.findall(header.group(1)) if header else []


def derived_from(kept: List[Statement], rest: List[Statement]) -> List[Statement]:
    """The classes left out that derive, however far, from a class that stays: their
    methods read what it sets on `self` (`self.dtype = torch.float64` in a base's
    `__init__`, `torch.ones(n, dtype=self.dtype)` in a subclass's method)."""
    names = {d.name for d in kept if d.is_class}
    found: List[Statement] = []
    grown = True
    while grown:
        grown = False
        for owner in rest:
            if owner.is_class and owner not in found and not names.isdisjoint(_bases_of(owner)):
                found.append(owner)
                names.add(owner.name)
                grown = True
    return found


def inherited_hot(
    owner: Statement, classes: Dict[str, Statement], reading: Reading, set_hot: Dict[str, Set[str]]
) -> Set[str]:
    """The attributes the module's classes a class derives from, however far, may set on
    `self` to a float64 value. `set_hot`: what each class's own methods may set so, by
    class name, filled as it is read (many classes of a module derive from one base)."""
    found: Set[str] = set()
    seen: Set[str] = set()
    pending = [name for name in _bases_of(owner) if name in classes]
    while pending:
        name = pending.pop()
        if name in seen:
            continue
        seen.add(name)
        base = classes[name]
        if name not in set_hot:
            set_hot[name] = {attr for m in _methods(base, reading) for attr in _attributes_set_hot(m, reading)}
            set_hot[name] |= _bound_hot_in_body(base, reading)
        found |= set_hot[name]
        pending.extend(parent for parent in _bases_of(base) if parent in classes)
    return found


def bases_called(kept: List[Statement], rest: List[Statement], reading: Reading) -> Dict[Statement, List[Statement]]:
    """The classes left out that a class that stays derives from and whose methods its
    methods with a float64-like spelling call (`self._exec_func(mode, torch.add, t1, t2)`
    into a test fixture's base class), or set an attribute they read (`self.device =
    torch.device("cpu")` in a base's `setUp`), with those callers: a value made there is
    followed into the methods it is passed to, and one read from `self` to where it is
    set, wherever in the class hierarchy they are."""
    left_out = {d.name: d for d in rest if d.is_class}
    found: Dict[Statement, List[Statement]] = {}
    pending = [owner for owner in kept if owner.is_class]
    while pending and left_out:
        owner = pending.pop()
        bases = [left_out[name] for name in _bases_of(owner) if name in left_out]
        if not bases:
            continue
        callers = found.get(owner) or [m for m in _methods(owner, reading) if reading.is_source(m)]
        read = {name for caller in callers for name in _SELF_READ.findall(caller.text)}
        for base in bases:
            methods = _methods(base, reading)
            sets_read = any(not attributes_set(m.text).isdisjoint(read) for m in methods)  # `self.device`
            if callers and (sets_read or callees(callers, methods, _SELF_CALLED)):
                if base not in found:
                    pending.append(base)
                found.setdefault(base, []).extend(callers)
    return found


# A parameter (or variable) annotated with a class's name: `grid: GridBase`, `grid: "GridBase"`
# (from the colon on, which is fast to search for; a dictionary's value may match too).
_DECLARED = re.compile(r":[ \t]*[\"']?([A-Z]\w*)")


def declared_families(
    code: str, definitions: List[Statement], reading: Reading
) -> Tuple[List[Statement], List[Statement]]:
    """The classes of the module that a definition making a tensor of data declares
    objects of (`grid: GridBase`), with those deriving from them that make NumPy arrays
    and the classes between: such an object may be of any of them, and what its members
    hold is what their methods set (the evaluator reads them whole); and those
    definitions. Nothing when none of them makes NumPy arrays."""
    classes = {d.name: d for d in definitions if d.is_class and d.name is not None}
    anywhere = {name for name in _DECLARED.findall(code) if name in classes} if classes else set()
    if not anywhere:
        return [], []
    bases: Dict[str, List[str]] = {}
    derived: Dict[str, List[str]] = {}
    for name, owner in classes.items():
        bases[name] = [base for base in _bases_of(owner) if base in classes]
        for base in bases[name]:
            derived.setdefault(base, []).append(name)
    family: Set[str] = set()
    declarers: List[Statement] = []
    makers = reading.array_makers
    makes: Dict[str, bool] = {}  # by class: does it make NumPy arrays (read once)

    def makes_arrays(name: str) -> bool:
        if name not in makes:
            makes[name] = bool(makers.search(classes[name].text))
        return makes[name]

    for definition in definitions:
        if definition.names.isdisjoint(anywhere) or not makers.within(definition.text).tensor_of_data.search(
            definition.text
        ):
            continue
        declared = {n for n in _DECLARED.findall(definition.text) if n in classes and n != definition.name}
        below = _reached(declared, derived)
        making = [name for name in below if makes_arrays(name)]
        if making:
            family |= declared | _reached(set(making), {n: [b for b in bases[n] if b in below] for n in below})
            declarers.append(definition)
    return [classes[name] for name in classes if name in family], declarers


def _reached(names: Set[str], edges: Dict[str, List[str]]) -> Set[str]:
    """The names, and those the edges lead to from them, however far."""
    found = set(names)
    pending = list(names)
    while pending:
        for following in edges.get(pending.pop(), ()):
            if following not in found:
                found.add(following)
                pending.append(following)
    return found


def _methods(owner: Statement, reading: Reading) -> List[Statement]:
    members = described_members(owner, reading.code_lines, reading.structure_lines)
    return [m for m in members if m.name is not None]


def _bound_hot_in_body(owner: Statement, reading: Reading) -> Set[str]:
    """The names a class's body binds to a float64 value (`dtype = torch.float64`, a
    dataclass's field), which its methods read as `self.dtype`."""
    members = described_members(owner, reading.code_lines, reading.structure_lines)
    return {name for m in members if m.name is None and reading.makes_float64(m.text) for name in m.bound}


def left_out_of_class(
    owner: Statement, reading: Reading, callers: Sequence[Statement] = (), inherited: FrozenSet[str] = frozenset()
) -> List[Statement]:
    """The methods (and nested classes) of a class that stays that nothing can come from:
    kept are those with a float64-like spelling, a hot name, a call to a function that
    stays or a predicate that stays (a guard may test it, analysis/devices.py), those the
    `callers` from a derived class call, and then those reading an
    attribute (`self.freqs`) a kept one, or a base (`inherited`), may set to float64 or naming a kept method,
    those a method with a float64-like spelling calls (`self.helper(x)`), and those that
    set an attribute such a method, or a caller, reads (`self.samples = np.loadtxt(...)` in `__init__`,
    `self.outputs.append(output.cpu())`: the analysis follows an array and where a tensor
    is there). Every other
    statement of the body stays; a nested class that stays is narrowed the same way."""
    members = described_members(owner, reading.code_lines, reading.structure_lines)
    methods = [m for m in members if m.name is not None]
    kept = [m for m in members if m not in methods]
    kept += [
        m
        for m in methods
        if reading.is_source(m) or m.names & reading.hot or m.calls(reading.functions) or m.calls(reading.predicates)
    ]
    if reading.is_source(owner) and not any(reading.is_source(m) for m in methods):
        # The class hands torch an array one method makes and another reads from `self`
        # (`self.alphas = np.cumprod(...)` in `__init__`, `torch.from_numpy(self.alphas)`).
        makers = reading.array_makers
        kept += [
            m
            for m in methods
            if m not in kept and (makers.search(m.text) or makers.within(m.text).tensor_of_data.search(m.text))
        ]
    kept += callees(list(callers), [m for m in methods if m not in kept], _SELF_CALLED)
    rest = [m for m in methods if m not in kept]
    attributes: Set[str] = set(inherited) | _bound_hot_in_body(owner, reading)
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
    sources = [m for m in kept if reading.is_source(m)]
    kept.extend(callees(sources, rest, _SELF_CALLED))
    rest = [m for m in rest if m not in kept]
    read = {name for m in (*sources, *callers) for name in _SELF_READ.findall(m.text)}
    # A function kept on `self` and called there (`self.compute_fn(y, p)`): what sets it stays.
    own = {m.name for m in methods}
    read |= {name for m in kept for name in _SELF_CALLED.findall(m.text) if name not in own}
    # And what sets a device a kept method reads (`self.device = torch.device("cpu")` in a
    # test case's `setUp`): the analysis reads which devices the code runs on from it.
    read |= {name for m in kept for name in _SELF_READ.findall(m.text) if device_like_name(name)}
    kept.extend(m for m in rest if not attributes_set(m.text).isdisjoint(read))
    kept.extend(m for m in rest if m not in kept and m.name in read)  # handed on: `collate_fn=self.collate`
    rest = [m for m in rest if m not in kept]
    for member in kept:
        if member.is_class:
            rest.extend(left_out_of_class(member, reading))
    return rest
