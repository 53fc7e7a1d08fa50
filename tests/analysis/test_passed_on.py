"""What a module's calls pass to other modules' functions (flow/passed_on.py)."""

from __future__ import annotations

from f64lint.analysis.flow.passed_on import passed_on
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


def _rows(source):
    analysis = analysed(source, module_name="pkg.train", package="pkg")
    return [
        (row.module, row.name, row.made_by, row.line, row.item, row.tensor, row.caller, row.keyword, row.arguments)
        for row in passed_on(analysis, "pkg/train.py")
    ]


def test_the_float64_data_a_call_passes_to_another_modules_function_is_a_row_for_its_module():
    # With the call's arguments, those known to be no MPS device marked: the function,
    # which knows its parameters, tells whether its devices may be MPS.
    assert _rows(CALLER) == [
        ("pkg.prep", "prep", "np.linspace", 14, (0,), False, "pkg.train:main", "", ("0", "1")),
        (
            "pkg.prep", "place", "torch.zeros(dtype=torch.float64)", 15, None, True, "pkg.train:main", "points",
            ("points", "device"),
        ),
        ("pkg.prep", "Grid", "np.ones", 16, (0,), False, "pkg.train:main", "", ("0", "1")),
        ("pkg.prep", "prep", "np.linspace", 18, (0,), False, "pkg.train:main", "", ("0", "1:off")),
        ("pkg.prep", "prep", "np.linspace", 19, (0,), False, "pkg.train:main", "", ("0", "device:none")),
        ("pkg.prep", "prep", "np.arange", 26, (0,), False, "pkg.train:", "", ("0", "1")),
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
    assert _rows(METHODS) == [
        ("pkg.models", "Regressor.fit", "np.ones", 8, (0,), False, "pkg.train:main", "", ("0",)),
        ("pkg.models", "Regressor.fit", "np.ones", 9, None, False, "pkg.train:main", "y", ("y",)),
    ]


STARRED = """
import numpy as np

from pkg.prep import prep


def main(rest, device):
    prep(*rest, np.ones(3), device)
    prep(np.ones(3), *rest, np.ones(2), device=device)
    return (lambda d: prep(np.ones(3), d))(device)
"""


def test_an_argument_past_a_starred_one_has_no_known_place_and_a_lambda_is_its_functions():
    assert _rows(STARRED) == [
        ("pkg.prep", "prep", "np.ones", 8, (0,), False, "pkg.train:main", "", ("0", "device")),
        ("pkg.prep", "prep", "np.ones", 9, (0,), False, "pkg.train:main", "", ("0", "1")),
    ]
