"""F64010 in a package: what the package's own functions return is not data from outside."""

from __future__ import annotations

import os

from f64lint.config import Settings
from f64lint.runner import run

STATS = """\
def average_neighbours(loader):
    return sum(len(batch) for batch in loader) / len(loader)
"""
TRAIN = """\
import pandas as pd
import torch

from pkg import stats
from .stats import average_neighbours


def setup(loader, path, device):
    a = torch.tensor(stats.average_neighbours(loader), device=device)
    b = torch.tensor(average_neighbours(loader), device=device)
    c = torch.tensor(pd.read_csv(path).values, device=device)
    return a, b, c
"""


def test_the_package_s_own_functions_are_not_data_from_outside_but_a_library_s_are(tmp_path):
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "stats.py").write_text(STATS)
    (package / "train.py").write_text(TRAIN)
    result = run([package], Settings(root=tmp_path, extend_select=("F64010",)))
    assert result.internal_errors == []
    assert [(os.path.basename(d.path), d.start.line, d.start.column, d.code, d.message) for d in result.diagnostics] == [
        (
            "train.py", 11, 9, "F64010",
            "data from `pd.read_csv(path).values` (line 11) made into a tensor by `torch.tensor()` on a device "
            "that may be 'mps' without a dtype: float64 data (NumPy's default) crashes there; pass `dtype=`",
        ),
    ]
