"""How rules say where a float64 value comes from (rules/common.py)."""

from __future__ import annotations

from f64lint.workspace.selection import default_codes
from tests.helpers import lint


def test_a_value_made_in_another_function_names_it_with_its_class_and_the_functions_around_it():
    source = """
        import numpy as np
        import torch

        class Scheduler:
            def __init__(self, n):
                self.sigmas = np.linspace(0.0, 1.0, n)

            def step(self, x):
                return x * torch.from_numpy(self.sigmas).to(x.device)

        def outer(device):
            def table():
                return torch.arange(4, dtype=torch.float64)

            here = torch.arange(4, dtype=torch.float64)
            return table().to(device), here.to(device)
    """
    messages = [d.message for d in lint(source, default_codes()) if d.code in ("F64003", "F64004")]
    assert [message.split(") ", 1)[0] for message in messages] == [
        "float64 NumPy array (from `np.linspace` in `Scheduler.__init__` at line 6",
        "float64 tensor (from `torch.arange(dtype=torch.float64)` in `outer.table` at line 13",
        "float64 tensor (from `torch.arange(dtype=torch.float64)` at line 15",
    ]
