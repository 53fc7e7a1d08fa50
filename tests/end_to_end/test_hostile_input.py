"""Hostile trees and files: f64lint reports them and goes on, and `--fix` never corrupts a
file or writes where it should not."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from f64lint.cli.command import command
from f64lint.workspace.settings import Settings
from f64lint.workspace.discovery import Found
from f64lint.runner.run import run
from tests.helpers import cli_runner

BAD = "import torch\n\n\ndef grid(n):\n    return torch.arange(n, dtype=torch.float64)\n"
FIXED = "import torch\n\n\ndef grid(n, dtype=torch.float32):\n    return torch.arange(n, dtype=dtype)\n"


def found(tmp_path, *paths):
    result = run(list(paths) or [tmp_path], Settings(root=tmp_path))
    return [(os.path.basename(d.path), d.code, d.message) for d in result.diagnostics]


def fix(*args):
    return cli_runner().invoke(command, ["--isolated", "--no-cache", "--fix", "--unsafe-fixes", *args])


def test_a_symlink_loop_is_reported_and_the_run_goes_on(tmp_path):
    (tmp_path / "loop.py").symlink_to(tmp_path / "loop.py")
    (tmp_path / "model.py").write_text(BAD)
    assert [(name, code) for name, code, _ in found(tmp_path)] == [("loop.py", "F64902"), ("model.py", "F64001")]
    assert found(tmp_path)[0][2].startswith("broken symbolic link")


def test_a_symlink_out_of_the_tree_is_not_followed_unless_named(tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.py").write_text(BAD)
    tree = tmp_path / "tree"
    tree.mkdir()
    (tree / "link.py").symlink_to(outside / "secret.py")
    (tree / "linked_dir").symlink_to(outside, target_is_directory=True)
    assert found(tmp_path, tree) == []
    assert [code for _, code, _ in found(tmp_path, tree / "link.py")] == ["F64001"]


def test_fix_through_a_symlink_fixes_the_target_and_keeps_the_link(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "real.py").write_text(BAD)
    (tmp_path / "alias.py").symlink_to(tmp_path / "real.py")
    fix("alias.py")
    assert (tmp_path / "alias.py").is_symlink()
    assert (tmp_path / "real.py").read_text() == FIXED


def test_a_50_mb_file_is_reported_not_read(tmp_path):
    with open(tmp_path / "huge.py", "wb") as handle:
        handle.truncate(50 * 2**20)
    (tmp_path / "model.py").write_text(BAD)
    assert found(tmp_path) == [
        ("huge.py", "F64902", "file too large (50.0 MiB; the limit is 10 MiB)"),
        ("model.py", "F64001", "`torch.float64` used as a dtype in `torch.arange()`; MPS has no float64"),
    ]


def test_a_file_deleted_between_discovery_and_reading(tmp_path, monkeypatch):
    (tmp_path / "model.py").write_text(BAD)
    gone = tmp_path / "gone.py"
    listed = [Found(str(path), str(path)) for path in (gone, tmp_path / "model.py")]
    monkeypatch.setattr("f64lint.runner.run.discover", lambda paths, settings: listed)
    assert found(tmp_path) == [
        ("gone.py", "F64902", "no such file or directory"),
        ("model.py", "F64001", "`torch.float64` used as a dtype in `torch.arange()`; MPS has no float64"),
    ]


def test_mixed_line_endings_tabs_and_form_feeds_survive_a_fix(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    source = "import torch\r\n\x0c\n\ndef grid(n):\r\n\tx = 1\n\treturn torch.arange(n, dtype=torch.float64)  # \tnote\r\n"
    (tmp_path / "m.py").write_bytes(source.encode())
    fix("m.py")
    assert (tmp_path / "m.py").read_bytes() == source.replace("def grid(n):", "def grid(n, dtype=torch.float32):").replace(
        "dtype=torch.float64", "dtype=dtype"
    ).encode()


def test_two_fix_runs_at_once_leave_each_file_original_or_fully_fixed(tmp_path):
    for index in range(40):
        (tmp_path / f"m{index}.py").write_text(BAD)
    command_line = [sys.executable, "-m", "f64lint", "--isolated", "--no-cache", "--fix", "--unsafe-fixes", "-j", "2", "."]
    runs = [subprocess.Popen(command_line, cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(2)]
    for process in runs:
        process.communicate(timeout=120)
        assert process.returncode in (0, 1)
    contents = {(tmp_path / f"m{index}.py").read_text() for index in range(40)}
    assert contents <= {BAD, FIXED}
    assert not list(tmp_path.glob(".f64lint-*"))  # no temporary file left behind


@pytest.mark.timeout(2)
def test_long_runs_of_blanks_are_read_in_linear_time(tmp_path):
    # A line of 40,000 blanks (or a target padded with them) once made narrowing's
    # patterns try every split of the run: minutes for one line. Read at once now.
    (tmp_path / "padded.py").write_text(BAD + " " * 40_000 + "\n" + "y" + " " * 40_000 + "= 1\n")
    assert [(name, code) for name, code, _ in found(tmp_path)] == [("padded.py", "F64001")]


@pytest.mark.timeout(2)
@pytest.mark.parametrize("token", ["0x" + "1" * 40_000, "9" * 40_000, "1." + "5" * 40_000, "a" * 40_000])
def test_a_40_000_character_token_is_read_in_linear_time(tmp_path, token):
    # A run of digits once made the prefilter's row-of-numbers pattern, and a long word
    # the walrus-target pattern, try it from each of its characters: 40,000 digits took
    # 100 s. Each is read at once now.
    (tmp_path / "long.py").write_text(BAD + f"x = {token}\n")
    assert [(name, code) for name, code, _ in found(tmp_path)] == [("long.py", "F64001")]


def test_a_tensor_made_in_a_class_bases_is_a_finding_not_an_internal_error(tmp_path):
    # The module-move check took whatever held the tensor for a call: a class base made the
    # whole file an internal error (AttributeError: 'ClassDef' object has no attribute 'func').
    (tmp_path / "odd.py").write_text("import torch\n\n\nclass A(torch.zeros(3, dtype=torch.float64)):\n    pass\n")
    assert [(name, code) for name, code, _ in found(tmp_path)] == [("odd.py", "F64001")]
