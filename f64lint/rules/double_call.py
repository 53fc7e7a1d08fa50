from __future__ import annotations

from typing import Iterator

from f64lint.analysis.domain.dtypes import implements_conversion_api
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.placement import is_cpu_pinned, made_on_cpu_and_kept_there
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.fix.requests import WideConversion
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.patterns import words


def conversion_calls(analysis: Analysis, method: str) -> Iterator[cst.Call]:
    """`x.<method>()` tensor/module conversions that may run off the CPU.

    Calls with arguments and module-level functions (`np.double(3)`) are not conversions.
    """
    facts = analysis.facts
    for call in facts.calls:
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value == method):
            continue
        if call.args or facts.qualified_name(func) is not None:
            continue
        if is_cpu_pinned(analysis, call) or implements_conversion_api(facts, call):
            continue
        if not made_on_cpu_and_kept_there(analysis, call):
            yield call


class DoubleCall(Rule):
    """
    ## What it flags
    `.double()` on a tensor or a module (`model.double()`), unless the tensor provably
    stays on the CPU (`x.cpu().double()`, `x.double().numpy()`).

    ## Why it breaks on MPS
    `.double()` makes float64, which the MPS backend cannot hold: on a tensor already on
    `mps` it raises at once, and a float64 tensor or module moved to `mps` later raises
    `TypeError: Cannot convert a MPS Tensor to float64 dtype`. After `model.double()`, even
    CPU inputs fail with `Input type (double) and weight type (float) should be the same`.

    ## Example
    ```python
    scale = torch.sqrt(x.double()).to(device)
    ```

    ## Fix
    Keep float64 only where the device has it (`torch.float32 if x.device.type == "mps"
    else torch.float64`: safe, what `--fix` writes where the device is known), or cast to
    the dtype the code works in: `.to(dtype)` with a `dtype` parameter threaded through, or
    `.float()` (changes precision on CPU/CUDA: unsafe).
    """

    code = "F64002"
    severity = Severity.WARNING
    error_where_it_reaches_mps = True
    name = "double-call"
    summary = "`.double()` converts a tensor or module to float64"
    required = (words("double"),)

    valid = (
        """
        import torch

        class GradScaler:
            def unscale_(self):
                return (
                    self._scale.double().reciprocal().float()
                    if self._scale.device != torch.device("mps:0")
                    else self._scale.reciprocal()
                )
        """,
        """
        import torch

        class Module:
            def double(self):
                return self._apply(lambda t: t.double() if t.is_floating_point() else t)
        """,
        """
        import torch

        def reference(x):
            a = x.detach().cpu().double()
            b = x.double().numpy()
            c = torch.linalg.svd(x.cpu().double())
            return a, b, c
        """,
        """
        import numpy as np

        half = np.double(0.5)
        """,
        """
        class Calculator:
            def double(self, value):
                return value * 2

        four = Calculator().double(2)
        """,
        """
        def reference(x):
            host = x.to("cpu")
            return host.double().sum()
        """,
        """
        def f(x):
            return x.float(), x.half()
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            class Model(torch.nn.Module):
                def forward(self, x):
                    return self.proj(x.double())
            """,
            (5, 28),
            fixed="""
            import torch

            class Model(torch.nn.Module):
                def forward(self, x):
                    dtype = torch.float32 if x.device.type == "mps" else torch.float64
                    return self.proj(x.to(dtype))
            """,
        ),
        Invalid(
            """
            def setup(model, device):
                model = model.double()
                return model.to(device)
            """,
            (2, 19),
            fixed="""
            import torch


            def setup(model, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                model = model.to(dtype)
                return model.to(device)
            """,
        ),
        Invalid(
            """
            def stack(xs):
                return [(a + b).double() for a, b in xs]
            """,
            (2, 21),
            fixed="""
            import torch


            def stack(xs, dtype=torch.float32):
                return [(a + b).to(dtype) for a, b in xs]
            """,
        ),
        Invalid(
            """
            def word_timings(matrix, index):
                return -matrix[index].double().cpu().numpy()
            """,
            (2, 27),
            fixed="""
            import torch


            def word_timings(matrix, index, dtype=torch.float32):
                return -matrix[index].to(dtype).cpu().numpy()
            """,
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for call in conversion_calls(analysis, "double"):
            assert isinstance(call.func, cst.Attribute)
            yield Finding(
                call,
                "`.double()` converts to float64; MPS has no float64",
                anchor=call.func.attr,
                fix=WideConversion(call),
                reaches_mps=analysis.flow.reaches_device(call),
            )
