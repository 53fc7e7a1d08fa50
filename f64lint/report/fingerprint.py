"""Fingerprints that survive lines moving: what is flagged, not where it is."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import Callable, List, Sequence

from f64lint.diagnostic import Diagnostic


def fingerprints(
    diagnostics: Sequence[Diagnostic], path_of: Callable[[Diagnostic], str] = lambda d: d.path
) -> List[str]:
    """One per diagnostic: path, code and the flagged lines (whitespace-normalised), plus how
    many identical ones came before it in the file, so repeats stay distinct. The flagged
    text alone (`double()`) would say too little. `path_of` names the file the way the
    caller stores it (a baseline, relative to itself), so the current directory does not
    matter."""
    seen: Counter = Counter()
    prints = []
    for d in diagnostics:
        identity = (path_of(d), d.code, " ".join(" ".join(d.source_lines).split()) or d.message)
        occurrence = seen[identity]
        seen[identity] += 1
        digest = hashlib.sha256("\0".join((*identity, str(occurrence))).encode("utf-8"))
        prints.append(digest.hexdigest())
    return prints
