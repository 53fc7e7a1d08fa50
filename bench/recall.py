"""Recall on real MPS float64 bugs that maintainers fixed. Not a test: it prints figures.

    python bench/recall.py [--workdir /tmp/f64lint-recall] [--only ID]

`bench/recall/bugs.toml` lists each bug: the package and the last release with the bug,
the file in it and the lines the fix changed, the kind of bug, and where the fix is
described; optionally `guarded` lines of the same file that keep float64 off MPS on
purpose (no error may fall there). Only this metadata is in the repository: the first run
downloads each release from the package registry (`pip download --no-deps`) into the work
folder and unpacks it.

Each bug's file is linted with the folder it is in (so that what its neighbours export is
seen, as in a project's own run); a bug is caught when a finding falls on one of its
lines. Recall is printed overall and by kind, with the bugs missed: by the default rules,
and with F64010 (data of unseen dtype, off by default) turned on too.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.registry import unpacked_release  # noqa: E402

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

BUGS = Path(__file__).resolve().parent / "recall" / "bugs.toml"
KINDS = ("spelled", "numpy", "late-cast", "lost-flow", "cross-function", "cross-file", "library", "data-dtype")


@dataclass(frozen=True)
class Bug:
    id: str
    package: str
    version: str
    file: str
    lines: Tuple[int, ...]
    kind: str
    guarded: Tuple[int, ...] = ()


def load(path: Path) -> List[Bug]:
    entries = tomllib.loads(path.read_text(encoding="utf-8"))["bug"]
    bugs = [
        Bug(e["id"], e["package"], e["version"], e["file"], tuple(e["lines"]), e["kind"], tuple(e.get("guarded", ())))
        for e in entries
    ]
    unknown = sorted({bug.kind for bug in bugs} - set(KINDS))
    if unknown:
        raise SystemExit(f"{path}: unknown kinds {unknown}; known: {', '.join(KINDS)}")
    return bugs


def unpacked(bug: Bug, work: Path) -> Path:
    """The folder the release's files are in, downloaded and unpacked on first use."""
    return unpacked_release(bug.package, bug.version, work)


def source_file(bug: Bug, root: Path) -> Path:
    """The bug's file in the unpacked release (an sdist may put it under `src/`)."""
    for candidate in (root / bug.file, root / "src" / bug.file):
        if candidate.is_file():
            return candidate
    raise SystemExit(f"{bug.id}: {bug.file} is not in {bug.package} {bug.version}")


STRICT = "F64010"  # the rule off by default that recall is also given with


def findings(path: Path, work: Path) -> List[Dict[str, object]]:
    """f64lint's findings on a file, linted with the other files of its folder. It runs in
    the work folder, so that the f64lint linted with is the installed one (or the one on
    PYTHONPATH), never a checkout the script happens to be started in."""
    out = subprocess.run(
        [sys.executable, "-m", "f64lint", "--isolated", "--no-cache", "--exit-zero", "--output-format", "json",
         "--extend-select", STRICT, str(path.parent)],
        check=True, capture_output=True, text=True, cwd=work,
    )
    return [d for d in json.loads(out.stdout) if (work / str(d["path"])).resolve() == path.resolve()]


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "f64lint-recall")
    parser.add_argument("--only", action="append", default=[], help="a bug's id (repeatable)")
    args = parser.parse_args(argv or None)
    bugs = [bug for bug in load(BUGS) if not args.only or bug.id in args.only]
    args.workdir.mkdir(parents=True, exist_ok=True)

    caught: Counter = Counter()  # by the default rules
    strict: Counter = Counter()  # with F64010 too
    total: Counter = Counter()
    missed: List[str] = []
    on_guarded: List[str] = []  # every finding on a guarded line: an error there is a false alarm
    for bug in bugs:
        path = source_file(bug, unpacked(bug, args.workdir))
        found = findings(path, args.workdir.resolve())
        on_lines = [d for d in found if d["line"] in bug.lines]
        by_default = [d for d in on_lines if d["code"] != STRICT]
        total[bug.kind] += 1
        caught[bug.kind] += bool(by_default)
        strict[bug.kind] += bool(on_lines)
        if not by_default:
            also = f" (caught by {STRICT})" if on_lines else ""
            missed.append(f"{bug.id} ({bug.kind}): {bug.package} {bug.version} {bug.file}:{list(bug.lines)}{also}")
        on_guarded += [
            f"{bug.id}: {d['line']}:{d['column']} {d['code']} {d['severity']} on a guarded line"
            for d in found if d["line"] in bug.guarded
        ]
        verdict = "caught" if by_default else f"caught by {STRICT}" if on_lines else "missed"
        print(f"  {bug.id}: {verdict}", file=sys.stderr, flush=True)

    packages = len({bug.package for bug in bugs})
    share = max(len(bugs), 1)
    print(f"Recall on {len(bugs)} bugs from {packages} packages: default rules {sum(caught.values())}/{len(bugs)} "
          f"({sum(caught.values()) / share:.2f}); with {STRICT} {sum(strict.values())}/{len(bugs)} "
          f"({sum(strict.values()) / share:.2f})\n")
    print(f"| kind | default rules | with {STRICT} | bugs |")
    print("|---|---|---|---|")
    for kind in KINDS:
        if total[kind]:
            print(f"| {kind} | {caught[kind]} | {strict[kind]} | {total[kind]} |")
    print("\nMissed by the default rules:" if missed else "\nMissed by the default rules: none")
    for line in missed:
        print(f"- {line}")
    guarded = sum(len(bug.guarded) for bug in bugs)
    errors = sum(" error " in line for line in on_guarded)
    print(f"\nFindings on the {guarded} guarded or CPU-only lines of {sum(bool(bug.guarded) for bug in bugs)} bugs: "
          f"{len(on_guarded)} ({errors} errors)")
    for line in on_guarded:
        print(f"- {line}")

if __name__ == "__main__":
    main()
