"""What a module's calls pass to other modules' functions: the float64 tensors and NumPy
arrays among their arguments, as rows of its summary that the project phase hands to the
module that defines the function (`prep(np.linspace(0, 1, n), device)` in `pkg/train.py`
after `from pkg.prep import prep`: `pkg.prep.prep` is given a float64 array at its first
parameter). The function's module reads its parameter as that array, and its findings
name the caller.

Only calls that may run on MPS are read: not one in code that never does, nor one whose
devices are all known to be others (`prep(grid, "cpu")`). Calls of the libraries the
table was probed from are not the project's own."""

from __future__ import annotations

from typing import List, Optional, Tuple

from f64lint.analysis.domain.devices import device_like_name
from f64lint.analysis.domain.probed import probed_libraries
from f64lint.analysis.evaluation.lattice import Kind, Place
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.project.exports import Export
from f64lint.cst import cst


def passed_on(analysis: Analysis, path: str) -> List[Export]:
    """The rows of the float64 values a module's calls pass to functions of other modules."""
    facts = analysis.facts
    if not facts.module_name:
        return []
    libraries = probed_libraries() | {"builtins"}
    found = []
    for call in facts.calls:
        called = _called(analysis, call)
        if called is None or called[0].partition(".")[0] in libraries:
            continue
        if facts.definitions.callee(call) is not None or analysis.guards.off_mps(call):
            continue
        passed = [(index, arg) for index, arg in enumerate(call.args) if not arg.star]
        wide = [(index, arg, made) for index, arg in passed if (made := _float64_data(analysis, arg.value))]
        if not wide or not _may_reach_mps(analysis, call):
            continue
        module, name = called
        caller = _caller(analysis, call)
        line = facts.positions[call].start.line
        for index, arg, (made_by, width, tensor) in wide:
            keyword = arg.keyword.value if arg.keyword is not None else ""
            item = None if keyword else (index,)
            found.append(
                Export(module, name, False, made_by, width, path, line, item, tensor, caller=caller, keyword=keyword)
            )
    return found


def _called(analysis: Analysis, call: cst.Call) -> Optional[Tuple[str, str]]:
    """The module and the name in it of what a call calls: a function or class another
    module defines (`pkg.prep`, `prep`), or a method of an object of such a class that the
    code makes (`pkg.models`, `Regressor.fit` for `model.fit(x)` after `model =
    Regressor()`); None when not known."""
    facts = analysis.facts
    qualified = facts.qualified_name(call.func)
    if qualified is not None:
        module, _, name = qualified.rpartition(".")
        return (module, name) if module else None
    if not isinstance(call.func, cst.Attribute):
        return None
    receiver = call.func.value
    made = [receiver] if isinstance(receiver, cst.Call) else facts.reaching_values(receiver)
    classes = {facts.qualified_name(value.func) if isinstance(value, cst.Call) else None for value in made}
    owner = classes.pop() if len(classes) == 1 else None
    module, _, name = (owner or "").rpartition(".")
    return (module, f"{name}.{call.func.attr.value}") if module else None


def _float64_data(analysis: Analysis, argument: cst.BaseExpression) -> Optional[Tuple[str, str, bool]]:
    """What made an argument that is a float64 (or complex128) tensor or NumPy array, its
    width, and whether it is a tensor."""
    wide = analysis.flow.wide_value(argument)
    if wide is not None:
        return wide.made_by, wide.width.value, True
    array = analysis.flow.float64_array(argument)
    if array is not None:
        return array.origin_name, "float64", False
    return None


def _may_reach_mps(analysis: Analysis, call: cst.Call) -> bool:
    """Does a call not give every device it passes (an argument that is a device, or one
    passed by a keyword named like one) a device known to be another than MPS?"""
    devices = []
    for arg in call.args:
        named = arg.keyword is not None and device_like_name(arg.keyword.value)
        held = analysis.flow.evaluation.value(arg.value)
        if held.kind is Kind.DEVICE:
            devices.append(held.place not in (Place.UNKNOWN, Place.MAY_LACK_FLOAT64))
        elif named:  # `None`: the default device; else not known
            devices.append(held.kind is Kind.NONE)
    return not devices or not all(devices)


def _caller(analysis: Analysis, call: cst.Call) -> str:
    """The function that makes a call, by module and `__qualname__`; the module at its top level."""
    facts = analysis.facts
    function = facts.enclosing_function(call)
    if function is None:
        return str(facts.module_name)
    return f"{facts.module_name}.{facts.definitions.qualified_name(function)}"
