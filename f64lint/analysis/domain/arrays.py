"""NumPy arrays as the evaluator reads them: the views of the library table it reads
NumPy's makers by, the dtype a maker is asked for, what an annotation says a sequence
holds, a loop's range counter, and where a float64 array comes from (for messages)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from f64lint.analysis.domain.library import DTYPE_PLACES, NUMPY_RANGES, Returns, functions, functions_returning, methods
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, positional
from f64lint.cst import cst

FLOAT_BY_DEFAULT = functions_returning(Returns.FLOAT64)
FOLLOW_DATA = functions("numpy", Returns.DATA_DTYPE)
FLOAT_OF_NUMBERS = functions_returning(Returns.FLOAT_OF_NUMBERS)  # NumPy's ufuncs
FLOAT64_OF_INTEGERS = functions_returning(Returns.FLOAT64_OF_INTEGERS)  # `skimage.img_as_float`
KEEP_DTYPE_METHODS = methods("numpy.ndarray", Returns.RECEIVER_DTYPE)
PIXEL_MAKERS = functions_returning(Returns.PIXELS)  # image readers: `cv2.imread`
INTEGERS_RETURNED = functions_returning(Returns.INTEGERS)  # `np.bincount`
INTEGER_MAKERS = INTEGERS_RETURNED | PIXEL_MAKERS | NUMPY_RANGES
KEEP_FIRST_ARGUMENT_DTYPE = functions_returning(Returns.FIRST_ARGUMENT_DTYPE)  # `cv2.resize(image, size)`
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


@dataclass(frozen=True)
class ArraySource:
    """A float64 (or complex128) array and the NumPy call (or library attribute) it comes
    from (for messages)."""

    origin: cst.BaseExpression
    origin_name: str
    # NumPy's integers made float64 by arithmetic (`len(y) / np.bincount(y)`): that operation.
    promoted_by: Optional[cst.BinaryOperation] = None
    # Seen float64 at run time by the project's tests (project/observed.py): where and by
    # which tests, said for a message.
    seen: Optional[str] = None
    width: str = "float64"  # or "complex128": a pair of float64 values, as MPS lacks too


def asked_dtype(call: cst.Call, qualified: Optional[str]) -> Optional[cst.BaseExpression]:
    """The dtype a library call is given: its `dtype=`, or the positional argument NumPy's
    makers take it as (`np.ones(n, np.float32)`)."""
    return dtype_argument(call, DTYPE_PLACES.get(qualified or ""))


def dtype_argument(call: cst.Call, place: Optional[int]) -> Optional[cst.BaseExpression]:
    """The dtype a call is given at this place among its positional arguments, else as
    `dtype=` (a `place` of None: only so)."""
    given = positional(call)
    return given[place] if place is not None and len(given) > place else keyword(call, "dtype")


def has_float_literal(node: cst.CSTNode) -> bool:
    if isinstance(node, cst.Float):
        return True
    if isinstance(node, (cst.List, cst.Tuple)):
        return any(has_float_literal(element.value) for element in node.elements)
    if isinstance(node, cst.UnaryOperation):
        return has_float_literal(node.expression)
    return False


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


def range_counter(facts: ModuleFacts, node: cst.Name) -> bool:
    """A name a loop binds to each int of a `range(...)` (`for i in range(n)`)."""
    iterated = _iterated_directly(facts, node)
    return isinstance(iterated, cst.Call) and facts.qualified_name(iterated.func) == "builtins.range"


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
