"""bench/newuser/*/manifest.toml: each program's files are there, and its crash line is
the code the manifest recorded when the crash was seen under emulation."""

from __future__ import annotations

import sys

from bench.newuser import SETS, load

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib


def test_every_set_has_programs_of_both_kinds_with_unique_ids():
    manifests = sorted(SETS.glob("*/manifest.toml"))
    assert manifests
    for manifest in manifests:
        programs = load(manifest)
        assert len({p.id for p in programs}) == len(programs)
        assert {p.kind for p in programs} == {"crash", "precision"}


def test_each_crash_line_holds_the_code_recorded_and_each_twin_is_there():
    for manifest in sorted(SETS.glob("*/manifest.toml")):
        folder = manifest.parent / "programs"
        entries = {e["id"]: e for e in tomllib.loads(manifest.read_text(encoding="utf-8"))["program"]}
        for program in load(manifest):
            assert (folder / program.root).exists(), program.id
            if program.kind != "crash":
                continue
            path, line = program.crash
            lines = (folder / path).read_text(encoding="utf-8").splitlines()
            assert lines[line - 1].strip() == entries[program.id]["crash_code"], program.id
            assert (folder / program.twin_root).exists(), program.id
            for place in program.path_lines:
                travelled, _, number = place.rpartition(":")
                assert (folder / travelled).is_file() and int(number) > 0, place
