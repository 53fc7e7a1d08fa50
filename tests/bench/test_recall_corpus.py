"""bench/recall/bugs.toml: well-formed, and no bug from a package kept for independent
evaluation (bench/reserved.py lists them)."""

from __future__ import annotations

import sys
from pathlib import Path

from bench.recall import BUGS, HALVES, KINDS, VISIBILITIES, half_of, load
from bench.reserved import RESERVED, normalised

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib


def test_every_bug_is_complete_and_of_a_known_kind():
    bugs = load(BUGS)
    entries = tomllib.loads(BUGS.read_text(encoding="utf-8"))["bug"]
    assert len({bug.id for bug in bugs}) == len(bugs)
    for bug, entry in zip(bugs, entries):
        assert bug.kind in KINDS
        assert bug.visibility in VISIBILITIES
        assert bug.lines and all(line > 0 for line in bug.lines), bug.id
        assert bug.file.endswith(".py") and not Path(bug.file).is_absolute(), bug.id
        assert entry.get("reference") and entry.get("description") and entry.get("fixed_in"), bug.id


def test_no_bug_comes_from_a_package_kept_for_independent_evaluation():
    used = {normalised(bug.package) for bug in load(BUGS)}
    assert not used & {normalised(name) for name in RESERVED}
    assert not any(name.startswith("comfyui") for name in used)


def test_the_halves_are_a_hash_of_each_id_and_both_hold_bugs():
    bugs = load(BUGS)
    assert {bug.half for bug in bugs} == set(HALVES)
    assert all(bug.half == half_of(bug.id) for bug in bugs)
    # The split is fixed: these ids fell in these halves when it was made (issue 37).
    assert half_of("tf-whisper-timeoffset-f64") == "held-out"
    assert half_of("pypde-torch-backend-double-default") == "tuning"
