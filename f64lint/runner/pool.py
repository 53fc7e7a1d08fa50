"""Worker processes for a run: when they pay, how files are shared out among them, and
the module a worker runs, loaded only once a file must be read (a run whose files the
stamp index all holds loads no analysis)."""

from __future__ import annotations

import os
from contextlib import nullcontext
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Callable, ContextManager, List, Optional, Sequence, Tuple, TypeVar

if TYPE_CHECKING:
    from concurrent.futures import ProcessPoolExecutor

# Below this many files per worker, starting processes costs more than it saves
# (pre-commit passes a handful of files).
MIN_FILES_PER_WORKER = 8


def linting_module() -> ModuleType:
    """The module that lints a file (runner/one_file.py), loaded on first need."""
    from f64lint.runner import one_file

    return one_file


R = TypeVar("R")


def in_batches(
    pool: Optional[ProcessPoolExecutor], workers: int, paths: Sequence[Path], job: Callable[..., List[R]],
    *shared: object,
) -> List[R]:
    """`job(batch, *shared)` over the files: in the pool's workers, a few batches each, or
    here in one batch without a pool. Results are in the order of the files."""
    return started(pool, workers, paths, job, *shared)()


def started(
    pool: Optional[ProcessPoolExecutor], workers: int, paths: Sequence[Path], job: Callable[..., List[R]],
    *shared: object,
) -> Callable[[], List[R]]:
    """`in_batches`, its batches handed to the pool's workers now and its results waited
    for when the function it gives is called: work started after it shares the workers
    as they come free (a run's own files and the package modules they import). Without a
    pool the job runs when its results are asked for."""
    if pool is None:
        return lambda: job(list(paths), *shared)
    order = {id(path): number for number, path in enumerate(paths)}
    batches = _batches(paths, workers * 8)
    many = len(batches)
    running = pool.map(job, batches, *([value] * many for value in shared))

    def results() -> List[R]:
        done: List[Tuple[int, R]] = []
        for batch, found_in_batch in zip(batches, running):
            done.extend((order[id(item)], found) for item, found in zip(batch, found_in_batch))
        return [found for _, found in sorted(done, key=lambda pair: pair[0])]

    return results


def _batches(paths: Sequence[Path], count: int) -> List[List[Path]]:
    """Round-robin over the files, largest first, so that no worker is left with the big ones."""
    def size(path: Path) -> int:
        try:
            return os.stat(path).st_size
        except OSError:
            return 0

    ordered = sorted(paths, key=size, reverse=True)
    return [ordered[start::count] for start in range(count) if ordered[start::count]]


def worker_pool(workers: int) -> ContextManager[Optional[ProcessPoolExecutor]]:
    """Worker processes, when more than one would work."""
    if workers <= 1:
        return nullcontext()
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(max_workers=workers)
