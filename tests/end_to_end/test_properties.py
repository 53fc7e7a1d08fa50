"""Property tests: for generated programs, linting never raises, and `--fix` output parses,
is stable under a second fix, and leaves every line no fix touched byte-identical.

Two generators: hypothesmith's arbitrary valid Python (with a float64 line added so that
every rule runs), and programs assembled from the shapes real model code has (aliases,
methods, nested functions, decorators, async, comprehensions, multi-line signatures).
CI runs a bounded number of examples; `F64LINT_FUZZ_EXAMPLES=5000 pytest
tests/end_to_end/test_properties.py` is the long run.
"""

from __future__ import annotations

import ast
import os
import re
from typing import List, Set
from unittest import mock

import libcst as cst
import pytest

from tests.helpers import narrowing_every_module, require, whole_modules

hypothesis = require("hypothesis")
hypothesmith = require("hypothesmith")

from hypothesis import HealthCheck, assume, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from f64lint.linter import lint as linter  # noqa: E402
from f64lint.workspace.settings import Settings  # noqa: E402
from f64lint.diagnostic import Diagnostic  # noqa: E402
from f64lint.fix.apply import split_lines  # noqa: E402
from f64lint.fix.fixer import fix_source  # noqa: E402
from f64lint.linter.lint import lint_source  # noqa: E402
from f64lint.linter.narrowing import narrowed  # noqa: E402
from f64lint.linter.prefilter import rules_that_may_fire  # noqa: E402
from f64lint.rules import ALL_RULES  # noqa: E402
from f64lint.rules.base import FileRule  # noqa: E402
from f64lint.rules.file_problems import UnparsableFile  # noqa: E402

# Generated programs such as `1()` or `'\X'` are valid but make CPython warn (an invalid
# escape is a DeprecationWarning before Python 3.12, a SyntaxWarning from it).
pytestmark = [
    pytest.mark.filterwarnings("ignore::SyntaxWarning"),
    pytest.mark.filterwarnings("ignore:invalid escape sequence:DeprecationWarning"),
]

EXAMPLES = int(os.environ.get("F64LINT_FUZZ_EXAMPLES", "40"))
ALL_CODES = frozenset(rule.code for rule in ALL_RULES)
SETTINGS = Settings()
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)


def lint(text: str) -> List[Diagnostic]:
    """Linting as a long module is, narrowed (the generated programs are short)."""
    with narrowing_every_module():
        return lint_source("gen.py", text, ALL_CODES, SETTINGS.severity_of, SETTINGS.fix_options()).diagnostics


def lint_every_rule(text: str) -> List[Diagnostic]:
    """Linting with no prefilter and no narrowing: every rule runs on the whole source."""
    with mock.patch.object(linter, "rules_that_may_fire", lambda rules, source: list(rules)):
        with whole_modules():
            return lint(text)


def check_prefilter_loses_nothing(text: str) -> None:
    everything = lint_every_rule(text)
    checkable = [rule for rule in ALL_RULES if not issubclass(rule, FileRule)]
    if not rules_that_may_fire(checkable, text) or not rules_that_may_fire(checkable, narrowed(text).text):
        # A source no rule can fire on, or whose narrowed text none can, is never parsed,
        # so a syntax error in it goes unreported: by design (f64lint is not a syntax checker).
        everything = [d for d in everything if d.code != UnparsableFile.code]
    assert sorted(lint(text), key=Diagnostic.sort_key) == sorted(everything, key=Diagnostic.sort_key)


def fixed(text: str) -> str:
    return fix_source(text, lint(text), lint, lambda d: d.fix is not None).text


def touched_lines(text: str, diagnostics: List[Diagnostic]) -> Set[int]:
    """0-based lines a fix may change: its edits' lines, and the imports a fix may prune."""
    lines: Set[int] = set()
    for d in diagnostics:
        for edit in d.fix.edits if d.fix else ():
            lines.update(range(edit.start.line - 1, edit.end.line))
    for number, line in enumerate(split_lines(text)):
        if re.match(r"\s*from (torch|numpy) import", line):
            lines.add(number)
    return lines


def check_fix_properties(text: str) -> None:
    diagnostics = lint(text)
    result = fixed(text)
    ast.parse(result)
    assert fixed(result) == result, "a second fix changed the source"
    # Every line no fix touches is still there, in order (a subsequence of the result).
    allowed = touched_lines(text, diagnostics)
    remaining = iter(split_lines(result))
    for number, line in enumerate(split_lines(text)):
        if number not in allowed:
            assert any(line == candidate for candidate in remaining), f"line {number + 1} changed: {line!r}"


# Built once, on the first draw: hypothesmith's grammar strategy takes seconds to build,
# which every collection of the suite paid four times when built at decoration.
ANY_PROGRAM = st.deferred(hypothesmith.from_grammar)
FLOAT64_LINE = "\nimport torch\n_f64lint_probe = torch.zeros(1, dtype=torch.float64).double()\n"


@FUZZ
@given(ANY_PROGRAM)
def test_linting_any_valid_program_never_raises(program):
    for text in (program, program + FLOAT64_LINE):
        lint(text)


@FUZZ
@given(ANY_PROGRAM)
def test_the_prefilter_never_changes_what_is_found(program):
    for text in (program, program + FLOAT64_LINE):
        check_prefilter_loses_nothing(text)


@FUZZ
@given(ANY_PROGRAM)
def test_positions_a_statement_at_a_time_are_libcsts(program):
    from tests.analysis.test_positions import assert_same_positions

    try:
        cst.parse_module(program)
    except cst.ParserSyntaxError:
        assume(False)  # CPython's grammar, not LibCST's (a line continuation at the end)
    assert_same_positions(program)


@FUZZ
@given(ANY_PROGRAM)
def test_fixing_any_valid_program_keeps_it_valid_and_stable(program):
    check_fix_properties(program + FLOAT64_LINE)


# Programs in the shape of model code --------------------------------------------------------

TORCH = st.sampled_from(["torch", "th"])
PARAM_NAMES = st.lists(
    st.sampled_from(["x", "n", "device", "dim", "scale", "dtype", "h", "w", "mask", "steps", "dev"]),
    unique=True, max_size=4,
)


def statements(t: str):
    return st.sampled_from([
        f"a = {t}.arange(n, dtype={t}.float64)",
        f"b = {t}.zeros(3, dtype={t}.double, device=device)",
        "c = x.double()",
        f"d = {t}.from_numpy(np.linspace(0, 1, 5))",
        f"e = {t}.tensor(np.zeros(3)).to(device).float()",
        "f = x.to(device).half()",
        f"g = [v.to({t}.float64) for v in (x, x)]",
        f"k = {t}.ones(2, dtype=float, device=device)",
        f"m = x.to({t}.complex128)",
        "n2 = helper(n)",
        f"p = {t}.zeros(2, dtype={t}.float64 if x.device.type != 'mps' else {t}.float32)",
        "if (q := x.double()) is not None:\n    pass",
        f"r = {t}.linspace(0, 1, 4, dtype={t}.float64).float()",
        "s = 1  # a comment, float64 here is only text",
        f"u = {t}.full(\n    (2,),\n    0.5,\n    dtype={t}.float64,\n)",
    ])


@st.composite
def signatures(draw, method: bool):
    names = draw(PARAM_NAMES)
    plain = [f"{n}{draw(st.sampled_from(['', ': int', ': torch.Tensor']))}" for n in names if n not in ("device", "dev", "dtype")]
    defaulted = [f"{n}=None" for n in names if n in ("device", "dev", "dtype")]
    parts = (["self"] if method else []) + plain + defaulted
    tail = draw(st.sampled_from(["", "*args", "**kwargs", "*, flag=False"]))
    if tail:
        parts.append(tail)
    if parts and draw(st.booleans()):
        return "(\n    " + ",\n    ".join(parts) + ",\n)"
    return "(" + ", ".join(parts) + ")"


@st.composite
def functions(draw, t: str, indent: str = ""):
    name = draw(st.sampled_from(["build", "forward", "helper", "embed", "_grid", "sincos"]))
    decorator = draw(st.sampled_from(["", "@torch.no_grad()\n", "@property\n"] + ([] if indent else ["@cache\n"])))
    prefix = draw(st.sampled_from(["def", "def", "async def"]))
    body = draw(st.lists(statements(t), min_size=1, max_size=5))
    body_text = "\n".join("    " + line.replace("\n", "\n    ") for line in body)
    text = f"{decorator}{prefix} {name}{draw(signatures(bool(indent)))}:\n{body_text}\n    return x\n"
    return "".join(indent + line if line.strip() else line for line in text.splitlines(True))


def entries(t: str):
    return st.sampled_from([
        f"{t}.float32,",
        f"{t}.float64,",
        f"Info('a', dtype={t}.float64),",
        f"Info('b', dtypes=({t}.float32, {t}.float64)),",
        f"Info(\n    'c',\n    dtype={t}.float32,\n    sample=helper,\n),",
        "Info('d', op=lambda v: v.double()),",
        f"Info(\n    'e',\n    skips=(\n        Skip({t}.float64),\n        Skip('x', device='mps'),\n    ),\n),",
        f"{t}.ones(2).to(DEVICE),",
        "helper(3), build(4),",
        "np.zeros(3),",
        "1 +\n    2,",
    ])


@st.composite
def tables(draw, t: str):
    """A module-level literal of entries, as in torch's `op_db` (narrowed entry by entry)."""
    rows = draw(st.lists(entries(t), min_size=1, max_size=6))
    body = "".join("    " + row.replace("\n", "\n    ") + "\n" for row in rows)
    opening, closing = draw(st.sampled_from([("[", "]"), ("(", ")"), ("{", "}")]))
    if opening == "{":
        body = "".join(f"    'k{i}': (" + row[:-1].replace("\n", "\n    ") + "),\n" for i, row in enumerate(rows))
    return f"DEVICE = 'mps'\nTABLE = {opening}\n{body}{closing}\n"


@st.composite
def programs(draw):
    t = draw(TORCH)
    header = "import numpy as np\n" + ("import torch\n" if t == "torch" else "import torch\nimport torch as th\n")
    if draw(st.booleans()):
        header += "from torch import float64\n"
    parts = [header]
    if draw(st.booleans()):
        parts.append(draw(tables(t)))
    for _ in range(draw(st.integers(1, 3))):
        if draw(st.booleans()):
            methods = draw(st.lists(functions(t, "    "), min_size=1, max_size=2))
            parts.append("class Model(torch.nn.Module):\n" + "\n".join(methods))
        else:
            parts.append(draw(functions(t)))
    return "\n\n".join(parts)


@FUZZ
@given(programs())
def test_fixing_model_shaped_code_keeps_it_valid_stable_and_local(program):
    ast.parse(program)
    check_fix_properties(program)


@FUZZ
@given(programs())
def test_the_prefilter_never_changes_what_is_found_in_model_code(program):
    check_prefilter_loses_nothing(program)


def test_the_generator_reaches_every_fixable_rule():
    """The model-shaped programs do exercise the fixes (not a vacuous property)."""
    codes: Set[str] = set()

    @settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
    @given(programs())
    def collect(program):
        codes.update(d.code for d in lint(program) if d.fix is not None)

    collect()
    assert {"F64001", "F64002", "F64003", "F64006", "F64008", "F64009"} <= codes

