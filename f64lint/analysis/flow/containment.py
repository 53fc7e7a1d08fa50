"""Does a float64 tensor made on the CPU stay out of harm's way wherever this module shows
where it goes?

A value is kept safe when every use of it is: a cast down or a move that gives a dtype
(`.to(device, dtype)`), a CPU-only use (`.item()`, `.tolist()`, `.numpy()`, `float(x)`,
a query such as `.dtype`), dtype-keeping work whose result is kept safe in turn (`x + 1`,
`x.cumsum(0)`, `torch.cat([x, y])`, its `.grad` or `.T`), a write into another tensor that is kept
safe (`grid[:, 0] = x`), an entry of a list whose uses are kept safe, a comparison, an
index or a key, a test's assertion (`self.assertEqual(a, b)`), a hand-over to an API with
no MPS backend (torch.distributed, quantized ops), to autograd, to a numerical gradient
check (which needs float64), to a torch function whose
result is indices or booleans (`torch.multinomial(weights, n)`), or a return from a
function whose callers in this module keep the result (or their element of a returned
tuple) safe.

An argument to a function of this module is followed to the reads of the parameter it
binds (`*args` too), remembering the call: a value returned goes back to that call only,
and a parameter called (`method(*args)`) is the function that call passed for it
(`self._exec_func(mode, torch.add, t1, t2)`). A tensor stored on `self` in the function
that makes it is followed to the reads of that attribute in its class: the class's own
reads say what the attribute is for. Anything else (a move without a dtype, an argument
to an unknown function, a function no one here calls, an attribute the class never reads)
is not. A value with no use at all in its function is kept safe; one bound at module or
class level is not (other modules may import it).

This is how a scheduler or a pipeline builds a schedule or a position grid in float64 on
the CPU on purpose and casts where it moves it (diffusers'
`position_ids.to(device, maybe_adjust_dtype_for_device(position_ids.dtype, device))`).
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple, cast

from f64lint.analysis.domain.casts import casts_narrow, casts_to_chosen_dtype
from f64lint.analysis.domain.devices import VIEW_ATTRIBUTES, has_no_mps_backend, is_cpu_device
from f64lint.analysis.domain.dtypes import FLOAT64_CAST_METHODS, dtype_of
from f64lint.analysis.domain.library import (
    CPU_RESULTS,
    IN_PLACE,
    KEEP_TENSORS_WHERE_THEY_ARE,
    NEEDS_FLOAT64,
    OPTIMIZERS,
    PLAIN_BUILTINS,
    TENSOR_QUERIES,
    Returns,
    functions,
    methods,
    short_names,
)
from f64lint.analysis.domain.probed import gives_parts_of_its_dtype
from f64lint.analysis.flow.values import Flow, keeps_dtype
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, keyword, method_name, moved_to
from f64lint.cst import cst

_CPU_ONLY_METHODS = frozenset(short_names(CPU_RESULTS))
_IN_PLACE_METHODS = frozenset(short_names(IN_PLACE))
_QUERIES = frozenset(short_names(TENSOR_QUERIES))
_KEPT_WHERE_THEY_ARE = frozenset(short_names(name for name in KEEP_TENSORS_WHERE_THEY_ARE if ".Tensor." in name))
_PLAIN_FUNCTIONS = frozenset(short_names(PLAIN_BUILTINS))
# A test's own assertions (`self.assertEqual(a, b)`) compare, on the tensors' devices.
_ASSERTION = re.compile(r"assert[A-Z]\w*$")
# What these make of a float64 tensor is indices or booleans, on its device.
_NOT_FLOAT_METHODS = methods("torch.Tensor", Returns.NOT_FLOAT)
_NOT_FLOAT_FUNCTIONS = functions("torch", Returns.NOT_FLOAT)
_DEPTH = MAX_TRACE_DEPTH * 3
_NO_CYCLE = 1 << 30
# The calls a value entered the function it is read in through, innermost last: a value
# returned goes back to that call, a parameter called (`method(*args)`) is what it passed.
Calls = Tuple["cst.Call", ...]


class Containment:
    def __init__(self, facts: ModuleFacts, flow: Flow) -> None:
        self.facts = facts
        self.flow = flow
        self._visiting: Dict[int, int] = {}  # the values being followed, at their level
        self._made: Optional[cst.BaseExpression] = None
        self._only_numpy = False  # asking `ends_on_the_host`: only `.numpy()` ends a use
        self._to_numpy = False  # and one did
        # Answers (and whether a `.numpy()` was met) by value, depth, calls and question, of
        # those that met no cycle through a value followed above them (which depend on the
        # way they were reached): each is worked out once.
        self._answers: Dict[Tuple[object, ...], Tuple[bool, bool]] = {}
        self._cycle = _NO_CYCLE  # the lowest level of a value a cycle came back to

    def kept_safe(self, made: cst.BaseExpression, calls: Calls = ()) -> bool:
        """Is the value `made` (a call that makes a float64 tensor on the CPU) kept safe?
        `calls` are those its function was entered through, if it is followed from one."""
        self._made = made
        return self._value(made, 0, calls)

    def ends_on_the_host(self, made: cst.BaseExpression) -> bool:
        """Does every use of the value `made` (a float64 tensor, wherever its inputs are),
        through what is computed from it, end in `.numpy()` of it? `.numpy()` works only
        for a CPU tensor (on MPS it raises), so the code computes it on the CPU: a confusion
        matrix normalised in float64 then handed to NumPy. One path that ends otherwise
        (`.tolist()`, a return) may run on MPS."""
        self._only_numpy, self._to_numpy = True, False
        try:
            return self.kept_safe(made) and self._to_numpy
        finally:
            self._only_numpy = False

    def _value(self, node: cst.BaseExpression, depth: int, calls: Calls) -> bool:
        if depth > _DEPTH:
            return False
        level = self._visiting.get(id(node))
        if level is not None:
            self._cycle = min(self._cycle, level)
            return True  # a cycle adds no use of its own
        key = (node, depth, calls, self._made, self._only_numpy)
        kept = self._answers.get(key)
        if kept is not None:
            self._to_numpy = self._to_numpy or kept[1]
            return kept[0]
        self.facts.traces.step()
        level = len(self._visiting)
        self._visiting[id(node)] = level
        outer_cycle, self._cycle = self._cycle, _NO_CYCLE
        outer_numpy, self._to_numpy = self._to_numpy, False
        try:
            found = self._uses(self.flow.outermost(node), depth, calls)
        finally:
            del self._visiting[id(node)]
        if self._cycle >= level:  # no cycle through a value above: the same however reached
            self._answers[key] = (found, self._to_numpy)
        self._cycle = min(outer_cycle, self._cycle)
        self._to_numpy = outer_numpy or self._to_numpy
        return found

    def _uses(self, value: cst.BaseExpression, depth: int, calls: Calls) -> bool:
        parent = self.facts.parent
        holder = parent(value)
        if isinstance(holder, cst.Attribute) and holder.value is value:
            call = parent(holder)
            if isinstance(call, cst.Call) and call.func is holder:
                return self._method(call, depth, calls)
            if holder.attr.value in VIEW_ATTRIBUTES or self._parts_of_its_dtype(value):
                # its gradient or a view: same dtype, same device; a field of a result of tensors of its dtype
                return self._value(holder, depth + 1, calls)
            return holder.attr.value in _QUERIES
        if isinstance(holder, cst.Subscript) and holder.value is value and self._parts_of_its_dtype(value):
            return self._value(holder, depth + 1, calls)  # `torch.linalg.eigh(a)[1]`
        if isinstance(holder, cst.Assign) and holder.value is value:
            return all(self._stored(target.target, value, depth, calls) for target in holder.targets)
        if isinstance(holder, cst.AssignTarget) or (isinstance(holder, cst.AugAssign) and holder.target is value):
            # Written into (`grid[:, 0] = ...`) or the name bound anew: not a use that moves it.
            return isinstance(value, (cst.Subscript, cst.Name))
        if isinstance(holder, cst.Return):
            return self._returned(holder, None, depth, calls)
        if isinstance(holder, cst.Element):
            return self._element(holder, depth, calls)
        if isinstance(holder, (cst.ListComp, cst.GeneratorExp, cst.SetComp)) and holder.elt is value:
            return self._value(holder, depth + 1, calls)
        if isinstance(holder, cst.CompFor) and holder.iter is value:
            return self._iterated(holder, depth, calls)
        if isinstance(holder, cst.Arg):
            return self._argument(holder, depth, calls)
        # Compared, tested, or an index or a key (`grads[t]`), which moves nothing (and
        # proves nothing of where the value is).
        return not self._only_numpy and isinstance(
            holder, (cst.Comparison, cst.ComparisonTarget, cst.Assert, cst.If, cst.Index)
        )

    def _parts_of_its_dtype(self, value: cst.BaseExpression) -> bool:
        """Is a value what a torch function gives of tensors of their dtype as a tuple of
        tensors (`torch.linalg.lstsq(a, b)`, or a name bound to it), whose fields and places
        are of that dtype or integers (probed: `gives_parts_of_its_dtype`)?"""
        made = self.facts.making(value)
        return bool(made) and all(
            isinstance(call, cst.Call) and gives_parts_of_its_dtype(self.facts.qualified_name(call.func) or "")
            for call in made
        )

    def _method(self, call: cst.Call, depth: int, calls: Calls) -> bool:
        method = method_name(call)
        if self._only_numpy:
            self._to_numpy = self._to_numpy or method == "numpy"
            if method in _IN_PLACE_METHODS:
                return self._value(call, depth + 1, calls)
            return method == "numpy"
        if casts_narrow(self.facts, call) or casts_to_chosen_dtype(call):
            return True
        if method in _CPU_ONLY_METHODS or method in _NOT_FLOAT_METHODS or method in _KEPT_WHERE_THEY_ARE:
            return True  # `loss.backward()`: gradients where the tensors are
        moved = moved_to(call)
        if (
            (moved is not None and dtype_of(self.facts, moved[0]) is not None)
            or (moved is None and method == "to" and keyword(call, "dtype") is not None)
            or (method in FLOAT64_CAST_METHODS and not call.args)
        ):
            # `.to(torch.float64)`, `.to(dtype=torch.complex128)`, `.double()`: a cast where it
            # is (to a narrow one returned above)
            return self._value(call, depth + 1, calls)
        if moved is not None:
            device, dtype = moved
            if dtype is not None:
                spelled = dtype_of(self.facts, dtype)
                return spelled is None or not spelled.is_wide
            return is_cpu_device(self.facts, device) and self._value(call, depth + 1, calls)
        if method in _IN_PLACE_METHODS:
            return self._value(call, depth + 1, calls)
        return False

    def _stored(
        self, target: cst.BaseAssignTargetExpression, value: cst.BaseExpression, depth: int, calls: Calls
    ) -> bool:
        if isinstance(target, cst.Name):
            if self.facts.enclosing_function(target) is None:
                return False  # a module or class attribute: other code may import it
            reads = self.facts.reads_by_value.get(id(value), [])
            return all(self._value(read, depth + 1, calls) for read in reads)
        if isinstance(target, (cst.Tuple, cst.List)):  # `q, r = torch.linalg.qr(a)`: each part's reads
            if self.facts.enclosing_function(target) is None:
                return False
            reads = [*self.facts.reads_by_value.get(id(value), []), *self.facts.reads_by_unpacked.get(id(value), [])]
            return all(self._value(read, depth + 1, calls) for read in reads)
        if isinstance(target, cst.Attribute) and self._made_here(target):
            attribute_reads = self.flow.attribute_reads(target)
            return bool(attribute_reads) and all(self._value(read, depth + 1, calls) for read in attribute_reads)
        if isinstance(target, cst.Subscript):
            base: cst.BaseExpression = target.value
            while isinstance(base, cst.Subscript):
                base = base.value
            made = self.facts.assigned_value(base)
            if made is not None:
                return self._value(made, depth + 1, calls)
            return isinstance(base, cst.Name) and self._callers_tensors(base, depth)
        return False

    def _made_here(self, target: cst.Attribute) -> bool:
        """Is `self.<name> = ...` in the function that makes the value, which spells its
        dtype (`torch.as_tensor(w, dtype=torch.double)`, `.double()`)? Then every method
        of the class that reads the attribute is in the narrowed source (narrowing/classes.py
        keeps the readers of an attribute set from such a line), so its reads are all seen."""
        if not (isinstance(target.value, cst.Name) and target.value.value == "self"):
            return False
        made = self._made
        function = self.facts.enclosing_function(target)
        return (
            made is not None
            and function is not None
            and function is self.facts.enclosing_function(made)
            and _spells_float64(self.facts, made)
        )

    def _callers_tensors(self, name: cst.Name, depth: int) -> bool:
        """Written into a parameter (`position_ids[rows, 0] = ...`): the tensors the callers
        in this module pass for it must be kept safe."""
        function = self.facts.parent(name)
        while function is not None and not isinstance(function, cst.FunctionDef):
            function = self.facts.parent(function)
        sites = self._call_sites(function)
        if not sites:
            return False
        for site in sites:
            passed = [
                arg for arg in site.args if (p := self.parameter(site, arg)) is not None and p.name.value == name.value
            ]
            if len(passed) != 1:
                return False
            made = self.facts.assigned_value(passed[0].value)
            if made is None or not self._value(made, depth + 1, ()):
                return False
        return True

    def _iterated(self, clause: cst.CompFor, depth: int, calls: Calls) -> bool:
        """`[g.reshape(-1) for g in grids]`: each read of the loop name in the comprehension."""
        if not isinstance(clause.target, cst.Name):
            return False
        name = clause.target.value
        comprehension = self.facts.parent(clause)
        while comprehension is not None and not isinstance(
            comprehension, (cst.ListComp, cst.GeneratorExp, cst.SetComp)
        ):
            comprehension = self.facts.parent(comprehension)
        if comprehension is None:
            return False
        reads: List[cst.Name] = []
        stack: List[cst.CSTNode] = [comprehension]
        while stack:
            node = stack.pop()
            if isinstance(node, cst.Name) and node.value == name and node is not clause.target:
                reads.append(node)
            stack.extend(node.children)
        return all(self._value(read, depth + 1, calls) for read in reads)

    def _element(self, element: cst.Element, depth: int, calls: Calls) -> bool:
        sequence = self.facts.parent(element)
        holder = self.facts.parent(cast("cst.CSTNode", sequence))  # an element always has its sequence
        if isinstance(holder, cst.AssignTarget):
            return True  # `a, b = ...` binds the name anew
        if isinstance(sequence, cst.Tuple) and isinstance(holder, cst.Return):
            return self._returned(holder, list(sequence.elements).index(element), depth, calls)
        if isinstance(sequence, (cst.List, cst.Tuple)) and isinstance(holder, cst.Arg):
            return self._argument(holder, depth, calls)
        if isinstance(sequence, (cst.List, cst.Tuple)) and isinstance(holder, cst.Assign) and holder.value is sequence:
            return self._value(sequence, depth + 1, calls)  # `tensors = [a, b]`: where the list goes
        return False

    def _argument(self, argument: cst.Arg, depth: int, calls: Calls) -> bool:
        call = self.facts.parent(argument)
        if not isinstance(call, cst.Call):
            return False
        if isinstance(call.func, cst.Name) and call.func.value in _PLAIN_FUNCTIONS:
            return not self._only_numpy
        if isinstance(call.func, cst.Attribute) and _ASSERTION.match(call.func.attr.value):
            return not self._only_numpy and isinstance(call.func.value, cst.Name) and call.func.value.value == "self"
        qualified = self.facts.qualified_name(call.func) or self._passed_callable(call, calls)
        kept_where_they_are = qualified in KEEP_TENSORS_WHERE_THEY_ARE or (qualified or "").startswith(OPTIMIZERS)
        if has_no_mps_backend(qualified) or kept_where_they_are or qualified in NEEDS_FLOAT64:
            # torch.distributed, a quantized op: never on MPS; gradients, comparisons, an
            # optimizer's steps; a numerical gradient check, which needs float64 (and is run
            # where it has it)
            return not self._only_numpy
        if qualified is not None and qualified.startswith("torch.") and _answers_about_it(qualified):
            return not self._only_numpy
        if keeps_dtype(qualified) or gives_parts_of_its_dtype(qualified or ""):
            return self._value(call, depth + 1, calls)
        parameter = self.parameter(call, argument)
        if parameter is None:
            return False
        inner = (*calls, call)
        return all(self._value(read, depth + 1, inner) for read in self.facts.parameter_reads(parameter))

    def _passed_callable(self, call: cst.Call, calls: Calls) -> Optional[str]:
        """`method(*args)` where `method` is a parameter: the torch function (qualified name)
        that the call it was entered through passes for it (`self._exec_func(mode, torch.add,
        t1, t2)`), followed through callers that pass their own parameter on."""
        read = call.func
        while isinstance(read, cst.Name) and calls:
            parameter = self._parameter_read(read)
            site = calls[-1]
            if parameter is None or self.flow.callee(site) is not self.facts.enclosing_function(read):
                return None
            passed = [arg for arg in site.args if self.parameter(site, arg) is parameter]
            if len(passed) != 1:
                return None
            read, calls = passed[0].value, calls[:-1]
            qualified = self.facts.qualified_name(read)
            if qualified is not None:
                return qualified
        return None

    def _parameter_read(self, name: cst.Name) -> Optional[cst.Param]:
        """The parameter of its function that a name reads, if it reads one."""
        function = self.facts.enclosing_function(name)
        binding = self.facts.bindings.get(name)
        if function is None or binding is None:
            return None
        for parameter in _all_parameters(function):
            if self.facts.bindings.get(parameter.name) is binding:
                return parameter
        return None

    def parameter(self, call: cst.Call, argument: cst.Arg) -> Optional[cst.Param]:
        """The parameter of a function of this module that an argument binds: a named one,
        or `*args` for a positional argument past the named ones (and for `*args` passed on
        where it starts)."""
        function = self.flow.callee(call)
        if function is None or argument.star == "**":
            return None
        params = list(function.params.posonly_params) + list(function.params.params)
        if argument.keyword is not None:
            named = [p for p in params + list(function.params.kwonly_params) if p.name.value == argument.keyword.value]
            return named[0] if named else None
        before = [arg for arg in call.args if arg.keyword is None]
        before = before[: before.index(argument)]
        if any(arg.star for arg in before):
            return None  # after `*xs` the position is not known
        position = len(before)
        if params and params[0].name.value in ("self", "cls") and isinstance(call.func, cst.Attribute):
            position += 1
        star = function.params.star_arg
        rest = star if isinstance(star, cst.Param) else None
        if argument.star == "*":
            return rest if position == len(params) else None
        return params[position] if position < len(params) else rest

    def _returned(self, statement: cst.Return, index: Optional[int], depth: int, calls: Calls) -> bool:
        """A returned value (or the `index`th element of a returned tuple), followed to the
        call the value entered the function through, or else to every caller of the function
        in this module: each must keep its result safe."""
        function = self.facts.enclosing_function(statement)
        if calls and function is not None and self.flow.callee(calls[-1]) is function:
            sites, calls = [calls[-1]], calls[:-1]
        else:
            sites, calls = self._call_sites(function), ()
        if not sites:
            return False
        for site in sites:
            if index is None:
                if not self._value(site, depth + 1, calls):
                    return False
                continue
            assign = self.facts.parent(site)
            if not (isinstance(assign, cst.Assign) and assign.value is site and len(assign.targets) == 1):
                return False
            unpacked = assign.targets[0].target
            if not isinstance(unpacked, (cst.Tuple, cst.List)) or index >= len(unpacked.elements):
                return False
            target = unpacked.elements[index].value
            if not isinstance(target, cst.Name):
                return False
            # Each name unpacked from the call is bound to the call itself.
            reads = [read for read in self.facts.reads_by_value.get(id(site), []) if read.value == target.value]
            if not all(self._value(read, depth + 1, calls) for read in reads):
                return False
        return True

    def _call_sites(self, function: Optional[cst.FunctionDef]) -> List[cst.Call]:
        """Calls of a function of this module, in this module."""
        return self.facts.definitions.call_sites(function)


def _spells_float64(facts: ModuleFacts, made: cst.BaseExpression) -> bool:
    """A factory given a float64 dtype, or a cast to float64 (`.double()`, `.to(torch.float64)`)."""
    if not isinstance(made, cst.Call):
        return False
    if method_name(made) in FLOAT64_CAST_METHODS:
        return True
    moved = moved_to(made)
    spelled = keyword(made, "dtype") or (moved[0] if moved is not None else None)
    dtype = dtype_of(facts, spelled) if spelled is not None else None
    return dtype is not None and dtype.is_wide


def _all_parameters(function: cst.FunctionDef) -> List[cst.Param]:
    params = function.params
    found = list(params.posonly_params) + list(params.params) + list(params.kwonly_params)
    for star in (params.star_arg, params.star_kwarg):
        if isinstance(star, cst.Param):
            found.append(star)
    return found


def _answers_about_it(qualified: str) -> bool:
    """A torch function whose result is indices or booleans (`torch.multinomial`), or a
    question (`torch.is_tensor`, `torch._C._functorch.is_gradtrackingtensor`)."""
    return qualified in _NOT_FLOAT_FUNCTIONS or qualified.rsplit(".", 1)[-1].startswith("is_")
