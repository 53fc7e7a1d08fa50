"""The package's import graph: no cycle anywhere (imports inside functions and under
`TYPE_CHECKING` count), and the analysis layers import only downwards."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Dict, List, Set

import f64lint

PACKAGE = Path(f64lint.__file__).parent
# Each layer of f64lint/analysis and the layers it may import (besides itself).
LAYERS = {
    "syntax": set(),
    "semantic": {"syntax"},
    "domain": {"syntax", "semantic"},
    "flow": {"syntax", "semantic", "domain"},
}


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, name: str) -> Set[str]:
    """The f64lint modules a module imports, wherever the import statement is."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: Set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parents = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(parents + ([node.module] if node.module else []))
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def _graph() -> Dict[str, Set[str]]:
    modules = {_module_name(path): path for path in PACKAGE.rglob("*.py")}
    graph: Dict[str, Set[str]] = {}
    for name, path in modules.items():
        graph[name] = {target for target in _imports(path, name) if target in modules and target != name}
    return graph


def _cycles(graph: Dict[str, Set[str]]) -> List[List[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: Dict[str, int] = {}
    low: Dict[str, int] = {}
    stack: List[str] = []
    on_stack: Set[str] = set()
    found: List[List[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def _layer(module: str) -> str:
    parts = module.split(".")
    return parts[2] if len(parts) > 2 and parts[1] == "analysis" else ""


def test_no_module_of_the_package_takes_part_in_an_import_cycle():
    assert _cycles(_graph()) == []


def test_each_analysis_layer_imports_only_the_layers_below_it():
    wrong = []
    for module, targets in _graph().items():
        layer = _layer(module)
        if module.startswith("f64lint.analysis.") and layer in LAYERS:
            allowed = LAYERS[layer] | {layer}
            wrong += [
                (module, target)
                for target in targets
                if target.startswith("f64lint.analysis.") and _layer(target) not in allowed
            ]
    assert wrong == []


def test_the_analysis_imports_nothing_of_rules_fixes_or_reports():
    outside = [
        (module, target)
        for module, targets in _graph().items()
        if module.startswith("f64lint.analysis")
        for target in targets
        if not target.startswith("f64lint.analysis") and target not in ("f64lint", "f64lint.cst")
    ]
    assert outside == []


def test_the_cycle_finder_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
