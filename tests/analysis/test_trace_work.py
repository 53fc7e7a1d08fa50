"""The work of the depth-bounded traces is bounded by the nodes times the depths
(analysis/semantic/traces.py), not by the paths to a node: each shape below took minutes
or hours before each trace's answers were kept per node and depth (the paths multiply
with every line or method), and gives the same findings and exports as it did then."""

from __future__ import annotations

from typing import List, Tuple

import pytest

from f64lint.analysis.semantic import traces
from f64lint.analysis.semantic.modules import ModulePlace
from f64lint.workspace.settings import Settings
from f64lint.linter.lint import Linted, lint_source
from f64lint.workspace.selection import default_codes

ENABLED = frozenset(default_codes()) | {"F64010"}


def linted(text: str, name: str) -> Linted:
    return lint_source(f"{name}.py", text, ENABLED, Settings().severity_of, place=ModulePlace(name, ""))


def found(text: str, name: str = "shape") -> Tuple[List[Tuple[str, int, int]], List[Tuple[str, bool, str, int]]]:
    """A module's findings (code, line, column) and exports (name, returned, made by, line)."""
    result = linted(text, name)
    findings = sorted((d.code, d.start.line, d.start.column) for d in result.diagnostics)
    return findings, [(e.name, e.returned, e.made_by, e.line) for e in result.exports]


def mu_law(lines: int) -> str:
    """NumPy companding arithmetic on a name reassigned line after line, in a method whose
    return the module's summary asks about (`Flow.float64_array`, and at each operation
    `_integer_range` from depth 0): 100 s at 10 lines before (22 s at 7, 49 s at 8)."""
    body = ["        x = np.sign(x) * np.log1p(mu * np.abs(x)) / np.log1p(mu) + x / mu - x * x"] * lines
    return "\n".join([
        "import numpy as np",
        "",
        "",
        "class Codec:",
        "    def __init__(self, mu=255):",
        "        self.mu = mu",
        "",
        "    def encode(self, x):",
        "        mu = self.mu",
        "        x = np.asarray(x)",
        *body,
        "        self.out = x",
        "        return x * np.linspace(-1.0, 1.0, 4)",
        "",
    ])


def running_total(methods: int, numpy: bool) -> str:
    """An attribute of `self` updated from itself in several methods: each read of it leads
    to all of its values again, up to the depth (`Flow.float64_array` following
    `self.<name>`, and for torch the CPU tracer of the time, which kept no unknown answer below depth
    0). Before: NumPy 25 s with 3 methods, over 5 min with 4; torch 14 s with 3, 249 s
    with 4."""
    if numpy:
        head = ["import numpy as np", "", "", "class Meter:", "    def __init__(self):",
                "        self.total = np.zeros(3, dtype=np.float32)", "        self.window = np.linspace(0.0, 1.0, 3)", ""]
        update = "        self.total = self.total * {} + np.asarray(x)"
        tail = ["    def value(self):", "        return self.total", ""]
    else:
        head = ["import torch", "", "", "class Scaler:", "    def __init__(self):", "        self.total = torch.ones(3)", ""]
        update = "        self.total = self.total * {} + x"
        tail = ["    def put(self, device):", "        return self.total.to(device).float()", "",
                "    def wide(self):", "        return self.total.double()", ""]
    body = []
    for index in range(methods):
        body += [f"    def update{index}(self, x):", update.format(0.5 + index / 100), ""]
    return "\n".join(head + body + tail)


def recursive_build(lines: int, width: int = 4) -> str:
    """A function that calls itself, with dtype-keeping work on the value it gets back:
    while its summary is being made, no value read from it is kept for good (`Flow.
    wide_value`), and each was worked out again on every path to it, `width` times more
    work with each line up to the depth (width 6: 71 s with 8 lines before)."""
    body = ["    y = torch.cat([" + ", ".join(["y"] * width) + "])"] * lines
    return "\n".join([
        "import torch",
        "",
        "",
        "def build(x, k):",
        "    if k == 0:",
        "        return x.double()",
        "    y = build(x, k - 1)",
        *body,
        "    return y",
        "",
        "",
        "def place(device):",
        "    return build(torch.ones(3), 4).to(device)",
        "",
    ])


def kept_on_the_cpu(lines: int) -> str:
    """A float64 tensor made of NumPy data and worked on line after line, each name read
    three times: `Containment` follows every read of every name it flows into (22 s with
    12 lines before, about 2.5 times more with each line)."""
    body, before = [], "t"
    for index in range(lines):
        body.append(f"    u{index} = {before} * {before} + {before}")
        before = f"u{index}"
    return "\n".join([
        "import numpy as np",
        "import torch",
        "",
        "",
        "def table(n):",
        "    t = torch.from_numpy(np.linspace(0.0, 1.0, n))",
        *body,
        f"    return {before}.float()",
        "",
    ])


@pytest.mark.timeout(2)
def test_mu_law_arithmetic_reassigned_line_after_line():
    # Read whole (a short module): `x / np.log1p(mu)` on the first line makes it float64.
    lines = 10
    assert found(mu_law(lines)) == ([], [("Codec.encode", True, "np.log1p", 12), ("Codec.out", False, "np.log1p", 12)])


@pytest.mark.timeout(2)
def test_an_attribute_updated_from_itself_in_several_methods_numpy():
    assert found(running_total(4, numpy=True)) == ([], [("Meter.window", False, "np.linspace", 7)])


@pytest.mark.timeout(2)
@pytest.mark.parametrize("methods", [4, 100])
def test_an_attribute_updated_from_itself_in_several_methods_torch(methods):
    wide = 12 + 3 * methods  # the line of `return self.total.double()`
    assert found(running_total(methods, numpy=False)) == (
        [("F64002", wide, 27)], [("Scaler.wide", True, ".double()", wide)]
    )


@pytest.mark.timeout(2)
def test_dtype_keeping_work_in_a_function_that_calls_itself():
    lines = 9
    assert found(recursive_build(lines, width=6)) == (
        [("F64002", 6, 18), ("F64004", 12 + lines, 36)],
        [("build", True, ".double()", 6), ("place", True, ".double()", 6)],
    )


@pytest.mark.timeout(2)
def test_a_value_kept_on_the_cpu_through_many_names():
    assert found(kept_on_the_cpu(14)) == ([], [])


def test_a_file_past_its_budget_of_steps_is_one_diagnostic(monkeypatch):
    monkeypatch.setattr(traces, "TRACE_STEPS", 20)
    result = linted(recursive_build(3), "shape")
    assert [(d.code, d.start.line, d.message) for d in result.diagnostics] == [
        ("F64901", 1, "too complex to check: its analysis took more than 20 steps"),
    ]
