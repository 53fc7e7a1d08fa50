"""The documentation pages made from the code: a rule's page from the rule itself (its
docstring: what it flags, why it breaks on MPS, an example, the fix; its severity and
whether it is on; the examples its tests run, flagged with their fixed source, and not
flagged), the table of rules, the configuration keys with their defaults and meanings,
and the command line's help. `f64lint --explain CODE` prints a rule's page;
`python docs/generate.py` writes them all under docs/, and a test checks they are
current."""

from __future__ import annotations

import ast
import enum
import importlib.util
import inspect
import textwrap
from dataclasses import MISSING, fields
from pathlib import Path
from types import ModuleType
from typing import Any, Dict, List, Optional, Sequence, Type

from f64lint.rules.base import Rule
from f64lint.workspace.settings import DEFAULT_EXCLUDE, KEYS, Settings


def severity_text(rule: Type[Rule]) -> str:
    said = rule.severity.value
    if rule.error_where_it_reaches_mps:
        said += ", an error where its value reaches a device that may be MPS"
    return said


def rule_page(rule: Type[Rule]) -> str:
    """A rule's page, in Markdown."""
    default = "on" if rule.enabled_by_default else "off (turn it on with `extend-select`)"
    lines: List[str] = [
        f"# {rule.code} {rule.name}",
        "",
        f"{rule.summary}.",
        "",
        f"Default severity: {severity_text(rule)}. By default: {default}.",
        "",
        rule.documentation(),
    ]
    if rule.invalid:
        lines += ["", "## Flagged (from the rule's tests)"]
        for example in rule.invalid:
            lines += ["", _code(example.source)]
            if example.fixed is not None:
                lines += ["", "With `--fix --unsafe-fixes`:", "", _code(example.fixed)]
    if rule.valid:
        lines += ["", "## Not flagged (from the rule's tests)"]
        for source in rule.valid:
            lines += ["", _code(_dedented(source))]
    return "\n".join(lines).rstrip("\n") + "\n"


def rules_table(rules: Sequence[Type[Rule]], link: str = "{code}.md", compact: bool = False) -> str:
    """The table of rules, each linking to its page (`compact`: the README's, without the
    severity columns)."""
    if compact:
        rows = ["| code | name | flags |", "|---|---|---|"]
        rows += [f"| [{r.code}]({link.format(code=r.code)}) | {r.name} | {r.summary} |" for r in rules]
        return "\n".join(rows) + "\n"
    rows = ["| code | name | default severity | on by default | flags |", "|---|---|---|---|---|"]
    for rule in rules:
        page = link.format(code=rule.code)
        default = "yes" if rule.enabled_by_default else "no"
        rows.append(f"| [{rule.code}]({page}) | {rule.name} | {severity_text(rule)} | {default} | {rule.summary} |")
    return "\n".join(rows) + "\n"


def pages(
    rules: Sequence[Type[Rule]], cli_help: str, fixtures: Path, reporters: Dict[str, ModuleType],
    benchmark: Optional[Dict[str, Any]] = None,
) -> Dict[str, str]:
    """Every generated page, by its path under docs/ (performance.md when there are
    benchmark figures)."""
    from f64lint import report

    found = {f"rules/{rule.code}.md": rule_page(rule) for rule in rules}
    found["output.md"] = output_page(report, reporters)
    for page, (title, modules) in GUIDES.items():
        found[page] = guide_page(title, modules)
    found["what-is-not-flagged.md"] = not_flagged_page(fixtures)
    if benchmark is not None:
        found["performance.md"] = performance_page(benchmark)
    found["rules/README.md"] = (
        "# Rules\n\nGenerated from the rules' code (`python docs/generate.py`).\n\n" + rules_table(rules)
    )
    found["configuration.md"] = configuration_page()
    found["cli.md"] = (
        "# Command line\n\nGenerated from the command's own help (`python docs/generate.py`).\n\n"
        f"```\n{cli_help.rstrip()}\n```\n"
    )
    return found


def configuration_page() -> str:
    """The `[tool.f64lint]` keys: each one's default (the setting's own) and meaning, after
    what the configuration module says of the file."""
    defaults = {field.name: field.default for field in fields(Settings) if field.default is not MISSING}
    rows = ["| key | default | meaning |", "|---|---|---|"]
    for key, spec in KEYS.items():
        default = defaults.get(spec.attribute)
        said = {
            "select": "every rule on by default",
            "exclude": "the list below",
            "fixable": "every rule",
            "per-file-ignores": "none",
            "severity": "none",
        }
        shown = said.get(key) or _toml(default)
        rows.append(f"| `{key}` | {shown} | {spec.meaning} |")
    excluded = ", ".join(f"`{name}`" for name in DEFAULT_EXCLUDE)
    from f64lint.workspace import settings

    return (
        "# Configuration\n\nGenerated from the settings' own definitions (`python docs/generate.py`).\n\n"
        + (inspect.getdoc(settings) or "")
        + "\n\nThe line length fixed code keeps is `line-length` of `[tool.ruff]`, else\n"
        "`[tool.black]`, else 88.\n\n" + "\n".join(rows) + f"\n\nThe default excludes: {excluded}.\n"
    )


def _toml(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return f"`{str(value).lower()}`"
    if isinstance(value, enum.Enum):
        return f'`"{value.value}"`'
    if isinstance(value, str):
        return f'`"{value}"`'
    if isinstance(value, tuple):
        return "`[" + ", ".join(f'"{item}"' if isinstance(item, str) else str(item) for item in value) + "]`"
    return f"`{value}`"


# What is not flagged, each with a line of a fixture that shows it: (shape, fixture under
# fixtures/, text the line holds). The page quotes the line, so it stays true to the code.
NOT_FLAGGED = (
    ("A branch an MPS test keeps MPS out of", "flow/guarded_device_type.py", 'device.type != "mps"'),
    ("The `else` of an MPS availability test", "flow/guarded_is_available.py", "is_available()"),
    (
        "Boolean logic over device tests (`or`, `not`, `elif`)",
        "flow/guards_boolean_logic.py",
        'or device.type != "mps"',
    ),
    (
        "Float64 made only where the device is not MPS, moved after",
        "flow/float64_off_mps_only.py",
        'device.type != "mps"',
    ),
    ('Work inside `with torch.device("cpu")`', "flow/cpu_device_block.py", 'with torch.device("cpu")'),
    ("A tensor moved to the CPU first", "flow/cpu_reference_solver.py", ".cpu().double()"),
    ("A conversion `.numpy()` then takes (only a CPU tensor has it)", "flow/metric_cpu_numpy.py", ".numpy()"),
    ("Made on the CPU and cast before it can move", "flow/cast_before_move.py", ".float()"),
    ("Float64 given to torch.distributed (no MPS backend)", "flow/distributed_only.py", "dist.broadcast"),
    ("Tensors received over RPC", "flow/rpc_received.py", "rpc_sync"),
    ("Quantized ops and tensors (no MPS backend)", "flow/quantized_scales.py", "quantize_per_channel"),
    ("A branch only quantized tensors take", "flow/quantized_guard.py", "is_quantized"),
    ("Meta and fake kernels (tensors without data)", "flow/kernels_off_mps.py", "register_fake"),
    ("A function that needs CUDA first", "flow/kernels_off_mps.py", "torch.cuda.current_stream()"),
    ("Code named for a CUDA-only library", "flow/cuda_named_code.py", "class CUTLASSBenchmarkRequest"),
    ("A class that raises for a device without float64", "flow/refuses_mps_class.py", "raise AssertionError"),
    ("ONNX symbolic functions", "flow/onnx_symbolic.py", "g.op("),
    ("An API that picks the CPU or CUDA by a flag", "flow/cpu_or_cuda_flag.py", "cuda=cuda"),
    ("Code a test expects to fail", "flow/expected_errors.py", "assertRaises"),
    ("A probe whose failure is handled off MPS", "flow/probe_reraise_cuda.py", "except Exception"),
    ("A data sampler's weights (indices are drawn on the host)", "flow/sampler_weights.py", "dtype=torch.double"),
    ("A test skipped on MPS by a conftest's collection hook", "test_code/hooks/conftest.py", "item.add_marker"),
    (
        "A test skipped on MPS by a helper it calls first",
        "test_code/test_skip_helper.py",
        'pytest.skip("float64 is not',
    ),
    (
        "A test class whose device is the CPU or CUDA",
        "test_code/test_device_classes.py",
        'device = torch.device("cpu")',
    ),
    ("A script whose `--device` offers no MPS", "test_code/scripts/train_cpu_or_cuda.py", "choices="),
    ("A script that needs CUDA before its float64", "test_code/scripts/benchmark_needs_cuda.py", "get_device_name()"),
    ("Test data that never meets a device", "test_code/test_no_device.py", "dtype=torch.float64"),
)


def not_flagged_page(fixtures: Path) -> str:
    """The shapes the analysis keeps off MPS, each with the fixture line that shows it
    (the fixture also holds its twin, the same code on MPS, which is flagged)."""
    rows = ["| shape | example (fixture) |", "|---|---|"]
    for shape, fixture, needle in NOT_FLAGGED:
        text = (fixtures / fixture).read_text(encoding="utf-8")
        lines = text.splitlines()
        body = ast.parse(text).body
        after = body[0].end_lineno or 0 if body and isinstance(body[0], ast.Expr) else 0  # past the docstring
        number, line = next((n, code) for n, code in enumerate(lines, 1) if n > after and needle in code)
        shown = line.strip().replace("|", "\\|")
        rows.append(f"| {shape} | `{shown}` ([{fixture}:{number}](../fixtures/{fixture}#L{number})) |")
    return (
        "# What is not flagged\n\nGenerated from the fixtures (`python docs/generate.py`): each shape of\n"
        "float64 that cannot reach MPS, with the line of a fixture that shows it. Each fixture also\n"
        "holds the same code on a device that may be MPS, which is flagged (see its `.golden` file).\n\n"
        + "\n".join(rows)
        + "\n"
    )


# Guides made of modules' own text: page -> (title, modules, in order).
GUIDES = {
    "fixes.md": ("Fixes", ("f64lint.fix",)),
    "ci.md": (
        "In CI and code review",
        (
            "f64lint.runner.changes",
            "A review bot: f64lint.report.review",
            "A baseline for legacy code: f64lint.cli.baseline",
        ),
    ),
    "editor.md": ("In your editor", ("f64lint.server.protocol",)),
    "notebooks.md": ("Notebooks", ("f64lint.source.notebook",)),
    "testing.md": (
        "Testing your own code for MPS without a Mac",
        (
            "f64lint.testing.pytest_plugin",
            "f64lint.testing.mps_emulation",
            "What the tests saw, for the linter: f64lint.observed",
        ),
    ),
}


def guide_page(title: str, modules: Sequence[str]) -> str:
    """A guide: the docstrings of the modules that do the work, in order, each under its
    heading when one is given (`"A review bot: f64lint.report.review"`). (Modules whose
    dependencies are not installed, the server's pygls or the emulation's torch, are read
    from their source.)"""
    texts = []
    for entry in modules:
        heading, _, name = entry.rpartition(": ")
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None, name
        source = Path(spec.origin).read_text(encoding="utf-8")
        text = ast.get_docstring(ast.parse(source)) or ""
        texts.append(f"## {heading}\n\n{text}" if heading else text)
    return (
        f"# {title}\n\nGenerated from the code's own text (`python docs/generate.py`).\n\n" + "\n\n".join(texts) + "\n"
    )


def output_page(package: ModuleType, reporters: Dict[str, ModuleType]) -> str:
    """The output formats, each as its module says, after what they share (report/)."""
    parts = [
        "# Output formats\n\nGenerated from the report modules' own text (`python docs/generate.py`).\n",
        inspect.getdoc(package) or "",
    ]
    for name, module in reporters.items():
        parts.append(f"## `--output-format {name}`\n\n{inspect.getdoc(module) or ''}")
    return "\n\n".join(part.strip("\n") for part in parts) + "\n"


def performance_table(record: Dict[str, Any]) -> str:
    """The benchmark's figures (bench/run.py's record): the machine, the corpus, each
    tool's median wall and CPU time, peak memory and speed, and the targets."""
    rows = [
        f"| {name} | {wall:.2f} | {cpu:.2f} | {peak:.0f} | {speed:.0f} | {ratio:.2f}x |"
        for name, wall, cpu, peak, speed, ratio in record["rows"]
    ]
    said = [f"- {'met' if ok else 'NOT met'}: {label} ({detail})" for label, ok, detail in record["targets"]]
    return "\n".join(
        [
            f"Machine: {record['machine']}",
            f"Corpus: {record['corpus']}",
            "",
            "| tool | wall s | CPU s | peak MB | files/s | wall time / f64lint cold |",
            "|---|---|---|---|---|---|",
            *rows,
            "",
            "Targets:",
            *said,
        ]
    )


def performance_page(record: Dict[str, Any]) -> str:
    return (
        "# Performance\n\nGenerated from `bench/results.json`, which `python bench/run.py --save "
        "bench/results.json` writes (`python docs/generate.py` then makes this page).\n\n"
        "`bench/run.py` installs the pinned corpus (the `.py`/`.pyi` files of torch, transformers and\n"
        "diffusers, copied to one plain folder) and the peers in a work folder, then runs each\n"
        "command `--runs` times and reports the median: wall time, CPU time (children included),\n"
        'peak resident memory of the largest process, files per second. "cold" has no cache;\n'
        '"warm" takes every result from the cache; the 5-file batch is a pre-commit run.\n\n'
        "Recall is measured on real MPS float64 bugs that maintainers fixed: `python bench/recall.py`\n"
        "downloads the release before each fix (`bench/recall/bugs.toml`, metadata only) and prints\n"
        "how many of the fixed lines f64lint reports, on each half of the corpus (a hash of each\n"
        "bug's id puts it in the tuning or the held-out half: work from the first, report both) and\n"
        "by how visible the float64 is from the fixed lines. Precision on application code:\n"
        "`python bench/precision.py` lints the ML packages of `bench/precision/packages.toml`, splits\n"
        "findings into test code and other code, and draws samples to judge (`--sample 50 --seed 21\n"
        "--severity warning`). `python bench/fix_corpus.py` runs `--fix --unsafe-fixes` over a copy\n"
        "of the corpus and checks that every file still compiles and a second run changes nothing.\n\n"
        + performance_table(record)
        + "\n"
    )


def _code(source: str) -> str:
    return f"```python\n{source.rstrip()}\n```"


def _dedented(source: str) -> str:
    return textwrap.dedent(source).strip("\n")
