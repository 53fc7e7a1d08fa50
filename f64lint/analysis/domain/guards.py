"""Guards: the code that never runs on MPS, or whose failure there is handled.

Read from the branches, functions, classes and calls the semantic walk lists, after it:
`with torch.device("cpu"):` blocks (and meta devices, fake-tensor modes, a test's
`assertRaises`), the branch an MPS test keeps MPS out of (`if x.device.type != "mps":`,
the `else` of `if x.device.type == "mps":`, a branch that runs only on devices with
float64 or for quantized tensors), the rest of a block after `if <on MPS>: return ...`,
data samplers (they draw indices on the host),
`try:` bodies whose handler catches MPS's error and does not raise again, ONNX symbolics,
meta and fake kernels, functions and classes named for CUDA-only libraries, a function
that needs CUDA before anything else, a class with a method that raises for a tensor
on MPS, tests skipped on MPS (domain/skips.py, and a conftest's collection hook:
domain/collection_hooks.py) and tests and scripts that meet no device
without float64 (domain/standalone.py). A call in any of them is off MPS.
"""

from __future__ import annotations

from collections import Counter
from typing import Dict, List, Set, Tuple

from f64lint.analysis.domain.collection_hooks import skipped_by_hooks
from f64lint.analysis.domain.device_kinds import DeviceKinds
from f64lint.analysis.domain.devices import (
    MPS_ERRORS,
    holds_no_data,
    is_cpu_device,
    named_for_cuda,
    names_device_type,
    names_no_float64_device,
    true_on_mps,
    true_only_off_mps,
)
from f64lint.analysis.domain.library import CUDA_ONLY, CUDA_ONLY_NAMES, META_REGISTRATIONS, short_names
from f64lint.analysis.domain.skips import (
    module_skipped_on_mps,
    run_only_off_mps,
    skipped_on_mps,
    skips_on_mps,
    stops_a_test,
)
from f64lint.analysis.domain.standalone import StandaloneParts
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.nodes import caught, checks, descendants, exits, last_name, last_statement, own_nodes
from f64lint.cst import cst


def _handles_mps_error(facts: ModuleFacts, handler: cst.ExceptHandler | cst.ExceptStarHandler) -> bool:
    """Catches what MPS raises (TypeError, RuntimeError, or anything) and does not raise
    again on MPS (a `raise` under `if device.type == "cuda":` is for CUDA)."""
    return bool(caught(handler) & MPS_ERRORS) and not _may_raise_on_mps(facts, handler.body)


_EXPECTS_AN_ERROR = frozenset({"assertRaises", "assertRaisesRegex", "assertRaisesRegexp"})


def _expects_an_error(facts: ModuleFacts, item: cst.BaseExpression) -> bool:
    """`with self.assertRaises(...):` or `with pytest.raises(...):` (a test of code that is
    meant to fail: what it makes is never used)."""
    if not isinstance(item, cst.Call):
        return False
    return last_name(item.func) in _EXPECTS_AN_ERROR or facts.qualified_name(item.func) == "pytest.raises"


def _may_raise_on_mps(facts: ModuleFacts, node: cst.CSTNode) -> bool:
    """A `raise` in a body (not in nested functions), unless it is under a condition that
    holds only off MPS."""
    if isinstance(node, cst.Raise):
        return True
    if isinstance(node, (cst.FunctionDef, cst.Lambda, cst.ClassDef)):
        return False
    if isinstance(node, cst.If) and true_only_off_mps(facts, node.test):
        return node.orelse is not None and _may_raise_on_mps(facts, node.orelse)
    return any(_may_raise_on_mps(facts, child) for child in node.children)


def _never_on_mps(function: cst.FunctionDef) -> bool:
    """A function whose tensors never hold data on MPS: an ONNX symbolic, a meta/fake
    kernel, or one named for CUDA. (One that cannot run without CUDA is found during the
    walk.)"""
    return _builds_onnx_graph(function) or _is_meta_kernel(function) or named_for_cuda(function.name.value)


def _refuses_mps(facts: ModuleFacts, owner: cst.ClassDef) -> bool:
    """A class with a method that raises for a tensor on MPS: `if not _is_supported_device(t):
    raise ...` where the devices it supports have float64, `assert t.is_cuda`, `if
    t.device.type == "mps": raise ...`. It is written for those devices (torch's FSDP
    `ShardedGradScaler`), and on MPS it fails at that check."""
    for method in owner.body.body:
        if not isinstance(method, cst.FunctionDef):
            continue
        for check in checks(method.body):
            if isinstance(check, cst.Assert):
                if true_only_off_mps(facts, check.test):
                    return True
            elif isinstance(last_statement(check.body), cst.Raise) and true_on_mps(facts, check.test):
                return True
    return False


def _samples_indices(facts: ModuleFacts, owner: cst.ClassDef, depth: int = 0) -> bool:
    """A data sampler (`torch.utils.data.Sampler`, `Sampler[List[int]]`, or a class of the
    module derived from one): it draws indices on the host, and its weights never meet a
    device."""
    if depth > 4:
        return False
    for base in owner.bases:
        node = base.value.value if isinstance(base.value, cst.Subscript) else base.value
        qualified = facts.qualified_name(node) or ""
        if qualified.startswith("torch.utils.data") and qualified.endswith("Sampler"):
            return True
    return any(_samples_indices(facts, base, depth + 1) for base in facts.definitions.bases(owner))


_META_REGISTRATIONS = frozenset(short_names(META_REGISTRATIONS))


def _is_meta_kernel(function: cst.FunctionDef) -> bool:
    """`@register_meta(aten.op)`, `@torch.library.register_fake("lib::op")`,
    `@impl(lib, "op", "Meta")`, torch's own `@register_op_impl(...)` for fake tensors: a
    kernel for meta or fake tensors, which have no data."""
    for decorator in function.decorators:
        registration = decorator.decorator
        callee = registration.func if isinstance(registration, cst.Call) else registration
        if isinstance(callee, (cst.Name, cst.Attribute)) and last_name(callee) in _META_REGISTRATIONS:
            return True
        if isinstance(registration, cst.Call) and any(
            isinstance(arg.value, cst.SimpleString) and arg.value.evaluated_value == "Meta" for arg in registration.args
        ):
            return True
    return False


# Node classes by name: see f64lint/cst.py.
_CONDITIONAL = frozenset({
    "If", "IfExp", "Try", "TryStar", "While", "For", "With", "Match",
    "BooleanOperation", "Lambda", "ListComp", "SetComp", "DictComp", "GeneratorExp",
})


def _builds_onnx_graph(function: cst.FunctionDef) -> bool:
    """An ONNX symbolic function (`def gelu(g: GraphContext, self, ...)`, or a first
    parameter `g` whose `.op(...)` it calls): the tensors it makes are constants of the
    exported graph, serialized and never computed with on a device."""
    params = function.params.params
    if not params:
        return False
    for param in params:
        annotation = param.annotation.annotation if param.annotation is not None else None
        if isinstance(annotation, cst.SimpleString):
            written = annotation.evaluated_value
            name = written.rsplit(".", 1)[-1] if isinstance(written, str) else ""
        else:
            name = last_name(annotation) if isinstance(annotation, (cst.Name, cst.Attribute)) else ""
        if name in ("GraphContext", "Graph"):
            return True
    if params[0].name.value != "g":
        return False
    return any(
        isinstance(call.func, cst.Attribute)
        and call.func.attr.value == "op"
        and isinstance(call.func.value, cst.Name)
        and call.func.value.value == "g"
        for call in own_nodes(function.body, cst.Call)
    )

def _literal_values(pattern: cst.MatchPattern) -> List[cst.BaseExpression]:
    """The values a case's pattern compares with (`case "cuda" | "xpu":`); none for any other
    pattern."""
    if isinstance(pattern, cst.MatchValue):
        return [pattern.value]
    if isinstance(pattern, cst.MatchOr):
        values = [_literal_values(element.pattern) for element in pattern.patterns]
        return [value for found in values for value in found] if all(values) else []
    return []


class Guards:
    """Which calls of a module never run on MPS (`off_mps(call)`), worked out once."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        self.kinds = DeviceKinds(facts)  # what devices the module's expressions may denote
        self._regions: Set[cst.CSTNode] = set()  # nodes whose code never runs on MPS
        # Nodes whose code runs on MPS but whose failure there is handled (`try:` of an
        # `except` of MPS's error, `with pytest.raises(...)`), or that makes no data on MPS
        # (`with torch.device("cpu"):`).
        self._handled: Set[cst.CSTNode] = set()
        self._known: Dict[Tuple[cst.CSTNode, bool], bool] = {}
        for node in facts.branches:
            self._branch(node)
        for function in facts.functions:
            if (
                _never_on_mps(function)
                or skipped_on_mps(facts, function.decorators)
                or run_only_off_mps(facts, function)
                or (facts.suite.skips and self._skipped_by_hooks(function))
            ):
                self._regions.add(function.body)
        for owner in facts.classes:
            if (
                named_for_cuda(owner.name.value)
                or _refuses_mps(facts, owner)
                or skipped_on_mps(facts, owner.decorators)
                or _samples_indices(facts, owner)
            ):
                self._regions.add(owner.body)
        if module_skipped_on_mps(facts):
            self._regions.add(facts.module)
        # The parts of a test module or a script that meet no device without float64.
        self._standalone = StandaloneParts(facts, self.kinds) if facts.in_tests or facts.in_script else None
        needs_cuda: Set[cst.FunctionDef] = set()
        for call in facts.calls:
            cuda_function = self._needs_cuda_first(call)
            if cuda_function is not None:
                self._regions.add(cuda_function)
                needs_cuda.add(cuda_function)
            if facts.in_tests and skips_on_mps(facts, call):
                self._after(call)
        for call in facts.calls:  # it raises without CUDA: what follows it never runs on MPS
            if facts.definitions.callee(call) in needs_cuda:
                self._after(call)
        if facts.in_tests or facts.in_script:
            self._called_only_off_mps()

    def off_mps(self, node: cst.CSTNode) -> bool:
        """Is a node in code that never runs on MPS, or whose failure there is handled?"""
        return self._inside(node, handled=True)

    def never_on_mps(self, node: cst.CSTNode) -> bool:
        """Is a node in code that never runs on MPS? (Not in code that runs there whose
        failure is handled: what such code binds reaches what follows it on MPS.)"""
        return self._inside(node, handled=False)

    def _inside(self, node: cst.CSTNode, handled: bool) -> bool:
        path: List[cst.CSTNode] = []
        current: cst.CSTNode | None = node
        found = False
        while current is not None:
            known = self._known.get((current, handled))
            if known is not None:
                found = known
                break
            path.append(current)
            parent = self.facts.parent(current)
            if (
                current in self._regions
                or (handled and current in self._handled)
                or (parent is self.facts.module and self._standalone is not None and self._standalone.off_mps(current))
            ):
                found = True
                break
            current = parent
        for seen in path:
            self._known[(seen, handled)] = found
        return found

    def _branch(self, node: cst.CSTNode) -> None:
        facts = self.facts
        if isinstance(node, (cst.If, cst.IfExp)):
            if true_only_off_mps(facts, node.test):
                self._regions.add(node.body)
            on_mps = true_on_mps(facts, node.test)  # false only off MPS
            if on_mps and node.orelse is not None:
                self._regions.add(node.orelse)
            if isinstance(node, cst.If) and on_mps:
                self._after_leaving(node)
        elif isinstance(node, cst.Match):
            self._cases(node)
        elif isinstance(node, cst.With):
            if any(
                is_cpu_device(facts, item.item)
                or holds_no_data(facts, item.item)
                or _expects_an_error(facts, item.item)
                for item in node.items
            ):
                self._handled.add(node.body)
        elif isinstance(node, (cst.Try, cst.TryStar)):
            if any(_handles_mps_error(facts, handler) for handler in node.handlers):
                self._handled.add(node.body)

    def _cases(self, node: cst.Match) -> None:
        """`match device.type:` — a case of other devices' names runs off MPS, and so does
        every case after one that takes MPS whatever else holds (`case "mps":`)."""
        if not names_device_type(self.facts, node.subject):
            return
        taken = False
        for case in node.cases:
            literals = _literal_values(case.pattern)
            names_mps = [names_no_float64_device(self.facts, value) for value in literals]
            if taken or (literals and all(found is False for found in names_mps)):
                self._regions.add(case.body)
            elif any(names_mps) and case.guard is None:
                taken = True

    def _after_leaving(self, node: cst.If) -> None:
        """After `if x.device.type == "mps": return ...` (or `raise`, `pytest.skip(...)`),
        with an `else:` or not, the rest of the block is off MPS."""
        block = self.facts.parent(node)
        leaves = exits(node.body) or stops_a_test(self.facts, last_statement(node.body))
        if not leaves or not isinstance(block, cst.IndentedBlock):
            return
        statements = list(block.body)
        self._regions.update(statements[statements.index(node) + 1 :])

    def _skipped_by_hooks(self, function: cst.FunctionDef) -> bool:
        """A test whose runs on MPS a conftest's collection hook skips."""
        facts = self.facts
        if not function.name.value.startswith("test"):
            return False
        owner = facts.parent(facts.parent(function) or function)
        owner_name = owner.name.value if isinstance(owner, cst.ClassDef) else None
        module = (facts.module_name or "").rpartition(".")[2]
        return skipped_by_hooks(facts.suite.skips, module, owner_name, function.name.value)

    def _called_only_off_mps(self) -> None:
        """In a test module (`test_*.py`) or a script, which nothing imports: a function of
        the module whose every call there runs off MPS runs off MPS too (a script's
        `get_model()` called only after a helper that needs CUDA). Not one named other
        than in a call (`DataLoader(collate_fn=collate)`): who calls it then is unknown."""
        stem = (self.facts.module_name or "").rpartition(".")[2]
        if not (self.facts.in_script or stem.startswith("test_") or stem.endswith("_test")):
            return
        named = Counter(node.value for node in descendants([self.facts.module]) if isinstance(node, cst.Name))
        definitions = self.facts.definitions
        # Only code that never runs on MPS whatever it calls counts: not a part the
        # standalone reading finds meeting no device itself (its helpers may meet one).
        standalone, self._standalone = self._standalone, None
        grown = True
        while grown:
            grown = False
            for function in self.facts.top_level_functions.values():
                if function.body in self._regions:
                    continue
                sites = definitions.call_sites(function)
                if len(sites) + 1 != named[function.name.value]:
                    continue  # named elsewhere than its calls (and its `def`)
                if sites and all(self.off_mps(site) for site in sites):
                    self._regions.add(function.body)
                    self._known.clear()
                    grown = True
        self._standalone = standalone
        self._known.clear()

    def _after(self, call: cst.Call) -> None:
        """After a statement that is only a call that skips the test on MPS (or raises
        there, needing CUDA), the rest of the block is off MPS."""
        expression = self.facts.parent(call)
        line = self.facts.parent(expression) if isinstance(expression, cst.Expr) else None
        block = self.facts.parent(line) if isinstance(line, cst.SimpleStatementLine) else None
        # (a block is only looked up above a line: the second test is for mypy)
        if isinstance(block, cst.IndentedBlock) and isinstance(line, cst.SimpleStatementLine):
            statements = list(block.body)
            self._regions.update(statements[statements.index(line) + 1 :])

    def _needs_cuda_first(self, call: cst.Call) -> "cst.FunctionDef | None":
        """The function a CUDA-only call (`torch.cuda.current_stream()`) is in, when it runs
        whenever the function does (not under a condition, loop, `try` or `with`)."""
        func = call.func
        if not (isinstance(func, cst.Attribute) and func.attr.value in CUDA_ONLY_NAMES):
            return None
        if self.facts.qualified_name(func) not in CUDA_ONLY:
            return None
        current = self.facts.parent(call)
        while current is not None and not isinstance(current, cst.FunctionDef):
            if type(current).__name__ in _CONDITIONAL:
                return None
            current = self.facts.parent(current)
        if current is None:
            return None
        # A `return` or `raise` before it may leave first (`if device.type != "cuda": return`).
        at = self.facts.positions[call].start
        for node in descendants([current.body]):
            if isinstance(node, (cst.Return, cst.Raise)):
                start = self.facts.positions[node].start
                if (start.line, start.column) < (at.line, at.column):
                    return None
        return current
