"""`--add-noqa`: silence today's findings with `# noqa: CODE` comments in the code."""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import AbstractSet, Dict, List, Optional, Sequence, Set, Tuple, cast

from f64lint.diagnostic import Diagnostic
from f64lint.linter.suppression import LINE_NOQA, parse_directives
from f64lint.source.decoding import Unreadable, decode, python_accepts, read_bytes
from f64lint.source.notebook import Notebook, is_notebook, read_notebook
from f64lint.source.writing import write_atomically

_LINES_WITH_ENDINGS = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


@dataclass
class NoqaReport:
    added: int = 0
    files: int = 0
    problems: List[str] = field(default_factory=list)


def with_noqa(text: str, codes_by_line: Dict[int, Set[str]]) -> Tuple[str, int]:
    """The text with the codes added to (or merged into) each line's noqa comment, and how
    many codes were added."""
    lines = _LINES_WITH_ENDINGS.findall(text)
    existing = {d.line: d for d in parse_directives(text) if not d.file_level}
    added = 0
    for number, codes in codes_by_line.items():
        if not 0 < number <= len(lines):
            continue
        line = lines[number - 1]
        body = line.rstrip("\r\n")
        ending = line[len(body):]
        directive = existing.get(number)
        if directive is not None and directive.codes is not None:
            start = directive.column - 1
            # The directive was parsed from this comment at this column: its pattern matches there.
            match = cast("re.Match[str]", LINE_NOQA.match(body, start))
            new_codes = sorted(codes - set(directive.codes))
            merged = list(directive.codes) + new_codes
            body = body[:start] + f"# noqa: {', '.join(merged)}" + body[match.end():]
            added += len(new_codes)
        elif directive is None:
            body = f"{body.rstrip()}  # noqa: {', '.join(sorted(codes))}"
            added += len(codes)
        lines[number - 1] = body + ending
    return "".join(lines), added


def add_noqa(diagnostics: Sequence[Diagnostic], whole_file_codes: AbstractSet[str]) -> NoqaReport:
    """Add a `# noqa` for every finding that is about a line (not a whole file)."""
    by_file: Dict[str, Dict[Tuple[Optional[int], int], Set[str]]] = defaultdict(lambda: defaultdict(set))
    for d in diagnostics:
        if d.code not in whole_file_codes:
            by_file[d.path][d.cell, d.noqa_line or d.start.line].add(d.code)
    report = NoqaReport()
    for path, codes_by_cell_line in sorted(by_file.items()):
        data = read_bytes(Path(path))
        source = (read_notebook(data) if is_notebook(path) else decode(data)) if isinstance(data, bytes) else data
        if isinstance(source, Unreadable):
            report.problems.append(f"{path}: {source.reason}")
            continue
        assert isinstance(data, bytes)
        if isinstance(source, Notebook):  # the lines are the cells': those of the module they make
            by_line = source.module_lines(codes_by_cell_line)
        else:
            by_line = {line: codes for (_, line), codes in codes_by_cell_line.items()}
        new_text, added = with_noqa(source.text, by_line)
        if not added:
            continue
        if not python_accepts(new_text):
            report.problems.append(f"{path}: adding noqa comments would break the file; left alone")
            continue
        new = source.with_text(new_text) if isinstance(source, Notebook) else new_text.encode(source.encoding)
        if isinstance(new, Unreadable):
            report.problems.append(f"{path}: {new.reason}")
            continue
        problem = write_atomically(Path(path), data, new)
        if problem is not None:
            report.problems.append(f"{path}: {problem}")
            continue
        report.added += added
        report.files += 1
    return report
