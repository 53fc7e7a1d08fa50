"""Summaries: what a module gives the modules that import it, as plain data.

A module's summary names its top-level functions that return a float64 (or complex128)
value and its module-level names bound to one, each with where the value is made. The
linter asks for it only of a module with a finding: such a value is one where it is made. It is
computed once per module, from the module alone, and read by the flow of the modules that
import those names (the runner's project phase hands them over): `pos = table().to(device)`
in `model.py` after `from .utils import table` is a float64 move when `utils.table`
returns float64.
"""

from __future__ import annotations

from typing import Tuple

from f64lint.analysis.flow.exports import Export
from f64lint.analysis.flow.values import Flow, WideValue
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.cst import cst


ModuleSummary = Tuple[Export, ...]


def summarise(facts: ModuleFacts, flow: Flow, path: str) -> ModuleSummary:
    """The exports of a module whose name is known (none otherwise)."""
    if not facts.module_name:
        return ()
    found = []
    for statement in facts.module.body:
        if isinstance(statement, cst.FunctionDef):
            wide = flow.returns(statement)
            if wide is not None:
                found.append(_export(facts, statement.name.value, True, wide, path))
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if isinstance(small, cst.Assign) and len(small.targets) == 1 and isinstance(small.targets[0].target, cst.Name):
                    wide = flow.wide_value(small.value)
                    if wide is not None:
                        found.append(_export(facts, small.targets[0].target.value, False, wide, path))
    return tuple(found)


def _export(facts: ModuleFacts, name: str, returned: bool, wide: WideValue, path: str) -> Export:
    assert facts.module_name is not None
    if wide.imported is not None:  # passed on from another module: keep where it was made
        made = wide.imported
        return Export(facts.module_name, name, returned, made.made_by, made.width, made.path, made.line)
    line = facts.positions[wide.origin].start.line
    return Export(facts.module_name, name, returned, wide.made_by, wide.width.value, path, line)
