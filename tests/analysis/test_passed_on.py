"""What a module's calls pass to other modules' functions (flow/passed_on.py)."""

from __future__ import annotations

from f64lint.analysis.flow.passed_on import passed_on
from f64lint.analysis.project.exports import Export
from tests.analysis.marked import analysed

CALLER = """
import numpy as np
import torch

from pkg import prep as p
from pkg.prep import prep, Grid


def helper(x, device):
    return x


def main(device):
    grid = np.linspace(0, 1, 5)
    prep(grid, device)
    p.place(points=torch.zeros(3, dtype=torch.float64), device=device)
    Grid(np.ones(4), device)
    prep(grid.astype(np.float32), device)
    prep(grid, "cpu")
    prep(grid, device=None)
    helper(grid, device)
    np.sum(grid)
    if device.type != "mps":
        prep(grid, device)


prep(np.arange(3) / 2, torch.device("mps"))
"""


def test_the_float64_data_a_call_passes_to_another_modules_function_is_a_row_for_its_module():
    analysis = analysed(CALLER, module_name="pkg.train", package="pkg")
    shown = "pkg/train.py"
    assert passed_on(analysis, shown) == [
        Export("pkg.prep", "prep", False, "np.linspace", "float64", shown, 14, (0,), caller="pkg.train.main"),
        Export(
            "pkg.prep", "place", False, "torch.zeros(dtype=torch.float64)", "float64", shown, 15, tensor=True,
            caller="pkg.train.main", keyword="points",
        ),
        Export("pkg.prep", "Grid", False, "np.ones", "float64", shown, 16, (0,), caller="pkg.train.main"),
        Export("pkg.prep", "prep", False, "np.arange", "float64", shown, 26, (0,), caller="pkg.train"),
    ]


def test_a_module_of_no_known_name_passes_nothing():
    assert passed_on(analysed(CALLER), "train.py") == []


METHODS = """
import numpy as np

from pkg.models import Regressor


def main(device, other):
    model = Regressor(device)
    model.fit(np.ones(3))
    Regressor(device).fit(y=np.ones(3))
    if other:
        model = other
    model.fit(np.ones(3))
"""


def test_a_method_of_an_object_the_code_makes_of_another_modules_class_is_named_by_its_class():
    analysis = analysed(METHODS, module_name="pkg.train", package="pkg")
    shown = "pkg/train.py"
    assert passed_on(analysis, shown) == [
        Export("pkg.models", "Regressor.fit", False, "np.ones", "float64", shown, 8, (0,), caller="pkg.train.main"),
        Export(
            "pkg.models", "Regressor.fit", False, "np.ones", "float64", shown, 9, caller="pkg.train.main", keyword="y"
        ),
    ]
