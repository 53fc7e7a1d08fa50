"""Results cached by file content: a file whose bytes, f64lint version and effective
settings are unchanged is not linted again. Entries are written atomically; an entry that
cannot be read (corrupt, half-written by a crashed run, removed meanwhile) is a miss."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, List, Optional

from f64lint import __version__
from f64lint.diagnostic import Applicability, Diagnostic, Edit, Fix, Position, Severity
from f64lint.fix.write import replace_file

CACHE_DIR_NAME = ".f64lint_cache"


def cache_key(data: bytes, enabled: Iterable[str], severities: Iterable[str]) -> str:
    digest = hashlib.sha256()
    digest.update(f"{__version__}\0{','.join(enabled)}\0{','.join(severities)}\0".encode())
    digest.update(data)
    return digest.hexdigest()


def _encode_fix(fix: Optional[Fix]) -> Optional[list]:
    if fix is None:
        return None
    edits = [[e.start.line, e.start.column, e.end.line, e.end.column, e.content] for e in fix.edits]
    return [fix.message, fix.applicability.value, edits, fix.threads, fix.deferred]


def _decode_fix(row: Optional[list]) -> Optional[Fix]:
    if row is None:
        return None
    message, applicability, edits, threads, deferred = row
    return Fix(
        message,
        Applicability(applicability),
        tuple(Edit(Position(a, b), Position(c, d), content) for a, b, c, d, content in edits),
        threads,
        deferred,
    )


def _encode(diagnostic: Diagnostic) -> list:
    return [
        diagnostic.code, diagnostic.name, diagnostic.start.line, diagnostic.start.column,
        diagnostic.end.line, diagnostic.end.column, diagnostic.severity.value, diagnostic.message,
        list(diagnostic.source_lines), diagnostic.noqa_line, _encode_fix(diagnostic.fix),
    ]


def _decode(path: str, row: list) -> Diagnostic:
    code, name, line, column, end_line, end_column, severity, message, lines, noqa_line, fix = row
    return Diagnostic(
        path, Position(line, column), Position(end_line, end_column), code, name, message,
        Severity(severity), tuple(lines), noqa_line, _decode_fix(fix),
    )


@dataclass(frozen=True)
class Cache:
    directory: Path

    def _entry(self, key: str) -> Path:
        return self.directory / __version__ / key[:2] / f"{key}.json"

    def get(self, key: str, path: str) -> Optional[List[Diagnostic]]:
        try:
            with open(self._entry(key), encoding="utf-8") as handle:
                return [_decode(path, row) for row in json.load(handle)]
        except (OSError, ValueError, TypeError, KeyError):
            return None

    def put(self, key: str, diagnostics: Iterable[Diagnostic]) -> None:
        entry = self._entry(key)
        try:
            self._prepare(entry.parent)
            # No fsync: an entry lost in a crash is only a miss.
            replace_file(entry, json.dumps([_encode(d) for d in diagnostics]).encode("utf-8"), sync=False)
        except OSError:
            pass  # a cache that cannot be written only costs time

    def _prepare(self, folder: Path) -> None:
        if folder.is_dir():
            return
        folder.mkdir(parents=True, exist_ok=True)
        marker = self.directory / ".gitignore"
        if not marker.exists():
            marker.write_text("# Created by f64lint\n*\n", encoding="utf-8")
            (self.directory / "CACHEDIR.TAG").write_text(
                "Signature: 8a477f597d28d172789f06886806bc55\n# Created by f64lint\n", encoding="utf-8"
            )
