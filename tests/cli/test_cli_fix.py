"""`--fix`, `--unsafe-fixes`, `--diff`, `--show-fixes`, `--exit-non-zero-on-fix`, and files
written back exactly as they were apart from the fix."""

from __future__ import annotations

import json
import os
import stat

import pytest

from f64lint.cli.command import command
from tests.helpers import cli_runner

# One safe fix (move then cast) and one unsafe (thread a dtype).
MODEL = """\
import torch


def load(batch, device):
    x = torch.tensor(batch).to(device).float()
    return x + torch.arange(3, dtype=torch.float64)
"""
SAFE_FIXED = MODEL.replace(".to(device).float()", ".to(device, dtype=torch.float32)")
ALL_FIXED = SAFE_FIXED.replace("device):", "device, dtype=torch.float32):").replace(
    "dtype=torch.float64", "dtype=dtype"
)


@pytest.fixture
def model(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = tmp_path / "model.py"
    path.write_text(MODEL)
    return path


def invoke(*args, input=None):
    """The command on MODEL's fixes as the thread-dtype strategy makes them: one safe, one
    unsafe (the default strategy makes both safe: test_the_default_strategy_fixes_both)."""
    return cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix-strategy", "thread-dtype", *args], input=input)


def test_the_default_strategy_fixes_both_without_changing_cpu_numerics(model):
    # The function knows its device: float32 on MPS only, float64 elsewhere as before.
    result = cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix", "model.py"])
    assert result.stdout == "Fixed 2 findings. All checks passed (1 file checked).\n"
    assert model.read_text() == SAFE_FIXED.replace(
        "    return x + torch.arange(3, dtype=torch.float64)",
        '    dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64\n'
        "    return x + torch.arange(3, dtype=dtype)",
    )


def test_fix_applies_safe_fixes_and_reports_what_remains(model):
    result = invoke("--fix", "model.py")
    assert model.read_text() == SAFE_FIXED
    assert result.exit_code == 1
    assert result.stdout == (
        "model.py:6:38: F64001 warning: `torch.float64` used as a dtype in `torch.arange()`; MPS has no float64\n"
        "\n"
        "Fixed 1 finding. Found 1 finding (0 errors, 1 warning) in 1 file checked.\n"
        "1 more fix available with `--fix --unsafe-fixes` (they change precision on CPU/CUDA).\n"
    )


def test_unsafe_fixes_fix_everything_and_exit_0(model):
    result = invoke("--fix", "--unsafe-fixes", "model.py")
    assert model.read_text() == ALL_FIXED
    assert result.exit_code == 0
    assert result.stdout == "Fixed 2 findings. All checks passed (1 file checked).\n"


def test_exit_non_zero_on_fix(model):
    assert invoke("--fix", "--unsafe-fixes", "--exit-non-zero-on-fix", "model.py").exit_code == 1
    assert invoke("--fix", "--unsafe-fixes", "--exit-non-zero-on-fix", "model.py").exit_code == 0


def test_check_marks_fixable_findings(model):
    result = invoke("model.py")
    assert result.stdout.splitlines()[:2] == [
        "model.py:5:29: F64009 [*] warning: moved to a device before the cast `.float()`: a float64 value crashes on MPS "
        "at the move; cast first or use `.to(device, dtype=...)`",
        "model.py:6:38: F64001 warning: `torch.float64` used as a dtype in `torch.arange()`; MPS has no float64",
    ]
    assert "[*] 1 fixable with `--fix`." in result.stdout
    assert model.read_text() == MODEL


def test_diff_prints_what_fix_would_do_and_writes_nothing(model):
    result = invoke("--diff", "--unsafe-fixes", "model.py")
    assert model.read_text() == MODEL
    assert result.exit_code == 1
    assert result.stdout == (
        "--- model.py\n"
        "+++ model.py\n"
        "@@ -1,6 +1,6 @@\n"
        " import torch\n"
        " \n"
        " \n"
        "-def load(batch, device):\n"
        "-    x = torch.tensor(batch).to(device).float()\n"
        "-    return x + torch.arange(3, dtype=torch.float64)\n"
        "+def load(batch, device, dtype=torch.float32):\n"
        "+    x = torch.tensor(batch).to(device, dtype=torch.float32)\n"
        "+    return x + torch.arange(3, dtype=dtype)\n"
    )
    assert result.stderr == "Would fix 2 findings.\n"


def test_diff_exits_0_when_there_is_nothing_to_fix(model):
    invoke("--fix", "--unsafe-fixes", "model.py")
    result = invoke("--diff", "--unsafe-fixes", "model.py")
    assert (result.exit_code, result.stdout) == (0, "")


def test_show_fixes_lists_each_fix(model):
    result = invoke("--fix", "--unsafe-fixes", "--show-fixes", "model.py")
    assert result.stdout.splitlines()[:3] == [
        "Fixed 2 findings:",
        "  model.py:5:29: F64009 Cast while moving: `.to(device, dtype=torch.float32)`",
        "  model.py:6:38: F64001 Add a `dtype` parameter (default `torch.float32`) to `load` and use it",
    ]


def test_show_fixes_gives_each_finding_where_it_was_and_what_fixed_it(tmp_path, monkeypatch):
    # The moves (F64004) are fixed in later passes, after lines were added above them, or
    # go away with other fixes: each is given at its line in the file as it was, and one
    # that went away says so instead of the edit its own fix would have made.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.py").write_text(
        "import torch\n\n\n"
        "def table(n, device):\n    t = torch.zeros(n, dtype=torch.float64)\n    return t.to(device)\n\n\n"
        "def ramp(n, device):\n    r = torch.arange(n).double()\n    r = r * 2\n    return r.to(device).float()\n"
    )
    result = cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix", "--show-fixes", "m.py"])
    assert result.stdout.splitlines() == [
        "Fixed 4 findings:",
        "  m.py:5:30: F64001 Use float32 on MPS only, float64 elsewhere as before",
        "  m.py:6:14: F64004 Went away when 3 other findings were fixed",
        "  m.py:10:25: F64002 Use float32 on MPS only, float64 elsewhere as before",
        "  m.py:12:14: F64004 Cast while moving: `.to(device, dtype=torch.float32)`",
        "Fixed 4 findings. All checks passed (1 file checked).",
    ]


def test_a_move_fixed_in_a_later_pass_is_shown_at_its_line_before_the_fix(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.py").write_text(
        "import numpy as np\nimport torch\nfrom torch.utils.data import DataLoader, Dataset\n\n\n"
        "class Rows(Dataset):\n    def __len__(self):\n        return 4\n\n"
        "    def __getitem__(self, i):\n        return np.ones(3)\n\n\n"
        "def grid(n, device):\n    return torch.arange(n, dtype=torch.float64, device=device)\n\n\n"
        "def train(device):\n    for batch in DataLoader(Rows(), batch_size=2):\n        yield batch.to(device)\n"
    )
    result = cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix", "--show-fixes", "m.py"])
    assert result.stdout.splitlines()[:3] == [
        "Fixed 2 findings:",
        "  m.py:15:34: F64001 Use float32 on MPS only, float64 elsewhere as before",
        "  m.py:20:21: F64004 Use float32 on MPS only, float64 elsewhere as before",
    ]


def test_stdin_fix_prints_the_fixed_source_and_reports_on_stderr(model):
    result = invoke("--fix", "--unsafe-fixes", "-", input=MODEL)
    assert result.stdout == ALL_FIXED
    assert result.stderr == "Fixed 2 findings. All checks passed (1 file checked).\n"


def test_fixable_and_unfixable_choose_the_rules(model):
    invoke("--fix", "--unsafe-fixes", "--unfixable", "F64009", "model.py")
    assert "to(device).float()" in model.read_text() and "dtype=dtype" in model.read_text()
    model.write_text(MODEL)
    invoke("--fix", "--unsafe-fixes", "--fixable", "F64009", "model.py")
    assert model.read_text() == SAFE_FIXED


def test_config_keys_mirror_the_flags(model):
    (model.parent / "pyproject.toml").write_text(
        '[tool.f64lint]\nunsafe-fixes = true\nfix-strategy = "device-aware"\nunfixable = ["F64009"]\n'
    )
    result = cli_runner().invoke(command, ["--no-cache", "--fix", "model.py"])
    assert result.exit_code == 1  # F64009 is unfixable here
    assert model.read_text() == MODEL.replace(
        "    return x",
        '    dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64\n    return x',
    ).replace("dtype=torch.float64", "dtype=dtype")


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('fix-strategy = "fast"', "`fix-strategy` must be one of 'thread-dtype', 'device-aware', got 'fast'"),
        ('fix-dtype = "float64"', "`fix-dtype` must be one of 'float32', 'float16', 'bfloat16', got 'float64'"),
        ("unsafe-fixes = 1", "`unsafe-fixes` must be true or false, got 1"),
        ('fixable = ["X1"]', "unknown rule code or prefix 'X1' in `fixable`"),
    ],
)
def test_bad_fix_settings_are_usage_errors(model, table, message):
    (model.parent / "pyproject.toml").write_text(f"[tool.f64lint]\n{table}\n")
    result = cli_runner().invoke(command, ["--no-cache", "--fix", "model.py"])
    assert result.exit_code == 2
    assert message in result.stderr
    assert model.read_text() == MODEL


def test_json_output_carries_the_fix(model):
    result = invoke("--output-format", "json", "model.py")
    first = json.loads(result.stdout)[0]
    assert first["fix"] == {
        "message": "Cast while moving: `.to(device, dtype=torch.float32)`",
        "applicability": "safe",
        "edits": [
            {
                "content": "to(device, dtype=torch.float32)",
                "cell": None,
                "location": {"line": 5, "column": 29},
                "end_location": {"line": 5, "column": 47},
            }
        ],
    }


@pytest.mark.parametrize(
    ("encoded", "name"),
    [
        (MODEL.replace("\n", "\r\n").encode(), "CRLF"),
        (b"\xef\xbb\xbf" + MODEL.encode(), "BOM"),
        (("# -*- coding: latin-1 -*-\n# d\xe9j\xe0 vu\n" + MODEL).encode("latin-1"), "latin-1"),
    ],
)
def test_fix_keeps_line_endings_bom_and_encoding(model, encoded, name):
    model.write_bytes(encoded)
    invoke("--fix", "--unsafe-fixes", "model.py")
    expected_text = encoded.replace(b"\r\n", b"\n")
    if name == "latin-1":
        expected = encoded.decode("latin-1").replace(MODEL, ALL_FIXED).encode("latin-1")
    elif name == "BOM":
        expected = b"\xef\xbb\xbf" + ALL_FIXED.encode()
    else:
        expected = ALL_FIXED.replace("\n", "\r\n").encode()
    assert expected_text  # the input had content
    assert model.read_bytes() == expected


def test_fix_keeps_the_file_mode(model):
    os.chmod(model, 0o640)
    invoke("--fix", "--unsafe-fixes", "model.py")
    assert stat.S_IMODE(os.stat(model).st_mode) == 0o640
    assert model.read_text() == ALL_FIXED


def test_a_file_that_cannot_be_written_is_reported_and_kept(model, monkeypatch):
    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    # The folder is read-only for the rename (chmod alone does not stop root, who runs CI).
    monkeypatch.setattr("f64lint.source.writing.replace_file", refuse)
    result = invoke("--fix", "--unsafe-fixes", "model.py")
    assert result.exit_code == 1
    assert "f64lint: cannot fix model.py: cannot write: Permission denied" in result.stderr
    assert "model.py:6:38: F64001" in result.stdout  # its findings are still reported
    assert model.read_text() == MODEL


def test_a_file_changed_since_it_was_read_is_not_overwritten(model, monkeypatch):
    from f64lint.fix import fixer

    original = fixer.fix_source

    def edit_meanwhile(*args, **kwargs):
        outcome = original(*args, **kwargs)
        model.write_text("# edited by someone else\n" + MODEL)
        return outcome

    monkeypatch.setattr("f64lint.runner.one_file.fix_source", edit_meanwhile)
    result = invoke("--fix", "--unsafe-fixes", "model.py")
    assert "changed on disk since it was read; not overwritten" in result.stderr
    assert model.read_text() == "# edited by someone else\n" + MODEL


@pytest.mark.parametrize(
    "other", [["--add-noqa"], ["--write-baseline", "b.json"], ["--diff-base", "HEAD"], ["--diff-file", "p.diff"]]
)
def test_fix_does_not_combine_with_options_that_select_or_write_otherwise(model, other):
    result = invoke("--fix", *other, "model.py")
    assert result.exit_code == 2
    assert "cannot be combined" in result.stderr
    assert model.read_text() == MODEL


POSITIONS = """\
import numpy as np
import torch


def positions(n, device):
    grid = torch.from_numpy(np.linspace(0, 1, n))
    scale = torch.arange(n, dtype=torch.float64)
    return grid.to(device), scale.to(device)
"""


def test_the_fixes_announced_are_the_fixes_made(tmp_path, monkeypatch):
    # The two moves (F64004) are fixed by fixing where their values are made: they count
    # as fixed, so `--fix --unsafe-fixes` fixes as many findings as `--fix` announced.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "positions.py").write_text(POSITIONS)
    announced = invoke("--fix", "positions.py").output
    assert "4 more fixes available with `--fix --unsafe-fixes`" in announced
    done = invoke("--fix", "--unsafe-fixes", "positions.py")
    assert done.output == "Fixed 4 findings. All checks passed (1 file checked).\n"


def test_diff_names_the_fixes_it_holds_back_for_unsafe_fixes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "m.py").write_text("import torch\nx = torch.zeros(3, dtype=torch.float64)\n")
    result = invoke("--no-cache", "--diff", "m.py")
    assert result.stdout == ""
    assert result.stderr == "Would fix 0 findings. 1 more with `--unsafe-fixes` (they change precision on CPU/CUDA).\n"


@pytest.mark.parametrize(
    "failing, message",
    [
        (["--output-file", "missing_dir/out.txt"], "cannot write missing_dir/out.txt: No such file or directory"),
        (["--baseline", "missing.json"], "cannot read the baseline missing.json"),
        (["--config", "bad.toml"], "bad.toml"),
    ],
)
def test_a_run_that_fails_before_its_end_writes_no_file(model, failing, message):
    (model.parent / "bad.toml").write_text("[tool.f64lint\n")
    result = cli_runner().invoke(command, ["--no-cache", "--fix", "--unsafe-fixes", *failing, "model.py"])
    assert result.exit_code == 2
    assert message in result.stderr
    assert model.read_text() == MODEL


def test_a_run_that_meets_an_internal_error_writes_no_file(model, monkeypatch):
    from f64lint.runner import one_file

    (model.parent / "broken.py").write_text(MODEL)
    original = one_file._lint_data

    def failing(shown, *args, **kwargs):
        if shown == "broken.py":
            raise RuntimeError("a bug of ours")
        return original(shown, *args, **kwargs)

    monkeypatch.setattr(one_file, "_lint_data", failing)
    result = invoke("--fix", "--unsafe-fixes", "model.py", "broken.py")
    assert result.exit_code == 2
    assert "f64lint: internal error while linting broken.py: RuntimeError: a bug of ours" in result.stderr
    assert "f64lint: cannot fix model.py: not written, as the run met an internal error" in result.stderr
    assert "model.py:6:38: F64001" in result.stdout  # reported as it still is
    assert model.read_text() == MODEL


def test_a_cache_that_cannot_be_written_only_costs_time(model):
    (model.parent / "a_file").write_text("")
    result = cli_runner().invoke(command, ["--isolated", "--fix-strategy", "thread-dtype", "--fix", "--unsafe-fixes", "--cache-dir", "a_file/cache", "model.py"])
    assert (result.exit_code, result.stderr) == (0, "")
    assert model.read_text() == ALL_FIXED
