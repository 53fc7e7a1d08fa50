"""The one walk over a module that fills the semantic record (semantic/facts.py).

A plain recursive walk over each node's dataclass fields, not LibCST's visitor: the
visitor's dispatch (a hook lookup per node and per field) cost as much as the parse itself,
and whitespace, brackets and commas, more than half of all nodes, never matter here.
Nodes that open scopes or bind names are handled so that each part is walked in the scope
Python evaluates it in (a function's defaults and decorators outside it, its body inside).
It knows Python, not dtypes or devices: guards are judged later, from the branches it lists.
"""

from __future__ import annotations

from functools import cache
from typing import Callable, Dict, FrozenSet, Mapping, Optional, Sequence, Tuple

from f64lint.analysis.semantic.bindings import (
    Binding,
    ScopeStack,
    import_bindings,
    import_from_bindings,
    unknown_local,
)
from f64lint.analysis.semantic.facts import ModuleFacts, Suite
from f64lint.analysis.syntax.nodes import code_children, integer_index, leaves, target_names
from f64lint.cst import cst


def walk(
    module: cst.Module,
    devices: FrozenSet[str] = frozenset(),
    text: Optional[str] = None,
    module_name: Optional[str] = None,
    package: Optional[str] = None,
    in_tests: bool = False,
    suite: Suite = Suite(),
    in_script: bool = False,
    namespaces: Optional[Mapping[str, Tuple[Optional[int], str]]] = None,
    star_exports: Optional[Mapping[str, FrozenSet[str]]] = None,
) -> ModuleFacts:
    """The semantic record of a module. `text`, the source it was parsed from, spares
    generating its code again. `namespaces` are the calls that give an array API namespace,
    by qualified name, with the part of their result it is (None: all of it) and the module
    a name they bind is read as; `star_exports` the names `from m import *` brings in, by
    module."""
    facts = ModuleFacts(
        module=module, devices=devices, text=text, module_name=module_name, package=package, in_tests=in_tests,
        suite=suite, in_script=in_script,
    )
    Walker(facts, namespaces or {}, star_exports or {}).walk(module, None)
    return facts


class Walker:
    def __init__(
        self,
        facts: ModuleFacts,
        namespaces: Mapping[str, Tuple[Optional[int], str]],
        star_exports: Mapping[str, FrozenSet[str]],
    ) -> None:
        self.facts = facts
        self.namespaces = namespaces
        self.scopes = ScopeStack(star_exports)
        self.special = _special()

    # The walk ------------------------------------------------------------------------

    def walk(self, node: cst.CSTNode, parent: Optional[cst.CSTNode]) -> None:
        if parent is not None:
            self.facts.parents[node] = parent
        handler = self.special.get(type(node))
        if handler is not None:
            handler(self, node)
        else:
            self.children(node)

    def children(self, node: cst.CSTNode, only: Sequence[str] = ()) -> None:
        for child in code_children(node, only):
            self.walk(child, node)

    def _bind_unknown(self, target: Optional[cst.CSTNode]) -> None:
        if isinstance(target, cst.BaseExpression):
            for name in target_names(target):
                self.scopes.bind(name, unknown_local())

    def _bind_iterated(
        self, target: cst.BaseExpression, iterated: cst.BaseExpression, path: Tuple[int, ...] = ()
    ) -> None:
        """A loop's target: each name with the expression iterated and its place in the target."""
        if isinstance(target, cst.Name):
            self.scopes.bind(target.value, Binding(iterated=iterated, path=path))
        elif isinstance(target, (cst.Tuple, cst.List)) and not any(
            isinstance(element, cst.StarredElement) for element in target.elements
        ):
            for index, element in enumerate(target.elements):
                self._bind_iterated(element.value, iterated, (*path, index))
        else:
            self._bind_unknown(target)

    def _namespace(self, value: cst.BaseExpression) -> Optional[Tuple[Optional[int], str]]:
        """For a call that gives an array API namespace: the part of its result that is
        one (None: all of it), and the module it is read as."""
        if not self.namespaces or not isinstance(value, cst.Call):
            return None
        return self.namespaces.get(self.facts.library_name(value.func) or "")

    def _namespace_taken(self, value: cst.BaseExpression) -> Optional[str]:
        """For `get_namespace(X)[0]`, or a call that gives a namespace whole: the module a
        name bound to it is read as."""
        if isinstance(value, cst.Subscript):
            namespace = self._namespace(value.value)
            index = integer_index(value)
            return namespace[1] if namespace is not None and index is not None and namespace[0] == index else None
        namespace = self._namespace(value)
        return namespace[1] if namespace is not None and namespace[0] is None else None

    def _bind_value(self, target: cst.BaseExpression, value: cst.BaseExpression) -> None:
        if isinstance(target, cst.Name):
            module = self._namespace_taken(value)
            if module is not None:
                self.scopes.bind(target.value, Binding(qualified_name=module, namespace=True))
                return
            self.scopes.bind(target.value, Binding(value=value))
        elif isinstance(target, (cst.Tuple, cst.List)) and (
            isinstance(value, cst.Call)
            or not any(isinstance(element, cst.StarredElement) for element in target.elements)
        ):
            self._bind_unpacked(target, value)
        else:
            self._bind_unknown(target)

    def _bind_unpacked(self, target: cst.Tuple | cst.List, value: cst.BaseExpression) -> None:
        """`a, b = x, y` binds element by element; `a, b = torch.meshgrid(...)` binds each
        name to the call, whose result they are parts of."""
        if isinstance(value, (cst.Tuple, cst.List)) and len(value.elements) == len(target.elements):
            if not any(isinstance(element, cst.StarredElement) for element in value.elements):
                for element, item in zip(target.elements, value.elements):
                    self._bind_value(element.value, item.value)
                return
        if isinstance(value, cst.Call):
            # Before a starred name, a name's place is its index (`obs, reward, *_ = env.step(a)`);
            # from it on, places are not known.
            first_star = next(
                (index for index, element in enumerate(target.elements) if isinstance(element, cst.StarredElement)),
                len(target.elements),
            )
            namespace = self._namespace(value)
            for index, element in enumerate(target.elements):
                if (
                    isinstance(element.value, cst.Name)
                    and index < first_star
                    and namespace is not None
                    and namespace[0] == index
                ):
                    self.scopes.bind(element.value.value, Binding(qualified_name=namespace[1], namespace=True))
                elif isinstance(element.value, cst.Name) and index < first_star:
                    self.scopes.bind(element.value.value, Binding(value=value, part=index))
                else:
                    self._bind_unknown(element.value)
            return
        if any(isinstance(element, cst.StarredElement) for element in target.elements):
            self._bind_unknown(target)
            return
        for index, element in enumerate(target.elements):  # `features, target = batch`
            if isinstance(element.value, cst.Name):
                self.scopes.bind(element.value.value, Binding(unpacked=value, path=(index,)))
            else:
                self._bind_unknown(element.value)

    # Reads ---------------------------------------------------------------------------

    def _name(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Name)
        self.facts.bindings[node] = self.scopes.lookup(node.value)

    def _attribute(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Attribute)
        # `attr` is not a variable: only the object is looked up.
        self.walk(node.value, node)

    def _call(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Call)
        self.facts.calls.append(node)
        self.children(node)

    def _param(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Param)
        if node.default is not None:
            self.facts.defaults.append(node)
        self.children(node, ("annotation", "default"))

    # Bindings ------------------------------------------------------------------------

    def _import(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Import)
        for name, binding in import_bindings(node).items():
            self.scopes.bind(name, binding)

    def _import_from(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.ImportFrom)
        bound, star_module = import_from_bindings(node, self.facts.package)
        for name, binding in bound.items():
            self.scopes.bind(name, binding)
        if star_module is not None:
            self.scopes.bind_star(star_module)

    def _assign(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Assign)
        self.children(node)
        for target in node.targets:
            self._bind_value(target.target, node.value)

    def _expression(self, node: cst.CSTNode) -> None:
        """`model.double()` as a statement converts a module in place: from then on the name
        holds float64, as after `model = model.double()`. (On a tensor the statement does
        nothing, and is flagged for the `.double()` anyway.)"""
        assert isinstance(node, cst.Expr)
        self.children(node)
        call = node.value
        if (
            isinstance(call, cst.Call)
            and isinstance(call.func, cst.Attribute)
            and isinstance(call.func.value, cst.Name)
            and call.func.attr.value == "double"
            and not call.args
        ):
            self.scopes.bind(call.func.value.value, Binding(value=call))

    def _ann_assign(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.AnnAssign)
        self.children(node)
        if node.value is not None:
            self._bind_value(node.target, node.value)

    def _aug_assign(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.AugAssign)
        self.children(node)
        # `a *= 2.0` keeps what `a` was; it only stops meaning an imported module.
        if isinstance(node.target, cst.Name):
            self.facts.augmented_names.add(node.target.value)
            current = self.scopes.lookup(node.target.value)
            if current is None or current.qualified_name is not None:
                self.scopes.bind(node.target.value, unknown_local())

    def _named_expr(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.NamedExpr)
        self.children(node)
        self._bind_value(node.target, node.value)

    def _for(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.For)
        self.children(node, ("target", "iter"))
        before = self.scopes.names()
        iterated = node.iter
        if isinstance(iterated, cst.Name):  # `dtypes = [...]`, then `for dtype in dtypes`
            bound = self.scopes.lookup(iterated.value)
            iterated = bound.value if bound is not None and bound.value is not None else iterated
        elements = _literal_elements(iterated)
        if isinstance(node.target, cst.Name) and elements:
            # `for dtype in (torch.float32, torch.float64)`: each element in turn.
            each = tuple(Binding(value=element) for element in elements)
            self.scopes.bind(node.target.value, Binding(value=elements[-1], alternatives=each))
        else:
            self._bind_iterated(node.target, node.iter)
        self._loop_body(node, before)

    def _while(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.While)
        self.children(node, ("test",))
        self._loop_body(node, self.scopes.names())

    def _loop_body(self, node: cst.For | cst.While, before: Dict[str, Binding]) -> None:
        """A loop's body runs any number of times: after it a name holds what it held
        before or what the body left (a `break` or `continue` goes on after the loop too)."""
        self.walk(node.body, node)
        self.scopes.join(before, [before, self.scopes.names()])
        if node.orelse is not None:
            self.walk(node.orelse, node)

    def _with(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.With)
        self.children(node, ("items",))
        for item in node.items:
            target = item.asname.name if item.asname is not None else None
            if isinstance(target, cst.Name):
                self.scopes.bind(target.value, Binding(entered=item.item))
            else:
                self._bind_unknown(target)
        self.facts.branches.append(node)
        self.walk(node.body, node)

    def _if(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.If)
        self._branches(node, node.test, node.body, node.orelse)

    def _branches(
        self, node: cst.CSTNode, test: cst.BaseExpression, body: cst.CSTNode, orelse: Optional[cst.CSTNode]
    ) -> None:
        self.walk(test, node)
        self.facts.branches.append(node)
        branches = [body] + ([orelse] if orelse is not None else [])
        self._one_of(node, branches, self.scopes.names(), may_skip=orelse is None)

    def _one_of(
        self, node: cst.CSTNode, branches: Sequence[cst.CSTNode], before: Dict[str, Binding], may_skip: bool
    ) -> None:
        """Walk branches of which one runs, each from the bindings `before`. After them a
        name sees what any branch that goes on may have bound, and what it was before when
        none may run."""
        outcomes = [before] if may_skip else []
        for branch in branches:
            self.scopes.restore(before)
            self.walk(branch, node)
            if not leaves(branch):
                outcomes.append(self.scopes.names())
        self.scopes.join(before, outcomes)

    def _if_expression(self, node: cst.CSTNode) -> None:
        """`a.double() if a.device.type != "mps" else a.float()`: guarded like an `if`."""
        assert isinstance(node, cst.IfExp)
        self._branches(node, node.test, node.body, node.orelse)

    def _try(self, node: cst.CSTNode) -> None:
        """After a `try`, a name sees what the body (and `else`) or any handler that goes on
        may have bound."""
        assert isinstance(node, (cst.Try, cst.TryStar))
        self.facts.branches.append(node)
        self.walk(node.body, node)
        after_body = self.scopes.names()
        completed = [node.orelse] if node.orelse is not None else []
        handled = list(node.handlers)
        self._one_of(node, completed + handled, after_body, may_skip=node.orelse is None)
        if node.finalbody is not None:
            self.walk(node.finalbody, node)

    def _match(self, node: cst.CSTNode) -> None:
        """Each `case` is a branch; a match may take none of them."""
        assert isinstance(node, cst.Match)
        self.walk(node.subject, node)
        self.facts.branches.append(node)
        self._one_of(node, list(node.cases), self.scopes.names(), may_skip=True)

    def _except_handler(self, node: cst.CSTNode) -> None:
        assert isinstance(node, (cst.ExceptHandler, cst.ExceptStarHandler))
        self.children(node, ("type",))
        if node.name is not None:
            self._bind_unknown(node.name.name)
        self.children(node, ("body",))

    def _match_capture(self, node: cst.CSTNode) -> None:
        assert isinstance(node, (cst.MatchAs, cst.MatchStar))
        self._bind_unknown(node.name)
        self.children(node)

    def _match_mapping(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.MatchMapping)
        self._bind_unknown(node.rest)
        self.children(node)

    # Scopes --------------------------------------------------------------------------

    def _bind_params(self, params: cst.Parameters) -> None:
        every = [*params.posonly_params, *params.params, *params.kwonly_params]
        every += [star for star in (params.star_arg, params.star_kwarg) if isinstance(star, cst.Param)]
        for param in every:
            binding = unknown_local()
            self.scopes.bind(param.name.value, binding)
            self.facts.bindings[param.name] = binding  # its reads are found by it

    def _function(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.FunctionDef)
        self.children(node, ("decorators", "type_parameters", "params", "returns"))
        self.scopes.push()
        self._bind_params(node.params)
        self.facts.functions.append(node)
        self.walk(node.body, node)
        self.scopes.pop()
        self.scopes.bind(node.name.value, Binding(definition=node))

    def _lambda(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.Lambda)
        self.children(node, ("params",))
        self.scopes.push()
        self._bind_params(node.params)
        self.children(node, ("body",))
        self.scopes.pop()

    def _class(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.ClassDef)
        self.children(node, ("decorators", "type_parameters", "bases", "keywords"))
        self.scopes.push(is_class=True)
        self.facts.classes.append(node)
        self.walk(node.body, node)
        self.scopes.pop()
        self.scopes.bind(node.name.value, Binding(definition=node))

    def _comprehension(self, node: cst.CSTNode) -> None:
        assert isinstance(node, cst.BaseComp)
        self.scopes.push()
        # The element comes before its `for` clauses in the source: bind their targets first.
        clause: Optional[cst.CompFor] = node.for_in
        while clause is not None:
            self._bind_iterated(clause.target, clause.iter)
            clause = clause.inner_for_in
        self.children(node)
        self.scopes.pop()


Reader = Callable[["Walker", "cst.CSTNode"], None]


@cache
def _special() -> Dict[type, Reader]:
    """How the walk reads each kind of node (the others: their children), as functions of
    the class, not bound methods, so that a walker is no cycle and its module's tree is
    freed with it rather than by a cyclic collection. (Built on the first walk: LibCST is
    imported only by a run that parses.)"""
    return {
        cst.Name: Walker._name,
        cst.Attribute: Walker._attribute,
        cst.Call: Walker._call,
        cst.Param: Walker._param,
        cst.Import: Walker._import,
        cst.ImportFrom: Walker._import_from,
        cst.Assign: Walker._assign,
        cst.Expr: Walker._expression,
        cst.AnnAssign: Walker._ann_assign,
        cst.AugAssign: Walker._aug_assign,
        cst.NamedExpr: Walker._named_expr,
        cst.For: Walker._for,
        cst.While: Walker._while,
        cst.With: Walker._with,
        cst.If: Walker._if,
        cst.IfExp: Walker._if_expression,
        cst.Try: Walker._try,
        cst.TryStar: Walker._try,
        cst.Match: Walker._match,
        cst.ExceptHandler: Walker._except_handler,
        cst.ExceptStarHandler: Walker._except_handler,
        cst.MatchAs: Walker._match_capture,
        cst.MatchStar: Walker._match_capture,
        cst.MatchMapping: Walker._match_mapping,
        cst.FunctionDef: Walker._function,
        cst.Lambda: Walker._lambda,
        cst.ClassDef: Walker._class,
        cst.ListComp: Walker._comprehension,
        cst.SetComp: Walker._comprehension,
        cst.DictComp: Walker._comprehension,
        cst.GeneratorExp: Walker._comprehension,
    }


def _literal_elements(node: cst.BaseExpression) -> Tuple[cst.BaseExpression, ...]:
    """The elements of a tuple, list or set written out (none when one is starred)."""
    if not isinstance(node, (cst.Tuple, cst.List, cst.Set)):
        return ()
    if any(isinstance(element, cst.StarredElement) for element in node.elements):
        return ()
    return tuple(element.value for element in node.elements)
