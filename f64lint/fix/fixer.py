"""Fix one file's source: apply the wanted fixes, lint again, repeat until nothing changes.

A pass applies every fix whose edits do not collide with another's; the next pass sees
the new source (and the fixes that waited). A pass whose result would not parse is undone
and its fixes tried one at a time; a fix that breaks the source on its own is dropped and
reported, never written. So is a fix after which its finding is still there: the pass is
undone and done again without it, so that no fix is applied over and over.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Callable, List, Optional, Sequence, Set, Tuple

from f64lint.diagnostic import Diagnostic, Fix
from f64lint.fix.apply import apply_edits, compatible_fixes
from f64lint.fix.imports import drop_imports_left_unused
from f64lint.fix.layout import within_line_length
from f64lint.source.decoding import python_accepts

# Passes are bounded: fixes of the same finding in a loop must not hang a run.
MAX_PASSES = 10

Lint = Callable[[str], List[Diagnostic]]


@dataclass
class FixOutcome:
    text: str
    remaining: List[Diagnostic]  # the findings in the final text
    # As found before their fix; with those that went away with another's fix.
    fixed: List[Diagnostic] = field(default_factory=list)
    # Fixes not applied: they would break the file, or leave their finding in place.
    dropped: List[Tuple[Diagnostic, str]] = field(default_factory=list)


def _signature(diagnostic: Diagnostic) -> Tuple[str, str, str]:
    """Recognises the same finding on a later pass, after lines have moved."""
    return diagnostic.code, diagnostic.message, diagnostic.flagged_text()


def _apply(text: str, fixes: Sequence[Fix]) -> str:
    return apply_edits(text, [edit for fix in fixes for edit in fix.edits])


def fix_source(
    text: str, diagnostics: List[Diagnostic], lint: Lint, wanted: Callable[[Diagnostic], bool],
    line_length: Optional[int] = None,
) -> FixOutcome:
    """`diagnostics` are `lint(text)`, already known. With `line_length`, statements the
    fixes made longer than it are laid out again (fix/layout.py)."""
    outcome = _fixed(text, diagnostics, lint, wanted)
    if line_length is not None and outcome.text != text:
        laid_out = within_line_length(text, outcome.text, line_length)
        if laid_out != outcome.text and python_accepts(laid_out):
            outcome.remaining = lint(laid_out)
            outcome.text = laid_out
    return outcome


def _fixed(
    text: str, diagnostics: List[Diagnostic], lint: Lint, wanted: Callable[[Diagnostic], bool]
) -> FixOutcome:
    outcome = FixOutcome(text, diagnostics)
    dropped: Set[Tuple[str, str, str]] = set()
    for _ in range(MAX_PASSES):
        fixable = [d for d in outcome.remaining if d.fix is not None and wanted(d) and _signature(d) not in dropped]
        candidates = fixable
        if any(d.fix is not None and not d.fix.deferred for d in candidates):
            candidates = [d for d in candidates if d.fix is not None and not d.fix.deferred]
        taken = set(map(id, compatible_fixes(d.fix for d in candidates if d.fix is not None)))
        chosen = [d for d in candidates if id(d.fix) in taken]
        if not chosen:
            break
        new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
        if not python_accepts(new):
            chosen = _each_alone(outcome, chosen, dropped)
            new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
            if not chosen or not python_accepts(new):
                chosen = chosen[:1]
                new = _apply(outcome.text, [d.fix for d in chosen if d.fix is not None])
        new = drop_imports_left_unused(outcome.text, new)
        if new == outcome.text:
            break
        remaining = lint(new)
        futile = _still_there(chosen, outcome.remaining, remaining)
        if futile:
            for diagnostic in futile:
                dropped.add(_signature(diagnostic))
                outcome.dropped.append((diagnostic, "the finding was still there after it"))
            continue
        outcome.fixed.extend(chosen)
        outcome.fixed.extend(_gone_with(chosen, fixable, outcome.remaining, remaining))
        outcome.text = new
        outcome.remaining = remaining
    return outcome


def _still_there(chosen: List[Diagnostic], before: List[Diagnostic], after: List[Diagnostic]) -> List[Diagnostic]:
    """The fixed findings that the new source still has as often as before."""
    count_before = Counter(map(_signature, before))
    count_after = Counter(map(_signature, after))
    return [d for d in chosen if count_after[_signature(d)] >= count_before[_signature(d)]]


def _gone_with(
    chosen: List[Diagnostic], fixable: List[Diagnostic], before: List[Diagnostic], after: List[Diagnostic]
) -> List[Diagnostic]:
    """The findings with a wanted fix that a pass's fixes made go away without applying
    theirs (a move of a float64 value, fixed at its source): fixed all the same, so that
    what `--fix` reports matches what it announced."""
    gone = Counter(map(_signature, before))
    gone.subtract(Counter(map(_signature, after)))
    gone.subtract(Counter(map(_signature, chosen)))
    taken = set(map(id, chosen))
    found = []
    for diagnostic in fixable:
        signature = _signature(diagnostic)
        if id(diagnostic) not in taken and gone[signature] > 0:
            gone[signature] -= 1
            found.append(diagnostic)
    return found


def _each_alone(outcome: FixOutcome, chosen: List[Diagnostic], dropped: Set[Tuple[str, str, str]]) -> List[Diagnostic]:
    """The fixes that keep the source parseable on their own; the others are dropped."""
    kept = []
    for diagnostic in chosen:
        assert diagnostic.fix is not None
        if python_accepts(_apply(outcome.text, [diagnostic.fix])):
            kept.append(diagnostic)
        else:
            dropped.add(_signature(diagnostic))
            outcome.dropped.append((diagnostic, "the fixed file would not parse"))
    return kept
