"""The entries of a module-level literal (a table of ops or signatures) that nothing
float64 can come from."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Optional, Tuple

from f64lint.linter.narrowing.lines import CLOSING, Statement, opened
from f64lint.linter.narrowing.reading import Reading

# `name = [` or `name: Annotation = {`: one name bound to the whole literal (an unpacking
# target would be matched element by element, so its entries must all stay).
_LITERAL_START = re.compile(r"[A-Za-z_][\w.]*\s*(?::[^=]*)?=\s*[\[({]$")
# A literal opened last on a line inside an entry: a keyword argument's value (`skips=(`),
# a dict value, an element; not a call, a subscript or a comparison (`in (`).
_NESTED_LITERAL = re.compile(r"(?:^|\w=|[(\[{,:])\s*[\[({]$")


def entries_left_out(statement: Statement, reading: Reading) -> List[Tuple[int, int]]:
    """(first, last) line of the entries of a module-level literal (`op_db = [`, its opening
    bracket last on the first line, bound to one name) that nothing can come from."""
    opening = reading.structure_lines[statement.first].rstrip()
    if not _LITERAL_START.fullmatch(opening) or opened(opening) != 1:
        return []
    return _Entries(reading).left_out(statement.first)[0]


@dataclass
class _Entries:
    """The entries of literals, by line. An entry runs to a line that ends with a comma
    outside its own brackets, so a span holds whole entries (several on a line, or one over
    many); one that runs into the closing bracket stays. Inside an entry that stays, the
    literals opened last on a line (`skips=(`, `"key": [`) are narrowed the same way."""

    reading: Reading

    def left_out(self, opening: int) -> Tuple[List[Tuple[int, int]], int]:
        """The entries left out of the literal whose bracket opens last on line `opening`,
        and the line it closes on."""
        left_out: List[Tuple[int, int]] = []
        start: Optional[int] = None
        depth = 1
        number = opening
        for number in range(opening + 1, len(self.reading.structure_lines)):
            line = self.reading.structure_lines[number].rstrip()
            if start is None:
                if not line:
                    continue
                if CLOSING.match(line.lstrip()):
                    break
                start = number
            depth += opened(line)
            if depth < 1:
                break
            if depth == 1 and line.endswith(","):
                if self.reading.matters("\n".join(self.reading.code_lines[start : number + 1])):
                    left_out.extend(self._inside(start, number))
                else:
                    left_out.append((start, number))
                start = None
        return left_out, number

    def _inside(self, first: int, last: int) -> List[Tuple[int, int]]:
        found: List[Tuple[int, int]] = []
        number = first
        while number < last:
            if _NESTED_LITERAL.search(self.reading.structure_lines[number].rstrip()):
                spans, number = self.left_out(number)
                found.extend(spans)
            number += 1
        return found
