"""Where the lines of a text went in its fixed text, and where a line of the fixed text
came from: a pass's findings are found in the text that pass made, and are told where they
were in the text the user wrote."""

from __future__ import annotations

import difflib
from typing import Iterator, List, Tuple


class LineMap:
    """The lines of `before` matched to those of `after` (1-based line numbers)."""

    def __init__(self, before: str, after: str) -> None:
        matcher = difflib.SequenceMatcher(None, before.splitlines(), after.splitlines(), autojunk=False)
        # (first old, end old, first new, end new, kept unchanged), 0-based, ends excluded.
        self._blocks: List[Tuple[int, int, int, int, bool]] = [
            (old, old_end, new, new_end, tag == "equal")
            for tag, old, old_end, new, new_end in matcher.get_opcodes()
        ]

    def forward(self, line: int) -> Tuple[int, int]:
        """The lines of `after` (first, last) that line `line` of `before` became: itself
        when it is unchanged, else the lines that replaced its block (last < first when the
        block was deleted)."""
        index = line - 1
        for old, old_end, new, new_end, unchanged in self._blocks:
            if old <= index < old_end:
                if unchanged:
                    return (new + index - old + 1,) * 2
                return new + 1, new_end
        return line, line

    def back(self, line: int) -> int:
        """The line of `before` that line `line` of `after` came from: itself when it is
        unchanged, else the line of the replaced block at the same offset (its last when the
        new block is longer, the line before an insertion when nothing was replaced)."""
        index = line - 1
        for old, old_end, new, new_end, unchanged in self._blocks:
            if new <= index < new_end:
                if unchanged:
                    return old + index - new + 1
                if old_end == old:
                    return max(old, 1)
                return old + min(index - new, old_end - old - 1) + 1
        return line

    def replaced(self) -> Iterator[Tuple[range, range]]:
        """Each block of changed lines: the line numbers of `before` it replaced (empty for
        an insertion) and those of `after` that replaced them (empty for a deletion)."""
        for old, old_end, new, new_end, unchanged in self._blocks:
            if not unchanged:
                yield range(old + 1, old_end + 1), range(new + 1, new_end + 1)
