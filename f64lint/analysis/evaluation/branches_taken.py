"""Which of a function's returns and bindings a call may reach, where the call hands a
parameter a constant that a branch of the function tests: `pick(False)` of `def
pick(double): if double: return torch.float64` then `return torch.float32` reaches only
the last, and `pick(True)` only the first; in `cast(x, as32=True)` of `out =
np.asarray(x, dtype=np.float64)`, then `if as32: out = out.astype(np.float32)`, the first
binding of `out` reaches no read past the `if`.

A test is read when it is a parameter that nothing in the function binds again (no
assignment, loop, `nonlocal` or `global` of its name anywhere in it), `not` of one, or
`is None` / `is not None` of one; the call's argument (or the parameter's default) must be
a literal (`False`, `None`, `0`, `"mps"`) or, for `is None`, an imported module's member
(`torch.float32` is not None). Anything else may go either way, and so may every return
of a function a decorator wraps (`@flip` may call it with other arguments), but for
decorators that call it as written (`@staticmethod`, `@lru_cache`).
"""

from __future__ import annotations

import ast
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Optional, Sequence, Tuple, TypeVar

from f64lint.analysis.domain.library import TRANSPARENT_DECORATORS
from f64lint.analysis.semantic.bindings import Binding
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import given_for, named_params
from f64lint.analysis.syntax.nodes import exits
from f64lint.cst import cst

N = TypeVar("N", bound="cst.CSTNode")


@dataclass(frozen=True)
class _Constant:
    """What a call gives a parameter, as far as a test of it can tell: its truth (None:
    not known), and whether it is None."""

    truth: Optional[bool]
    is_none: bool


Given = Dict[str, _Constant]
# By function: the names its body binds.
BoundNames = Dict["cst.FunctionDef", FrozenSet[str]]


def constants(
    facts: ModuleFacts, function: cst.FunctionDef, call: cst.Call, bound: BoundNames, of_an_object: bool
) -> Given:
    """What a call hands the parameters of its function that nothing in it binds again, as
    far as a test of them can tell: none where a decorator may call it otherwise.
    `of_an_object`: the call runs it for an object it does not name (`prep(values)` running
    `__call__`), so that its arguments go to the parameters past `self`. `bound` keeps the
    names each function binds, worked out once (a function's text is parsed for them)."""
    return _constants(facts, function, call, bound, of_an_object) if _called_as_written(facts, function) else {}


def reached(facts: ModuleFacts, function: cst.FunctionDef, given: Given, returned: Sequence[N]) -> List[N]:
    """The returns (their values) a call of a function that hands it these constants may
    reach; all when it hands none."""
    if not given:
        return list(returned)
    return [value for value in returned if _may_reach(facts, function, value, given)]


def bindings_reached(
    facts: ModuleFacts,
    function: cst.FunctionDef,
    given: Given,
    reaching: Sequence[Binding],
    past: Sequence[Tuple[Binding, Binding, cst.If]],
) -> Sequence[Binding]:
    """The bindings that may reach a read of a name in a call of its function that hands
    it these constants: not one made in a branch they leave out, nor one bound before an
    `if` they always take whose body binds the name again (`past`: each binding with the
    `if` past which it reaches the read, as `PathsOnMps.past_branches` finds them); all,
    where that leaves none."""
    if not given:
        return reaching
    overwritten = {id(seen) for seen, _, branch in past if _truth(facts, function, branch.test, given) is True}
    kept = [
        seen for seen in reaching
        if id(seen) not in overwritten and _binding_may_reach(facts, function, seen, given)
    ]
    return kept or reaching


def _binding_may_reach(facts: ModuleFacts, function: cst.FunctionDef, binding: Binding, given: Given) -> bool:
    """Is a binding made where the constants may reach: what it binds the name to, is
    unpacked from or iterates, or its definition (a parameter's is made where any is)?"""
    made = binding.value or binding.unpacked or binding.iterated or binding.definition
    return made is None or _may_reach(facts, function, made, given)


def _called_as_written(facts: ModuleFacts, function: cst.FunctionDef) -> bool:
    for decorator in function.decorators:
        wrapper = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
        if facts.qualified_name(wrapper) not in TRANSPARENT_DECORATORS:
            return False
    return True


def _constants(
    facts: ModuleFacts, function: cst.FunctionDef, call: cst.Call, bound: BoundNames, of_an_object: bool
) -> Given:
    found: Given = {}
    for param in named_params(function):
        passed = given_for(function, param, call, of_an_object)
        constant = _constant_of(facts, passed) if passed is not None else None
        if constant is not None:
            found[param.name.value] = constant
    if not found:
        return found
    return {name: constant for name, constant in found.items() if name not in names_bound(facts, function, bound)}


def names_bound(facts: ModuleFacts, function: cst.FunctionDef, bound: BoundNames) -> FrozenSet[str]:
    """The names a function's body binds, anywhere in it (nested functions too), or
    declares `nonlocal` or `global`; every name, when its text does not parse alone. Read
    once per function (`bound`)."""
    if function not in bound:
        bound[function] = _names_bound(facts, function)
    return bound[function]


def _names_bound(facts: ModuleFacts, function: cst.FunctionDef) -> FrozenSet[str]:
    try:
        tree = ast.parse("if 1:\n" + facts.module.code_for_node(function.body).strip("\n"))
    except SyntaxError:
        return frozenset(param.name.value for param in named_params(function))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            found.add(node.id)
        elif isinstance(node, (ast.Nonlocal, ast.Global)):
            found.update(node.names)
        elif isinstance(node, ast.arg):
            found.add(node.arg)  # a nested function's parameter of the same name
    return frozenset(found)




def _constant_of(facts: ModuleFacts, node: cst.BaseExpression) -> Optional[_Constant]:
    if isinstance(node, cst.Name) and node.value in ("True", "False", "None"):
        return _Constant(node.value == "True", node.value == "None")
    if isinstance(node, (cst.Integer, cst.Float)):
        return _Constant(node.evaluated_value != 0, False)
    if isinstance(node, cst.SimpleString):
        return _Constant(bool(node.evaluated_value), False)
    if isinstance(node, cst.Attribute) and facts.qualified_name(node) is not None:
        return _Constant(None, False)  # `torch.float32`: a module's member, not None
    return None


def _may_reach(facts: ModuleFacts, function: cst.FunctionDef, node: cst.CSTNode, given: Given) -> bool:
    """Is no branch on the way from the function's body to the node one the constants
    leave out, and does no `if` before it on the way that they take always leave?"""
    child: cst.CSTNode = node
    current = facts.parent(node)
    while current is not None and current is not function:
        if isinstance(current, cst.If):
            truth = _truth(facts, function, current.test, given)
            if truth is not None and child is current.body and not truth:
                return False
            if truth is not None and child is current.orelse and truth:
                return False
        if isinstance(current, cst.IndentedBlock) and _left_before(facts, function, current, child, given):
            return False
        child, current = current, facts.parent(current)
    return True


def _left_before(
    facts: ModuleFacts, function: cst.FunctionDef, block: cst.IndentedBlock, child: cst.CSTNode, given: Given
) -> bool:
    """Does an `if` of the block before this statement always leave on the branch the
    constants take?"""
    for statement in block.body:
        if statement is child:
            return False
        if not isinstance(statement, cst.If):
            continue
        truth = _truth(facts, function, statement.test, given)
        if truth is True and exits(statement.body):
            return True
        orelse = statement.orelse
        if truth is False and isinstance(orelse, cst.Else) and exits(orelse.body):
            return True
    return False


def _truth(facts: ModuleFacts, function: cst.FunctionDef, test: cst.BaseExpression, given: Given) -> Optional[bool]:
    if isinstance(test, cst.UnaryOperation) and isinstance(test.operator, cst.Not):
        inner = _truth(facts, function, test.expression, given)
        return None if inner is None else not inner
    if isinstance(test, cst.Name):
        constant = _parameter_constant(facts, function, test, given)
        return constant.truth if constant is not None else None
    if isinstance(test, cst.Comparison) and len(test.comparisons) == 1 and isinstance(test.left, cst.Name):
        target = test.comparisons[0]
        if not (isinstance(target.comparator, cst.Name) and target.comparator.value == "None"):
            return None
        constant = _parameter_constant(facts, function, test.left, given)
        if constant is None:
            return None
        if isinstance(target.operator, cst.Is):
            return constant.is_none
        if isinstance(target.operator, cst.IsNot):
            return not constant.is_none
    return None


def _parameter_constant(
    facts: ModuleFacts, function: cst.FunctionDef, read: cst.Name, given: Given
) -> Optional[_Constant]:
    """The constant a parameter read holds: only where its own binding is all that reaches
    the read."""
    constant = given.get(read.value)
    binding = facts.bindings.get(read)
    if constant is None or binding is None:
        return None
    reaching = binding.reaching()
    entry = facts.parameter(reaching[0]) if len(reaching) == 1 else None
    return constant if entry is not None and entry[0] is function else None
