"""The semantic record of one module, filled by one walk (semantic/walk.py): what Python
makes of the code, with nothing about dtypes or devices.

For each name read, the binding it sees; each node's parent; every call (in source order);
every parameter default; the functions, classes and branches (`if`, conditional
expressions, `with`, `try`) in source order; and, on demand, the index of definitions
(semantic/definitions.py). Rules never walk the tree themselves.

This layer imports only the syntax layer below it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Dict, FrozenSet, Iterator, List, Mapping, Optional, Set, Tuple

from f64lint.analysis.semantic.bindings import Binding
from f64lint.analysis.semantic.definitions import Definitions
from f64lint.analysis.semantic.traces import Traces
from f64lint.analysis.syntax.calls import Added, added_by, grown_list, named_params
from f64lint.analysis.syntax.nodes import descendants
from f64lint.analysis.syntax.positions import StatementPositions
from f64lint.cst import cst


@dataclass(frozen=True)
class Suite:
    """What the rest of a test suite says about a test module (f64lint/runner/suite_context.py): `skips`,
    the tests whose runs on MPS a collection hook of a conftest.py above it skips, as
    `(field, pattern)` (domain/collection_hooks.py); `devices`, the device fixtures those
    conftest files define, by name, with whether one may be a device without float64
    (domain/fixture_devices.py); `quiet`, the names it imports (qualified) from modules of
    the project that never name such a device nor take one from outside (a test-case base
    class, a device helper): their devices all have float64."""

    skips: Tuple[Tuple[str, str], ...] = ()
    devices: Tuple[Tuple[str, bool], ...] = ()
    quiet: Tuple[str, ...] = ()


@dataclass
class ModuleFacts:
    module: cst.Module
    parents: Dict[cst.CSTNode, cst.CSTNode] = field(default_factory=dict)
    bindings: Dict[cst.Name, Optional[Binding]] = field(default_factory=dict)
    calls: List[cst.Call] = field(default_factory=list)
    defaults: List[cst.Param] = field(default_factory=list)
    functions: List[cst.FunctionDef] = field(default_factory=list)
    classes: List[cst.ClassDef] = field(default_factory=list)
    # `if`, conditional expressions, `with`, `try` and `match`, in source order: what guards are read from.
    branches: List[cst.CSTNode] = field(default_factory=list)
    # The names an augmented assignment changes somewhere in the module (`flag |= x`),
    # which the bindings do not follow: what one assignment gave them may not be what
    # they hold.
    augmented_names: Set[str] = field(default_factory=set)
    # A setting this layer only carries: the device types the domain layer treats as
    # having no float64.
    devices: FrozenSet[str] = frozenset()
    # The text the module was parsed from, when known (else its code is generated).
    text: Optional[str] = None
    # The module's dotted name and the package its relative imports start from, when known.
    module_name: Optional[str] = None
    package: Optional[str] = None
    # Whether the module is a test (semantic/modules.py `is_test_module`), and what the
    # rest of its test suite says about its tests.
    in_tests: bool = False
    suite: Suite = field(default_factory=Suite)
    # Whether the module runs as a program: a script (domain/standalone.py).
    in_script: bool = False
    # The answers of the depth-bounded traces of the layers above, kept for the file, and
    # the steps they took (semantic/traces.py).
    traces: Traces = field(default_factory=Traces, repr=False, compare=False)

    def qualified_name(self, node: cst.CSTNode) -> Optional[str]:
        """`torch.float64` for `th.float64` after `import torch as th`; None if not an import."""
        if type(node) is cst.Name:  # (by type: syntax/nodes.py `own_nodes`)
            binding = self.bindings.get(node)
            return binding.qualified_name if binding is not None else None
        if type(node) is cst.Attribute:
            base = self.qualified_name(node.value)
            return f"{base}.{node.attr.value}" if base is not None else None
        return None

    def library_name(self, node: cst.CSTNode) -> Optional[str]:
        """The qualified name of what a name or attribute stands for, as library models key
        it: an import's, or for a function or class this module defines, the module's dotted
        name and its own (`get_namespace` in `sklearn.utils._array_api` itself)."""
        qualified = self.qualified_name(node)
        if qualified is not None or not isinstance(node, cst.Name) or self.module_name is None:
            return qualified
        binding = self.bindings.get(node)
        defined = binding is not None and isinstance(binding.definition, (cst.FunctionDef, cst.ClassDef))
        return f"{self.module_name}.{node.value}" if defined else None

    def through_namespace(self, node: cst.CSTNode) -> bool:
        """Does an expression read a name bound to an array API namespace (`xp.float64`)?"""
        if isinstance(node, cst.Name):
            binding = self.bindings.get(node)
            return binding is not None and binding.namespace
        return any(self.through_namespace(child) for child in node.children)

    def assigned_value(self, node: cst.CSTNode) -> Optional[cst.BaseExpression]:
        """The expression last assigned to a local name before this read, if simple."""
        if not isinstance(node, cst.Name):
            return None
        binding = self.bindings.get(node)
        return binding.value if binding is not None else None

    def reaching_values(self, node: cst.CSTNode) -> List[Optional[cst.BaseExpression]]:
        """What each assignment that may reach this read of a local name gave, None where
        it is not simple (after branches that assign it differently, or a loop over a
        literal, several)."""
        binding = self.bindings.get(node) if isinstance(node, cst.Name) else None
        return [seen.value for seen in binding.reaching()] if binding is not None else []

    def making(self, node: cst.BaseExpression) -> List[Optional[cst.BaseExpression]]:
        """What makes a value: itself where it is a call, else what each assignment that may
        reach a read of a local name gave (`reaching_values`)."""
        return [node] if isinstance(node, cst.Call) else self.reaching_values(node)

    def maker_named(self, origin: cst.CSTNode) -> str:
        """What made a value, as a row names it: a call by its callee's code (`np.zeros`),
        another origin by its own."""
        return self.module.code_for_node(origin.func if isinstance(origin, cst.Call) else origin)

    def made_by(self, node: cst.BaseExpression) -> Optional[str]:
        """The qualified name of what the one call that makes a value calls, itself or
        every assignment that reaches a name (`pkg.env.ReachEnv` for `env` of `env =
        ReachEnv()`); None when the calls differ or one is not known."""
        made = self.making(node)
        names = {self.qualified_name(value.func) if isinstance(value, cst.Call) else None for value in made}
        return names.pop() if len(names) == 1 else None

    def parameter(self, binding: Optional[Binding]) -> Optional[Tuple[cst.FunctionDef, cst.Param]]:
        """The function and the parameter whose binding this is, if any."""
        return self._parameters.get(id(binding)) if binding is not None else None

    @cached_property
    def _parameters(self) -> Dict[int, Tuple[cst.FunctionDef, cst.Param]]:
        """Every parameter of the module's functions, by the id of its binding (read once)."""
        found: Dict[int, Tuple[cst.FunctionDef, cst.Param]] = {}
        for function in self.functions:
            for param in named_params(function):
                binding = self.bindings.get(param.name)
                if binding is not None:
                    found[id(binding)] = (function, param)
        return found

    @cached_property
    def reads_by_binding(self) -> Dict[int, List[cst.Name]]:
        """The names read, by the id of the binding they see (parameters too)."""
        found: Dict[int, List[cst.Name]] = {}
        for name, binding in self.bindings.items():
            if binding is not None:
                for seen in {id(binding): binding, **{id(b): b for b in binding.alternatives}}.values():
                    found.setdefault(id(seen), []).append(name)
        return found

    @cached_property
    def reads_by_value(self) -> Dict[int, List[cst.Name]]:
        """The names read, by the id of the value they hold (the expression last assigned)."""
        return self._reads_by(lambda seen: seen.value)

    @cached_property
    def reads_by_unpacked(self) -> Dict[int, List[cst.Name]]:
        """The names read, by the id of the value they are unpacked from (`q, r = qr(a)`)."""
        return self._reads_by(lambda seen: seen.unpacked)

    def _reads_by(self, held: Callable[[Binding], Optional[cst.BaseExpression]]) -> Dict[int, List[cst.Name]]:
        """The names read, by the id of what each binding that may reach them holds so."""
        found: Dict[int, List[cst.Name]] = {}
        for name, binding in self.bindings.items():
            for seen in binding.reaching() if binding is not None else ():
                value = held(seen)
                if value is not None:
                    found.setdefault(id(value), []).append(name)
        return found

    def parameter_reads(self, param: cst.Param) -> List[cst.Name]:
        """Where a parameter is read in its function (the reads of its own binding)."""
        binding = self.bindings.get(param.name)
        return [read for read in self.reads_by_binding.get(id(binding), []) if read is not param.name]

    @cached_property
    def _growing(self) -> Dict[Tuple[str, bool], List[Tuple[cst.Name, List[Added]]]]:
        """What calls add to a list a name holds (`xs.append(x)`, with something to add), or
        to the lists a dict or list it holds holds (`by_key[k].append(x)`), by the name and
        whether by key, with the name read, in the module's order: read once, not per name
        asked about."""
        found: Dict[Tuple[str, bool], List[Tuple[cst.Name, List[Added]]]] = {}
        for call in self.calls:
            held, inside = grown_list(call) or (None, False)
            if not isinstance(held, cst.Name):
                continue
            added = added_by(call)
            if added:
                found.setdefault((held.value, inside), []).append((held, added))
        return found

    def added_to(self, node: cst.Name) -> List[Added]:
        """What is added to the list a name holds, by `.append(x)`, `.insert(i, x)`,
        `.extend(more)` and a deque's methods, on a name bound by the same assignment."""
        return self._added(node, False)

    def added_inside(self, node: cst.Name) -> List[Added]:
        """What is added so to the lists held in what a name holds, by key or by place
        (`history[task].append(loss)` of a `history = defaultdict(list)`)."""
        return self._added(node, True)

    def _added(self, node: cst.Name, inside: bool) -> List[Added]:
        binding = self.bindings.get(node)
        if binding is None:
            return []
        growing = self._growing.get((node.value, inside), ())
        return [added for read, each in growing if self.bindings.get(read) is binding for added in each]

    @cached_property
    def attributes_assigned(self) -> List[cst.Attribute]:
        """Each attribute the module's code assigns to (`grid.initial = ...`, `self.n += 1`,
        `cfg.k: int = 3`), in the module's order (read once)."""
        found: List[cst.Attribute] = []
        for node in descendants([self.module]):
            if isinstance(node, cst.Assign):
                targets = [target.target for target in node.targets]
            elif isinstance(node, (cst.AugAssign, cst.AnnAssign)):
                targets = [node.target]
            else:
                continue
            found.extend(target for target in targets if isinstance(target, cst.Attribute))
        return found

    @cached_property
    def keyword_splats(self) -> List[Tuple[cst.Call, cst.BaseExpression]]:
        """Each `**value` given to a call, with the call, in the module's order (read once)."""
        return [(call, arg.value) for call in self.calls for arg in call.args if arg.star == "**"]

    def parent(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        return self.parents.get(node)

    def ancestors(self, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
        """The nodes that hold `node`, nearest first."""
        current = self.parents.get(node)
        while current is not None:
            yield current
            current = self.parents.get(current)

    @cached_property
    def positions(self) -> Mapping[cst.CSTNode, cst.metadata.CodeRange]:
        # Only files with a finding pay for positions, and only for its statements.
        return StatementPositions(self.module, self.parents, self.source)

    @cached_property
    def top_level_functions(self) -> Dict[str, cst.FunctionDef]:
        """The module's own functions, by name (the last of a name wins, as in Python)."""
        return {s.name.value: s for s in self.module.body if isinstance(s, cst.FunctionDef)}

    @cached_property
    def source(self) -> str:
        return self.text if self.text is not None else self.module.code

    @cached_property
    def definitions(self) -> Definitions:
        """Functions and classes by qualified name, and what a call calls."""
        return Definitions(self.module, self.parents, self.bindings, self.functions, self.classes, self.calls)

    def enclosing_function(self, node: cst.CSTNode) -> Optional[cst.FunctionDef]:
        """The function whose body holds `node`; None at module or class level and in lambdas."""
        current = self.parents.get(node)
        while current is not None:
            # (by type: syntax/nodes.py `own_nodes`)
            if type(current) is cst.FunctionDef:
                return current
            if type(current) in (cst.Lambda, cst.ClassDef):
                return None
            current = self.parents.get(current)
        return None

    def statement(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The simple statement line holding `node`, if it is in one."""
        current: Optional[cst.CSTNode] = node
        while current is not None and not isinstance(current, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
            if isinstance(current, cst.BaseCompoundStatement):
                return current
            current = self.parents.get(current)
        return current

    def next_statement(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The statement after the one holding `node`, in the same block."""
        statement = self.statement(node)
        block = self.parents.get(statement) if statement is not None else None
        body = getattr(block, "body", ())
        if not isinstance(body, (list, tuple)) or statement not in body:
            return None
        place = body.index(statement)
        return body[place + 1] if place + 1 < len(body) else None

    def statement_end_line(self, node: cst.CSTNode) -> int:
        """The last line of the simple statement holding `node` (a `# noqa` may sit there)."""
        current: Optional[cst.CSTNode] = node
        while current is not None:
            if isinstance(current, (cst.SimpleStatementLine, cst.SimpleStatementSuite)):
                return self.positions[current].end.line
            if isinstance(current, cst.BaseCompoundStatement):
                break
            current = self.parents.get(current)
        return self.positions[node].end.line
