"""What a rule asks the fixer to change, in the rule's own terms. The planner
(fix/planner.py) decides how, from the fix settings and the rest of the module."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

from f64lint.cst import cst


@dataclass(frozen=True)
class WideDtype:
    """An expression given as a dtype that means float64 (`torch.float64`, `float`, a name
    traced to one) or, with `complex_=True`, complex128."""

    node: cst.BaseExpression
    complex_: bool = False


@dataclass(frozen=True)
class WideConversion:
    """`x.double()` or `x.cdouble()`."""

    call: cst.Call


@dataclass(frozen=True)
class WideArrayToTensor:
    """`torch.from_numpy(a)` / `torch.tensor(a)` of a float64 array; `origin` is the NumPy
    call that made it, when the array was made by one; `run` the library call `call` runs
    where that is another (`to_tensor(a)` of `to_tensor = partial(torch.as_tensor, ...)`)."""

    call: cst.Call
    origin: Optional[cst.BaseExpression]  # what the array comes from (a call, or a library's attribute)
    run: Optional[cst.Call] = None


@dataclass(frozen=True)
class MoveThenCast:
    """`x.to(device)` followed at once by a narrowing cast `cast`, or (`later`) by a cast
    of the name it is assigned to on a later statement (`x = x.float()`)."""

    move: cst.Call
    cast: cst.Call
    later: bool = False


@dataclass(frozen=True)
class WideMove:
    """`x.to(device)` of a float64 (or, with `complex_=True`, complex128) value."""

    call: cst.Call
    complex_: bool = False


FixRequest = Union[WideDtype, WideConversion, WideArrayToTensor, MoveThenCast, WideMove]
