"""What a module's functions give back of the float64 data other modules' calls pass them,
and what its classes hold of it: rows of its summary (`Export.through`) that say which
parameter a value a function returns or yields follows, or which parameter of a class's
`__init__` a float64 parameter or buffer its objects hold is made of (`state`), for the
calling modules to read with what each of their calls passes.

`def minibatches(x, y, n): ... yield x[idx], y[idx]` in `pkg/utils.py`, given a float64
array for `x` by `pkg/fit.py`, yields that array's dtype at the first place of each item:
`for xb, yb in minibatches(X, y, 16)` in `fit.py` is float64 where `X` is, and float32
where another call passes float32. `FocalLoss(weights).to(device)` moves a float64 buffer
where `weights` is float64 and the class keeps `torch.as_tensor(alpha)`. The function is
read once per parameter, as the evaluator reads it for a call that passes float64 NumPy
data for that parameter alone; a place that holds float64 whatever the call passes is the
function's own value, not its parameter's (summaries.py exports those). Only the
functions and classes other modules' calls pass float64 data are read."""

from __future__ import annotations

from dataclasses import replace
from typing import Dict, Iterator, List, Optional, Sequence, Tuple

from f64lint.analysis.evaluation.evaluator import Evaluator
from f64lint.analysis.evaluation.lattice import Dtype, Kind, Value
from f64lint.analysis.evaluation.structure import is_frame
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.values import WIDE_DTYPES
from f64lint.analysis.project.exports import INSTANCE, Export
from f64lint.analysis.syntax.calls import named_params
from f64lint.cst import cst

# A place in what a function gives: the place in a tuple it returns, or the key in a dict.
Place = Tuple[Optional[Tuple[int, ...]], str]


def given_back(analysis: Analysis, path: str) -> List[Export]:
    """The rows of what the functions and methods other modules' calls pass float64 data
    give back of their parameters."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name or not flow.imported.passes():
        return []
    found = []
    for name, function in _functions(facts.module.body):
        rows = _passing(analysis, name)
        if not rows:
            continue
        generator = flow.evaluation.yields(function)
        own = _wide_places(flow.evaluation.given_only(function, {}), generator)
        for param, place, position in parameter_places(function, "." in name):
            for passed, kind in _probes(flow.evaluation, rows, param, place):
                given = flow.evaluation.given_only(function, {param: passed})
                for (item, key), (width, tensor) in _wide_places(given, generator).items():
                    if (item, key) not in own:
                        line = facts.positions[function].start.line
                        made = Export(facts.module_name, name, True, param.name.value, width, path, line, item, tensor)
                        found.append(replace(made, key=key, through=position, yielded=generator, given=kind))
    return found + _held_back(analysis, path)


def _passing(analysis: Analysis, name: str) -> List[Export]:
    """The rows of what other modules' calls pass a function or class of the module, by
    its name in it (`Buffer.sample`): float64 data, and objects (`INSTANCE`)."""
    qualified = f"{analysis.facts.module_name}.{name}"
    return [*analysis.flow.imported.passed_to(qualified), *analysis.flow.imported.instances_passed_to(qualified)]


def parameter_places(
    function: cst.FunctionDef, method: bool
) -> Iterator[Tuple[cst.Param, Optional[Tuple[int, ...]], str]]:
    """A function's parameters a call passes, each with its place as other modules' rows
    count it (after a method's `self` or `cls`; None if keyword-only) and its name for a
    row, `<position>:<name>` (`Export.through`)."""
    params = [*function.params.posonly_params, *function.params.params]
    params = params[1:] if method and params and params[0].name.value in ("self", "cls") else params
    for param in named_params(function):
        place = (params.index(param),) if param in params else None
        yield param, place, f"{place[0] if place else ''}:{param.name.value}"


def _probes(
    evaluation: Evaluator, rows: Sequence[Export], param: cst.Param, place: Optional[Tuple[int, ...]]
) -> List[Tuple[Value, str]]:
    """What a parameter is read as, for the rows that pass it something (none: `self`):
    float64 NumPy data, and an object of each class passed that the evaluator knows (a
    library's, or one of the module's own: `Evaluator.object_of`), with that class."""
    passing = [row for row in rows if row.keyword == param.name.value or (place and row.item == place)]
    probes = [(Value(Kind.NDARRAY, Dtype.FLOAT64, origin=param.name), "")] if any(
        row.width != INSTANCE for row in passing
    ) else []
    classes = sorted({row.made_by for row in passing if row.width == INSTANCE})
    objects = [(evaluation.object_of(made, param.name), made) for made in classes]
    return probes + [(value, made) for value, made in objects if value is not None]


def _held_back(analysis: Analysis, path: str) -> List[Export]:
    """The rows of the module's classes whose objects hold a float64 parameter or buffer
    where their `__init__` is passed float64 data for a parameter (`self.register_buffer(
    "alpha", torch.as_tensor(alpha))`), for the modules that move such an object (`state`)."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name or not flow.imported.passes():
        return []
    found = []
    for owner in (s for s in facts.module.body if isinstance(s, cst.ClassDef)):
        init = facts.definitions.method(owner, "__init__")
        rows = _passing(analysis, owner.name.value)
        if init is None or not rows:
            continue
        kept = [call for call in flow.kept_in(owner) if facts.enclosing_function(call) is init]
        for param, place, position in parameter_places(init, True):
            for passed, kind in _probes(flow.evaluation, rows, param, place):
                held = next((
                    (call, value) for call in kept
                    if (value := flow.evaluation.given_in(init, {param: passed}, call)).kind is Kind.TENSOR
                    and value.dtype in WIDE_DTYPES and flow.evaluation.given_in(init, {}, call).dtype != value.dtype
                ), None)
                if held is not None:
                    call, value = held
                    line = facts.positions[call].start.line
                    made_by = facts.module.code_for_node(call.func)
                    assert value.dtype is not None
                    width = WIDE_DTYPES[value.dtype].value
                    made = Export(facts.module_name, owner.name.value, False, made_by, width, path, line)
                    found.append(replace(made, state=True, through=position, given=kind))
    return found


def _functions(body: Sequence[cst.BaseStatement]) -> Iterator[Tuple[str, cst.FunctionDef]]:
    """The module's top-level functions and its classes' methods (not their `__init__`, whose
    call gives an object), by the name other modules' rows give them (`Buffer.sample`)."""
    for statement in body:
        if isinstance(statement, cst.FunctionDef):
            yield statement.name.value, statement
        elif isinstance(statement, cst.ClassDef):
            for method in statement.body.body:
                if isinstance(method, cst.FunctionDef) and not method.name.value.startswith("__"):
                    yield f"{statement.name.value}.{method.name.value}", method


def _wide_places(given: Value, generator: bool) -> Dict[Place, Tuple[str, bool]]:
    """The places of what a function gives that hold a float64 (or complex128) tensor or
    NumPy array, or a pandas frame or series of such data (read as its data where it is
    given back: `counts / counts.sum()`), with its width and whether it is a tensor: the
    whole, each part of a tuple, each value of a dict by key; of an item of what a
    generator yields."""
    if generator:
        if given.kind is not Kind.CONTAINER or given.element is None:
            return {}
        given = given.element
    if given.kind is Kind.CONTAINER and given.parts:
        places: List[Tuple[Place, Value]] = [(((index,), ""), part) for index, part in enumerate(given.parts)]
    elif given.kind is Kind.MAPPING and given.keys:
        places = [((None, key), value) for key, value in zip(given.keys, given.parts)]
    else:
        places = [((None, ""), given)]
    return {
        place: (WIDE_DTYPES[value.dtype].value, value.kind is Kind.TENSOR)
        for place, value in places
        if (value.kind in (Kind.NDARRAY, Kind.TENSOR) or is_frame(value))
        and value.dtype is not None
        and value.dtype in WIDE_DTYPES
    }
