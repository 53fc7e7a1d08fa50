"""Linting in several processes gives exactly what one process gives."""

from __future__ import annotations

import concurrent.futures

from f64lint.runner import run as runner
from f64lint.workspace.settings import Settings


def make_tree(root, count):
    for index in range(count):
        body = "import torch\n" + "\n" * (index % 7) + f"x{index} = torch.ones(2).double()\n"
        if index % 5 == 0:
            body += "y = = 1  # float64\n"
        (root / f"m{index:03}.py").write_text(body)


def rows(result):
    return [(d.path, d.code, d.start.line, d.start.column, d.message) for d in result.diagnostics]


def test_two_workers_match_one(tmp_path, monkeypatch):
    make_tree(tmp_path, 60)
    started = []
    real_pool = concurrent.futures.ProcessPoolExecutor

    def counting_pool(*args, **kwargs):
        started.append(kwargs.get("max_workers"))
        return real_pool(*args, **kwargs)

    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", counting_pool)
    settings = Settings(root=tmp_path)
    serial = runner.run([tmp_path], settings, jobs=1)
    parallel = runner.run([tmp_path], settings, jobs=2)
    assert started == [2]
    assert rows(parallel) == rows(serial)
    codes = [d.code for d in parallel.diagnostics]
    assert (parallel.files_checked, codes.count("F64002"), codes.count("F64901")) == (60, 48, 12)


def test_a_handful_of_files_does_not_start_a_pool(tmp_path, monkeypatch):
    make_tree(tmp_path, 5)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", None)
    result = runner.run([tmp_path], Settings(root=tmp_path), jobs=2)
    assert result.files_checked == 5


class HandingPool:
    """A pool that runs each batch when its result is read, and notes when batches are handed."""

    def __init__(self):
        self.events = []

    def map(self, job, batches, *shared):
        batches = list(batches)
        self.events.append(("handed", [path.name for batch in batches for path in batch]))

        def results():
            for batch, *values in zip(batches, *shared):
                self.events.append(("ran", [path.name for path in batch]))
                yield job(batch, *values)

        return results()


def test_work_started_later_is_handed_to_the_workers_before_earlier_work_is_waited_for(tmp_path):
    from f64lint.runner.pool import started

    def sizes(batch, unit):
        return [f"{path.name}:{path.stat().st_size}{unit}" for path in batch]

    own = [tmp_path / "big.py"]
    around = [tmp_path / f"m{index}.py" for index in range(3)]
    own[0].write_text("x" * 40)
    for index, path in enumerate(around):
        path.write_text("y" * (index + 1))
    pool = HandingPool()
    linting = started(pool, 2, own, sizes, "B")
    around_linting = started(pool, 2, around, sizes, "B")
    assert pool.events == [("handed", ["big.py"]), ("handed", ["m2.py", "m1.py", "m0.py"])]
    assert linting() == ["big.py:40B"]
    assert around_linting() == ["m0.py:1B", "m1.py:2B", "m2.py:3B"]  # in the order of the files, not the batches'
    assert started(None, 1, around, sizes, "B")() == ["m0.py:1B", "m1.py:2B", "m2.py:3B"]
