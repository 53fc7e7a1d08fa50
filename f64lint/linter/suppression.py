"""`# noqa` comments: which diagnostics they silence, and which of them silence nothing."""

from __future__ import annotations

import io
import re
import tokenize
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Set, Tuple

from f64lint.diagnostic import Diagnostic
from f64lint.source.masking import comments

_CODES = r"[A-Z]+[0-9]+(?:[\s,]+[A-Z]+[0-9]+)*"
# `noqa` must end the word: a hash, then "noqa`-style comments" in prose, is not a directive.
LINE_NOQA = re.compile(rf"#\s*noqa(?::\s*(?P<codes>{_CODES}))?(?=[\s:,]|$)", re.IGNORECASE)
_FILE_NOQA = re.compile(rf"#\s*f64lint:\s*noqa(?::\s*(?P<codes>{_CODES}))?(?=[\s:,]|$)", re.IGNORECASE)
OUR_PREFIX = "F64"


@dataclass
class Directive:
    """One noqa comment. `codes` is None for a blanket `# noqa`."""

    line: int
    column: int  # 1-based, where the `#` of the directive is
    codes: Optional[Tuple[str, ...]]
    file_level: bool = False
    used: Set[str] = field(default_factory=set)

    def silences(self, code: str) -> bool:
        return self.codes is None or code in self.codes


def _codes(text: Optional[str]) -> Optional[Tuple[str, ...]]:
    if text is None:
        return None
    return tuple(code.upper() for code in re.split(r"[\s,]+", text.strip()) if code)


def parse_directives(source: str) -> List[Directive]:
    """The noqa directives in a source's comments (never in its strings)."""
    if "noqa" not in source.lower():
        return []
    found = comments(source)
    if found is None:
        return _tokenized_directives(source)
    directives: List[Directive] = []
    line, counted = 1, 0  # the line the text is counted to, and where
    for offset, text in found:
        if "noqa" not in text.lower():
            continue
        line_start = source.rfind("\n", counted, offset) + 1 or counted
        line += source.count("\n", counted, line_start)
        counted = line_start
        directive = _directive(text, line, offset - line_start)
        if directive is not None:
            directives.append(directive)
    return directives


def _tokenized_directives(source: str) -> List[Directive]:
    """The directives of a source whose strings only Python's tokenizer delimits surely (an
    f-string with quotes inside its fields)."""
    directives: List[Directive] = []
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if token.type == tokenize.COMMENT:
                directive = _directive(token.string, *token.start)
                if directive is not None:
                    directives.append(directive)
    except (tokenize.TokenError, SyntaxError):
        # LibCST accepted the file, so this is a tokenizer corner case: keep what was found.
        pass
    return directives


def _directive(comment: str, line: int, column: int) -> Optional[Directive]:
    """The directive a comment (starting at this 1-based line, 0-based column) holds."""
    file_match = _FILE_NOQA.search(comment)
    if file_match is not None:
        return Directive(line, column + file_match.start() + 1, _codes(file_match.group("codes")), file_level=True)
    match = LINE_NOQA.search(comment)
    if match is not None:
        return Directive(line, column + match.start() + 1, _codes(match.group("codes")))
    return None


def apply_suppressions(
    diagnostics: Iterable[Diagnostic],
    directives: Sequence[Directive],
    enabled_codes: FrozenSet[str],
    known_codes: FrozenSet[str],
) -> Tuple[List[Diagnostic], List[Tuple[Directive, str]]]:
    """Drop silenced diagnostics. Returns what remains and, for each directive that silenced
    nothing it names, a description of what is unused in it."""
    by_line: Dict[int, List[Directive]] = {}
    file_level = [d for d in directives if d.file_level]
    for directive in directives:
        if not directive.file_level:
            by_line.setdefault(directive.line, []).append(directive)

    kept: List[Diagnostic] = []
    for diagnostic in diagnostics:
        lines = {diagnostic.start.line, diagnostic.noqa_line or diagnostic.start.line}
        silencer = _silencer(diagnostic.code, lines, file_level, by_line)
        if silencer is None:
            kept.append(diagnostic)
        else:
            silencer.used.add(diagnostic.code)
    return kept, list(_unused(directives, enabled_codes, known_codes))


def _silencer(
    code: str,
    lines: Set[int],
    file_level: Sequence[Directive],
    by_line: Dict[int, List[Directive]],
) -> Optional[Directive]:
    for directive in file_level:
        if directive.silences(code):
            return directive
    for line in sorted(lines):
        for directive in by_line.get(line, ()):
            if directive.silences(code):
                return directive
    return None


def _unused(
    directives: Sequence[Directive], enabled: FrozenSet[str], known: FrozenSet[str]
) -> Iterable[Tuple[Directive, str]]:
    for directive in directives:
        if directive.codes is None:
            # A bare noqa comment may be meant for another linter; only our file-level one counts.
            if directive.file_level and not directive.used:
                yield directive, "file-level `# f64lint: noqa` silences nothing"
            continue
        ours = [c for c in directive.codes if c.startswith(OUR_PREFIX)]
        unknown = [c for c in ours if c not in known]
        unused = [c for c in ours if c in known and c in enabled and c not in directive.used]
        parts = []
        if unused:
            parts.append("unused: " + ", ".join(unused))
        if unknown:
            parts.append("unknown: " + ", ".join(unknown))
        if parts:
            yield directive, f"`noqa` directive silences nothing ({'; '.join(parts)})"

