"""Which rules could fire on a source, judged from its text: a file that no rule could fire
on is never parsed, and parsing is nearly all of the cost.

Each rule names the text it cannot fire without (`Rule.required`, rules/patterns.py). The
source is tried first as it is; when some rule's text is there, it is tried again on the
source's code alone (source/masking.py: comments removed, long strings emptied), since
`double` or `float64` in prose is what most files that pass the first look have.
"""

from __future__ import annotations

from typing import List, Protocol, Sequence, TypeVar

from f64lint.rules.patterns import TextPattern
from f64lint.source.masking import code_text


class MayFire(Protocol):
    """A rule class, as far as the prefilter knows it (rules/base.py)."""

    @property
    def required(self) -> Sequence["TextPattern"]: ...

    @classmethod
    def may_fire(cls, source: str) -> bool: ...


R = TypeVar("R", bound=MayFire)


def rules_that_may_fire(rules: Sequence[R], source: str) -> List[R]:
    candidates = [rule for rule in rules if rule.may_fire(source)]
    if not candidates or all(not rule.required for rule in candidates):
        return candidates
    code = code_text(source)
    return [rule for rule in candidates if rule.may_fire(code)]
