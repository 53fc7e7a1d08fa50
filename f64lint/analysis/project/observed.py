"""What the project's tests saw at run time (`pytest --mps-emulation`, f64lint/observed.py),
placed in one module: the lines where values they saw reach MPS as float64 were made."""

from __future__ import annotations

from typing import Dict, Iterable, List, Tuple

from f64lint.analysis.syntax.positions import source_lines
from f64lint.observed import Observation


class Observed:
    """The observations of values made in one module."""

    def __init__(self, observations: Iterable[Observation] = ()) -> None:
        self.observations = tuple(observations)

    def __bool__(self) -> bool:
        return bool(self.observations)

    def made_at(self, source: str) -> Dict[int, List[Tuple[str, Tuple[str, ...]]]]:
        """By line of the module as it reads now: what made a value seen wide there (`call`,
        `torch.from_numpy`), with the tests that saw it. An observation is at its own line
        when that reads as it did, else at the one line that does; with none or several, it
        no longer matches the code and is dropped."""
        if not self.observations:
            return {}
        lines = [line.strip() for line in source_lines(source)]
        placed: Dict[int, List[Tuple[str, Tuple[str, ...]]]] = {}
        for observation in self.observations:
            made = observation.made
            line = made.line
            if not (0 < line <= len(lines) and lines[line - 1] == made.code):
                same = [number for number, text in enumerate(lines, 1) if text == made.code]
                if len(same) != 1:
                    continue
                line = same[0]
            placed.setdefault(line, []).append((observation.call, observation.tests))
        return placed
