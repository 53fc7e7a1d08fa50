"""The content cache: hits skip linting, any change misses, broken entries are ignored."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from f64lint.runner import cache
from f64lint.runner import one_file as lint_file
from f64lint.runner import run as runner
from f64lint.analysis.semantic import modules
from f64lint.runner.cache import CACHE_DIR_NAME, Cache
from f64lint.cli.command import command
from f64lint.workspace.settings import Settings
from f64lint.runner.results import FixMode

SOURCE = "import torch\nx = torch.zeros(2, dtype=torch.float64).double()\n"


def summary(result):
    return [(d.path, d.code, d.start.line, d.start.column, d.severity.value) for d in result.diagnostics]


@pytest.fixture
def project(tmp_path):
    (tmp_path / "m.py").write_text(SOURCE)
    return tmp_path


def run_with_cache(project, settings=None):
    settings = settings or Settings(root=project)
    return runner.run([project], settings, cache=Cache(project / CACHE_DIR_NAME))


def forbid_linting(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("linted although cached")

    monkeypatch.setattr(lint_file, "lint_source", fail)


def test_second_run_is_served_from_the_cache(project, monkeypatch):
    first = summary(run_with_cache(project))
    forbid_linting(monkeypatch)
    assert summary(run_with_cache(project)) == first
    assert len(first) == 2


def test_the_same_bytes_in_a_test_module_are_not_served_a_library_module_s_result(tmp_path):
    # A float64 dtype in library code is a finding; in a test with no device it stays on the CPU.
    (tmp_path / "src").mkdir()
    (tmp_path / "tests").mkdir()
    source = "import torch\nx = torch.zeros(3, dtype=torch.float64)\n"
    (tmp_path / "src" / "a.py").write_text(source)
    (tmp_path / "tests" / "test_x.py").write_text(source)
    library = str(tmp_path / "src" / "a.py")
    assert summary(runner.run([tmp_path], Settings(root=tmp_path))) == [(library, "F64001", 2, 26, "warning")]
    assert summary(run_with_cache(tmp_path)) == [(library, "F64001", 2, 26, "warning")]


def test_changed_content_or_settings_miss(project, monkeypatch):
    run_with_cache(project)
    (project / "m.py").write_text(SOURCE + "y = 1\n")
    assert len(summary(run_with_cache(project))) == 2
    assert summary(run_with_cache(project, Settings(root=project, ignore=("F64002",))))[0][1] == "F64001"
    from f64lint.diagnostic import Severity

    warned = Settings(root=project, severity=(("F64", Severity.WARNING),))
    assert {row[4] for row in summary(run_with_cache(project, warned))} == {"warning"}


def test_results_of_another_f64lint_source_are_not_read():
    # Every module of the package goes into the cache key, not only the runner's own
    # (a change to a rule or the analysis once went on reading the old results).
    package = Path(cache.__file__).parents[1]
    names = {path.relative_to(package).as_posix() for path in cache.own_sources()}
    assert {"rules/torch_float64_dtype.py", "linter/narrowing/classes.py", "runner/cache.py"} <= names


def test_corrupt_entries_are_ignored(project):
    expected = summary(run_with_cache(project))
    for entry in (project / CACHE_DIR_NAME).rglob("*.json"):
        entry.write_text("[[1, 2")
    assert summary(run_with_cache(project)) == expected


def test_cache_folder_is_gitignored_and_tagged(project):
    run_with_cache(project)
    assert (project / CACHE_DIR_NAME / ".gitignore").read_text().splitlines()[-1] == "*"
    assert (project / CACHE_DIR_NAME / "CACHEDIR.TAG").read_text().startswith("Signature: 8a477f597d28d172789f06886806bc55")


def test_unwritable_cache_is_not_fatal(project):
    (project / CACHE_DIR_NAME).write_text("not a folder")
    assert len(summary(run_with_cache(project))) == 2


def test_cli_no_cache_and_cache_dir(project, monkeypatch):
    monkeypatch.chdir(project)
    CliRunner().invoke(command, ["--no-cache", "."])
    assert not (project / CACHE_DIR_NAME).exists()
    CliRunner().invoke(command, ["--cache-dir", "elsewhere", "."])
    assert not (project / CACHE_DIR_NAME).exists() and list((project / "elsewhere").rglob("*.json"))
    CliRunner().invoke(command, ["."])
    assert list((project / CACHE_DIR_NAME).rglob("*.json"))


def test_cached_paths_follow_the_current_name(project, monkeypatch):
    run_with_cache(project)
    (project / "m.py").rename(project / "renamed.py")
    forbid_linting(monkeypatch)
    assert {Path(row[0]).name for row in summary(run_with_cache(project))} == {"renamed.py"}


@pytest.fixture
def settled(monkeypatch):
    """Files count as settled at once (the stamp index skips files changed in the last two
    seconds, and a test cannot date a file's change time back)."""
    monkeypatch.setattr(cache, "RACY_NS", 0)


def forbid_reading(monkeypatch):
    def fail(path):
        raise AssertionError(f"read {path} although its stamp is unchanged")

    monkeypatch.setattr(lint_file, "read_bytes", fail)


def test_unchanged_files_are_not_even_read(project, monkeypatch, settled):
    first = summary(run_with_cache(project))
    forbid_reading(monkeypatch)
    assert summary(run_with_cache(project)) == first
    assert len(first) == 2


def test_a_fresh_file_is_read_again(project, monkeypatch):
    run_with_cache(project)  # m.py was written just now: too fresh to index
    forbid_reading(monkeypatch)
    with pytest.raises(AssertionError, match="although its stamp is unchanged"):
        run_with_cache(project)


def test_a_changed_stamp_or_setting_misses_the_index(project, settled):
    path = project / "m.py"
    run_with_cache(project)
    status = path.stat()
    path.write_text(SOURCE.replace("float64", "float32"))  # same size, same times, new content
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    assert [row[1] for row in summary(run_with_cache(project))] == ["F64002"]
    assert summary(run_with_cache(project, Settings(root=project, ignore=("F64002",)))) == []


def test_a_broken_index_is_ignored(project, settled):
    expected = summary(run_with_cache(project))
    for index in (project / CACHE_DIR_NAME).rglob("stamps.json"):
        index.write_text('{"' + str(project / "m.py") + '": [1, 2, 3]}')
    assert summary(run_with_cache(project)) == expected
    for index in (project / CACHE_DIR_NAME).rglob("stamps.json"):
        index.write_text("[[")
    assert summary(run_with_cache(project)) == expected


def test_fix_lints_again_a_file_the_index_knows(project, settled):
    path = project / "m.py"
    run_with_cache(project)
    settings = Settings(root=project, unsafe_fixes=True)
    fixed = runner.run([project], settings, cache=Cache(project / CACHE_DIR_NAME), fix=FixMode())
    assert len(fixed.fixed) == 2 and "float64" not in path.read_text()


CONFTEST = """\
import pytest


def pytest_collection_modifyitems(config, items):
    for item in items:
        if "mps" in item.name and "gradcheck" in item.name:
            item.add_marker(pytest.mark.skip(reason="no float64"))
"""
TEST_SOURCE = """\
import torch


def test_gradcheck(device):
    return torch.zeros(2, dtype=torch.float64, device=device)
"""


@pytest.mark.parametrize("use_index", [False, True], ids=["content cache", "stamp index"])
def test_a_changed_conftest_misses_the_cache_of_the_tests_below_it(tmp_path, monkeypatch, use_index):
    if use_index:
        monkeypatch.setattr(cache, "RACY_NS", 0)
    tests = tmp_path / "tests"
    tests.mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    (tests / "conftest.py").write_text(CONFTEST)
    (tests / "test_ops.py").write_text(TEST_SOURCE)
    assert summary(run_with_cache(tmp_path)) == []  # the hook skips the test's MPS runs
    (tests / "conftest.py").write_text(CONFTEST.replace('"gradcheck"', '"jacobian"'))
    test = str(tests / "test_ops.py")
    assert summary(run_with_cache(tmp_path)) == [(test, "F64001", 5, 33, "warning")]


def test_a_conftest_created_above_a_test_misses_the_stamp_index(tmp_path, monkeypatch):
    monkeypatch.setattr(cache, "RACY_NS", 0)
    tests = tmp_path / "tests"
    tests.mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    (tests / "test_ops.py").write_text(TEST_SOURCE)
    test = str(tests / "test_ops.py")
    assert summary(run_with_cache(tmp_path)) == [(test, "F64001", 5, 33, "warning")]
    (tests / "conftest.py").write_text(CONFTEST)
    assert summary(run_with_cache(tmp_path)) == []


BASE_CASE = "import unittest\nimport torch\n\nclass Base(unittest.TestCase):\n    device = torch.device({})\n"
MAYBE_MPS = '"mps" if torch.backends.mps.is_available() else "cpu"'


def suite_of_one_test(root):
    """A project whose test takes its device from `cases.Base` (not written yet), settled at
    once; the folder of its tests."""
    tests = root / "tests"
    tests.mkdir()
    (root / "pyproject.toml").write_text("")
    (tests / "test_ops.py").write_text(
        "import torch\nfrom cases import Base\n\nclass TestOps(Base):\n"
        "    def test_sum(self):\n        return torch.zeros(2, dtype=torch.float64, device=self.device)\n"
    )
    return tests


def test_a_changed_base_class_module_misses_the_stamp_index(tmp_path, monkeypatch):
    # The test's device comes from a base class in another module: CPU only at first.
    monkeypatch.setattr(cache, "RACY_NS", 0)
    tests = suite_of_one_test(tmp_path)
    (tests / "cases.py").write_text(BASE_CASE.format('"cpu"'))
    assert summary(run_with_cache(tmp_path)) == []
    (tests / "cases.py").write_text(BASE_CASE.format(MAYBE_MPS))
    assert [row[1:3] for row in summary(run_with_cache(tmp_path))] == [("F64001", 6)]


def test_a_base_class_module_created_before_the_one_read_misses_the_stamp_index(tmp_path, monkeypatch):
    # `from cases import Base` reads the project root's cases.py before the test folder's:
    # one created there later is the one read, and so is one created where none was.
    monkeypatch.setattr(cache, "RACY_NS", 0)
    tests = suite_of_one_test(tmp_path)
    assert [row[1:3] for row in summary(run_with_cache(tmp_path))] == [("F64001", 6)]
    (tests / "cases.py").write_text(BASE_CASE.format('"cpu"'))
    assert summary(run_with_cache(tmp_path)) == []
    (tmp_path / "cases.py").write_text(BASE_CASE.format(MAYBE_MPS))
    assert [row[1:3] for row in summary(run_with_cache(tmp_path))] == [("F64001", 6)]


def test_a_file_whose_package_changes_misses_the_stamp_index(tmp_path, monkeypatch):
    # Under tools/ a module with a `__main__` guard is a script until tools/ is a package.
    monkeypatch.setattr(cache, "RACY_NS", 0)
    tools = tmp_path / "tools"
    tools.mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    (tools / "run.py").write_text(
        "import torch\n\n\ndef main():\n    return torch.zeros(3, dtype=torch.float64).to(\"cuda\")\n\n\n"
        "if __name__ == \"__main__\":\n    main()\n"
    )
    assert summary(run_with_cache(tmp_path)) == []
    (tools / "__init__.py").write_text("")
    modules.forget_packages()  # as a process that outlives a run does (the editor's server)
    assert [row[1:3] for row in summary(run_with_cache(tmp_path))] == [("F64001", 5)]
    (tools / "__init__.py").unlink()
    modules.forget_packages()
    assert summary(run_with_cache(tmp_path)) == []

WARM_RUN = """
import sys
import f64lint.runner.cache
f64lint.runner.cache.RACY_NS = 0  # the files were just written
from f64lint.cli.command import main
sys.argv = ["f64lint", "--exit-zero", "--output-format", "json", "--output-file", "out.json", "."]
try:
    main()
except SystemExit:
    pass
heavy = ("f64lint.rules", "f64lint.linter.lint", "f64lint.runner.one_file", "f64lint.analysis.flow.analysis", "libcst")
print(sorted(name for name in sys.modules if name.startswith(heavy)))
"""


def test_a_run_whose_files_are_all_indexed_loads_neither_rules_nor_analysis(tmp_path):
    # The project's configuration selects rules and ignores some per file: checking it
    # needs the rules' codes, not the rules.
    (tmp_path / "pyproject.toml").write_text(
        '[tool.f64lint]\nignore = ["F64100"]\n\n[tool.f64lint.per-file-ignores]\n"tests/*" = ["F64002"]\n'
    )
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "utils.py").write_text("import torch\ntable = torch.ones(3, dtype=torch.float64)\n")
    (tmp_path / "pkg" / "model.py").write_text("from .utils import table\n\ndef f(x):\n    return table.to(x.device)\n")

    def run():
        done = subprocess.run([sys.executable, "-c", WARM_RUN], cwd=tmp_path, capture_output=True, text=True, check=True)
        findings = [(d["path"], d["code"], d["line"]) for d in json.loads((tmp_path / "out.json").read_text())]
        return done.stdout.strip(), findings

    cold_modules, cold = run()
    warm_modules, warm = run()
    assert "'f64lint.rules'" in cold_modules
    assert warm_modules == "[]"
    assert warm == cold == [("pkg/model.py", "F64004", 4), ("pkg/utils.py", "F64001", 2)]


def test_the_index_keeps_only_the_keys_its_entries_name(tmp_path):
    from f64lint.analysis.project.exports import Export

    now = (1, 2, 3, 4)
    index = cache.StampIndex(tmp_path, tmp_path / "stamps.json")
    index.put("/p/model.py", "settings", now, [], [])
    runs = cache.IMPORTS_KEPT + 2
    for run in range(runs):  # each run's exports differ: a new digest each time
        export = Export("pkg.utils", "table", True, "np.linspace", "float64", "pkg/utils.py", run + 1)
        index.put_imported("/p/model.py", f"digest{run}", now, [export])
        index.save()
        index = cache.StampIndex.load(tmp_path, tmp_path / "stamps.json")
    # What it imports of the last few sets of exports (the project phase's rounds look it up in several).
    assert index.keys == ["settings", *(f"digest{run}" for run in range(2, runs))]
    assert index.imported("/p/model.py", f"digest{runs - 1}", now)[0].line == runs
    assert index.imported("/p/model.py", "digest2", now)[0].line == 3
    assert index.imported("/p/model.py", "digest1", now) is None
    assert index.get("/p/model.py", "model.py", "settings", now) == ([], ())


def forbid_looking_up_files(monkeypatch):
    def fail(*args, **kwargs):
        raise AssertionError("looked up each file although the whole run is indexed")

    monkeypatch.setattr(runner, "entries_of", fail)


def test_a_run_like_the_last_gives_its_findings_without_looking_up_each_file(project, monkeypatch, settled):
    (project / "clean.py").write_text("import torch\n")
    first = run_with_cache(project)
    forbid_looking_up_files(monkeypatch)
    again = run_with_cache(project)
    assert summary(again) == summary(first) and len(summary(first)) == 2
    assert sorted(again.checked) == sorted(first.checked) and again.files_checked == 2


def test_a_run_from_another_folder_shows_its_paths_from_there(project, monkeypatch, settled):
    (project / "sub").mkdir()
    settings = Settings(root=project)
    shown = lambda given: [row[0] for row in summary(runner.run([Path(given)], settings, cache=Cache(project / CACHE_DIR_NAME)))]  # noqa: E731
    monkeypatch.chdir(project)
    assert shown(".") == ["m.py", "m.py"]
    monkeypatch.chdir(project / "sub")
    assert shown("..") == ["../m.py", "../m.py"]
    forbid_looking_up_files(monkeypatch)
    assert shown("..") == ["../m.py", "../m.py"]


def test_a_changed_file_the_run_depends_on_outside_it_is_not_replayed(tmp_path, monkeypatch, settled):
    # Only the test module is linted; the conftest.py that skips its MPS runs is outside the run.
    tests = tmp_path / "tests"
    tests.mkdir()
    (tmp_path / "pyproject.toml").write_text("")
    (tests / "conftest.py").write_text(CONFTEST)
    test = tests / "test_ops.py"
    test.write_text(TEST_SOURCE)
    settings = Settings(root=tmp_path)
    linted = lambda: summary(runner.run([test], settings, cache=Cache(tmp_path / CACHE_DIR_NAME)))  # noqa: E731
    assert linted() == [] and linted() == []
    (tests / "conftest.py").write_text(CONFTEST.replace('"gradcheck"', '"jacobian"'))
    assert linted() == [(str(test), "F64001", 5, 33, "warning")]


def test_the_index_keeps_the_last_few_runs(project, settled):
    for ignored in ("F64001", "F64002", "F64003", "F64004", "F64005"):
        run_with_cache(project, Settings(root=project, ignore=(ignored,)))
    index = json.loads(next((project / CACHE_DIR_NAME).rglob("stamps.json")).read_text())
    assert len(index["runs"]) == cache.KEPT_RUNS == 4
