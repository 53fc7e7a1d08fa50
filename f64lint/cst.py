"""LibCST, imported on first use.

Modules of f64lint write `from f64lint.cst import cst` and use `cst.Call`, `cst.metadata`
as usual, but read no LibCST name while they are imported (annotations are strings,
module-level constants name node classes by name). LibCST takes a tenth of a second to
import: a run that takes every result from the cache, or a pre-commit run on files that no
rule can fire on, never parses and so never pays it. (`importlib.util.LazyLoader` cannot
do this on Python 3.11: the next `import libcst` reads the module's `__spec__` and loads
it.) tests/cli/test_cli.py checks that starting the command line does not import LibCST.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING


class _OnFirstUse(ModuleType):
    def __getattr__(self, name: str) -> object:
        value = getattr(importlib.import_module("libcst"), name)
        setattr(self, name, value)  # later reads are plain attribute reads
        return value


if TYPE_CHECKING:  # type checkers see LibCST itself
    import libcst as cst
    import libcst.metadata  # noqa: F401 (makes `cst.metadata` known to them)
else:
    cst = _OnFirstUse("libcst")
