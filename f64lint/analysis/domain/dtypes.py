"""Which expressions denote a dtype, and where a dtype is used as one."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterator, List, Optional, Tuple, Union

from f64lint.analysis.domain.devices import device_like_name
from f64lint.analysis.domain.library import (
    DTYPE_BY_PLACE,
    DTYPE_QUERIES,
    DTYPE_WIDTHS,
    FLOAT64_CASTS,
    WIDEST_FIRST_DTYPES,
    short_names,
)
from f64lint.analysis.domain.probed import numpy_dtype_strings
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, keyword, method_name, positional
from f64lint.analysis.syntax.nodes import integer_index, keyed, last_name
from f64lint.cst import cst


class Width(enum.Enum):
    FLOAT64 = "float64"
    COMPLEX128 = "complex128"
    NARROW = "32-bit or narrower"


class Spelling(enum.Enum):
    TORCH = "torch"
    NUMPY = "numpy"
    PYTHON = "python"
    STRING = "string"


@dataclass(frozen=True)
class Dtype:
    width: Width
    spelling: Spelling
    text: str  # how the source spells it, for messages: `torch.double`, `float`, `"f8"`
    note: str = ""  # why it is float64 when the text does not say so

    @property
    def is_wide(self) -> bool:
        return self.width is not Width.NARROW


_SPELLING_OF_LIBRARY = {"torch": Spelling.TORCH, "numpy": Spelling.NUMPY, "builtins": Spelling.PYTHON}
_WIDTHS = {"float64": Width.FLOAT64, "complex128": Width.COMPLEX128, "narrow": Width.NARROW}
_BY_QUALIFIED_NAME = {name: _WIDTHS[width] for name, width in DTYPE_WIDTHS.items()}

# A dtype string names what NumPy reads it as (torch takes no strings), as probed
# (library_dtypes.json): `"d"` and `"float"` are float64 there, `"f"` float32.
_BY_NUMPY_NAME = {
    "float64": Width.FLOAT64,
    "complex128": Width.COMPLEX128,
    "float32": Width.NARROW,
    "float16": Width.NARROW,
    "complex64": Width.NARROW,
}


def _string_width(value: str) -> Optional[Width]:
    return _BY_NUMPY_NAME.get(numpy_dtype_strings().get(value, ""))


DtypeHolder = Union["cst.Call", "cst.Param", "cst.Dict"]


@dataclass(frozen=True)
class DtypeUse:
    """A place where an expression is given as a dtype.

    `holder` is the call (or the parameter, for a default value; the dict, for a `"dtype"`
    key) and `kind` says how: `dtype=`, a positional argument of `.to()` / `.type()` /
    `.view()`, a default, or a `"dtype"` key.
    """

    value: cst.BaseExpression
    holder: DtypeHolder
    kind: str


def mentions_device(node: cst.CSTNode, devices: FrozenSet[str]) -> bool:
    """Does an expression test for MPS or another device without float64
    (`device.type == "mps"`, `torch.backends.mps...`, `is_mps`)?"""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return isinstance(value, str) and value.split(":")[0] in devices
    if isinstance(node, (cst.Name, cst.Attribute)):
        name = (node.value if isinstance(node, cst.Name) else node.attr.value).lower()
        if any(device in name for device in devices):
            return True
    return any(mentions_device(child, devices) for child in node.children)


_DTYPE_QUERIES = frozenset(short_names(DTYPE_QUERIES))


def tests_a_dtype(facts: ModuleFacts, node: cst.CSTNode) -> bool:
    """Does a condition look at a dtype (`x.dtype == ...`, `x.is_complex()`, `torch.float64`)?"""
    if isinstance(node, cst.Attribute):
        if node.attr.value in _DTYPE_QUERIES:
            return True
        qualified = facts.qualified_name(node)
        if qualified in _BY_QUALIFIED_NAME and _BY_QUALIFIED_NAME[qualified] is not Width.NARROW:
            return True
    return any(tests_a_dtype(facts, child) for child in node.children)


def holds_for_float64(facts: ModuleFacts, test: cst.BaseExpression, name: str, tensor: bool) -> bool:
    """Does a condition hold whenever a name holds float64 data (a tensor's, else a NumPy
    array's): its dtype compared equal to float64 as its library spells it
    (`x.dtype == torch.float64`, `a.dtype == np.float64`, `x.dtype in (torch.float64,
    torch.float16)`), unequal to another (`x.dtype != torch.float32`), a tensor's
    `x.is_floating_point()`, or an `or` with such a part (an `and` of them)? A torch dtype
    compared with a NumPy array's, or a NumPy one with a tensor's, is never equal."""
    if isinstance(test, cst.BooleanOperation):
        parts = (
            holds_for_float64(facts, test.left, name, tensor), holds_for_float64(facts, test.right, name, tensor)
        )
        return any(parts) if isinstance(test.operator, cst.Or) else all(parts)
    if isinstance(test, cst.Call):
        if isinstance(test.func, cst.Attribute) and test.func.attr.value == "is_floating_point" and not test.args:
            tested: Optional[cst.BaseExpression] = test.func.value  # `x.is_floating_point()`
        elif facts.qualified_name(test.func) == "torch.is_floating_point" and positional(test):
            tested = positional(test)[0]
        else:
            return False
        return tensor and isinstance(tested, cst.Name) and tested.value == name
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    left, target = test.left, test.comparisons[0]
    compared = target.comparator
    symmetric = isinstance(target.operator, (cst.Equal, cst.NotEqual, cst.Is, cst.IsNot))
    if symmetric and _dtype_of_name(compared, name) and not _dtype_of_name(left, name):
        left, compared = compared, left  # `torch.float64 == x.dtype`
    if not _dtype_of_name(left, name):
        return False
    if not tensor and isinstance(target.operator, (cst.Is, cst.IsNot)):
        return False  # a NumPy dtype is no type object: `a.dtype is np.float64` is never true
    if isinstance(target.operator, (cst.In, cst.NotIn)) and isinstance(compared, (cst.Tuple, cst.List, cst.Set)):
        spelled = [_as_compared(facts, element.value, tensor) for element in compared.elements]
        named = [width for width in spelled if width is Width.FLOAT64]
        if isinstance(target.operator, cst.In):
            return bool(named)
        return all(width is not None for width in spelled) and not named
    width = _as_compared(facts, compared, tensor)
    if width is None:
        return False
    if isinstance(target.operator, (cst.Equal, cst.Is)):
        return width is Width.FLOAT64
    return isinstance(target.operator, (cst.NotEqual, cst.IsNot)) and width is not Width.FLOAT64


def _dtype_of_name(node: cst.BaseExpression, name: str) -> bool:
    """Is a node `<name>.dtype`?"""
    return (
        isinstance(node, cst.Attribute) and node.attr.value == "dtype"
        and isinstance(node.value, cst.Name) and node.value.value == name
    )


def _as_compared(facts: ModuleFacts, node: cst.BaseExpression, tensor: bool) -> Optional[Width]:
    """The width of a dtype compared with a tensor's (spelled by torch) or a NumPy array's
    (by NumPy, a string or a Python type); None for one spelled otherwise, or no dtype."""
    spelled = dtype_of(facts, node)
    if spelled is None or (spelled.spelling is Spelling.TORCH) is not tensor:
        return None
    return spelled.width


def chosen_by_data(facts: ModuleFacts, value: cst.BaseExpression) -> bool:
    """Is a value assigned where an `if` lets in only complex128 data or NumPy's object
    data (`if x.dtype == torch.complex128: dtype = torch.float64`, `if dtype_orig.kind ==
    "O": dtype = xp.float64`)? No tensor on MPS is either. (Data of other dtypes made
    float64 there, integers say, would be on MPS; a float64 precision setting compared
    (`if precision == torch.float64:`) is a choice, not data.)"""
    current = facts.parent(value)
    while current is not None and type(current) not in (cst.FunctionDef, cst.Module):  # (syntax/nodes.py `own_nodes`)
        parent = facts.parent(current)
        if type(parent) is cst.If and current is parent.body and _admits_only_data_off_mps(facts, parent.test):
            return True
        current = parent
    return False


def _admits_only_data_off_mps(facts: ModuleFacts, test: cst.BaseExpression) -> bool:
    """Does a condition hold only for complex128 or object data: a data's dtype compared
    equal to one (`x.dtype == torch.complex128`, `dtype_orig.kind == "O"`, `dtype_orig ==
    object`), an `and` with such a part, or an `or` of such parts?"""
    if isinstance(test, cst.BooleanOperation):
        parts = (_admits_only_data_off_mps(facts, test.left), _admits_only_data_off_mps(facts, test.right))
        return any(parts) if isinstance(test.operator, cst.And) else all(parts)
    if not isinstance(test, cst.Comparison) or len(test.comparisons) != 1:
        return False
    if not isinstance(test.comparisons[0].operator, (cst.Equal, cst.Is)):
        return False
    sides = (test.left, test.comparisons[0].comparator)
    return any(_reads_a_dtype(side) for side in sides) and any(_complex128_or_object(facts, side) for side in sides)


def _reads_a_dtype(node: cst.BaseExpression) -> bool:
    """`x.dtype`, `dtype_orig.kind`, `dtype_orig`: a data's dtype, as read."""
    if isinstance(node, cst.Name):
        return node.value.startswith("dtype") or node.value.endswith("dtype")
    if isinstance(node, cst.Attribute):
        if node.attr.value == "kind":
            return _reads_a_dtype(node.value)
        return node.attr.value == "dtype"
    return False


def _complex128_or_object(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.SimpleString):
        return node.evaluated_value == "O"
    qualified = facts.qualified_name(node)
    return qualified == "builtins.object" or _BY_QUALIFIED_NAME.get(qualified or "") is Width.COMPLEX128


def dtype_of(facts: ModuleFacts, node: cst.BaseExpression) -> Optional[Dtype]:
    """The dtype an expression denotes, if it plainly denotes one."""
    found = spelled_dtype(facts, node)
    return found[0] if found is not None else None


def spelled_dtype(
    facts: ModuleFacts, node: cst.BaseExpression, depth: int = 0
) -> Optional[Tuple[Dtype, cst.BaseExpression]]:
    """The dtype an expression denotes and the expression that spells it: the node
    itself, or what a name was assigned (`DTYPE = torch.float64` for a read of `DTYPE`),
    or the wide branch of a conditional."""
    if depth > MAX_TRACE_DEPTH:
        return None
    if isinstance(node, (cst.Name, cst.Attribute)):
        qualified = facts.qualified_name(node)
        if qualified in _BY_QUALIFIED_NAME:
            spelling = _SPELLING_OF_LIBRARY[qualified.split(".")[0]]
            text = facts.module.code_for_node(node)
            return Dtype(_BY_QUALIFIED_NAME[qualified], spelling, text), node
        # A name may hold what any assignment reaching it gave (`if precise: dtype =
        # torch.float64 else: ...`, each element of `for dtype in (...)`): the last wide
        # one, else the last one.
        reaching = [
            spelled_dtype(facts, value, depth + 1)
            for value in facts.reaching_values(node)
            if value is not None and not chosen_by_data(facts, value)
        ]
        known = [spelled for spelled in reversed(reaching) if spelled is not None]
        return next((spelled for spelled in known if spelled[0].is_wide), known[0] if known else None)
    if isinstance(node, cst.Call):
        named = positional(node)
        if facts.qualified_name(node.func) == "numpy.dtype" and named:  # `np.dtype("float64")`
            return spelled_dtype(facts, named[0], depth + 1)
        return _widest_first(facts, node)
    if isinstance(node, cst.Subscript) and integer_index(node) == 0:
        # `supported_dtypes[0]` of a list of dtypes widest first: its widest.
        found = spelled_dtype(facts, node.value, depth + 1)
        return found if found is not None and isinstance(found[1], cst.Call) else None
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        width = _string_width(value) if isinstance(value, str) else None
        return (Dtype(width, Spelling.STRING, node.value), node) if width is not None else None
    if isinstance(node, cst.IfExp):
        # `float32 if device.type == "mps" else float64` is the recommended fix itself, and
        # `float64 if x.dtype == torch.float64 else float32` follows the data's own dtype.
        if mentions_device(node.test, facts.devices) or tests_a_dtype(facts, node.test):
            return None
        for branch in (node.body, node.orelse):
            found = spelled_dtype(facts, branch, depth + 1)
            if found is not None and found[0].is_wide:
                return found
        return None
    return None


def named_for_others(facts: ModuleFacts, written: cst.BaseExpression) -> str:
    """How a module's summary names a dtype it spells, for the modules that import it to
    read (`exported_dtype`): by its qualified name (`torch.float64` of `th.double`), or as
    the string is written (`"f8"`)."""
    if isinstance(written, cst.SimpleString):
        return repr(written.evaluated_value)
    return facts.qualified_name(written) or ""


def exported_dtype(named: str, where: str) -> Optional[Dtype]:
    """The dtype another module's summary names (`named_for_others`), with where that
    module sets it (`where`, for messages)."""
    if named[:1] in ("'", '"'):
        width = _string_width(named[1:-1])
        return Dtype(width, Spelling.STRING, named, where) if width is not None else None
    width = _BY_QUALIFIED_NAME.get(named)
    if width is None:
        return None
    return Dtype(width, _SPELLING_OF_LIBRARY[named.split(".")[0]], named, where)


def _widest_first(facts: ModuleFacts, call: cst.Call) -> Optional[Tuple[Dtype, cst.BaseExpression]]:
    """`supported_float_dtypes(xp)`: the float dtypes of the default device, float64 first,
    as no device is given to leave it out (a dtype list to convert data to: the first unless
    the data has one of them)."""
    device = WIDEST_FIRST_DTYPES.get(facts.library_name(call.func) or "")
    if device is None:
        return None
    given = keyword(call, device) or (positional(call)[1] if len(positional(call)) > 1 else None)
    if given is not None and not (isinstance(given, cst.Name) and given.value == "None"):
        return None
    text = facts.module.code_for_node(call)
    return Dtype(Width.FLOAT64, Spelling.TORCH, text, f"float64 first: no `{device}=` given"), call


_DTYPE_POSITIONAL_METHODS = frozenset(short_names(DTYPE_BY_PLACE))


def dtype_uses(facts: ModuleFacts) -> Iterator[DtypeUse]:
    """Every place the module gives a dtype: `dtype=`, `.to(dt)`, `.type(dt)`, `.view(dt)`,
    and parameter defaults that are dtypes. Comparisons, tables and queries never appear.
    An argument of `.to()` that does not spell a dtype may hold one (`.to(self.dtype)`):
    it is a use too, for the evaluator to read.
    """
    for call in facts.calls:
        value = keyword(call, "dtype")
        if value is not None:
            yield DtypeUse(value, call, "dtype=")
        if method_name(call) in _DTYPE_POSITIONAL_METHODS and facts.qualified_name(call.func) is None:
            for arg in positional(call):
                if dtype_of(facts, arg) is not None or _may_hold_a_dtype(arg):
                    yield DtypeUse(arg, call, f".{method_name(call)}()")
    for param in facts.defaults:
        assert param.default is not None
        yield DtypeUse(param.default, param, "default")
    for kept in _keyword_dicts(facts):  # not a dict of data (an FX node's kwargs)
        for element in kept.elements:
            if keyed(element, "dtype"):
                assert isinstance(element, cst.DictElement)
                yield DtypeUse(element.value, kept, '"dtype" key')


def _may_hold_a_dtype(arg: cst.BaseExpression) -> bool:
    """May an argument of `.to()` that spells no dtype hold one: a name, an attribute or a
    call not named like a device (`self.dtype`, `get_dtype()`; not `self.device`)?"""
    if not isinstance(arg, (cst.Name, cst.Attribute, cst.Call)):
        return False
    return not device_like_name(last_name(arg.func if isinstance(arg, cst.Call) else arg) or "")


def _keyword_dicts(facts: ModuleFacts) -> List[cst.Dict]:
    """The dicts given to calls as keyword arguments, `**{...}` or `**name` of a name bound
    to one, each once."""
    found: Dict[int, cst.Dict] = {}
    for _, value in facts.keyword_splats:
        for held in _splatted(facts, value):
            if isinstance(held, cst.Dict):
                found.setdefault(id(held), held)
    return list(found.values())


def splatting(facts: ModuleFacts, kept: cst.Dict) -> Iterator[cst.Call]:
    """The calls a dict is splatted into as keyword arguments: `**{...}`, or `**name` of
    a name bound to it."""
    for call, value in facts.keyword_splats:
        if any(held is kept for held in _splatted(facts, value)):
            yield call


def _splatted(facts: ModuleFacts, value: cst.BaseExpression) -> List[Optional[cst.BaseExpression]]:
    """What a `**value` may be: the value written there, or what reaches the name it is."""
    return [value] if isinstance(value, cst.Dict) else facts.reaching_values(value)


# The methods that cast to float64 or complex128 (`t.double()`), by name.
FLOAT64_CAST_METHODS = frozenset(short_names(FLOAT64_CASTS))


def implements_conversion_api(facts: ModuleFacts, node: cst.CSTNode) -> bool:
    """Inside the definition of a `.double()` / `.cdouble()` method, or an assignment
    that makes one (`double = _conversion_method_template(dtype=torch.float64)`): the API
    whose contract is float64, as in torch's own Module and Storage."""
    current = facts.parent(node)
    while current is not None:
        if isinstance(current, cst.FunctionDef) and current.name.value in FLOAT64_CAST_METHODS:
            return True
        if isinstance(current, cst.Assign) and any(
            isinstance(target.target, cst.Name) and target.target.value in FLOAT64_CAST_METHODS
            for target in current.targets
        ):
            return True
        current = facts.parent(current)
    return False
