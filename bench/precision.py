"""Precision on released ML code: what f64lint reports on packages that are not known to be
buggy, their tests included. Not a test: it prints figures, and samples for a person to judge.

    python bench/precision.py [--workdir /tmp/f64lint-precision] [--only NAME] [--json OUT]
        [--sample N [--seed S] [--severity error|warning] [--code F64xxx] [--where tests|code|all]]
        [-- F64LINT-ARGUMENTS...]

`bench/precision/packages.toml` lists the packages: an exact release whose source
distribution ships its tests, the kind of ML code, why it was picked and where its tests
are. Only this metadata is in the repository: the first run downloads each sdist from the
package registry (`pip download --no-deps --no-binary NAME`) into the work folder and
unpacks it; later runs reuse it.

Each package's unpacked folder is linted whole with `python -m f64lint --isolated
--no-cache --exit-zero --no-respect-gitignore --output-format json FOLDER` (an sdist is no
checkout: the files its .gitignore names, such as a generated `_version.py`, ship with the
package, and are linted and counted), run in the work folder so that the
f64lint measured is the installed one (or the one on PYTHONPATH), never a checkout the
script happens to be started in (bench/recall.py explains why). Arguments after `--` are
passed on to f64lint (`-- --extend-select F64010`).

Printed: for each package the files linted and the errors and warnings, in test code and
in other code; the totals; the findings by rule and severity; and the time taken. Test code
is a file under a `tests` or `test` folder, or named `test_*.py`, `*_test.py` or
`conftest.py`. Files are counted as f64lint walks them: `*.py` and `*.pyi`, without the
folders it excludes by default (the count agrees with f64lint's "N files checked").

`--sample N` then draws N findings at random (`--seed`), among those of a severity, a rule
and a kind of code if asked (F649xx, the files f64lint could not read or parse, only when
`--code` names them), and prints each with its package, place, rule, severity, message and
the six source lines around it, numbered, the finding's line marked, for a person to judge.
`--json OUT` writes the packages and every finding to OUT; `--load OUT` reads them back
instead of linting, to draw other samples from the same run.
`bench/precision/verdicts.md` holds the hand check of every F64010 and F64011 finding
(the measure of whether a rule is on by default).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Dict, List, Optional, Sequence, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from bench.registry import unpacked_release  # noqa: E402

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

PACKAGES = Path(__file__).resolve().parent / "precision" / "packages.toml"
WHERE = ("tests", "code")
SEVERITIES = ("error", "warning")
# f64lint's default excludes (f64lint/workspace/settings.py, DEFAULT_EXCLUDE): folders it never walks into.
EXCLUDED_FOLDERS = frozenset({
    ".bzr", ".direnv", ".eggs", ".f64lint_cache", ".git", ".git-rewrite", ".hg",
    ".ipynb_checkpoints", ".mypy_cache", ".nox", ".pants.d", ".pyenv", ".pytest_cache",
    ".pytype", ".ruff_cache", ".svn", ".tox", ".venv", ".vscode", "__pypackages__", "_build",
    "buck-out", "build", "dist", "node_modules", "site-packages", "venv",
})
CONTEXT_BEFORE, CONTEXT_AFTER = 3, 2  # six lines: three before the finding's, two after


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    kind: str
    why: str
    tests: Tuple[str, ...]


def load(path: Path = PACKAGES) -> List[Package]:
    entries = tomllib.loads(path.read_text(encoding="utf-8"))["package"]
    return [Package(e["name"], e["version"], e["kind"], e["why"], tuple(e["tests"])) for e in entries]


def is_test_code(path: str) -> bool:
    """A file under a tests/test folder, or a test module or conftest by its name."""
    parts = PurePosixPath(path.replace(os.sep, "/")).parts
    name = parts[-1] if parts else ""
    stem = name.rsplit(".", 1)[0]
    return (
        any(part in ("tests", "test") for part in parts[:-1])
        or stem.startswith("test_") or stem.endswith("_test") or stem == "conftest"
    )


def unpacked(package: Package, work: Path) -> Path:
    """The folder the sdist's files are in, downloaded and unpacked on first use."""
    return unpacked_release(package.name, package.version, work, source_only=True)


def python_files(root: Path) -> List[str]:
    """The files f64lint walks under root, relative to it."""
    found = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(name for name in subfolders if name not in EXCLUDED_FOLDERS)
        for name in sorted(files):
            if name.endswith((".py", ".pyi")):
                found.append(Path(folder, name).relative_to(root).as_posix())
    return found


def lint(root: Path, work: Path, extra: Sequence[str]) -> Tuple[List[Dict[str, object]], str]:
    """f64lint's findings on the folder, their paths made relative to it, and what f64lint
    said on standard error. Run in the work folder, so that the f64lint linted with is the
    installed one (or the one on PYTHONPATH)."""
    out = subprocess.run(
        [sys.executable, "-m", "f64lint", "--isolated", "--no-cache", "--exit-zero", "--no-respect-gitignore",
         "--output-format", "json", *extra, str(root)],
        capture_output=True, text=True, cwd=work,
    )
    if out.returncode != 0:
        raise RuntimeError(f"f64lint exited {out.returncode}: {out.stderr.strip()[-2000:]}")
    findings = json.loads(out.stdout)
    for finding in findings:
        finding["path"] = (work / str(finding["path"])).resolve().relative_to(root.resolve()).as_posix()
    return findings, out.stderr.strip()


def source_lines(root: Path, path: str, line: int) -> List[str]:
    try:
        text = (root / path).read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError as error:
        return [f"    (cannot read {path}: {error})"]
    first, last = max(1, line - CONTEXT_BEFORE), min(len(text), line + CONTEXT_AFTER)
    width = len(str(last))
    return [f"  {'>' if number == line else ' '} {number:>{width}} | {text[number - 1]}" for number in range(first, last + 1)]


def table(rows: List[List[object]], header: List[str]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines)


def report(packages: List[Dict[str, object]], findings: List[Dict[str, object]], seconds: float) -> None:
    counts: Counter = Counter((f["package"], f["where"], f["severity"]) for f in findings)
    rows = []
    totals: Counter = Counter()
    for package in packages:
        name = package["name"]
        files = package["files"]
        row: List[object] = [f"{name} {package['version']}", package["kind"]]
        for where in WHERE:
            row += [files[where], counts[(name, where, "error")], counts[(name, where, "warning")]]
            totals[(where, "files")] += files[where]
            for severity in SEVERITIES:
                totals[(where, severity)] += counts[(name, where, severity)]
        row.append(f"{package['seconds']:.1f}")
        rows.append(row)
    rows.append(["**total**", ""] + [
        totals[(where, column)] for where in WHERE for column in ("files",) + SEVERITIES
    ] + [f"{sum(float(p['seconds']) for p in packages):.1f}"])
    print(table(rows, ["package", "kind", "test files", "test errors", "test warnings",
                       "other files", "other errors", "other warnings", "seconds"]))

    files = sum(totals[(where, "files")] for where in WHERE)
    errors = sum(totals[(where, "error")] for where in WHERE)
    warnings = sum(totals[(where, "warning")] for where in WHERE)
    linting = sum(float(p["seconds"]) for p in packages)
    print(f"\n{len(findings)} findings ({errors} errors, {warnings} warnings) in {files} files of "
          f"{len(packages)} packages; linting took {linting:.1f} s ({seconds:.1f} s in all, downloads included)")

    by_rule: Counter = Counter((f["code"], f["severity"], f["where"]) for f in findings)
    names = {f["code"]: f.get("name", "") for f in findings}
    rows = [
        [code, names[code]] + [by_rule[(code, severity, where)] for severity in SEVERITIES for where in WHERE]
        for code in sorted(names)
    ]
    print("\nBy rule and severity:\n")
    print(table(rows, ["code", "name", "errors in tests", "errors in code", "warnings in tests", "warnings in code"]))

    unparsed = [f for f in findings if str(f["code"]).startswith("F649")]
    if unparsed:
        print("\nFiles f64lint could not read or parse:")
        for f in unparsed:
            print(f"- {f['package']}: {f['path']}:{f['line']}: {f['code']} {f['message']}")
    troubles = [p for p in packages if p.get("error") or p.get("stderr") or p.get("missing_tests")]
    for package in troubles:
        if package.get("error"):
            print(f"\n{package['name']}: f64lint failed: {package['error']}")
        if package.get("stderr"):
            print(f"\n{package['name']}: f64lint said on standard error:\n{package['stderr']}")
        if package.get("missing_tests"):
            print(f"\n{package['name']}: no test files in {', '.join(package['missing_tests'])}")


def sample(findings: List[Dict[str, object]], roots: Dict[str, Path], args: argparse.Namespace) -> None:
    pool = [
        f for f in findings
        if (args.severity is None or f["severity"] == args.severity)
        and (f["code"] == args.code if args.code else not str(f["code"]).startswith("F649"))
        and (args.where == "all" or f["where"] == args.where)
    ]
    pool.sort(key=lambda f: (f["package"], f["path"], f["line"], f["column"], f["code"]))
    drawn = random.Random(args.seed).sample(pool, min(args.sample, len(pool)))
    print(f"\nSample of {len(drawn)} among {len(pool)} findings (seed {args.seed}, severity "
          f"{args.severity or 'any'}, code {args.code or 'any'}, in {args.where}):")
    for number, f in enumerate(drawn, 1):
        print(f"\n{number}. {f['package']}: {f['path']}:{f['line']}:{f['column']} {f['code']} {f['severity']}"
              f" ({f['where']})\n   {f['message']}")
        root = roots.get(str(f["package"]))
        if root is not None:
            print("\n".join(source_lines(root, str(f["path"]), int(f["line"]))))


def main(argv: Optional[Sequence[str]] = None) -> None:
    argv = list(sys.argv[1:] if argv is None else argv)
    extra: List[str] = []
    if "--" in argv:
        at = argv.index("--")
        argv, extra = argv[:at], argv[at + 1:]
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "f64lint-precision")
    parser.add_argument("--only", action="append", default=[], help="a package's name (repeatable)")
    parser.add_argument("--json", type=Path, help="write the packages and all findings to this file")
    parser.add_argument("--load", type=Path, help="read a file written by --json instead of linting")
    parser.add_argument("--sample", type=int, default=0, help="draw this many findings at random and print them")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--severity", choices=SEVERITIES)
    parser.add_argument("--code", help="only findings of this rule, e.g. F64003")
    parser.add_argument("--where", choices=WHERE + ("all",), default="all", help="test code, other code or all")
    args = parser.parse_args(argv)
    args.workdir.mkdir(parents=True, exist_ok=True)
    work = args.workdir.resolve()
    chosen = [p for p in load() if not args.only or p.name in args.only]
    roots = {p.name: work / f"{p.name}-{p.version}" for p in chosen}

    if args.load:
        saved = json.loads(args.load.read_text(encoding="utf-8"))
        packages, findings, seconds = saved["packages"], saved["findings"], saved["seconds"]
        extra = saved["f64lint_arguments"]
    else:
        packages, findings = [], []
        started = time.perf_counter()
        for package in chosen:
            root = unpacked(package, work)
            files = python_files(root)
            missing = [folder for folder in package.tests
                       if not any(f.startswith(folder.rstrip("/") + "/") and is_test_code(f) for f in files)]
            began = time.perf_counter()
            error, stderr, found = None, "", []
            try:
                found, stderr = lint(root, work, extra)
            except (RuntimeError, ValueError) as failure:
                error = str(failure)
            took = time.perf_counter() - began
            for finding in found:
                finding["package"] = package.name
                finding["where"] = "tests" if is_test_code(str(finding["path"])) else "code"
                finding.pop("fix", None)
            findings += found
            tests = sum(1 for f in files if is_test_code(f))
            packages.append({
                "name": package.name, "version": package.version, "kind": package.kind,
                "files": {"tests": tests, "code": len(files) - tests}, "seconds": took,
                "error": error, "stderr": stderr, "missing_tests": missing,
            })
            print(f"  {package.name} {package.version}: {len(files)} files, {len(found)} findings, {took:.1f} s",
                  file=sys.stderr, flush=True)
        seconds = time.perf_counter() - started

    arguments = f" with {' '.join(extra)}" if extra else " (default rules)"
    print(f"f64lint{arguments} on {len(packages)} packages of {PACKAGES.name}\n")
    report(packages, findings, seconds)
    if args.json:
        args.json.write_text(json.dumps({"f64lint_arguments": extra, "seconds": seconds, "packages": packages,
                                         "findings": findings}, indent=1), encoding="utf-8")
    if args.sample:
        sample(findings, roots, args)


if __name__ == "__main__":
    main()
