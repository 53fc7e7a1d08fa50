"""Adopting f64lint on a large codebase need not start with fixing everything:

```
f64lint --write-baseline f64lint-baseline.json      # once: record today's findings
f64lint --baseline f64lint-baseline.json            # from now on: only new findings
```

Each entry is a code, a path (relative to the baseline file) and a fingerprint of the flagged
lines, not a line number: code moving up or down does not turn old findings into new ones,
and two identical findings in one file stay two entries. When entries no longer match any
finding, f64lint says how many were fixed, so the baseline can be rewritten and shrink.

Teams that prefer markers in the code run `f64lint --add-noqa` instead: each finding gets a
`# noqa: CODE` at the end of its statement (codes are merged into a `# noqa` already there).
The file keeps its encoding, BOM, line endings and permissions; it is written atomically,
only if it still parses, and not at all if it changed on disk since it was read. A second
run adds nothing.

The module: a baseline for legacy code: today's findings are recorded, later runs report only new
ones. Entries are matched by code, path and a fingerprint of the flagged lines, so they
survive code moving up or down."""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, List, Sequence, Tuple

from f64lint.diagnostic import Diagnostic
from f64lint.report.fingerprint import fingerprints
from f64lint.source.writing import replace_file

FORMAT = "f64lint-baseline/1"
Entry = Tuple[str, str, str]  # (path relative to the baseline's folder, code, fingerprint)


class BaselineError(Exception):
    """A baseline file that cannot be read or written: reported in one line, exit code 2."""


def _relative(path: str, folder: Path) -> str:
    return Path(os.path.relpath(os.path.abspath(path), folder)).as_posix()


def _entries(diagnostics: Sequence[Diagnostic], folder: Path) -> List[Entry]:
    def path_of(d: Diagnostic) -> str:
        return _relative(d.path, folder)

    prints = fingerprints(diagnostics, path_of)
    return [(path_of(d), d.code, fingerprint) for d, fingerprint in zip(diagnostics, prints)]


def write(path: Path, diagnostics: Sequence[Diagnostic]) -> None:
    folder = Path(os.path.abspath(path)).parent
    entries = sorted(_entries(diagnostics, folder))
    document = {
        "format": FORMAT,
        "findings": [{"path": p, "code": c, "fingerprint": f} for p, c, f in entries],
    }
    try:
        replace_file(path, (json.dumps(document, indent=2) + "\n").encode("utf-8"))
    except OSError as error:
        raise BaselineError(f"cannot write the baseline {path}: {error.strerror or error}") from None


@dataclass(frozen=True)
class Baseline:
    folder: Path
    entries: Counter

    @classmethod
    def load(cls, path: Path) -> "Baseline":
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
            if document.get("format") != FORMAT:
                raise ValueError(f"not an {FORMAT} file")
            entries = Counter((e["path"], e["code"], e["fingerprint"]) for e in document["findings"])
        except OSError as error:
            raise BaselineError(f"cannot read the baseline {path}: {error.strerror or error}") from None
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise BaselineError(f"{path} is not a valid f64lint baseline: {error}") from None
        return cls(Path(os.path.abspath(path)).parent, entries)

    def filter(self, diagnostics: Sequence[Diagnostic], checked: Iterable[str]) -> Tuple[List[Diagnostic], int]:
        """The findings not in the baseline, and how many entries for the checked files no
        finding matches any more (they were fixed)."""
        remaining = Counter(self.entries)
        new: List[Diagnostic] = []
        for d, entry in zip(diagnostics, _entries(diagnostics, self.folder)):
            if remaining[entry] > 0:
                remaining[entry] -= 1
            else:
                new.append(d)
        checked_paths = {_relative(path, self.folder) for path in checked}
        fixed = sum(count for (path, _, _), count in remaining.items() if path in checked_paths)
        return new, fixed
