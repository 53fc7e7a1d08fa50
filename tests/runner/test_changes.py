"""Review-bot mode: only findings on lines a change added (--diff-file, --diff-base)."""

from __future__ import annotations

import subprocess

import pytest
from click.testing import CliRunner

from f64lint.runner.changes import parse_patch
from f64lint.cli.command import command

OLD = "import torch\n\nold = torch.ones(2).double()\n"
NEW = "import torch\n\nold = torch.ones(2).double()\nnew = torch.zeros(2, dtype=torch.float64)\n"
PATCH = """\
diff --git a/pkg/m.py b/pkg/m.py
index 1111111..2222222 100644
--- a/pkg/m.py
+++ b/pkg/m.py
@@ -3,0 +4 @@ old = torch.ones(2).double()
+new = torch.zeros(2, dtype=torch.float64)
"""


def invoke(*args):
    return CliRunner().invoke(command, ["--no-cache", "-q", *args])


@pytest.fixture
def tree(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "m.py").write_text(NEW)
    (tmp_path / "pkg" / "untouched.py").write_text(OLD)
    return tmp_path


def test_parse_patch_keeps_added_lines_only(tmp_path):
    assert parse_patch(PATCH, tmp_path) == {str(tmp_path / "pkg" / "m.py"): frozenset({4})}


def test_diff_file_reports_only_added_lines(tree):
    (tree / "change.patch").write_text(PATCH)
    result = invoke("--diff-file", "change.patch", ".")
    assert (result.exit_code, result.output.splitlines()) == (
        1, ["pkg/m.py:4:28: F64001 warning: `torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64"]
    )


def test_diff_base_uses_git(tree):
    def git(*args):
        subprocess.run(["git", *args], cwd=tree, check=True, capture_output=True)

    (tree / "pkg" / "m.py").write_text(OLD)
    git("init", "-q")
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "add", ".")
    git("-c", "user.email=t@example.com", "-c", "user.name=t", "commit", "-qm", "base")
    (tree / "pkg" / "m.py").write_text(NEW)
    result = invoke("--diff-base", "HEAD", "pkg")
    assert (result.exit_code, result.output.splitlines()) == (
        1, ["pkg/m.py:4:28: F64001 warning: `torch.float64` used as a dtype in `torch.zeros()`; MPS has no float64"]
    )
    assert invoke("--diff-base", "HEAD", "pkg/untouched.py").exit_code == 0


def test_bad_revision_is_exit_2_with_one_line(tree):
    subprocess.run(["git", "init", "-q"], cwd=tree, check=True)
    result = invoke("--diff-base", "no-such-rev", ".")
    assert result.exit_code == 2
    assert result.output.startswith("f64lint: error: git -C ")
    assert result.output.count("\n") == 1


def test_unreadable_diff_file_is_exit_2(tree):
    result = invoke("--diff-file", "missing.patch", ".")
    assert result.exit_code == 2
    assert "cannot read missing.patch" in result.output


def test_diff_options_cannot_be_combined(tree):
    (tree / "change.patch").write_text(PATCH)
    assert invoke("--diff-file", "change.patch", "--diff-base", "HEAD").exit_code == 2


def test_a_changed_line_that_moves_what_an_unchanged_file_exports_is_reported(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "z").mkdir()
    (tmp_path / "z" / "__init__.py").write_text("")
    (tmp_path / "z" / "emb.py").write_text("import torch\n\n\ndef table(n):\n    return torch.arange(n, dtype=torch.float64)\n")
    (tmp_path / "z" / "model.py").write_text("from .emb import table\n\n\ndef build(device):\n    return table(4).to(device)\n")
    (tmp_path / "change.patch").write_text(
        "diff --git a/z/model.py b/z/model.py\n--- a/z/model.py\n+++ b/z/model.py\n"
        "@@ -4,0 +5 @@ def build(device):\n+    return table(4).to(device)\n"
    )
    result = invoke("--diff-file", "change.patch", ".")
    assert (result.exit_code, result.output.splitlines()) == (1, [
        "z/model.py:5:21: F64004 [*] error: float64 tensor (from `torch.arange(dtype=torch.float64)` in `z.emb.table` at "
        "z/emb.py:5) moved to a device that may be 'mps'"
    ])
