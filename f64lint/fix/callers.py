"""After thread-dtype gave module-level functions a `dtype` parameter, callers in the other
files of the run pass theirs on: `sincos(h, w)` becomes `sincos(h, w, dtype=dtype)` in a
function that has a `dtype` parameter. Callees are recognised by the names the caller's
imports bind (`from pkg.embeddings import sincos`, `from .embeddings import sincos`,
`import pkg.embeddings as emb; emb.sincos(...)`)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Dict, FrozenSet, List, Optional

from f64lint.analysis.syntax.nodes import dotted_name
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.semantic.walk import walk
from f64lint.cst import cst
from f64lint.diagnostic import Edit
from f64lint.fix.apply import apply_edits
from f64lint.fix.edits import EditMaker
from f64lint.fix.functions import can_take_dtype, dtype_parameter
from f64lint.linter import ParseFailure, parse


def module_name(path: Path) -> str:
    """`pkg.sub.mod` for pkg/sub/mod.py, counting the folders that hold an `__init__.py`."""
    absolute = Path(os.path.abspath(path))
    parts = [] if absolute.stem == "__init__" else [absolute.stem]
    folder = absolute.parent
    while (folder / "__init__.py").is_file() and folder.parent != folder:
        parts.insert(0, folder.name)
        folder = folder.parent
    return ".".join(parts)


def _relative_imports(module: cst.Module, own: str, is_package: bool) -> Dict[str, str]:
    """Names bound by top-level `from .mod import f` / `from .. import mod`, qualified."""
    package = own.split(".") if is_package else own.split(".")[:-1]
    bound: Dict[str, str] = {}
    for statement in module.body:
        if not isinstance(statement, cst.SimpleStatementLine):
            continue
        for small in statement.body:
            if not isinstance(small, cst.ImportFrom) or not small.relative or isinstance(small.names, cst.ImportStar):
                continue
            up = len(small.relative) - 1
            if up > len(package):
                continue
            base = package[: len(package) - up] if up else package
            if small.module is not None:
                base = [*base, dotted_name(small.module)]
            for alias in small.names:
                if isinstance(alias.name, cst.Name):
                    local = alias.asname.name if alias.asname is not None else alias.name
                    if isinstance(local, cst.Name):
                        bound[local.value] = ".".join([*base, alias.name.value])
    return bound


def _callee(facts: ModuleFacts, call: cst.Call, relative: Dict[str, str]) -> Optional[str]:
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        return qualified
    if isinstance(call.func, cst.Name):
        return relative.get(call.func.value)
    if isinstance(call.func, cst.Attribute) and isinstance(call.func.value, cst.Name):
        base = relative.get(call.func.value.value)
        return f"{base}.{call.func.attr.value}" if base is not None else None
    return None


def pass_dtype_on(text: str, path: Path, threaded: FrozenSet[str]) -> Optional[str]:
    """`text` with `dtype=dtype` added where a function with a `dtype` parameter calls one
    of `threaded` (qualified names); None when nothing changes."""
    module = parse(text)
    if isinstance(module, ParseFailure):
        return None
    facts = walk(module)
    relative = _relative_imports(module, module_name(path), Path(path).stem == "__init__")
    maker: Optional[EditMaker] = None
    edits: List[Edit] = []
    for call in facts.calls:
        if _callee(facts, call, relative) not in threaded or not can_take_dtype(call):
            continue
        caller = facts.enclosing_function(call)
        if caller is None or dtype_parameter(caller) is None:
            continue
        maker = maker or EditMaker(facts)
        edits.append(maker.add_keyword_argument(call, "dtype=dtype"))
    if not edits:
        return None
    new = apply_edits(text, edits)
    return new if not isinstance(parse(new), ParseFailure) else None
