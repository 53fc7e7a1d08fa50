"""thread-dtype: a `dtype` parameter replaces hardcoded float64 and is passed on by callers."""


from dataclasses import replace

from f64lint.fix.options import Strategy
from f64lint.workspace.settings import Settings
from f64lint.workspace.selection import default_codes
from tests.helpers import fix, lint, same

THREAD_DTYPE = Settings(fix_strategy=Strategy.THREAD_DTYPE)


def fixed(source, settings=THREAD_DTYPE):
    return fix(source, default_codes(), settings=replace(settings, fix_strategy=Strategy.THREAD_DTYPE))



def test_parameter_is_annotated_when_the_function_is():
    assert fixed("""
        import torch

        def grid(n: int) -> torch.Tensor:
            return torch.arange(n, dtype=torch.float64)
        """) == same("""
        import torch

        def grid(n: int, dtype: torch.dtype = torch.float32) -> torch.Tensor:
            return torch.arange(n, dtype=dtype)
        """)


def test_an_existing_dtype_parameter_is_reused():
    assert fixed("""
        import torch

        def grid(n, dtype=torch.float16):
            return torch.arange(n, dtype=torch.float64), torch.ones(n).double()
        """) == same("""
        import torch

        def grid(n, dtype=torch.float16):
            return torch.arange(n, dtype=dtype), torch.ones(n).to(dtype)
        """)


def test_a_dtype_parameter_that_defaults_to_none_is_not_used():
    assert fixed("""
        import torch

        def grid(n, dtype=None):
            return torch.ones(n).double()
        """) == same("""
        import torch

        def grid(n, dtype=None):
            return torch.ones(n).float()
        """)


def test_parameter_goes_before_kwargs_and_after_star_args():
    assert fixed("""
        import torch

        def a(x, **kwargs):
            return x.double()

        def b(x, *args):
            return x.double()

        def c(x, *, scale=1.0):
            return x.double() * scale
        """) == same("""
        import torch

        def a(x, dtype=torch.float32, **kwargs):
            return x.to(dtype)

        def b(x, *args, dtype=torch.float32):
            return x.to(dtype)

        def c(x, *, scale=1.0, dtype=torch.float32):
            return x.to(dtype) * scale
        """)


def test_one_parameter_per_line_layout_is_kept():
    assert fixed("""
        import torch

        def grid(
            n,
            device=None,  # where to build it
        ):
            return torch.arange(n, dtype=torch.float64, device=device)

        def pairs(
            n, m
        ):
            return torch.zeros(n, m, dtype=torch.float64)
        """) == same("""
        import torch

        def grid(
            n,
            device=None,  # where to build it
            dtype=torch.float32,
        ):
            return torch.arange(n, dtype=dtype, device=device)

        def pairs(
            n, m, dtype=torch.float32
        ):
            return torch.zeros(n, m, dtype=dtype)
        """)


def test_callers_with_a_dtype_pass_it_on():
    assert fixed("""
        import torch

        def table(n):
            return torch.arange(n, dtype=torch.float64)

        def embed(n, dtype=torch.float16):
            return table(n), table(
                n,
            )

        def plain(n):
            return table(n)

        class Model(torch.nn.Module):
            def freqs(self, n):
                return torch.ones(n).double()

            def forward(self, x, dtype=torch.bfloat16):
                return self.freqs(x.shape[0]) * x
        """) == same("""
        import torch

        def table(n, dtype=torch.float32):
            return torch.arange(n, dtype=dtype)

        def embed(n, dtype=torch.float16):
            return table(n, dtype=dtype), table(
                n,
                dtype=dtype,
            )

        def plain(n):
            return table(n)

        class Model(torch.nn.Module):
            def freqs(self, n, dtype=torch.float32):
                return torch.ones(n).to(dtype)

            def forward(self, x, dtype=torch.bfloat16):
                return self.freqs(x.shape[0], dtype=dtype) * x
        """)


def test_a_caller_that_is_threaded_too_passes_its_new_dtype():
    assert fixed("""
        import torch

        def inner(n):
            return torch.zeros(n, dtype=torch.float64)

        def outer(n):
            return inner(n) + torch.ones(n).double()
        """) == same("""
        import torch

        def inner(n, dtype=torch.float32):
            return torch.zeros(n, dtype=dtype)

        def outer(n, dtype=torch.float32):
            return inner(n, dtype=dtype) + torch.ones(n).to(dtype)
        """)


def test_no_parameter_where_dtype_means_something_else_or_there_is_no_function():
    # `f` brings its float64 work back to the input's dtype (`dtype = x.dtype`): float64 on
    # purpose, kept off MPS only, under another name than its own `dtype`.
    assert fixed("""
        import torch

        def f(x):
            dtype = x.dtype
            return x.double().to(dtype)

        scale = torch.ones(3, dtype=torch.float64)
        g = lambda x: x.double()
        """) == same("""
        import torch

        def f(x):
            dtype = x.dtype
            compute_dtype = torch.float32 if x.device.type == "mps" else torch.float64
            return x.to(compute_dtype).to(dtype)

        scale = torch.ones(3, dtype=torch.float32)
        g = lambda x: x.float()
        """)


def test_torch_is_imported_once_when_the_module_only_imports_names_from_it():
    assert fixed('''
        """Module docstring."""
        from torch import arange, float64

        def a(n):
            return arange(n, dtype=float64)

        def b(n):
            return arange(n, dtype=float64)
        ''') == same('''
        """Module docstring."""
        from torch import arange
        import torch

        def a(n, dtype=torch.float32):
            return arange(n, dtype=dtype)

        def b(n, dtype=torch.float32):
            return arange(n, dtype=dtype)
        ''')


def test_the_default_dtype_comes_from_the_settings():
    assert fixed("""
        import torch as th

        def a(n):
            return th.arange(n, dtype=th.float64)
        """, Settings(fix_dtype="bfloat16")) == same("""
        import torch as th

        def a(n, dtype=th.bfloat16):
            return th.arange(n, dtype=dtype)
        """)


def test_only_safe_fixes_without_unsafe_fixes():
    source = """
        import torch

        def grid(n):
            return torch.arange(n, dtype=torch.float64)
        """
    assert fix(source, default_codes(), unsafe=False) == same(source)


def test_properties_and_protocol_methods_get_no_parameter():
    assert fixed("""
        import torch
        from functools import cached_property

        class Dist:
            @property
            def loc(self):
                return self._loc.to(torch.double)

            @cached_property
            def scale(self):
                return self._scale.double()

            def __getitem__(self, i):
                return self.data[i].double()
        """) == same("""
        import torch
        from functools import cached_property

        class Dist:
            @property
            def loc(self):
                return self._loc.to(torch.float32)

            @cached_property
            def scale(self):
                return self._scale.float()

            def __getitem__(self, i):
                return self.data[i].float()
        """)


def test_a_method_a_framework_calls_gets_no_new_parameter():
    # torch calls `forward`, Lightning its steps and hooks: their signatures are not ours
    # to change, so the dtype is written in place there; a plain helper still gets one.
    assert fixed("""
        import torch

        class Model(torch.nn.Module):
            def forward(self, x):
                return x.double()

            def training_step(self, batch, batch_idx):
                return torch.arange(4, dtype=torch.float64)

            def on_train_start(self):
                self.table = torch.zeros(3, dtype=torch.float64)

        def helper(n):
            return torch.arange(n, dtype=torch.float64)
        """) == same("""
        import torch

        class Model(torch.nn.Module):
            def forward(self, x):
                dtype = torch.float32 if x.device.type == "mps" else torch.float64
                return x.to(dtype)

            def training_step(self, batch, batch_idx):
                return torch.arange(4, dtype=torch.float32)

            def on_train_start(self):
                self.table = torch.zeros(3, dtype=torch.float32)

        def helper(n, dtype=torch.float32):
            return torch.arange(n, dtype=dtype)
        """)


def test_a_test_or_a_fixture_gets_no_new_parameter():
    source = """
        import pytest
        import torch

        @pytest.fixture
        def grid():
            return torch.arange(4, dtype=torch.float64, device="mps")

        def test_sum(grid):
            assert torch.ones(4, dtype=torch.float64, device="mps").sum() == 4
        """
    found = fix(source, default_codes(), path="tests/test_grid.py")
    assert found == same(source.replace("torch.float64", "torch.float32"))


def test_a_conversion_before_a_move_imports_torch_for_its_dtype():
    assert fixed("""
        from torch import tensor

        x = tensor([1.0]).double().to("mps")
        """) == same("""
        from torch import tensor
        import torch

        x = tensor([1.0]).to("mps", dtype=torch.float32)
        """)


def test_a_conversion_before_a_move_becomes_one_call():
    # `.double().to(device)` is two calls where one does: move and cast together. (A `.to`
    # of something that is no plain device, `.to(dtype)`, keeps its own call: see
    # test_no_parameter_where_dtype_means_something_else_or_there_is_no_function.)
    assert fixed("""
        import torch

        def load(f, device):
            return torch.as_tensor(f).double().to(device)

        x = torch.ones(2).double().to("mps", non_blocking=True)
        """) == same("""
        import torch

        def load(f, device, dtype=torch.float32):
            return torch.as_tensor(f).to(device, dtype=dtype)

        x = torch.ones(2).to("mps", non_blocking=True, dtype=torch.float32)
        """)


def test_a_new_parameter_is_documented_in_the_docstrings_own_style():
    # Google, NumPy and Sphinx docstrings that list their arguments get one more entry;
    # one that lists none is left as it is.
    assert fixed('''
        import torch

        def grid(n, device=None):
            """Positions on a grid.

            Args:
                n (int): how many.
                device (torch.device): where to make them.

            Returns:
                The positions.
            """
            return torch.arange(n, dtype=torch.float64, device=device)

        def table(n):
            """A table.

            Parameters
            ----------
            n : int
                How many rows.

            Returns
            -------
            Tensor
            """
            return torch.zeros(n, dtype=torch.float64)

        def ones(n):
            """Ones.

            :param n: how many.
            :type n: int
            """
            return torch.ones(n, dtype=torch.float64)

        def plain(n):
            """No arguments listed."""
            return torch.ones(n, dtype=torch.float64)
        ''') == same('''
        import torch

        def grid(n, device=None, dtype=torch.float32):
            """Positions on a grid.

            Args:
                n (int): how many.
                device (torch.device): where to make them.
                dtype (torch.dtype): Dtype of the tensors it makes (default `torch.float32`).

            Returns:
                The positions.
            """
            return torch.arange(n, dtype=dtype, device=device)

        def table(n, dtype=torch.float32):
            """A table.

            Parameters
            ----------
            n : int
                How many rows.
            dtype : torch.dtype, optional
                Dtype of the tensors it makes (default `torch.float32`).

            Returns
            -------
            Tensor
            """
            return torch.zeros(n, dtype=dtype)

        def ones(n, dtype=torch.float32):
            """Ones.

            :param n: how many.
            :type n: int
            :param dtype: dtype of the tensors it makes (default `torch.float32`).
            """
            return torch.ones(n, dtype=dtype)

        def plain(n, dtype=torch.float32):
            """No arguments listed."""
            return torch.ones(n, dtype=dtype)
        ''')


def test_a_signature_made_too_long_is_laid_out_one_parameter_per_line():
    # As the project's formatter would, at its line length: one parameter per line with a
    # trailing comma; a signature that still fits stays on its line.
    assert fixed("""
        import torch

        class Grid:
            def positions(self, height, *, device=None):
                return torch.arange(height, dtype=torch.float64, device=device)

        def short(n):
            return torch.arange(n, dtype=torch.float64)
        """, Settings(line_length=60)) == same("""
        import torch

        class Grid:
            def positions(
                self,
                height,
                *,
                device=None,
                dtype=torch.float32,
            ):
                return torch.arange(height, dtype=dtype, device=device)

        def short(n, dtype=torch.float32):
            return torch.arange(n, dtype=dtype)
        """)


def test_parameters_on_a_line_of_their_own_are_laid_out_one_per_line_too():
    assert fixed("""
        import torch

        def calibration(
            confidence: torch.Tensor, correct: torch.Tensor, p: str = "2", beta: int = 100
        ) -> torch.Tensor:
            return torch.arange(beta, dtype=torch.float64)
        """) == same("""
        import torch

        def calibration(
            confidence: torch.Tensor,
            correct: torch.Tensor,
            p: str = "2",
            beta: int = 100,
            dtype: torch.dtype = torch.float32,
        ) -> torch.Tensor:
            return torch.arange(beta, dtype=dtype)
        """)


def test_a_framework_called_method_follows_the_data_it_meets():
    # No new parameter on `forward`: the dtype of a floating input (annotated so, or whose
    # `.dtype` the method gives its results) or of the module's own parameters, so half
    # stays half.
    assert fixed("""
        import torch
        from torch import nn

        class Embed(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.weight = nn.Parameter(torch.randn(n, 4))

            def forward(self, ids):
                pos = torch.arange(ids.shape[-1], dtype=torch.float64, device=ids.device)
                return self.weight[ids] * pos[..., None]

        class Head(nn.Module):
            def forward(self, x: torch.FloatTensor, mask):
                scale = torch.tensor(2.0, dtype=torch.float64, device=x.device)
                return x * scale

        class Mix(nn.Module):
            def forward(self, x, y):
                w = torch.ones(3, device=x.device).double()
                bias = torch.zeros(3, dtype=y.dtype, device=y.device)
                return w * x + y + bias
        """) == same("""
        import torch
        from torch import nn

        class Embed(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.weight = nn.Parameter(torch.randn(n, 4))

            def forward(self, ids):
                pos = torch.arange(ids.shape[-1], dtype=self.weight.dtype, device=ids.device)
                return self.weight[ids] * pos[..., None]

        class Head(nn.Module):
            def forward(self, x: torch.FloatTensor, mask):
                scale = torch.tensor(2.0, dtype=x.dtype, device=x.device)
                return x * scale

        class Mix(nn.Module):
            def forward(self, x, y):
                w = torch.ones(3, device=x.device).to(y.dtype)
                bias = torch.zeros(3, dtype=y.dtype, device=y.device)
                return w * x + y + bias
        """)


def test_data_that_is_rebound_or_not_shown_floating_is_not_followed():
    # `x` rebound before the use may hold anything; `ids` is no floating tensor as far as
    # anything shows, and a buffer may hold integers: nothing to follow, but each tells its
    # device, so float64 stays where the hardware has it.
    assert fixed("""
        import torch
        from torch import nn

        class Rebound(nn.Module):
            def forward(self, x):
                x = x.long()
                return torch.ones(3, dtype=torch.float64, device=x.device), x.dtype

        class Ids(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("steps", torch.arange(4))

            def forward(self, ids):
                return torch.arange(4, dtype=torch.float64, device=ids.device)
        """) == same("""
        import torch
        from torch import nn

        class Rebound(nn.Module):
            def forward(self, x):
                x = x.long()
                dtype = torch.float32 if x.device.type == "mps" else torch.float64
                return torch.ones(3, dtype=dtype, device=x.device), x.dtype

        class Ids(nn.Module):
            def __init__(self):
                super().__init__()
                self.register_buffer("steps", torch.arange(4))

            def forward(self, ids):
                dtype = torch.float32 if ids.device.type == "mps" else torch.float64
                return torch.arange(4, dtype=dtype, device=ids.device)
        """)


def test_a_caller_passes_on_the_dtype_it_decides_or_follows():
    # A helper that gets a `dtype` parameter computes as its caller does: a device-aware
    # caller passes its own `dtype` (its line goes above the call), a `forward` the dtype
    # of the data it follows.
    assert fixed("""
        import torch

        def freqs(n):
            return torch.arange(n, dtype=torch.float64)

        def precise(n, device):
            # float64 for numerical precision
            f = freqs(n)
            t = torch.ones(n, dtype=torch.float64, device=device)
            return t * f.to(device)

        class Rotary(torch.nn.Module):
            def forward(self, x: torch.FloatTensor):
                angles = freqs(x.shape[-1]).to(x.device)
                return x * torch.ones(1, dtype=torch.float64, device=x.device) + angles
        """) == same("""
        import torch

        def freqs(n, dtype=torch.float32):
            return torch.arange(n, dtype=dtype)

        def precise(n, device):
            # float64 for numerical precision
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            f = freqs(n, dtype=dtype)
            t = torch.ones(n, dtype=dtype, device=device)
            return t * f.to(device)

        class Rotary(torch.nn.Module):
            def forward(self, x: torch.FloatTensor):
                angles = freqs(x.shape[-1], dtype=x.dtype).to(x.device)
                return x * torch.ones(1, dtype=x.dtype, device=x.device) + angles
        """)


def test_only_data_that_is_always_there_is_followed():
    # `self.L` exists only when `use_lu`, `mask` only when given: following either could
    # raise where the old code ran, so the dtype is written in place.
    assert fixed("""
        import torch
        from torch import nn

        class Mix(nn.Module):
            def __init__(self, use_lu):
                super().__init__()
                if use_lu:
                    self.L = nn.Parameter(torch.eye(3))
                else:
                    self.W = nn.Parameter(torch.eye(3))

            def forward(self, z, mask=None):
                if mask is not None:
                    z = z.to(mask.dtype)
                return z @ torch.inverse(self.W.double())
        """) == same("""
        import torch
        from torch import nn

        class Mix(nn.Module):
            def __init__(self, use_lu):
                super().__init__()
                if use_lu:
                    self.L = nn.Parameter(torch.eye(3))
                else:
                    self.W = nn.Parameter(torch.eye(3))

            def forward(self, z, mask=None):
                if mask is not None:
                    z = z.to(mask.dtype)
                return z @ torch.inverse(self.W.float())
        """)


def test_a_move_written_over_lines_merges_into_one_call_on_one_line():
    assert fixed("""
        import torch

        def grid(n, like):
            return torch.ones(n).double().to(
                like.device
            ) * 2
        """) == same("""
        import torch

        def grid(n, like, dtype=torch.float32):
            return torch.ones(n).to(like.device, dtype=dtype) * 2
        """)


def test_float64_asked_for_on_purpose_without_a_device_to_tell_mps_by_is_left_alone():
    # The author upcasts for precision and the function cannot tell MPS from elsewhere:
    # float32 (or its own `dtype`) would undo that choice on every device, so no fix.
    source = """
        import torch

        def diagonalize(n, dtype=torch.float32):
            # Diagonalize in double precision
            w = torch.linalg.eigh(transition(n).to(torch.double))[0]
            return w.to(dtype)
        """
    assert [d.code for d in lint(source, default_codes())] == ["F64001"]
    assert fixed(source) == same(source)


def test_a_precision_switch_read_from_a_config_is_float64_on_purpose():
    # `cfg["high_precision"]` asks for float64: a float32 cast would make the switch mean
    # float32 on every device. Without a device to tell MPS by, no fix.
    source = """
        from torch import nn

        class MLP(nn.Module):
            def __init__(self, width):
                super().__init__()
                self.layer = nn.Linear(width, 1)

        def build_model(cfg):
            model = MLP(cfg["width"])
            if cfg["high_precision"]:
                model = model.double()
            return model

        def build_head(cfg):
            head = MLP(cfg["width"])
            if cfg.get("use_fp64"):
                head = head.double()
            return head
        """
    assert [d.code for d in lint(source, default_codes())] == ["F64002", "F64002"]
    assert fixed(source) == same(source)


def test_a_conversion_after_a_move_becomes_one_call():
    assert fixed("""
        import torch

        def normalize(audio, device):
            total = torch.tensor(0).to(device).double()
            return audio / total
        """) == same("""
        import torch

        def normalize(audio, device, dtype=torch.float32):
            total = torch.tensor(0).to(device, dtype=dtype)
            return audio / total
        """)


def test_numpy_work_keeps_float64_and_is_narrowed_where_it_becomes_a_tensor():
    # Both branches' arrays stay float64 for the NumPy work; the cast goes where the tensor
    # meets the device, so no branch is forgotten and NumPy's precision is kept.
    assert fixed("""
        import numpy as np
        import torch

        def grid(device, flag):
            if flag:
                a = np.zeros(3)
            else:
                a = np.zeros(4, dtype=np.float64)
            return torch.from_numpy(np.cumsum(a)).to(device)
        """) == same("""
        import numpy as np
        import torch

        def grid(device, flag, dtype=torch.float32):
            if flag:
                a = np.zeros(3)
            else:
                a = np.zeros(4, dtype=np.float64)
            return torch.from_numpy(np.cumsum(a)).to(device, dtype=dtype)
        """)


def test_a_dtype_only_compared_shows_no_floating_input():
    # `ids.dtype != torch.long` says nothing of a float: following it would make the grid
    # integers. No device either (the module's own method, not a tensor): float32 in place.
    assert fixed("""
        import torch
        from torch import nn

        class Grid(nn.Module):
            def forward(self, ids):
                if ids.dtype != torch.long:
                    raise TypeError("ids")
                return self.embed(ids).double() * torch.linspace(0, 1, 5, dtype=torch.float64)
        """) == same("""
        import torch
        from torch import nn

        class Grid(nn.Module):
            def forward(self, ids):
                if ids.dtype != torch.long:
                    raise TypeError("ids")
                return self.embed(ids).float() * torch.linspace(0, 1, 5, dtype=torch.float32)
        """)


def test_a_tolerance_keyword_named_precision_keeps_float64_a_metric_named_precision_does_not():
    # torch's test builders pass `precision=7e-4` beside float64 data: left alone. A
    # precision/recall curve's `precision` asks for nothing: the function gets a dtype.
    tolerance = """
        import torch

        def bceloss_test():
            t = torch.randn(15, 10).gt(0).to(torch.double)
            return dict(target=t, precision=7e-4)
        """
    assert fixed(tolerance) == same(tolerance)
    assert fixed("""
        import numpy as np
        import torch

        def curve_on(device, scores):
            precision = np.cumsum(scores)
            return torch.tensor(precision, dtype=torch.float64, device=device)
        """) == same("""
        import numpy as np
        import torch

        def curve_on(device, scores, dtype=torch.float32):
            precision = np.cumsum(scores)
            return torch.tensor(precision, dtype=dtype, device=device)
        """)
