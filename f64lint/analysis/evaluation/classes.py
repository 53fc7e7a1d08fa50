"""The module's classes as the evaluator reads them: what each sets on `self`."""

from __future__ import annotations

from typing import Dict, FrozenSet, Iterator, List, Optional, Set, Tuple, Union

from f64lint.analysis.domain.library import (
    AFTER_GENERATED_INIT,
    DECLARES_A_FIELD,
    FIELD_IN_INIT,
    GENERATES_INIT,
    GENERATES_INIT_BASES,
    NOT_A_FIELD,
    SETS_ATTRIBUTE_BY_NAME,
)
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import Added, added_by, grown_list, is_super_call, keyword, method_name, positional
from f64lint.analysis.syntax.nodes import assignment, code_children, is_self_attribute
from f64lint.cst import cst


def class_nodes(owner: Union[cst.ClassDef, cst.FunctionDef]) -> Iterator[cst.CSTNode]:
    """The nodes of a class's (or a method's) body and its functions (nested classes are
    their own)."""
    stack: List[cst.CSTNode] = [owner.body]
    while stack:
        current = stack.pop()
        yield current
        if type(current) is not cst.ClassDef:  # (by type: syntax/nodes.py `own_nodes`)
            stack.extend(code_children(current))


def values_added_on_self(owner: cst.ClassDef) -> Dict[Tuple[str, bool], List[Added]]:
    """By attribute name, and whether to the lists it holds: what a class's methods add to
    the list `self.<name>` holds, by `.append(x)`, `.insert(i, x)`, `.extend(more)` and a
    deque's methods, or to the lists held in the dict or list it holds
    (`self.history[task].append(loss)`)."""
    added: Dict[Tuple[str, bool], List[Added]] = {}
    for current in class_nodes(owner):
        if type(current) is not cst.Call:  # (by type: syntax/nodes.py `own_nodes`)
            continue
        held, inside = grown_list(current) or (None, False)
        if isinstance(held, cst.Attribute) and is_self_attribute(held):
            added.setdefault((held.attr.value, inside), []).extend(added_by(current))
    return added


def calls_on_attributes(owner: cst.ClassDef) -> Dict[str, Dict[str, List[cst.Call]]]:
    """By method of the class, then by attribute name: the method's calls of a method of
    what `self.<name>` holds (`self.pca.fit(embeddings)` in `fit`)."""
    called: Dict[str, Dict[str, List[cst.Call]]] = {}
    for method in owner.body.body:
        if not isinstance(method, cst.FunctionDef):
            continue
        by_attribute = called.setdefault(method.name.value, {})
        for current in class_nodes(method):
            if type(current) is not cst.Call:  # (by type: syntax/nodes.py `own_nodes`)
                continue
            assert isinstance(current, cst.Call)
            held = current.func.value if isinstance(current.func, cst.Attribute) else None
            if isinstance(held, cst.Attribute) and is_self_attribute(held):
                by_attribute.setdefault(held.attr.value, []).append(current)
    return called


def _pairs(
    target: cst.BaseAssignTargetExpression, value: cst.BaseExpression
) -> List[Tuple[cst.BaseExpression, cst.BaseExpression]]:
    """Each target of an assignment with the value it takes: of a tuple written out on
    both sides (`self.obs, self.rewards = [], []`), element by element."""
    sequences = (cst.Tuple, cst.List)
    if not (isinstance(target, sequences) and isinstance(value, sequences)):
        return [(target, value)]
    if len(target.elements) != len(value.elements) or any(
        isinstance(element, cst.StarredElement) for element in (*target.elements, *value.elements)
    ):
        return []
    return [(left.value, right.value) for left, right in zip(target.elements, value.elements)]


# By attribute name, the values a method assigns to `self.<name>` or registers as buffer `<name>`.
SetOnSelf = Dict[str, List["cst.BaseExpression"]]


def _read_method(facts: ModuleFacts, method: cst.FunctionDef) -> Tuple[SetOnSelf, bool]:
    """What a method sets on `self` (nested classes are their own), by assignment, as a
    buffer or by name (`setattr(self, "scale", value)`), and whether it calls the method it
    overrides (`super().__init__(...)`, `Base.__init__(self)`): one walk of its nodes."""
    values: SetOnSelf = {}
    name = method.name.value
    extends = False
    for current in class_nodes(method):
        # (by type: syntax/nodes.py `own_nodes`)
        if type(current) is cst.Assign:
            for target in current.targets:
                for part, value in _pairs(target.target, current.value):
                    if is_self_attribute(part):
                        values.setdefault(part.attr.value, []).append(value)
        elif type(current) is cst.AnnAssign and current.value is not None:
            if is_self_attribute(current.target):
                values.setdefault(current.target.attr.value, []).append(current.value)
        elif type(current) is cst.Call:
            set_by_name = _set_by_name(facts, current)
            if set_by_name is not None:
                values.setdefault(set_by_name[0], []).append(set_by_name[1])
            if method_name(current) == "register_buffer":
                args = positional(current)
                first = args[0] if len(args) >= 2 else None
                named = first.evaluated_value if isinstance(first, cst.SimpleString) else None
                if isinstance(named, str):
                    values.setdefault(named, []).append(args[1])
            called = current.func
            if isinstance(called, cst.Attribute) and called.attr.value == name:
                extends = extends or isinstance(called.value, cst.Name) or is_super_call(called.value)
    return values, extends


def _set_by_name(facts: ModuleFacts, call: cst.Call) -> Optional[Tuple[str, cst.BaseExpression]]:
    """The attribute a `setattr(self, "name", value)` sets on `self`, with its value."""
    args = positional(call)
    if len(args) != 3 or not (isinstance(args[0], cst.Name) and args[0].value == "self"):
        return None
    named = args[1].evaluated_value if isinstance(args[1], cst.SimpleString) else None
    if not isinstance(named, str) or facts.qualified_name(call.func) != SETS_ATTRIBUTE_BY_NAME:
        return None
    return named, args[2]


class Classes:
    """What each class of the module sets on `self` (each class read once)."""

    def __init__(self, facts: ModuleFacts) -> None:
        self.facts = facts
        # By class: what each of its methods sets on `self`, and the methods that do not call
        # the one they override (each method read once, `_read_method`).
        self._methods: Dict[cst.ClassDef, Tuple[Dict[str, SetOnSelf], FrozenSet[str]]] = {}
        self._own: Dict[cst.ClassDef, Dict[str, List[cst.BaseExpression]]] = {}
        self._added: Dict[cst.ClassDef, Dict[Tuple[str, bool], List[Added]]] = {}
        self._called: Dict[cst.ClassDef, Dict[str, Dict[str, List[cst.Call]]]] = {}
        self._fields: Dict[cst.ClassDef, List[str]] = {}  # of a generated `__init__`, by class

    def own(self, owner: cst.ClassDef) -> Dict[str, List[cst.BaseExpression]]:
        """By attribute name, the values the class's own methods set on `self`."""
        found = self._own.get(owner)
        if found is None:
            found = self._own[owner] = {}
            for values in self._set_by(owner).values():
                for name, set_to in values.items():
                    found.setdefault(name, []).extend(set_to)
        return found

    def set_on(self, owner: cst.ClassDef, name: str) -> List[cst.BaseExpression]:
        """What a class and the classes of the module it derives from set on `self.<name>`,
        but in a base's method the class overrides without calling it; where no method sets
        it, what the body of the first of them that binds it binds (`dtype = torch.float64`
        at class level, a dataclass's field)."""
        found: List[cst.BaseExpression] = []
        overridden: Set[str] = set()
        for current in self.facts.definitions.resolution_order(owner):
            for method, values in self._set_by(current).items():
                found.extend(values.get(name, []) if method not in overridden else [])
            overridden |= self._replacing(current)
        # A dataclass's field: what the calls making one pass, but where `__post_init__`
        # sets it again (from what was passed, which it reads as `self.<name>`).
        after_init = AFTER_GENERATED_INIT in self._methods_setting(owner, name)
        passed = [] if after_init else self.passed_for_field(owner, name)
        if found:
            return [*found, *passed]
        default = self.default_of(owner, name)
        return [*([default] if default is not None else []), *passed]

    def default_of(self, owner: cst.ClassDef, name: str) -> Optional[cst.BaseExpression]:
        """What the body of the class, or else of the first base that binds the name, binds
        it to (`dtype = torch.float32`, a field's default)."""
        bound = (self.bound_in_body(current).get(name) for current in self.facts.definitions.resolution_order(owner))
        return next((value for value in bound if value is not None), None)

    def field_given(self, call: cst.Call, owner: cst.ClassDef, name: str) -> Optional[cst.BaseExpression]:
        """What one call making an object of a class whose `__init__` is made of its fields
        sets a field to: what it passes for it, else the field's default; None where the
        field is not one (`init_fields`), a method sets it, or the call splats what it passes."""
        fields = self.init_fields(owner)
        if name not in fields or self._methods_setting(owner, name) or any(arg.star for arg in call.args):
            return None
        return self.passed_by(call, fields, name) or self.default_of(owner, name)

    def passed_for_field(self, owner: cst.ClassDef, name: str) -> List[cst.BaseExpression]:
        """What the calls of the module that make an object of a class whose `__init__` is
        made of its fields (a dataclass) pass for the field: by keyword, or by place in the
        fields' order (`Config(anchors=a)`, `Config(a)`)."""
        fields = self.init_fields(owner)
        if name not in fields:
            return []
        passed = (self.passed_by(call, fields, name) for call in self.facts.definitions.made_by(owner))
        return [given for given in passed if given is not None]

    def passed_by(self, call: cst.Call, fields: List[str], name: str) -> Optional[cst.BaseExpression]:
        """What one call making such an object passes for a field of these (`init_fields`):
        None where it passes nothing for it, or splats what it passes (`Config(**values)`)."""
        if name not in fields or any(arg.star for arg in call.args):
            return None
        place, args = fields.index(name), positional(call)
        return keyword(call, name) or (args[place] if place < len(args) else None)

    def _methods_setting(self, owner: cst.ClassDef, name: str) -> Set[str]:
        """The methods of the class and its bases that set `self.<name>` (`__post_init__`)."""
        order = self.facts.definitions.resolution_order(owner)
        return {method for current in order for method, values in self._set_by(current).items() if name in values}

    def init_fields(self, owner: cst.ClassDef) -> List[str]:
        """The parameters of the `__init__` a class's decorator (GENERATES_INIT) or base
        (GENERATES_INIT_BASES) makes of its fields, in order: the fields of the bases so
        made first, then its own (a `ClassVar`, or a `field(init=False)`, is not one). None
        where the class or a base defines `__init__` itself."""
        fields = self._fields.get(owner)
        if fields is None:
            fields = self._fields[owner] = self._read_fields(owner)
        return fields

    def _read_fields(self, owner: cst.ClassDef) -> List[str]:
        order = list(self.facts.definitions.resolution_order(owner))
        if not self._generates_init(owner) or any(self.facts.definitions.method(c, "__init__") for c in order):
            return []
        fields: List[str] = []
        for current in reversed(order):
            if not self._generates_init(current):
                continue
            for statement in current.body.body:
                for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                    if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
                        if self._is_init_field(small) and small.target.value not in fields:
                            fields.append(small.target.value)
        return fields

    def _generates_init(self, owner: cst.ClassDef) -> bool:
        for decorator in owner.decorators:
            made_by = decorator.decorator.func if isinstance(decorator.decorator, cst.Call) else decorator.decorator
            if self.facts.qualified_name(made_by) in GENERATES_INIT:  # `@dataclass`, `@dataclass(frozen=True)`
                return True
        return any(self.facts.qualified_name(base.value) in GENERATES_INIT_BASES for base in owner.bases)

    def _is_init_field(self, declared: cst.AnnAssign) -> bool:
        annotation = declared.annotation.annotation
        named = annotation.value if isinstance(annotation, cst.Subscript) else annotation
        if self.facts.qualified_name(named) in NOT_A_FIELD:
            return False
        value = declared.value
        if isinstance(value, cst.Call) and self.facts.qualified_name(value.func) == DECLARES_A_FIELD:
            left_out = keyword(value, FIELD_IN_INIT)
            return not (isinstance(left_out, cst.Name) and left_out.value == "False")
        return True

    def instance_attributes(self, owner: cst.ClassDef) -> List[str]:
        """The attributes an object of a class holds itself, as `vars(obj)` gives them: what
        the methods of it and its bases set on `self`, and its fields. (What the class binds
        and its properties are not the object's; another module reads those of a float64
        array by their own rows, flow/summaries.py `_members`.)"""
        found: Dict[str, None] = {}
        for current in self.facts.definitions.resolution_order(owner):
            found.update(dict.fromkeys(self.own(current)))
        found.update(dict.fromkeys(self.init_fields(owner)))
        return list(found)

    def bound_in_body(self, owner: cst.ClassDef) -> Dict[str, cst.BaseExpression]:
        """The names a class's body binds to a value (`dtype = torch.float32`, `n: int = 8`)."""
        found: Dict[str, cst.BaseExpression] = {}
        for statement in owner.body.body:
            for small in statement.body if isinstance(statement, cst.SimpleStatementLine) else ():
                assigned = assignment(small)
                if assigned is not None:
                    targets, value = assigned
                    found.update((target.value, value) for target in targets if isinstance(target, cst.Name))
        return found

    def _replacing(self, owner: cst.ClassDef) -> FrozenSet[str]:
        """The methods a class defines that do not call the one they override."""
        return self._read(owner)[1]

    def _set_by(self, owner: cst.ClassDef) -> Dict[str, SetOnSelf]:
        """By method of the class, then by attribute name: what the method sets on `self`."""
        return self._read(owner)[0]

    def _read(self, owner: cst.ClassDef) -> Tuple[Dict[str, SetOnSelf], FrozenSet[str]]:
        found = self._methods.get(owner)
        if found is None:
            set_by: Dict[str, SetOnSelf] = {}
            replacing: Set[str] = set()
            for method in owner.body.body:
                if isinstance(method, cst.FunctionDef):
                    set_by[method.name.value], extends = _read_method(self.facts, method)
                    if not extends:
                        replacing.add(method.name.value)
            found = self._methods[owner] = (set_by, frozenset(replacing))
        return found

    def called_on(self, owner: cst.ClassDef, name: str) -> List[cst.Call]:
        """The calls of a method of what a class and the classes of the module it derives
        from keep in `self.<name>` (`self.pca.fit(embeddings)`), but in a base's method the
        class overrides."""
        found: List[cst.Call] = []
        overridden: Set[str] = set()
        for current in self.facts.definitions.resolution_order(owner):
            if current not in self._called:
                self._called[current] = calls_on_attributes(current)
            for method, by_attribute in self._called[current].items():
                if method not in overridden:
                    found.extend(by_attribute.get(name, []))
            overridden.update(self._called[current])
        return found

    def added_on(self, owner: cst.ClassDef, name: str, inside: bool = False) -> List[Added]:
        """What a class and the classes of the module it derives from add to the list they
        keep in `self.<name>`, or (`inside`) to the lists held in the dict or list they keep
        there."""
        found: List[Added] = []
        for current in self.facts.definitions.resolution_order(owner):
            if current not in self._added:
                self._added[current] = values_added_on_self(current)
            found.extend(self._added[current].get((name, inside), []))
        return found
