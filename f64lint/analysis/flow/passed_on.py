"""What a module's calls pass to other modules' functions: the float64 tensors and NumPy
arrays among their arguments, as rows of its summary that the project phase hands to the
module that defines the function (`prep(np.linspace(0, 1, n), device)` in `pkg/train.py`
after `from pkg.prep import prep`: `pkg.prep.prep` is given a float64 array at its first
parameter). The function's module reads its parameter as that array, and its findings
name the caller.

Only calls that may run on MPS are read, not one in code that never does; the rows say
which of the call's arguments are known to be devices other than MPS (`prep(grid,
"cpu")`), for the function, which knows its parameters, to tell whether its devices may be
MPS. Calls of the libraries the table was probed from are not the project's own. An
object of a class another module defines is passed on too (an `INSTANCE` row: `simulate(cfg)`
of a `cfg = Config.load(path)`), for the function's module to read its members."""

from __future__ import annotations

from dataclasses import replace
from typing import List, Optional, Tuple

from f64lint.analysis.domain.probed import is_type, probed_libraries
from f64lint.analysis.evaluation.lattice import Kind
from f64lint.analysis.evaluation.structure import no_mps_device, object_named
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.values import WIDE_DTYPES
from f64lint.analysis.project.exports import ATTRIBUTE_KEY, INSTANCE, NONE_PASSED, OFF_MPS_PASSED, Export
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
        module, name = called
        placed = _placed(call)
        given = [
            (index, arg, key, made)
            for index, arg in placed
            for key, made in _passed_values(analysis, arg.value, module)
        ]
        if not given:
            continue
        caller = _caller(analysis, call)
        line = facts.positions[call].start.line
        arguments = tuple(_argument(analysis, index, arg) for index, arg in placed)
        for index, arg, key, (made_by, width, tensor) in given:
            keyword = arg.keyword.value if arg.keyword is not None else ""
            item = None if keyword else (index,)
            passed = Export(module, name, False, made_by, width, path, line, item, tensor, key=key)
            found.append(replace(passed, caller=caller, keyword=keyword, arguments=arguments))
    return found


def _passed_values(
    analysis: Analysis, argument: cst.BaseExpression, module: str
) -> List[Tuple[str, Tuple[str, str, bool]]]:
    """What the rows say of an argument, each with the key it holds the value at: itself
    (no key: `_passed_value`), or each float64 (or complex128) value of a dict whose keys
    are known (`agent.update(buffer.sample(64))` of a `return {"obs": self.obs[idx], ...}`),
    or of an object whose attributes are (`HeatSolver(make_grid())` of another module's
    `return Grid(u0)`: `.initial`, `ATTRIBUTE_KEY` before the name; beside the `INSTANCE`
    row of its class, if one), or of a named tuple's fields (`agent.update(buffer.sample(32))`
    of a `return Transition(obs, reward)`: `.reward`)."""
    held = analysis.flow.evaluation.value(argument)
    named = held.kind is Kind.CONTAINER and bool(held.keys)  # a named tuple: by its fields, not whole
    made = _passed_value(analysis, argument, module) if not named else None
    found = [("", made)] if made is not None else []
    if made is not None and made[1] != INSTANCE:
        return found
    if held.kind is not Kind.MAPPING and not (held.kind in (Kind.OBJECT, Kind.CONTAINER) and held.keys):
        return found
    for name, part in zip(held.keys, held.parts):
        if held.kind is Kind.OBJECT and analysis.flow.evaluation.may_change(argument, name):
            continue  # `grid.initial = grid.initial.astype("f4")`, `to32(grid)`: not as it was made
        key = name if held.kind is Kind.MAPPING else f"{ATTRIBUTE_KEY}{name}"
        width = WIDE_DTYPES.get(part.dtype) if part.kind in (Kind.NDARRAY, Kind.TENSOR) and part.dtype else None
        if width is None:
            continue
        made_by = analysis.facts.maker_named(part.origin) if part.origin is not None else key
        found.append((key, (made_by, width.value, part.kind is Kind.TENSOR)))
    return found


def _passed_value(
    analysis: Analysis, argument: cst.BaseExpression, module: str
) -> Optional[Tuple[str, str, bool]]:
    """What a row says of an argument to a function of `module`: float64 data
    (`_float64_data`), or an object of a class another module defines (its qualified name,
    `INSTANCE`): one whose members that module exports, a library's, or one `module`
    defines, which it reads itself (`collect(env)` of `env = ReachEnv()`, both of
    `pkg.rollout`)."""
    made = _float64_data(analysis, argument)
    if made is not None:
        return made
    owner = analysis.flow.object_class(argument)
    if owner is None:  # or a library's object (`fit_scaler(x)`, a `StandardScaler`)
        held = analysis.flow.evaluation.value(argument)
        library = held.kind is Kind.OBJECT and held.type is not None and is_type(held.type)
        owner = object_named(held) if library else None
    if owner is None:  # a class's name in CapWords, not a function's that returns data (`random_patches()`)
        maker = analysis.facts.made_by(argument)
        module_of, _, named = (maker or "").rpartition(".")
        owner = maker if module_of == module and named[:1].isupper() else None
    return (owner, INSTANCE, False) if owner is not None else None


def _argument(analysis: Analysis, index: int, arg: cst.Arg) -> str:
    """An argument as a row names it: its keyword or position, marked when it is `None` or
    a device known to be another than MPS (`Export.argument`)."""
    named = arg.keyword.value if arg.keyword is not None else str(index)
    held = analysis.flow.evaluation.value(arg.value)
    if held.kind is Kind.NONE:
        return f"{named}:{NONE_PASSED}"
    return f"{named}:{OFF_MPS_PASSED}" if no_mps_device(held) else named


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
    module, _, name = (facts.made_by(call.func.value) or "").rpartition(".")
    if module:
        return module, f"{name}.{call.func.attr.value}"
    # of an object of such a class a parameter is given (`array.steering(f)` of `DelayAndSum(LinearArray())`)
    module, _, owner = (analysis.flow.imported_callee(call) or "").rpartition(".")
    owner_module, _, owner_class = module.rpartition(".")
    return (owner_module, f"{owner_class}.{owner}") if owner_module else None


def _placed(call: cst.Call) -> List[Tuple[int, cst.Arg]]:
    """A call's arguments whose parameter is known, with their positions: those passed by
    keyword, and those by position before any `*args` (past it, which parameter takes one
    is not known)."""
    placed = []
    unpacked = False
    for index, arg in enumerate(call.args):
        unpacked = unpacked or arg.star == "*"
        if not arg.star and (arg.keyword is not None or not unpacked):
            placed.append((index, arg))
    return placed


def _float64_data(analysis: Analysis, argument: cst.BaseExpression) -> Optional[Tuple[str, str, bool]]:
    """What made an argument that is a float64 (or complex128) tensor or NumPy array, its
    width, and whether it is a tensor."""
    wide = analysis.flow.wide_value(argument)
    if wide is not None:
        return wide.made_by, wide.width.value, True
    array = analysis.flow.float64_array(argument)
    if array is not None:
        return array.origin_name, array.width, False
    return None


def _caller(analysis: Analysis, call: cst.Call) -> str:
    """The module and the function (its `__qualname__`, through lambdas) that make a call:
    `pkg.train:main`, `pkg.train:` at the module's top level."""
    facts = analysis.facts
    current = facts.parent(call)
    while current is not None and not isinstance(current, (cst.FunctionDef, cst.ClassDef)):
        current = facts.parent(current)
    function = facts.definitions.qualified_name(current) if isinstance(current, cst.FunctionDef) else ""
    return f"{facts.module_name}:{function}"
