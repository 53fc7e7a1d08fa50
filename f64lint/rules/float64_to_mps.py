from __future__ import annotations

from typing import Iterator, Optional

from f64lint.analysis.domain.dtypes import Width
from f64lint.analysis.domain.library import DATA_LOADERS
from f64lint.analysis.evaluation.lattice import Kind
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.data import described
from f64lint.analysis.flow.values import WideValue
from f64lint.analysis.syntax.calls import method_name
from f64lint.cst import cst
from f64lint.fix.requests import FixRequest, MoveThenCast, WideMove
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.common import callee_text, where_exported, where_made
from f64lint.rules.patterns import AllOf, AnyOf, any_of, words
from f64lint.rules.tokens import NUMPY, TENSOR_FROM_DATA, WIDE_VALUE


class Float64ToMps(Rule):
    """
    ## What it flags
    The place where a float64 (or complex128) tensor made elsewhere is moved to a device
    that may be `mps`: `x.to(device)`, `x.to("mps")`, `model.to(device)` after
    `model = model.double()`, or made a tensor there with its dtype
    (`torch.asarray(x, device=device)`, `torch.tensor(x, device=device)`, the array API's
    `xp.asarray(x, device=device(A))`). The value is followed back through assignments (tuple
    unpacking too), dtype-keeping methods and torch functions (`.clone()`, `torch.cat`,
    `torch.meshgrid`, arithmetic), dicts (`batch["x"]`, `.items()`, `.values()`, a dict
    comprehension), attributes set on `self` or registered with
    `register_buffer`, and the return values of the module's own functions and of methods
    called through `self.` (element by element for an unpacked tuple). The message names
    where the float64 came from. A device may be `mps` when it is `"mps"`, a conditional
    that can pick it, a tensor's `.device`, or a name like `device` (device-agnostic code
    runs on Macs too). Moves to the CPU, moves with a dtype (`.to(device, torch.float32)`),
    and moves in code an MPS test keeps MPS out of are not flagged; neither is a move in
    the statement that makes the float64 (the rule that flags the source says it there).

    A batch of a `DataLoader` over a dataset class of the module whose `__getitem__` gives
    float64 NumPy data (`return self.x[i], self.y[i]` with `self.y = np.zeros(n)`) is a
    float64 tensor too: the default collate keeps the dtype. So is a batch of Python floats
    (`return x, float(score)`), which the default collate makes float64. Its move is flagged, followed
    through `enumerate`, `zip`, `tqdm`, unpacking (`x, y = batch`), indexing and a method
    the loop passes the batch to; the fix moves it with a dtype, as for any move (casting
    where the dataset makes the array is the other way).

    A module of a class another file of the run defines moves its parameters and buffers
    with it: where that file's class keeps a float64 tensor on `self` (a buffer, an
    `nn.Parameter`, or a submodule that holds one: `self.frontend = LogMel()`), moving an
    object of it (`SpeechClassifier().to(device)`) is flagged, naming the class and where
    the tensor is made. No fix is offered there: the cast belongs where the tensor is made.
    Linting the moving file alone reads the files it imports and those they import, as a
    folder run does.

    ## Why it breaks on MPS
    This is the line that raises `TypeError: Cannot convert a MPS Tensor to float64 dtype
    as the MPS framework doesn't support float64`: the tensor was fine until it met the
    device.

    ## Example
    ```python
    freqs = torch.outer(t, inv_freq.double())      # float64 from here ...
    self.register_buffer("freqs", freqs)
    ...
    return self.freqs.to(x.device)                 # ... crashes here on MPS
    ```

    ## Fix
    Where the code casts after the move (`.to(device).float()`), the cast goes into the
    move: `.to(device, dtype=torch.float32)` (safe: the value is cast anyway). Otherwise,
    move and cast in one call, with the dtype threaded through the function:
    `.to(device, dtype=dtype)` (float32 by default: changes precision on CPU/CUDA,
    unsafe), or the device-aware dtype, which keeps CPU/CUDA unchanged (safe). Better still,
    make the value float32 where it is made (the source's own finding). Where the move
    carries values of other dtypes too (a dict of a float64 grid and integer steps, a name
    that holds a float32 tensor on another path), no fix is offered there: a cast would
    change them too.
    """

    code = "F64004"
    name = "float64-to-mps"
    summary = "a float64/complex128 tensor moved to a device that may be MPS"
    # Float64 sources: a wide dtype or conversion, or NumPy data (`dtype=float` alone is not followed).
    # A DataLoader over a dataset of NumPy data, or over one the module defines (of Python
    # floats), moves float64 batches no code spells.
    # The move: `.to(`, or a tensor made of the data on a device (`torch.asarray(t, device=d)`).
    required = (
        AnyOf(any_of(".to("), AllOf(TENSOR_FROM_DATA, any_of("device="))),
        AnyOf(WIDE_VALUE, AllOf(AnyOf(NUMPY, any_of("__getitem__")), words("DataLoader"))),
    )

    valid = (
        """
        import torch
        from torch import nn

        class PINN(nn.Module):
            def __init__(self):
                super().__init__()
                self.net = nn.Linear(1, 1)

        def train(device):
            model = PINN().double().float()  # cast back before it moves
            return model.to(device)

        def tune(device):
            model = PINN().double()
            model = model.to(dtype=torch.float32)
            return model.to(device)

        def serve(device):
            model = PINN()
            model.double()
            model.float()  # modules cast in place
            return model.to(device)
        """,
        """
        import numpy as np
        import torch

        def prep(grid, device):
            x = torch.as_tensor(grid)
            if x.dtype == torch.float64:  # taken by every float64 tensor
                x = x.float()
            t = torch.from_numpy(np.linspace(0, 1, 5))
            if t.is_floating_point():
                t = t.to(torch.float32)
            return x.to(device), t.to(device)
        """,
        """
        import numpy as np
        from torch.utils.data import DataLoader

        def train(model, device):
            for batch in DataLoader(np.random.rand(10, 3).astype(np.float32), batch_size=2):
                model(batch.to(device))
        """,
        """
        import numpy as np
        import torch

        def step(model, tokenizer, texts, device):
            batch = {"x": torch.from_numpy(np.random.rand(4, 3)), "y": torch.arange(4)}
            batch["x"] = batch["x"].float()
            moved = {k: v.to(device) for k, v in batch.items()}
            scores = {"x": torch.randn(4), "w": torch.from_numpy(np.random.rand(4))}
            weights = scores.pop("w")  # kept on the CPU
            inputs = {**tokenizer(texts), "prior": torch.from_numpy(np.random.rand(4))}
            ids = inputs["input_ids"].to(device)
            cast = {
                k: v.to(device, dtype=torch.float32) if v.is_floating_point() else v.to(device)
                for k, v in moved.items()
            }
            return model(ids, **cast), {k: v.to(device) for k, v in scores.items()}, weights
        """,
        """
        import numpy as np
        import torch

        def to_device(batch, device):
            return {key: value.to(device) for key, value in batch.items()}

        def run(model, device):
            batch = {"grid": torch.from_numpy(np.linspace(0, 1, 8, dtype=np.float32)), "steps": torch.arange(8)}
            return model(**to_device(batch, device))
        """,
        """
        import torch

        def grid(n, device):
            reference = torch.linspace(0, 1, n, dtype=torch.float32)
            steps = torch.ones(n, dtype=reference.dtype)
            return reference.sum(), steps.to(device)
        """,
        """
        import torch

        def f(x, device):
            y = x.double()
            return y.cpu(), y.to("cpu"), y.to(device, dtype=torch.float32), y.float().to(device)
        """,
        """
        import torch

        def f(device):
            y = torch.zeros(3, dtype=torch.float64)
            if device.type != "mps":
                return y.to(device)
            return y.float().to(device)
        """,
        """
        import torch

        def f(n, device):
            if device.type == "mps":
                dtype = torch.float32
            else:
                dtype = torch.float64
            y = torch.zeros(n, dtype=dtype)
            return y.to(device)
        """,
        """
        import torch

        def f(x, device, dtype):
            y = x.double().sum()
            z = y.to(dtype)
            return z.to(device), torch.zeros(3).to(device)
        """,
        """
        import numpy as np
        import torch

        def f(device):
            a = torch.from_numpy(np.zeros(3).astype(np.float32))
            return a.to(device)
        """,
        """
        import torch
        from torch.utils.data import DataLoader, Dataset

        class Scored(Dataset):
            def __init__(self, images, scores):
                self.images, self.scores = images, scores

            def __getitem__(self, i):
                return self.images[i], torch.tensor(self.scores[i], dtype=torch.float32)

        def fit(model, images, scores, device):
            for x, score in DataLoader(Scored(images, scores), batch_size=4):
                (model(x.to(device)) - score.to(device)).pow(2).mean().backward()
        """,
    )
    invalid = (
        Invalid(
            """
            import torch
            from torch import nn

            class PINN(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.net = nn.Linear(1, 1)

            def train(device):
                model = PINN().double()  # second derivatives, in double precision
                model = model.to(device)
                return model
            """,
            (11, 19),
            fixed="""
            import torch
            from torch import nn

            class PINN(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.net = nn.Linear(1, 1)

            def train(device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                model = PINN().to(dtype)  # second derivatives, in double precision
                model = model.to(device)
                return model
            """,
        ),
        Invalid(
            """
            import numpy as np
            from torch.utils.data import DataLoader, IterableDataset

            class Stream(IterableDataset):
                def __iter__(self):
                    for start in range(4):
                        yield np.linspace(0, 1, 8) + start, start

            def bench(model, device):
                for window, _ in DataLoader(Stream(), batch_size=2):
                    model(window.to(device))
            """,
            (11, 22),
            fixed="""
            import numpy as np
            from torch.utils.data import DataLoader, IterableDataset
            import torch

            class Stream(IterableDataset):
                def __iter__(self):
                    for start in range(4):
                        yield np.linspace(0, 1, 8) + start, start

            def bench(model, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                for window, _ in DataLoader(Stream(), batch_size=2):
                    model(window.to(device, dtype=dtype))
            """,
        ),
        Invalid(
            """
            import numpy as np
            from torch.utils.data import DataLoader, Dataset

            class Rows(Dataset):
                def __init__(self, n):
                    self.x = np.random.rand(n, 4).astype(np.float32)
                    self.y = np.zeros(n)

                def __getitem__(self, i):
                    return self.x[i], self.y[i]

            def fit(model, loss, n, device):
                for step, (x, y) in enumerate(DataLoader(Rows(n), batch_size=4)):
                    loss(model(x.to(device)), y.to(device)).backward()
            """,
            (14, 37),
            fixed="""
            import numpy as np
            from torch.utils.data import DataLoader, Dataset
            import torch

            class Rows(Dataset):
                def __init__(self, n):
                    self.x = np.random.rand(n, 4).astype(np.float32)
                    self.y = np.zeros(n)

                def __getitem__(self, i):
                    return self.x[i], self.y[i]

            def fit(model, loss, n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                for step, (x, y) in enumerate(DataLoader(Rows(n), batch_size=4)):
                    loss(model(x.to(device)), y.to(device, dtype=dtype)).backward()
            """,
        ),
        Invalid(
            """
            import torch
            from torch.utils.data import DataLoader, Dataset

            class Scored(Dataset):
                def __init__(self, images, scores):
                    self.images, self.scores = images, scores

                def __getitem__(self, i):
                    return self.images[i], float(self.scores[i])

            def fit(model, images, scores, device):
                for x, score in DataLoader(Scored(images, scores), batch_size=4):
                    (model(x.to(device)) - score.to(device)).pow(2).mean().backward()
            """,
            (13, 38),
            fixed="""
            import torch
            from torch.utils.data import DataLoader, Dataset

            class Scored(Dataset):
                def __init__(self, images, scores):
                    self.images, self.scores = images, scores

                def __getitem__(self, i):
                    return self.images[i], float(self.scores[i])

            def fit(model, images, scores, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                for x, score in DataLoader(Scored(images, scores), batch_size=4):
                    (model(x.to(device)) - score.to(device, dtype=dtype)).pow(2).mean().backward()
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def load(path, device):
                data = torch.from_numpy(np.load(path).astype(np.float64))
                batch = data.reshape(2, -1)
                return batch.to(device)
            """,
            (7, 18),
            fixed="""
            import numpy as np
            import torch

            def load(path, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                data = torch.from_numpy(np.load(path).astype(np.float64)).to(dtype)
                batch = data.reshape(2, -1)
                return batch.to(device)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch.utils.data import DataLoader, TensorDataset

            def fit(model, n, device):
                data = TensorDataset(torch.from_numpy(np.random.rand(n, 8)), torch.zeros(n))
                for x, y in DataLoader(data, batch_size=16):
                    model(x.to(device), y.to(device))
            """,
            (8, 17),
            fixed="""
            import numpy as np
            import torch
            from torch.utils.data import DataLoader, TensorDataset

            def fit(model, n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                data = TensorDataset(
                    torch.from_numpy(np.random.rand(n, 8)).to(dtype), torch.zeros(n)
                )
                for x, y in DataLoader(data, batch_size=16):
                    model(x.to(device), y.to(device))
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def project(device):
                t = torch.from_numpy(np.random.rand(10, 3))
                return t.to(device).float()
            """,
            (6, 14),
            fixed="""
            import numpy as np
            import torch

            def project(device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                t = torch.from_numpy(np.random.rand(10, 3)).to(dtype)
                return t.to(device, dtype=torch.float32)
            """,
        ),
        Invalid(
            """
            import torch
            from tables import make_table

            def place(n, device):
                table = make_table(n, dtype=torch.double)
                return table.to(device)
            """,
            (6, 18),
            fixed="""
            import torch
            from tables import make_table

            def place(n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                table = make_table(n, dtype=dtype)
                return table.to(device)
            """,
        ),
        Invalid(
            """
            import torch

            class Jitter:
                def __init__(self, device):
                    self.device = device
                    self.dtype = torch.float64

                def sample(self, shape):
                    offsets = torch.rand(shape, dtype=self.dtype) - 0.5
                    return offsets.to(self.device)
            """,
            (10, 24),
            fixed="""
            import torch

            class Jitter:
                def __init__(self, device):
                    self.device = device
                    dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                    self.dtype = dtype

                def sample(self, shape):
                    offsets = torch.rand(shape, dtype=self.dtype) - 0.5
                    return offsets.to(self.device)
            """,
        ),
        Invalid(
            """
            import torch

            class Rotary(torch.nn.Module):
                def __init__(self, dim):
                    super().__init__()
                    inv = 1.0 / 10000 ** (torch.arange(0, dim, 2) / dim)
                    t = torch.arange(16)
                    self.register_buffer("freqs", torch.outer(t, inv.double()), persistent=False)

                def forward(self, x):
                    cos, sin = self.freqs.cos(), self.freqs.sin()
                    return cos.to(x.device), sin.to("mps")
            """,
            (12, 20),
            (12, 38),
            fixed="""
            import torch

            class Rotary(torch.nn.Module):
                def __init__(self, dim):
                    super().__init__()
                    inv = 1.0 / 10000 ** (torch.arange(0, dim, 2) / dim)
                    t = torch.arange(16)
                    self.register_buffer("freqs", torch.outer(t, inv.float()), persistent=False)

                def forward(self, x):
                    cos, sin = self.freqs.cos(), self.freqs.sin()
                    return cos.to(x.device), sin.to("mps")
            """,
        ),
        Invalid(
            """
            import torch

            DEVICE = torch.device("mps" if torch.backends.mps.is_available() else "cpu")

            def grid(n):
                return torch.linspace(0, 1, n, dtype=torch.float64)

            def build(model, n):
                model = model.double()
                g = grid(n)
                return model.to(DEVICE), g.to(DEVICE)
            """,
            (11, 18),
            (11, 32),
            fixed="""
            import torch

            DEVICE = torch.device("mps" if torch.backends.mps.is_available() else "cpu")

            def grid(n, dtype=torch.float32):
                return torch.linspace(0, 1, n, dtype=dtype)

            def build(model, n):
                dtype = torch.float32 if torch.device(DEVICE).type == "mps" else torch.float64
                model = model.to(dtype)
                g = grid(n, dtype=dtype)
                return model.to(DEVICE), g.to(DEVICE)
            """,
        ),
        Invalid(
            """
            import torch

            def embed(n, device):
                table = torch.arange(n, dtype=torch.float64) / n
                return torch.tensor(table, device=device)
            """,
            (5, 18),
            fixed="""
            import torch

            def embed(n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                table = torch.arange(n, dtype=dtype) / n
                return torch.tensor(table, device=device)
            """,
        ),
        Invalid(
            """
            import torch

            def grid(n, device):
                reference = torch.linspace(0, 1, n, dtype=torch.float64)
                steps = torch.ones(n, dtype=reference.dtype)
                return reference.sum(), steps.to(device)
            """,
            (6, 35),
            fixed="""
            import torch

            def grid(n, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                reference = torch.linspace(0, 1, n, dtype=dtype)
                steps = torch.ones(n, dtype=reference.dtype)
                return reference.sum(), steps.to(device)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def to_device(batch, device):
                return {key: value.to(device) for key, value in batch.items()}

            def run(model, device):
                batch = {"grid": torch.from_numpy(np.linspace(0, 1, 8)), "steps": torch.arange(8)}
                return model(**to_device(batch, device))
            """,
            (5, 24),  # no fix here: a cast would change the integer steps too; F64003's fixes the grid
            fixed="""
            import numpy as np
            import torch

            def to_device(batch, device):
                return {key: value.to(device) for key, value in batch.items()}

            def run(model, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                batch = {
                    "grid": torch.from_numpy(np.linspace(0, 1, 8)).to(dtype),
                    "steps": torch.arange(8),
                }
                return model(**to_device(batch, device))
            """,
        ),
        Invalid(
            """
            import torch

            def run(x, device, offload_device="cpu"):
                return x.to(device)

            def main(device):
                return run(torch.zeros(3, dtype=torch.float64), device)
            """,
            (4, 14),  # one device given may be MPS, whatever the other
            fixed="""
            import torch

            def run(x, device, offload_device="cpu"):
                return x.to(device)

            def main(device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                return run(torch.zeros(3, dtype=dtype), device)
            """,
        ),
        Invalid(
            """
            import numpy as np
            from torch.utils.data import DataLoader

            def train(model, device):
                for batch in DataLoader(np.random.rand(10, 3), batch_size=2):
                    model(batch.to(device))
            """,
            (6, 21),  # NumPy's float64 rows, collated into float64 tensors
            fixed="""
            import numpy as np
            from torch.utils.data import DataLoader
            import torch

            def train(model, device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                for batch in DataLoader(np.random.rand(10, 3), batch_size=2):
                    model(batch.to(device, dtype=dtype))
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def prep(device):
                x = torch.as_tensor(np.linspace(0, 1, 5))
                if x.dtype == torch.float16:  # float64 passes by
                    x = x.float()
                return x.to(device)
            """,
            (8, 14),
            fixed="""
            import numpy as np
            import torch

            def prep(device):
                dtype = torch.float32 if torch.device(device).type == "mps" else torch.float64
                x = torch.as_tensor(np.linspace(0, 1, 5), dtype=dtype)
                if x.dtype == torch.float16:  # float64 passes by
                    x = x.float()
                return x.to(device)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def prep(device, dtype=torch.float64):
                x = torch.as_tensor(np.linspace(0, 1, 5))
                if x.dtype == np.float64:  # a tensor's dtype is never NumPy's
                    x = x.float()
                if x.is_floating_point():
                    x = x.to(dtype)  # of a dtype the call chooses
                return x.to(device)
            """,
            (10, 14),
            fixed="""
            import numpy as np
            import torch

            def prep(device, dtype=torch.float32):
                compute_dtype = (
                    torch.float32 if torch.device(device).type == "mps" else torch.float64
                )
                x = torch.as_tensor(np.linspace(0, 1, 5), dtype=compute_dtype)
                if x.dtype == np.float64:  # a tensor's dtype is never NumPy's
                    x = x.float()
                if x.is_floating_point():
                    x = x.to(dtype)  # of a dtype the call chooses
                return x.to(device)
            """,
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        found = set()
        for call, wide in analysis.flow.moves_of_values_made_elsewhere():
            found.add(call)
            kind = "float64" if wide.width is Width.FLOAT64 else "complex128"
            batch = None
            state = wide.imported if wide.imported is not None and wide.imported.state else None
            if isinstance(call.func, cst.Attribute) and analysis.flow.moves_there(call):
                batch = analysis.data.float64_batch(call.func.value)
            if batch is not None:  # what the loader's dataset holds, said as F64004 says it of a batch
                made = f"a batch of `{described(batch.loader)}`, {batch.made}"
            elif state is not None:  # a module another module defines
                made = f"a parameter or buffer of `{state.name}`, from `{state.made_by}` at {state.path}:{state.line}"
            elif wide.imported is not None:
                made = f"from `{wide.made_by}` {where_exported(wide.imported, wide.origin)}"
            elif isinstance(wide.origin, cst.Call) and facts.qualified_name(wide.origin.func) in DATA_LOADERS:
                made = f"a batch of `{described(wide.origin)}` at line {facts.positions[wide.origin].start.line}"
            else:
                made = f"from `{wide.made_by}` {where_made(facts, wide.origin, call)}"
            moved = method_name(call) == "to"
            complex_ = wide.width is Width.COMPLEX128
            following = analysis.flow.cast_after_move(call) if not complex_ else None
            # Cast later (`.to(device).float()`): the cast goes into the move, as F64009 would.
            fix: Optional[FixRequest] = None
            if state is not None:
                fix = None  # its module's to fix, where the tensor is made
            elif following is not None and (moved or not following[1]):
                fix = MoveThenCast(call, *following)
            elif not _passed_elsewhere(wide) and not _moves_other_dtypes_too(analysis, call):
                fix = WideMove(call, complex_)
            moved_value = analysis.flow.moved_value(call)
            held = analysis.flow.evaluation.value(moved_value) if moved_value is not None else None
            what = "module" if held is not None and held.kind is Kind.INSTANCE else "tensor"  # `PINN().double()`
            yield Finding(
                call,
                f"{kind} {what} ({made}) "
                + (
                    "moved to a device that may be 'mps'"
                    if moved
                    else f"put on a device that may be 'mps' by `{callee_text(facts, call)}`"
                ),
                anchor=call.func.attr if isinstance(call.func, cst.Attribute) else call.func,
                fix=fix,
            )
        for call in facts.calls:
            if call in found or not analysis.flow.moves_there(call) or analysis.guards.off_mps(call):
                continue
            assert isinstance(call.func, cst.Attribute)
            batch = analysis.data.float64_batch(call.func.value)
            if batch is not None:
                yield Finding(
                    call,
                    f"float64 tensor (a batch of `{described(batch.loader)}`, {batch.made}) moved to a device that "
                    "may be 'mps'",
                    anchor=call.func.attr,
                    fix=WideMove(call),
                )


def _passed_elsewhere(wide: WideValue) -> bool:
    """Is the value what another module's call passes the function: a cast in the function
    would change what its other callers pass too?"""
    return wide.imported is not None and wide.imported.passed


def _moves_other_dtypes_too(analysis: Analysis, call: cst.Call) -> bool:
    """May a move carry values of other dtypes too (`value.to(device)` over a dict of a
    float64 grid and integer steps, or of labels whose dtype the code does not show)? A
    cast there would change them."""
    moved = analysis.flow.moved_value(call)
    return moved is not None and analysis.flow.evaluation.value(moved).mixed
