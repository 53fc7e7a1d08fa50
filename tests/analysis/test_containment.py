"""Float64 made on the CPU is not flagged when every use this module shows keeps it there
or casts it at the move; any use that may move it as float64 keeps the finding."""

from __future__ import annotations

import pytest

from f64lint.workspace.selection import default_codes
from tests.helpers import lint


def flagged(source):
    return [(d.code, d.start.line) for d in lint(source, default_codes())]


@pytest.mark.parametrize(
    "use",
    [
        "return float(times.quantile(0.5).item())",
        "return times.tolist()",
        "return len(times)",
        "return times.to(device, torch.float32)",
        "return times.to(device=device, dtype=dtype)",
        "return (times * 2).cumsum(0).numpy()",
        "return torch.cat([times, times]).to(device, dtype)",
        "return (1.0 - torch.special.expit(times)).flip(0).to(dtype=dtype, device=device)",
        "return torch.multinomial(times, 4).to(device)",
        "return times.argsort().to(device)",
        # a result of tensors of its dtype (probed), by field or place: kept safe as its parts are
        "return torch.linalg.lstsq(times[:, None], times).solution.float().to(device)",
        "q, r = torch.linalg.qr(times[:, None])\n            return q.float().to(device)",
        "return torch.linalg.eigh(times[:, None] * times)[1].to(device, dtype)",
    ],
)
def test_uses_that_keep_it_on_the_cpu_or_cast_at_the_move(use):
    source = f"""
        import torch

        def stats(values, device, dtype=torch.float32):
            times = torch.tensor(values, dtype=torch.float64)
            {use}
    """
    assert flagged(source) == []


@pytest.mark.parametrize(
    "use",
    [
        "return times",  # nobody here calls stats(): another module may move it
        "return times.to(device)",
        "self.times = times",
        "return consume(times)",
        "return times.to(device, torch.float64)",
        "return times.double().to(device)",
        "return torch.linalg.lstsq(times[:, None], times).solution.to(device)",
        "return torch.linalg.eigh(times[:, None] * times)[1]",
        "q, r = torch.linalg.qr(times[:, None])\n            return r.float(), q.to(device)",
    ],
)
def test_uses_that_may_move_it_as_float64(use):
    source = f"""
        import torch

        def stats(self, values, device):
            times = torch.tensor(values, dtype=torch.float64)
            {use}
    """
    assert ("F64001", 4) in flagged(source)


def test_a_cast_to_float64_where_it_is_is_followed_to_its_uses():
    # `.double()` of a float64 tensor made on the CPU keeps it there, as `.to(torch.float64)`
    # does: the covariance is narrowed before anything moves it.
    source = """
        import numpy as np
        import torch

        def covariance(x):
            cov = torch.from_numpy(np.cov(x, rowvar=False)).double()
            return cov.float()

        def main(device):
            x = np.random.default_rng(0).normal(size=(100, 4))
            return covariance(x).to(device)
    """
    assert flagged(source) == []


def test_a_returned_tuple_is_followed_to_the_callers_element():
    source = """
        import torch

        def build(n):
            grid = torch.zeros(n, dtype=torch.float64)
            return grid, n

        def use(n, device):
            grid, count = build(n)
            return grid.to(device, torch.float32), count

        def other(n, device):
            grid, count = build(n)
            return grid.to(device)
    """
    assert ("F64001", 4) in flagged(source)
    assert flagged(source.replace("return grid.to(device)\n", "return grid.float().to(device)\n")) == []


def test_a_module_level_value_may_be_imported_elsewhere():
    assert flagged("import torch\nSCALE = torch.ones(3, dtype=torch.float64)\n") == [("F64001", 2)]


def test_writes_into_a_parameter_follow_the_callers_tensors():
    source = """
        import torch

        def fill(positions, count):
            positions[:, 0] = torch.arange(count, dtype=torch.float64)

        def build(count, device):
            positions = torch.zeros(count, 3, dtype=torch.float64)
            fill(positions, count)
            return positions.to(device, torch.float32)
    """
    assert flagged(source) == []
    assert flagged(source.replace("positions.to(device, torch.float32)", "positions.to(device)")) == [
        ("F64001", 4),
        ("F64001", 7),
        ("F64004", 9),
    ]


def test_a_write_into_another_tensor_follows_that_tensor():
    source = """
        import torch

        def stats(values, device, dtype=torch.float32):
            times = torch.tensor(values, dtype=torch.float64)
            grid = torch.empty(3, 2)
            grid[:, 0] = times
            return grid.to(device, dtype)
    """
    assert flagged(source) == []
    assert flagged(source.replace("grid.to(device, dtype)", "grid")) == [("F64001", 4)]


def test_a_double_of_a_cpu_tensor_used_on_the_cpu():
    source = """
        import torch

        def bitwidth(quant_min, quant_max, device):
            bitrange = torch.tensor(quant_max - quant_min + 1).double()
            return int(torch.log2(bitrange).item())
    """
    assert flagged(source) == []
    assert flagged(source.replace("int(torch.log2(bitrange).item())", "bitrange.to(device)")) == [
        ("F64002", 4),
        ("F64004", 5),
    ]


def test_a_value_passed_to_a_function_of_the_module_is_followed_into_its_parameter():
    moved = """
        import torch

        def sink(x, device):
            x.to(device)

        def make(device):
            t = torch.zeros(3, dtype=torch.float64)
            sink(t, device)
    """
    listed = moved.replace("x.to(device)", "return x.tolist()").replace("sink(t, device)", "return sink(t, device)")
    # the move in `sink` of what `make` passes (the evaluator reads the parameter from the call)
    assert flagged(moved) == [("F64004", 4), ("F64001", 7)]
    assert flagged(listed) == []


def test_parameters_are_told_apart_by_their_own_reads():
    # Another function's parameter handed to torch.distributed says nothing of `model`.
    source = """
        import torch
        import torch.distributed as dist

        def reduce(total, flag):
            dist.all_reduce(flag)
            return total.to(torch.float64).sum().item()

        def train(model, device):
            model.fc1.double()
            return model.to(device)
    """
    assert flagged(source) == [("F64001", 6), ("F64002", 9)]


NORMALISED = """
    import torch


    class ConfusionMatrix:
        @staticmethod
        def normalize(cm, how):
            if how == "true":
                cm = cm / cm.sum(dim=1, keepdim=True, dtype=torch.float64)
            else:
                cm = cm / cm.sum(dtype=torch.float64)
            return ConfusionMatrix.to_array(cm)

        @staticmethod
        def to_array(matrix):
            return matrix.numpy()
    """


def test_float64_work_on_a_tensor_that_numpy_then_takes_is_on_the_cpu():
    # `.numpy()` works only on a CPU tensor (on MPS it raises): the matrix, wherever it
    # came from, is on the CPU, so its float64 normalisation is too.
    assert flagged(NORMALISED) == []


def test_numpy_after_a_move_to_the_cpu_proves_nothing_of_before():
    # The twin: the float64 sum runs where `cm` is, which may be MPS, before `.cpu()`.
    twin = NORMALISED.replace("return matrix.numpy()", "return matrix.cpu().numpy()")
    assert flagged(twin) == [("F64001", 8), ("F64001", 10)]


def test_numpy_on_one_path_only_proves_nothing_of_the_other():
    one_path = """
        import torch


        def normalize(cm, as_array):
            cm = cm / cm.sum(dim=1, keepdim=True, dtype=torch.float64)
            if as_array:
                return cm.numpy()
            return cm.tolist()
        """
    assert flagged(one_path) == [("F64001", 5)]
