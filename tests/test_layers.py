"""The package's import graph: no cycle between modules anywhere (imports inside functions
and under `TYPE_CHECKING` count); the layers of the pipeline, declared as import-linter
contracts in pyproject.toml, kept, and broken by an import that goes upwards; no private
name imported from another package."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Set

import f64lint

PACKAGE = Path(f64lint.__file__).parent



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


def test_no_module_of_the_package_takes_part_in_an_import_cycle():
    assert _cycles(_graph()) == []


def _lint_imports(project: Path) -> subprocess.CompletedProcess:
    """import-linter's `lint-imports`, run on the package found in `project` with
    `project`'s pyproject.toml."""
    return subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; sys.exit(lint_imports_command())",
         "--no-cache"],
        cwd=project, env=dict(os.environ, PYTHONPATH=str(project)), capture_output=True, text=True,
    )


def test_the_import_contracts_are_kept():
    completed = _lint_imports(PACKAGE.parent)
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "0 broken" in completed.stdout


def test_an_import_from_a_higher_layer_breaks_the_contracts(tmp_path):
    shutil.copytree(PACKAGE, tmp_path / "f64lint", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(PACKAGE.parent / "pyproject.toml", tmp_path)
    nodes = tmp_path / "f64lint" / "analysis" / "syntax" / "nodes.py"
    nodes.write_text(nodes.read_text() + "\n\ndef _upwards():\n    from f64lint.runner import run  # noqa: F401\n")
    completed = _lint_imports(tmp_path)
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert "f64lint.analysis.syntax.nodes -> f64lint.runner.run" in completed.stdout


def test_no_private_name_is_imported_from_another_package():
    crossing = []
    for path in PACKAGE.rglob("*.py"):
        name = _module_name(path)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("f64lint."):
                if node.module.split(".")[1] != (name.split(".") + [""])[1]:
                    crossing += [(name, node.module, alias.name) for alias in node.names if alias.name.startswith("_")]
    assert crossing == []


def test_the_cycle_finder_sees_a_cycle():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
