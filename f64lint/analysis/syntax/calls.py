"""The shape of a call, read from the syntax alone (no facts needed)."""

from __future__ import annotations

from typing import List, NamedTuple, Optional, Sequence, Tuple

from f64lint.cst import cst

# How far names are followed to the values assigned to them.
MAX_TRACE_DEPTH = 5
# The methods of Python's lists and deques that add to them: by name, whether the method adds
# each element of what it is given (`xs.extend(more)`) or what it is given (`xs.append(x)`).
GROWING_METHODS = {"append": False, "insert": False, "appendleft": False, "extend": True, "extendleft": True}


class Added(NamedTuple):
    """What a call adds to a list: the value it is given, or each element of it."""

    value: cst.BaseExpression
    each: bool


def added_by(call: cst.Call) -> List[Added]:
    """What a call of a list's growing method adds (`.extend([a, b])` adds `a` and `b`);
    nothing for another call."""
    method = method_name(call)
    if method not in GROWING_METHODS or not call.args:
        return []
    given = call.args[-1].value
    if not GROWING_METHODS[method]:
        return [Added(given, False)]
    if isinstance(given, (cst.List, cst.Tuple)) and not any(isinstance(e, cst.StarredElement) for e in given.elements):
        return [Added(element.value, False) for element in given.elements]
    return [Added(given, True)]


def grown_list(call: cst.Call) -> Optional[Tuple[cst.BaseExpression, bool]]:
    """What holds the list a call of a method grows (`xs` of `xs.append(x)`), and whether
    the list is one it holds (`history` of `history[task].append(x)`); None for a call
    not of a method."""
    if not isinstance(call.func, cst.Attribute):
        return None
    held = call.func.value
    return (held.value, True) if isinstance(held, cst.Subscript) else (held, False)


def written_out(added: List[Added]) -> Optional[List[cst.BaseExpression]]:
    """The values added to a list, where each is written out; None where a call adds the
    elements of a value (`.extend(more)`)."""
    return None if any(one.each for one in added) else [one.value for one in added]


def is_super_call(node: cst.BaseExpression) -> bool:
    """`super()` or `super(Cls, self)`."""
    return isinstance(node, cst.Call) and isinstance(node.func, cst.Name) and node.func.value == "super"


def method_name(call: cst.Call) -> Optional[str]:
    """`to` for `x.to(...)`; None for a call that is not a method call."""
    if isinstance(call.func, cst.Attribute):
        return call.func.attr.value
    return None


def keyword(call: cst.Call, name: str) -> Optional[cst.BaseExpression]:
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == name:
            return arg.value
    return None


def positional(call: cst.Call) -> List[cst.BaseExpression]:
    return [arg.value for arg in call.args if arg.keyword is None and not arg.star]


def passed_as(call: cst.Call, parameter: str) -> Optional[cst.BaseExpression]:
    """What a call passes for a parameter named `<position>:<name>` (the position empty for
    one passed only by name), by keyword, or by position where no `*args` hides the places."""
    position, _, name = parameter.partition(":")
    passed = keyword(call, name)
    if passed is None and position and not any(arg.star for arg in call.args):
        arguments = positional(call)
        passed = arguments[int(position)] if int(position) < len(arguments) else None
    return passed


def moved_to(call: cst.Call) -> Optional[Tuple[cst.BaseExpression, Optional[cst.BaseExpression]]]:
    """For `x.to(device)`, `x.to(device, dtype)`, `x.to(device=d, dtype=t)`: the device and
    the dtype given with it (None when none is)."""
    if method_name(call) != "to":
        return None
    args = positional(call)
    device = keyword(call, "device") or (args[0] if args else None)
    if device is None:
        return None
    dtype = keyword(call, "dtype") or (args[1] if len(args) > 1 else None)
    return device, dtype


def named_params(function: cst.FunctionDef) -> Tuple[cst.Param, ...]:
    """The parameters a call passes by place or by name (not `*args` or `**kwargs`)."""
    params = function.params
    return (*params.posonly_params, *params.params, *params.kwonly_params)


def param_passed(function: cst.FunctionDef, call: cst.Call, argument: cst.BaseExpression) -> Optional[cst.Param]:
    """The parameter a call passes this argument for (`data` of `step(self, data)` for
    `batch` in `self.step(batch)`), if one."""
    return next((param for param in named_params(function) if argument_for(function, param, call) is argument), None)


def argument_for(
    function: cst.FunctionDef, param: cst.Param, call: cst.Call, of_an_object: bool = False
) -> Optional[cst.BaseExpression]:
    """What a call passes for a parameter (`self.step(batch)` passes `batch` for `step(self, data)`,
    `Grid(n)` `n` for `__init__(self, size)`, and a call `of_an_object`, `layer(x)`, `x` for
    `forward(self, x)`)."""
    for arg in call.args:
        if arg.keyword is not None and arg.keyword.value == param.name.value:
            return arg.value
    params: Sequence[cst.Param] = [*function.params.posonly_params, *function.params.params]
    if param not in params:
        return None
    index = list(params).index(param)
    bound = of_an_object or isinstance(call.func, cst.Attribute) or function.name.value == "__init__"  # no `self`
    if bound and params and params[0].name.value in ("self", "cls"):
        index -= 1
    args = positional(call)
    return args[index] if 0 <= index < len(args) and not any(arg.star for arg in call.args) else None


def data_argument(call: cst.Call) -> Optional[cst.BaseExpression]:
    """The data a tensor is made of in `torch.tensor(data)`, `torch.from_numpy(ndarray)`,
    `torch.as_tensor(data)`, `torch.asarray(obj)`."""
    args = positional(call)
    if args:
        return args[0]
    for name in ("data", "ndarray", "obj"):
        value = keyword(call, name)
        if value is not None:
            return value
    return None


def given_for(
    function: cst.FunctionDef, param: cst.Param, call: cst.Call, of_an_object: bool = False
) -> Optional[cst.BaseExpression]:
    """What a call gives a parameter: its argument, else the parameter's default; None when
    neither, or when a `*args` of the call may hold it."""
    argument = argument_for(function, param, call, of_an_object)
    if argument is not None:
        return argument
    return None if any(arg.star for arg in call.args) else param.default


def gathered_by(function: cst.FunctionDef, call: cst.Call) -> List[cst.BaseExpression]:
    """What a call passes to its function's `*args`: the positional arguments beyond its
    other positional parameters (`self` is not passed in `obj.method(...)`)."""
    named = [*function.params.posonly_params, *function.params.params]
    method = isinstance(call.func, cst.Attribute) and bool(named) and named[0].name.value in ("self", "cls")
    return positional(call)[len(named) - 1 if method else len(named) :]


def passes_keywords(call: cst.Call) -> bool:
    """Does a call pass arguments by keyword?"""
    return any(arg.keyword is not None for arg in call.args)


def named_fields(call: cst.Call) -> Tuple[str, ...]:
    """The field names a call that makes a class of named tuples writes out (its second
    argument, or `field_names=`): a list or tuple of strings, or one string of names apart
    by commas or spaces (`"obs reward"`); none where they are not written out."""
    args = positional(call)
    given = args[1] if len(args) > 1 else keyword(call, "field_names")
    if isinstance(given, cst.SimpleString) and isinstance(given.evaluated_value, str):
        return tuple(given.evaluated_value.replace(",", " ").split())
    if not isinstance(given, (cst.List, cst.Tuple)):
        return ()
    names = [element.value.evaluated_value for element in given.elements if isinstance(element.value, cst.SimpleString)]
    strings = tuple(name for name in names if isinstance(name, str))
    return strings if len(strings) == len(given.elements) else ()
