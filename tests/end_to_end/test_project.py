"""Small realistic projects as a new user meets f64lint.

fixtures/projects/denoiser (a sin-cos embedding computed in double precision, a NumPy
noise schedule, a Dataset of NumPy float64 and a training loop, a device helper): `f64lint
.` finds its bugs; `f64lint --fix .`, safe fixes only, fixes every error with the diff a
reviewer reads in fixtures/projects/denoiser.diff; the project's own tests, which fail
under `pytest --mps-emulation` before the fix, pass after it on the CPU and under the
emulation.

fixtures/projects/calibration (offsets read from a JSON file into a NumPy array: float64
only at run time): `f64lint .` finds nothing until the emulated tests, failing, write what
they saw; then it finds the line, names the test, and finds the same loader's data made a
tensor in a function no test runs, in that module and in another; `f64lint --fix .` fixes
all three, and the emulated tests pass and take their observation back."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from f64lint.cli.command import command
from tests.end_to_end.test_golden import check
from tests.helpers import require

PROJECTS = Path(__file__).parents[2] / "fixtures" / "projects"


def copied(name: str, tmp_path: Path, monkeypatch) -> Path:
    copy = tmp_path / name
    left_out = shutil.ignore_patterns("__pycache__", ".f64lint_cache", ".pytest_cache", ".f64lint")
    shutil.copytree(PROJECTS / name, copy, ignore=left_out)
    monkeypatch.chdir(copy)
    return copy


@pytest.fixture
def project(tmp_path, monkeypatch):
    return copied("denoiser", tmp_path, monkeypatch)


def f64lint(*args: str):
    return CliRunner().invoke(command, ["--no-cache", *args])


def sources(folder: Path) -> dict:
    return {path.relative_to(folder).as_posix(): path.read_text() for path in sorted(folder.rglob("*.py"))}


def test_the_default_fix_fixes_every_error_with_the_diff_a_reviewer_merges(project):
    found = f64lint(".")
    assert found.exit_code == 1
    assert [line.split(" ", 3)[:3] for line in found.output.splitlines() if ": F64" in line] == [
        ["denoiser/embedding.py:10:38:", "F64001", "[*]"],
        ["denoiser/embedding.py:12:33:", "F64002", "[*]"],
        ["denoiser/scheduler.py:16:18:", "F64003", "[*]"],
        ["denoiser/train.py:16:23:", "F64004", "[*]"],
        ["denoiser/train.py:32:27:", "F64004", "[*]"],
        ["denoiser/train.py:32:27:", "F64009", "[*]"],
    ]
    assert "[*] 6 fixable with `--fix`." in found.output

    check(PROJECTS / "denoiser.diff", f64lint("--diff", ".").stdout)

    fixed = f64lint("--fix", ".")
    assert fixed.exit_code == 0
    assert "Fixed 6 findings. All checks passed (8 files checked)." in fixed.output
    after = sources(project)
    assert f64lint(".").output == "All checks passed (8 files checked).\n"
    assert f64lint("--fix", ".").exit_code == 0 and sources(project) == after


def project_tests(folder: Path, *options: str) -> subprocess.CompletedProcess:
    """The project's own test suite, run as its users run it."""
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-p", "no:asyncio", *options],
        cwd=folder, capture_output=True, text=True, timeout=240,
    )


def test_the_fixed_project_passes_its_tests_on_the_cpu_and_under_mps_emulation(project):
    require("torch")
    require("numpy")
    before = project_tests(project, "--mps-emulation")
    assert before.returncode == 1, before.stdout
    assert "Cannot convert a MPS Tensor to float64" in before.stdout
    assert "2 failed" in before.stdout

    assert f64lint("--fix", ".").exit_code == 0
    on_cpu = project_tests(project)
    assert (on_cpu.returncode, on_cpu.stdout.splitlines()[-1].split(" in ")[0]) == (0, "2 passed")
    emulated = project_tests(project, "--mps-emulation")
    assert (emulated.returncode, emulated.stdout.splitlines()[-1].split(" in ")[0]) == (0, "2 passed"), emulated.stdout


def test_what_the_emulated_tests_saw_is_found_named_and_fixed(tmp_path, monkeypatch):
    require("torch")
    require("numpy")
    project = copied("calibration", tmp_path, monkeypatch)
    assert f64lint(".").output == "All checks passed (6 files checked).\n"  # float64 only at run time

    before = project_tests(project, "--mps-emulation")
    assert "1 failed" in before.stdout and "Cannot convert a MPS Tensor to float64" in before.stdout
    test = "tests/test_correct.py::test_offsets_are_removed"
    assert json.loads((project / ".f64lint" / "observed.json").read_text())["observations"] == [{
        "dtype": "float64",
        "call": "torch.from_numpy",
        "made": {"path": "calibration/correct.py", "line": 9, "function": "corrected",
                 "code": "offsets = torch.from_numpy(load_offsets(path)).to(readings.device)"},
        "reached": {"path": "calibration/correct.py", "line": 9, "function": "corrected",
                    "code": "offsets = torch.from_numpy(load_offsets(path)).to(readings.device)"},
        "tests": [test],
        "data_from": {"path": "calibration/io.py", "line": 9, "function": "calibration.io.load_offsets", "code": ""},
    }]

    found = f64lint(".")
    assert found.exit_code == 1
    made = "made in calibration/io.py:9"
    assert [line for line in found.output.splitlines() if ": F64" in line] == [
        f"calibration/correct.py:9:15: F64003 [*] error: float64 NumPy array (from `load_offsets` at line 9, {made}, "
        f"seen float64 at run time in {test}) becomes a tensor in `torch.from_numpy()`; MPS has no float64",
        f"calibration/correct.py:15:15: F64003 [*] error: float64 NumPy array (from `load_offsets` at line 15, {made}, "
        f"which gave float64 data at line 9 at run time in {test}) becomes a tensor in `torch.tensor()`; MPS has no "
        "float64",
        # Another module's call of the same loader, which no test runs.
        f"calibration/report.py:9:12: F64003 [*] error: float64 NumPy array (from `load_offsets()` at line 9, {made}) "
        "becomes a tensor in `torch.from_numpy()`; MPS has no float64",
    ]
    assert f64lint("calibration/report.py").exit_code == 1  # as pre-commit lints one staged file
    check(PROJECTS / "calibration.diff", f64lint("--diff", ".").stdout)

    assert f64lint("--fix", ".").exit_code == 0
    assert f64lint(".").output == "All checks passed (6 files checked).\n"
    on_cpu = project_tests(project)
    assert (on_cpu.returncode, on_cpu.stdout.splitlines()[-1].split(" in ")[0]) == (0, "1 passed")
    emulated = project_tests(project, "--mps-emulation")
    assert (emulated.returncode, emulated.stdout.splitlines()[-1].split(" in ")[0]) == (0, "1 passed"), emulated.stdout
    # The test ran again and saw nothing: what it saw before is taken back.
    assert json.loads((project / ".f64lint" / "observed.json").read_text())["observations"] == []
