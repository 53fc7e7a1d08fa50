"""What a module exports to the modules that import it (flow/summaries.py)."""

from __future__ import annotations

from f64lint.analysis.flow.exports import Export
from f64lint.analysis.flow.summaries import summarise
from tests.analysis.marked import analysed

SOURCE = """
import numpy as np
import torch


def table(n):
    grid = torch.arange(n, dtype=torch.float64)
    return grid / n


def narrow(n):
    return torch.arange(n, dtype=torch.float64).float()


def plain(n):
    return torch.arange(n)


SCALE = torch.ones(3).double()
LIMIT = 3.0


class Encoder:
    def table(self):
        return torch.zeros(3, dtype=torch.float64)
"""


def test_top_level_functions_that_return_float64_and_module_names_bound_to_it_are_exported():
    analysis = analysed(SOURCE, module_name="pkg.utils", package="pkg")
    assert summarise(analysis.facts, analysis.flow, "pkg/utils.py") == (
        Export("pkg.utils", "table", True, "torch.arange(dtype=torch.float64)", "float64", "pkg/utils.py", 6),
        Export("pkg.utils", "SCALE", False, ".double()", "float64", "pkg/utils.py", 18),
    )


def test_a_module_whose_name_is_not_known_exports_nothing():
    analysis = analysed(SOURCE)
    assert summarise(analysis.facts, analysis.flow, "utils.py") == ()


def test_exports_survive_the_cache_row_format():
    export = Export("pkg.utils", "table", True, "torch.arange(dtype=torch.float64)", "float64", "pkg/utils.py", 5)
    assert Export.from_row(export.as_row()) == export
