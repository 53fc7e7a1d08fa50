"""The one registry of rules: every `Rule` subclass defined in a module of this package."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Dict, List, Type

from f64lint.rules.base import Rule


def _discover() -> List[Type[Rule]]:
    found: Dict[str, Type[Rule]] = {}
    for module_info in pkgutil.iter_modules(__path__):
        module = importlib.import_module(f"{__name__}.{module_info.name}")
        for value in vars(module).values():
            if isinstance(value, type) and issubclass(value, Rule) and "code" in vars(value):
                found[value.code] = value
    return [found[code] for code in sorted(found)]


ALL_RULES: List[Type[Rule]] = _discover()
RULES_BY_CODE: Dict[str, Type[Rule]] = {rule.code: rule for rule in ALL_RULES}
