"""The functions and classes of one module: their qualified names, the class a method
belongs to, a class's bases in this module, and which of them a call calls.

A call resolves by what its name is bound to where it is read: `helper()` to the `def`
that binds `helper` there (a module-level `def` later in the file, for a name a
function body reads before it is defined); `self.helper()` and `cls.helper()` to the
method of the class the call is written in, looked up in that class and then in its
bases (depth first, in the order they are listed, as Python's method resolution order
does for single inheritance); `Name.helper()` where `Name` binds a class, likewise;
`super().helper()` in the bases only. A class's own methods shadow its bases', so two
classes that each define `helper()` never see each other's.
"""

from __future__ import annotations

from typing import Dict, Iterator, List, Mapping, Optional, Sequence, Set

from f64lint.analysis.semantic.bindings import Binding
from f64lint.analysis.syntax.calls import argument_for, is_super_call
from f64lint.cst import cst


class Definitions:
    def __init__(
        self,
        module: cst.Module,
        parents: Mapping[cst.CSTNode, cst.CSTNode],
        bindings: Mapping[cst.Name, Optional[Binding]],
        functions: Sequence[cst.FunctionDef],
        classes: Sequence[cst.ClassDef],
        calls: Sequence[cst.Call],
    ) -> None:
        self._parents = parents
        self._calls = calls
        self._bindings = bindings
        self.functions = list(functions)
        self.classes = list(classes)
        self._top_level: Dict[str, cst.CSTNode] = {
            statement.name.value: statement
            for statement in module.body
            if isinstance(statement, (cst.FunctionDef, cst.ClassDef))
        }
        self._methods: Dict[cst.ClassDef, Dict[str, cst.FunctionDef]] = {owner: {} for owner in self.classes}
        for function in self.functions:
            owner = self.owner(function)
            if owner is not None:
                self._methods[owner][function.name.value] = function
        self._callers: Optional[Dict[cst.FunctionDef, List[cst.Call]]] = None
        self._makers: Dict[cst.ClassDef, List[cst.Call]] = {}

    # Where a definition is ------------------------------------------------------------

    def owner(self, function: cst.FunctionDef) -> Optional[cst.ClassDef]:
        """The class whose body holds a function directly (a method), if any."""
        block = self._parents.get(function)
        holder = self._parents.get(block) if isinstance(block, cst.IndentedBlock) else block
        return holder if isinstance(holder, cst.ClassDef) else None

    def enclosing_class(self, node: cst.CSTNode) -> Optional[cst.ClassDef]:
        """The innermost class a node is written in."""
        current = self._parents.get(node)
        while current is not None and not isinstance(current, cst.ClassDef):
            current = self._parents.get(current)
        return current

    def qualified_name(self, definition: cst.CSTNode) -> str:
        """`Outer.method` for a method, `build.<locals>.inner` for a nested function, as
        Python's `__qualname__`."""
        assert isinstance(definition, (cst.FunctionDef, cst.ClassDef))
        parts = [definition.name.value]
        current = self._parents.get(definition)
        while current is not None:
            if isinstance(current, cst.ClassDef):
                parts.append(current.name.value)
            elif isinstance(current, cst.FunctionDef):
                parts.append(f"{current.name.value}.<locals>")
            current = self._parents.get(current)
        return ".".join(reversed(parts))

    # Classes --------------------------------------------------------------------------

    def bases(self, owner: cst.ClassDef) -> List[cst.ClassDef]:
        """The bases of a class that are classes of this module, in the order listed."""
        found = []
        for base in owner.bases:
            if base.keyword is None and isinstance(base.value, cst.Name):
                definition = self._bound_definition(base.value)
                if isinstance(definition, cst.ClassDef):
                    found.append(definition)
        return found

    def method(self, owner: cst.ClassDef, name: str, skip_own: bool = False) -> Optional[cst.FunctionDef]:
        """The method `name` of a class: its own, else its bases' (depth first)."""
        for candidate in self.resolution_order(owner):
            if skip_own and candidate is owner:
                continue
            found = self._methods.get(candidate, {}).get(name)
            if found is not None:
                return found
        return None

    def resolution_order(self, owner: cst.ClassDef) -> Iterator[cst.ClassDef]:
        """A class, then the classes of this module it derives from, depth first, each once."""
        return self._resolution_order(owner, set())

    def _resolution_order(self, owner: cst.ClassDef, seen: Set[cst.ClassDef]) -> Iterator[cst.ClassDef]:
        if owner in seen:
            return
        seen.add(owner)
        yield owner
        for base in self.bases(owner):
            yield from self._resolution_order(base, seen)

    # Calls ----------------------------------------------------------------------------

    def callee(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """The function or method of this module a call calls, if it can be told."""
        func = call.func
        if isinstance(func, cst.Name):
            found = self._bound_definition(func)
            return found if isinstance(found, cst.FunctionDef) else None
        if not isinstance(func, cst.Attribute):
            return None
        receiver = func.value
        name = func.attr.value
        if isinstance(receiver, cst.Name):
            if receiver.value in ("self", "cls"):
                owner = self.enclosing_class(call)
                return self.method(owner, name) if owner is not None else None
            found = self._bound_definition(receiver)
            return self.method(found, name) if isinstance(found, cst.ClassDef) else None
        if is_super_call(receiver):
            owner = self.enclosing_class(call)
            return self.method(owner, name, skip_own=True) if owner is not None else None
        return None

    def instantiated(self, call: cst.Call) -> Optional[cst.ClassDef]:
        """The class of this module a call makes an instance of (`Rows(n)`, `cls(n)` in a
        classmethod of `Rows`), if it can be told."""
        if not isinstance(call.func, cst.Name):
            return None
        return self.class_named(call.func) or self._class_as_cls(call.func)

    def _class_as_cls(self, name: cst.Name) -> Optional[cst.ClassDef]:
        """The class whose classmethod a name is the first parameter of, read in that
        method's own body (`return cls(fx=calib["fx"])`)."""
        function = self._parents.get(name)
        while function is not None and not isinstance(function, (cst.FunctionDef, cst.Lambda)):
            function = self._parents.get(function)
        if not isinstance(function, cst.FunctionDef) or not function.params.params:
            return None
        classmethod = any(
            isinstance(decorator.decorator, cst.Name) and decorator.decorator.value == "classmethod"
            for decorator in function.decorators
        )
        first = function.params.params[0].name.value == name.value
        return self.owner(function) if classmethod and first else None

    def method_of_an_object(self, call: cst.Call) -> Optional[cst.FunctionDef]:
        """The method a call calls on an object of a class of this module the code makes
        (`Model(d).fit(x)`, `model.fit(x)` of a `model = Model(d)`). (Not a `callee`: the
        evaluator reads such a call with the object it is made for.)"""
        if not isinstance(call.func, cst.Attribute):
            return None
        receiver = call.func.value
        if isinstance(receiver, cst.Call):
            made = self.instantiated(receiver)
        elif isinstance(receiver, cst.Name) and receiver.value not in ("self", "cls"):
            made = self._object_of(receiver)
        else:
            return None
        return self.method(made, call.func.attr.value) if made is not None else None

    def object_made(self, call: cst.Call) -> Optional[cst.Call]:
        """The one call of a class of this module that makes the object a method is called
        on (`Model("cpu")` of `Model("cpu").fit(x)`, or of `model.fit(x)` after `model =
        Model("cpu")`), if one."""
        receiver = call.func.value if isinstance(call.func, cst.Attribute) else None
        if isinstance(receiver, cst.Call):
            return receiver if self.instantiated(receiver) is not None else None
        if not isinstance(receiver, cst.Name) or receiver.value in ("self", "cls"):
            return None
        binding = self._bindings.get(receiver)
        made = [seen.value for seen in (binding.reaching() if binding is not None else ())]
        found = made[0] if len(made) == 1 else None
        return found if isinstance(found, cst.Call) and self.instantiated(found) is not None else None

    def _object_of(self, name: cst.Name) -> Optional[cst.ClassDef]:
        """The class of this module every binding that may reach a name read makes an
        object of (`model = Model(d)`), if one."""
        binding = self._bindings.get(name)
        made = {
            self.instantiated(seen.value) if isinstance(seen.value, cst.Call) else None
            for seen in (binding.reaching() if binding is not None else ())
        }
        return made.pop() if len(made) == 1 else None

    def class_named(self, name: cst.Name) -> Optional[cst.ClassDef]:
        """The class of this module a name stands for (`Grid` in `grid: Grid`), if one."""
        found = self._bound_definition(name)
        return found if isinstance(found, cst.ClassDef) else None

    def call_sites(self, function: Optional[cst.FunctionDef]) -> List[cst.Call]:
        """The calls of this module that call `function`, in source order: an `__init__`
        is called by making its class (`WindowDataset(series, 16)`), a method on an object
        the code makes too (`model.fit(x)` of a `model = Model(d)`)."""
        if function is None:
            return []
        return self._read_calls().get(function, [])

    def arguments_for(self, function: cst.FunctionDef, param: cst.Param) -> List[Optional[cst.BaseExpression]]:
        """What each call of this module of `function` (`call_sites`) passes for one of its
        parameters: None where a call passes nothing for it."""
        return [argument_for(function, param, call) for call in self.call_sites(function)]

    def made_by(self, owner: cst.ClassDef) -> List[cst.Call]:
        """The calls of this module that make an object of the class (`Config(anchors=a)`),
        in source order."""
        self._read_calls()
        return self._makers.get(owner, [])

    def _read_calls(self) -> Dict[cst.FunctionDef, List[cst.Call]]:
        """The module's calls by the function each calls, and by the class each makes (once)."""
        if self._callers is None:
            self._callers = {}
            for call in self._calls:
                made = self.instantiated(call)
                if made is not None:
                    self._makers.setdefault(made, []).append(call)
                callee = (
                    self.method(made, "__init__")
                    if made is not None
                    else self.callee(call) or self.method_of_an_object(call)
                )
                if callee is not None:
                    self._callers.setdefault(callee, []).append(call)
        return self._callers

    def function_named(self, node: cst.BaseExpression) -> Optional[cst.FunctionDef]:
        """The module's function a name stands for (`collate_fn=collate_points`), also one
        defined further down, which a read inside a function has no binding for."""
        found = self._bound_definition(node) if isinstance(node, cst.Name) else None
        return found if isinstance(found, cst.FunctionDef) else None

    def _bound_definition(self, name: cst.Name) -> Optional[cst.CSTNode]:
        """The `def` or `class` a name read is bound to; for a name with no binding where it
        is read (a function body reading a module-level name defined further down), the
        module-level definition of that name."""
        if name not in self._bindings:
            return None
        binding = self._bindings[name]
        if binding is None:
            return self._top_level.get(name.value)
        return binding.definition
