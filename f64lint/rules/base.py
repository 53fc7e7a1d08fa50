"""The rule API: a rule is its code, its documentation, its examples and a check."""

from __future__ import annotations

import inspect
import re
import textwrap
from dataclasses import dataclass
from typing import ClassVar, Iterator, Optional, Tuple

from f64lint.analysis.flow.analysis import Analysis
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.fix.requests import FixRequest
from f64lint.rules.patterns import TextPattern


@dataclass(frozen=True)
class Finding:
    """What a rule reports: the node it flags and why. The flagged range runs from the
    start of `anchor` (default: `node`) to the end of `node`, so `x.double()` can be
    reported from `double` rather than from the start of a long chain. `fix` says what
    a fix would change, if the finding can be fixed."""

    node: cst.CSTNode
    message: str
    anchor: Optional[cst.CSTNode] = None
    fix: Optional[FixRequest] = None
    # The float64 value provably ends up on a device that may be MPS: reported as an error
    # (unless the configuration sets the rule's severity).
    reaches_mps: bool = False


@dataclass(frozen=True)
class Invalid:
    """A source the rule must flag, with the 1-based (line, column) of each finding, and
    the source after `--fix --unsafe-fixes` (None: the rule has no fix for it)."""

    source: str
    expected: Tuple[Tuple[int, int], ...]
    fixed: Optional[str]

    def __init__(self, source: str, *expected: Tuple[int, int], fixed: Optional[str] = None) -> None:
        object.__setattr__(self, "source", textwrap.dedent(source).lstrip("\n"))
        object.__setattr__(self, "expected", tuple(expected))
        object.__setattr__(self, "fixed", textwrap.dedent(fixed).lstrip("\n") if fixed is not None else None)


class Rule:
    """Subclasses set the class attributes and implement `check`.

    The docstring is the rule's documentation, in four parts: what it flags, why it breaks
    on MPS, an example, and the fix with how safe it is.
    """

    code: ClassVar[str]
    name: ClassVar[str]
    summary: ClassVar[str]
    severity: ClassVar[Severity] = Severity.ERROR
    # A finding whose value the analysis sees reach a device that may be MPS is an error
    # whatever `severity` says (unless the configuration sets it).
    error_where_it_reaches_mps: ClassVar[bool] = False
    enabled_by_default: ClassVar[bool] = True
    valid: ClassVar[Tuple[str, ...]] = ()  # sources it must not flag (dedented when run)
    invalid: ClassVar[Tuple[Invalid, ...]] = ()
    # The prefilter: a source must match every one of these for the rule to be able to
    # fire; files that no enabled rule can fire on are never parsed. Empty: always parse.
    required: ClassVar[Tuple[TextPattern, ...]] = ()
    # Can the module be narrowed to the code with a float64-like spelling (narrowing/)
    # for this rule? Not for one that looks for data whose dtype is never spelled.
    narrows: ClassVar[bool] = True
    # Does it follow data loaders' batches? Narrowing then keeps the code that iterates a
    # loader too, and what that code calls and names (a collate function).
    reads_batches: ClassVar[bool] = False

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        raise NotImplementedError

    @classmethod
    def may_fire(cls, source: str) -> bool:
        return all(pattern.search(source) for pattern in cls.required)

    @classmethod
    def documentation(cls) -> str:
        return inspect.cleandoc(cls.__doc__ or "")

    @classmethod
    def first_paragraph(cls, section: str) -> str:
        """The first paragraph of a section of the documentation, on one line."""
        match = re.search(rf"## {re.escape(section)}\n(.*?)(?:\n\n|\n## |$)", cls.documentation(), re.DOTALL)
        return " ".join(match.group(1).split()) if match else cls.summary


class FileRule(Rule):
    """A rule about a file as a whole (it could not be read or parsed): the runner reports
    these itself, so they have no check, only a code, documentation and a severity."""

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        return iter(())
