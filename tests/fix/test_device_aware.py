"""device-aware: float32 on MPS only, float64 elsewhere as before (a safe fix)."""

from f64lint.workspace.settings import Settings
from dataclasses import replace

from f64lint.fix.options import Strategy
from f64lint.workspace.selection import default_codes
from tests.helpers import fix, lint, same

DEVICE_AWARE = Settings(fix_strategy=Strategy.DEVICE_AWARE)



def test_one_guard_line_above_the_first_use_serves_the_whole_function():
    assert fix("""
        import torch

        def grid(n, device):
            '''Doc.'''
            scale = n / 2
            if n:
                a = torch.arange(n, dtype=torch.float64, device=device)
            return a, torch.ones(n, device=device).double() * scale
        """, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import torch

        def grid(n, device):
            '''Doc.'''
            scale = n / 2
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            if n:
                a = torch.arange(n, dtype=dtype, device=device)
            return a, torch.ones(n, device=device).to(dtype) * scale
        """)


def test_a_device_that_may_be_none_is_tested_first():
    assert fix("""
        import torch

        def grid(n, device=None):
            return torch.arange(n, dtype=torch.float64, device=device)
        """, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import torch

        def grid(n, device=None):
            dtype = (
                torch.float32
                if device is not None and torch.device(device).type == "mps"
                else torch.float64
            )
            return torch.arange(n, dtype=dtype, device=device)
        """)


def test_the_device_a_tensor_is_made_on_is_tested_not_a_device_parameter_it_may_differ_from():
    # `self.device` falls back to a helper's device when the parameter is None: testing the
    # parameter would leave float64 on MPS (the ninth new-user set's f24).
    assert fix("""
        import torch

        class Grid:
            def __init__(self, size, device=None):
                self.device = device or get_device()
                self.log_odds = torch.full((size, size), 0.0, dtype=float, device=self.device)
        """, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import torch

        class Grid:
            def __init__(self, size, device=None):
                self.device = device or get_device()
                dtype = (
                    torch.float32 if torch.device(self.device).type == "mps" else torch.float64
                )
                self.log_odds = torch.full((size, size), 0.0, dtype=dtype, device=self.device)
        """)


def test_a_tensor_parameters_device_counts_and_a_taken_name_is_avoided():
    assert fix("""
        import torch

        def freqs(x, dtype):
            return torch.arange(4, dtype=torch.float64, device=x.device).to(dtype)
        """, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import torch

        def freqs(x, dtype):
            compute_dtype = torch.float32 if x.device.type == "mps" else torch.float64
            return torch.arange(4, dtype=compute_dtype, device=x.device).to(dtype)
        """)


def test_chosen_on_its_own_for_float64_on_purpose_with_a_known_device():
    source = """
        import torch

        def rope(dim, device):
            # computed in float64 for precision, as the reference does
            inv = 1.0 / 10000 ** (torch.arange(0, dim, 2, dtype=torch.float64, device=device) / dim)
            return inv
        """
    (finding,) = lint(source, default_codes())
    assert finding.fix.applicability.value == "safe"
    assert finding.fix.message == (
        "Use float32 on MPS only, float64 elsewhere as before (the function asks for float64 precision on purpose)"
    )
    assert fix(source, default_codes(), unsafe=False) == same("""
        import torch

        def rope(dim, device):
            # computed in float64 for precision, as the reference does
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            inv = 1.0 / 10000 ** (torch.arange(0, dim, 2, dtype=dtype, device=device) / dim)
            return inv
        """)


def test_without_a_device_in_reach_it_threads_a_dtype_instead():
    source = """
        import torch

        def table(n):
            return torch.arange(n, dtype=torch.float64)
        """
    (finding,) = lint(source, default_codes())
    assert finding.fix.applicability.value == "unsafe"
    assert fix(source, default_codes(), settings=DEVICE_AWARE) == same("""
        import torch

        def table(n, dtype=torch.float32):
            return torch.arange(n, dtype=dtype)
        """)


def test_move_then_cast_is_merged_safely():
    source = """
        import torch

        def load(batch, device):
            return torch.tensor(batch["x"]).to(device).half(), batch["y"].to(device, non_blocking=True).float()
        """
    assert fix(source, default_codes(), unsafe=False) == same("""
        import torch

        def load(batch, device):
            return torch.tensor(batch["x"]).to(device, dtype=torch.float16), batch["y"].to(device, non_blocking=True, dtype=torch.float32)
        """)


def test_a_move_passed_straight_to_a_call_is_cast_while_moving():
    # The call the move is an argument of is no cast after it (it once stopped the file's check).
    assert fix("""
        import numpy as np
        import torch

        def main(model, device):
            return model(torch.from_numpy(np.zeros((3, 3))).to(device))
        """, default_codes(), unsafe=False) == same("""
        import numpy as np
        import torch

        def main(model, device):
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            return model(torch.from_numpy(np.zeros((3, 3))).to(device, dtype=dtype))
        """)


def test_a_tensor_moved_to_a_local_device_is_cast_for_that_device_not_a_device_parameter():
    # `device_name` may be None while `device` is MPS: the guard reads the device the move goes to.
    assert fix("""
        import numpy as np
        import torch

        def main(device_name=None):
            device = torch.device(device_name or "mps")
            return torch.tensor(np.linspace(0, 1, 5)).to(device)
        """, default_codes(), unsafe=False) == same("""
        import numpy as np
        import torch

        def main(device_name=None):
            device = torch.device(device_name or "mps")
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            return torch.tensor(np.linspace(0, 1, 5)).to(device, dtype=dtype)
        """)


def test_a_precision_flag_is_kept_and_mps_is_left_out_of_it():
    assert fix("""
        import torch

        class Rope(torch.nn.Module):
            def forward(self, x, device=None):
                freqs_dtype = torch.float64 if self.double_precision else torch.float32
                low = torch.float32 if self.fast else torch.float64
                return torch.arange(4, dtype=freqs_dtype, device=device), torch.ones(4, dtype=low, device=device)
        """, default_codes(), unsafe=False) == same("""
        import torch

        class Rope(torch.nn.Module):
            def forward(self, x, device=None):
                freqs_dtype = (
                    torch.float64
                    if self.double_precision
                    and (device is None or torch.device(device).type != "mps")
                    else torch.float32
                )
                low = (
                    torch.float32
                    if self.fast or device is not None and torch.device(device).type == "mps"
                    else torch.float64
                )
                return torch.arange(4, dtype=freqs_dtype, device=device), torch.ones(4, dtype=low, device=device)
        """)


def test_a_name_that_asks_for_double_precision_chooses_device_aware_from_a_tensors_device():
    assert fix("""
        import torch

        def project(v0, v1, upcast_to_double=True):
            if upcast_to_double:
                dtype = v0.dtype
                v0, v1 = v0.double(), v1.double()
            return (v0 * v1).to(dtype)
        """, default_codes(), unsafe=False) == same("""
        import torch

        def project(v0, v1, upcast_to_double=True):
            compute_dtype = torch.float32 if v0.device.type == "mps" else torch.float64
            if upcast_to_double:
                dtype = v0.dtype
                v0, v1 = v0.to(compute_dtype), v1.to(compute_dtype)
            return (v0 * v1).to(dtype)
        """)


def test_float64_work_brought_back_to_the_input_dtype_stays_float64_off_mps():
    # gpytorch's shape: the function keeps its input's dtype in a local `dtype`, works in
    # float64 on its tensor parameters, and casts back: float64 on purpose. The fix keeps
    # it on the CPU and CUDA under another name, float32 on MPS only (safe).
    source = """
        import torch

        def predictive_update(chol, covar, values):
            dtype = covar.dtype
            chol = chol.to_dense().type(torch.float64)
            covar = covar.type(torch.float64)
            return torch.linalg.solve_triangular(chol, covar @ values, upper=False).type(dtype)
        """
    (first, second) = lint(source, default_codes())
    assert first.fix.applicability.value == "safe"
    assert fix(source, default_codes(), unsafe=False) == same("""
        import torch

        def predictive_update(chol, covar, values):
            dtype = covar.dtype
            compute_dtype = torch.float32 if chol.device.type == "mps" else torch.float64
            chol = chol.to_dense().type(compute_dtype)
            covar = covar.type(compute_dtype)
            return torch.linalg.solve_triangular(chol, covar @ values, upper=False).type(dtype)
        """)


def test_complex128_beside_device_aware_float64_is_device_aware_too():
    # Beamforming in double precision on purpose: the complex input keeps complex128 off
    # MPS only, as the real masks keep float64 there, instead of complex64 everywhere.
    assert fix("""
        import torch

        def statistics(signal, mask):
            # double precision for the statistics
            signal = signal.cdouble()
            mask = mask.double()
            return signal * mask
        """, default_codes(), unsafe=False) == same("""
        import torch

        def statistics(signal, mask):
            # double precision for the statistics
            signal = signal.to(
                torch.complex64 if mask.device.type == "mps" else torch.complex128
            )
            dtype = torch.float32 if mask.device.type == "mps" else torch.float64
            mask = mask.to(dtype)
            return signal * mask
        """)


def test_a_wide_dtype_chosen_to_match_a_wide_input_gets_no_fix():
    # complex128 only where the caller's dtype is float64: narrowing it here would break
    # the match; the caller's float64 is where a fix belongs.
    source = """
        import torch

        def nplr(n, dtype=torch.float):
            cdtype = torch.cfloat if dtype == torch.float else torch.cdouble
            return torch.zeros(n, dtype=cdtype, device="mps")
        """
    assert [d.code for d in lint(source, default_codes())] == ["F64006"]
    assert fix(source, default_codes()) == same(source)


def test_a_local_device_taken_from_a_parameter_tells_the_device():
    assert fix("""
        import torch

        def to_x0(flow, xt):
            # use higher precision for calculations
            device = flow.device
            flow, xt = (x.double().to(device) for x in (flow, xt))
            return (xt - flow).float()
        """, default_codes()) == same("""
        import torch

        def to_x0(flow, xt):
            # use higher precision for calculations
            device = flow.device
            dtype = torch.float32 if device.type == "mps" else torch.float64
            flow, xt = (x.to(device, dtype=dtype) for x in (flow, xt))
            return (xt - flow).float()
        """)


def test_a_device_a_helper_gives_a_local_bound_once_tells_the_device():
    # `device = get_device()` before the first use, bound once: it names the device the
    # function's values go to wherever the dtype line goes. Bound again later, it does not.
    assert fix("""
        import numpy as np
        import torch

        def main():
            device = get_device()
            for step in range(2):
                noise = torch.from_numpy(np.linspace(0, 1, 4)).to(device)
            return noise
        """, default_codes()) == same("""
        import numpy as np
        import torch

        def main():
            device = get_device()
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            for step in range(2):
                noise = torch.from_numpy(np.linspace(0, 1, 4)).to(device, dtype=dtype)
            return noise
        """)
    rebound = """
        import numpy as np
        import torch

        def main():
            device = get_device()
            noise = torch.from_numpy(np.random.default_rng(0).normal(size=4)).to(device)
            device = "cpu"
            return noise
        """
    assert "def main(dtype=torch.float32):" in fix(rebound, default_codes(), unsafe=True)


def test_a_tensor_the_function_has_bound_tells_its_device():
    # MACE's node energies: float64 on purpose for the sum, on the model's device, which
    # the local tensors tell (upstream fixed it so, with a device-dependent dtype).
    assert fix("""
        import torch

        class ScaleShift(torch.nn.Module):
            def forward(self, data):
                node_e0 = self.atomic_energies(data["node_attrs"])
                node_inter = self.readout(data)
                return node_e0.clone().double() + node_inter.clone().double()
        """, default_codes(), unsafe=False) == same("""
        import torch

        class ScaleShift(torch.nn.Module):
            def forward(self, data):
                node_e0 = self.atomic_energies(data["node_attrs"])
                node_inter = self.readout(data)
                dtype = torch.float32 if node_e0.device.type == "mps" else torch.float64
                return node_e0.clone().to(dtype) + node_inter.clone().to(dtype)
        """)


def test_a_comment_about_cancellation_asks_for_precision():
    assert fix("""
        import torch

        def centre(x, dtype=torch.float32):
            # use float64 to avoid cancellation
            return (x.to(torch.float64) - x.mean()).to(dtype)
        """, default_codes(), unsafe=False) == same("""
        import torch

        def centre(x, dtype=torch.float32):
            # use float64 to avoid cancellation
            compute_dtype = torch.float32 if x.device.type == "mps" else torch.float64
            return (x.to(compute_dtype) - x.mean()).to(dtype)
        """)


def test_the_dtype_line_is_wrapped_to_the_projects_line_length():
    source = """
        import torch

        class Schedule:
            def timesteps(self, n, in_device):
                if n:
                    return torch.arange(n, dtype=torch.float64, device=in_device)
        """
    # 8 spaces and 81 characters are over 88: the value goes on a line of its own.
    assert fix(source, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import torch

        class Schedule:
            def timesteps(self, n, in_device):
                dtype = (
                    torch.float32 if torch.device(in_device).type == "mps" else torch.float64
                )
                if n:
                    return torch.arange(n, dtype=dtype, device=in_device)
        """)
    # A longer line length keeps it on one line.
    wide = replace(DEVICE_AWARE, line_length=100)
    assert 'dtype = torch.float32 if torch.device(in_device).type == "mps" else torch.float64\n' in fix(
        source, default_codes(), unsafe=False, settings=wide
    )


def test_a_float64_import_the_fix_leaves_unused_is_removed():
    # The device-aware line spells `torch.float64`: the imported name is no longer read.
    assert fix("""
        from torch import zeros, float64
        import torch

        def make(n, device):
            return zeros(n, dtype=float64, device=device)
        """, default_codes(), unsafe=False) == same("""
        from torch import zeros
        import torch

        def make(n, device):
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            return zeros(n, dtype=dtype, device=device)
        """)


def test_torch_imported_only_where_it_is_available_is_not_imported_again():
    # Libraries that make torch optional import it under a guard: a fix that added
    # `import torch` at the top would break them without torch.
    source = """
        from .utils import is_torch_available

        if is_torch_available():
            import torch


        def window(n, device="cpu"):
            return torch.hann_window(n, device=device, dtype=torch.float64)
        """
    assert fix(source, default_codes(), unsafe=False) == same(source).replace(
        "    return torch.hann_window(n, device=device, dtype=torch.float64)",
        '    dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64\n'
        "    return torch.hann_window(n, device=device, dtype=dtype)",
    )


def test_a_value_moved_on_to_the_cpu_tells_no_device():
    # `model` may be a module, which has no `.device`; and it goes to the CPU, which has
    # float64: no device-aware line is made from it.
    source = """
        import torch

        def export(path, precise):
            model = torch.load(path)
            if precise:
                model = model.double().to("cpu")
            return model
        """
    (finding,) = lint(source, default_codes())
    assert (finding.code, finding.fix.applicability.value) == ("F64002", "unsafe")
    assert fix(source, default_codes(), unsafe=False) == same(source)


def test_a_move_is_cast_for_the_device_it_goes_to_not_where_the_tensor_is():
    assert fix("""
        import torch

        class Net(torch.nn.Module):
            def __init__(self, device):
                super().__init__()
                self.device = device
                self.dtype = torch.float64

            def forward(self, n):
                y = torch.zeros(n).to(self.dtype)
                return y.to(self.device)
        """, {"F64004"}, unsafe=False) == same("""
        import torch

        class Net(torch.nn.Module):
            def __init__(self, device):
                super().__init__()
                self.device = device
                self.dtype = torch.float64

            def forward(self, n):
                y = torch.zeros(n).to(self.dtype)
                dtype = (
                    torch.float32 if torch.device(self.device).type == "mps" else torch.float64
                )
                return y.to(self.device, dtype=dtype)
        """)


def test_a_float64_moved_straight_to_mps_is_float32_whatever_device_the_function_has():
    assert fix("""
        import torch

        def f(device):
            x = torch.zeros(3, dtype=torch.float64, device=device)
            return x, torch.zeros(3, dtype=torch.float64).to("mps")
        """, {"F64001"}, unsafe=False) == same("""
        import torch

        def f(device):
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            x = torch.zeros(3, dtype=dtype, device=device)
            return x, torch.zeros(3, dtype=torch.float32).to("mps")
        """)


def test_the_device_of_what_may_be_no_tensor_is_read_through_torch_device():
    # An argument namespace's `.device` is a string: `args.device.type` would raise.
    assert fix("""
        import torch

        def build(args, model):
            if args.precision == "double":
                model = model.double()
            return model.to(args.device)
        """, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import torch

        def build(args, model):
            dtype = torch.float32 if torch.device(args.device).type == "mps" else torch.float64
            if args.precision == "double":
                model = model.to(dtype)
            return model.to(args.device)
        """)


def test_the_device_of_a_parameter_annotated_as_another_class_is_read_through_torch_device():
    # A config's `device` field may be a string (`device: str = "cpu"`): `cfg.device.type`
    # would raise on every device, though the function reads only a tensor's members of it.
    assert fix("""
        import numpy as np
        import torch

        def anchors(cfg: DetConfig):
            return torch.as_tensor(np.ones(8), device=cfg.device)
        """, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import numpy as np
        import torch

        def anchors(cfg: DetConfig):
            dtype = torch.float32 if torch.device(cfg.device).type == "mps" else torch.float64
            return torch.as_tensor(np.ones(8), device=cfg.device, dtype=dtype)
        """)


def test_a_module_made_in_the_function_has_no_device_to_test():
    # `nn.Sequential` makes a module, which has no `.device`: no device-aware line for it.
    source = """
        import torch
        import torch.nn as nn

        def build(width):
            net = nn.Sequential(nn.Linear(width, width))
            return net.double()
        """
    assert fix(source, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same(source)


def test_a_parameter_annotated_as_a_tensor_is_one_whatever_it_is_asked():
    # `to_local()` is a tensor subclass's method: the annotation says a tensor, whose device tells.
    assert fix("""
        import torch

        def widen(t: torch.Tensor):
            local = t.to_local()
            return local, t.to(dtype=torch.float64)
        """, default_codes(), unsafe=False, settings=DEVICE_AWARE) == same("""
        import torch

        def widen(t: torch.Tensor):
            local = t.to_local()
            dtype = torch.float32 if t.device.type == "mps" else torch.float64
            return local, t.to(dtype=dtype)
        """)


def test_values_handed_to_a_numerical_gradient_check_keep_their_float64():
    # gradcheck needs float64: float32 would fail its finite differences. Made on the CPU
    # and handed to it alone, the values are float64 on purpose: no finding, and no fix
    # (unsafe fixes neither).
    source = """
        import torch

        def check():
            layer = torch.nn.Linear(3, 1).double()
            x = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
            return torch.autograd.gradcheck(layer, (x,))
        """
    assert lint(source, default_codes()) == []
    assert fix(source, default_codes(), unsafe=True) == same(source)
