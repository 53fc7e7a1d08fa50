"""Whole-corpus fix run: `f64lint --fix --unsafe-fixes` over a copy of the installed source
of torch, transformers and diffusers, then checks that nothing was broken. Not a test (it
takes minutes): it prints figures.

    python bench/fix_corpus.py [--workdir /tmp/f64lint-bench]

Uses the corpus that bench/run.py sets up in the work folder (run that first). Checks:
- every file that compiled before still compiles (`compile()`);
- files without a finding that has a fix are byte-identical;
- a second `--fix --unsafe-fixes` run changes nothing (idempotence);
- only files with findings, or callers of functions that gained a `dtype`, changed;
- how many lines the fix wrote longer than the line length (88: `--isolated` reads no
  project configuration), and of those how many replaced lines that were within it.
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import time
import warnings
from pathlib import Path
from typing import Dict, Set, Tuple

F64LINT = [sys.executable, "-m", "f64lint", "--isolated", "--no-cache"]
LINE_LENGTH = 88


def digests(root: Path) -> Dict[str, str]:
    return {
        str(path.relative_to(root)): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.suffix in (".py", ".pyi")
    }


def compiles(path: Path) -> bool:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            compile(path.read_bytes(), str(path), "exec", dont_inherit=True)
    except (SyntaxError, ValueError):
        return False
    return True


def fixable_files(root: Path) -> Set[str]:
    """Files with a finding that has a fix (safe or unsafe), per the JSON report."""
    completed = subprocess.run(
        [*F64LINT, "--output-format", "json", "--exit-zero", "."], cwd=root, capture_output=True, text=True
    )
    return {d["path"] for d in json.loads(completed.stdout) if d["fix"] is not None}


def long_lines_written(before: str, after: str) -> Tuple[int, int]:
    """(lines the fix wrote longer than LINE_LENGTH, those of them replacing lines that were
    all within it)."""
    old, new = before.splitlines(), after.splitlines()
    written = made_long = 0
    for tag, first, last, new_first, new_last in difflib.SequenceMatcher(None, old, new, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        long = sum(len(line) > LINE_LENGTH for line in new[new_first:new_last])
        written += long
        if all(len(line) <= LINE_LENGTH for line in old[first:last]):
            made_long += long
    return written, made_long


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workdir", type=Path, default=Path(tempfile.gettempdir()) / "f64lint-bench")
    options = parser.parse_args()
    corpus = options.workdir / "corpus"
    if not corpus.is_dir():
        print(f"no corpus in {corpus}: run bench/run.py first", file=sys.stderr)
        return 2

    with tempfile.TemporaryDirectory(prefix="f64lint-fix-") as scratch:
        copy = Path(scratch) / "corpus"
        shutil.copytree(corpus, copy)
        before = digests(copy)
        compiled_before = {name for name in before if compiles(copy / name)}
        fixable = fixable_files(copy)

        started = time.perf_counter()
        first = subprocess.run([*F64LINT, "--fix", "--unsafe-fixes", "--statistics", "."], cwd=copy,
                               capture_output=True, text=True)
        first_seconds = time.perf_counter() - started
        after = digests(copy)
        changed = {name for name in before if before[name] != after[name]}
        broken = sorted(name for name in compiled_before if not compiles(copy / name))

        started = time.perf_counter()
        second = subprocess.run([*F64LINT, "--diff", "--unsafe-fixes", "."], cwd=copy, capture_output=True, text=True)
        second_seconds = time.perf_counter() - started

        print(f"files: {len(before):,} ({len(compiled_before):,} compile before the fix)")
        print(f"files with a fixable finding: {len(fixable):,}")
        print(f"files changed by --fix --unsafe-fixes: {len(changed):,} in {first_seconds:.1f} s")
        print(f"changed without a fixable finding of their own (callers passing dtype on): "
              f"{len(changed - fixable):,}")
        long = [long_lines_written((corpus / n).read_text("utf-8", "replace"), (copy / n).read_text("utf-8", "replace"))
                for n in sorted(changed)]
        print(f"lines written longer than {LINE_LENGTH}: {sum(w for w, _ in long)}, "
              f"of which replace lines within it: {sum(m for _, m in long)}")
        print(f"files that compiled before and do not now: {len(broken)}")
        for name in broken:
            print(f"  BROKEN {name}")
        print(f"second run (--diff): {'no change' if not second.stdout else 'CHANGES'} "
              f"in {second_seconds:.1f} s (exit {second.returncode})")
        print("findings left after the fix:")
        print("  " + (first.stdout.strip().replace("\n", "\n  ") or "none"))
        if first.stderr.strip():
            print("messages:\n  " + first.stderr.strip().replace("\n", "\n  "))
        ok = not broken and not second.stdout and second.returncode == 0
        return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
