"""Code that an MPS test keeps off MPS is not flagged; the MPS branch itself still is."""

from __future__ import annotations

import pytest

from f64lint.runner.run import run
from f64lint.workspace.selection import default_codes
from f64lint.workspace.settings import Settings
from tests.helpers import lint


def flagged(source):
    return [(d.code, d.start.line) for d in lint(source, default_codes())]


@pytest.mark.parametrize(
    "test",
    [
        'x.device.type != "mps"',
        'not x.device.type == "mps"',
        'x.device.type not in ("mps", "npu")',
        'not str(x.device).startswith("mps")',
        "not torch.backends.mps.is_available()",
        "not is_mps",
    ],
)
def test_branch_without_mps_is_not_flagged(test):
    source = f"""
        import torch

        def reference(x, is_mps=False):
            if {test}:
                return x.double().sum(dtype=torch.float64)
            return x.float().sum()
    """
    assert flagged(source) == []


@pytest.mark.parametrize(
    "bound, flagged_lines",
    [
        ('x.device.type != "mps"', []),
        ('precise and x.device.type != "mps"', []),
        ('not (x.device.type == "mps" or cheap)', []),
        ('x.device.type == "mps"', [6, 7]),  # true on MPS: its branch is the MPS one
        ("precise", [6, 7]),
        # changed again where the bindings do not follow: not known to hold the test
        ('x.device.type != "mps"\n            use_double |= precise', [7, 8]),
    ],
)
def test_a_device_test_kept_in_a_name_guards_as_written_inline(bound, flagged_lines):
    source = f"""
        import torch

        def reference(x, precise=True, cheap=False):
            use_double = {bound}
            dtype = torch.float64 if use_double else torch.float32
            y = x.to(dtype)
            return y.double() if use_double else y
    """
    assert [line for _, line in flagged(source)] == flagged_lines


def test_else_of_an_mps_branch_is_not_flagged_but_the_mps_branch_is():
    source = """
        import torch

        def pick(x):
            if x.device.type == "mps":
                y = x.double()
            elif x.is_cuda:
                y = x.to(torch.float64)
            else:
                y = torch.zeros(3, dtype=torch.float64)
            return y
    """
    assert flagged(source) == [("F64002", 5)]


@pytest.mark.parametrize("other", ["", "else:\n    pass", "elif x.is_cuda:\n    pass"])
def test_what_follows_a_branch_that_leaves_on_mps_is_off_mps(other):
    branches = "\n".join(
        ['if x.device.type == "mps":', '    raise ValueError("no float64 on mps")', *other.splitlines(), "return x.double()"]
    )
    source = "import torch\n\ndef reference(x):\n" + "".join(f"    {line}\n" for line in branches.splitlines())
    assert flagged(source) == []


def test_unrelated_conditions_guard_nothing():
    source = """
        import torch

        def f(x, precise):
            if precise and x.device.type != "cuda":
                return x.double()
            return x
    """
    assert flagged(source) == [("F64002", 5)]


@pytest.mark.parametrize("handler", ["except TypeError:", "except (RuntimeError, ValueError):", "except Exception:", "except:"])
def test_a_probe_whose_failure_is_handled_is_not_flagged(handler):
    source = f"""
        import torch

        def supports_float64(device):
            try:
                torch.zeros(2, dtype=torch.float64).to(device).sum()
                return True
            {handler}
                return False
    """
    assert flagged(source) == []


@pytest.mark.parametrize(
    "handler",
    ["except TypeError:\n                raise ValueError('no float64')", "except ImportError:\n                return False"],
)
def test_a_try_that_re_raises_or_catches_something_else_is_still_flagged(handler):
    source = f"""
        import torch

        def supports_float64(device):
            try:
                return torch.zeros(2, dtype=torch.float64, device=device)
            {handler}
    """
    assert flagged(source) == [("F64001", 5)]


def test_tensors_that_never_hold_device_data_are_not_flagged():
    source = """
        import torch

        def trace(g, x, fake_mode, scales, zero_points, device):
            with fake_mode:
                meta = torch.zeros(3, dtype=torch.float64, device=device)
            with torch.device("meta"):
                shape_only = torch.ones(2).double()
            constant = g.op("Constant", value_t=torch.tensor(0.5, dtype=torch.double))
            q = torch.quantize_per_channel(x, scales.to(torch.double), zero_points.long(), 0, torch.qint8)
            return meta, shape_only, constant, q
    """
    assert flagged(source) == []


def test_tensors_made_in_an_onnx_symbolic_are_graph_constants():
    source = """
        import torch

        def gelu(g, x):
            half = torch.tensor(0.5, dtype=torch.double)
            return g.op("Mul", x, half)

        def gelu_typed(g: "jit_utils.GraphContext", x):
            return mul(g, x, torch.tensor(0.5, dtype=torch.double))
    """
    assert flagged(source) == []


def test_the_same_tensor_outside_a_symbolic_is_still_flagged():
    source = """
        import torch

        def gelu(graph, x):
            half = torch.tensor(0.5, dtype=torch.double)
            return graph.op("Mul", x, half)

        def g_without_op(g, x):
            return g(x) * torch.tensor(0.5, dtype=torch.double)
    """
    assert flagged(source) == [("F64001", 4), ("F64001", 8)]


def test_either_on_mps_keeps_the_else_branch_off_mps():
    source = """
        import torch

        def compare(orig, ref):
            if orig.is_mps or ref.is_mps:
                return torch.testing.assert_close(orig.float(), ref.float())
            return torch.testing.assert_close(orig.double(), ref.double())
    """
    assert flagged(source) == []
    both = source.replace("orig.is_mps or ref.is_mps", "orig.is_mps and ref.is_mps")
    assert flagged(both) == [("F64002", 6), ("F64002", 6)]


def test_tests_skipped_on_mps_are_off_mps():
    # Skip marks on a test, its class or the module, and a skip under an MPS test inside
    # the test, keep it off MPS; the same float64 in a test that is not skipped is flagged.
    source = """
        import unittest

        import pytest
        import torch

        TEST_MPS = torch.backends.mps.is_available()


        @pytest.mark.skipif(torch.backends.mps.is_available(), reason="no float64 on MPS")
        def test_marked():
            return torch.zeros(3, dtype=torch.float64, device="mps")


        @pytest.mark.xfail(TEST_MPS, reason="no float64 on MPS")
        def test_expected_to_fail():
            return torch.zeros(3, dtype=torch.float64, device="mps")


        def test_skips_itself(device):
            if device.type == "mps":
                pytest.skip("float64")
            return torch.zeros(3, dtype=torch.float64, device="mps")


        @unittest.skipIf(TEST_MPS, "float64")
        class TestDouble(unittest.TestCase):
            def test_ones(self):
                return torch.ones(3, dtype=torch.float64, device="mps")


        class TestOnCuda(unittest.TestCase):
            @unittest.skipUnless(torch.cuda.is_available(), "needs CUDA")
            def test_cuda(self):
                return torch.ones(3, dtype=torch.float64, device="mps")

            def test_skips_itself(self):
                if TEST_MPS:
                    self.skipTest("float64")
                return torch.ones(3, dtype=torch.float64, device="mps")


        def test_not_skipped():
            return torch.ones(3, dtype=torch.float64, device="mps")


        @pytest.mark.skipif(torch.cuda.is_available(), reason="runs on MPS too")
        def test_skipped_elsewhere():
            return torch.ones(3, dtype=torch.float64, device="mps")
    """
    assert flagged(source) == [("F64001", 43), ("F64001", 48)]
    module_mark = """
        import pytest
        import torch

        pytestmark = [pytest.mark.skipif(torch.backends.mps.is_available(), reason="float64")]

        def test_any():
            return torch.zeros(3, dtype=torch.float64, device="mps")
    """
    assert flagged(module_mark) == []



def test_a_test_parametrized_only_over_devices_with_float64_is_off_mps():
    source = """
        import pytest
        import torch

        DEVICES = ["cpu", "cuda"]


        def get_test_devices():
            return ["cpu", pytest.param("cuda", marks=pytest.mark.skipif(not torch.cuda.is_available(), reason="cuda"))]


        @pytest.mark.parametrize("device", ["cpu", "cuda"])
        def test_literal(device):
            return torch.zeros(3, dtype=torch.float64, device=device).to("mps")


        @pytest.mark.parametrize("device", DEVICES)
        def test_name(device):
            return torch.zeros(3, dtype=torch.float64, device=device).to("mps")


        @pytest.mark.parametrize("device", get_test_devices())
        def test_helper(device):
            return torch.zeros(3, dtype=torch.float64, device=device).to("mps")


        @pytest.mark.parametrize("dtype,device", [(torch.float32, "cpu"), (torch.float64, "cuda")])
        def test_pairs(dtype, device):
            return torch.zeros(3, dtype=torch.float64, device=device).to("mps")


        @pytest.mark.parametrize("device", ["cpu", "mps"])
        def test_with_mps(device):
            return torch.zeros(3, dtype=torch.float64, device=device).to("mps")
"""
    assert flagged(source) == [("F64001", 33)]  # the one whose devices include "mps"


def test_a_data_sampler_draws_indices_on_the_host():
    # Weights of a sampler (direct, subscripted or through a class of the module) only
    # pick indices; a dataset's float64 items are batched and moved.
    source = """
        import torch
        from torch.utils.data import Dataset, Sampler


        class WeightedSampler(Sampler[int]):
            def __init__(self, weights):
                self.weights = torch.tensor(weights, dtype=torch.float64)

            def __iter__(self):
                return iter(torch.multinomial(self.weights, len(self.weights)).tolist())


        class BalancedSampler(WeightedSampler):
            def rebalance(self, counts):
                self.weights = 1.0 / torch.tensor(counts).double()


        class Points(Dataset):
            def __getitem__(self, index):
                return torch.full((3,), float(index), dtype=torch.float64)
    """
    assert flagged(source) == [("F64001", 20)]


def test_a_helper_that_may_return_before_its_cuda_call_does_not_end_mps_runs():
    # `sync(device)` returns early off CUDA: the float64 after it runs on MPS.
    source = """
        import torch


        def sync(device):
            if device.type != "cuda":
                return
            torch.cuda.synchronize()


        def step(model, batch, device):
            sync(device)
            target = torch.zeros(batch.shape[0], dtype=torch.float64, device=device)
            return model(batch) - target
        """
    assert [(d.code, d.start.line) for d in lint(source, default_codes())] == [("F64001", 12)]


def test_a_function_handed_on_or_in_a_shared_test_helper_is_not_read_by_its_calls(tmp_path):
    # A collate function DataLoader calls, and a helper of tests/utils.py other tests
    # import: who calls them is not in the module, so its calls off MPS say nothing.
    (tmp_path / "scripts").mkdir()
    (tmp_path / "scripts" / "loader.py").write_text(
        "import argparse\n\nimport torch\nfrom torch.utils.data import DataLoader\n\n\n"
        "def collate(batch):\n    return torch.tensor(batch, dtype=torch.float64, device=DEVICE)\n\n\n"
        "def bench(data):\n    torch.cuda.synchronize()\n    collate(data)\n\n\n"
        'if __name__ == "__main__":\n    parser = argparse.ArgumentParser()\n'
        '    parser.add_argument("--device", default="mps")\n    args = parser.parse_args()\n'
        "    DEVICE = torch.device(args.device)\n    bench([1.0])\n"
        "    for batch in DataLoader([[1.0]], collate_fn=collate):\n        print(batch)\n"
    )
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "utils.py").write_text(
        "import pytest\nimport torch\n\n\ndef make_input(device):\n"
        "    return torch.randn(4, 4, dtype=torch.float64, device=device)\n\n\n"
        '@pytest.mark.skipif(not torch.cuda.is_available(), reason="needs CUDA")\n'
        "def test_make_input_cuda(device):\n    assert make_input(device).shape == (4, 4)\n"
    )
    found = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.path.rsplit("/", 2)[-2:], d.code) for d in found] == [
        (["scripts", "loader.py"], "F64001"), (["tests", "utils.py"], "F64001"),
    ]


@pytest.mark.parametrize("device, found", [('"mps"', [("F64003", 8, "error")]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_devices_of_the_code_that_uses_it(tmp_path, device, found):
    # The class names no device itself; the script's `__main__` block makes it and hands
    # its method the device.
    (tmp_path / "schedule.py").write_text(
        "import numpy as np\nimport torch\n\n\nclass Scheduler:\n"
        "    def set_timesteps(self, n, device=None):\n        steps = np.linspace(0, 1, n)\n"
        "        self.steps = torch.from_numpy(steps).to(device=device)\n\n\n"
        f'if __name__ == "__main__":\n    scheduler = Scheduler()\n    scheduler.set_timesteps(20, device={device})\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line, d.severity.value) for d in diagnostics] == found


@pytest.mark.parametrize("device, found", [('"mps"', [("F64002", 6, "error")]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_device_of_the_tensors_its_methods_are_handed(tmp_path, device, found):
    # The `__main__` block hands `fit` a tensor made on the device, not the device itself.
    (tmp_path / "gp.py").write_text(
        "import torch\n\n\nclass GP:\n    def fit(self, x):\n"
        "        self.L = torch.linalg.cholesky(torch.outer(x, x).double())\n        return self\n\n\n"
        f'if __name__ == "__main__":\n    x = torch.rand(8, device={device}) * 2\n    GP().fit(x)\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line, d.severity.value) for d in diagnostics] == found


def test_a_scripts_class_made_without_a_device_stays_off_mps(tmp_path):
    # A CPU metric beside a model on the best device: the block names both, but hands the
    # metric no device.
    (tmp_path / "train.py").write_text(
        "import numpy as np\nimport torch\n\n\nclass Metric:\n    def __init__(self, device='cpu'):\n"
        "        self.bins = torch.from_numpy(np.linspace(0, 1, 11)).to(device)\n\n\n"
        'if __name__ == "__main__":\n    device = "mps" if torch.backends.mps.is_available() else "cpu"\n'
        "    metric = Metric()\n    x = torch.ones(3, device=device)\n"
    )
    assert run([tmp_path], Settings(root=tmp_path)).diagnostics == []


@pytest.mark.parametrize("device, found", [('"mps"', [("F64002", 6)]), ('"cpu"', [])])
def test_a_scripts_function_meets_the_devices_of_the_callers_of_its_callers(tmp_path, device, found):
    # The metric is called by `evaluate`, which names no device either; the `__main__` block
    # that calls `evaluate` picks the device.
    (tmp_path / "calibrate.py").write_text(
        "import torch\nimport torch.nn as nn\n\n\ndef nll(logits, targets):\n    logits = logits.double()\n"
        "    return -logits.log_softmax(-1).gather(1, targets[:, None]).mean().item()\n\n\n"
        "def evaluate(model, xs, ys):\n    with torch.no_grad():\n        return nll(model(xs), ys)\n\n\n"
        f'if __name__ == "__main__":\n    device = {device}\n    model = nn.Linear(12, 4).to(device)\n'
        "    xs = torch.randn(30, 12, device=device)\n    print(evaluate(model, xs, torch.zeros(30, dtype=torch.long)))\n"
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line) for d in diagnostics] == found


@pytest.mark.parametrize("made", ["Schedule()", "make_schedule()"])
@pytest.mark.parametrize("device, found", [('"mps"', [("F64003", 8), ("F64004", 13)]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_device_of_the_call_its_objects_are_handed_to(tmp_path, made, device, found):
    # The schedule names no device and is made in the `__main__` block (or by a function
    # that returns one); `sample` is handed it with the device and moves what its property
    # gives there.
    (tmp_path / "sample.py").write_text(
        "import numpy as np\nimport torch\n\n\nclass Schedule:\n    @property\n    def sigmas(self):\n"
        "        return torch.from_numpy(np.linspace(0, 1, 5))\n\n\n"
        "def sample(schedule, device):\n    x = torch.ones(5, device=device)\n"
        "    return x * schedule.sigmas.to(x.device)\n\n\ndef make_schedule():\n    return Schedule()\n\n\n"
        f'if __name__ == "__main__":\n    print(sample({made}, {device}))\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line) for d in diagnostics] == found


@pytest.mark.parametrize("device, found", [('"mps"', [("F64004", 18)]), ('"cpu"', [])])
def test_a_scripts_decorator_meets_the_devices_of_the_functions_it_wraps(tmp_path, device, found):
    # The wrapper makes the tensor; it runs where `window` is called, which the `__main__`
    # block reaches through `frame`.
    (tmp_path / "frames.py").write_text(
        "import numpy as np\nimport torch\n\n\ndef returns_tensor(fn):\n    def wrapper(*args):\n"
        "        return torch.from_numpy(fn(*args))\n\n    return wrapper\n\n\n@returns_tensor\n"
        "def window(n):\n    return np.hanning(n)\n\n\ndef frame(x):\n    return x * window(4).to(x.device)\n\n\n"
        f'if __name__ == "__main__":\n    print(frame(torch.ones(4, device={device})))\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line) for d in diagnostics] == found


@pytest.mark.parametrize("device, found", [('"mps"', [("F64002", 7)]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_device_a_helper_returns(tmp_path, device, found):
    # The module is moved by `.to(get_device())`: a call of the script's function that
    # returns a device on every path.
    (tmp_path / "features.py").write_text(
        f"import torch\nimport torch.nn as nn\n\n\nclass Fourier(nn.Module):\n    def __init__(self, n):\n"
        "        super().__init__(); self.register_buffer('freqs', torch.logspace(0, 1, n).double())\n\n\n"
        f"def get_device():\n    return torch.device({device})\n\n\n"
        'if __name__ == "__main__":\n    encoder = Fourier(16).to(get_device())\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line) for d in diagnostics] == found


@pytest.mark.parametrize("device, found", [('"mps"', [("F64002", 7)]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_device_of_the_container_it_is_kept_in(tmp_path, device, found):
    # The module is a submodule of an `nn.Sequential` (or an element of an `nn.ModuleList`)
    # moved as a whole.
    (tmp_path / "features.py").write_text(
        "import torch\nimport torch.nn as nn\n\n\nclass Fourier(nn.Module):\n    def __init__(self, n):\n"
        "        super().__init__(); self.register_buffer('freqs', torch.logspace(0, 1, n).double())\n\n\n"
        f'if __name__ == "__main__":\n    device = {device}\n'
        "    model = nn.Sequential(Fourier(16), nn.Linear(16, 1)).to(device)\n"
        "    heads = nn.ModuleList([nn.Linear(16, 1), Fourier(8)]).to(device)\n"
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line) for d in diagnostics] == found


@pytest.mark.parametrize("device, found", [('"mps"', [("F64003", 8, "error")]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_device_of_the_module_that_keeps_its_objects(tmp_path, device, found):
    # The scaler is a submodule of the regressor (and that of the model), which the
    # `__main__` block moves: it moves with them.
    (tmp_path / "regress.py").write_text(
        "import numpy as np\nimport torch\nimport torch.nn as nn\n\n\nclass Scaler(nn.Module):\n"
        "    def __init__(self):\n        super().__init__(); self.register_buffer('loc', torch.from_numpy(np.zeros(2)))\n\n\n"
        "class Regressor(nn.Module):\n    def __init__(self):\n        super().__init__(); self.scaler = Scaler()\n\n\n"
        "class Model(nn.Module):\n    def __init__(self):\n        super().__init__(); self.regressor = Regressor()\n\n\n"
        f'if __name__ == "__main__":\n    model = Model()\n    model.to({device})\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line, d.severity.value) for d in diagnostics] == found


@pytest.mark.parametrize("device, found", [('"mps"', [("F64003", 8, "error")]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_device_its_objects_kept_on_self_are_moved_to(tmp_path, device, found):
    # A plain class keeps the model as `self.net` and moves it there itself.
    (tmp_path / "experiment.py").write_text(
        "import numpy as np\nimport torch\nimport torch.nn as nn\n\n\nclass Table(nn.Module):\n"
        "    def __init__(self):\n        super().__init__(); self.register_buffer('pe', torch.from_numpy(np.zeros(4)))\n\n\n"
        "class Experiment:\n    def __init__(self):\n        self.net = Table()\n\n"
        f"    def setup(self):\n        self.device = torch.device({device})\n        self.net.to(self.device)\n\n\n"
        'if __name__ == "__main__":\n    Experiment().setup()\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line, d.severity.value) for d in diagnostics] == found


@pytest.mark.parametrize("devices, found", [(('"cpu"', '"cuda"'), []), (('"cpu"', '"mps"'), [("F64001", 10, "error")])])
def test_keyword_arguments_kept_in_a_dict_in_test_code_off_mps_are_not_flagged(tmp_path, devices, found):
    # The helper's `tkwargs` hold float64 for the devices its test calls it with: on the CPU
    # and CUDA only, as a call in that code is pinned off MPS.
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_kernel.py").write_text(
        "import itertools\nimport unittest\n\nimport torch\n\n\nclass TestKernel(unittest.TestCase):\n"
        "    def _check(self, device):\n        for dtype, n in itertools.product([torch.float, torch.double], [2, 3]):\n"
        '            tkwargs = {"dtype": dtype, "device": device}\n            x = torch.rand(n, **tkwargs)\n'
        "            self.assertEqual(x.dtype, dtype)\n\n"
        f"    def test_kernel(self):\n        for device in ({devices[0]}, {devices[1]}):\n"
        "            self._check(torch.device(device))\n"
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line, d.severity.value) for d in diagnostics] == found


@pytest.mark.parametrize("built", ["MinMax(scaler)", "nn.Sequential(MinMax(scaler), nn.Linear(3, 1))"])
@pytest.mark.parametrize("device, found", [('"mps"', [("F64003", 8, "error")]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_device_a_module_a_factory_builds_of_it_is_moved_to(tmp_path, built, device, found):
    # `build_model` returns the module (alone, or in a container); the `__main__` block
    # moves what it returns: the buffers of the class move with it.
    (tmp_path / "train.py").write_text(
        "import numpy as np\nimport torch\nfrom torch import nn\n\n\nclass MinMax(nn.Module):\n"
        "    def __init__(self, scaler):\n        self.register_buffer('lo', torch.from_numpy(scaler.data_min_))\n\n\n"
        f"def build_model(scaler):\n    return {built}\n\n\n"
        "def main(scaler, device):\n    return build_model(scaler).to(device)\n\n\n"
        f'if __name__ == "__main__":\n    from sklearn.preprocessing import MinMaxScaler\n'
        f"    main(MinMaxScaler().fit(np.ones((4, 3))), {device})\n"
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line, d.severity.value) for d in diagnostics] == found


@pytest.mark.parametrize("device, found", [('"mps"', [("F64003", 7, "error")]), ('"cpu"', [])])
def test_a_scripts_class_meets_the_default_device_the_script_sets(tmp_path, device, found):
    # The prior names no device: its tensor is made on the default device `main` sets first.
    (tmp_path / "prior.py").write_text(
        "import numpy as np\nimport torch\n\n\nclass Prior(torch.nn.Module):\n    def __init__(self, k=4):\n"
        "        self.log_prior = torch.log(torch.tensor(np.random.default_rng(0).dirichlet(np.ones(k))))\n\n\n"
        f"def main():\n    torch.set_default_device({device})\n    return Prior()\n\n\n"
        'if __name__ == "__main__":\n    main()\n'
    )
    diagnostics = run([tmp_path], Settings(root=tmp_path)).diagnostics
    assert [(d.code, d.start.line, d.severity.value) for d in diagnostics] == found
