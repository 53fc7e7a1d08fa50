"""Which rules run: `select`, `extend-select` and `ignore` by code or prefix.

As in Ruff, the most specific selector decides: `select = ["F64"]` with
`ignore = ["F640"]` and `extend-select = ["F64002"]` runs F64002 and F64100 but not F64001.
On a tie, `ignore` wins.
"""

from __future__ import annotations

from functools import lru_cache
from typing import FrozenSet, Iterable, Optional, Sequence, Tuple

# Every rule's code, written out: checking a configuration's selectors then loads no rule
# (tests/workspace/test_config.py holds it to the rules themselves).
_CODES = frozenset({
    "F64001", "F64002", "F64003", "F64004", "F64005", "F64006", "F64007", "F64008", "F64009",
    "F64010", "F64011", "F64100", "F64901", "F64902",
})


def known_codes() -> FrozenSet[str]:
    return _CODES


@lru_cache(maxsize=1)
def default_codes() -> FrozenSet[str]:
    """The codes of the rules on by default. The rules are loaded on the first call, not
    when the settings are read: a run whose files all come from the cache never loads them."""
    from f64lint.rules import ALL_RULES

    return frozenset(rule.code for rule in ALL_RULES if rule.enabled_by_default)


class SelectorError(ValueError):
    pass


def check_selectors(selectors: Iterable[str], where: str) -> None:
    for selector in selectors:
        if not any(code.startswith(selector) for code in known_codes()):
            raise SelectorError(f"unknown rule code or prefix {selector!r} in {where}")


def _specificity(code: str, selectors: Sequence[str]) -> int:
    return max((len(s) for s in selectors if code.startswith(s)), default=-1)


@lru_cache(maxsize=64)
def resolve_codes(
    select: Optional[Tuple[str, ...]], extend_select: Tuple[str, ...], ignore: Tuple[str, ...]
) -> FrozenSet[str]:
    enabled = set()
    for code in known_codes():
        on = (0 if code in default_codes() else -1) if select is None else _specificity(code, select)
        if _chosen(on, code, extend_select, ignore):
            enabled.add(code)
    return frozenset(enabled)


def is_selected(code: str, select: Tuple[str, ...], extend_select: Tuple[str, ...], ignore: Tuple[str, ...]) -> bool:
    """Is one code selected, `select` given? (Unlike `resolve_codes`, it loads no rule.)"""
    return _chosen(_specificity(code, select), code, extend_select, ignore)


def _chosen(on: int, code: str, extend_select: Tuple[str, ...], ignore: Tuple[str, ...]) -> bool:
    on = max(on, _specificity(code, extend_select))
    return on >= 0 and on > _specificity(code, ignore)


def without(codes: FrozenSet[str], ignored: Sequence[str]) -> FrozenSet[str]:
    return frozenset(code for code in codes if not any(code.startswith(s) for s in ignored))
