"""`no-float64-devices` and `safe-helpers`: other devices without float64, and the
project's own MPS-safe dtype helper."""

from __future__ import annotations

import textwrap

from f64lint.workspace.settings import Settings
from f64lint.fix.options import Strategy
from f64lint.linter.lint import lint_source
from f64lint.workspace.selection import default_codes
from tests.helpers import fix

NPU = Settings(no_float64_devices=("mps", "npu"))


def codes(source: str, settings: Settings):
    found = lint_source("m.py", textwrap.dedent(source), default_codes(), settings.severity_of,
                      settings.fix_options(), settings.devices()).diagnostics
    return sorted((d.start.line, d.code, d.severity.value) for d in found)


def test_an_added_device_is_one_float64_cannot_reach():
    source = """
        import torch

        def load(x):
            y = x.double()
            return y.to("npu:0")
        """
    assert codes(source, Settings()) == [(5, "F64002", "warning")]
    assert codes(source, NPU) == [(5, "F64002", "error"), (6, "F64004", "error")]


def test_a_guard_for_an_added_device_keeps_it_out():
    source = """
        import torch

        def load(x, device):
            if device.type not in ("mps", "npu"):
                return x.to(device, torch.float64)
            return x.to(device)
        """
    assert codes(source, NPU) == []


def test_device_aware_fixes_cover_every_such_device():
    assert fix("""
        import torch

        def grid(n, device):
            return torch.arange(n, dtype=torch.float64, device=device)
        """, default_codes(), settings=Settings(no_float64_devices=("mps", "npu"), fix_strategy=Strategy.DEVICE_AWARE)
    ) == textwrap.dedent("""\
        import torch

        def grid(n, device):
            dtype = (
                torch.float32 if torch.device(device).type in ("mps", "npu") else torch.float64
            )
            return torch.arange(n, dtype=dtype, device=device)
        """)


def test_device_aware_fixes_use_the_projects_helper_once():
    assert fix("""
        import torch

        def grid(n, x):
            a = torch.arange(n, dtype=torch.float64, device=x.device)
            return a + torch.ones(n, dtype=torch.float64, device=x.device)
        """, default_codes(),
        settings=Settings(fix_strategy=Strategy.DEVICE_AWARE, safe_helpers=("mypkg.utils.mps_safe_dtype",)),
    ) == textwrap.dedent("""\
        import torch
        from mypkg.utils import mps_safe_dtype

        def grid(n, x):
            dtype = mps_safe_dtype(torch.float64, x.device)
            a = torch.arange(n, dtype=dtype, device=x.device)
            return a + torch.ones(n, dtype=dtype, device=x.device)
        """)
