"""What a call of one of the module's own functions hands on to what it binds: the arguments
whose parameters reach what the function returns, followed through names line by line
(`timesteps, n = retrieve_timesteps(scheduler, n, device, sigmas=sigmas)` binds nothing of
`sigmas` when the function returns the scheduler's timesteps)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, FrozenSet, List, Mapping, Optional, Sequence, Set, Tuple

from f64lint.linter.narrowing.lines import (
    KEYWORD_ARGUMENT,
    NAME,
    Statement,
    bound_names,
    call_arguments,
    grown_lists,
    logical_lines,
    loop_targets,
)

_DEFINED = re.compile(r"\bdef[ \t]+\w+[ \t]*\(")  # a function's header, to its `(`
_PARAMETER = re.compile(r"\s*(\**)(\w+)")  # a parameter's stars and name
_RETURNS = re.compile(r"(?<![\w.])(?:return|yield)(?!\w)")


@dataclass(frozen=True)
class Parameters:
    """A function's parameters (not a method's `self` or `cls`): those a call can pass by
    position, in order, the keyword-only ones, and the names of `*args` and `**kwargs`."""

    positional: Tuple[str, ...]
    keyword_only: FrozenSet[str]
    star: Optional[str]
    double_star: Optional[str]

    @property
    def names(self) -> FrozenSet[str]:
        found = {*self.positional, *self.keyword_only, self.star, self.double_star}
        return frozenset(name for name in found if name is not None)


def parameters(definition: str) -> Optional[Parameters]:
    """The parameters of the function a definition's code (strings emptied) opens with;
    None when it has no `def` header."""
    header = _DEFINED.search(definition)
    if header is None:
        return None
    positional: List[str] = []
    keyword_only: Set[str] = set()
    star = double_star = None
    for listed in call_arguments(definition, header.end())[0]:
        if listed.strip() == "*":
            star = star or ""
            continue
        found = _PARAMETER.match(listed)
        if found is None:
            continue  # `/`, or nothing after a trailing comma
        stars, name = found.groups()
        if stars == "**":
            double_star = name
        elif stars == "*":
            star = name
        elif star is not None:
            keyword_only.add(name)
        else:
            positional.append(name)
    if positional and positional[0] in ("self", "cls"):
        positional.pop(0)
    return Parameters(tuple(positional), frozenset(keyword_only), star or None, double_star)


class FollowedCalls:
    """The module's functions (`prep(`) and methods (`self.step(`) whose calls an array is
    followed through, by how a call names them, with the arguments of a call that what it
    returns may hold: each read once, when a call of it is first met."""

    def __init__(self, definitions: Mapping[str, Sequence[Statement]], structure_lines: List[str]) -> None:
        self._definitions = definitions
        self._structure_lines = structure_lines
        # By callee, each definition's parameters with those that reach its returns (no
        # parameters: a header not read, every argument handed on).
        self._read: Dict[str, List[Tuple[Optional[Parameters], FrozenSet[str]]]] = {}

    def __contains__(self, callee: str) -> bool:
        return callee in self._definitions

    def handed_on(self, callee: str, arguments: List[str]) -> List[str]:
        """The arguments of a call of `callee` (one of these) that what it returns may hold:
        by position or keyword, those whose parameter reaches a `return` or `yield` of one
        of its definitions, and any passed with `*` or `**`."""
        read = self._read.get(callee)
        if read is None:
            read = self._read[callee] = [self._returning(d) for d in self._definitions[callee]]
        kept = []
        position = 0
        for argument in arguments:
            written = argument.strip()
            if not written:
                continue
            if written.startswith("*"):  # `*args`, `**options`: which parameters they fill is not known
                kept.append(argument)
                continue
            keyword = KEYWORD_ARGUMENT.match(written)
            if any(_reaches(found, keyword.group(1) if keyword else position) for found in read):
                kept.append(argument)
            if keyword is None:
                position += 1
        return kept

    def _returning(self, definition: Statement) -> Tuple[Optional[Parameters], FrozenSet[str]]:
        """A definition's parameters, and those that reach a `return` or `yield` of it
        through the names its lines bind (more is harmless: a nested function's returns
        count too)."""
        found = parameters(definition.text)
        if found is None:
            return None, frozenset()
        lines = logical_lines(self._structure_lines, definition.first, definition.last)
        texts = ["\n".join(self._structure_lines[first : last + 1]) for first, last in lines]
        header = next((index for index, text in enumerate(texts) if _DEFINED.search(text)), len(texts))
        body = texts[header + 1 :]
        read = [frozenset(NAME.findall(text)) for text in body]
        binds = [bound_names(text.split("\n")) | loop_targets(text) | grown_lists(text) for text in body]
        returning = frozenset().union(*(names for names, text in zip(read, body) if _RETURNS.search(text)))
        reaching = set()
        for name in found.names:
            held = {name}
            while True:
                more = set().union(*(bound for names, bound in zip(read, binds) if not names.isdisjoint(held))) - held
                if not more:
                    break
                held |= more
            if not returning.isdisjoint(held):
                reaching.add(name)
        return found, frozenset(reaching)


def _reaches(read: Tuple[Optional[Parameters], FrozenSet[str]], argument: "str | int") -> bool:
    """Does an argument (a keyword, or a position) of a call reach what this definition
    returns? Yes when the definition could not be read, or the argument meets no
    parameter of it (the call may be of another function the name is bound to)."""
    found, reaching = read
    if found is None:
        return True
    if isinstance(argument, int):
        if argument < len(found.positional):
            return found.positional[argument] in reaching
        return found.star in reaching if found.star is not None else True
    if argument in found.positional or argument in found.keyword_only:
        return argument in reaching
    return found.double_star in reaching if found.double_star is not None else True
