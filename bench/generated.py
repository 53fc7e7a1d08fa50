"""Generated test inputs of shapes real code has, written for f64lint (no upstream code)."""

from __future__ import annotations

from typing import List


def hadamard_module(tables: int, size: int) -> str:
    """A quantisation module: `tables` functions each returning a written-out `size` x
    `size` Hadamard-like matrix of ±1.0 as a NumPy array, and one function that calls them
    all, makes a float64 tensor of one and casts its input to float64 with
    `x.to(torch.float64)` (the finding that must stay reported; its callees keep the
    tables in what is parsed)."""
    lines: List[str] = ["import numpy as np", "import torch", ""]
    for number in range(tables):
        lines.append(f"def _table_{number}():")
        lines.append("    return np.array([")
        for row in range(size):
            signs = ", ".join("1.0" if bin(row & column).count("1") % 2 == 0 else "-1.0" for column in range(size))
            lines.append(f"        [{signs}],")
        lines.append("    ])")
        lines.append("")
    calls = ", ".join(f"_table_{number}()" for number in range(tables))
    lines.append("def rotate(x, which):")
    lines.append(f"    table = torch.tensor([{calls}][which], dtype=torch.float64)")
    lines.append("    return (x.to(torch.float64) @ table).to(x.dtype)")
    return "\n".join(lines) + "\n"
