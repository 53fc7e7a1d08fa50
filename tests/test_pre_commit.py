"""The pre-commit hook, run by the real pre-commit from a snapshot of this checkout."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Tuple

import pytest

ROOT = Path(__file__).parents[1]

pytestmark = pytest.mark.skipif(
    shutil.which("git") is None or not (ROOT / ".git").exists(),
    reason="needs git and a git checkout of f64lint",
)


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory):
    # One hook environment for the whole module: building it is the slow part.
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(scope="module")
def hook_source(tmp_path_factory) -> Tuple[Path, str]:
    """This checkout as it is on disk (uncommitted changes too), committed once in a
    repository of its own: the hook repository and revision a user's configuration names.
    (`pre-commit try-repo` would commit it anew, and build a new environment, for each run.)"""
    source = tmp_path_factory.mktemp("hook-source")
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=ROOT, check=True, capture_output=True,
    ).stdout.decode().split("\0")
    for name in filter(None, listed):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, source / name)
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q", str(source)], check=True)
    subprocess.run(["git", "add", "-A"], cwd=source, check=True)
    subprocess.run([*git, "commit", "-q", "-m", "snapshot"], cwd=source, check=True)
    revision = subprocess.run(["git", "rev-parse", "HEAD"], cwd=source, check=True, capture_output=True, text=True)
    return source, revision.stdout.strip()


@pytest.fixture
def repo(tmp_path):
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return tmp_path


def run_hook(repo: Path, home: Path, source: Tuple[Path, str], *files: str, hook: str = "f64lint") -> subprocess.CompletedProcess:
    """`pre-commit run HOOK --files ...` in `repo`, configured with the hook from `source`."""
    location, revision = source
    config = f"repos:\n  - repo: {location}\n    rev: {revision}\n    hooks:\n      - id: {hook}\n"
    (repo / ".pre-commit-config.yaml").write_text(config)
    env = dict(os.environ, PRE_COMMIT_HOME=str(home), NO_COLOR="1")
    for name in (".pre-commit-config.yaml", *files):
        subprocess.run(["git", "add", name], cwd=repo, check=True)
    return subprocess.run(
        [sys.executable, "-m", "pre_commit", "run", hook, "--color", "never", "--files", *files],
        cwd=repo, env=env, capture_output=True, text=True,
    )


def test_hook_blocks_a_file_that_hardcodes_float64(repo, pre_commit_home, hook_source):
    (repo / "model.py").write_text("import torch\n\ngrid = torch.arange(8, dtype=torch.float64)\n")
    completed = run_hook(repo, pre_commit_home, hook_source, "model.py")
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert "model.py:3:30: F64001 warning: `torch.float64` used as a dtype in `torch.arange()`" in completed.stdout


def test_hook_passes_a_clean_file(repo, pre_commit_home, hook_source):
    (repo / "model.py").write_text("import torch\n\ngrid = torch.arange(8, dtype=torch.float32)\n")
    completed = run_hook(repo, pre_commit_home, hook_source, "model.py")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "Passed" in completed.stdout


def test_hook_is_skipped_without_python_files(repo, pre_commit_home, hook_source):
    (repo / "notes.md").write_text("float64 everywhere\n")
    completed = run_hook(repo, pre_commit_home, hook_source, "notes.md")
    assert completed.returncode == 0, completed.stdout + completed.stderr
    assert "(no files to check)Skipped" in completed.stdout


def test_force_exclude_holds_for_files_named_one_by_one(repo, pre_commit_home, hook_source):
    (repo / "pyproject.toml").write_text('[tool.f64lint]\nextend-exclude = ["legacy"]\n')
    (repo / "legacy").mkdir()
    (repo / "legacy" / "old.py").write_text("import torch\nx = torch.ones(2).double()\n")
    completed = run_hook(repo, pre_commit_home, hook_source, "pyproject.toml", "legacy/old.py")
    assert completed.returncode == 0, completed.stdout + completed.stderr


def test_fix_hook_rewrites_the_file_and_fails_so_the_change_is_seen(repo, pre_commit_home, hook_source):
    (repo / "load.py").write_text("def load(x, device):\n    return x.to(device).float()\n")
    completed = run_hook(repo, pre_commit_home, hook_source, "load.py", hook="f64lint-fix")
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert "files were modified by this hook" in completed.stdout
    assert (repo / "load.py").read_text() == (
        "import torch\n\n\ndef load(x, device):\n    return x.to(device, dtype=torch.float32)\n"
    )
    subprocess.run(["git", "add", "load.py"], cwd=repo, check=True)
    again = run_hook(repo, pre_commit_home, hook_source, "load.py", hook="f64lint-fix")
    assert again.returncode == 0, again.stdout + again.stderr


def test_hook_checks_notebooks(repo, pre_commit_home, hook_source):
    cells = [{"cell_type": "code", "execution_count": None, "id": "a1", "metadata": {}, "outputs": [],
              "source": ["import torch\n", 'x = torch.ones(2, dtype=torch.float64, device="mps")']}]
    document = {"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    (repo / "explore.ipynb").write_text(json.dumps(document, indent=1) + "\n")
    completed = run_hook(repo, pre_commit_home, hook_source, "explore.ipynb")
    assert completed.returncode == 1, completed.stdout + completed.stderr
    assert "explore.ipynb:cell 1:2:25: F64001 [*] error: `torch.float64` used as a dtype" in completed.stdout
