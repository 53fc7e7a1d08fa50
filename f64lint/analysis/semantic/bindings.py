"""Scopes and the bindings they hold: a light replacement for LibCST's scope analysis.

LibCST's QualifiedNameProvider costs about five parses per file. We only need to know what
a name means where it is read: an import (`import torch as th` makes `th` mean `torch`),
a local value (which shadows an import and can be traced to the expression assigned), or
a builtin. Bindings are recorded in visiting order, so a read sees the latest assignment
before it, which is the reaching definition for straight-line code; after branches (`if`,
`try`, `match`, a loop that may not run) that bind a name differently, a read sees each
binding that may reach it.
"""

from __future__ import annotations

import builtins
from dataclasses import dataclass, field, replace
from typing import Dict, FrozenSet, List, Mapping, Optional, Sequence, Tuple

from f64lint.analysis.syntax.nodes import dotted_name
from f64lint.cst import cst

_BUILTIN_NAMES = frozenset(dir(builtins))

@dataclass(frozen=True)
class Binding:
    """What a name means at one point of the program.

    `qualified_name` is set for imports and builtins (`torch`, `numpy.float64`,
    `builtins.float`); `definition` for the name a `def` or `class` binds; `value` is the
    expression last assigned to a local, when simple;
    `part`, for a name unpacked from a call (`grid, n = build()`), is its index in the
    call's result. A name a `for` loop or comprehension binds has the expression it
    iterates in `iterated`, and in `path` where it sits in the target (`for i, (x, y) in
    enumerate(loader)` binds `y` with path (1, 1)); one unpacked from a value that is not
    written out or a call has it in `unpacked` (`x, y = batch`), its place in `path`.
    After branches that bind a name differently, `alternatives` are the
    bindings that may reach a read; the other fields are those of the last to bind it.
    A name a `with` statement binds has the context manager in `entered` (`with
    np.load(path) as f`).
    A name bound to an array API namespace (`xp, _ = get_namespace(X)`) has the module the
    namespace is read as in `qualified_name`, and `namespace` set.
    """

    qualified_name: Optional[str] = None
    definition: Optional[cst.CSTNode] = None
    value: Optional[cst.BaseExpression] = None
    part: Optional[int] = None
    iterated: Optional[cst.BaseExpression] = None
    unpacked: Optional[cst.BaseExpression] = None
    entered: Optional[cst.BaseExpression] = None
    path: Tuple[int, ...] = ()
    alternatives: Tuple["Binding", ...] = ()
    namespace: bool = False

    def reaching(self) -> Tuple["Binding", ...]:
        """The plain bindings a read of this may see."""
        return self.alternatives or (self,)


def unknown_local() -> Binding:
    """A local whose value is not known: a binding of its own, so that the reads of one
    parameter or loop variable are not mistaken for those of another."""
    return Binding()


@dataclass
class Scope:
    is_class: bool = False
    names: Dict[str, Binding] = field(default_factory=dict)
    star_modules: List[str] = field(default_factory=list)


class ScopeStack:
    """The scopes open at a point of the walk. `star_exports` are the names a `from m import *`
    brings in, by module (those of other modules are not known)."""

    def __init__(self, star_exports: Mapping[str, FrozenSet[str]]) -> None:
        self._scopes: List[Scope] = [Scope()]
        self._star_exports = star_exports

    def push(self, is_class: bool = False) -> None:
        self._scopes.append(Scope(is_class=is_class))

    def pop(self) -> None:
        self._scopes.pop()

    def bind(self, name: str, binding: Binding) -> None:
        self._scopes[-1].names[name] = binding

    def names(self) -> Dict[str, Binding]:
        """The innermost scope's bindings as they are now (to walk a branch from)."""
        return dict(self._scopes[-1].names)

    def restore(self, names: Dict[str, Binding]) -> None:
        self._scopes[-1].names = dict(names)

    def join(self, before: Dict[str, Binding], outcomes: Sequence[Dict[str, Binding]]) -> None:
        """After branches: each name sees what any branch that goes on may have bound. Its
        `value` stays the one the last branch to bind it gave (what a straight walk sees)."""
        if not outcomes:
            return  # no branch goes on: what follows is not reached
        joined: Dict[str, Binding] = {}
        for name in dict.fromkeys(name for outcome in outcomes for name in outcome):
            found = [outcome[name] for outcome in outcomes if name in outcome]
            reaching = tuple({id(b): b for binding in found for b in binding.reaching()}.values())
            if len(reaching) == 1:
                joined[name] = reaching[0]
                continue
            bound_here = [binding for binding in found if binding is not before.get(name)]
            joined[name] = replace((bound_here or found)[-1], alternatives=reaching)
        self._scopes[-1].names = joined

    def bind_star(self, module: str) -> None:
        self._scopes[-1].star_modules.append(module)

    def lookup(self, name: str) -> Optional[Binding]:
        innermost = len(self._scopes) - 1
        for depth in range(innermost, -1, -1):
            scope = self._scopes[depth]
            # A class body's names are not visible from the functions nested in it.
            if scope.is_class and depth != innermost:
                continue
            found = scope.names.get(name)
            if found is not None:
                return found
            for module in scope.star_modules:
                if name in self._star_exports.get(module, ()):
                    return Binding(qualified_name=f"{module}.{name}")
        if name in _BUILTIN_NAMES:
            return Binding(qualified_name=f"builtins.{name}")
        return None


def import_bindings(node: cst.Import) -> Dict[str, Binding]:
    bound: Dict[str, Binding] = {}
    for alias in node.names:
        module = dotted_name(alias.name)
        if module is None:
            continue
        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
            bound[alias.asname.name.value] = Binding(qualified_name=module)
        else:
            top = module.split(".")[0]
            bound[top] = Binding(qualified_name=top)
    return bound


def imported_module(node: cst.ImportFrom, package: Optional[str]) -> Optional[str]:
    """The module a `from ... import` reads: `pkg.utils` for `from .utils import x` in a
    module of package `pkg`; None for a relative import when the package is not known or
    the dots climb above it."""
    written = dotted_name(node.module) if node.module is not None else None
    if not node.relative:
        return written
    if package is None:
        return None
    parts = package.split(".") if package else []
    climb = len(node.relative) - 1
    if climb >= len(parts):
        return None
    base = parts[: len(parts) - climb]
    return ".".join(base + ([written] if written else [])) or None


def import_from_bindings(
    node: cst.ImportFrom, package: Optional[str] = None
) -> Tuple[Dict[str, Binding], Optional[str]]:
    """Bindings of a `from m import ...` and, for `from m import *`, the module.
    `package` is the package relative imports start from (None: not known)."""
    module = imported_module(node, package)
    if isinstance(node.names, cst.ImportStar):
        return {}, module
    bound: Dict[str, Binding] = {}
    for alias in node.names:
        if not isinstance(alias.name, cst.Name):
            continue
        local = alias.name.value
        if alias.asname is not None and isinstance(alias.asname.name, cst.Name):
            local = alias.asname.name.value
        qualified = f"{module}.{alias.name.value}" if module else None
        bound[local] = Binding(qualified_name=qualified) if qualified else unknown_local()
    return bound, None
