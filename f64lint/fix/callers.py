"""After thread-dtype gave module-level functions a `dtype` parameter, callers in the other
files of the run pass theirs on: `sincos(h, w)` becomes `sincos(h, w, dtype=dtype)` in a
function that has a `dtype` parameter. Callees are recognised by the names the caller's
imports bind (`from pkg.embeddings import sincos`, `from .embeddings import sincos`,
`import pkg.embeddings as emb; emb.sincos(...)`)."""

from __future__ import annotations

from pathlib import Path
from typing import FrozenSet, List, Optional

from f64lint.analysis.domain.library import STAR_EXPORTS
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.analysis.semantic.walk import walk
from f64lint.diagnostic import Edit
from f64lint.fix.apply import apply_edits
from f64lint.fix.edits import EditMaker
from f64lint.fix.functions import can_take_dtype, dtype_parameter
from f64lint.source.parsing import ParseFailure, parse


def pass_dtype_on(text: str, path: Path, threaded: FrozenSet[str]) -> Optional[str]:
    """`text` with `dtype=dtype` added where a function with a `dtype` parameter calls one
    of `threaded` (qualified names); None when nothing changes."""
    module = parse(text)
    if isinstance(module, ParseFailure):
        return None
    place = ModulePlace.of(path)
    facts = walk(module, module_name=place.name, package=place.package, star_exports=STAR_EXPORTS)
    maker: Optional[EditMaker] = None
    edits: List[Edit] = []
    for call in facts.calls:
        if facts.qualified_name(call.func) not in threaded or not can_take_dtype(call):
            continue
        caller = facts.enclosing_function(call)
        if caller is None or dtype_parameter(caller) is None:
            continue
        maker = maker or EditMaker(facts)
        edits.append(maker.add_keyword_argument(call, "dtype=dtype"))
    if not edits:
        return None
    new = apply_edits(text, edits)
    return new if not isinstance(parse(new), ParseFailure) else None
