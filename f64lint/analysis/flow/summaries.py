"""Summaries: what a module gives the modules that import it, as plain data.

A module's summary names its top-level functions that return a float64 (or complex128)
tensor or NumPy array (alone, or in a tuple or a dict written out: by place or by key), its
classes' methods that return one so and attributes set on `self` to one, its module-level
names bound to one, each with where the value is made, and its dataset classes whose
`__getitem__` gives float64 NumPy arrays (batched as they are by a `DataLoader`), and the
float64 data its calls pass to other modules' functions (passed_on.py: rows the project
phase hands to those functions' modules instead). So that a batch's dtype shows where it
does, it also names the places of returned tuples, and the keys of a dataset's items, that
hold data of a narrower dtype, and the places of a dataset's items that hold what its
`__init__` is given (the project phase hands those rows only to the modules with a finding
about a batch, the only findings they can change). It is computed once per module, from
the module alone, and read by the flow of the modules that import those names (the
runner's project phase hands them over): `pos = table().to(device)` in `model.py` after
`from .utils import table` is a float64 move when `utils.table` returns float64. The
linter asks for it of a module with a finding, and of one that makes NumPy float64
arrays (no finding there: NumPy's float64 is fine on the CPU, until another module makes
it a tensor).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional, Sequence, Set, Tuple

from f64lint.analysis.domain.arrays import ArraySource
from f64lint.analysis.domain.dtypes import named_for_others
from f64lint.analysis.domain.probed import is_type
from f64lint.analysis.evaluation.exported_values import wide_data_in, written
from f64lint.analysis.evaluation.lattice import Dtype, Kind, Value, join
from f64lint.analysis.evaluation.structure import object_named
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.passed_on import passed_on
from f64lint.analysis.flow.through import given_back, parameter_places
from f64lint.analysis.flow.values import WIDE_DTYPES, Flow, WideValue
from f64lint.analysis.project.exports import BASE, FOLLOWS, MAKES, OBJECT, READS, SAVED, SEEN, VALUE, Export
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import is_super_call
from f64lint.analysis.syntax.nodes import (
    assignment,
    dotted_name,
    is_called_on_the_class,
    is_property,
    is_self_attribute,
    own_nodes,
)
from f64lint.cst import cst

ModuleSummary = Tuple[Export, ...]
# The modules whose functions' and names' whole values are read for `VALUE` rows: those
# shorter than this. Reading every function of a module of a thousand (torch's
# common_methods_invocations.py, 1 MB) took minutes and gigabytes.
VALUES_READ_BELOW = 100_000


def summarise(analysis: Analysis, path: str) -> ModuleSummary:
    """The exports of a module whose name is known (none otherwise), from the last
    top-level definition or binding of each name (Python keeps the last one)."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name:
        return ()
    found = []
    whole = len(facts.source) < VALUES_READ_BELOW  # whole values (`VALUE` rows) of a module not too long
    for statement in _last_of_each_name(facts.module.body):
        if isinstance(statement, cst.FunctionDef):
            name = statement.name.value
            wide = flow.returns(statement)
            if wide is not None:
                found.append(_export(facts, name, True, wide, path))
            else:
                objects = _object_returned(facts, flow, statement, path)
                found.extend(_returned_rows(facts, flow, statement, name, path, whole, objects))
        elif isinstance(statement, cst.ClassDef):
            found.extend(_members(facts, flow, statement, path, whole))
            found.extend(_dataset(analysis, statement, path))
        elif isinstance(statement, cst.SimpleStatementLine):
            for small in statement.body:
                if (
                    isinstance(small, cst.Assign)
                    and len(small.targets) == 1
                    and isinstance(small.targets[0].target, cst.Name)
                ):
                    name = small.targets[0].target.value
                    if whole and _short(facts, small.value) and _holds_parts(flow, [small.value]):  # `PAIRS = a, b`
                        found.extend(_value_bound(facts, flow, name, small.value, path))
                        continue
                    made = _made(facts, flow, name, False, [small.value], path)
                    found.extend([made] if made is not None else [])
    found.extend(state_held(analysis, path))
    found.extend(saved_arrays(analysis, path))
    found.extend(_dtypes(analysis, path))
    found.extend(_constructors(analysis, found, path))
    return (*found, *passed_on(analysis, path), *given_back(analysis, path))


def state_held(analysis: Analysis, path: str) -> List[Export]:
    """The module's classes whose objects hold a float64 parameter or buffer that moves with
    them (`SpeechClassifier`, moved elsewhere), their own or one of another module's class
    they keep (`self.frontend = LogMel()`)."""
    facts, flow = analysis.facts, analysis.flow
    return [
        replace(_export(facts, name, False, wide, path), state=True)
        for name, wide in flow.classes_holding_float64.items()
    ]


def saved_arrays(analysis: Analysis, path: str) -> List[Export]:
    """The files the module saves a float64 NumPy array to, by the name the
    code writes (`np.save(os.path.join(folder, "trajectories.npy"), states)`): `SAVED` rows,
    for the modules that load a file of that name."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name:
        return []
    found = []
    for name, arrays in flow.evaluation.saved_files.saved().items():
        source = next(filter(None, (flow.float64_array(array) for array in arrays)), None)
        if source is not None:
            line = facts.positions[source.origin].start.line
            found.append(Export(facts.module_name, name, False, source.origin_name, SAVED, path, line))
    return found


def attributes_held(analysis: Analysis, path: str) -> List[Export]:
    """The attributes the module's top-level classes set on `self` to a float64 tensor or
    NumPy array (`self.anchor_array = grid_anchors(...)` of another module's function), and
    the float64 members they leave to a base another module defines: for a module with no
    finding of its own that imports such data."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name:
        return []
    classes = [owner for owner in facts.module.body if isinstance(owner, cst.ClassDef)]
    return [
        export
        for owner in classes
        for export in (*_attributes_set(facts, flow, owner, path), *_inherited(facts, flow, owner))
    ]


def summarise_dtypes(analysis: Analysis, path: str) -> ModuleSummary:
    """The float64 dtypes a module gives away (`_dtypes`), and what makes objects of the
    classes they are members of: the summary of a module without a finding."""
    found = _dtypes(analysis, path)
    return (*found, *_constructors(analysis, found, path))


def _constructors(analysis: Analysis, exports: Sequence[Export], path: str) -> List[Export]:
    """For the classes these exports are members of: the module's functions, and the
    classes' class and static methods, that return an object of the class on every path
    (`Config.from_json` of `return cls(**json.loads(text))`), for the modules that read a
    member of what they make (`Config.from_json(text).torch_dtype`)."""
    facts, flow = analysis.facts, analysis.flow
    classes = {export.name.split(".")[0] for export in exports if "." in export.name and not export.passed}
    if not classes or not facts.module_name:
        return []
    found = []
    for statement in facts.module.body:
        functions = [(statement.name.value, statement)] if isinstance(statement, cst.FunctionDef) else []
        if isinstance(statement, cst.ClassDef) and statement.name.value in classes:
            owner = statement.name.value
            functions = [
                (f"{owner}.{method.name.value}", method) for method in statement.body.body
                if isinstance(method, cst.FunctionDef) and is_called_on_the_class(method)
            ]
        for name, function in functions:
            made = _made_on_every_path(flow, function)
            if made is not None and made.kind is Kind.INSTANCE and made.type in classes:
                found.append(Export(facts.module_name, name, True, made.type, MAKES, path, 0))
    return found


def _made_on_every_path(flow: Flow, function: cst.FunctionDef) -> Optional[Value]:
    """The object a function returns on every path, of one kind and class, when one."""
    returned = [flow.evaluation.value(value) for value in flow.returned_values(function)]
    made = {(value.kind, value.type) for value in returned}
    return join(returned) if len(made) == 1 and returned and returned[0].type is not None else None


def _dtypes(analysis: Analysis, path: str) -> List[Export]:
    """The float64 dtypes a module gives away: a module-level name bound to one (`DTYPE =
    torch.float64`) and not bound again in a block (`if torch.backends.mps.is_available():
    DTYPE = torch.float32`), a function that returns one on every path (`def precise():
    return torch.double`; not `pick(double)`, whose caller chooses), and a class's
    attribute (`dtype = torch.float64` in its body, a dataclass field, `self.dtype =
    torch.float64`) or property (`getattr(torch, self.precision)` of a field `"float64"`)."""
    facts, flow = analysis.facts, analysis.flow
    if not facts.module_name:
        return []
    found: List[Optional[Export]] = []
    rebound = _bound_in_blocks(facts.module.body)
    for statement in _last_of_each_name(facts.module.body):
        if isinstance(statement, cst.FunctionDef):
            found.append(_returned_dtype(facts, flow, statement.name.value, flow.returned_values(statement), path))
        elif isinstance(statement, cst.ClassDef):
            owner = statement.name.value
            set_on_self = flow.attributes_set(statement)
            for name, value in _bound_in([s for s in statement.body.body if isinstance(s, cst.BaseStatement)]):
                if name not in set_on_self:
                    found.append(_held_dtype(facts, flow, f"{owner}.{name}", [value], path))
            found.extend(_held_dtype(facts, flow, f"{owner}.{name}", held, path) for name, held in set_on_self.items())
            found.extend(
                _returned_dtype(facts, flow, f"{owner}.{method.name.value}", flow.returned_values(method), path, False)
                for method in statement.body.body
                if isinstance(method, cst.FunctionDef) and is_property(method)
            )
        elif isinstance(statement, cst.SimpleStatementLine):
            found.extend(
                _held_dtype(facts, flow, name, [value], path)
                for name, value in _bound_in([statement])
                if name not in rebound
            )
    return [export for export in found if export is not None]


def _bound_in(body: Sequence[cst.BaseStatement]) -> List[Tuple[str, cst.BaseExpression]]:
    """The names these statements bind with `name = value` or `name: type = value`."""
    found = []
    for statement in body:
        for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
            assigned = assignment(small)
            if assigned is not None and len(assigned[0]) == 1 and isinstance(assigned[0][0], cst.Name):
                found.append((assigned[0][0].value, assigned[1]))
    return found


def _bound_in_blocks(body: Sequence[cst.BaseStatement]) -> Set[str]:
    """The names the module binds in its blocks (`if`, `try`, `for`, `with`), not in a
    definition: a module-level value there may replace the one bound before."""
    found: Set[str] = set()
    stack: List[cst.CSTNode] = [s for s in body if isinstance(s, cst.BaseCompoundStatement)]
    while stack:
        node = stack.pop()
        if isinstance(node, (cst.FunctionDef, cst.ClassDef)):
            continue
        if isinstance(node, (cst.AssignTarget, cst.AnnAssign, cst.AugAssign)):
            target = node.target
            found.update([target.value] if isinstance(target, cst.Name) else [])
        stack.extend(node.children)
    return found


def _last_of_each_name(body: Sequence[cst.BaseStatement]) -> List[cst.BaseStatement]:
    """The module's statements but the definitions a later one of the same name replaces."""
    last: Dict[str, int] = {}
    for index, statement in enumerate(body):
        for name in _defined(statement):
            last[name] = index
    return [
        statement for index, statement in enumerate(body) if all(last[name] == index for name in _defined(statement))
    ]


def _defined(statement: cst.BaseStatement) -> List[str]:
    if isinstance(statement, (cst.FunctionDef, cst.ClassDef)):
        return [statement.name.value]
    if isinstance(statement, cst.SimpleStatementLine):
        assigned = [assignment(small) for small in statement.body]
        return [target.value for found in assigned if found for target in found[0] if isinstance(target, cst.Name)]
    return []


def _members(facts: ModuleFacts, flow: Flow, owner: cst.ClassDef, path: str, whole: bool) -> List[Export]:
    """A class's methods (and properties) that return, and attributes its methods set on
    `self` to, a float64 tensor or NumPy array: `Schedule.timesteps`, `Schedule.sigmas`,
    read in other modules as `schedule.timesteps()` and `schedule.sigmas` of a
    `schedule = Schedule()` or a `schedule: Schedule`; and, `whole`, what a method gives
    that holds one where those rows say nothing (`GraphData.from_edges`, an object whose
    attributes hold it): a `VALUE` row."""
    found = []
    for method in owner.body.body:
        if isinstance(method, cst.FunctionDef) and not method.name.value.startswith("__"):
            name = f"{owner.name.value}.{method.name.value}"
            returned = flow.returned_values(method)
            if is_property(method):  # read as an attribute (`grid.spacing`)
                export = _made(facts, flow, name, False, returned, path)
                found.extend([export] if export is not None else [])
            else:
                found.extend(_returned_rows(facts, flow, method, name, path, whole, []))
    set_on_self = flow.attributes_set(owner)
    found.extend(_attributes_set(facts, flow, owner, path))
    body = [s for s in owner.body.body if isinstance(s, cst.BaseStatement)]
    for attribute, value in _bound_in(body):  # a class attribute, a dataclass field's default
        if attribute not in set_on_self:
            export = _held(facts, flow, f"{owner.name.value}.{attribute}", value, path)
            found.extend([export] if export is not None else [])
    return found + _inherited(facts, flow, owner) + _structure(facts, flow, owner, path)


def _inherited(facts: ModuleFacts, flow: Flow, owner: cst.ClassDef) -> List[Export]:
    """The float64 members of the one base class, another module's, a class derives from
    (as that module's summary says) that it leaves to it: `self.F` of a
    `ConstantVelocity(LinearModel)` whose base's `__init__` sets it, where the class neither
    sets nor binds it, nor defines a method of that name, and its own `__init__`, if any,
    runs the base's. (With more bases, another may set it first: a mixin's float32 `F`.)"""
    if len(owner.bases) != 1:
        return []
    base = owner.bases[0].value
    init = facts.definitions.method(owner, "__init__")
    if init is not None and not any(_runs_init_of(call, base) for call in own_nodes(init.body, cst.Call)):
        return []
    body = [s for s in owner.body.body if isinstance(s, cst.BaseStatement)]
    own = {*flow.attributes_set(owner), *(name for name, _ in _bound_in(body))}
    own |= {method.name.value for method in body if isinstance(method, cst.FunctionDef)}
    assert facts.module_name is not None
    return [
        replace(row, module=facts.module_name, name=f"{owner.name.value}.{member}")
        for row in flow.imported.members_of(facts.qualified_name(base))
        if (member := row.name.partition(".")[2]) not in own
    ]


def _runs_init_of(call: cst.Call, base: cst.BaseExpression) -> bool:
    """`super().__init__(...)`, or the base's `__init__` called on `self` (`Base.__init__(self)`)."""
    func = call.func
    if not isinstance(func, cst.Attribute) or func.attr.value != "__init__":
        return False
    named = dotted_name(base)
    return is_super_call(func.value) or (named is not None and dotted_name(func.value) == named)


def _attributes_set(facts: ModuleFacts, flow: Flow, owner: cst.ClassDef, path: str) -> List[Export]:
    """The attributes a class's methods set on `self` to a float64 tensor or NumPy array,
    or to an object of one library class, with the dtype of the data it holds where known
    (`self.adj = normalized_adjacency(...)`, a sparse matrix: an `OBJECT` row)."""
    found = []
    for attribute, values in flow.attributes_set(owner).items():
        name = f"{owner.name.value}.{attribute}"
        export = _made(facts, flow, name, False, values, path) or _object_held(facts, flow, name, values, path)
        if export is not None:
            found.append(export)
    return found


def _object_held(
    facts: ModuleFacts, flow: Flow, name: str, values: Sequence[cst.BaseExpression], path: str
) -> Optional[Export]:
    """The `OBJECT` row of an attribute every value set to which is an object of one
    library class, where one of them may hold data of a wide dtype (the widest, as joined)."""
    held = join(flow.evaluation.value(value) for value in values)
    if held.kind is not Kind.OBJECT or held.type is None or not is_type(held.type) or held.dtype not in WIDE_DTYPES:
        return None
    assert facts.module_name is not None
    line = facts.positions[values[0]].start.line
    return Export(facts.module_name, name, False, object_named(held), OBJECT, path, line)


def _held(facts: ModuleFacts, flow: Flow, name: str, value: cst.BaseExpression, path: str) -> Optional[Export]:
    """The export of a class attribute bound in the class's body to a float64 (or
    complex128) NumPy array or tensor, as the evaluator reads it (`gravity: np.ndarray =
    field(default_factory=lambda: np.array([0.0, 0.0, -9.81]))`: what its factory makes)."""
    held = flow.evaluation.value(value)
    origin = held.origin
    if held.kind not in (Kind.NDARRAY, Kind.TENSOR) or held.dtype not in WIDE_DTYPES or origin is None:
        return None
    assert facts.module_name is not None and held.dtype is not None
    made_by = facts.maker_named(origin)
    line = facts.positions[origin].start.line
    width = WIDE_DTYPES[held.dtype].value
    return Export(facts.module_name, name, False, made_by, width, path, line, tensor=held.kind is Kind.TENSOR)


def _structure(facts: ModuleFacts, flow: Flow, owner: cst.ClassDef, path: str) -> List[Export]:
    """What the project phase reads of a class to follow it across modules
    (project/hierarchy.py): its bases of the same package, by qualified name, and its
    properties that give an attribute of `self` it never sets (`return self._coords`,
    which its subclasses set)."""
    assert facts.module_name is not None
    package = facts.module_name.split(".")[0]
    found = []  # (name, made_by, width) of each row
    set_here = set(flow.attributes_set(owner))
    for base in owner.bases:
        qualified = facts.library_name(base.value)
        if qualified is not None and qualified.split(".")[0] == package:
            found.append((owner.name.value, qualified, BASE))
    for method in owner.body.body:
        if isinstance(method, cst.FunctionDef) and is_property(method):
            returned = flow.returned_values(method)
            read = {value.attr.value for value in returned if is_self_attribute(value)}
            if len(read) == 1 and all(is_self_attribute(value) for value in returned) and not read & set_here:
                found.append((f"{owner.name.value}.{method.name.value}", read.pop(), READS))
    # No line: the project phase reads these rows and shows none (asking a node's line works
    # out the positions of the whole module, most of the cost of a summary).
    return [Export(facts.module_name, name, False, made_by, width, path, 0) for name, made_by, width in found]


def _made(
    facts: ModuleFacts, flow: Flow, name: str, returned: bool, values: Sequence[cst.BaseExpression], path: str
) -> Optional[Export]:
    """The export of a member whose values include a float64 tensor or NumPy array."""
    for value in values:
        wide = flow.wide_value(value)
        if wide is not None:
            return _export(facts, name, returned, wide, path)
        source = flow.float64_array(value)
        if source is not None:
            assert facts.module_name is not None
            line = facts.positions[source.origin].start.line
            return Export(facts.module_name, name, returned, source.origin_name, source.width, path, line)
    return None


def _returned_rows(
    facts: ModuleFacts,
    flow: Flow,
    function: cst.FunctionDef,
    name: str,
    path: str,
    whole: bool,
    objects: List[Export],
) -> List[Export]:
    """What a function or method returns, as rows: `_returns`, with the `OBJECT` rows of
    the library objects it gives (`objects`); else, `whole`, a `VALUE` row of what it gives
    (`_value_returned`), and so too where it returns a tuple, named tuple or dict the
    evaluator knows the parts of that the rows would read as its float64 part (`return
    pairs`, `return Transition(obs, reward)`)."""
    returned = flow.returned_values(function)
    if whole and not any(_written_out(v) or _keyed(v) for v in returned) and _holds_parts(flow, returned):
        return _value_returned(facts, flow, function, name, path)
    returns = _returns(facts, flow, name, returned, path) + objects
    return returns or (_value_returned(facts, flow, function, name, path) if whole else [])


def _object_returned(facts: ModuleFacts, flow: Flow, function: cst.FunctionDef, path: str) -> List[Export]:
    """A function that returns an object of one library class on every path, as probed
    (`return StandardScaler().fit(x)`), with the dtype of the data it holds where known
    (`object_named`): an `OBJECT` row, for the importing modules to read its members
    (`scaler.mean_`, `frame.rating.mean()`)."""
    assert facts.module_name is not None
    made = _made_on_every_path(flow, function)
    if made is None or made.kind is not Kind.OBJECT or made.type is None or not is_type(made.type):
        return []
    line = facts.positions[function].start.line
    return [Export(facts.module_name, function.name.value, True, object_named(made), OBJECT, path, line)]


def _short(facts: ModuleFacts, value: cst.BaseExpression) -> bool:
    """Is a module-level value written on a few lines? A longer table is configuration
    (torch's `op_db`, a list of thousands of `OpInfo(...)` over 20,000 lines), whose reading
    part by part took minutes and gigabytes."""
    span = facts.positions[value]
    return span.end.line - span.start.line < _SHORT_VALUE_LINES


_SHORT_VALUE_LINES = 40


def _holds_parts(flow: Flow, values: Sequence[cst.BaseExpression]) -> bool:
    """Is each value a tuple, list or dict the evaluator knows the parts of (`return pairs`
    of `pairs = (grid, weights32)`)? A row of the float64 data in it would make each part
    float64, where a `VALUE` row keeps each as it is."""
    if not values:
        return False
    held = [flow.evaluation.value(value) for value in values]
    return all((v.kind is Kind.CONTAINER and v.parts) or (v.kind is Kind.MAPPING and v.keys) for v in held)


def _value_returned(facts: ModuleFacts, flow: Flow, function: cst.FunctionDef, name: str, path: str) -> List[Export]:
    """A function that returns (or a generator that yields) float64 data the rows above do
    not say, within what it gives (`yield seed, {"pos": positions}`, an object of one of
    the module's classes whose attributes hold it): a `VALUE` row of its
    whole value, whatever the function is passed (not `make(n, dtype=np.float64)` read at
    its defaults, which a call may pass float32)."""
    evaluation = flow.evaluation
    yielded = [node.value for node in evaluation.yielded(function)]
    values = [value for value in yielded if isinstance(value, cst.BaseExpression)]
    if len(values) < len(yielded):
        return []  # `yield` alone, `yield from xs`
    if values:  # a generator: the elements it yields
        given = Value(Kind.CONTAINER, element=join(evaluation.value(value) for value in values))
    else:
        returned = flow.returned_values(function)
        given = join(evaluation.value(value) for value in returned) if returned else Value()
    return _value_row(facts, flow, name, True, given, function, path)


def _value_bound(facts: ModuleFacts, flow: Flow, name: str, value: cst.BaseExpression, path: str) -> List[Export]:
    """A module-level name bound to a tuple, list or dict that holds float64 data: a `VALUE`
    row of it (`NORMALIZE = {"mean": mean64, "std": std32}`)."""
    return _value_row(facts, flow, name, False, flow.evaluation.value(value), value, path)


def _value_row(
    facts: ModuleFacts, flow: Flow, name: str, returned: bool, value: Value, at: cst.CSTNode, path: str
) -> List[Export]:
    """The `VALUE` row of a value as other modules read it (`Evaluator.exported`), where it
    holds float64 data; none where it does not."""
    exported = flow.evaluation.exported(value)
    wide = wide_data_in(exported)
    if wide is None:
        return []
    assert facts.module_name is not None
    line = facts.positions[wide.origin or at].start.line  # where its first float64 data is made
    return [Export(facts.module_name, name, returned, written(exported), VALUE, path, line)]


def _returns(
    facts: ModuleFacts, flow: Flow, name: str, returned: Sequence[cst.BaseExpression], path: str
) -> List[Export]:
    """What a function or method returns, exported: each part of the tuples it writes out,
    by place (`return x, y`); each value of the dicts it writes out, by key (`return {"x":
    x}`); else the value."""
    if returned and all(_written_out(value) for value in returned):
        return _parts(facts, flow, name, returned, path)
    if returned and all(_keyed(value) for value in returned):
        return _values(facts, flow, name, returned, path)
    made = _made(facts, flow, name, True, returned, path)
    return [made] if made is not None else []


def _parts(
    facts: ModuleFacts, flow: Flow, name: str, values: Sequence[cst.BaseExpression], path: str
) -> List[Export]:
    """The float64 tensors and NumPy arrays in the tuples (or lists) a function returns
    written out (`return x, y`), by place: a place's first; and the places where every
    return gives a tensor or NumPy array of a dtype narrower than float64, with the widest
    (`NARROW_WIDTHS`)."""
    tuples = [value for value in values if isinstance(value, (cst.Tuple, cst.List))]  # all of them (`_written_out`)
    parts: Dict[int, Export] = {}
    for value in tuples:
        for place, element in enumerate(value.elements):
            made = _made(facts, flow, name, True, [element.value], path)
            if made is not None:
                parts.setdefault(place, replace(made, item=(place,)))
    for place in range(min(len(value.elements) for value in tuples)):
        elements = [value.elements[place].value for value in tuples]
        narrow = _narrow(facts, flow, name, True, elements, path) if place not in parts else None
        if narrow is not None:
            parts[place] = replace(narrow, item=(place,))
    return sorted(parts.values(), key=lambda part: part.item or ())


def _narrow(
    facts: ModuleFacts, flow: Flow, name: str, returned: bool, held: Sequence[cst.BaseExpression], path: str
) -> Optional[Export]:
    """The row of a place every return (or item) holds a tensor or NumPy array at of a
    dtype narrower than float64, known on every path: of the widest of them, as NumPy names
    it (`NARROW_WIDTHS`), made where the first return makes it."""
    given = [flow.evaluation.value(node) for node in held]
    data = (Kind.TENSOR, Kind.NDARRAY)
    if not given or not all(value.kind in data and value.known_narrow and not value.mixed for value in given):
        return None
    assert facts.module_name is not None
    widest = max(value.dtype for value in given if value.dtype is not None)
    line, made_by = facts.positions[held[0]].start.line, facts.module.code_for_node(held[0])
    tensor = given[0].kind is Kind.TENSOR
    return Export(facts.module_name, name, returned, made_by, widest.numpy_name, path, line, tensor=tensor)


def _values(
    facts: ModuleFacts, flow: Flow, name: str, values: Sequence[cst.BaseExpression], path: str
) -> List[Export]:
    """The float64 tensors and NumPy arrays in the dicts a function returns written out
    (`return {"obs": self.obs[i], "done": d}`), by key: a key's first."""
    found: Dict[str, Export] = {}
    for value in values:
        assert isinstance(value, cst.Dict)
        for element in value.elements:
            assert isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)
            made = _made(facts, flow, name, True, [element.value], path)
            key = element.key.evaluated_value
            if made is not None and isinstance(key, str):
                found.setdefault(key, replace(made, key=key))
    return list(found.values())


def _keyed(value: cst.BaseExpression) -> bool:
    """A dict written out, each of its keys a string (`{"obs": obs}`; not `{**d, k: v}`)."""
    return isinstance(value, cst.Dict) and all(
        isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString) for element in value.elements
    )


def _written_out(value: cst.BaseExpression) -> bool:
    """A tuple or list written out, each of its places known (`x, y`, `[x, y]`; not
    `(*xs, y)`)."""
    if not isinstance(value, (cst.Tuple, cst.List)):
        return False
    return not any(isinstance(e, cst.StarredElement) for e in value.elements)


def _held_dtype(
    facts: ModuleFacts, flow: Flow, name: str, values: Sequence[cst.BaseExpression], path: str
) -> Optional[Export]:
    """The export of a name or attribute one of whose values is a float64 dtype."""
    return next(filter(None, (_wide_dtype(facts, flow, value, name, False, path) for value in values)), None)


def _returned_dtype(
    facts: ModuleFacts, flow: Flow, name: str, values: Sequence[cst.BaseExpression], path: str, called: bool = True
) -> Optional[Export]:
    """The export of a function (or, not `called`, a property) that returns a float64 dtype
    on every path, as written (not one its caller chooses: `torch.float64 if double else
    torch.float32`)."""
    found = [_wide_dtype(facts, flow, v, name, called, path) for v in values if not isinstance(v, cst.IfExp)]
    if len(found) < len(values):
        return None
    return found[0] if found and all(found) else None


def _wide_dtype(
    facts: ModuleFacts, flow: Flow, value: cst.BaseExpression, name: str, returned: bool, path: str
) -> Optional[Export]:
    """The export of a float64 dtype a value holds (as the evaluator reads it: `getattr(torch,
    self.precision)` of a field `"float64"`), named so the importing modules read it."""
    spelled = flow.evaluation.spelled(value)
    if spelled is None or not spelled[0].is_wide or flow.guards.never_on_mps(spelled[1]):
        return None  # not where an MPS test keeps it out (`if device.type != "mps":`)
    dtype, written = spelled
    named = named_for_others(facts, written)
    if not named:
        return None
    assert facts.module_name is not None
    line = facts.positions[written].start.line
    return Export(facts.module_name, name, returned, named, dtype.width.value, path, line, dtype=True)


def _dataset(analysis: Analysis, owner: cst.ClassDef, path: str) -> List[Export]:
    """For a class with a `__getitem__` (or an `__iter__`): the places of the item where its
    returns (or yields) give a float64 NumPy array (`return self.x[i], self.y[i]`), and those
    where each gives data whose dtype the code shows (`SEEN`: `self.x` made with
    `dtype=np.float32`)."""
    facts, flow = analysis.facts, analysis.flow
    returned = flow.items_given(owner)
    if not returned:
        return []
    places: Dict[Tuple[int, ...], ArraySource] = {}
    seen: Dict[Tuple[int, ...], cst.BaseExpression] = {}
    unseen: Set[Tuple[int, ...]] = set()
    if returned and all(_keyed(value) for value in returned):  # `return {"x": x, "label": float(y)}`
        return _dataset_keys(facts, flow, owner, returned, path)
    parts = [dict(_item_parts(value)) for value in returned]
    for items in parts:
        for place, item in items.items():
            source = flow.float64_array(item)
            if source is not None:
                places.setdefault(place, source)
            elif analysis.data.shows_dtype(item):
                seen.setdefault(place, item)
            else:
                unseen.add(place)
    everywhere = [place for place in seen if all(place in items for items in parts)]
    assert facts.module_name is not None
    return _following(analysis, owner, parts, {*places, *seen}, path) + [
        Export(
            facts.module_name,
            owner.name.value,
            False,
            source.origin_name,
            source.width,
            path,
            facts.positions[source.origin].start.line,
            place,
        )
        for place, source in places.items()
    ] + [
        Export(
            facts.module_name, owner.name.value, False, "", SEEN, path, facts.positions[seen[place]].start.line, place
        )
        for place in everywhere
        if place not in places and place not in unseen
    ]


def _following(
    analysis: Analysis,
    owner: cst.ClassDef,
    parts: Sequence[Dict[Tuple[int, ...], cst.BaseExpression]],
    known: Set[Tuple[int, ...]],
    path: str,
) -> List[Export]:
    """The places of a dataset class's items (but those `known`) that every item holds of
    what one parameter of its `__init__` is given, as it is or indexed (`self.x[i]` of
    `self.x = x`): `FOLLOWS` rows, for the modules whose loaders batch an object of it."""
    facts = analysis.facts
    init = facts.definitions.method(owner, "__init__")
    if init is None or not parts:
        return []
    positions = {param: position for param, _, position in parameter_places(init, True)}
    found = []
    for place, item in parts[0].items():
        followed = {_followed(analysis, owner, init, items.get(place)) for items in parts}
        param = followed.pop() if len(followed) == 1 else None
        position = positions.get(param) if param is not None else None
        if place in known or position is None:
            continue
        assert facts.module_name is not None
        line = facts.positions[item].start.line
        made_by = facts.module.code_for_node(item)
        found.append(
            Export(facts.module_name, owner.name.value, False, made_by, FOLLOWS, path, line, place, through=position)
        )
    return found


def _followed(
    analysis: Analysis, owner: cst.ClassDef, init: cst.FunctionDef, item: Optional[cst.BaseExpression]
) -> Optional[cst.Param]:
    """The parameter of `__init__` an item's place holds what is given for, as it is or
    indexed: `self.x[i]` where every value the class sets `self.x` to is that parameter."""
    while isinstance(item, cst.Subscript):
        item = item.value
    if item is None or not is_self_attribute(item):
        return None
    facts = analysis.facts
    params = set()
    for value in analysis.flow.evaluation.classes.set_on(owner, item.attr.value):
        entry = facts.parameter(facts.bindings.get(value)) if isinstance(value, cst.Name) else None
        params.add(entry[1] if entry is not None and entry[0] is init else None)
    return params.pop() if len(params) == 1 else None


def _dataset_keys(
    facts: ModuleFacts, flow: Flow, owner: cst.ClassDef, returned: Sequence[cst.BaseExpression], path: str
) -> List[Export]:
    """For a dataset class whose `__getitem__` returns dicts written out: the keys of the
    item whose value a batch collates to a float64 tensor (a float64 array or tensor, a
    Python float), by key: a key's first; and those whose value every item holds as a
    tensor or NumPy array of a narrower dtype (`NARROW_WIDTHS`), with the widest."""
    assert facts.module_name is not None
    found: Dict[str, Export] = {}
    held_by_key: Dict[str, List[cst.BaseExpression]] = {}
    for value in returned:
        assert isinstance(value, cst.Dict)
        for element in value.elements:
            assert isinstance(element, cst.DictElement) and isinstance(element.key, cst.SimpleString)
            key, held = element.key.evaluated_value, flow.evaluation.value(element.value)
            if isinstance(key, str):
                held_by_key.setdefault(key, []).append(element.value)
            data = held.is_array or held.kind in (Kind.TENSOR, Kind.NUMBER)
            if not isinstance(key, str) or key in found or not data or held.dtype is not Dtype.FLOAT64:
                continue
            line = facts.positions[element.value].start.line
            made_by = facts.module.code_for_node(element.value)
            made = Export(facts.module_name, owner.name.value, False, made_by, "float64", path, line, (), key=key)
            found[key] = replace(made, tensor=held.kind is Kind.TENSOR)
    for key, held_there in held_by_key.items():
        narrow = _narrow(facts, flow, owner.name.value, False, held_there, path) if key not in found else None
        if narrow is not None and len(held_there) >= len(returned):
            found[key] = replace(narrow, item=(), key=key)
    return list(found.values())


def _item_parts(value: cst.BaseExpression) -> List[Tuple[Tuple[int, ...], cst.BaseExpression]]:
    """A `__getitem__` return's parts by place: each element of a tuple or list up to a
    starred one (`(*ids, x)`: the places after it are not known), else the whole item."""
    if not isinstance(value, (cst.Tuple, cst.List)):
        return [((), value)]
    parts: List[Tuple[Tuple[int, ...], cst.BaseExpression]] = []
    for index, element in enumerate(value.elements):
        if isinstance(element, cst.StarredElement):
            break
        parts.append(((index,), element.value))
    return parts


def _export(facts: ModuleFacts, name: str, returned: bool, wide: WideValue, path: str) -> Export:
    assert facts.module_name is not None
    if wide.imported is not None:  # passed on from another module: keep where it was made
        made = wide.imported
        return Export(
            facts.module_name, name, returned, made.made_by, made.width, made.path, made.line, tensor=made.tensor
        )
    line = facts.positions[wide.origin].start.line
    return Export(facts.module_name, name, returned, wide.made_by, wide.width.value, path, line, tensor=True)
