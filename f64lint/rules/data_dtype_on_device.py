from __future__ import annotations

from typing import Iterator, Optional

from f64lint.analysis.domain.casts import made_on_a_device
from f64lint.analysis.domain.devices import is_cpu_device
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.data import UnseenData
from f64lint.analysis.flow.data_evidence import integer_named, named_not_float64, names_integers, used_as_index
from f64lint.analysis.flow.values import TENSOR_OF_DATA
from f64lint.analysis.semantic.facts import ModuleFacts
from f64lint.analysis.syntax.calls import MAX_TRACE_DEPTH, keyword, method_name, positional
from f64lint.analysis.syntax.nodes import last_name
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.common import callee_text
from f64lint.rules.patterns import AnyOf, words
from f64lint.rules.tokens import TENSOR_FROM_DATA, TORCH
from f64lint.rules.unseen_moves import MOVED, data_finding, unseen_moves


class DataDtypeOnDevice(Rule):
    """
    ## What it flags
    Data whose dtype the code does not show, put on a device that may be MPS without a
    dtype:
    - a tensor made on the device of such data: `torch.tensor(x, device=device)`,
      `torch.as_tensor(x, device=device)`, where `x` is a parameter, the result of a call
      the analysis does not model (`self.compute_fn(...)`, `df.to_numpy()`, `np.load`), an
      attribute of another object (`frame.values`), followed through names, indexing,
      arithmetic, what the class sets on `self` and what the module's own functions return;
    - a tensor made of such data and then moved: `torch.from_numpy(x).to(device)`;
    - each part of a batch a helper moves, a helper that calls itself on the parts of
      what it is given (`move(inputs, device)` recursing into lists and dicts);
    - a tensor a dataset class makes of such data in the items its `__getitem__` gives
      (`return image, {"boxes": torch.from_numpy(boxes)}`): a `DataLoader` keeps the
      dtype, and the training loop (its own, or a library's) moves the batch;
    - a checkpoint loaded onto the device: `torch.load(path, map_location=device)`;
    - a tensor of such data kept in a module, which moves it with the module:
      `self.register_buffer("mel", torch.as_tensor(extractor.mel_filters))`,
      `nn.Parameter(torch.from_numpy(weights))`; NumPy turns a parameter's Python floats
      into float64 too (`torch.from_numpy(np.array(probas))`).

    Not flagged: Python numbers and lists of them (torch gives them its default dtype),
    data with a dtype or cast before the move (`x.float().to(device)`, `.to(device,
    dtype=...)`) or cast on another path (`value = value.to(old.dtype)`), data named as
    integers (`input_ids`, `labels`, `mask`, `indices`, `lengths`, a batch's `y`,
    `samples_tid`), data used as an index or as a classification loss's target, a model's
    outputs (`logits`, `activations`), float32 parts of complex64 data (`.real` of a SciPy
    FFT), what the private helpers a class inherits return, a module
    (`if isinstance(value, nn.Module): value.to(device)`), a parameter kept on a class that
    is not a module, a move followed by an integer cast, known float64 (F64003 and F64004
    report it) and code that never runs on MPS (a command-line `--device` whose `choices`
    leave out `mps`). A move or a tensor made on a device followed by a float cast (in its
    chain or on the next statement) is F64009's; a data loader's batch moved, F64011's.

    ## Why it breaks on MPS
    NumPy's default float is float64, and `torch.from_numpy`, `torch.tensor` and the
    default collate of a `DataLoader` keep it: tabular data from pandas, features from
    scikit-learn or SciPy and arrays a caller passes are float64 at run time, and the
    tensor crashes where it meets `mps` (`Cannot convert a MPS Tensor to float64 dtype`).
    Nothing in the code says float64, which is why this is the most common shape of the
    bug in real fixes.

    ## Example
    ```python
    scores = self.compute_fn(predictions, targets)
    return torch.tensor(scores, device=predictions.device)
    ```

    ## Fix
    Give the dtype where the data meets the device: `x.to(device, dtype=torch.float32)`,
    `torch.tensor(x, dtype=torch.float32, device=device)`, or make the data float32 where
    it is made. No automatic fix: the data's dtype is not known, and an integer tensor must
    not become float. Off by default: a strict option (`extend-select = ["F64010"]`). On 26
    released ML packages, 24 of its 41 findings, all checked by hand, would crash on MPS
    with float64 data; it finds 6 of the 11 real bugs of the recall corpus that the default
    rules miss.
    """

    code = "F64010"
    name = "data-dtype-on-device"
    summary = "data of unseen dtype put on a device that may be MPS without a dtype"
    severity = Severity.WARNING
    enabled_by_default = False
    # Analysis of where data comes from needs the whole module: narrowing keeps only the
    # code with a float64-like spelling.
    narrows = False
    # `isinstance`: a helper that moves each part of a batch tells tensors from containers.
    required = (TORCH, AnyOf(r"[Ll]oader", words("map_location", "isinstance"), TENSOR_FROM_DATA))

    valid = (
        """
        import numpy as np
        import torch

        def prepare(values, ids, device):
            a = torch.tensor([0.5, 1.5], device=device)
            b = torch.tensor(values, dtype=torch.float32, device=device)
            c = torch.tensor(ids, device=device)
            d = torch.from_numpy(np.arange(4)).to(device)
            e = torch.from_numpy(values).float().to(device)
            f = torch.as_tensor(values).to(device, dtype=torch.float32)
            g = torch.tensor(len(values), device=device)
            return a, b, c, d, e, f, g
        """,
        """
        import numpy as np
        import torch

        def cast_after_the_move(path, device):  # F64009's
            a = torch.tensor(np.load(path), device=device).float()
            b = torch.tensor(np.load(path), device=device)
            b = b.float()
            c = torch.from_numpy(np.load(path)).to(device)
            c = c.half()
            return a, b, c
        """,
        """
        import numpy as np
        import torch
        from torch.utils.data import Dataset

        class Boxes(Dataset):
            def __getitem__(self, i):
                boxes = torch.from_numpy(np.array(self.transform(i)["boxes"])).float()
                labels = torch.from_numpy(self.labels[i])
                return {"boxes": boxes, "labels": labels, "area": torch.tensor(self.areas[i], dtype=torch.float32)}

        def move(inputs, device):
            if isinstance(device, str):
                return move(inputs, torch.device(device))
            return inputs.to(device)
        """,
        """
        import torch

        def run(model, loader, device, scale: float, sizes: list):
            t = torch.tensor(scale, device=device)
            u = torch.tensor(sizes, device=device)
            if device.type != "mps":
                for x in loader:
                    model(x.to(device))
            state = torch.load("model.pt", map_location="cpu")
            return t, u, state
        """,
        """
        import argparse
        import json
        import typing as tp

        import numpy as np
        import torch

        def parse_args() -> argparse.Namespace:
            parser = argparse.ArgumentParser()
            parser.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
            return parser.parse_args()

        def run(args: argparse.Namespace, replay_loader, frame, preds, series: np.ndarray):
            model = torch.load("model.pt", map_location=args.device)
            for samples_x, samples_y, samples_tid, known_mask in replay_loader:
                x = samples_x.float().to(args.device)
                y, tid, known = samples_y.to(x.device), samples_tid.to(x.device), known_mask.to(x.device)
            ids = torch.as_tensor(frame[f"{target}_id"].to_numpy(), device=preds.device)
            picked = preds.index_select(2, torch.tensor(series, device=preds.device))
            rows = preds[torch.as_tensor(frame.rows.to_numpy()).to(preds.device)]
            return model, ids, picked, rows, torch.tensor(sigmas("sigmas.json"), device=preds.device)

        def sigmas(path) -> tp.Sequence[float]:
            return json.loads(path)
        """,
        """
        import numpy as np
        import torch
        from scipy.fftpack import fft
        from torch import nn

        class CQT(nn.Module):
            def __init__(self, n):
                super().__init__()
                basis = np.zeros((n, n), dtype=np.complex64)
                fft_basis = fft(basis)[:, : n // 2 + 1]
                self.register_buffer("real", torch.tensor(fft_basis.real))
                self.register_buffer("imag", torch.tensor(basis.imag))
        """,
        """
        import numpy as np
        import torch
        import torch.nn.functional as F
        from torch.nn import Module, Parameter
        from torch.utils.data import Dataset

        from .core import BasePotential


        def replay(model, replay_loader, stage_loader, frame, device):
            for batch_x, batch_y, batch_logits in replay_loader:
                x = batch_x.float().to(device)
                loss = F.mse_loss(model(x), batch_logits.to(device))
            for inputs in stage_loader:
                y_real = inputs[1].to(device)
                loss = loss + F.cross_entropy(model(inputs[0].float().to(device)), y_real)
            known = torch.as_tensor(frame[[f"{t}_id" for t in ("head", "tail")]].values, device=device)
            return loss, known


        def scores(activations: np.ndarray, weights, device):
            return torch.from_numpy(activations).to(device) * weights


        class Charges(BasePotential):
            def __init__(self, charges):
                super().__init__()
                self.register_buffer("charges", torch.tensor(self._validate_elem_seq("charges", charges)))


        def set_tensor(module, name, value: np.ndarray, old, device):
            if value.dtype.kind == "f":
                value = value.to(old.dtype)
            setattr(module, name, torch.tensor(value, device=device))


        def move(value, device):
            if isinstance(value, Module):
                value.to(device)
                return value
            return [move(part, device) for part in value]


        class Frames(Dataset):
            def __init__(self, path):
                self.weights = Parameter(torch.from_numpy(np.load(path)))
        """,
    )
    invalid = (
        Invalid(
            """
            import numpy as np
            import torch
            from torch import nn

            class Frontend(nn.Module):
                def __init__(self, extractor, probas):
                    super().__init__()
                    self.register_buffer("mel", torch.as_tensor(extractor.mel_filters))
                    self.register_buffer("token_ids", torch.as_tensor(extractor.ids))
                    self.register_buffer("window", torch.as_tensor(extractor.window, dtype=torch.float32))
                    self.probas = nn.Parameter(torch.from_numpy(np.array(probas)))
            """,
            (8, 9),
            (11, 23),
        ),
        Invalid(
            """
            from typing import Tuple, cast

            import torch

            class Curve:
                def compute(self, scores, targets):
                    fpr, tpr = self.compute_fn(scores, targets)
                    return torch.tensor(fpr, device=scores.device), torch.as_tensor(tpr).to(scores.device)

                def gathered(self):
                    scores = torch.cat(self._scores)
                    fpr, tpr = cast(Tuple, self.compute_fn(scores, torch.cat(self._targets)))
                    return torch.tensor(fpr, device=scores.device)
            """,
            (8, 16),
            (8, 78),
            (13, 16),
        ),
        Invalid(
            """
            import torch

            def load(path, frame, device):
                state = torch.load(path, map_location=device)
                column = torch.from_numpy(frame["score"].values).to(device)
                return state, column
            """,
            (4, 13),
            (5, 54),
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch.utils.data import Dataset

            class Boxes(Dataset):
                def __getitem__(self, i):
                    boxes = torch.from_numpy(np.array(self.transform(i)["boxes"]))
                    targets = {"boxes": boxes, "labels": torch.from_numpy(self.labels[i])}
                    return self.images[i], targets

            def move(inputs, device):
                if isinstance(inputs, torch.Tensor):
                    return inputs.to(device, non_blocking=True)
                if isinstance(inputs, dict):
                    return {k: move(v, device) for k, v in inputs.items()}
                return [move(part, device) for part in inputs]
            """,
            (7, 17),
            (13, 23),
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        flow, data = analysis.flow, analysis.data
        for call in facts.calls:
            if analysis.guards.off_mps(call):
                continue
            qualified = facts.qualified_name(call.func)
            if qualified in TENSOR_OF_DATA:
                found = None if used_as_index(flow, call) else self._integers(self._made_on_device(analysis, call))
                if found is not None:
                    made_by = callee_text(facts, call)
                    yield data_finding(
                        analysis, call, found,
                        f"made into a tensor by `{made_by}` on a device that may be 'mps' without a dtype: "
                        "float64 data (NumPy's default) crashes there; pass `dtype=`",
                    )
            elif qualified == "torch.load":
                device = keyword(call, "map_location")
                if device is not None and not is_cpu_device(facts, device) and flow.may_lack_float64(device):
                    yield Finding(
                        call,
                        "`torch.load()` puts a checkpoint's tensors on a device that may be 'mps'; "
                        "a float64 tensor in it crashes there: load to the CPU and cast "
                        "(`model.to(device, dtype=...)`)",
                    )
            elif method_name(call) == "register_buffer" or qualified == "torch.nn.Parameter":
                owner = facts.definitions.enclosing_class(call)
                if owner is not None and _not_a_module(facts, owner):
                    continue  # a parameter kept on a dataset or a plain object: nothing moves it
                found = self._integers(self._kept_in_module(analysis, call, qualified is not None))
                if found is not None:
                    yield data_finding(
                        analysis, call, found,
                        f"{'kept as a parameter' if qualified else 'registered as a buffer'} without a dtype: it "
                        "moves with its module, and float64 data (NumPy's default) crashes on 'mps'; "
                        "pass `dtype=` where the tensor is made",
                    )

        for move in unseen_moves(analysis):
            if not move.batch:  # a loader's batch is F64011's
                assert isinstance(move.call.func, cst.Attribute)  # as unseen_moves asserts
                yield data_finding(analysis, move.call, move.found, MOVED, move.call.func.attr)

        for call, owner in data.dataset_item_tensors():
            found = self._integers(data.tensor_of_data(call))
            if found is not None and not analysis.guards.off_mps(call):
                yield data_finding(
                    analysis, call, found,
                    f"made into a tensor by `{callee_text(facts, call)}` without a dtype in an item of dataset "
                    f"`{owner.name.value}`: a `DataLoader` batch keeps the dtype, and float64 data (NumPy's default) "
                    "crashes where the batch is moved to 'mps'; give the dtype (`.float()`)",
                )

    @staticmethod
    def _made_on_device(analysis: Analysis, call: cst.Call) -> Optional[UnseenData]:
        facts = analysis.facts
        device = keyword(call, "device")
        if keyword(call, "dtype") is not None or device is None or not made_on_a_device(facts, call):
            return None
        if not analysis.flow.may_lack_float64(device):
            return None
        if analysis.flow.cast_after_move(call) is not None:
            return None  # F64009's
        args = positional(call)
        if not args or named_not_float64(args[0]) or analysis.flow.float64_array(args[0]) is not None:
            return None  # no data, integers, a model's outputs, or known float64 (F64003's)
        return analysis.data.unseen_data(args[0])

    @staticmethod
    def _kept_in_module(analysis: Analysis, call: cst.Call, parameter: bool) -> Optional[UnseenData]:
        """`self.register_buffer("mel", torch.as_tensor(x))`, `nn.Parameter(torch.from_numpy(x))`."""
        args = positional(call)
        if parameter:
            kept = args[0] if args else None
        elif len(args) > 1 and not _names_integers(args[0]):
            kept = args[1]
        else:
            return None
        if kept is None or analysis.flow.wide_value(kept) is not None:
            return None  # nothing kept, or known float64 (F64004's)
        return analysis.data.tensor_of_data(kept)

    @staticmethod
    def _integers(found: Optional[UnseenData]) -> Optional[UnseenData]:
        """None for data whose origin is named as integers (`vocab.get_idx()`, `token_ids`) or
        as a model's outputs (parameter `activations`)."""
        return None if found is None or named_not_float64(found.origin) else found


def _names_integers(name: cst.BaseExpression) -> bool:
    """A buffer registered under a name of integers (`"token_ids"`, or a variable so named)."""
    if isinstance(name, cst.SimpleString):
        written = name.evaluated_value
        return isinstance(written, str) and written.isidentifier() and names_integers(written)
    return integer_named(name)


# Bases of classes that are not modules: a parameter kept on them moves with nothing.
_PLAIN_BASES = frozenset({"ABC", "object", "Generic", "Protocol", "NamedTuple", "Enum"})


def _not_a_module(facts: ModuleFacts, owner: cst.ClassDef, depth: int = 0) -> bool:
    """Is a class known not to be a `torch.nn.Module`: no bases, or only plain ones, datasets
    (`*Dataset`) and classes of the module that are not modules either?"""
    if depth > MAX_TRACE_DEPTH:
        return False
    local = {c.name.value: c for c in facts.classes}
    for base in owner.bases:
        name = last_name(base.value)
        if name in _PLAIN_BASES or name.endswith("Dataset"):
            continue
        if name not in local or local[name] is owner or not _not_a_module(facts, local[name], depth + 1):
            return False
    return True
