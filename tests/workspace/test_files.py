"""Which files are linted: walking, excludes, .gitignore, explicit files, force-exclude."""

from __future__ import annotations

import os
from pathlib import Path

from f64lint.workspace.settings import Settings
from f64lint.workspace.discovery import discover


def tree(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x = 1\n")


def found(root: Path, settings: Settings, *paths: Path):
    return [file.path.relative_to(root).as_posix() for file in discover(list(paths) or [root], settings)]


def test_walks_py_and_pyi_sorted_skipping_default_excludes(tmp_path):
    tree(tmp_path, "b.py", "a/stub.pyi", "a/data.txt", ".venv/lib/x.py", "build/gen.py",
         "node_modules/m.py", "pkg/__pycache__/c.py", "pkg/mod.py")
    assert found(tmp_path, Settings(root=tmp_path, extend_exclude=("__pycache__",))) == [
        "a/stub.pyi", "b.py", "pkg/mod.py",
    ]


def test_gitignore_files_are_honoured_with_nesting_and_negation(tmp_path):
    tree(tmp_path, "keep.py", "gen_a.py", "sub/gen_b.py", "sub/gen_keep.py", "sub/deep/x.py", "out/y.py")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("gen_*.py\nout/\n")
    (tmp_path / "sub" / ".gitignore").write_text("!gen_keep.py\ndeep/\n")
    assert found(tmp_path, Settings(root=tmp_path)) == ["keep.py", "sub/gen_keep.py"]
    assert found(tmp_path, Settings(root=tmp_path, respect_gitignore=False)) == [
        "gen_a.py", "keep.py", "out/y.py", "sub/deep/x.py", "sub/gen_b.py", "sub/gen_keep.py",
    ]


def test_gitignore_above_the_linted_directory_applies(tmp_path):
    tree(tmp_path, "src/a.py", "src/gen_b.py")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("gen_*.py\n")
    assert found(tmp_path, Settings(root=tmp_path), tmp_path / "src") == ["src/a.py"]


def test_the_linted_directory_s_own_gitignore_applies_after_those_above(tmp_path):
    tree(tmp_path, "src/a.py", "src/gen_b.py", "src/gen_keep.py", "src/out/c.py")
    (tmp_path / ".git").mkdir()
    (tmp_path / ".gitignore").write_text("gen_*.py\n")
    (tmp_path / "src" / ".gitignore").write_text("!gen_keep.py\nout/\n")
    assert found(tmp_path, Settings(root=tmp_path), tmp_path / "src") == ["src/a.py", "src/gen_keep.py"]


def test_files_found_from_the_current_directory_have_no_leading_dot(tmp_path, monkeypatch):
    tree(tmp_path, "b.py", "pkg/a.py")
    monkeypatch.chdir(tmp_path)
    files = discover([Path(".")], Settings(root=tmp_path))
    assert [(file.name, file.absolute) for file in files] == [
        ("b.py", str(tmp_path / "b.py")), (str(Path("pkg/a.py")), str(tmp_path / "pkg" / "a.py")),
    ]


def test_names_below_a_folder_are_joined_as_path_joins_them():
    from f64lint.workspace.discovery import _folder_prefix

    for folder in (".", "src", "src/models", "../x", os.sep, str(Path.cwd())):
        assert _folder_prefix(folder) + "a.py" == str(Path(folder) / "a.py")


def test_exclude_patterns_by_name_and_by_path(tmp_path):
    tree(tmp_path, "src/legacy/old.py", "src/new.py", "tests/test_x.py", "other/legacy/z.py")
    settings = Settings(root=tmp_path, extend_exclude=("src/legacy/", "test_*.py"))
    assert found(tmp_path, settings) == ["other/legacy/z.py", "src/new.py"]


def test_exclude_replaces_defaults(tmp_path):
    tree(tmp_path, "build/gen.py", "a.py")
    assert found(tmp_path, Settings(root=tmp_path, exclude=("a.py",))) == ["build/gen.py"]


def test_named_file_is_linted_even_if_excluded_unless_force_exclude(tmp_path):
    tree(tmp_path, "build/gen.py", "migrations/m.py")
    settings = Settings(root=tmp_path, extend_exclude=("migrations",))
    named = [tmp_path / "build" / "gen.py", tmp_path / "migrations" / "m.py"]
    assert found(tmp_path, settings, *named) == ["build/gen.py", "migrations/m.py"]
    forced = Settings(root=tmp_path, extend_exclude=("migrations",), force_exclude=True)
    assert found(tmp_path, forced, *named) == []


def test_named_directory_under_an_excluded_name_is_walked(tmp_path):
    # Linting installed packages: the `site-packages` above them must not exclude them.
    tree(tmp_path, "site-packages/transformers/models/bert.py")
    root = tmp_path / "site-packages" / "transformers"
    assert found(tmp_path, Settings(root=tmp_path), root) == ["site-packages/transformers/models/bert.py"]


def test_duplicates_are_linted_once(tmp_path):
    tree(tmp_path, "a.py")
    assert found(tmp_path, Settings(root=tmp_path), tmp_path, tmp_path / "a.py") == ["a.py"]


def test_explicit_non_python_file_is_linted(tmp_path):
    tree(tmp_path, "script")
    assert found(tmp_path, Settings(root=tmp_path), tmp_path / "script") == ["script"]


def test_paths_are_shown_relative_to_the_current_directory_when_below_it(tmp_path, monkeypatch):
    from f64lint.workspace.discovery import display_path

    (tmp_path / "pkg").mkdir()
    monkeypatch.chdir(tmp_path / "pkg")
    assert display_path(tmp_path / "pkg" / "sub" / "model.py") == "sub/model.py"
    assert display_path(Path("../pkg/model.py")) == "model.py"
    assert display_path(Path("sub/model.py")) == "sub/model.py"
    assert display_path(tmp_path / "other.py") == (tmp_path / "other.py").as_posix()
    assert display_path(tmp_path / "pkg") == "."
    assert display_path(tmp_path / "pkgx" / "model.py") == (tmp_path / "pkgx" / "model.py").as_posix()
