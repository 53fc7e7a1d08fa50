"""Small sources with a marked expression: `# <-` at the end of a line marks the last call
on it (the outermost one that ends last), for tests of one analysis fact."""

from __future__ import annotations

import textwrap
from typing import Tuple

from f64lint.analysis.flow.analysis import Analysis, analyse
from f64lint.analysis.project.exports import Imported
from f64lint.cst import cst

MARK = "# <-"


def analysed(source: str, module_name: str = "", package: str = "", imported: Imported = Imported()) -> Analysis:
    text = textwrap.dedent(source).lstrip("\n")
    module = cst.parse_module(text)
    return analyse(module, text=text, module_name=module_name or None, package=package or None, imported=imported)


def marked_call(source: str, **where: str) -> Tuple[Analysis, cst.Call]:
    """The analysis of a source and the call on its marked line that ends last."""
    analysis = analysed(source, **where)
    facts = analysis.facts
    lines = facts.source.splitlines()
    marked = [number for number, line in enumerate(lines, 1) if line.rstrip().endswith(MARK)]
    assert len(marked) == 1, "mark exactly one line"
    on_line = [call for call in facts.calls if facts.positions[call].start.line == marked[0]]
    assert on_line, "no call on the marked line"
    return analysis, max(on_line, key=lambda call: (facts.positions[call].end.column, -facts.positions[call].start.column))
