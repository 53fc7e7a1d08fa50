"""The name a module imports `torch` under, and the edit that imports it when it does not."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from f64lint.analysis.module import ModuleFacts
from f64lint.diagnostic import Edit, Position
from f64lint.fix.edits import EditMaker


def torch_module_name(module: cst.Module) -> Optional[str]:
    """`th` after a top-level `import torch as th`; None when torch is not imported as a module."""
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, cst.Import):
                continue
            for alias in small.names:
                if isinstance(alias.name, cst.Name) and alias.name.value == "torch":
                    if alias.asname is None:
                        return "torch"
                    if isinstance(alias.asname.name, cst.Name):
                        return alias.asname.name.value
    return None


def _is_import_line(statement: cst.CSTNode) -> bool:
    return isinstance(statement, cst.SimpleStatementLine) and all(
        isinstance(small, (cst.Import, cst.ImportFrom)) for small in statement.body
    )


def _is_docstring(statement: cst.CSTNode) -> bool:
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, (cst.SimpleString, cst.ConcatenatedString))
    )


def import_torch(facts: ModuleFacts, maker: EditMaker) -> Edit:
    """`import torch` on its own line after the module's last top-level import (after the
    docstring when there is none). Only called for a module with code in it."""
    body = facts.module.body
    imports = [statement for statement in body if _is_import_line(statement)]
    after = imports[-1] if imports else body[0] if body and _is_docstring(body[0]) else None
    if after is None:  # below a shebang and comments that open the file
        return maker.insert(Position(maker.start(body[0]).line, 1), "import torch\n")
    line = maker.end(after).line
    if line == len(maker.lines):  # the last line, without a line break
        return maker.insert(Position(line, len(maker.lines[-1]) + 1), "\nimport torch")
    return maker.insert(Position(line + 1, 1), "import torch\n")
