"""Class hierarchies across modules: what an object of a class may hold when the code only
declares its class and the value comes from a subclass another module defines.

`GridBase.discretization` is a property that returns `self._discretization`, which
`GridBase` never sets: each grid class of another module sets it (`UnitGrid` to
`np.ones(dim)`). A `grid: GridBase` may be a `UnitGrid`, so its `discretization` may be
float64. The modules' summaries describe their classes (`BASE` and `READS` rows,
flow/summaries.py); the project phase reads those of the whole run here and hands on
what such properties give, marked as a subclass's (`Export.subclass`), read only for an
object the code declares (`Imported.bound_to`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, Iterable, List, Sequence, Set

from f64lint.analysis.project.exports import BASE, CLASS_ROWS, KEPT, READS, SEEN, Export

MOST_GENERATIONS = 8  # subclasses of subclasses followed, at most


def inherited(exports: Sequence[Export], source_of: Callable[[str, Set[str]], str]) -> List[Export]:
    """What the properties of the run's classes that give an attribute of `self` the
    class does not set give for each subclass that sets it to a float64 value, as the
    class's own members (`pkg.grids.base.GridBase.discretization`, from
    `UnitGrid._discretization`). `source_of` gives the name a base is defined by for the
    name a module imports it by (through a package's re-exports), among the classes known."""
    classes = {_owner(export) for export in exports if export.width in CLASS_ROWS}
    subclasses: Dict[str, List[str]] = {}
    reads: Dict[str, Dict[str, str]] = {}  # by class: its properties, with the attribute each gives
    held: Dict[str, Dict[str, Export]] = {}  # by class: the float64 members it sets itself
    for export in exports:
        owner, _, member = export.name.partition(".")
        qualified = f"{export.module}.{owner}"
        if export.width == BASE:
            subclasses.setdefault(source_of(export.made_by, classes), []).append(qualified)
        elif export.width == READS:
            reads.setdefault(qualified, {})[member] = export.made_by
        elif member and _sets_itself(export):
            held.setdefault(qualified, {}).setdefault(member, export)
    found: List[Export] = []
    for owner, properties in reads.items():
        own = held.get(owner, {})
        named: Set[str] = set()  # the properties a subclass's value is handed on for, under the class
        for subclass in _descendants(owner, subclasses):
            members = held.get(subclass, {})
            for name, attribute in properties.items():
                given = members.get(attribute)
                if given is None or attribute in own or name in own:
                    continue
                if name not in members:  # an object of that subclass itself
                    found.append(_as_member(given, subclass, name, ""))
                if name not in named:  # an object declared of the class: the first subclass's
                    found.append(_as_member(given, owner, name, subclass))
                    named.add(name)
    return found


def _as_member(given: Export, owner: str, name: str, subclass: str) -> Export:
    module, _, short = owner.rpartition(".")
    return replace(given, module=module, name=f"{short}.{name}", returned=False, subclass=subclass)


def _sets_itself(export: Export) -> bool:
    """Is the row a float64 attribute a class sets (not what a method returns, a dataset's
    place, a function it keeps, or a subclass's)?"""
    return not (export.returned or export.subclass) and export.item is None and export.width not in (KEPT, SEEN)


def _owner(export: Export) -> str:
    return f"{export.module}.{export.name.partition('.')[0]}"


def _descendants(owner: str, subclasses: Dict[str, List[str]]) -> Iterable[str]:
    """The classes that derive from a class, nearest first, each once."""
    seen: Set[str] = {owner}
    generation = [owner]
    for _ in range(MOST_GENERATIONS):
        children = (child for parent in generation for child in subclasses.get(parent, ()))
        generation = [child for child in dict.fromkeys(children) if child not in seen]
        seen.update(generation)
        yield from generation
