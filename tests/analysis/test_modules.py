"""Module names of files, and the modules relative imports read (semantic/modules.py,
semantic/bindings.py)."""

from __future__ import annotations

from typing import Optional

import pytest

from f64lint.analysis.semantic.bindings import imported_module
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.analysis.semantic.walk import walk
from f64lint.cst import cst


def test_module_names_follow_the_folders_that_hold_an_init(tmp_path):
    package = tmp_path / "pkg" / "sub"
    package.mkdir(parents=True)
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (package / "__init__.py").write_text("")
    assert ModulePlace.of(package / "model.py") == ModulePlace("pkg.sub.model", "pkg.sub")
    assert ModulePlace.of(package / "__init__.py") == ModulePlace("pkg.sub", "pkg.sub")
    assert ModulePlace.of(tmp_path / "script.py") == ModulePlace("script", "")


def _imported(statement: str, package: Optional[str]) -> Optional[str]:
    node = cst.parse_statement(statement).body[0]
    assert isinstance(node, cst.ImportFrom)
    return imported_module(node, package)


@pytest.mark.parametrize(
    "statement, package, expected",
    [
        ("from .utils import table", "pkg.models", "pkg.models.utils"),
        ("from . import utils", "pkg.models", "pkg.models"),
        ("from ..layers.rope import freqs", "pkg.models", "pkg.layers.rope"),
        ("from .. import layers", "pkg.models", "pkg"),
        ("from ... import x", "pkg.models", None),
        ("from .utils import table", "", None),
        ("from .utils import table", None, None),
        ("from torch import float64", None, "torch"),
    ],
)
def test_the_module_a_from_import_reads(statement, package, expected):
    assert _imported(statement, package) == expected


def _names(package: Optional[str]) -> dict:
    module = cst.parse_module("from .utils import table\nfrom .. import layers as L\nx = L.rope(table())\n")
    facts = walk(module, module_name="pkg.models.model" if package else None, package=package)
    return {name.value: facts.qualified_name(name) for name in facts.bindings}


def test_relative_imports_give_qualified_names_when_the_package_is_known():
    assert _names("pkg.models") == {"L": "pkg.layers", "table": "pkg.models.utils.table", "x": None}
    assert _names(None) == {"L": None, "table": None, "x": None}
