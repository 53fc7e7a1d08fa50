"""Summaries: what a module gives the modules that import it, as plain data.

A module's summary names its top-level functions that return a float64 (or complex128)
tensor or NumPy array, its classes' methods that return one and attributes set on `self`
to one, its module-level names bound to one, each with where the value is made, and its
dataset classes whose `__getitem__` gives float64 NumPy arrays (batched as they are by a
`DataLoader`), and the float64 data its calls pass to other modules' functions
(passed_on.py: rows the project phase hands to those functions' modules instead). It is
computed once per module, from the module alone, and read by the
flow of the modules that import those names (the runner's project phase hands them
over): `pos = table().to(device)` in `model.py` after `from .utils import table` is a
float64 move when `utils.table` returns float64. The linter asks for it of a module with
a finding, and of one that makes NumPy float64 arrays (no finding there: NumPy's float64
is fine on the CPU, until another module makes it a tensor).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional, Sequence, Set, Tuple

from f64lint.analysis.domain.arrays import ArraySource
from f64lint.analysis.domain.dtypes import named_for_others, spelled_dtype
from f64lint.analysis.evaluation.classes import is_self_attribute
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.passed_on import passed_on
from f64lint.analysis.flow.values import Flow, WideValue
from f64lint.analysis.project.exports import BASE, READS, SEEN, Export
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.nodes import is_property
from f64lint.cst import cst

ModuleSummary = Tuple[Export, ...]


def summarise(analysis: Analysis, path: str) -> ModuleSummary:
    """The exports of a module whose name is known (none otherwise), from the last
    top-level definition or binding of each name (Python keeps the last one)."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name:
        return ()
    found = []
    for statement in _last_of_each_name(facts.module.body):
        if isinstance(statement, cst.FunctionDef):
            wide = flow.returns(statement)
            if wide is not None:
                found.append(_export(facts, statement.name.value, True, wide, path))
            else:
                named, returned = statement.name.value, flow.returned_values(statement)
                if returned and all(_written_out(value) for value in returned):  # `return x, y`
                    found.extend(_parts(facts, flow, named, returned, path))
                else:
                    array = _made(facts, flow, named, True, returned, path)
                    found.extend([array] if array is not None else [])
        elif isinstance(statement, cst.ClassDef):
            found.extend(_members(facts, flow, statement, path))
            found.extend(_dataset(analysis, statement, path))
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if (
                    isinstance(small, cst.Assign)
                    and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                ):
                    made = _made(facts, flow, small.targets[0].target.value, False, [small.value], path)
                    found.extend([made] if made is not None else [])
    return (*found, *passed_on(analysis, path))


def summarise_dtypes(analysis: Analysis, path: str) -> ModuleSummary:
    """The float64 dtypes a module without a finding gives away (`DTYPE = torch.float64`,
    `def precise(): return torch.double`, `self.dtype = torch.float64` of a class), the
    part of its summary such a module can have that another module's finding may read."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name:
        return ()
    found: List[Optional[Export]] = []
    for statement in _last_of_each_name(facts.module.body):
        if isinstance(statement, cst.FunctionDef):
            returned = flow.returned_values(statement)
            found.extend(_wide_dtype(facts, flow, value, statement.name.value, True, path) for value in returned)
        elif isinstance(statement, cst.ClassDef):
            for attribute, values in flow.attributes_set(statement).items():
                named = f"{statement.name.value}.{attribute}"
                found.extend(_wide_dtype(facts, flow, value, named, False, path) for value in values)
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1:
                    target = small.targets[0].target
                    if isinstance(target, cst.Name):
                        found.append(_wide_dtype(facts, flow, small.value, target.value, False, path))
    exports: Dict[str, Export] = {}
    for export in found:
        if export is not None:
            exports.setdefault(export.name, export)
    return tuple(exports.values())


def _last_of_each_name(body: Sequence[cst.BaseStatement]) -> List[cst.BaseStatement]:
    """The module's statements but the definitions a later one of the same name replaces."""
    last: Dict[str, int] = {}
    for index, statement in enumerate(body):
        for name in _defined(statement):
            last[name] = index
    return [
        statement for index, statement in enumerate(body) if all(last[name] == index for name in _defined(statement))
    ]


def _defined(statement: cst.BaseStatement) -> List[str]:
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return [statement.name.value]
    if isinstance(statement, cst.SimpleStatementLine):
        return [
            target.target.value
            for small in statement.body
            if isinstance(small, cst.Assign)
            for target in small.targets
            if isinstance(target.target, cst.Name)
        ]
    return []


def _members(facts: ModuleFacts, flow: Flow, owner: cst.ClassDef, path: str) -> List[Export]:
    """A class's methods (and properties) that return, and attributes its methods set on
    `self` to, a float64 tensor or NumPy array: `Schedule.timesteps`, `Schedule.sigmas`,
    read in other modules as `schedule.timesteps()` and `schedule.sigmas` of a
    `schedule = Schedule()` or a `schedule: Schedule`."""
    found = []
    for method in owner.body.body:
        if isinstance(method, cst.FunctionDef) and not method.name.value.startswith("__"):
            name = f"{owner.name.value}.{method.name.value}"
            called = not is_property(method)  # a property is read as an attribute (`grid.spacing`)
            export = _made(facts, flow, name, called, flow.returned_values(method), path)
            if export is not None:
                found.append(export)
    for attribute, values in flow.attributes_set(owner).items():
        export = _made(facts, flow, f"{owner.name.value}.{attribute}", False, values, path)
        if export is not None:
            found.append(export)
    return found + _structure(facts, flow, owner, path)


def _structure(facts: ModuleFacts, flow: Flow, owner: cst.ClassDef, path: str) -> List[Export]:
    """What the project phase reads of a class to follow it across modules
    (project/hierarchy.py): its bases of the same package, by qualified name, and its
    properties that give an attribute of `self` it never sets (`return self._coords`,
    which its subclasses set)."""
    assert facts.module_name is not None
    package = facts.module_name.split(".")[0]
    found = []  # (name, made_by, width) of each row
    set_here = set(flow.attributes_set(owner))
    for base in owner.bases:
        qualified = facts.library_name(base.value)
        if qualified is not None and qualified.split(".")[0] == package:
            found.append((owner.name.value, qualified, BASE))
    for method in owner.body.body:
        if isinstance(method, cst.FunctionDef) and is_property(method):
            returned = flow.returned_values(method)
            read = {value.attr.value for value in returned if is_self_attribute(value)}
            if len(read) == 1 and all(is_self_attribute(value) for value in returned) and not read & set_here:
                found.append((f"{owner.name.value}.{method.name.value}", read.pop(), READS))
    # No line: the project phase reads these rows and shows none (asking a node's line works
    # out the positions of the whole module, most of the cost of a summary).
    return [Export(facts.module_name, name, False, made_by, width, path, 0) for name, made_by, width in found]


def _made(
    facts: ModuleFacts, flow: Flow, name: str, returned: bool, values: Sequence[cst.BaseExpression], path: str
) -> Optional[Export]:
    """The export of a member whose values include a float64 tensor or NumPy array, or a
    float64 dtype (`DTYPE = torch.float64`)."""
    for value in values:
        dtype = _wide_dtype(facts, flow, value, name, returned, path)
        if dtype is not None:
            return dtype
        wide = flow.wide_value(value)
        if wide is not None:
            return _export(facts, name, returned, wide, path)
        source = flow.float64_array(value)
        if source is not None:
            assert facts.module_name is not None
            line = facts.positions[source.origin].start.line
            return Export(facts.module_name, name, returned, source.origin_name, "float64", path, line)
    return None


def _parts(
    facts: ModuleFacts, flow: Flow, name: str, values: Sequence[cst.BaseExpression], path: str
) -> List[Export]:
    """The float64 tensors and NumPy arrays in the tuples a function returns written out
    (`return x, y`), by place: a place's first."""
    parts: Dict[int, Export] = {}
    for value in values:
        assert isinstance(value, cst.Tuple)
        for place, element in enumerate(value.elements):
            made = _made(facts, flow, name, True, [element.value], path)
            if made is not None and not made.dtype:
                parts.setdefault(place, replace(made, item=(place,)))
    return list(parts.values())


def _written_out(value: cst.BaseExpression) -> bool:
    """A tuple written out, each of its places known (`x, y`, not `(*xs, y)`)."""
    return isinstance(value, cst.Tuple) and not any(isinstance(e, cst.StarredElement) for e in value.elements)


def _wide_dtype(
    facts: ModuleFacts, flow: Flow, value: cst.BaseExpression, name: str, returned: bool, path: str
) -> Optional[Export]:
    """The export of a float64 dtype a value holds, named so the importing modules read it."""
    spelled = spelled_dtype(facts, value)
    if spelled is None or not spelled[0].is_wide or flow.guards.never_on_mps(spelled[1]):
        return None  # not where an MPS test keeps it out (`if device.type != "mps":`)
    dtype, written = spelled
    named = named_for_others(facts, written)
    if not named:
        return None
    assert facts.module_name is not None
    line = facts.positions[written].start.line
    return Export(facts.module_name, name, returned, named, dtype.width.value, path, line, dtype=True)


def _dataset(analysis: Analysis, owner: cst.ClassDef, path: str) -> List[Export]:
    """For a class with a `__getitem__`: the places of the item where its returns give a
    float64 NumPy array (`return self.x[i], self.y[i]`), and those where each return gives
    data whose dtype the code shows (`SEEN`: `self.x` made with `dtype=np.float32`)."""
    facts, flow = analysis.facts, analysis.flow
    getitem = facts.definitions.method(owner, "__getitem__")
    if getitem is None:
        return []
    places: Dict[Tuple[int, ...], ArraySource] = {}
    seen: Dict[Tuple[int, ...], cst.BaseExpression] = {}
    unseen: Set[Tuple[int, ...]] = set()
    parts = [dict(_item_parts(value)) for value in flow.returned_values(getitem)]
    for items in parts:
        for place, item in items.items():
            source = flow.float64_array(item)
            if source is not None:
                places.setdefault(place, source)
            elif analysis.data.shows_dtype(item):
                seen.setdefault(place, item)
            else:
                unseen.add(place)
    everywhere = [place for place in seen if all(place in items for items in parts)]
    assert facts.module_name is not None
    return [
        Export(
            facts.module_name,
            owner.name.value,
            False,
            source.origin_name,
            "float64",
            path,
            facts.positions[source.origin].start.line,
            place,
        )
        for place, source in places.items()
    ] + [
        Export(
            facts.module_name, owner.name.value, False, "", SEEN, path, facts.positions[seen[place]].start.line, place
        )
        for place in everywhere
        if place not in places and place not in unseen
    ]


def _item_parts(value: cst.BaseExpression) -> List[Tuple[Tuple[int, ...], cst.BaseExpression]]:
    """A `__getitem__` return's parts by place: each element of a tuple or list up to a
    starred one (`(*ids, x)`: the places after it are not known), else the whole item."""
    if not isinstance(value, (cst.Tuple, cst.List)):
        return [((), value)]
    parts: List[Tuple[Tuple[int, ...], cst.BaseExpression]] = []
    for index, element in enumerate(value.elements):
        if isinstance(element, cst.StarredElement):
            break
        parts.append(((index,), element.value))
    return parts


def _export(facts: ModuleFacts, name: str, returned: bool, wide: WideValue, path: str) -> Export:
    assert facts.module_name is not None
    if wide.imported is not None:  # passed on from another module: keep where it was made
        made = wide.imported
        return Export(
            facts.module_name, name, returned, made.made_by, made.width, made.path, made.line, tensor=made.tensor
        )
    line = facts.positions[wide.origin].start.line
    return Export(facts.module_name, name, returned, wide.made_by, wide.width.value, path, line, tensor=True)
