"""Fingerprints that survive lines moving: what is flagged, not where it is."""

from __future__ import annotations

import hashlib
from collections import Counter
from typing import List, Sequence

from f64lint.diagnostic import Diagnostic


def fingerprints(diagnostics: Sequence[Diagnostic]) -> List[str]:
    """One per diagnostic: path, code and the flagged lines (whitespace-normalised), plus how
    many identical ones came before it in the file, so repeats stay distinct. The flagged
    text alone (`double()`) would say too little."""
    seen: Counter = Counter()
    prints = []
    for d in diagnostics:
        identity = (d.path, d.code, " ".join(" ".join(d.source_lines).split()) or d.message)
        occurrence = seen[identity]
        seen[identity] += 1
        digest = hashlib.sha256("\0".join((*identity, str(occurrence))).encode("utf-8"))
        prints.append(digest.hexdigest())
    return prints
