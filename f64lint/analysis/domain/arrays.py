"""Which expressions are float64 NumPy arrays (NumPy's default float is float64)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, List, Optional, Sequence

from f64lint.analysis.domain.dtypes import Width, dtype_of
from f64lint.analysis.domain.library import (
    DTYPE_PLACES,
    MAKES,
    NUMPY_RANGES,
    RETURNS_SELF,
    Returns,
    float64_parts,
    functions,
    member,
    methods,
)
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.semantic.traces import kept
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, keyword, positional
from f64lint.cst import cst

FLOAT_BY_DEFAULT = frozenset().union(
    *(functions(module, Returns.FLOAT64) for module in ("numpy", "scipy", "sklearn", "transformers"))
)
FOLLOW_DATA = functions("numpy", Returns.DATA_DTYPE)
FLOAT_OF_NUMBERS = functions("numpy", Returns.FLOAT_OF_NUMBERS)
_KEEP_DTYPE = functions("numpy", Returns.ARGUMENT_DTYPE) | functions("scipy", Returns.ARGUMENT_DTYPE) | FLOAT_OF_NUMBERS
KEEP_DTYPE_METHODS = methods("numpy.ndarray", Returns.RECEIVER_DTYPE)
INTEGER_MAKERS = functions("numpy", Returns.INTEGERS) | NUMPY_RANGES
PYTHON_FLOATS = functions("builtins", Returns.PYTHON_FLOAT) | functions("math", Returns.PYTHON_FLOAT)
PYTHON_INTS = functions("builtins", Returns.PYTHON_INT) | functions("math", Returns.PYTHON_INT)
# Annotations of a sequence, whose items a NumPy array is made of (`List[float]`).
_SEQUENCES = frozenset(
    {
        "builtins.list",
        "builtins.tuple",
        "typing.List",
        "typing.Tuple",
        "typing.Sequence",
        "typing.MutableSequence",
        "typing.Iterable",
        "typing.Collection",
        "collections.abc.Sequence",
        "collections.abc.Iterable",
    }
)


# What an attribute or a call stands for, as a layer above knows it (flow/values.py).
Follow = Callable[["cst.BaseExpression"], Sequence["cst.BaseExpression"]]


@dataclass(frozen=True)
class ArraySource:
    """A float64 array and the NumPy call (or library attribute) it comes from (for messages)."""

    origin: cst.BaseExpression
    origin_name: str
    # NumPy's integers made float64 by arithmetic (`len(y) / np.bincount(y)`): that operation.
    promoted_by: Optional[cst.BinaryOperation] = None
    # Seen float64 at run time by the project's tests (project/observed.py): where and by
    # which tests, said for a message.
    seen: Optional[str] = None


def _object_type(facts: ModuleFacts, node: cst.BaseExpression, depth: int) -> Optional[str]:
    """The library type of an object (domain/library.py `MAKES`): `rng` after `rng =
    np.random.default_rng(0)`, `StandardScaler().fit(x)`."""
    if depth > MAX_TRACE_DEPTH:
        return None
    if isinstance(node, cst.Name):
        traced = facts.assigned_value(node)
        return _object_type(facts, traced, depth + 1) if traced is not None else None
    if not isinstance(node, cst.Call):
        return None
    made = MAKES.get(facts.qualified_name(node.func) or "")
    if made is not None:
        return made
    if isinstance(node.func, cst.Attribute) and node.func.attr.value in RETURNS_SELF:
        return _object_type(facts, node.func.value, depth + 1)
    return None


def asked_dtype(call: cst.Call, qualified: Optional[str]) -> Optional[cst.BaseExpression]:
    """The dtype a library call is given: its `dtype=`, or the positional argument NumPy's
    makers take it as (`np.ones(n, np.float32)`)."""
    return dtype_argument(call, DTYPE_PLACES.get(qualified or ""))


def dtype_argument(call: cst.Call, place: Optional[int]) -> Optional[cst.BaseExpression]:
    """The dtype a call is given at this place among its positional arguments, else as
    `dtype=` (a `place` of None: only so)."""
    given = positional(call)
    return given[place] if place is not None and len(given) > place else keyword(call, "dtype")


def _asks_float64(facts: ModuleFacts, call: cst.Call) -> Optional[bool]:
    """Whether the dtype a call is given is float64 (a dtype it cannot tell is not); None
    when it is given none."""
    given = asked_dtype(call, facts.qualified_name(call.func))
    if given is None:
        return None
    dtype = dtype_of(facts, given)
    return dtype is not None and dtype.width is Width.FLOAT64


def _library_member(facts: ModuleFacts, node: cst.BaseExpression, depth: int) -> Optional[ArraySource]:
    """`rng.normal(size=n)`, `scaler.mean_`: a float64 array a library object gives."""
    target = node.func if isinstance(node, cst.Call) else node
    if not isinstance(target, cst.Attribute):
        return None
    of = _object_type(facts, target.value, depth + 1)
    if of is None or member(of, target.attr.value) is not Returns.FLOAT64:
        return None
    if isinstance(node, cst.Call) and _asks_float64(facts, node) is False:  # `rng.random(n, dtype=np.float32)`
        return None
    return ArraySource(node, f"{of.rsplit('.', 1)[-1]}.{target.attr.value}")


def _library_part(facts: ModuleFacts, node: cst.Name, traced: cst.BaseExpression, depth: int) -> Optional[ArraySource]:
    """For `obs, reward, *_ = envs.step(action)`: a float64 array at the name's place of the
    tuple a library object's method gives (a vector environment's rewards)."""
    binding = facts.bindings.get(node)
    part = binding.part if binding is not None else None
    if part is None or not isinstance(traced, cst.Call) or not isinstance(traced.func, cst.Attribute):
        return None
    of = _object_type(facts, traced.func.value, depth + 1)
    if of is None or part not in float64_parts(of, traced.func.attr.value):
        return None
    return ArraySource(traced, f"{of.rsplit('.', 1)[-1]}.{traced.func.attr.value}")


@kept
def _python_number(facts: ModuleFacts, node: cst.BaseExpression, depth: int) -> bool:
    """A Python number: a literal, arithmetic of them, a parameter annotated `int` or
    `float` or (unannotated) defaulting to a number, or a name only ever bound to one."""
    if depth > MAX_TRACE_DEPTH:
        return False
    if isinstance(node, (cst.Integer, cst.Float)):
        return True
    if isinstance(node, cst.UnaryOperation):
        return _python_number(facts, node.expression, depth + 1)
    if isinstance(node, cst.BinaryOperation):
        return _python_number(facts, node.left, depth + 1) and _python_number(facts, node.right, depth + 1)
    if not isinstance(node, cst.Name):
        return False
    if range_counter(facts, node):
        return True
    entry = facts.parameter(facts.bindings.get(node))
    if entry is not None:
        annotation, default = entry[1].annotation, entry[1].default
        if annotation is not None:
            return isinstance(annotation.annotation, cst.Name) and annotation.annotation.value in ("int", "float")
        return default is not None and _python_number(facts, default, depth + 1)
    values = facts.reaching_values(node)
    return bool(values) and all(value is not None and _python_number(facts, value, depth + 1) for value in values)


def has_float_literal(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.Float):
        return True
    if isinstance(node, (cst.List, cst.Tuple)):
        return any(has_float_literal(element.value) for element in node.elements)
    if isinstance(node, cst.UnaryOperation):
        return has_float_literal(node.expression)
    return False


def _float_scalar(node: cst.BaseExpression) -> bool:
    """A Python float written out, or arithmetic with one (`-size // 2 + 1.0`): a float
    argument of `np.arange` makes its range float64."""
    if isinstance(node, cst.BinaryOperation):
        return _float_scalar(node.left) or _float_scalar(node.right)
    return has_float_literal(node)


def _constructor_source(facts: ModuleFacts, call: cst.Call, name: str, depth: int, follow: Optional[Follow]) -> bool:
    """Does a NumPy constructor call make a float64 array?"""
    asked = _asks_float64(facts, call)
    if asked is not None:
        return asked
    if name in FLOAT_BY_DEFAULT:
        return True
    args = positional(call)
    if name == "numpy.full":
        return len(args) >= 2 and has_float_literal(args[1])
    if name == "numpy.arange":
        return any(_float_scalar(arg) for arg in args)
    if name in FOLLOW_DATA and args:
        if _float_sequence_parameter(facts, args[0]):  # `np.array(probas)`, `probas: List[float]`
            return True
        data = _written_list(facts, args[0])
        if isinstance(data, (cst.ListComp, cst.GeneratorExp)):
            if _python_float(facts, data.elt):  # `np.array([i / n for i in range(n)])`
                return True
            data = data.elt  # `np.array([f(s) for s in sigmas])`: what each element is
        return has_float_literal(data) or float64_array(facts, data, depth + 1, follow) is not None
    return False


def _written_list(facts: ModuleFacts, node: cst.BaseExpression) -> cst.BaseExpression:
    """The list or comprehension a name is bound to where it is written (`w = [...]`), or
    the expression itself."""
    traced = facts.assigned_value(node) if isinstance(node, cst.Name) else None
    return traced if isinstance(traced, (cst.List, cst.ListComp, cst.GeneratorExp)) else node


@kept
def _python_float(facts: ModuleFacts, node: cst.BaseExpression, depth: int = 0) -> bool:
    """A Python float for certain (a list of them is float64 to NumPy): a float literal, a
    call of a function that returns one (`float(x)`, `math.sqrt(x)`), true division of a
    loop counter over `range(...)`, `len(...)` or an integer literal by anything, or
    arithmetic of such a float and a Python number."""
    if has_float_literal(node):
        return True
    if isinstance(node, cst.Call):
        return facts.qualified_name(node.func) in PYTHON_FLOATS
    if not isinstance(node, cst.BinaryOperation) or depth > MAX_TRACE_DEPTH:
        return False
    if isinstance(node.operator, cst.Divide) and (_counter(facts, node.left) or _counter(facts, node.right)):
        return True
    left, right = node.left, node.right
    return any(
        _python_float(facts, one, depth + 1)
        and (_python_float(facts, other, depth + 1) or _python_number(facts, other, depth + 1))
        for one, other in ((left, right), (right, left))
    )


def _float_sequence_parameter(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    """A parameter annotated as a sequence of Python floats (`probas: List[float]`,
    `Optional[Sequence[float]]`, `tuple[float, ...]`), which NumPy makes float64."""
    entry = facts.parameter(facts.bindings.get(node)) if isinstance(node, cst.Name) else None
    annotation = entry[1].annotation if entry is not None else None
    return annotation is not None and float_sequence(facts, annotation.annotation)


def float_sequence(facts: ModuleFacts, node: cst.BaseExpression, depth: int = 0) -> bool:
    """Does an annotation say a sequence of Python floats (`List[float]`,
    `Optional[Sequence[float]]`, `tuple[float, ...]`)?"""
    if not isinstance(node, cst.Subscript) or depth > 2:
        return False
    kind = facts.qualified_name(node.value)
    items = [element.slice.value for element in node.slice if isinstance(element.slice, cst.Index)]
    if kind in ("typing.Optional", "typing.Union"):  # `Optional[List[float]]`: when given, a list
        given = [item for item in items if not (isinstance(item, cst.Name) and item.value == "None")]
        return bool(given) and all(float_sequence(facts, item, depth + 1) for item in given)
    if kind not in _SEQUENCES:
        return False
    named = [facts.qualified_name(item) for item in items if not isinstance(item, cst.Ellipsis)]
    return "builtins.float" in named and all(name in ("builtins.float", "builtins.int") for name in named)


def _counter(facts: ModuleFacts, node: cst.BaseExpression) -> bool:
    if isinstance(node, cst.Integer):
        return True
    if isinstance(node, cst.Call):
        return facts.qualified_name(node.func) == "builtins.len"
    return isinstance(node, cst.Name) and range_counter(facts, node)


def range_counter(facts: ModuleFacts, node: cst.Name) -> bool:
    """A name a loop binds to each int of a `range(...)` (`for i in range(n)`)."""
    iterated = _iterated_directly(facts, node)
    return isinstance(iterated, cst.Call) and facts.qualified_name(iterated.func) == "builtins.range"


@kept
def _integer_range(facts: ModuleFacts, node: cst.BaseExpression, depth: int) -> Optional[cst.Call]:
    """The NumPy call an integer array comes from (`np.arange(n)`, `np.bincount(labels)`,
    no dtype given), followed through local names, indexing and arithmetic that keeps it
    integer or makes it float64 (int64 with any float is float64, float32 included)."""
    if depth > MAX_TRACE_DEPTH:
        return None
    if isinstance(node, cst.Name):
        traced = facts.assigned_value(node)
        return _integer_range(facts, traced, depth + 1) if traced is not None else None
    if isinstance(node, cst.Subscript):
        return _integer_range(facts, node.value, depth + 1)
    if isinstance(node, cst.BinaryOperation):
        return _integer_range(facts, node.left, depth + 1) or _integer_range(facts, node.right, depth + 1)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        return _integer_range(facts, node.expression, depth + 1)
    if (
        isinstance(node, cst.Call)
        and facts.qualified_name(node.func) in INTEGER_MAKERS
        and keyword(node, "dtype") is None
    ):
        return node
    return None


def _promoted_integer_range(facts: ModuleFacts, node: cst.BinaryOperation) -> Optional[ArraySource]:
    """`np.arange(n) / n`, `len(y) / np.bincount(y)` and `np.arange(n) * 0.5` are float64:
    true division and a float operand promote NumPy's integers to float64."""
    for array, other in ((node.left, node.right), (node.right, node.left)):
        origin = _integer_range(facts, array, 0)  # a trace of its own, however deep this one is
        if origin is None:
            continue
        if isinstance(node.operator, cst.Divide) or has_float_literal(other):
            return ArraySource(origin, facts.module.code_for_node(origin.func), node)
    return None


def _float64_among(
    facts: ModuleFacts, call: cst.Call, name: str, arg: cst.BaseExpression, depth: int, follow: Optional[Follow]
) -> Optional[ArraySource]:
    """A float64 array an argument of a dtype-keeping function brings in: itself, or in a
    list of arrays (`np.concatenate([a, b])`) one of them, or a list of Python floats,
    which NumPy makes a float64 array (`np.concatenate([sigmas, [0.0]])`)."""
    if not isinstance(arg, (cst.List, cst.Tuple)):
        return float64_array(facts, arg, depth + 1, follow)
    for element in arg.elements:
        value = element.value
        if isinstance(value, (cst.List, cst.Tuple)) and has_float_literal(value):
            return ArraySource(call, facts.module.code_for_node(call.func))
        found = float64_array(facts, value, depth + 1, follow)
        if found is not None:
            return found
    return None


# Methods of other libraries' objects that give a NumPy array of the dtype they are given
# (pandas' `to_numpy`, xarray's `to_numpy`, `DataFrame.values` has no dtype).
_CONVERTS_WITH_DTYPE = frozenset({"to_numpy", "__array__"})


def _iterated_directly(facts: ModuleFacts, node: cst.Name) -> Optional[cst.BaseExpression]:
    """What a loop binds a name to an element of, when the name is the whole target (`for x
    in xs`) or the element of `enumerate` (`for i, x in enumerate(xs)`), and no other
    binding reaches it."""
    binding = facts.bindings.get(node)
    seen = binding.reaching() if binding is not None else ()
    if len(seen) != 1 or seen[0].iterated is None:
        return None
    iterated, path = seen[0].iterated, seen[0].path
    if not path:
        return iterated
    if path == (1,) and isinstance(iterated, cst.Call) and facts.qualified_name(iterated.func) == "builtins.enumerate":
        args = positional(iterated)
        return args[0] if args else None  # `for i, x in enumerate(xs)`
    return None


def _cast_value(facts: ModuleFacts, node: cst.BaseExpression) -> cst.BaseExpression:
    """What `typing.cast(Tuple, compute(...))` gives: its value; any other expression itself."""
    if isinstance(node, cst.Call) and facts.qualified_name(node.func) == "typing.cast" and len(positional(node)) == 2:
        return positional(node)[1]
    return node


def _returned_parts(
    facts: ModuleFacts, node: cst.Name, traced: cst.BaseExpression, follow: Optional[Follow]
) -> Optional[List[cst.BaseExpression]]:
    """For `rates, thresholds = curve(...)`: what `curve`'s returns give at the name's
    place, when it is the module's own and each return is a tuple long enough (`return
    rates, thresholds`); None otherwise (then the whole result stands for each name)."""
    binding = facts.bindings.get(node)
    part = binding.part if binding is not None else None
    if part is None or follow is None:
        return None
    traced = _cast_value(facts, traced)
    returned = list(follow(traced)) if isinstance(traced, cst.Call) else []
    if not returned or not all(isinstance(value, cst.Tuple) and len(value.elements) > part for value in returned):
        return None
    return [value.elements[part].value for value in returned if isinstance(value, cst.Tuple)]


@kept
def float64_array(
    facts: ModuleFacts, node: cst.BaseExpression, depth: int = 0, follow: Optional[Follow] = None
) -> Optional[ArraySource]:
    """The NumPy call a float64 array expression comes from, or None if not known float64.

    Follows local assignments, arithmetic, indexing, dtype-keeping functions and methods,
    and `.astype(...)` (a cast to a narrow dtype ends the trace); with `follow`, also what
    it says an attribute or a call of the module's own stands for (`self.sigmas`, set in
    `__init__`; a helper's returns).
    """
    if depth > MAX_TRACE_DEPTH * 2:
        return None
    if isinstance(node, cst.Name):
        traced = facts.assigned_value(node)
        if traced is None:
            iterated = _iterated_directly(facts, node)
            # `for sigma in sigmas:` an element of a float64 array is a float64 scalar.
            return float64_array(facts, iterated, depth + 1, follow) if iterated is not None else None
        part = _library_part(facts, node, traced, depth)
        if part is not None:
            return part
        parts = _returned_parts(facts, node, traced, follow)
        if parts is not None:
            return next(filter(None, (float64_array(facts, part, depth + 1, follow) for part in parts)), None)
        return float64_array(facts, traced, depth + 1, follow)
    # The parts of an expression are read at its depth: the depth counts the names and
    # calls followed, which can go on, not the nesting of what is written.
    if isinstance(node, cst.Subscript):
        return float64_array(facts, node.value, depth, follow)
    if isinstance(node, cst.BinaryOperation):
        return (
            float64_array(facts, node.left, depth, follow)
            or float64_array(facts, node.right, depth, follow)
            or _promoted_integer_range(facts, node)
        )
    if isinstance(node, cst.Attribute) and node.attr.value == "T":
        return float64_array(facts, node.value, depth, follow)
    if isinstance(node, cst.UnaryOperation) and isinstance(node.operator, (cst.Minus, cst.Plus)):
        return float64_array(facts, node.expression, depth, follow)  # `-(x**2 + y**2)`
    if isinstance(node, (cst.Attribute, cst.Call)):
        found = _library_member(facts, node, depth)
        if found is not None:
            return found
    if follow is not None and isinstance(node, (cst.Attribute, cst.Call)):
        for value in follow(node):
            found = float64_array(facts, value, depth + 1, follow)
            if found is not None:
                return found
    if not isinstance(node, cst.Call):
        return None
    value = _cast_value(facts, node)
    if value is not node:  # `cast(Tuple, compute(...))` is its value
        return float64_array(facts, value, depth + 1, follow)
    name = facts.qualified_name(node.func)
    if name is not None:
        if name in FLOAT_BY_DEFAULT or name in FOLLOW_DATA:
            if _constructor_source(facts, node, name, depth, follow):
                return ArraySource(node, facts.module.code_for_node(node.func))
            return None
        args = positional(node)
        if name in FLOAT_OF_NUMBERS and args and all(_python_number(facts, arg, depth) for arg in args):
            return ArraySource(node, facts.module.code_for_node(node.func))  # `np.log(0.5)` is np.float64
        if name in _KEEP_DTYPE:
            asked = _asks_float64(facts, node)
            if asked is not None:  # `np.cumsum(x, dtype=float)`: the dtype asked for
                return ArraySource(node, facts.module.code_for_node(node.func)) if asked else None
            for arg in args:
                found = _float64_among(facts, node, name, arg, depth, follow)
                if found is not None:
                    return found
        return None
    if isinstance(node.func, cst.Attribute):
        method = node.func.attr.value
        receiver = node.func.value
        if method == "astype":
            given: Sequence[Optional[cst.BaseExpression]] = positional(node) or [keyword(node, "dtype")]
            dtype = dtype_of(facts, given[0]) if given[0] is not None else None
            if dtype is not None and dtype.width is Width.FLOAT64:
                return ArraySource(node, "astype")
            return None
        if method in KEEP_DTYPE_METHODS:
            return float64_array(facts, receiver, depth + 1, follow)
        if method in _CONVERTS_WITH_DTYPE:  # `frame.to_numpy(dtype="float64")`
            dtype_given = keyword(node, "dtype")
            dtype = dtype_of(facts, dtype_given) if dtype_given is not None else None
            if dtype is not None and dtype.width is Width.FLOAT64:
                return ArraySource(node, method)
    return None
