"""bench/precision/packages.toml: well-formed, every release pinned, and no package kept for
independent evaluation (bench/reserved.py) or already in the recall corpus."""

from __future__ import annotations

import re
import sys
from pathlib import PurePosixPath

import bench.recall
from bench.precision import PACKAGES, is_test_code, load
from bench.reserved import RESERVED, is_reserved, normalised

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

FIELDS = {"name", "version", "kind", "why", "tests"}
PINNED = re.compile(r"\d+(\.\d+)*((a|b|rc)\d+)?(\.post\d+)?(\.dev\d+)?")


def test_every_package_is_complete_and_pinned():
    entries = tomllib.loads(PACKAGES.read_text(encoding="utf-8"))["package"]
    packages = load(PACKAGES)
    assert 22 <= len(packages) <= 26
    for entry, package in zip(entries, packages):
        assert set(entry) == FIELDS, package.name
        assert PINNED.fullmatch(package.version), f"{package.name}: {package.version!r} is not one release"
        assert package.kind.strip() and package.why.strip() and "\n" not in package.why, package.name
        assert package.tests and isinstance(entry["tests"], list), package.name
        for folder in package.tests:
            path = PurePosixPath(folder)
            assert folder and not path.is_absolute() and ".." not in path.parts and "\\" not in folder, package.name
    assert len({normalised(p.name) for p in packages}) == len(packages)


def test_no_package_is_reserved_or_in_the_recall_corpus():
    used = {normalised(p.name) for p in load(PACKAGES)}
    assert not used & {normalised(name) for name in RESERVED}
    assert not any(is_reserved(name) for name in used)
    recall = {normalised(bug.package) for bug in bench.recall.load(bench.recall.BUGS)}
    assert recall and not used & recall
    assert "torch" not in used


def test_reserved_names_are_compared_as_the_registry_does():
    assert is_reserved("Stable_Baselines3") and is_reserved("pytorch.lightning") and is_reserved("ComfyUI-Manager")
    assert not is_reserved("timm")


def test_test_code_is_told_by_folder_or_file_name():
    assert is_test_code("tests/models/helpers.py") and is_test_code("pkg/test/base.py")
    assert is_test_code("pkg/test_layers.py") and is_test_code("pkg/layers_test.py") and is_test_code("conftest.py")
    assert not is_test_code("pkg/testing/fakes.py") and not is_test_code("pkg/latest.py")
    assert not is_test_code("pkg/contest_utils.py")
