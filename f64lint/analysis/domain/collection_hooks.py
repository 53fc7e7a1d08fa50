"""What a `conftest.py` collection hook skips on MPS, read statically (never run).

A `pytest_collection_modifyitems(config, items)` hook that adds a skip (or xfail) marker to
an item under conditions that say the item runs on MPS (`"mps" in item.name`,
`"mps" in item.nodeid`, `item.callspec.params["device"] == "mps"`) keeps those runs off
MPS. The other conditions joined to it with `and` say which tests: `"gradcheck" in
item.name`, `item.name.startswith("test_grad")`, `any(p in item.nodeid for p in
PATTERNS)`, `re.search("gradcheck|jacobian", item.name)`, or a loop over a literal list of
such patterns (one such condition). A condition not understood makes the marker count
for nothing.

The result is a tuple of `(field, pattern)`: `field` is `name` (the test's name) or
`nodeid` (`module::Class::test`), and a pattern of `""` matches every test.
"""

from __future__ import annotations

import re
from typing import List, Optional, Tuple

from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import positional
from f64lint.analysis.syntax.nodes import last_name
from f64lint.cst import cst

Skip = Tuple[str, str]
_HOOK = "pytest_collection_modifyitems"
_MARKS = frozenset({"pytest.mark.skip", "pytest.mark.xfail", "pytest.mark.skipif"})
_NAME_FIELDS = {"name": "name", "originalname": "name", "nodeid": "nodeid", "__name__": "name"}
_PLAIN_WORDS = re.compile(r"[A-Za-z0-9_]+(?:\|[A-Za-z0-9_]+)*")


def mps_skips(facts: ModuleFacts) -> Tuple[Skip, ...]:
    """The tests whose runs on MPS a conftest's collection hook skips."""
    hook = next((s for s in facts.module.body if isinstance(s, cst.FunctionDef) and s.name.value == _HOOK), None)
    if hook is None:
        return ()
    found: List[Skip] = []
    for call in facts.calls:
        if not (isinstance(call.func, cst.Attribute) and call.func.attr.value == "add_marker" and call.args):
            continue
        if not _inside(facts, call, hook) or not _is_skip_mark(facts, call.args[0].value):
            continue
        skips = _skips_under(facts, call, hook)
        if skips is not None:
            found.extend(skips)
    return tuple(dict.fromkeys(found))


def _inside(facts: ModuleFacts, node: cst.CSTNode, function: cst.FunctionDef) -> bool:
    current = facts.parent(node)
    while current is not None and current is not function:
        current = facts.parent(current)
    return current is function


def _is_skip_mark(facts: ModuleFacts, mark: cst.BaseExpression) -> bool:
    if isinstance(mark, cst.Name):
        assigned = facts.assigned_value(mark)
        return assigned is not None and _is_skip_mark(facts, assigned)
    if isinstance(mark, cst.Call):
        mark = mark.func
    return facts.qualified_name(mark) in _MARKS


def _skips_under(facts: ModuleFacts, call: cst.Call, hook: cst.FunctionDef) -> Optional[List[Skip]]:
    """The tests a marker added under its `if` conditions skips on MPS; None unless a
    condition says the run is on MPS and every other one names tests."""
    conditions: List[cst.BaseExpression] = []
    current: cst.CSTNode = call
    while current is not hook:
        parent = facts.parent(current)
        if parent is None:
            return None
        if isinstance(parent, cst.If):
            if current is not parent.body:
                return None  # an `else`: the negation of a condition
            conditions.append(parent.test)
        current = parent
    clauses = [clause for condition in conditions for clause in _conjuncts(condition)]
    on_mps = [clause for clause in clauses if _says_mps(clause)]
    if not on_mps:
        return None
    others = [clause for clause in clauses if clause not in on_mps]
    if not others:
        return [("name", "")]
    if len(others) > 1:
        return None  # tests that match two conditions at once: more than a list of patterns says
    return _names_tests(facts, others[0])


def _conjuncts(condition: cst.BaseExpression) -> List[cst.BaseExpression]:
    if isinstance(condition, cst.BooleanOperation) and isinstance(condition.operator, cst.And):
        return _conjuncts(condition.left) + _conjuncts(condition.right)
    return [condition]


def _says_mps(clause: cst.BaseExpression) -> bool:
    """`"mps" in item.name`, `item.callspec.params["device"] == "mps"`,
    `str(item.callspec.params.get("device")).startswith("mps")`."""
    if isinstance(clause, cst.Comparison) and len(clause.comparisons) == 1:
        target = clause.comparisons[0]
        if isinstance(target.operator, cst.In):
            return _is_mps(clause.left)
        if isinstance(target.operator, cst.Equal):
            return _is_mps(clause.left) or _is_mps(target.comparator)
    if isinstance(clause, cst.Call) and last_name(clause.func) in ("startswith", "endswith") and clause.args:
        return _is_mps(clause.args[0].value)
    return False


def _is_mps(node: cst.BaseExpression) -> bool:
    return isinstance(node, cst.SimpleString) and node.evaluated_value in ("mps", "mps:0", "[mps]", "-mps")


def _names_tests(facts: ModuleFacts, clause: cst.BaseExpression) -> Optional[List[Skip]]:
    """The tests a condition on an item's name picks, as `(field, pattern)`."""
    if isinstance(clause, cst.Comparison) and len(clause.comparisons) == 1:
        target = clause.comparisons[0]
        field = _name_field(target.comparator)
        if not isinstance(target.operator, cst.In) or field is None:
            return None
        return [(field, pattern) for pattern in _patterns(facts, clause.left) or []] or None
    if isinstance(clause, cst.Call):
        name = facts.qualified_name(clause.func) or last_name(clause.func)
        args = positional(clause)
        if name == "builtins.any" and args and isinstance(args[0], cst.GeneratorExp):
            return _any_pattern(facts, args[0])
        if name in ("re.search", "re.match") and len(args) >= 2:
            field = _name_field(args[1])
            words = args[0].evaluated_value if isinstance(args[0], cst.SimpleString) else None
            if field is None or not isinstance(words, str) or not _PLAIN_WORDS.fullmatch(words):
                return None
            return [(field, word) for word in words.split("|")]
        if last_name(clause.func) == "startswith" and isinstance(clause.func, cst.Attribute) and args:
            field = _name_field(clause.func.value)
            patterns = _patterns(facts, args[0])
            return [(field, pattern) for pattern in patterns] if field is not None and patterns else None
    return None


def _any_pattern(facts: ModuleFacts, generator: cst.GeneratorExp) -> Optional[List[Skip]]:
    """`any(p in item.name for p in PATTERNS)` with PATTERNS a literal list."""
    element = generator.elt
    loop = generator.for_in
    if loop.inner_for_in is not None or loop.ifs or not isinstance(loop.target, cst.Name):
        return None
    if not (isinstance(element, cst.Comparison) and len(element.comparisons) == 1):
        return None
    target = element.comparisons[0]
    field = _name_field(target.comparator)
    if not (isinstance(target.operator, cst.In) and isinstance(element.left, cst.Name)) or field is None:
        return None
    if element.left.value != loop.target.value:
        return None
    patterns = _patterns(facts, loop.iter)
    return [(field, pattern) for pattern in patterns] if patterns else None


def _patterns(facts: ModuleFacts, node: cst.BaseExpression) -> Optional[List[str]]:
    """A string, a literal list of strings, or a name bound to one (a loop variable over
    one too)."""
    if isinstance(node, cst.SimpleString):
        value = node.evaluated_value
        return [value] if isinstance(value, str) else None
    if isinstance(node, (cst.List, cst.Tuple, cst.Set)):
        found = [_patterns(facts, element.value) for element in node.elements]
        return [p for patterns in found if patterns for p in patterns] if all(found) else None
    if isinstance(node, cst.Name):
        binding = facts.bindings.get(node)
        if binding is None:
            return None
        every: List[str] = []
        for seen in binding.reaching():
            bound = seen.value if seen.value is not None else (seen.iterated if not seen.path else None)
            patterns = _patterns(facts, bound) if bound is not None else None
            if patterns is None:
                return None
            every.extend(patterns)
        return every
    return None


def _name_field(node: cst.BaseExpression) -> Optional[str]:
    """`item.name`, `item.nodeid`, `item.originalname`, `item.function.__name__`."""
    return _NAME_FIELDS.get(node.attr.value) if isinstance(node, cst.Attribute) else None


def skipped_by_hooks(skips: Tuple[Skip, ...], module: str, owner: Optional[str], test: str) -> bool:
    """Does one of the skips match a test (`module` the file's stem, `owner` its class)?"""
    nodeid = "::".join(part for part in (module, owner, test) if part)
    return any(pattern in (test if field == "name" else nodeid) for field, pattern in skips)
