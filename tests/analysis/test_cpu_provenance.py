"""Float64 work on tensors the code keeps on the CPU on purpose is not flagged: the evaluator's
places (analysis/evaluation/: where a tensor is) and analysis/flow/containment.py (where a
CPU value goes). Each case has its twin, one change away, that is flagged."""

from __future__ import annotations

from f64lint.workspace.selection import default_codes
from tests.helpers import lint

METRIC = """
    import torch


    def _average_precision(output, target):
        positives = target.to(torch.float64)
        ranks = torch.arange(1, output.shape[0] + 1, device=output.device).unsqueeze(1)
        precision = positives.cumsum(0) / ranks
        return (positives * precision).sum(0) / positives.sum(0).clamp(min=1)


    class MultiLabelEvaluator:
        def reset(self):
            self.outputs = []
            self.targets = []

        def update(self, output, target):
            self.outputs.append(output.detach().cpu())
            self.targets.append(target.bool().cpu())

        def compute(self):
            output, target = torch.cat(self.outputs), torch.cat(self.targets)
            zeros = torch.zeros(output.shape[1], dtype=torch.float64, device=output.device)
            return _average_precision(output, target) + zeros
"""


def flagged(source):
    return [(d.code, d.start.line, d.severity.value) for d in lint(source, default_codes())]


def test_metrics_on_outputs_gathered_on_the_cpu_are_not_flagged():
    assert flagged(METRIC) == []


def test_the_same_metrics_on_outputs_kept_on_the_device_are():
    kept = METRIC.replace("output.detach().cpu()", "output.detach()")
    assert flagged(kept) == [("F64001", 22, "error")]


TABLES = """
    import functools

    import torch


    def change_basis(l, dtype=None, device=None):
        return torch.eye(2 * l + 1, dtype=dtype, device=device)


    def _su2_coefficients(l):
        mat = torch.zeros((2 * l + 1, 2 * l + 1), dtype=torch.float64)
        mat[0, 0] = 1.0
        return mat


    @functools.lru_cache(maxsize=None)
    def _clebsch_gordan(l1, l2):
        q1 = change_basis(l1, dtype=torch.float64)
        q2 = change_basis(l2, dtype=torch.float64)
        su2 = _su2_coefficients(l1).to(dtype=torch.complex128)
        c = torch.einsum("ij,kl,ik->ikjl", q1, torch.conj(q2.T), su2)
        assert torch.all(torch.abs(torch.imag(c)) < 1e-5)
        return torch.real(c)


    def clebsch_gordan(l1, l2, dtype=None, device=None):
        c = _clebsch_gordan(l1, l2)
        return c.to(dtype=dtype, device=device, copy=True)
"""


def test_tables_built_on_the_cpu_and_cast_where_they_move_are_not_flagged():
    assert flagged(TABLES) == []


def test_the_same_tables_moved_without_a_cast_are():
    moved = TABLES.replace("c.to(dtype=dtype, device=device, copy=True)", "c.to(device)")
    assert [code for code, _, _ in flagged(moved)] == ["F64001", "F64001", "F64001", "F64006", "F64004"]


MOVED_OFF_MPS = """
    import torch
    from torch import Tensor


    def _float64(x: Tensor) -> Tensor:
        # MPS does not support float64
        if x.device.type == "mps":
            x = x.cpu()
        return x.double()


    def calibration_error(confidence: Tensor, correct: Tensor, beta: int = 100) -> float:
        n = len(confidence)
        order = torch.argsort(confidence)
        confidence = _float64(confidence[order])
        correct = _float64(correct[order])
        n_bins = max(1, n // beta)
        bin_index = (torch.arange(n, device=confidence.device) // beta).clamp(max=n_bins - 1)
        sizes = torch.bincount(bin_index, minlength=n_bins).double()
        gaps = (torch.zeros_like(sizes).index_add_(0, bin_index, confidence - correct) / sizes).abs()
        return float((sizes * gaps).sum() / n)
    """


def test_a_tensor_moved_to_the_cpu_when_on_mps_is_never_on_mps_after():
    # `_float64()` takes MPS tensors to the CPU first: a factory on its result's device,
    # and float64 work there, never run on MPS.
    assert [(d.code, d.start.line) for d in lint(MOVED_OFF_MPS, default_codes())] == []


def test_without_the_move_the_device_may_be_mps():
    twin = MOVED_OFF_MPS.replace('if x.device.type == "mps":', 'if x.dim() == 0:')
    assert [(d.code, d.start.line) for d in lint(twin, default_codes())] == [("F64002", 19)]


def test_a_move_back_after_the_test_leaves_the_device_open():
    # `x = x.to(device)` after the MPS test reaches the read too: MPS may hold it again.
    moved_back = MOVED_OFF_MPS.replace(
        '''            x = x.cpu()
        return x.double()''',
        '''            x = x.cpu()
        if x.dim() > 1:
            x = x.to("mps")
        return x.double()''',
    )
    assert [(d.code, d.start.line) for d in lint(moved_back, default_codes())] == [("F64002", 21)]
