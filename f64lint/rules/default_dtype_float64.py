from __future__ import annotations

from typing import Iterator, Optional

from f64lint.analysis.domain.dtypes import Width, dtype_of
from f64lint.analysis.domain.library import DOUBLE_TENSOR_TYPES
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import positional
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.common import callee_text
from f64lint.rules.patterns import any_of


def names_double_tensor(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """`torch.DoubleTensor`, `torch.cuda.DoubleTensor`, or their names as strings."""
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value in DOUBLE_TENSOR_TYPES
    return facts.qualified_name(node) in DOUBLE_TENSOR_TYPES


class DefaultDtypeFloat64(Rule):
    """
    ## What it flags
    `torch.set_default_dtype(torch.float64)` (or `torch.double`, `float`) and
    `torch.set_default_tensor_type(torch.DoubleTensor)` (or `"torch.DoubleTensor"`).
    Not in code that never runs on MPS (`if device.type != "mps":`, a test skipped on
    MPS or one that meets no device without float64). It is an error where the switch is
    followed by a float tensor of the default dtype made on a device that may be `mps`
    (`torch.randn(n, device=device)`, `torch.tensor([0.5], device=device)`): in the
    module's functions and below it for a module-level switch, below it in its function
    otherwise; the message names that line.

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
    severity = Severity.WARNING  # unless a float tensor is then made on a device
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
                if dtype is None or dtype.width is not Width.FLOAT64:
                    continue
                said = f"default dtype set to `{dtype.text}`"
            elif name == "torch.set_default_tensor_type" and names_double_tensor(facts, args[0]):
                said = "default tensor type set to `DoubleTensor`"
            else:
                continue
            made = _made_on_a_device_after(analysis, call)
            there = (
                f" (`{callee_text(facts, made)}` at line {facts.positions[made].start.line} makes one on a device "
                "that may be 'mps')" if made is not None else ""
            )
            yield Finding(
                call,
                f"{said}: every new float tensor is float64, which MPS lacks{there}",
                reaches_mps=made is not None,
            )


def _made_on_a_device_after(analysis: Analysis, setter: cst.Call) -> Optional[cst.Call]:
    """A float tensor of the default dtype made on a device that may be MPS where the
    switch is in force: after a module-level switch (in the module's functions, or below
    it) or below the switch in its own function. None when the module sets the default
    dtype to anything else anywhere (`finally: torch.set_default_dtype(old)`): then which
    is in force where is not known."""
    facts = analysis.facts
    if any(_resets(facts, call) for call in facts.calls):
        return None
    scope = facts.enclosing_function(setter)
    line = facts.positions[setter].start.line
    for call in facts.calls:
        if not analysis.flow.makes_default_float_on_device(call):
            continue
        function = facts.enclosing_function(call)
        after = facts.positions[call].start.line > line
        if (scope is None and (function is not None or after)) or (function is scope and after):
            return call
    return None


def _resets(facts: ModuleFacts, call: cst.Call) -> bool:
    """A switch of the default dtype to anything but float64 (or to what cannot be told)."""
    name = facts.qualified_name(call.func)
    args = positional(call)
    if name == "torch.set_default_dtype":
        dtype = dtype_of(facts, args[0]) if args else None
        return dtype is None or dtype.width is not Width.FLOAT64
    return name == "torch.set_default_tensor_type" and not (args and names_double_tensor(facts, args[0]))
