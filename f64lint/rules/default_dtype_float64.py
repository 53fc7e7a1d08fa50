from __future__ import annotations

from typing import Iterator

from f64lint.analysis.syntax.calls import positional
from f64lint.analysis.domain.dtypes import Width, dtype_of
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.prefilter import any_of
from f64lint.rules.base import Finding, Invalid, Rule

_DOUBLE_TENSOR_TYPES = frozenset({"torch.DoubleTensor", "torch.cuda.DoubleTensor"})


def names_double_tensor(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """`torch.DoubleTensor`, `torch.cuda.DoubleTensor`, or their names as strings."""
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value in _DOUBLE_TENSOR_TYPES
    return facts.qualified_name(node) in _DOUBLE_TENSOR_TYPES


class DefaultDtypeFloat64(Rule):
    """
    ## What it flags
    `torch.set_default_dtype(torch.float64)` (or `torch.double`, `float`) and
    `torch.set_default_tensor_type(torch.DoubleTensor)` (or `"torch.DoubleTensor"`).
    Not in code that never runs on MPS (`if device.type != "mps":`, a test skipped on
    MPS or one that meets no device without float64).

    ## Why it breaks on MPS
    The default dtype is global: after this call every float tensor made without an
    explicit dtype (`torch.zeros(3)`, `torch.tensor([0.5])`, module parameters) is float64,
    and each of them fails when it meets the `mps` device, far from the line that caused it.

    ## Example
    ```python
    torch.set_default_dtype(torch.float64)
    model = Net().to(device)
    ```

    ## Fix
    Remove the global switch and give float64 explicitly where it is needed, on the CPU;
    or set it by device:
    `torch.set_default_dtype(torch.float32 if device.type == "mps" else torch.float64)`.
    There is no automatic fix: the change reaches every tensor in the program.
    """

    code = "F64005"
    severity = Severity.WARNING  # no one value to follow to a device
    name = "default-dtype-float64"
    summary = "the global default dtype is set to float64"
    required = (any_of("set_default_dtype", "set_default_tensor_type"),)

    valid = (
        """
        import torch

        torch.set_default_dtype(torch.float32)
        previous = torch.get_default_dtype()
        torch.set_default_dtype(previous)
        """,
        """
        import torch

        def configure(device):
            torch.set_default_dtype(torch.float32 if device.type == "mps" else torch.float64)
        """,
        """
        import torch

        if torch.get_default_dtype() == torch.float64:
            print("running in double precision")
        """,
        """
        import torch

        def run(device):
            if device.type != "mps":
                torch.set_default_dtype(torch.float64)
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            torch.set_default_dtype(torch.float64)
            """,
            (3, 1),
        ),
        Invalid(
            """
            import torch as th

            def setup():
                th.set_default_tensor_type("torch.DoubleTensor")
                th.set_default_tensor_type(th.cuda.DoubleTensor)
            """,
            (4, 5),
            (5, 5),
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        for call in facts.calls:
            name = facts.qualified_name(call.func)
            args = positional(call)
            if not args or analysis.guards.off_mps(call):
                continue
            if name == "torch.set_default_dtype":
                dtype = dtype_of(facts, args[0])
                if dtype is not None and dtype.width is Width.FLOAT64:
                    yield Finding(call, f"default dtype set to `{dtype.text}`: every new float tensor is float64, which MPS lacks")
            elif name == "torch.set_default_tensor_type" and names_double_tensor(facts, args[0]):
                yield Finding(call, "default tensor type set to `DoubleTensor`: every new float tensor is float64, which MPS lacks")
