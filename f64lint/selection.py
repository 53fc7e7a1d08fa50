"""Which rules run: `select`, `extend-select` and `ignore` by code or prefix.

As in Ruff, the most specific selector decides: `select = ["F64"]` with
`ignore = ["F640"]` and `extend-select = ["F64002"]` runs F64002 and F64100 but not F64001.
On a tie, `ignore` wins.
"""

from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, Iterable, Optional, Sequence, Tuple

from f64lint.rules import ALL_RULES

KNOWN_CODES: FrozenSet[str] = frozenset(rule.code for rule in ALL_RULES)
DEFAULT_CODES: FrozenSet[str] = frozenset(
    rule.code for rule in ALL_RULES if rule.enabled_by_default
)


class SelectorError(ValueError):
    pass


def check_selectors(selectors: Iterable[str], where: str) -> None:
    for selector in selectors:
        if not any(code.startswith(selector) for code in KNOWN_CODES):
            raise SelectorError(f"unknown rule code or prefix {selector!r} in {where}")


def _specificity(code: str, selectors: Sequence[str]) -> int:
    return max((len(s) for s in selectors if code.startswith(s)), default=-1)


@lru_cache(maxsize=64)
def resolve_codes(
    select: Optional[Tuple[str, ...]], extend_select: Tuple[str, ...], ignore: Tuple[str, ...]
) -> FrozenSet[str]:
    enabled = set()
    for code in KNOWN_CODES:
        if select is None:
            on = 0 if code in DEFAULT_CODES else -1
        else:
            on = _specificity(code, select)
        on = max(on, _specificity(code, extend_select))
        off = _specificity(code, ignore)
        if on >= 0 and on > off:
            enabled.add(code)
    return frozenset(enabled)


def without(codes: FrozenSet[str], ignored: Sequence[str]) -> FrozenSet[str]:
    return frozenset(code for code in codes if not any(code.startswith(s) for s in ignored))
