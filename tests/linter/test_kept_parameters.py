"""The functions a module's classes are given and keep, read from the text alone
(narrowing/kept_parameters.py)."""

from __future__ import annotations

from f64lint.linter.narrowing.kept_parameters import KeptParameter, kept_parameters

METRICS = '''\
from typing import Callable, Optional

import torch


class EpochMetric:
    """Keeps the function it computes with.

    compute_fn: called on every prediction seen.
    """

    def __init__(
        self,
        compute_fn: Callable[[torch.Tensor, torch.Tensor], float],
        output_transform: Callable = lambda x: x,
        check_compute_fn: bool = True,
        device: str = "cpu",
    ) -> None:
        if not callable(compute_fn):
            raise TypeError("Argument compute_fn should be callable.")
        self.compute_fn = compute_fn  # the metric
        self._transform = output_transform
        self.device = device

    def compute(self, y_pred, y):
        return self.compute_fn(y_pred, y)


class Hooked:
    def __init__(self, name, *, on_step: Optional[Callable] = None, scale=1.0):
        self._on_step = on_step
        self.scale = scale

    def step(self, x):
        return self._on_step(x) * self.scale


class Checked:
    def __init__(self, reducer, size: int):
        assert callable(reducer)
        self.reduce = reducer
        self.size = size

    def __call__(self, x):
        return self.reduce(x)
'''


def test_a_function_kept_from_init_and_called_on_self_is_read_with_its_place():
    assert kept_parameters(METRICS) == [
        KeptParameter("EpochMetric", "compute_fn", "compute_fn", 0, 21),
        KeptParameter("Hooked", "_on_step", "on_step", None, 31),
        KeptParameter("Checked", "reduce", "reducer", 0, 41),
    ]


def test_what_is_kept_but_never_called_or_not_a_function_is_not_read():
    # `_transform` is never called on self, `device` and `scale` are no functions.
    found = {(kept.owner, kept.attribute) for kept in kept_parameters(METRICS)}
    assert not found & {("EpochMetric", "_transform"), ("EpochMetric", "device"), ("Hooked", "scale")}


NOT_KEPT_FROM_INIT = '''\
from typing import Callable


def build(fn: Callable):
    class Local:
        def __init__(self, fn: Callable):
            self.fn = fn

        def run(self):
            return self.fn()
    return Local


class Later:
    def configure(self, fn: Callable):
        self.fn = fn

    def run(self):
        return self.fn()


class Outer:
    class Inner:
        def __init__(self, fn: Callable):
            self.fn = fn

        def run(self):
            return self.fn()
'''


def test_only_the_init_of_a_top_level_class_counts():
    # A class in a function or in a class is not what another module subclasses by name,
    # and a function set in another method may change after `__init__`.
    assert kept_parameters(NOT_KEPT_FROM_INIT) == []


def test_a_module_that_cannot_keep_a_function_is_not_read():
    assert kept_parameters("class A:\n    def __init__(self, fn):\n        self.fn = fn\n") == []
    assert kept_parameters("def f(fn: Callable):\n    return fn()\n") == []


def test_an_init_that_does_not_parse_alone_is_left_out():
    broken = (
        "from typing import Callable\n\n\nclass A:\n    def __init__(self, fn: Callable):\n"
        '        doc = """\nat column 0\n"""\n        self.fn = fn\n\n    def run(self):\n        return self.fn()\n'
    )
    assert kept_parameters(broken) == []
