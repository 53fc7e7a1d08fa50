"""From what the rules ask (fix/requests.py) to fixes: text edits with an applicability.

All requests of a module are planned together, because a fix in a function depends on
the others there (one new parameter, one guard line) and on its callers (which pass
`dtype=dtype` on).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Dict, Iterator, List, Optional, Sequence, Set, Tuple

from f64lint.analysis.domain.casts import CONVERTING_METHODS, casts_like, casts_to_chosen_dtype
from f64lint.analysis.domain.devices import following_calls, is_device_like, names_no_float64_device
from f64lint.analysis.domain.dtypes import Width, dtype_of, spelled_dtype
from f64lint.analysis.domain.library import (
    ATTRIBUTE_BY_NAME,
    NARROWING_CASTS,
    TENSORS_OF_DATA_WITH_DTYPE,
    by_short_name,
)
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import keyword, method_name, moved_to
from f64lint.analysis.syntax.nodes import descendants, keyed
from f64lint.cst import cst
from f64lint.diagnostic import Applicability, Edit, Fix
from f64lint.fix.edits import EditMaker
from f64lint.fix.functions import (
    FunctionPlan,
    FunctionPlanner,
    Kind,
    can_take_dtype,
    class_of,
    dtype_parameter,
)
from f64lint.fix.imports import import_torch, torch_module_name
from f64lint.fix.options import FixOptions
from f64lint.fix.requests import FixRequest, MoveThenCast, WideArrayToTensor, WideConversion, WideDtype, WideMove

_CAST_METHOD_DTYPES = by_short_name(NARROWING_CASTS)


class Planner:
    def __init__(self, facts: ModuleFacts, options: FixOptions) -> None:
        self.facts = facts
        self.options = options
        self.maker = EditMaker(facts)
        torch = torch_module_name(facts.module)
        self.import_edit: Tuple[Edit, ...] = () if torch else (import_torch(facts, self.maker),)
        self.torch = torch or "torch"
        self.functions = FunctionPlanner(
            facts, self.maker, self.torch, self.import_edit, options.strategy, options.dtype, options.safe_helper,
            options.line_length,
        )
        self.plans: Dict[cst.FunctionDef, FunctionPlan] = {}

    def fixes(self, requests: Sequence[Optional[FixRequest]]) -> List[Optional[Fix]]:
        requests = [request if request is not None and self._fixable(request) else None for request in requests]
        self._plan_functions(requests)
        return [self._fix(request) if request is not None else None for request in requests]

    def _fixable(self, request: FixRequest) -> bool:
        """Not in code that takes its functions and dtypes from an array API namespace
        (`xp.asarray(a)`, `xp.float64`): the namespace may be NumPy's, which a torch dtype
        breaks. Not a dtype list a library chooses (`supported_float_dtypes(xp)`): its fix
        is to give it the data's device, which only a person knows how to reach there. Not
        a dtype that is an entry of a table (`{"fp64": torch.float64, ...}`,
        `dict(double=torch.float64)`): the table offers it on purpose, to every reader (a
        dict of keyword arguments, whose `"dtype"` is the one it gives, is no table)."""
        if isinstance(request, WideDtype):
            if self._in_a_table(request.node):
                return False
            spelled = spelled_dtype(self.facts, request.node)
            holder = self.facts.parent(self.facts.parent(request.node) or request.node)
            given_to = holder.func if isinstance(holder, cst.Call) else request.node
            read = (request.node, given_to, *((spelled[1],) if spelled is not None else ()))
            listed = spelled is not None and isinstance(spelled[1], cst.Call)
            return not listed and not any(self.facts.through_namespace(node) for node in read)
        node = request.move if isinstance(request, MoveThenCast) else request.call
        return not self.facts.through_namespace(node)

    def _in_a_table(self, node: cst.CSTNode) -> bool:
        parent = self.facts.parent(node)
        if isinstance(parent, cst.DictElement) and parent.value is node:
            return not keyed(parent, "dtype")
        if not (isinstance(parent, cst.Arg) and parent.keyword is not None and parent.keyword.value != "dtype"):
            return False
        call = self.facts.parent(parent)
        return isinstance(call, cst.Call) and self.facts.qualified_name(call.func) == "builtins.dict"

    # Which function a request is fixed through ------------------------------------------

    def _threaded_node(self, request: FixRequest) -> Optional[cst.CSTNode]:
        """The node a function's dtype replaces, when the request is fixed that way."""
        if isinstance(request, WideDtype):
            spelled = spelled_dtype(self.facts, request.node)
            if request.complex_ or spelled is None or spelled[1] is not request.node:
                return None
            if self._read_as_a_name(request.node):
                return None
            return None if isinstance(self.facts.parent(request.node), cst.Param) else request.node
        if isinstance(request, WideConversion):
            plain = method_name(request.call) == "double" and not request.call.args
            return request.call if plain else None
        if isinstance(request, WideArrayToTensor):
            return request.call
        if isinstance(request, WideMove):
            return None if request.complex_ else request.call
        return None

    def _plan_functions(self, requests: Sequence[Optional[FixRequest]]) -> None:
        uses: Dict[cst.FunctionDef, List[cst.CSTNode]] = {}
        eager: Set[cst.FunctionDef] = set()  # a fix there is applied in the first pass
        for request in requests:
            node = self._threaded_node(request) if request is not None else None
            function = self.facts.enclosing_function(node) if node is not None else None
            if node is not None and function is not None:
                uses.setdefault(function, []).append(node)
                if not isinstance(request, WideMove):
                    eager.add(function)
        if not uses:
            return
        calls: Dict[cst.FunctionDef, List[cst.Call]] = {}
        for call in self.facts.calls:
            function = self.facts.enclosing_function(call)
            if function is not None:
                calls.setdefault(function, []).append(call)
        for function, nodes in uses.items():
            self.plans[function] = self.functions.plan(function, nodes, calls.get(function, []))
        # A device-aware caller of a function that gets a parameter passes its own `dtype`
        # on, so both compute alike: its line goes above those calls.
        anchors: Dict[cst.FunctionDef, List[cst.Call]] = {}
        for callee, plan in self.plans.items():
            for call in self._calls_of(callee) if plan.adds_parameter else ():
                caller = self.facts.enclosing_function(call)
                if caller in eager and self.plans[caller].kind is Kind.DEVICE_AWARE:
                    anchors.setdefault(caller, []).append(call)
        for caller, anchored in anchors.items():
            self.plans[caller] = self.functions.plan(caller, uses[caller], calls.get(caller, []), anchored)
        # A caller passes its `dtype` on only when it has one, or gets one in the same pass:
        # a move's fix is deferred, and usually not needed once the value's source is fixed.
        in_scope = {function: plan for function, plan in self.plans.items() if function in eager}
        for function, plan in list(self.plans.items()):
            if plan.adds_parameter:
                passing = tuple(self._pass_dtype(function, in_scope))
                module_level = isinstance(self.facts.parent(function), cst.Module)
                self.plans[function] = FunctionPlan(
                    plan.kind, plan.name, plan.shared + passing, plan.message, plan.applicability, True,
                    threads=function.name.value if module_level else None,
                )

    def _calls_of(self, function: cst.FunctionDef) -> Iterator[cst.Call]:
        """The module's calls of `function` that can take a `dtype`."""
        owner = class_of(self.facts, function)
        for call in self.facts.calls:
            if self._calls(call, function, owner) and can_take_dtype(call):
                yield call

    def _pass_dtype(self, function: cst.FunctionDef, in_scope: Dict[cst.FunctionDef, FunctionPlan]):
        """`dtype=dtype` at the module's calls of `function` whose caller has a dtype: a
        parameter it has or gets by a plan of `in_scope`, its device-aware line, or the
        dtype of the data it follows (`x.dtype` in a `forward`)."""
        for call in self._calls_of(function):
            caller = self.facts.enclosing_function(call)
            passed = self._dtype_in_scope(caller, in_scope) if caller is not None else None
            if passed is not None:
                yield self.maker.add_keyword_argument(call, f"dtype={passed}")

    @staticmethod
    def _dtype_in_scope(caller: cst.FunctionDef, in_scope: Dict[cst.FunctionDef, FunctionPlan]) -> Optional[str]:
        plan = in_scope.get(caller)
        if dtype_parameter(caller) is not None or (plan is not None and plan.adds_parameter):
            return "dtype"
        return plan.name if plan is not None and plan.kind in (Kind.DEVICE_AWARE, Kind.FOLLOW_DATA) else None

    def _calls(self, call: cst.Call, function: cst.FunctionDef, owner: Optional[cst.ClassDef]) -> bool:
        name = function.name.value
        if owner is None:
            return (
                isinstance(self.facts.parent(function), cst.Module)
                and isinstance(call.func, cst.Name)
                and call.func.value == name
            )
        caller = self.facts.enclosing_function(call)
        return (
            isinstance(call.func, cst.Attribute)
            and call.func.attr.value == name
            and isinstance(call.func.value, cst.Name)
            and call.func.value.value in ("self", "cls")
            and caller is not None
            and class_of(self.facts, caller) is owner
        )

    # One fix per request -------------------------------------------------------------------

    def _plan_for(self, node: Optional[cst.CSTNode]) -> FunctionPlan:
        function = self.facts.enclosing_function(node) if node is not None else None
        plan = self.plans.get(function) if function is not None else None
        return plan or self.functions.literal()

    def _fix(self, request: FixRequest) -> Optional[Fix]:
        if isinstance(request, WideDtype):
            return self._wide_dtype(request)
        if isinstance(request, WideConversion):
            return self._conversion(request)
        if isinstance(request, WideArrayToTensor):
            return self._array_to_tensor(request)
        if isinstance(request, WideMove):
            return self._move(request)
        return self._merged(request.move, request.cast, request.later)

    def _move(self, request: WideMove) -> Optional[Fix]:
        """`.to(device)` -> `.to(device, dtype=dtype)`: cast while moving."""
        if any(arg.star for arg in request.call.args):
            return None
        if request.complex_:
            aware = self._complex_off_mps(request.call)
            narrow = aware or f"{self.torch}.complex64"
            edit = self.maker.add_keyword_argument(request.call, f"dtype={narrow}")
            message = f"Cast while moving: `dtype={narrow}`"
            safety = Applicability.SAFE if aware else Applicability.UNSAFE
            return Fix(message, safety, (edit, *self.import_edit), deferred=True)
        plan = self._plan_for(request.call)
        if plan.kind is Kind.KEEP:
            return None
        fix = self._with(plan, self.maker.add_keyword_argument(request.call, f"dtype={plan.name}"))
        return replace(fix, deferred=True)

    def _with(self, plan: FunctionPlan, *edits: Edit) -> Fix:
        return Fix(plan.message, plan.applicability, (*edits, *plan.shared), plan.threads)

    def _wide_dtype(self, request: WideDtype) -> Optional[Fix]:
        spelled = spelled_dtype(self.facts, request.node)
        if spelled is None:
            return None
        origin = spelled[1]
        if self._chosen_by_dtype(origin):
            return None
        if request.complex_:
            aware = self._complex_off_mps(origin)
            if aware is not None:
                wrapped = aware if isinstance(self.facts.parent(origin), cst.Arg) else f"({aware})"
                return Fix(
                    "Use complex64 on MPS only, complex128 elsewhere as before", Applicability.SAFE,
                    (self.maker.replace(origin, wrapped), *self.import_edit),
                )
            narrow = f"{self.torch}.complex64"
            return Fix(f"Use `{narrow}`", Applicability.UNSAFE, (self.maker.replace(origin, narrow), *self.import_edit))
        if self._read_as_a_name(origin):  # `"float64"` of `getattr(torch, cfg["dtype"])`: still a name
            assert isinstance(origin, cst.SimpleString)
            narrow = "complex64" if request.complex_ else "float32"
            named = f"{origin.prefix}{origin.quote}{narrow}{origin.quote}"
            return Fix(f"Use `{named}`", Applicability.UNSAFE, (self.maker.replace(origin, named),))
        holder = self.facts.parent(self.facts.parent(origin) or origin)
        if origin is request.node and isinstance(holder, cst.Call) and self._made_on_mps_only(holder):
            narrow = f"{self.torch}.float32"
            return Fix(
                f"Use `{narrow}`: the tensor is made on MPS, which has no float64", Applicability.SAFE,
                (self.maker.replace(origin, narrow), *self.import_edit),
            )
        threaded = self._threaded_node(request)
        if threaded is None:
            chosen = self._keep_float64_off_mps(origin)
            if chosen is not None:
                return chosen
        plan = self._plan_for(threaded) if threaded is not None else self.functions.literal()
        if plan.kind is Kind.KEEP:
            return None
        return self._with(plan, self.maker.replace(origin, plan.name))

    def _read_as_a_name(self, written: cst.BaseExpression) -> bool:
        """Is a string spelling a dtype read as the name of one (`getattr(torch, "float64")`,
        or kept for such a read: `{"dtype": "float64"}`), not given to torch as the dtype?
        Its fix is another name, where a torch dtype would be no name."""
        if not isinstance(written, cst.SimpleString):
            return False
        holder = self.facts.parent(self.facts.parent(written) or written)
        return not isinstance(holder, cst.Call) or self.facts.qualified_name(holder.func) == ATTRIBUTE_BY_NAME

    def _made_on_mps_only(self, call: cst.Call) -> bool:
        """Is a call's tensor made on a device spelled out that has no float64, or moved
        straight there (`torch.zeros(3, dtype=torch.float64).to("mps")`)?"""
        attribute = self.facts.parent(call)
        chained = self.facts.parent(attribute) if isinstance(attribute, cst.Attribute) else None
        moved = moved_to(chained) if isinstance(chained, cst.Call) else None
        return self._on_mps_only(keyword(call, "device")) or (moved is not None and self._on_mps_only(moved[0]))

    def _on_mps_only(self, device: Optional[cst.BaseExpression]) -> bool:
        """A device spelled out that has no float64 (`"mps"`, `"mps:0"`, `torch.device("mps")`):
        float32 there changes nothing on CPU/CUDA, where the code never runs."""
        return device is not None and names_no_float64_device(self.facts, device) is True

    def _complex_off_mps(self, node: cst.CSTNode) -> Optional[str]:
        """In a function whose float64 gets the device-aware line, complex128 the same way:
        `torch.complex64 if <device is mps> else torch.complex128`."""
        function = self.facts.enclosing_function(node)
        plan = self.plans.get(function) if function is not None else None
        if plan is None or plan.kind is not Kind.DEVICE_AWARE or plan.device is None:
            return None
        return f"{self.torch}.complex64 if {plan.device.is_mps} else {self.torch}.complex128"

    def _chosen_by_dtype(self, origin: cst.CSTNode) -> bool:
        """`torch.cfloat if dtype == torch.float else torch.cdouble`: the wide dtype is the
        one that matches a wide input the caller chose; narrowing it here would only break
        the match (the caller's float64 is where the fix belongs)."""
        choice = self.facts.parent(origin)
        if not isinstance(choice, cst.IfExp) or origin is choice.test:
            return False
        other = choice.orelse if origin is choice.body else choice.body
        narrow = dtype_of(self.facts, other)
        if narrow is None or narrow.is_wide:
            return False
        return any(
            (isinstance(node, cst.Name) and node.value == "dtype")
            or (isinstance(node, cst.Attribute) and node.attr.value == "dtype")
            for node in descendants([choice.test])
        )

    def _keep_float64_off_mps(self, origin: cst.CSTNode) -> Optional[Fix]:
        """`torch.float64 if self.double_precision else torch.float32`, in a function that
        knows its device, keeps float64 where it was asked for and the hardware has it:
        `... if self.double_precision and torch.device(device).type != "mps" else ...`."""
        choice = self.facts.parent(origin)
        function = self.facts.enclosing_function(origin)
        if not isinstance(choice, cst.IfExp) or function is None:
            return None
        device = self.functions.device_test(function)
        if device is None:
            return None
        test = self.facts.module.code_for_node(choice.test)
        if not isinstance(choice.test, (cst.Name, cst.Attribute, cst.Call, cst.Subscript, cst.Comparison)):
            test = f"({test})"
        condition = f"{test} and {device.not_mps}" if origin is choice.body else f"{test} or {device.is_mps}"
        return Fix(
            f"Keep float64 off MPS only: `{condition}`",
            Applicability.SAFE,
            (self.maker.replace(choice.test, condition), *self.import_edit),
        )

    def _conversion(self, request: WideConversion) -> Optional[Fix]:
        call = request.call
        assert isinstance(call.func, cst.Attribute)
        if call.args:
            return None
        if method_name(call) == "cdouble":
            aware = self._complex_off_mps(call)
            if aware is not None:
                return Fix(
                    "Use complex64 on MPS only, complex128 elsewhere as before", Applicability.SAFE,
                    (self.maker.replace_span(call.func.attr, call, f"to({aware})"),),
                )
            edit = self.maker.replace_span(call.func.attr, call, "cfloat()")
            return Fix("Use `.cfloat()`", Applicability.UNSAFE, (edit,))
        plan = self._plan_for(call)
        if plan.kind is Kind.KEEP:
            return None
        move = self._move_after(call)
        before = self._move_before(call) if move is None else None
        if move is not None or before is not None:
            # `x.double().to(device)`, `x.to(device).double()`: one call, `x.to(device, dtype=...)`
            moving = move or before
            assert moving is not None and isinstance(moving.func, cst.Attribute)
            arguments = ", ".join(self._argument_text(arg) for arg in moving.args)
            first = call.func.attr if move is not None else moving.func.attr
            edit = self.maker.replace_span(first, move or call, f"to({arguments}, dtype={plan.name})")
            if plan.kind is Kind.LITERAL:
                return Fix(
                    f"Move and cast in one call: `.to(..., dtype={plan.name})`",
                    Applicability.UNSAFE,
                    (edit, *self.import_edit),
                )
            return self._with(plan, edit)
        if plan.kind is Kind.LITERAL:
            return Fix(
                "Use `.float()`", Applicability.UNSAFE, (self.maker.replace_span(call.func.attr, call, "float()"),)
            )
        return self._with(plan, self.maker.replace_span(call.func.attr, call, f"to({plan.name})"))

    def _argument_text(self, arg: cst.Arg) -> str:
        """An argument as written, without the comma and the line breaks around it."""
        value = self.facts.module.code_for_node(arg.value)
        return f"{arg.keyword.value}={value}" if arg.keyword is not None else f"{arg.star}{value}"

    def _move_after(self, call: cst.Call) -> Optional[cst.Call]:
        """The `.to(device)` chained right after a conversion, when it plainly names a device
        (`device`, `"mps"`, `x.device`) and gives no dtype."""
        attribute = self.facts.parent(call)
        outer = self.facts.parent(attribute) if isinstance(attribute, cst.Attribute) else None
        if not (isinstance(outer, cst.Call) and isinstance(attribute, cst.Attribute)):
            return None  # outer is only looked up above an attribute: the second test is for mypy
        if not (outer.func is attribute and attribute.value is call):
            return None
        moved = moved_to(outer)
        if moved is None or moved[1] is not None or not is_device_like(self.facts, moved[0]):
            return None
        return outer if not any(arg.star for arg in outer.args) else None

    def _move_before(self, call: cst.Call) -> Optional[cst.Call]:
        """The `.to(device)` a conversion is chained right after, when it plainly names a
        device and gives no dtype."""
        assert isinstance(call.func, cst.Attribute)
        inner = call.func.value
        if not (isinstance(inner, cst.Call) and method_name(inner) == "to"):
            return None
        moved = moved_to(inner)
        if moved is None or moved[1] is not None or not is_device_like(self.facts, moved[0]):
            return None
        return inner if not any(arg.star for arg in inner.args) else None

    def _array_to_tensor(self, request: WideArrayToTensor) -> Optional[Fix]:
        """Cast where the array becomes a tensor (its NumPy work keeps its float64 on the
        CPU): in the move that follows, in `torch.tensor(a, dtype=...)`, or after it."""
        call = request.call
        plan = self._plan_for(call)
        if plan.kind is Kind.KEEP:
            return None
        move = self._move_after(call)
        after = self.facts.parent(move) if move is not None else None
        cast = self.facts.parent(after) if isinstance(after, cst.Attribute) else None
        if move is not None and isinstance(cast, cst.Call) and cast.func is after:  # not `f(t.to(device))`
            merged = self._merged(move, cast)  # `.to(device).float()`: that cast, while moving
            if merged is not None:
                return merged
        moved = moved_to(move) if move is not None else None
        if move is not None and moved is not None and self._on_mps_only(moved[0]):
            narrow = f"{self.torch}.float32"
            edit = self.maker.add_keyword_argument(move, f"dtype={narrow}")
            return Fix(
                f"Cast while moving: `dtype={narrow}` (the device is MPS, which has no float64)", Applicability.SAFE,
                (edit, *self.import_edit),
            )
        if move is not None:  # the cast goes where the tensor meets the device: `.to(device, dtype=...)`
            edit = self.maker.add_keyword_argument(move, f"dtype={plan.name}")
            if plan.kind is Kind.LITERAL:
                return Fix(
                    f"Cast while moving: `dtype={plan.name}`", Applicability.UNSAFE, (edit, *self.import_edit)
                )
            return self._with(plan, edit)
        run = request.run or call  # a keyword given to `to_tensor(a)` goes on to what `partial` bound
        if self.facts.qualified_name(run.func) in TENSORS_OF_DATA_WITH_DTYPE and call.args:
            attribute = self.facts.parent(call)
            cast = self.facts.parent(attribute) if isinstance(attribute, cst.Attribute) else None
            cast_to = self._cast_dtype(cast) if isinstance(cast, cst.Call) and cast.func is attribute else None
            if cast is not None and cast_to is not None:  # `torch.tensor(a).float()`: made in that dtype
                return Fix(
                    f"Make it in the dtype it is cast to: `dtype={cast_to}`", Applicability.SAFE,
                    (
                        self.maker.add_keyword_argument(call, f"dtype={cast_to}"),
                        Edit(self.maker.end(call), self.maker.end(cast), ""),
                        *self._imports_for(cast_to),
                    ),
                )
            return self._with(plan, self.maker.add_keyword_argument(call, f"dtype={plan.name}"))
        end = self.maker.end(call)
        if plan.kind is Kind.LITERAL:
            return Fix("Cast it to float32: `.float()`", Applicability.UNSAFE, (self.maker.insert(end, ".float()"),))
        return self._with(plan, self.maker.insert(end, f".to({plan.name})"))

    def _merged(self, move: cst.Call, cast: cst.Call, later: bool = False) -> Optional[Fix]:
        """`.to(device).float()` -> `.to(device, dtype=torch.float32)`; through a view or an
        item of the moved tensor, `.to(device).T.float()` -> `.to(device, dtype=torch.float32).T`;
        `torch.tensor(x, device=d).float()` -> `torch.tensor(x, device=d, dtype=torch.float32)`.
        A cast on a later statement (`later`: `x = t.to(device)`, then `x = x.float()`) is
        left as it is (it changes nothing then), and only a dtype it spells is taken: a
        chosen one (`x.type_as(r)`) may not be known yet where the move is."""
        assert isinstance(cast.func, cst.Attribute)
        if not later and next(following_calls(self.facts, move), None) is not cast:
            return None  # other calls between the move and the cast
        narrow = self._cast_dtype(cast, chosen=not later)
        if narrow is None or not move.args or any(arg.star for arg in move.args):
            return None
        # The cast in the chain goes; a later one stays.
        dropped = () if later else (Edit(self.maker.end(cast.func.value), self.maker.end(cast), ""),)
        if self.facts.qualified_name(move.func) in TENSORS_OF_DATA_WITH_DTYPE:  # `torch.tensor(x, device=d).float()`
            return Fix(
                f"Make it with the {'later ' if later else ''}cast's dtype: `dtype={narrow}`",
                Applicability.SAFE,
                (self.maker.add_keyword_argument(move, f"dtype={narrow}"), *dropped, *self._imports_for(narrow)),
            )
        assert isinstance(move.func, cst.Attribute)
        arguments = [self.facts.module.code_for_node(arg).rstrip().rstrip(",").rstrip() for arg in move.args]
        merged = f"to({', '.join(arguments)}, dtype={narrow})"
        if not later and cast.func.value is move:
            edits: Tuple[Edit, ...] = (self.maker.replace_span(move.func.attr, cast, merged),)
        else:  # the view or item stays, on the tensor moved as the cast's dtype
            edits = (self.maker.replace_span(move.func.attr, move, merged), *dropped)
        message = "Cast while moving, as the later cast does" if later else "Cast while moving"
        return Fix(f"{message}: `.{merged}`", Applicability.SAFE, (*edits, *self._imports_for(narrow)))

    def _cast_dtype(self, cast: cst.Call, chosen: bool = True) -> Optional[str]:
        """The dtype a cast gives, as code to pass as `dtype=`. Without `chosen`, only one
        the cast spells itself (`.float()`, `.to(torch.float16)`), for code before the
        cast: not a name (`.to(dtype)`, a name holding `torch.float32`) or `.type_as(r)`."""
        method = method_name(cast)
        if method in _CAST_METHOD_DTYPES and not cast.args:
            return f"{self.torch}.{_CAST_METHOD_DTYPES[method]}"
        if chosen and casts_like(cast) and len(cast.args) == 1 and cast.args[0].keyword is None:
            return f"{self.facts.module.code_for_node(cast.args[0].value)}.dtype"
        if method in CONVERTING_METHODS and len(cast.args) == 1:
            value = cast.args[0].value
            spelled = spelled_dtype(self.facts, value)
            if spelled is not None and spelled[0].width is Width.NARROW and (chosen or spelled[1] is value):
                return self.facts.module.code_for_node(value)
            if chosen and method == "to" and casts_to_chosen_dtype(cast):
                return self.facts.module.code_for_node(value)
        return None

    def _imports_for(self, text: str) -> Tuple[Edit, ...]:
        return self.import_edit if text.startswith("torch.") else ()


def plan_fixes(
    facts: ModuleFacts, requests: Sequence[Optional[FixRequest]], options: FixOptions
) -> List[Optional[Fix]]:
    if not any(request is not None for request in requests):
        return [None] * len(requests)
    return Planner(facts, options).fixes(requests)
