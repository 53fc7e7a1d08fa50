"""Fix one file's source: apply the wanted fixes, lint again, repeat until nothing changes.

A pass applies every fix whose edits do not collide with another's; the next pass sees
the new source (and the fixes that waited). A pass whose result would not parse is undone
and its fixes tried one at a time; a fix that breaks the source on its own is dropped and
reported, never written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Sequence, Set, Tuple

from f64lint.diagnostic import Diagnostic, Fix
from f64lint.fix.apply import apply_edits, compatible_fixes
from f64lint.fix.imports import drop_imports_left_unused
from f64lint.linter import ParseFailure, parse

# Passes are bounded: fixes of the same finding in a loop must not hang a run.
MAX_PASSES = 10

Lint = Callable[[str], List[Diagnostic]]


@dataclass
class FixOutcome:
    text: str
    remaining: List[Diagnostic]  # the findings in the final text
    fixed: List[Diagnostic] = field(default_factory=list)  # as found before their fix
    dropped: List[Diagnostic] = field(default_factory=list)  # their fix would break the file


def _parses(text: str) -> bool:
    return not isinstance(parse(text), ParseFailure)


def _signature(diagnostic: Diagnostic) -> Tuple[str, str, str]:
    """Recognises the same finding on a later pass, after lines have moved."""
    return diagnostic.code, diagnostic.message, diagnostic.flagged_text()


def _apply(text: str, fixes: Sequence[Fix]) -> str:
    return apply_edits(text, [edit for fix in fixes for edit in fix.edits])


def fix_source(text: str, diagnostics: List[Diagnostic], lint: Lint, wanted: Callable[[Diagnostic], bool]) -> FixOutcome:
    """`diagnostics` are `lint(text)`, already known."""
    outcome = FixOutcome(text, diagnostics)
    dropped: Set[Tuple[str, str, str]] = set()
    for _ in range(MAX_PASSES):
        candidates = [
            d for d in outcome.remaining
            if d.fix is not None and wanted(d) and _signature(d) not in dropped
        ]
        taken = set(map(id, compatible_fixes(d.fix for d in candidates if d.fix is not None)))
        chosen = [d for d in candidates if id(d.fix) in taken]
        if not chosen:
            break
        new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
        if not _parses(new):
            chosen = _each_alone(outcome, chosen, dropped)
            new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
            if not chosen or not _parses(new):
                chosen = chosen[:1]
                new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
        new = drop_imports_left_unused(outcome.text, new)
        if new == outcome.text:
            break
        outcome.fixed.extend(chosen)
        outcome.text = new
        outcome.remaining = lint(new)
    return outcome


def _each_alone(outcome: FixOutcome, chosen: List[Diagnostic], dropped: Set[Tuple[str, str, str]]) -> List[Diagnostic]:
    """The fixes that keep the source parseable on their own; the others are dropped."""
    kept = []
    for diagnostic in chosen:
        assert diagnostic.fix is not None
        if _parses(_apply(outcome.text, [diagnostic.fix])):
            kept.append(diagnostic)
        else:
            dropped.add(_signature(diagnostic))
            outcome.dropped.append(diagnostic)
    return kept
