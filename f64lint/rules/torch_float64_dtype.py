from __future__ import annotations

from typing import Iterator

from f64lint.analysis.domain.dtypes import Spelling, Width
from f64lint.analysis.domain.library import WIDEST_FIRST_DTYPES, short_names
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.placement import reaches_mps, wide_dtype_uses
from f64lint.diagnostic import Severity
from f64lint.fix.requests import WideDtype
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.common import describe_use
from f64lint.rules.patterns import words


class TorchFloat64Dtype(Rule):
    """
    ## What it flags
    `torch.float64` or `torch.double` given as a dtype: the `dtype=` of a tensor factory
    (`torch.arange`, `torch.zeros`, `x.new_ones`, ...), the argument of `.to(...)`,
    `.type(...)` or `.view(...)`, or the default value of a parameter. Names are resolved
    through imports, so `import torch as th; th.double` and
    `from torch import float64 as f64` are found, and a module-level `DTYPE = torch.float64`
    is followed to where it is used, in its module and in the package's others (`from
    .config import DTYPE`; `self.dtype` of a base class another module sets, or its class
    attribute or dataclass field; what another module's function returns on every path),
    which get no automatic fix: the dtype is set elsewhere.

    Array API code (scikit-learn's, SciPy's) takes its dtypes from the namespace of the
    data, which is torch's for torch tensors: after `xp, _ = get_namespace(X)`,
    `xp.float64` is flagged too, and so is scikit-learn's `supported_float_dtypes(xp)`
    given as a dtype without the device (`check_array(X, dtype=supported_float_dtypes(xp))`,
    or its first element): it lists the default device's dtypes, float64 first, so data
    that has none of them (an integer tensor on MPS) is converted to float64 where it is.
    Given `device=`, it leaves float64 out for MPS. These get no automatic fix: the
    namespace may be NumPy's, and the device is the data's.

    Comparisons (`x.dtype == torch.float64`), dtype tables, `torch.finfo(torch.float64)`,
    float64 pinned to the CPU (`device="cpu"`, `x.cpu().double()`, `.numpy()` right after,
    `with torch.device("cpu"):`, a factory made on the CPU and cast down at once, a branch
    an MPS test keeps MPS out of: `if x.device.type != "mps":`, or one that runs only where
    CUDA is: `if torch.cuda.is_available():`, as a Mac has no CUDA), a dtype
    chosen by device (`torch.float32 if x.device.type == "mps" else torch.float64`) and a
    dtype that follows the data's (`torch.float64 if x.dtype == torch.float64 else ...`,
    or set where an `if` lets in only complex128 data or NumPy's object data: `if
    dtype_orig.kind == "O": dtype = xp.float64`) are not flagged. Integer data made float64
    is (`if not dtype.is_floating_point: dtype = torch.float64`), and so is a precision
    setting (`if precision == torch.float64: dtype = torch.float64`). A dtype given as
    `.to(self.dtype)` or returned by a helper is read where it is set: a helper's returns
    for the constants the call hands it (`pick(False)` of `def pick(double): if double:
    return torch.float64` is float32).

    ## Why it breaks on MPS
    Metal has no `double`, so PyTorch's MPS backend cannot allocate a float64 tensor:
    `TypeError: Cannot convert a MPS Tensor to float64 dtype as the MPS framework doesn't
    support float64. Please use float32 instead.` The same code runs on CPU and CUDA, so
    the bug only shows on a Mac.

    ## Example
    ```python
    def sincos(h, w, dim, device=None):
        grid = torch.arange(h * w, dtype=torch.float64, device=device)
    ```

    ## Fix
    Choose it by device, `torch.float32 if torch.device(device).type == "mps" else
    torch.float64`, which keeps CPU/CUDA numerics unchanged (safe; what `--fix` writes where
    the function knows its device). Where it does not, thread a dtype through: `def
    sincos(h, w, dim, device=None, dtype=torch.float32)` and `dtype=dtype` (changes
    precision on CPU/CUDA: unsafe).
    """

    code = "F64001"
    severity = Severity.WARNING
    error_where_it_reaches_mps = True
    name = "torch-float64-dtype"
    summary = "`torch.float64` / `torch.double` used as a dtype"
    # Every spelling of torch.float64 reaches it through a name containing one of these,
    # or a call that lists dtypes with float64 first.
    required = (words("float64", "double", *short_names(WIDEST_FIRST_DTYPES)),)

    valid = (
        """
        import torch

        def fit_scale(samples):
            log_scale = torch.zeros(1, dtype=torch.float64, requires_grad=True)  # on the CPU, on purpose
            opt = torch.optim.Adam([log_scale], lr=0.1)  # updates it where it is
            for _ in range(100):
                opt.zero_grad()
                loss = ((samples.double().cpu() / log_scale.exp()) ** 2).mean()
                loss.backward()
                opt.step()
            return float(log_scale.exp())
        """,
        """
        import torch

        def average_precision(output: torch.Tensor) -> torch.Tensor:
            # annotated as a tensor: what the module's calls pass, here tensors kept on the CPU
            return torch.zeros(output.shape[1], dtype=torch.float64, device=output.device)

        class Evaluator:
            def __init__(self):
                self.outputs = []

            def update(self, output):
                self.outputs.append(output.cpu())

            def compute(self):
                return average_precision(torch.cat(self.outputs))
        """,
        """
        import torch

        def table(n, device):
            if torch.cuda.is_available():  # a machine with CUDA has no MPS
                dtype = torch.float64
            else:
                dtype = torch.float32
            wide = torch.float64 if torch.cuda.is_available() else torch.float32
            return torch.arange(n, dtype=dtype, device=device), torch.ones(n, dtype=wide, device=device)
        """,
        """
        import torch

        def build(n, device, dtype):
            return torch.zeros(n, dtype=dtype).to(device)

        def main(n, device):
            return build(n, device, torch.float32)

        def on_cpu(n):
            return build(n, "cpu", torch.float64)

        def off_mps(n, device):
            if device.type != "mps":
                return build(n, device, torch.float64)
            return build(n, device, torch.float32)

        class Sampler:
            def __init__(self, device, precise=False):
                self.device = device
                self.dtype = torch.float32
                if precise and torch.device(device).type != "mps":
                    self.dtype = torch.float64

            def draw(self, x):
                return x.to(self.dtype).to(self.device)
        """,
        """
        import torch

        def pick(double):
            if double:
                return torch.float64
            return torch.float32

        def table(n, device):
            return torch.arange(n, dtype=pick(False), device=device)
        """,
        """
        import torch

        class Scheduler:
            def __init__(self, n):
                # float64 on the CPU, narrowed before it is kept
                betas = torch.linspace(0, 1, n, dtype=torch.float64)
                alphas = torch.cumprod(1.0 - betas, dim=0)
                self.betas = betas.to(torch.float32)
                self.alphas = alphas.float()
        """,
        """
        import torch

        class TypedStorage:
            double = _conversion_method_template(dtype=torch.float64)

            def cdouble(self):
                return self.to(dtype=torch.cdouble)

            def double(self):
                return self.to(dtype=torch.double)
        """,
        """
        import torch

        def positions(n, device):
            dtype = torch.float64
            if device.type == "mps":
                dtype = torch.float32
            return torch.arange(n, dtype=dtype, device=device)

        class Sampler:
            def __init__(self, device):
                self.device = device
                if device.type == "mps":
                    self.dtype = torch.float32
                else:
                    self.dtype = torch.float64

            def draw(self, n):
                return torch.randn(n, dtype=self.dtype).to(self.device)
        """,
        """
        import torch

        def is_double(x):
            return x.dtype == torch.float64 or x.dtype is torch.double
        """,
        """
        import torch

        def accepts(dtype):
            return dtype in (torch.float32, torch.float64)
        """,
        """
        import torch

        DTYPES = {"float32": torch.float32, "float64": torch.float64}
        SUPPORTED = [torch.float16, torch.float64]
        EPS = torch.finfo(torch.float64).eps
        """,
        """
        import torch

        def reference(a):
            x = torch.zeros(3, dtype=torch.float64, device="cpu")
            y = a.cpu().to(torch.float64)
            z = a.detach().to(torch.float64).numpy()
            w = torch.linalg.solve(a.to("cpu", torch.float64), x)
            return x, y, z, w
        """,
        """
        import torch

        def reference(a):
            with torch.device("cpu"):
                return torch.ones(4, dtype=torch.float64) @ a
        """,
        """
        import torch

        def embed(x):
            dtype = torch.float32 if x.device.type == "mps" else torch.float64
            return x.to(dtype)
        """,
        """
        import torch

        def attention(query, key, dtype):
            working = torch.float64 if query.dtype == torch.float64 else torch.float32
            work_dtype = torch.float64 if dtype.is_complex else dtype
            return query.to(working) @ key.to(working), torch.arange(4, dtype=work_dtype)
        """,
        """
        import numpy

        def f(torch, x):
            return x.to(torch.float64)
        """,
        '''
        import torch

        def doc():
            """Computes in torch.float64 for accuracy (dtype=torch.float64)."""
            raise ValueError("expected torch.float64, got dtype=torch.float32")
        ''',
        """
        import torch

        x = torch.zeros(3, dtype=torch.float32).to(torch.float)
        """,
        """
        import torch

        class Processor:
            def __init__(self, low, high, bins):
                # float64 then cast to float32: reproduces the float64 bins exactly
                self.bin_centers = torch.linspace(low, high, bins, dtype=torch.float64).to(
                    torch.float32
                )
        """,
        """
        from sklearn.utils._array_api import get_namespace_and_device, supported_float_dtypes
        from sklearn.utils.validation import check_array

        def validated(X):
            xp, _, device = get_namespace_and_device(X)
            dtype_orig = getattr(X, "dtype", None)
            dtype = None
            if dtype_orig is not None and dtype_orig.kind == "O":
                dtype = xp.float64  # object data is NumPy's: converted as NumPy converts it
            X = check_array(X, dtype=dtype)
            return check_array(X, dtype=supported_float_dtypes(xp, device=device))
        """,
        """
        import torch

        def norm_out(x):
            dtype = None
            if x.dtype == torch.complex64:
                dtype = torch.float32
            elif x.dtype == torch.complex128:
                dtype = torch.float64  # complex128 data is never on MPS
            return torch.zeros_like(x, dtype=dtype)
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            def positions(n):
                return torch.arange(n, dtype=torch.float64)
            """,
            (4, 34),
            fixed="""
            import torch

            def positions(n, dtype=torch.float32):
                return torch.arange(n, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import torch as th

            class Embedding(th.nn.Module):
                def forward(self, x):
                    return x.to(th.double)
            """,
            (5, 21),
            fixed="""
            import torch as th

            class Embedding(th.nn.Module):
                def forward(self, x):
                    dtype = th.float32 if x.device.type == "mps" else th.float64
                    return x.to(dtype)
            """,
        ),
        Invalid(
            """
            from torch import float64 as f64, zeros

            buf = zeros(3, dtype=f64)
            """,
            (3, 22),
            fixed="""
            from torch import zeros
            import torch

            buf = zeros(3, dtype=torch.float32)
            """,
        ),
        Invalid(
            """
            import torch

            def build(dim, device=None, dtype=torch.float64):
                return torch.empty(dim, device=device, dtype=dtype)
            """,
            (3, 35),
            fixed="""
            import torch

            def build(dim, device=None, dtype=torch.float32):
                return torch.empty(dim, device=device, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import torch

            DTYPE = torch.float64

            async def grid(x):
                return [t.type(DTYPE) for t in x], x.new_zeros((2, 2), dtype=DTYPE)
            """,
            (6, 20),
            (6, 66),
            fixed="""
            import torch

            DTYPE = torch.float32

            async def grid(x):
                return [t.type(DTYPE) for t in x], x.new_zeros((2, 2), dtype=DTYPE)
            """,
        ),
        Invalid(
            """
            import torch

            def f(x, precise):
                dtype = torch.float64 if precise else torch.float32
                return x.to(x.device, dtype)
            """,
            (5, 27),
            fixed="""
            import torch

            def f(x, precise):
                dtype = torch.float64 if precise and x.device.type != "mps" else torch.float32
                return x.to(x.device, dtype)
            """,
        ),
        Invalid(
            """
            import torch

            def bins(low, high, n, device):
                a = torch.linspace(low, high, n, dtype=torch.float64, device=device).float()
                b = torch.linspace(low, high, n, dtype=torch.float64).to(device).float()
                return a, b
            """,
            (4, 44),
            (5, 44),
            fixed="""
            import torch

            def bins(low, high, n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                a = torch.linspace(low, high, n, dtype=dtype, device=device).float()
                b = torch.linspace(low, high, n, dtype=dtype).to(device, dtype=torch.float32)
                return a, b
            """,
        ),
        Invalid(
            """
            from sklearn.utils._array_api import get_namespace, supported_float_dtypes
            from sklearn.utils.validation import check_array

            def validated(X):
                xp, _ = get_namespace(X)
                X = check_array(X, dtype=supported_float_dtypes(xp))
                return xp.asarray(X, dtype=xp.float64)
            """,
            (6, 30),
            (7, 32),
        ),
        Invalid(
            """
            import torch

            def promoted(x):
                dtype = x.dtype
                if not dtype.is_floating_point:
                    dtype = torch.float64  # integer data, on MPS too
                return x.to(dtype)
            """,
            (7, 17),
            fixed="""
            import torch

            def promoted(x):
                dtype = x.dtype
                if not dtype.is_floating_point:
                    dtype = torch.float32  # integer data, on MPS too
                return x.to(dtype)
            """,
        ),
        Invalid(
            """
            import torch

            def table(n, precision, device):
                dtype = torch.float32
                if precision == torch.float64:  # a setting, not the data's dtype
                    dtype = torch.float64
                return torch.arange(n, dtype=dtype, device=device)
            """,
            (7, 34),
            fixed="""
            import torch

            def table(n, precision, device):
                dtype = torch.float32
                if precision == torch.float64:  # a setting, not the data's dtype
                    dtype = torch.float32
                return torch.arange(n, dtype=dtype, device=device)
            """,
        ),
        Invalid(
            """
            import torch

            class Sampler:
                def __init__(self, device):
                    self.device = device
                    self.dtype = torch.float64

                def draw(self, n):
                    return torch.zeros(n, dtype=self.dtype, device=self.device)

                def shift(self, x):
                    return x.to(self.dtype).to(self.device)
            """,
            (9, 37),
            (12, 21),
            fixed="""
            import torch

            class Sampler:
                def __init__(self, device):
                    self.device = device
                    dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                    self.dtype = dtype

                def draw(self, n):
                    return torch.zeros(n, dtype=self.dtype, device=self.device)

                def shift(self, x):
                    return x.to(self.dtype).to(self.device)
            """,
        ),
        Invalid(
            """
            import torch

            def build(n, device, dtype):
                return torch.zeros(n, dtype=dtype).to(device)

            def main(n, device):
                return build(n, device, torch.float64)
            """,
            (4, 33),
            fixed="""
            import torch

            def build(n, device, dtype):
                return torch.zeros(n, dtype=dtype).to(device)

            def main(n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return build(n, device, dtype)
            """,
        ),
        Invalid(
            """
            import torch

            def pick(double):
                if double:
                    return torch.float64
                return torch.float32

            def table(n, device):
                return torch.arange(n, dtype=pick(True), device=device)
            """,
            (9, 34),
            fixed="""
            import torch

            def pick(double, dtype=torch.float32):
                if double:
                    return dtype
                return torch.float32

            def table(n, device):
                return torch.arange(n, dtype=pick(True), device=device)
            """,
        ),
        Invalid(
            """
            import torch

            DTYPES = {"fp32": torch.float32, "fp64": torch.float64, "bf16": torch.bfloat16}

            def make(n, device):
                return torch.zeros(n, dtype=DTYPES.get("fp64"), device=device)
            """,
            (6, 33),  # no fix: the table offers float64 on purpose
        ),
        Invalid(
            """
            import torch

            class Solver:
                dtype = torch.float64  # a class attribute its methods read

                def __init__(self, device):
                    self.device = device

                def grid(self, n):
                    return torch.zeros(n, dtype=self.dtype, device=self.device)

            class NarrowSolver(Solver):
                dtype = torch.float32

                def grid(self, n):
                    return torch.ones(n, dtype=self.dtype, device=self.device)
            """,
            (10, 37),
            fixed="""
            import torch

            class Solver:
                dtype = torch.float32  # a class attribute its methods read

                def __init__(self, device):
                    self.device = device

                def grid(self, n):
                    return torch.zeros(n, dtype=self.dtype, device=self.device)

            class NarrowSolver(Solver):
                dtype = torch.float32

                def grid(self, n):
                    return torch.ones(n, dtype=self.dtype, device=self.device)
            """,
        ),
        Invalid(
            """
            import torch

            CONFIG = {"slots": 8, "dtype": torch.float64, "device": "mps"}
            NARROW = {"slots": 8, "dtype": torch.float32}


            def memory(cfg, hidden):
                return torch.zeros(cfg["slots"], hidden, dtype=cfg["dtype"], device=cfg["device"])


            def narrow_memory(hidden, device):
                return torch.zeros(NARROW["slots"], hidden, dtype=NARROW["dtype"], device=device)


            state = memory(CONFIG, 16)
            """,
            (8, 52),
            fixed="""
            import torch

            CONFIG = {"slots": 8, "dtype": torch.float32, "device": "mps"}
            NARROW = {"slots": 8, "dtype": torch.float32}


            def memory(cfg, hidden):
                return torch.zeros(cfg["slots"], hidden, dtype=cfg["dtype"], device=cfg["device"])


            def narrow_memory(hidden, device):
                return torch.zeros(NARROW["slots"], hidden, dtype=NARROW["dtype"], device=device)


            state = memory(CONFIG, 16)
            """,
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        for use, dtype, written in wide_dtype_uses(analysis, Width.FLOAT64, (Spelling.TORCH,)):
            yield Finding(
                use.value,
                f"{describe_use(facts, use, dtype, written)}; MPS has no float64",
                fix=WideDtype(written),
                reaches_mps=reaches_mps(analysis, use),
            )
