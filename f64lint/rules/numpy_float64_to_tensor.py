from __future__ import annotations

from typing import Iterator

from f64lint.analysis.domain.casts import cast_down_before_move, made_on_a_device
from f64lint.analysis.domain.library import BINDS_ARGUMENTS, image_libraries
from f64lint.analysis.evaluation.lattice import Kind
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.placement import kept_float64_on_the_cpu
from f64lint.analysis.flow.values import TENSOR_OF_DATA
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import data_argument, keyword
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.fix.requests import WideArrayToTensor
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.common import callee_text, where_exported, where_made
from f64lint.rules.patterns import AnyOf, words
from f64lint.rules.tokens import NUMPY, TENSOR_FROM_DATA, TORCH


class NumpyFloat64ToTensor(Rule):
    """
    ## What it flags
    A float64 NumPy array turned into a tensor by `torch.from_numpy`, `torch.tensor`,
    `torch.as_tensor` or `torch.asarray` without a cast to a 32-bit dtype on the way, called
    as written or through what `functools.partial` makes of it (`to_device(a)` of
    `to_device = partial(torch.as_tensor, device=DEVICE)`, read with the arguments bound).
    An array is float64 when it is made with `dtype=np.float64` (or `np.double`, `float`,
    `"float64"`, `"f8"`), by `.astype(np.float64)`, or by a NumPy constructor whose default
    is float64: `np.zeros`, `np.ones`, `np.empty`, `np.eye`, `np.linspace`, `np.full` of a
    float, `np.array` of float literals, `np.arange` with a float, `np.random.rand`/`randn`/
    `random`/`uniform`/`normal`, `np.loadtxt`, `np.interp`, ..., a NumPy random Generator's
    draws of a size (`np.random.default_rng().normal(0.0, 1.0, n)`; a draw of numbers alone,
    `np.random.normal(0.0, 1.0)`, is a Python float, as probed), SciPy's windows (`get_window`,
    `scipy.signal.windows.hann`) and a fitted `StandardScaler`'s `mean_`, `var_` and
    `scale_`, a percentile of 8-bit pixels: what the library was seen to give when probed. A complex128 array
    (`np.fft.rfft` of float64 data) is flagged the same way: it is a pair of float64
    values, which MPS lacks too. An element of a float64 array (`for sigma in sigmas`,
    `for i, s in enumerate(...)`) is float64 too. The array is traced through local
    assignments, arithmetic, indexing, dtype-keeping functions (`np.sin`, `np.stack`,
    `np.meshgrid`, `.reshape`, ...), what the class sets on `self` (a dataclass's field: its
    default, or what its `default_factory` gives), what the module's own
    functions and methods return, and what a function held as a value gives where it is
    called (a closure a factory returns, `functools.partial`, `map`, the module's own
    decorators, a coroutine awaited), a list grown by `.append`, `.extend` (each element of
    what it is given: `a.tolist()` gives Python floats) and a deque's methods; NumPy makes
    a float64 array (`np.mean(history)`) of Python floats. A tensor made on a device
    (`device=device`) of a float64 array is flagged even when a cast follows: it is created
    there as float64. So is one made with no device on a default device that may be MPS
    (after `torch.set_default_device(device)`, inside `with torch.device(device):`); not by
    `torch.from_numpy`, which shares the array on the CPU whatever the default is.

    Not flagged: a cast right away on the CPU (`torch.from_numpy(a).float()`,
    `torch.tensor(a, dtype=torch.float32)`, `a.astype(np.float32)`), a tensor sent to the
    CPU as float64 in the same chain and nowhere else (`torch.from_numpy(a).to(device="cpu",
    dtype=torch.float64)`, float64 on purpose; a later move of it is F64004's), an explicit
    `dtype=` (F64001 judges float64 ones), NumPy code that never becomes a tensor, and code
    that never runs on MPS.

    ## Why it breaks on MPS
    NumPy's default float is float64 and `torch.from_numpy` / `torch.tensor` keep the
    array's dtype, so the tensor is float64 and cannot be moved to `mps`:
    `TypeError: Cannot convert a MPS Tensor to float64 dtype`. It works on CPU and CUDA,
    which is why it ships.

    ## Example
    ```python
    grid = np.linspace(0, 1, steps)
    t = torch.from_numpy(grid).to(device)
    ```

    ## Fix
    Keep the NumPy work in float64 on the CPU and cast where the array becomes a tensor:
    `torch.from_numpy(grid).to(device, dtype=dtype)` with the device-aware dtype (safe),
    `torch.tensor(grid, dtype=torch.float32, device=device)`, or
    `torch.from_numpy(grid).float()` (changes precision on CPU/CUDA: unsafe). No fix is
    offered where the call may take arrays of other dtypes too (`torch.as_tensor(v)` over a
    dict of a float64 grid and integer labels): a dtype there would change them too; nor for
    complex data, which a float dtype would cut to its real part (cast it to
    `np.complex64` instead).
    """

    code = "F64003"
    severity = Severity.WARNING
    error_where_it_reaches_mps = True
    name = "numpy-float64-to-tensor"
    summary = "a float64 NumPy array becomes a tensor without a cast"
    # NumPy names need a `numpy` import (SciPy's windows, scikit-learn's scalers and
    # curves and pandas' frames theirs, image readers theirs; transformers' mel filter
    # banks are named); the tensor constructors a `torch` one.
    required = (
        AnyOf(NUMPY, words("scipy", "sklearn", "pandas", "mel_filter_bank", "mel_filters", *sorted(image_libraries()))),
        TORCH,
        TENSOR_FROM_DATA,
    )

    valid = (
        """
        import numpy as np
        import scipy.sparse as sp
        import torch

        def adjacency(edges, n, device):
            ones = np.ones(len(edges), dtype=np.float32)  # a sparse matrix keeps its data's dtype
            matrix = sp.coo_matrix((ones, (edges[:, 0], edges[:, 1])), shape=(n, n))
            return torch.from_numpy(matrix.toarray()).to(device)
        """,
        """
        import numpy as np
        import scipy.sparse as sp
        import torch

        def normalized(n, device):
            adj = sp.random(n, n, density=0.1, dtype=np.float32) + sp.eye(n, dtype=np.float32)
            scale = sp.diags(np.ones(n, dtype=np.float32))  # its operators promote as probed
            return torch.from_numpy((scale @ adj @ scale * 0.5).toarray()).to(device)
        """,
        """
        import torch

        class VQDiffusionScheduler:
            def __init__(self, att):
                att = torch.tensor(att.astype("float64"))
                log_cumprod_at = torch.log(att)
                self.log_cumprod_at = log_cumprod_at.float()
        """,
        """
        import numpy as np
        import torch

        def grid(n, device):
            return torch.from_numpy(np.zeros(n, dtype="f")).to(device)
        """,
        """
        import numpy as np
        import torch

        def load(path, device):
            a = np.loadtxt(path)
            return torch.from_numpy(a).float().to(device)
        """,
        """
        import numpy as np
        import torch

        def timesteps(sigmas, device):
            steps = np.interp(np.log(sigmas), np.log([0.1, 80.0]), [0.0, 999.0])
            rounded = torch.from_numpy(steps).round().long().to(device)
            indices = torch.from_numpy(steps).to(torch.int32)
            return rounded, indices.to(device)
        """,
        """
        import numpy as np
        import torch

        def make(n):
            t = torch.tensor(np.zeros(n), dtype=torch.float32)
            u = torch.from_numpy(np.ones(n).astype(np.float32))
            v = torch.as_tensor(np.zeros(n, dtype=np.float32))
            w = torch.from_numpy(np.arange(n)), torch.from_numpy(np.arange(n) * 2)
            x = torch.tensor([0.5, 1.0])
            return t, u, v, w, x
        """,
        """
        import numpy as np

        def stats(values):
            arr = np.asarray(values, dtype=np.float64)
            return float(arr.mean()), isinstance(arr[0], np.float64)
        """,
        """
        import numpy as np
        import torch

        def host(n):
            return torch.from_numpy(np.linspace(0, 1, n)).numpy()
        """,
        """
        import numpy as np
        import torch

        def jitter(points, rng: np.random.Generator):
            offsets = rng.normal(0.0, 0.01, size=tuple(points.shape)).astype(np.float32)
            return points + torch.from_numpy(offsets).to(points.device)
        """,
        """
        import math

        import torch

        def cosine_scale(step: int, total: int, device):
            progress = step / max(1, total)
            return torch.tensor(0.5 * (1.0 + math.cos(math.pi * progress)), device=device)
        """,
        """
        import numpy as np
        import torch
        from sklearn.utils.class_weight import compute_class_weight

        def weighted_loss(labels, device):
            weights = compute_class_weight("balanced", classes=np.unique(labels), y=labels)
            return torch.nn.CrossEntropyLoss(weight=torch.tensor(weights, dtype=torch.float32).to(device))
        """,
        """
        import torch
        from sklearn.preprocessing import StandardScaler
        from torch import nn


        class Standardize(nn.Module):
            def __init__(self, scaler):
                super().__init__()
                self.register_buffer("mean", torch.from_numpy(scaler.mean_).float())

            def forward(self, x):
                return x - self.mean


        def build(features, device):
            scaler = StandardScaler().fit(features)
            return nn.Sequential(Standardize(scaler), nn.Linear(4, 1)).to(device)
        """,
        """
        import numpy as np
        import torch

        def jitter(device):
            # A draw of numbers alone is a Python float (as probed), which becomes float32
            rng = np.random.default_rng(0)
            scale = torch.tensor(np.random.uniform(0.5, 1.5), device=device)
            shift = torch.tensor(rng.normal(0.0, 0.1), device=device)
            return scale, shift, torch.tensor(np.random.rand(), device=device)
        """,
        """
        import numpy as np
        import torch

        def ramp(levels: np.ndarray, device):
            top = levels.astype(np.float32).max()
            return torch.from_numpy(np.linspace(0, top, 16)).to(device)  # float32 end points: float32
        """,
        """
        import numpy as np
        import torch

        def fit(degree):
            x = np.linspace(0.0, 1.0, 200)
            # an ill-conditioned system, solved in float64 on the CPU on purpose
            basis = torch.from_numpy(np.vander(x, degree + 1)).to(device="cpu", dtype=torch.float64)
            target = torch.from_numpy(np.sin(x)).to("cpu", torch.float64)
            return torch.linalg.lstsq(basis, target[:, None]).solution.float()
        """,
        """
        import numpy as np
        import torch

        def to_array(values, as32=False):
            out = np.asarray(values, dtype=np.float64)
            if as32:  # a call that passes True takes this branch: float32 only
                out = out.astype(np.float32)
            return out

        def inputs(values, device):
            return torch.from_numpy(to_array(values, as32=True)).to(device)
        """,
        """
        import numpy as np
        import torch

        def check(fn):  # a numerical gradient check needs float64, on the CPU
            x = torch.tensor(np.array([-1.5, 0.2]), requires_grad=True)
            return torch.autograd.gradcheck(fn, (x,), eps=1e-6)
        """,
    )
    invalid = (
        Invalid(
            """
            import torch
            from sklearn.preprocessing import StandardScaler
            from torch import nn


            class Standardize(nn.Module):
                def __init__(self, scaler):
                    super().__init__()
                    self.register_buffer("mean", torch.from_numpy(scaler.mean_))

                def forward(self, x):
                    return x - self.mean


            def build(features, device):
                scaler = StandardScaler().fit(features)
                return nn.Sequential(Standardize(scaler), nn.Linear(4, 1)).to(device)
            """,
            (9, 38),  # a scaler fitted by the caller; the buffer moves with the Sequential it is in
            fixed="""
            import torch
            from sklearn.preprocessing import StandardScaler
            from torch import nn


            class Standardize(nn.Module):
                def __init__(self, scaler):
                    super().__init__()
                    self.register_buffer("mean", torch.from_numpy(scaler.mean_).float())

                def forward(self, x):
                    return x - self.mean


            def build(features, device):
                scaler = StandardScaler().fit(features)
                return nn.Sequential(Standardize(scaler), nn.Linear(4, 1)).to(device)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from sklearn.utils.class_weight import compute_class_weight

            def weighted_loss(labels, device):
                weights = compute_class_weight("balanced", classes=np.unique(labels), y=labels)
                return torch.nn.CrossEntropyLoss(weight=torch.tensor(weights).to(device))
            """,
            (7, 45),  # scikit-learn's class weights are float64 whatever the labels (probed)
            fixed="""
            import numpy as np
            import torch
            from sklearn.utils.class_weight import compute_class_weight

            def weighted_loss(labels, device):
                weights = compute_class_weight("balanced", classes=np.unique(labels), y=labels)
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.nn.CrossEntropyLoss(
                    weight=torch.tensor(weights).to(device, dtype=dtype)
                )
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def cosine_scale(step: int, total: int, device):
                progress = step / max(1, total)
                return torch.tensor(0.5 * (1.0 + np.cos(np.pi * progress)), device=device)
            """,
            (6, 12),  # NumPy's cosine of a Python float is a float64 scalar
            fixed="""
            import numpy as np
            import torch

            def cosine_scale(step: int, total: int, device):
                progress = step / max(1, total)
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.tensor(
                    0.5 * (1.0 + np.cos(np.pi * progress)), device=device, dtype=dtype
                )
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def fit_inputs(device):
                torch.set_default_device(device)
                xs = np.linspace(0.0, 1.0, 256)[:, None]
                return torch.tensor(xs).float()
            """,
            (7, 12),  # made with no device, on the default one: float64 there before the cast
            fixed="""
            import numpy as np
            import torch

            def fit_inputs(device):
                torch.set_default_device(device)
                xs = np.linspace(0.0, 1.0, 256)[:, None]
                return torch.tensor(xs, dtype=torch.float32)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def magnitudes(device):
                sig = np.sin(np.linspace(0, 10, 64))
                return torch.from_numpy(np.abs(np.fft.rfft(sig))).to(device)
            """,
            (6, 12),  # the magnitudes of a complex128 spectrum are float64 (as probed), not complex
            fixed="""
            import numpy as np
            import torch

            def magnitudes(device):
                sig = np.sin(np.linspace(0, 10, 64))
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.from_numpy(np.abs(np.fft.rfft(sig))).to(device, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def delayed(x, delays):
                freqs = np.fft.rfftfreq(x.shape[-1])
                phase = np.exp(-2j * np.pi * freqs[None, :] * delays[:, None])
                return torch.fft.irfft(torch.fft.rfft(x) * torch.from_numpy(phase).to(x.device))
            """,
            (7, 48),  # a Python complex makes the float64 frequencies complex128: no float dtype keeps it
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def jitter(points, rng: np.random.Generator):
                offsets = rng.normal(0.0, 0.01, size=tuple(points.shape))
                return points + torch.from_numpy(offsets).to(points.device)
            """,
            (6, 21),  # a generator handed in: its draws are float64 whatever it was seeded with
            fixed="""
            import numpy as np
            import torch

            def jitter(points, rng: np.random.Generator):
                offsets = rng.normal(0.0, 0.01, size=tuple(points.shape))
                dtype = torch.float32 if points.device.type == "mps" else torch.float64
                return points + torch.from_numpy(offsets).to(points.device, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from scipy.signal import get_window
            from sklearn.preprocessing import StandardScaler

            def features(x, n, device):
                rng = np.random.default_rng(0)
                noise = torch.from_numpy(rng.normal(size=n)).to(device)
                window = torch.tensor(get_window("hann", n), device=device)
                scaler = StandardScaler().fit(x)
                loc = torch.as_tensor(scaler.mean_)
                draws = torch.from_numpy(rng.random(n, dtype=np.float32)).to(device)
                return noise, window, loc, draws
            """,
            (8, 13),
            (9, 14),
            (11, 11),
            fixed="""
            import numpy as np
            import torch
            from scipy.signal import get_window
            from sklearn.preprocessing import StandardScaler

            def features(x, n, device):
                rng = np.random.default_rng(0)
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                noise = torch.from_numpy(rng.normal(size=n)).to(device, dtype=dtype)
                window = torch.tensor(get_window("hann", n), device=device, dtype=dtype)
                scaler = StandardScaler().fit(x)
                loc = torch.as_tensor(scaler.mean_, dtype=dtype)
                draws = torch.from_numpy(rng.random(n, dtype=np.float32)).to(device)
                return noise, window, loc, draws
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def sinusoid(steps, device):
                grid = np.linspace(0, 1, steps)
                angles = np.outer(grid, np.arange(4)) * 2.0
                return torch.from_numpy(np.sin(angles)).to(device).float()
            """,
            (7, 12),
            fixed="""
            import numpy as np
            import torch

            def sinusoid(steps, device):
                grid = np.linspace(0, 1, steps)
                angles = np.outer(grid, np.arange(4)) * 2.0
                return torch.from_numpy(np.sin(angles)).to(device, dtype=torch.float32)
            """,
        ),
        Invalid(
            """
            import numpy as onp
            from torch import tensor

            class Loader:
                def __getitem__(self, i):
                    row = onp.array([0.5, 1.5, i])
                    return tensor(row[:2], device="mps")
            """,
            (7, 16),
            fixed="""
            import numpy as onp
            from torch import tensor
            import torch

            class Loader:
                def __getitem__(self, i):
                    row = onp.array([0.5, 1.5, i])
                    return tensor(row[:2], device="mps", dtype=torch.float32)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def weights(n):
                if (w := np.full(n, 0.5)) is not None:
                    return torch.as_tensor(w.reshape(1, -1))
            """,
            (6, 16),
            fixed="""
            import numpy as np
            import torch

            def weights(n, dtype=torch.float32):
                if (w := np.full(n, 0.5)) is not None:
                    return torch.as_tensor(w.reshape(1, -1), dtype=dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            noise = torch.tensor(np.random.randn(3, 3).astype("float32").astype(float))
            """,
            (4, 9),
            fixed="""
            import numpy as np
            import torch

            noise = torch.tensor(
                np.random.randn(3, 3).astype("float32").astype(float), dtype=torch.float32
            )
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def grid(n, device):
                return torch.from_numpy(np.zeros(n, dtype="d")).to(device)
            """,
            (5, 12),
            fixed="""
            import numpy as np
            import torch

            def grid(n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.from_numpy(np.zeros(n, dtype="d")).to(device, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def timesteps(n, device):
                steps = np.arange(n)
                return torch.from_numpy(steps / n).to(device), torch.from_numpy(steps * 0.5)
            """,
            (6, 12),
            (6, 52),
            fixed="""
            import numpy as np
            import torch

            def timesteps(n, device):
                steps = np.arange(n)
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.from_numpy(steps / n).to(device, dtype=dtype), torch.from_numpy(
                    steps * 0.5
                ).to(dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def step(model, device):
                arrays = {"x": np.random.rand(4, 3), "y": np.arange(4)}
                batch = {k: torch.as_tensor(v, device=device) for k, v in arrays.items()}
                return model(**batch)
            """,
            (6, 17),  # no fix: a dtype there would make the integer `y` float too
        ),
        Invalid(
            """
            import pandas as pd
            import torch

            def targets(path, device):
                frame = pd.read_csv(path)
                values = frame["target"].astype(float).to_numpy()  # no NumPy import
                return torch.from_numpy(values).to(device)
            """,
            (7, 12),
            fixed="""
            import pandas as pd
            import torch

            def targets(path, device):
                frame = pd.read_csv(path)
                values = frame["target"].astype(float).to_numpy()  # no NumPy import
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.from_numpy(values).to(device, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def length_stats(lengths, device):
                counts = np.asarray(lengths, dtype=np.int64)
                spread = torch.tensor([counts.mean(), np.std(counts)], device=device)  # float64 scalars
                total = torch.tensor(counts.sum(), device=device)
                middle = torch.tensor(np.float32(np.median(counts)), device=device)
                return spread, total, middle
            """,
            (6, 14),
            fixed="""
            import numpy as np
            import torch

            def length_stats(lengths, device):
                counts = np.asarray(lengths, dtype=np.int64)
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                spread = torch.tensor([counts.mean(), np.std(counts)], device=device, dtype=dtype)  # float64 scalars
                total = torch.tensor(counts.sum(), device=device)
                middle = torch.tensor(np.float32(np.median(counts)), device=device)
                return spread, total, middle
            """,
        ),
        Invalid(
            """
            import torch
            from sklearn.datasets import make_moons
            from sklearn.model_selection import train_test_split

            def tensors(device):
                X, y = make_moons(n_samples=200, noise=0.2)
                X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25)
                features = torch.from_numpy(X_train).to(device)
                return features, torch.from_numpy(y_train).to(device)  # int64 labels
            """,
            (8, 16),
            fixed="""
            import torch
            from sklearn.datasets import make_moons
            from sklearn.model_selection import train_test_split

            def tensors(device):
                X, y = make_moons(n_samples=200, noise=0.2)
                X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.25)
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                features = torch.from_numpy(X_train).to(device, dtype=dtype)
                return features, torch.from_numpy(y_train).to(device)  # int64 labels
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def spectrum(signal, device):
                wide = torch.from_numpy(np.fft.rfft(signal.astype(np.float64))).to(device)
                narrow = torch.from_numpy(np.fft.rfft(signal.astype(np.float32)).astype(np.complex64)).to(device)
                return wide, narrow
            """,
            (5, 12),  # no fix: a float dtype would drop the imaginary part
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def whitening(model, images, device):
                with torch.no_grad():
                    features = model(images).cpu().numpy()
                cov = np.cov(features, rowvar=False)
                return torch.from_numpy(cov).to(device)
            """,
            (8, 12),  # a model's features, dtype not known: NumPy's covariance is float64 whatever its input (probed)
            fixed="""
            import numpy as np
            import torch

            def whitening(model, images, device):
                with torch.no_grad():
                    features = model(images).cpu().numpy()
                cov = np.cov(features, rowvar=False)
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.from_numpy(cov).to(device, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import scipy.sparse as sp
            import torch

            def adjacency(edges, n, device):
                ones = np.ones(len(edges))
                matrix = sp.coo_matrix((ones, (edges[:, 0], edges[:, 1])), shape=(n, n))
                return torch.from_numpy(matrix.toarray()).to(device)
            """,
            (8, 12),  # a sparse matrix of float64 values, made dense (probed)
            fixed="""
            import numpy as np
            import scipy.sparse as sp
            import torch

            def adjacency(edges, n, device):
                ones = np.ones(len(edges))
                matrix = sp.coo_matrix((ones, (edges[:, 0], edges[:, 1])), shape=(n, n))
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.from_numpy(matrix.toarray()).to(device, dtype=dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import scipy.sparse as sp
            import torch

            def normalized(n, device):
                adj = sp.random(n, n, density=0.1, dtype=np.float32) + sp.eye(n)
                scale = sp.diags(np.ones(n, dtype=np.float32))
                return torch.from_numpy((scale @ adj @ scale).toarray()).to(device)
            """,
            (8, 12),  # `sp.eye(n)` is float64, and so is the sum (as probed)
            fixed="""
            import numpy as np
            import scipy.sparse as sp
            import torch

            def normalized(n, device):
                adj = sp.random(n, n, density=0.1, dtype=np.float32) + sp.eye(n)
                scale = sp.diags(np.ones(n, dtype=np.float32))
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return torch.from_numpy((scale @ adj @ scale).toarray()).to(device, dtype=dtype)
            """,
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        for call in facts.calls:
            run = analysis.flow.evaluation.library_run(call) or call  # `to_tensor(x)` of a `partial(...)`
            if facts.qualified_name(run.func) not in TENSOR_OF_DATA:
                continue
            if keyword(run, "dtype") is not None:
                continue
            data = data_argument(run)
            source = analysis.flow.float64_array(data) if data is not None else None
            if data is None or source is None or analysis.guards.off_mps(call):
                continue  # not float64, or in code that never runs on MPS
            on_default_device = analysis.flow.made_on_default_device(run)
            made_there = made_on_a_device(facts, run) or on_default_device
            if not made_there and (
                cast_down_before_move(facts, call, analysis.flow.gives_what_mps_has)
                or analysis.flow.narrowed_later(call)
            ):
                continue
            if not made_there and keyword(run, "device") is None and analysis.containment.kept_safe(call):
                continue  # made on the CPU, and cast wherever it moves
            if not made_there and kept_float64_on_the_cpu(analysis, call):
                continue  # `torch.from_numpy(v).to(device="cpu", dtype=torch.float64)`: kept there on purpose
            export = analysis.flow.made_elsewhere(source.origin)
            reaches_mps = analysis.flow.reaches_device(call) or analysis.flow.seen_reaching_mps(call)
            passed = export is not None and export.passed  # by another module's call of this function
            if passed and not reaches_mps:
                continue  # what the function does with the tensor decides, and its callers' use it cannot see
            origin = source.origin
            where = where_made(facts, origin, call)
            made = f", made in {export.path}:{export.line}" if export is not None else ""
            if export is not None and passed:
                where, made = where_exported(export, source.origin), ""
            if source.promoted_by is not None:  # integers made float64 by `/` or a float (complex128 by `1j`)
                operator = facts.module.code_for_node(source.promoted_by.operator).strip()
                line = facts.positions[source.promoted_by].start.line
                made += f", made {source.width} by `{operator}` at line {line}"
            if source.seen is not None:
                made += f", {source.seen}"
            # Not where the data may be of other dtypes too (a dict's arrays, what the function's
            # other callers pass): a cast would change them; nor of complex data, which a float dtype drops.
            given = analysis.flow.evaluation.value(data)
            mixed = passed or given.mixed or source.width != "float64"
            on_default = " on the default device" if on_default_device else ""
            what = "NumPy scalar" if given.kind is Kind.NUMPY_SCALAR else "NumPy array"  # `torch.tensor(s.mean())`
            yield Finding(
                call,
                f"{source.width} {what} (from `{source.origin_name}` {where}{made}) "
                f"becomes a tensor in `{callee_text(facts, call)}`{_bound(facts, call, run)}{on_default}; "
                f"MPS has no {source.width}",
                fix=None if mixed else WideArrayToTensor(call, origin, run if run is not call else None),
                reaches_mps=reaches_mps,
            )


def _bound(facts: ModuleFacts, call: cst.Call, run: cst.Call) -> str:
    """What a call runs, where that is a library's function `partial` bound arguments of."""
    return "" if run is call else f" (`{facts.qualified_name(run.func)}`, by `{BINDS_ARGUMENTS}`)"
