"""Dicts as the evaluator reads them: their values by key where every key is a string
written out (`{"x": x, **more}`, `dict(batch, n=n)`; a later key wins), else any of them;
what a dict's methods give of them; and when what a dict holds is not what it was made
with: a key set or deleted later (also of a dict it holds, or under another name), a
method that changes it, a function that may (one of the module's that does, or one the
module does not show), or a loop that takes only some of its values.
"""

from __future__ import annotations

from dataclasses import replace
from itertools import chain, takewhile
from typing import Callable, Dict, FrozenSet, List, Optional, Sequence, Tuple

from f64lint.analysis.domain.library import DICT_CHANGES, DICT_TYPE, DictGives
from f64lint.analysis.domain.probed import probed_libraries
from f64lint.analysis.evaluation.lattice import UNKNOWN, Kind, Value, join
from f64lint.analysis.evaluation.structure import DATA_KINDS
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, param_passed
from f64lint.analysis.syntax.nodes import descendants, own_nodes
from f64lint.cst import cst


def entries_of(value: Value) -> List[Tuple[Optional[str], Value]]:
    """The keys and values a dict splatted into another gives it (`**more`): each by its
    key where they are known, else one of unknown key."""
    if value.kind is Kind.MAPPING and value.keys:
        return list(zip(value.keys, value.parts))
    return [(None, value.element or UNKNOWN if value.kind is Kind.MAPPING else UNKNOWN)]


def mapping(entries: List[Tuple[Optional[str], Value]]) -> Value:
    """A dict of these entries, by key when every key is known (a later one wins). Any of
    its values is of several dtypes where one's is not known (labels beside a grid)."""
    keyed = all(key is not None for key, _ in entries)
    by_key = {key: value for key, value in entries if key is not None}
    values = list(by_key.values()) if keyed else [value for _, value in entries]
    element = join(values) if values else None
    if element is not None and element.partial:
        element = replace(element, mixed=True)
    if not entries or not keyed:
        return Value(Kind.MAPPING, element=element)
    return Value(Kind.MAPPING, element=element, parts=tuple(by_key.values()), keys=tuple(by_key))


def one_kind(element: Optional[Value]) -> Value:
    """Any of a dict's values, where that is one value: all data of the same kind and
    dtype (not a table of dtypes, nor data of several dtypes), or functions of another
    module that all give such data (`SCHEDULES[name]`, read from a `VALUE` row)."""
    if element is not None and element.kind is Kind.CALLABLE and element.element is not None:
        return element if one_kind(element.element) is not UNKNOWN else UNKNOWN
    if element is None or element.kind not in DATA_KINDS or element.mixed or element.partial:
        return UNKNOWN
    return element


def from_dict(held: Value, gives: Optional[DictGives]) -> Value:
    """What a dict's method gives of the values it holds (`DICT_GIVES`)."""
    element = held.element or UNKNOWN
    if gives is DictGives.ALL:
        return Value(Kind.CONTAINER, element=element)
    if gives is DictGives.WITH_KEYS:
        return Value(Kind.CONTAINER, element=Value(Kind.CONTAINER, element=element, parts=(UNKNOWN, element)))
    return held if gives is DictGives.ITSELF else UNKNOWN


def looked_up(held: Value, key: Optional[cst.BaseExpression]) -> Value:
    """A dict's value at a key: the one written at that string key; else, of a key the
    code chooses or of a dict whose keys are not all known, its values where they are
    all the same data (a table of dtypes, or of data of several dtypes, is not one)."""
    literal = key.evaluated_value if isinstance(key, cst.SimpleString) else None
    return at_key(held, literal if isinstance(literal, str) else None)


def at_key(held: Value, key: Optional[str]) -> Value:
    """A dict's value at a key known (`load_digits().data`, `batch["x"]`), or at one not
    known (None): as `looked_up` reads them."""
    if key is not None and held.keys:
        return held.parts[held.keys.index(key)] if key in held.keys else UNKNOWN
    return one_kind(held.element)


class DictChanges:
    """Where one module's code changes what its dicts hold."""

    def __init__(self, facts: ModuleFacts, callees: Callable[[cst.Call], Sequence[cst.FunctionDef]]) -> None:
        self.facts = facts
        self._callees = callees
        self._attributes: Optional[Dict[str, List[cst.Attribute]]] = None  # by name, read once

    def of_attribute(self, name: str) -> bool:
        """Does the code change what a dict an attribute of this name holds holds, on `self`
        in its class or on any object of it (`self.buffers["freqs"] = ...`, `fix(h)` doing
        `h.stats[k] = ...`)?"""
        if self._attributes is None:
            self._attributes = {}
            for node in descendants([self.facts.module]):
                if isinstance(node, cst.Attribute):
                    self._attributes.setdefault(node.attr.value, []).append(node)
        return any(self.changes(read, frozenset()) for read in self._attributes.get(name, ()))

    def of_name(self, node: cst.Name) -> bool:
        """Does the code change what a dict (or a frame) a name holds holds, where the change
        may reach this read of it: set or delete a key (`batch["x"] = ...`, `del
        batch["w"]`), call a method that does (`.update()`, `.pop()`), or hand it to a
        function that does or may; before the read in the same function (in the order of
        the text), anywhere in a loop the read is in, or in another function? What a read
        passes is as made: `stats(frame)` then `windows(frame)` hands `stats` the frame read."""
        binding = self.facts.bindings.get(node)
        bound = binding.reaching() if binding is not None else ()
        reads = [read for seen in bound for read in self.facts.reads_by_binding.get(id(seen), ())]
        return any(self._may_reach(read, node) and self.changes(read, frozenset()) for read in reads)

    def _may_reach(self, read: cst.CSTNode, node: cst.CSTNode) -> bool:
        """May what happens at one read of a name reach another (`of_name`): one of another
        function, or before it, or in the same statement (`windows(frame, cast(frame))` runs
        the cast first), or in a loop with it?"""
        function = self.facts.enclosing_function(node)
        if read is node or self.facts.enclosing_function(read) is not function:
            return read is not node
        at, start = self.facts.positions[node].start, self.facts.positions[read].start
        if (start.line, start.column) < (at.line, at.column) or self._statement(read) is self._statement(node):
            return True
        holding = takewhile(lambda outer: outer is not function, self.facts.ancestors(node))
        loop = next((outer for outer in holding if isinstance(outer, (cst.For, cst.While))), None)
        return loop is not None and any(outer is loop for outer in self.facts.ancestors(read))

    def _statement(self, node: cst.CSTNode) -> Optional[cst.CSTNode]:
        """The statement a node is in."""
        holding = chain([node], self.facts.ancestors(node))
        return next((o for o in holding if isinstance(o, (cst.BaseSmallStatement, cst.BaseCompoundStatement))), None)

    def set_items(self, node: cst.Name) -> Optional[List[cst.BaseExpression]]:
        """The values the code sets at keys of what a name holds, where that is all it does
        to it (`frame["price"] = 100 * frame["sqft"]`: a column); None where it changes it
        otherwise too (a key deleted, a method, a function handed it, another name)."""
        binding = self.facts.bindings.get(node)
        bound = binding.reaching() if binding is not None else ()
        values = []
        for read in (read for seen in bound for read in self.facts.reads_by_binding.get(id(seen), ())):
            if not self.changes(read, frozenset()):
                continue
            subscript = self.facts.parent(read)
            target = self.facts.parent(subscript) if isinstance(subscript, cst.Subscript) else None
            assign = self.facts.parent(target) if isinstance(target, cst.AssignTarget) else None
            if not isinstance(assign, cst.Assign) or len(assign.targets) != 1:
                return None
            values.append(assign.value)
        return values

    def changes(self, read: cst.BaseExpression, seen: FrozenSet[int]) -> bool:
        """Does this read of a dict change it, or a dict it holds (`b["inputs"]["x"] = ...`,
        `b["inputs"].update(...)`, `b |= {...}`), or give it another name that may
        (`inputs = batch`)?"""
        node: cst.BaseExpression = read
        parent = self.facts.parent(node)
        while isinstance(parent, cst.Subscript) and parent.value is node:  # `b["inputs"]["x"]`
            node, parent = parent, self.facts.parent(parent)
        if node is not read and isinstance(parent, (cst.AssignTarget, cst.Del)):
            return True
        if isinstance(parent, (cst.AugAssign, cst.AnnAssign)) and parent.target is node:
            return True
        if isinstance(parent, (cst.Assign, cst.NamedExpr)) and parent.value is node:
            # another name for it, or for a dict it holds (`inner = batch["inputs"]`): what changes that
            if id(node) in seen:
                return False
            return any(self.changes(later, seen | {id(node)}) for later in self.facts.reads_by_value.get(id(node), ()))
        if isinstance(parent, cst.Attribute) and parent.value is node:
            return f"{DICT_TYPE}.{parent.attr.value}" in DICT_CHANGES
        call = self.facts.parent(parent) if isinstance(parent, cst.Arg) and parent.star != "**" else None
        if not isinstance(call, cst.Call):
            return False
        method = self.facts.definitions.method_of_an_object(call)  # `tracker.record(batch)`
        functions = self._callees(call) or ((method,) if method is not None else ())
        if not functions:  # a builtin does not change it (`len(batch)`), nor a function or an object of
            # the probed libraries (`np.mean(history)`, `StandardScaler().fit_transform(frame)`); what
            # else may is not known, but not through a value it holds (`torch.zeros(n, dtype=config["dtype"])`)
            called = self._library_called(call.func)
            library = called.partition(".")[0] if called is not None else None
            return node is read and library not in ("builtins", *probed_libraries())
        for function in functions:
            param = param_passed(function, call, read)
            if param is not None and id(param) not in seen:
                if any(self.changes(inner, seen | {id(param)}) for inner in self.facts.parameter_reads(param)):
                    return True
        return False

    def _library_called(self, func: cst.BaseExpression) -> Optional[str]:
        """The qualified name of what a call's function is, or is a method of: of an object
        a call makes (`StandardScaler().fit_transform`), also through a name bound to one
        (`scaler.fit_transform` of `scaler = StandardScaler()`)."""
        for _ in range(MAX_TRACE_DEPTH):
            called = self.facts.qualified_name(func)
            if called is not None:
                return called
            if isinstance(func, cst.Attribute):
                func = func.value
            elif isinstance(func, cst.Call):
                func = func.func
            else:
                assigned = self.facts.assigned_value(func)
                if assigned is None:
                    return None
                func = assigned
        return None

    def filtered(self, node: cst.Name) -> bool:
        """Is a name bound by a loop that keeps only some of what it loops over: a
        comprehension with a condition (`for k, v in batch.items() if k != "weights"`), or a
        `for` statement whose body may `continue`, or in which the read is under an `if`?"""
        binding = self.facts.bindings.get(node)
        for seen in binding.reaching() if binding is not None else ():
            loop = self.facts.parent(seen.iterated) if seen.iterated is not None else None
            if isinstance(loop, cst.CompFor) and loop.ifs:
                return True
            if isinstance(loop, cst.For) and (
                any(True for _ in own_nodes(loop.body, cst.Continue)) or self._under_an_if(node, loop)
            ):
                return True
        return False

    def _under_an_if(self, node: cst.CSTNode, loop: cst.For) -> bool:
        holding = takewhile(lambda outer: outer is not loop, self.facts.ancestors(node))
        return any(isinstance(outer, (cst.If, cst.IfExp)) for outer in holding)
