"""Recall on the new-user sets. Not a test: it prints figures.

    python bench/newuser.py [--set NAME] [--only ID]

A new-user set (`bench/newuser/<name>/`) is programs written by a helper session that read
only the README, docs/ and BRIEF.md, never f64lint's code: real-world-shaped MPS float64
crashes, each with a float32 twin, and precision programs that use float64 on purpose. Its
`manifest.toml` says where each crash happens (verified under MPS emulation when the set was
written) and which lines the float64 travels through. A crash program is caught when a
finding falls on its crash line or on one of those lines; a twin or a precision program
should have none.

The first run of a set, at the commit its manifest names, is the untuned figure; every
later run is tuned to it (its misses were read): it guards what was fixed and shows what
is still missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Sequence, Tuple

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

SETS = Path(__file__).resolve().parent / "newuser"
STRICT = "F64010"  # the rule off by default that recall is also given with


@dataclass(frozen=True)
class Program:
    id: str
    kind: str  # "crash" or "precision"
    root: str  # a file or a package folder, under programs/
    crash: Tuple[str, int] = ("", 0)
    path_lines: Tuple[str, ...] = ()
    twin_root: str = ""
    shape: str = ""


def load(manifest: Path) -> List[Program]:
    return [
        Program(
            e["id"], e["kind"], e["root"], (e.get("crash_file", ""), e.get("crash_line", 0)),
            tuple(e.get("path_lines", ())), e.get("twin_root", ""), e.get("shape", ""),
        )
        for e in tomllib.loads(manifest.read_text(encoding="utf-8"))["program"]
    ]


def findings(root: Path, programs: Path) -> List[Dict[str, object]]:
    """f64lint's findings on a program (with F64010), paths relative to programs/. It runs
    there, so that the f64lint linted with is the installed one (or the one on PYTHONPATH). A
    program it could not check (an internal error) is said on stderr, and the set is judged on."""
    out = subprocess.run(
        [sys.executable, "-m", "f64lint", "--isolated", "--no-cache", "--exit-zero", "--output-format", "json",
         "--extend-select", STRICT, str(root.relative_to(programs))],
        capture_output=True, text=True, cwd=programs,
    )
    if out.returncode != 0:
        print(f"f64lint exited {out.returncode} on {root.name}: {out.stderr.strip()}", file=sys.stderr)
    return json.loads(out.stdout)


@dataclass(frozen=True)
class Verdict:
    program: Program
    by_default: bool  # a finding of the default rules on its crash line or its path
    error: bool  # one of those an error
    strict: bool  # any finding there, F64010 included
    on_clean: Tuple[str, ...]  # findings on its twin (or on itself, a precision program)


def judged(program: Program, programs: Path) -> Verdict:
    clean_root = program.twin_root if program.kind == "crash" else program.root
    on_clean = tuple(
        f"{d['path']}:{d['line']} {d['code']} {d['severity']}" for d in findings(programs / clean_root, programs)
    )
    if program.kind != "crash":
        return Verdict(program, False, False, False, on_clean)
    crash = f"{program.crash[0]}:{program.crash[1]}"
    on_path = [
        d for d in findings(programs / program.root, programs)
        if f"{d['path']}:{d['line']}" in (crash, *program.path_lines)
    ]
    default = [d for d in on_path if d["code"] != STRICT]
    return Verdict(program, bool(default), any(d["severity"] == "error" for d in default), bool(on_path), on_clean)


def report(name: str, verdicts: Sequence[Verdict]) -> None:
    crashes = [v for v in verdicts if v.program.kind == "crash"]
    n = len(crashes)
    print(f"New-user set {name}: {n} crash programs")
    print(f"- caught by the default rules: {sum(v.by_default for v in crashes)}/{n}, "
          f"with an error {sum(v.error for v in crashes)}/{n}; with {STRICT}: {sum(v.strict for v in crashes)}/{n}")
    twins = [v for v in crashes if v.on_clean]
    precise = [v for v in verdicts if v.program.kind != "crash"]
    flagged = [v for v in precise if v.on_clean]
    print(f"- twins with a finding: {len(twins)}/{n}; precision programs with one: {len(flagged)}/{len(precise)}")
    for v in (*twins, *flagged):
        for line in v.on_clean:
            print(f"  - {v.program.id}: {line}")
    missed = [v for v in crashes if not v.by_default]
    print("\nMissed by the default rules:" if missed else "\nMissed by the default rules: none")
    for v in missed:
        also = f" (caught by {STRICT})" if v.strict else ""
        print(f"- {v.program.id}{also}: {v.program.shape}")


def main(argv: Sequence[str] = ()) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--set", action="append", default=[], help="a set's name (repeatable; default: all)")
    parser.add_argument("--only", action="append", default=[], help="a program's id (repeatable)")
    args = parser.parse_args(argv or None)
    names = args.set or sorted(path.name for path in SETS.iterdir() if (path / "manifest.toml").is_file())
    for name in names:
        programs = SETS / name / "programs"
        chosen = [p for p in load(SETS / name / "manifest.toml") if not args.only or p.id in args.only]
        verdicts = []
        for program in chosen:
            verdicts.append(judged(program, programs))
            print(f"  {name} {program.id}: {'caught' if verdicts[-1].by_default else 'missed'}", file=sys.stderr,
                  flush=True)
        report(name, verdicts)


if __name__ == "__main__":
    main()
