"""The name a module imports `torch` under, and the edit that imports it when it does not."""

from __future__ import annotations

import re
from collections import Counter
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.nodes import blocks_of
from f64lint.cst import cst
from f64lint.diagnostic import Edit, Position
from f64lint.fix.edits import EditMaker
from f64lint.source.notebook import CELL_MARK_PREFIX


def torch_module_name(module: cst.Module) -> Optional[str]:
    """`th` after a module-level `import torch as th` (also one under `if
    is_torch_available():` or in a `try`, as libraries that make torch optional import
    it); None when torch is not imported as a module."""
    for statement in _module_level_lines(module.body):
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


def _module_level_lines(body: Sequence[cst.BaseStatement]) -> Iterator[cst.SimpleStatementLine]:
    """The simple statements of a module body, and of the `if`, `try` and `with` blocks in
    it (not of functions or classes)."""
    for statement in body:
        if isinstance(statement, cst.SimpleStatementLine):
            yield statement
        elif isinstance(statement, (cst.If, cst.Try, cst.With)):
            for block in blocks_of(statement):
                if isinstance(block, cst.IndentedBlock):
                    yield from _module_level_lines(block.body)


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


def _is_cell_marker(statement: cst.CSTNode) -> bool:
    """The statement a notebook's module holds before each code cell (source/notebook.py)."""
    return (
        isinstance(statement, cst.SimpleStatementLine)
        and len(statement.body) == 1
        and isinstance(statement.body[0], cst.Expr)
        and isinstance(statement.body[0].value, cst.Name)
        and statement.body[0].value.value.startswith(CELL_MARK_PREFIX)
    )


def _after_imports(facts: ModuleFacts, maker: EditMaker, line_text: str) -> Edit:
    """`line_text` on its own line after the last import of the module's opening imports
    (after the docstring when there are none), so that it comes before any code that
    uses it: in a notebook, the imports of the first cells that are only imports. Only
    called for a module with code in it."""
    body = facts.module.body
    opening: List[cst.CSTNode] = []
    for number, statement in enumerate(body):
        if not (_is_import_line(statement) or _is_cell_marker(statement) or (number == 0 and _is_docstring(statement))):
            break
        opening.append(statement)
    imports = [statement for statement in opening if _is_import_line(statement)]
    after = imports[-1] if imports else body[0] if body and _is_docstring(body[0]) else None
    if after is None:  # below a shebang and comments that open the file
        spacing = "\n\n" if isinstance(body[0], (cst.FunctionDef, cst.ClassDef)) else ""
        return maker.insert(Position(maker.start(body[0]).line, 1), f"{line_text}\n{spacing}")
    line = maker.end(after).line
    if line == len(maker.lines):  # the last line, without a line break
        return maker.insert(Position(line, len(maker.lines[-1]) + 1), f"\n{line_text}")
    return maker.insert(Position(line + 1, 1), f"{line_text}\n")


def import_torch(facts: ModuleFacts, maker: EditMaker) -> Edit:
    return _after_imports(facts, maker, "import torch")


def import_from(facts: ModuleFacts, maker: EditMaker, module: str, name: str) -> Tuple[Edit, ...]:
    """`from module import name`, unless the module already binds `name` at the top level."""
    for statement in facts.module.body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            if isinstance(small, cst.ImportFrom) and not isinstance(small.names, cst.ImportStar):
                for alias in small.names:
                    bound = alias.asname.name if alias.asname is not None else alias.name
                    if isinstance(bound, cst.Name) and bound.value == name:
                        return ()
    return (_after_imports(facts, maker, f"from {module} import {name}"),)


# Names whose `from torch import ...` / `from numpy import ...` a fix can leave unused.
_WIDE_NAMES = frozenset({"float64", "double", "complex128", "cdouble", "float_", "complex_"})
_IMPORTS_WIDE_NAME = re.compile(
    r"from\s+(torch|numpy)\s+import[^\n]*(\n[^\n]*){0,20}?\b(float64|double|complex128|cdouble|float_|complex_)\b"
)


def _wide_imports(module: cst.Module) -> Dict[str, Tuple[cst.SimpleStatementLine, cst.ImportFrom, cst.ImportAlias]]:
    """Top-level `from torch/numpy import float64 [as f64]`, by the name they bind."""
    found = {}
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if (
                isinstance(small, cst.ImportFrom)
                and isinstance(small.module, cst.Name)
                and small.module.value in ("torch", "numpy")
                and not small.relative
                and not isinstance(small.names, cst.ImportStar)
            ):
                for alias in small.names:
                    if isinstance(alias.name, cst.Name) and alias.name.value in _WIDE_NAMES:
                        bound = alias.asname.name if alias.asname is not None else alias.name
                        if isinstance(bound, cst.Name):
                            found[bound.value] = (statement, small, alias)
    return found


def _reads(module: cst.Module) -> Counter:
    """How often each name is read outside import statements (not as an attribute:
    `torch.float64` does not use `from torch import float64`)."""
    counts: Counter = Counter()
    stack: List[cst.CSTNode] = [module]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.Import, cst.ImportFrom)):
            continue
        if isinstance(node, cst.Name):
            counts[node.value] += 1
        if isinstance(node, cst.Attribute):
            stack.append(node.value)  # its `attr` is no name of the module's
            continue
        stack.extend(node.children)
    return counts


def drop_imports_left_unused(before: str, after: str) -> str:
    """`after` without the float64 imports (`from torch import float64`) that were used in
    `before` and are not any more: the fix replaced their every use."""
    if not _IMPORTS_WIDE_NAME.search(after):
        return after
    try:
        old, new = cst.parse_module(before), cst.parse_module(after)
    except cst.ParserSyntaxError:
        return after
    imported = _wide_imports(new)
    if not imported:
        return after
    used_before, used_after = _reads(old), _reads(new)
    unused = {name for name in imported if used_before[name] and not used_after[name]}
    if not unused:
        return after
    return _without_aliases(new, {id(imported[name][2]) for name in unused}).code


def _without_aliases(module: cst.Module, aliases: Set[int]) -> cst.Module:
    """The module without the import aliases (by id) given; an import left with none goes.
    (The transformer class is made here: see f64lint/cst.py.)"""

    class DropAliases(cst.CSTTransformer):
        def leave_ImportFrom(self, original: cst.ImportFrom, updated: cst.ImportFrom):
            if isinstance(updated.names, cst.ImportStar) or isinstance(original.names, cst.ImportStar):
                return updated  # both or neither: the names are visited, not replaced
            kept = [alias for old, alias in zip(original.names, updated.names) if id(old) not in aliases]
            if len(kept) == len(updated.names):
                return updated
            if not kept:
                return cst.RemoveFromParent()
            kept[-1] = kept[-1].with_changes(comma=updated.names[-1].comma)
            return updated.with_changes(names=kept)

    return module.visit(DropAliases())
