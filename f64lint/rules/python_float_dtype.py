from __future__ import annotations

from typing import Iterator

from f64lint.analysis.domain.dtypes import Spelling, Width
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.placement import reaches_mps, wide_dtype_uses
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.fix.requests import WideDtype
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.common import describe_use, is_torch_call
from f64lint.rules.tokens import WIDE_DTYPE

_NOT_TORCH_SPELLINGS = (Spelling.PYTHON, Spelling.STRING, Spelling.NUMPY)


class PythonFloatDtype(Rule):
    """
    ## What it flags
    A float64 dtype not spelled the torch way, passed to a torch call: `dtype=float`
    (Python's `float` is float64), `dtype=complex`, a string such as `"float64"`,
    `"double"` or `"f8"`, or a NumPy dtype (`np.float64`), in a `torch.*` function or a
    tensor's `.to()`, `.type()` or `.new_*()`; or the name of torch's float64 in a string
    that `getattr(torch, name)` reads (a config's `"dtype": "float64"`). The same spellings
    in NumPy calls are NumPy's business (F64003 follows those arrays if they become tensors).

    ## Why it breaks on MPS
    `float` reads like "a float" but means float64 to PyTorch, so the tensor is float64 and
    cannot live on `mps`. It is the float64 that code review misses.

    ## Example
    ```python
    mask = torch.zeros(n, dtype=float, device=device)
    ```

    ## Fix
    Say the dtype meant: `dtype=torch.float32`, or a threaded `dtype`; a name `getattr`
    reads becomes `"float32"`. Changes precision on CPU/CUDA (unsafe) when float64 was
    really wanted there.
    """

    code = "F64008"
    severity = Severity.WARNING
    error_where_it_reaches_mps = True
    name = "python-float-dtype"
    summary = "`dtype=float`, `\"float64\"` or `np.float64` passed to a torch call"
    required = (WIDE_DTYPE,)

    valid = (
        """
        import numpy as np

        def table(rows):
            return np.array(rows, dtype=float), np.zeros(3, dtype="float64")
        """,
        """
        import torch

        def build(n):
            return torch.zeros(n, dtype=torch.float32), torch.ones(n, dtype="float32")
        """,
        """
        import torch

        def host(n):
            return torch.zeros(n, dtype=float, device="cpu")
        """,
        """
        import pandas as pd

        def frame(values):
            return pd.Series(values).astype(float).to_numpy(dtype=float)
        """,
        """
        import torch

        CONFIG = {"dtype": "float32"}


        def prior(n, cfg, device):
            narrow = getattr(torch, "float")  # torch.float is float32, whatever NumPy reads "float" as
            return torch.zeros(n, dtype=getattr(torch, cfg["dtype"]), device=device), torch.ones(n, dtype=narrow)


        state = prior(3, CONFIG, "mps")
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            CONFIG = {"classes": 5, "dtype": "float64"}


            def prior(labels, cfg, device):
                dtype = getattr(torch, cfg["dtype"])
                return torch.zeros(labels.shape[0], cfg["classes"], dtype=dtype, device=device)


            targets = prior(torch.zeros(8), CONFIG, "mps")
            """,
            (8, 63),
            fixed="""
            import torch

            CONFIG = {"classes": 5, "dtype": "float32"}


            def prior(labels, cfg, device):
                dtype = getattr(torch, cfg["dtype"])
                return torch.zeros(labels.shape[0], cfg["classes"], dtype=dtype, device=device)


            targets = prior(torch.zeros(8), CONFIG, "mps")
            """,
        ),
        Invalid(
            """
            import torch

            def mask(n, device):
                return torch.zeros(n, dtype=float, device=device)
            """,
            (4, 33),
            fixed="""
            import torch

            def mask(n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.zeros(n, dtype=dtype, device=device)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def convert(x, values):
                return x.to(dtype="float64"), torch.tensor(values, dtype=np.float64), x.to(complex)
            """,
            (5, 23),
            (5, 62),
            (5, 80),
            fixed="""
            import numpy as np
            import torch

            def convert(x, values):
                dtype = torch.float32 if x.device.type == "mps" else torch.float64
                return (
                    x.to(dtype=dtype),
                    torch.tensor(values, dtype=dtype),
                    x.to(torch.complex64 if x.device.type == "mps" else torch.complex128),
                )
            """,
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        for width, name in ((Width.FLOAT64, "float64"), (Width.COMPLEX128, "complex128")):
            for use, dtype, written in wide_dtype_uses(analysis, width, _NOT_TORCH_SPELLINGS):
                if isinstance(use.holder, cst.Call) and is_torch_call(facts, use.holder):
                    yield Finding(
                        use.value,
                        f"{describe_use(facts, use, dtype, written)} means {name}; MPS has no {name}",
                        fix=WideDtype(written, complex_=width is Width.COMPLEX128),
                        reaches_mps=reaches_mps(analysis, use),
                    )
