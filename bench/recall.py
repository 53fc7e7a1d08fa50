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

The corpus is split in two halves, by a hash of each bug's id (`half_of`): work from the
tuning half (`--half tuning`) and run the held-out half only to report. Every report gives
recall on both halves and by visibility, where the float64 is visible from the bug's lines
(`VISIBILITIES`, first that applies): spelled on them; made by a library other than NumPy
and torch; decided by data at run time; made in another module of the package; carried by
a call's argument or return; elsewhere in the file; within the function. The gap between
the halves is how far the analysis fits what it was tuned on.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
import tempfile
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
VISIBILITIES = ("spelled", "library", "data", "files", "functions", "file", "function")
HALVES = ("tuning", "held-out")
_SPLIT = b"f64lint recall split, issue 37, 2026-12-03:"  # fixed before any result was seen


def half_of(bug_id: str) -> str:
    """The half a bug is in: a hash of its id, so that no one chooses it and a bug added
    later falls in one as the first ones did."""
    return HALVES[hashlib.sha256(_SPLIT + bug_id.encode("utf-8")).digest()[0] % 2]


@dataclass(frozen=True)
class Bug:
    id: str
    package: str
    version: str
    file: str
    lines: Tuple[int, ...]
    kind: str
    visibility: str
    guarded: Tuple[int, ...] = ()

    @property
    def half(self) -> str:
        return half_of(self.id)


def load(path: Path) -> List[Bug]:
    entries = tomllib.loads(path.read_text(encoding="utf-8"))["bug"]
    bugs = [
        Bug(
            e["id"], e["package"], e["version"], e["file"], tuple(e["lines"]), e["kind"], e["visibility"],
            tuple(e.get("guarded", ())),
        )
        for e in entries
    ]
    unknown = sorted({bug.kind for bug in bugs} - set(KINDS))
    if unknown:
        raise SystemExit(f"{path}: unknown kinds {unknown}; known: {', '.join(KINDS)}")
    unseen = sorted({bug.visibility for bug in bugs} - set(VISIBILITIES))
    if unseen:
        raise SystemExit(f"{path}: unknown visibilities {unseen}; known: {', '.join(VISIBILITIES)}")
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


@dataclass(frozen=True)
class Verdict:
    bug: Bug
    by_default: bool  # a finding of the default rules on one of its lines
    strict: bool  # one with F64010 too


def _share(verdicts: Sequence[Verdict], strict: bool = False) -> str:
    if not verdicts:
        return "-"
    caught = sum(v.strict if strict else v.by_default for v in verdicts)
    return f"{caught}/{len(verdicts)} ({caught / len(verdicts):.2f})"


def report(verdicts: Sequence[Verdict], halves: Sequence[str]) -> None:
    """Recall by half, then by visibility and by kind in each half."""
    by_half = {half: [v for v in verdicts if v.bug.half == half] for half in halves}
    packages = len({v.bug.package for v in verdicts})
    print(f"Recall on {len(verdicts)} bugs from {packages} packages (default rules; with {STRICT}):")
    for half, chosen in by_half.items():
        print(f"- {half} half: {_share(chosen)}; {_share(chosen, strict=True)}")
    for title, field, order in (("visibility", "visibility", VISIBILITIES), ("kind", "kind", KINDS)):
        print(f"\n| {title} | " + " | ".join(f"{half}" for half in halves) + " |")
        print("|---|" + "---|" * len(halves))
        for value in order:
            cells = [[v for v in by_half[half] if getattr(v.bug, field) == value] for half in halves]
            if any(cells):
                print(f"| {value} | " + " | ".join(_share(cell) for cell in cells) + " |")
    missed = [v for v in verdicts if not v.by_default]
    print("\nMissed by the default rules:" if missed else "\nMissed by the default rules: none")
    for v in missed:
        bug = v.bug
        also = f" (caught by {STRICT})" if v.strict else ""
        print(f"- [{bug.half}] {bug.id} ({bug.visibility}, {bug.kind}): {bug.package} {bug.version} "
              f"{bug.file}:{list(bug.lines)}{also}")


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "f64lint-recall")
    parser.add_argument("--only", action="append", default=[], help="a bug's id (repeatable)")
    parser.add_argument("--half", choices=HALVES, help="only the bugs of this half (work from the tuning half)")
    args = parser.parse_args(argv or None)
    bugs = [
        bug for bug in load(BUGS)
        if (not args.only or bug.id in args.only) and (args.half is None or bug.half == args.half)
    ]
    args.workdir.mkdir(parents=True, exist_ok=True)

    verdicts: List[Verdict] = []
    on_guarded: List[str] = []  # every finding on a guarded line: an error there is a false alarm
    for bug in bugs:
        path = source_file(bug, unpacked(bug, args.workdir))
        found = findings(path, args.workdir.resolve())
        on_lines = [d for d in found if d["line"] in bug.lines]
        verdict = Verdict(bug, any(d["code"] != STRICT for d in on_lines), bool(on_lines))
        verdicts.append(verdict)
        on_guarded += [
            f"{bug.id}: {d['line']}:{d['column']} {d['code']} {d['severity']} on a guarded line"
            for d in found if d["line"] in bug.guarded
        ]
        said = "caught" if verdict.by_default else f"caught by {STRICT}" if verdict.strict else "missed"
        print(f"  {bug.id}: {said}", file=sys.stderr, flush=True)

    report(verdicts, [args.half] if args.half else HALVES)
    guarded = sum(len(bug.guarded) for bug in bugs)
    errors = sum(" error " in line for line in on_guarded)
    print(f"\nFindings on the {guarded} guarded or CPU-only lines of {sum(bool(bug.guarded) for bug in bugs)} bugs: "
          f"{len(on_guarded)} ({errors} errors)")
    for line in on_guarded:
        print(f"- {line}")


if __name__ == "__main__":
    main()
