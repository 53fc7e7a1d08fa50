"""The command line: output formats, exit codes, stdin, --explain, --list-rules."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from f64lint import __version__
from f64lint.cli.command import command
from f64lint.rules import ALL_RULES
from f64lint.rules.double_call import DoubleCall
from tests.helpers import cli_runner

MODEL = """\
import torch


class Embedding(torch.nn.Module):
    def forward(self, x):
        grid = torch.arange(8, dtype=torch.float64)
        return x.double() + grid
"""


@pytest.fixture
def project(tmp_path, monkeypatch):
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "model.py").write_text(MODEL)
    (tmp_path / "pkg" / "clean.py").write_text("import torch\nx = torch.zeros(2)\n")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def invoke(*args, input=None):
    return CliRunner().invoke(command, list(args), input=input)


def test_text_output_is_sorted_with_a_summary_and_exit_1(project):
    result = invoke("pkg")
    assert result.exit_code == 1
    assert result.output == (
        "pkg/model.py:6:38: F64001 [*] warning: `torch.float64` used as a dtype in `torch.arange()`; MPS has no float64\n"
        "pkg/model.py:7:18: F64002 [*] warning: `.double()` converts to float64; MPS has no float64\n"
        "\n"
        "Found 2 findings (0 errors, 2 warnings) in 2 files checked.\n"
        "[*] 2 fixable with `--fix`.\n"
    )


def test_default_path_is_the_current_directory(project):
    assert invoke().output == invoke(".").output


def test_clean_run_exits_0(project):
    result = invoke("pkg/clean.py")
    assert result.exit_code == 0
    assert result.output == "All checks passed (1 file checked).\n"


def test_quiet_prints_findings_only_and_exit_zero_exits_0(project):
    result = invoke("-q", "--exit-zero", "pkg")
    assert result.exit_code == 0
    assert result.output.splitlines() == [
        "pkg/model.py:6:38: F64001 [*] warning: `torch.float64` used as a dtype in `torch.arange()`; MPS has no float64",
        "pkg/model.py:7:18: F64002 [*] warning: `.double()` converts to float64; MPS has no float64",
    ]


def DEVICE_AWARE(content, line, column, end_column):
    """The fix as JSON: `forward` is called by torch with the arguments it decides, so it
    gets no new parameter; it can tell its device by its input, so float32 on MPS only
    (one line above the first use, shared by every fix in it): a safe fix."""
    guard = '        dtype = torch.float32 if x.device.type == "mps" else torch.float64\n'
    return {
        "message": "Use float32 on MPS only, float64 elsewhere as before",
        "applicability": "safe",
        "edits": [
            {"content": content, "cell": None, "location": {"line": line, "column": column},
             "end_location": {"line": line, "column": end_column}},
            {"content": guard, "cell": None, "location": {"line": 6, "column": 1},
             "end_location": {"line": 6, "column": 1}},
        ],
    }


def test_json_output_fields(project):
    result = invoke("--output-format", "json", "pkg")
    assert result.exit_code == 1
    assert json.loads(result.output) == [
        {
            "path": "pkg/model.py", "cell": None, "line": 6, "column": 38, "end_line": 6, "end_column": 51,
            "code": "F64001", "name": "torch-float64-dtype", "severity": "warning",
            "message": "`torch.float64` used as a dtype in `torch.arange()`; MPS has no float64",
            "fix": DEVICE_AWARE("dtype", 6, 38, 51),
        },
        {
            "path": "pkg/model.py", "cell": None, "line": 7, "column": 18, "end_line": 7, "end_column": 26,
            "code": "F64002", "name": "double-call", "severity": "warning",
            "message": "`.double()` converts to float64; MPS has no float64",
            "fix": DEVICE_AWARE("to(dtype)", 7, 18, 26),
        },
    ]


def test_empty_json_is_an_empty_list(project):
    result = invoke("--output-format", "json", "pkg/clean.py")
    assert (result.exit_code, json.loads(result.output)) == (0, [])


def test_statistics_text_and_json(project):
    (project / "pkg" / "more.py").write_text("def f(x):\n    return x.double()\n")
    assert invoke("--statistics", "pkg").output == "2\tF64002\tdouble-call\n1\tF64001\ttorch-float64-dtype\n"
    assert json.loads(invoke("--statistics", "--output-format", "json", "pkg").output) == [
        {"code": "F64002", "name": "double-call", "count": 2},
        {"code": "F64001", "name": "torch-float64-dtype", "count": 1},
    ]


def test_select_ignore_and_extend_select_on_the_command_line(project):
    assert "F64002" not in invoke("--ignore", "F64002", "pkg").output
    assert "F64001" not in invoke("--select", "F64002,F64003", "pkg").output
    (project / "pkg" / "n.py").write_text("x = 1  # noqa: F64001\n")
    result = invoke("--extend-select", "f64100", "pkg/n.py")
    assert "pkg/n.py:1:8: F64100 warning: `noqa` directive silences nothing (unused: F64001)" in result.output


def test_stdin_with_filename_uses_per_file_ignores(project):
    (project / "pyproject.toml").write_text('[tool.f64lint.per-file-ignores]\n"tests/**" = ["F64002"]\n')
    source = "def f(x):\n    return x.double()\n"
    named = invoke("-", "--stdin-filename", "src/m.py", input=source)
    assert (named.exit_code, named.output.splitlines()[0]) == (
        1, "src/m.py:2:14: F64002 [*] warning: `.double()` converts to float64; MPS has no float64"
    )
    ignored = invoke("-", "--stdin-filename", "tests/test_m.py", input=source)
    assert ignored.exit_code == 0
    anonymous = invoke("-q", "-", input=source)
    assert anonymous.output.startswith("-:2:14: F64002")


def test_stdin_cannot_be_mixed_with_paths(project):
    result = invoke("-", "pkg")
    assert result.exit_code == 2
    assert "`-` (stdin) cannot be combined with other paths" in result.output


def test_config_error_is_one_line_and_exit_2(project):
    (project / "pyproject.toml").write_text("[tool.f64lint]\nselct = []\n")
    result = invoke("pkg")
    assert result.exit_code == 2
    assert result.output.count("\n") == 1
    assert result.output.startswith(f"f64lint: error: {project / 'pyproject.toml'}: [tool.f64lint] unknown key `selct`")


@pytest.mark.parametrize("option", ["--select", "--extend-select", "--ignore"])
def test_an_empty_list_of_codes_is_a_usage_error(project, option):
    result = invoke(option, "", "pkg")
    assert result.exit_code == 2
    assert f"Invalid value for '{option}': no rule code given" in result.output


def test_explain_prints_the_rule_documentation(project):
    result = invoke("--explain", "f64002")
    assert result.exit_code == 0
    assert result.output.startswith("# F64002 double-call\n\n`.double()` converts a tensor or module to float64.")
    assert DoubleCall.documentation() in result.output


def test_explain_unknown_code_exits_2():
    result = invoke("--explain", "F64999")
    assert result.exit_code == 2
    assert "unknown rule code 'F64999'" in result.output


def test_list_rules_has_every_rule():
    lines = invoke("--list-rules").output.splitlines()
    assert lines[0].split() == ["code", "name", "severity", "default", "summary"]
    assert [line.split()[0] for line in lines[1:]] == [rule.code for rule in ALL_RULES]


def test_version():
    assert invoke("--version").output == f"f64lint, version {__version__}\n"


def test_internal_error_in_one_file_is_reported_and_exits_2(project, monkeypatch):
    def explode(self, facts):
        raise RuntimeError("boom")

    monkeypatch.setattr(DoubleCall, "check", explode)
    result = invoke("pkg")
    assert result.exit_code == 2
    assert "f64lint: internal error while linting pkg/model.py: RuntimeError: boom" in result.output
    # The summary does not call a run that could not check a file a pass.
    assert "All checks passed" not in result.output
    assert "No findings in 1 file checked.\n1 file could not be checked (internal error)." in result.output
    assert "Traceback" not in result.output
    assert "Traceback" in invoke("--verbose", "pkg").output


def test_no_colour_when_not_a_terminal(project):
    assert "\x1b[" not in invoke("pkg").output


def test_installed_command_runs_as_a_module(project):
    completed = subprocess.run(
        [sys.executable, "-m", "f64lint", "-q", "pkg"], capture_output=True, text=True, cwd=project
    )
    assert completed.returncode == 1
    assert completed.stdout.splitlines()[0].startswith("pkg/model.py:6:38: F64001")
    assert completed.stderr == ""


@pytest.mark.parametrize("source, parses", [("x = 1\n", False), ("import torch\nDTYPE = torch.float64\n", True)])
def test_libcst_is_imported_only_by_a_run_that_parses(tmp_path, source, parses):
    """f64lint/cst.py: a run that parses nothing (no rule can fire) does not pay LibCST's import."""
    (tmp_path / "module.py").write_text(source)
    code = (
        "import sys\n"
        "from f64lint.cli.command import command\n"
        "try:\n"
        "    command(['--isolated', '--no-cache', '--exit-zero', sys.argv[1]])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('libcst' in sys.modules)\n"
    )
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "module.py")], capture_output=True, text=True)
    assert result.stdout.splitlines()[-1] == str(parses)


@pytest.mark.parametrize("extra", [[], ["--ignore", "F64902"]])
def test_a_path_that_does_not_exist_is_a_usage_error(tmp_path, monkeypatch, extra):
    # A mistyped path must fail CI, even with the unreadable-file rule ignored.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "ok.py").write_text("x = 1\n")
    result = cli_runner().invoke(command, ["--isolated", "--no-cache", *extra, "nope/", "ok.py"])
    assert result.exit_code == 2
    assert "Invalid value for PATHS: nope: no such file or directory" in result.stderr
    assert result.stdout == ""


def test_the_server_command_is_listed_and_has_its_own_help():
    assert "`f64lint server` starts the language server" in cli_runner().invoke(command, ["--help"]).stdout
    own = subprocess.run([sys.executable, "-m", "f64lint", "server", "--help"], capture_output=True, text=True)
    assert own.returncode == 0
    assert own.stdout.startswith("Usage: f64lint server [OPTIONS]\n\n  Start the language server over stdio")
    wrong = subprocess.run([sys.executable, "-m", "f64lint", "server", "-v"], capture_output=True, text=True)
    assert wrong.returncode == 2
    assert "No such option '-v'" in wrong.stderr


def test_run_as_a_module_inside_a_folder_that_shadows_the_standard_library(tmp_path):
    # `python -m f64lint` puts the working folder first on `sys.path`; inside torch's own
    # folder its `multiprocessing` package would be imported for the worker pool.
    from f64lint.runner.pool import MIN_FILES_PER_WORKER

    (tmp_path / "multiprocessing").mkdir()
    (tmp_path / "multiprocessing" / "__init__.py").write_text('raise ImportError("the project\'s own")\n')
    for index in range(MIN_FILES_PER_WORKER * 2):
        (tmp_path / f"m{index}.py").write_text('import torch\n\nx = torch.ones(3, dtype=torch.float64, device="mps")\n')
    completed = subprocess.run(
        [sys.executable, "-m", "f64lint", "--no-cache", "--isolated", "--jobs", "2", "--output-format", "json", "."],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert "internal error" not in completed.stderr
    assert [finding["code"] for finding in json.loads(completed.stdout)] == ["F64001"] * MIN_FILES_PER_WORKER * 2
