from __future__ import annotations

from typing import Iterator

from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.placement import is_cpu_pinned
from f64lint.analysis.syntax.calls import method_name, positional
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.default_dtype_float64 import names_double_tensor
from f64lint.rules.patterns import any_of


class LegacyDoubleTensor(Rule):
    """
    ## What it flags
    The legacy float64 tensor types: `torch.DoubleTensor(...)` and
    `torch.cuda.DoubleTensor(...)` constructors, and `.type(torch.DoubleTensor)` or
    `.type("torch.DoubleTensor")` conversions. `isinstance(x, torch.DoubleTensor)` and
    comparisons of `x.type()` are queries, not flagged.

    ## Why it breaks on MPS
    A DoubleTensor is float64, which the MPS backend cannot allocate; these spellings also
    hide the dtype from anyone reading for `float64`.

    ## Example
    ```python
    weights = torch.DoubleTensor(class_weights)
    ```

    ## Fix
    `torch.tensor(class_weights, dtype=dtype)` with a threaded dtype (or
    `torch.float32`, which changes precision on CPU/CUDA); `.to(dtype)` instead of
    `.type(...)`. `--fix` leaves this one to you: `torch.DoubleTensor(3, 4)` makes an
    empty 3x4 tensor and `torch.DoubleTensor(shape)` may do the same, which the source
    alone cannot tell from data; `.type(torch.cuda.DoubleTensor)` also picks a device.
    """

    code = "F64007"
    severity = Severity.WARNING
    error_where_it_reaches_mps = True
    name = "legacy-double-tensor"
    summary = "`torch.DoubleTensor(...)` or `.type(\"torch.DoubleTensor\")`"
    required = (any_of("DoubleTensor"),)

    valid = (
        """
        import torch

        def check(x):
            assert isinstance(x, torch.DoubleTensor) or x.type() == "torch.DoubleTensor"
            return torch.FloatTensor([1.0, 2.0])
        """,
        """
        import torch

        def host(x):
            return x.cpu().type(torch.DoubleTensor)
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            class Loss(torch.nn.Module):
                def __init__(self, class_weights):
                    super().__init__()
                    self.weights = torch.DoubleTensor(class_weights)
            """,
            (6, 24),
        ),
        Invalid(
            """
            import torch

            def convert(x):
                return x.type("torch.DoubleTensor"), x.type(torch.cuda.DoubleTensor)
            """,
            (4, 14),
            (4, 44),
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        for call in facts.calls:
            if names_double_tensor(facts, call.func):
                if is_cpu_pinned(analysis, call):
                    continue
                yield Finding(
                    call,
                    "legacy `DoubleTensor` constructor makes float64; MPS has no float64",
                    reaches_mps=analysis.flow.reaches_device(call),
                )
                continue
            args = positional(call)
            if (
                method_name(call) == "type"
                and args
                and names_double_tensor(facts, args[0])
                and not is_cpu_pinned(analysis, call)
            ):
                assert isinstance(call.func, cst.Attribute)
                yield Finding(
                    call,
                    "`.type(DoubleTensor)` converts to float64; MPS has no float64",
                    anchor=call.func.attr,
                    reaches_mps=analysis.flow.reaches_device(call),
                )
