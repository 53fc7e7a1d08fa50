"""Kept trace answers hold at the depths where every test of the depth comes out as it did
(analysis/semantic/traces.py): read there, worked out again elsewhere; and what reading
them across depths relies on (values hashed once, answers of a complete module)."""

from __future__ import annotations

from typing import Dict, List, Tuple

import pytest

from f64lint.analysis.evaluation.lattice import Dtype, Kind, Value
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.analysis.semantic.traces import Traces, kept
from f64lint.linter.lint import lint_source
from f64lint.workspace.selection import default_codes
from f64lint.workspace.settings import Settings


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


def _findings(text: str, name: str) -> List[Tuple[str, int, int, str]]:
    enabled = frozenset(default_codes())
    result = lint_source(f"{name}.py", text, enabled, Settings().severity_of, place=ModulePlace(name, ""))
    return sorted((d.code, d.start.line, d.start.column, d.severity.value) for d in result.diagnostics)


def test_a_fixture_that_takes_another_reads_its_device_once_all_are_read() -> None:
    """The device kinds worked out while a module's fixtures are read (which see only those
    read so far) are not kept for after: `d = device` is the parametrized MPS device."""
    text = "\n".join([
        "import numpy as np", "import pytest", "import torch", "",
        "def helper(dev):", "    x = torch.from_numpy(np.zeros(3))", "    x.to(dev)", "",
        "@pytest.fixture", "def other_device(device):", "    d = device", "    helper(d)",
        "    x = torch.from_numpy(np.zeros(3))", "    x.to(d)", "    return d", "",
        "@pytest.fixture(params=['mps'])", "def device(request):", "    return request.param", "",
    ])
    assert _findings(text, "test_fixtures") == [
        ("F64003", 6, 9, "error"), ("F64003", 13, 9, "error"), ("F64004", 7, 7, "error"), ("F64004", 14, 7, "error"),
    ]


def test_a_buffer_registered_without_a_value_is_not_read_for_its_name() -> None:
    """`register_buffer` with one argument registers nothing read: its name, a string
    Python rejects here, is not evaluated."""
    text = "\n".join([
        "import torch", "", "class M(torch.nn.Module):", "    def __init__(self):",
        '        self.register_buffer("\\N{BOGUS}")', "        self.w = torch.zeros(3, dtype=torch.float64)", "",
        "    def forward(self):", '        return self.w.to("mps")', "",
    ])
    assert [(code, line) for code, line, _, _ in _findings(text, "bogus")] == [("F64001", 6), ("F64004", 9)]
