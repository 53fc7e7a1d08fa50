from __future__ import annotations

from typing import Iterator

from f64lint.analysis.domain.dtypes import Spelling, Width
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.placement import reaches_mps, wide_dtype_uses
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.fix.requests import WideConversion, WideDtype
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.common import describe_use
from f64lint.rules.double_call import conversion_calls
from f64lint.rules.patterns import words


class Complex128(Rule):
    """
    ## What it flags
    `torch.complex128` or `torch.cdouble` given as a dtype (`dtype=`, `.to(...)`,
    `.type(...)`, `.view(...)`, a parameter default) and `.cdouble()` calls, unless pinned
    to the CPU. Comparisons, tables and queries are not flagged.

    ## Why it breaks on MPS
    complex128 is a pair of float64 values, and the MPS backend has no float64, so it has
    no complex128 either: creating or moving such a tensor to `mps` raises.

    ## Example
    ```python
    freqs = torch.polar(torch.ones_like(angles), angles).to(torch.complex128)
    ```

    ## Fix
    Use `torch.complex64` (two float32 values), or thread a dtype through. This changes
    precision on CPU/CUDA (unsafe); choosing by device keeps them unchanged.
    """

    code = "F64006"
    severity = Severity.WARNING
    error_where_it_reaches_mps = True
    name = "complex128"
    summary = "`torch.complex128` / `torch.cdouble` used as a dtype, or `.cdouble()`"
    required = (words("complex128", "cdouble"),)

    valid = (
        """
        import torch

        def is_wide(x):
            return x.dtype in (torch.complex128, torch.float64)
        """,
        """
        import torch

        def spectrum(x):
            return torch.fft.fft(x.cpu().to(torch.complex128))
        """,
        """
        import torch

        freqs = torch.polar(torch.ones(4), torch.zeros(4)).to(torch.complex64)
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            def rotary(angles):
                return torch.polar(torch.ones_like(angles), angles).to(torch.complex128)
            """,
            (4, 60),
            fixed="""
            import torch

            def rotary(angles):
                return torch.polar(torch.ones_like(angles), angles).to(torch.complex64)
            """,
        ),
        Invalid(
            """
            from torch import cdouble, zeros

            def buffer(n, device):
                return zeros(n, dtype=cdouble, device=device), zeros(n).cdouble()
            """,
            (4, 27),
            (4, 61),
            fixed="""
            from torch import zeros
            import torch

            def buffer(n, device):
                return zeros(n, dtype=torch.complex64, device=device), zeros(n).cfloat()
            """,
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        for use, dtype, written in wide_dtype_uses(analysis, Width.COMPLEX128, (Spelling.TORCH,)):
            yield Finding(
                use.value,
                f"{describe_use(facts, use, dtype, written)}; MPS has no complex128",
                fix=WideDtype(written, complex_=True),
                reaches_mps=reaches_mps(analysis, use),
            )
        for call in conversion_calls(analysis, "cdouble"):
            assert isinstance(call.func, cst.Attribute)
            yield Finding(
                call,
                "`.cdouble()` converts to complex128; MPS has no complex128",
                anchor=call.func.attr,
                fix=WideConversion(call),
                reaches_mps=analysis.flow.reaches_device(call),
            )
