"""The files of a folder that take f64lint longest, each linted alone in one process (no
cache, the default rules and F64010): where a shape of code makes the analysis work
hardest. Not a test: it prints figures.

    python bench/slowest.py FOLDER [--count 5]

bench/run.py prints the same for its corpus.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import List, Tuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from f64lint.runner.one_file import lint_path  # noqa: E402
from f64lint.workspace.discovery import discover  # noqa: E402
from f64lint.workspace.settings import Settings  # noqa: E402


def slowest_files(folder: Path, count: int = 5) -> List[Tuple[float, str, int]]:
    """The `count` slowest files: seconds, path, findings."""
    settings = Settings(root=folder, extend_select=("F64010",))
    timed = []
    for found in discover([folder], settings):
        start = time.perf_counter()
        result = lint_path(found.path, settings, None)
        timed.append((time.perf_counter() - start, str(found.path.relative_to(folder)), len(result.diagnostics)))
    return sorted(timed, reverse=True)[:count]


def table(rows: List[Tuple[float, str, int]]) -> str:
    return "\n".join(f"{seconds:8.2f} s  {findings:3d} findings  {path}" for seconds, path, findings in rows)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--count", type=int, default=5)
    args = parser.parse_args()
    print(table(slowest_files(args.folder.resolve(), args.count)))


if __name__ == "__main__":
    main()
