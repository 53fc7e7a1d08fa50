"""Kept trace answers hold at the depths where every test of the depth comes out as it did
(analysis/semantic/traces.py): read there, worked out again elsewhere."""

from __future__ import annotations

from typing import Dict, List, Tuple

import pytest

from f64lint.analysis.evaluation.lattice import Dtype, Kind, Value
from f64lint.analysis.semantic.traces import Traces, kept


class Chain:
    """A trace down a chain of names (`links`), bounded at depth 3: its answer is the names
    it reached, so an answer read at the wrong depth shows."""

    def __init__(self, links: Dict[str, str]) -> None:
        self.links = links
        self.traces = Traces()
        self.worked: List[Tuple[str, int]] = []

    @kept
    def reached(self, name: str, depth: int = 0) -> Tuple[str, ...]:
        self.worked.append((name, depth))
        if self.traces.beyond(depth, 3):
            return ()
        after = self.links.get(name)
        return (name, *self.reached(after, depth + 1)) if after is not None else (name,)


def test_an_answer_that_never_met_the_bound_is_read_at_every_depth_it_holds_at() -> None:
    chain = Chain({"a": "b", "b": "c"})
    assert chain.reached("a") == ("a", "b", "c")
    assert chain.worked == [("a", 0), ("b", 1), ("c", 2)]
    assert chain.reached("b", 0) == ("b", "c")  # c at depth 1 now: the same answer
    assert chain.reached("c", 3) == ("c",)
    assert chain.worked == [("a", 0), ("b", 1), ("c", 2)]
    assert chain.traces.steps == 3


def test_an_answer_is_worked_out_again_where_a_test_of_the_depth_comes_out_otherwise() -> None:
    chain = Chain({"a": "b", "b": "c"})
    assert chain.reached("b", 0) == ("b", "c")  # holds from depth 0 to 2: c is read by depth 3
    assert chain.reached("b", 3) == ("b",)  # c past the bound
    assert chain.worked == [("b", 0), ("c", 1), ("b", 3), ("c", 4)]
    assert chain.reached("b", 2) == ("b", "c")
    assert chain.reached("b", 5) == ()
    assert chain.worked[-1] == ("b", 5)


def test_a_cycle_is_followed_to_the_bound_once_per_depth_it_is_met_at() -> None:
    chain = Chain({"a": "b", "b": "a"})
    assert chain.reached("a") == ("a", "b", "a", "b")
    assert chain.reached("b", 1) == ("b", "a", "b")
    assert chain.worked == [("a", 0), ("b", 1), ("a", 2), ("b", 3), ("a", 4)]


@pytest.mark.timeout(10)
def test_values_that_share_what_they_nest_are_hashed_once_each() -> None:
    """A key of the evaluator's answers holds values (a call's context): hashed afresh, a
    value whose element and possible array are the value below took once per path to
    the bottom, 2 ** 60 here (pandas' frame.py ran for over 40 minutes)."""
    value = Value(Kind.NDARRAY, Dtype.FLOAT64)
    for _ in range(60):
        value = Value(Kind.CONTAINER, element=value, may_be=value)
    same = Value(Kind.CONTAINER, element=value.element, may_be=value.may_be)
    assert hash(value) == hash(same) and value == same
    assert {value: 1}[same] == 1
