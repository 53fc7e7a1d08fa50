"""One idiom per situation, the one a maintainer writes, under the default settings: the
cast goes where a value meets the device or becomes a tensor, NumPy work keeps its
float64 on the CPU, a parameter is added only where callers choose the dtype (never to a
constructor for its own tensors), and fixed lines keep the project's line length."""

from __future__ import annotations

from f64lint.workspace.selection import default_codes
from tests.helpers import fix, lint, same


def safe_fix(source: str) -> str:
    return fix(source, default_codes(), unsafe=False)


def test_numpy_work_stays_float64_and_is_cast_where_it_meets_the_device():
    assert safe_fix("""
        import numpy as np
        import torch


        class Schedule:
            def __init__(self, steps):
                self.alphas = np.cumprod(1.0 - np.linspace(1e-4, 0.02, steps))

            def add_noise(self, x, noise, t):
                alphas = torch.from_numpy(self.alphas).to(x.device)[t]
                return alphas.sqrt() * x + (1 - alphas).sqrt() * noise
        """) == same("""
        import numpy as np
        import torch


        class Schedule:
            def __init__(self, steps):
                self.alphas = np.cumprod(1.0 - np.linspace(1e-4, 0.02, steps))

            def add_noise(self, x, noise, t):
                dtype = torch.float32 if x.device.type == "mps" else torch.float64
                alphas = torch.from_numpy(self.alphas).to(x.device, dtype=dtype)[t]
                return alphas.sqrt() * x + (1 - alphas).sqrt() * noise
        """)


def test_a_batch_is_cast_at_its_move_not_through_a_new_parameter():
    assert safe_fix("""
        import numpy as np
        from torch.utils.data import DataLoader, Dataset


        class Rows(Dataset):
            def __len__(self):
                return 8

            def __getitem__(self, i):
                return np.full(3, float(i))


        def train(model, device):
            for batch in DataLoader(Rows(), batch_size=4):
                model(batch.to(device)).sum().backward()
        """) == same("""
        import numpy as np
        from torch.utils.data import DataLoader, Dataset
        import torch


        class Rows(Dataset):
            def __len__(self):
                return 8

            def __getitem__(self, i):
                return np.full(3, float(i))


        def train(model, device):
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            for batch in DataLoader(Rows(), batch_size=4):
                model(batch.to(device, dtype=dtype)).sum().backward()
        """)


def test_a_buffer_gets_its_dtype_where_it_is_registered():
    source = """
        import torch
        from torch import nn


        class Scale(nn.Module):
            def __init__(self, n):
                super().__init__()
                self.register_buffer("weight", torch.linspace(0, 1, n, dtype=torch.float64))


        def build(n, device):
            return Scale(n).to(device)
        """
    (finding,) = lint(source, default_codes())
    assert (finding.code, finding.fix.applicability.value, finding.fix.message) == (
        "F64001", "unsafe", "Use `torch.float32`"
    )
    assert fix(source, default_codes()) == same(source.replace("dtype=torch.float64", "dtype=torch.float32"))


def test_a_constructor_gains_no_dtype_parameter_for_its_own_tensors():
    source = """
        import torch
        from torch import nn


        class Encoder(nn.Module):
            def __init__(self, length, dim):
                super().__init__()
                position = torch.arange(length, dtype=torch.float64).unsqueeze(1)
                table = torch.zeros(length, dim, dtype=torch.float64)
                table[:, 0::2] = torch.sin(position)
                self.register_buffer("positions", table)
        """
    assert fix(source, default_codes()) == same(source.replace("torch.float64", "torch.float32"))


def test_on_a_device_spelled_mps_float32_is_safe():
    assert safe_fix("""
        import numpy as np
        import torch

        grid = torch.from_numpy(np.linspace(0, 1, 5)).to("mps")
        ones = torch.ones(3, dtype=torch.float64, device="mps")
        zeros = torch.zeros(3, dtype=torch.float64, device=torch.device("mps:0"))
        """) == same("""
        import numpy as np
        import torch

        grid = torch.from_numpy(np.linspace(0, 1, 5)).to("mps", dtype=torch.float32)
        ones = torch.ones(3, dtype=torch.float32, device="mps")
        zeros = torch.zeros(3, dtype=torch.float32, device=torch.device("mps:0"))
        """)


def test_a_statement_the_fix_makes_too_long_is_laid_out_as_black_would():
    assert safe_fix("""
        import numpy as np
        import torch


        def ramp(num_positions, scale, device):
            return torch.from_numpy(np.linspace(0, 1, num_positions)).to(device) * scale
        """) == same("""
        import numpy as np
        import torch


        def ramp(num_positions, scale, device):
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            return (
                torch.from_numpy(np.linspace(0, 1, num_positions)).to(device, dtype=dtype)
                * scale
            )
        """)


def test_a_line_that_was_already_too_long_is_left_as_the_fix_leaves_it():
    assert safe_fix("""
        import torch


        def frequencies(num_positions, embedding_dimension, device):
            return torch.arange(num_positions, dtype=torch.float64, device=device) * embedding_dimension ** -0.5
        """) == same("""
        import torch


        def frequencies(num_positions, embedding_dimension, device):
            dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
            return torch.arange(num_positions, dtype=dtype, device=device) * embedding_dimension ** -0.5
        """)
