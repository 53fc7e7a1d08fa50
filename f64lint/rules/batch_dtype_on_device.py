from __future__ import annotations

from typing import Iterator

from f64lint.analysis.flow.analysis import Analysis
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.patterns import any_of
from f64lint.rules.tokens import LOADER_CODE, TORCH
from f64lint.rules.unseen_moves import data_finding, unseen_moves


class BatchDtypeOnDevice(Rule):
    """
    ## What it flags
    A part of a data loader's batch moved to a device that may be MPS without a dtype:
    `for x, y in loader: x.to(device)`, also through `enumerate`, `zip`, `tqdm`,
    `next(iter(loader))`, `batch["features"]`, `batch.items()` and a method the loop passes
    the batch to. A loader is a `DataLoader(...)`, a name bound to one, a `*loader` name or
    attribute, or what a `*_dataloader()` method returns.

    Not flagged: a batch whose dataset class (of the module, or of another module of the
    run) gives data of a dtype it shows at that place, or keeps there what the call that
    makes it passes, of a dtype shown (`TableDataset(features.astype(np.float32), labels)`,
    or a float32 array another module's function returns); a loader with its own `collate_fn`
    whose batches show their dtype; parts named as integers or a model's outputs
    (`input_ids`, `labels`, `mask`, a batch's `y`, `samples_tid`, `batch_logits`); parts
    used as an index or as a classification loss's target (`F.cross_entropy(out, y_real)`);
    parts cast before or while moving (`x.float().to(device)`, `.to(device,
    dtype=torch.float32)`) or moved and then cast to integers (`.to(device).long()`); and
    code that never runs on MPS. A batch whose dataset is known to give float64 is F64004's
    error; a move followed by a float cast is F64009's.

    ## Why it breaks on MPS
    A `DataLoader`'s default collate keeps the dtype of what its dataset gives, and NumPy's
    default float is float64: tabular data from pandas, features from scikit-learn or SciPy
    and arrays a user builds make float64 batches, and the batch crashes where it meets
    `mps` (`Cannot convert a MPS Tensor to float64 dtype`). Nothing in the training loop
    says float64, which is why this is a common shape of the bug in real fixes (a trainer's
    `v.to(self.device)` of every tensor of a tabular batch). On 26 released ML packages,
    27 of its 33 findings, all checked by hand, would crash on MPS with float64 data.

    ## Example
    ```python
    for x, y in loader:
        loss = criterion(model(x.to(device)), y.to(device))
    ```

    ## Fix
    Give the dtype where the batch meets the device: `x.to(device, dtype=torch.float32)`,
    or make the dataset give float32 (`.astype(np.float32)` where its arrays are made). No
    automatic fix: the batch's dtype is not known, and an integer tensor must not become
    float.
    """

    code = "F64011"
    name = "batch-dtype-on-device"
    summary = "a data loader's batch put on a device that may be MPS without a dtype"
    severity = Severity.WARNING
    # Narrowing keeps the code that iterates a loader, what it calls and names.
    reads_batches = True
    # Code that iterates a loader (tokens.LOADER_CODE), and a move, which
    # is what it reports (torch's own `dataloader.py` iterates loaders and moves nothing).
    required = (TORCH, LOADER_CODE, any_of(".to("))

    valid = (
        """
        import numpy as np
        from torch.utils.data import DataLoader

        def train(model, device):
            # Rows of a float32 array: float32 batches, as the default collate makes them
            for batch in DataLoader(np.random.rand(10, 3).astype(np.float32), batch_size=2):
                model(batch.to(device))
        """,
        """
        import torch
        from torch.utils.data import DataLoader, TensorDataset

        def fit(model, device):
            for (x,) in DataLoader(TensorDataset(torch.randn(100, 8)), batch_size=16):
                model(x.to(device))
        """,
        """
        import torch

        def train(model, loader, device):
            for batch in loader:
                input_ids = batch["input_ids"].to(device)
                labels = batch["labels"].to(device)
                pixels = batch["pixel_values"].to(device, dtype=torch.float16)
                mask = batch["mask"].to(device).bool()
                model(input_ids, pixels, mask).loss.backward()
        """,
        """
        import torch

        def evaluate(model, loader, device):
            for x, y in loader:
                x = x.to(device, dtype=torch.float32)
                y = y.to(device)
                yield model(x).argmax(1) == y
        """,
        """
        import argparse

        import numpy as np
        import torch
        import torch.nn.functional as F
        from torch.utils.data import DataLoader, Dataset

        class Windows(Dataset):
            def __getitem__(self, i):
                return np.zeros(8, dtype=np.float32), i

        def replay(model, replay_loader, stage_loader, dataset, device):
            for samples_x, samples_y, samples_tid, batch_logits, known_mask in replay_loader:
                x = samples_x.float().to(device)
                y, tid, known = samples_y.to(device), samples_tid.to(device), known_mask.to(device)
                loss = F.mse_loss(model(x), batch_logits.to(device))
            for inputs in stage_loader:
                y_real = inputs[1].to(device)
                loss = loss + F.cross_entropy(model(inputs[0].float().to(device)), y_real)
            for window, _ in DataLoader(Windows()):
                model(window.to(device))
            points = DataLoader(dataset, collate_fn=collate)
            for x in points:
                model(x.to(device))
            return loss

        def collate(items):
            return torch.tensor(np.stack(items), dtype=torch.float32)

        def main():
            parser = argparse.ArgumentParser()
            parser.add_argument("--device", choices=["cpu", "cuda"])
            args = parser.parse_args()
            for x, _ in DataLoader(Windows()):
                x.to(args.device)
        """,
        """
        import numpy as np
        from torch.utils.data import DataLoader, IterableDataset

        class Stream(IterableDataset):
            def __iter__(self):
                for start in range(4):
                    yield np.arange(start, start + 8).astype(np.float32), start

        def bench(model, device):
            for window, _ in DataLoader(Stream(), batch_size=2):
                model(window.to(device))
        """,
    )
    invalid = (
        Invalid(
            """
            import torch
            from torch.utils.data import DataLoader, TensorDataset

            def fit(model, features, device):
                for (x,) in DataLoader(TensorDataset(torch.from_numpy(features)), batch_size=16):
                    model(x.to(device))
            """,
            (6, 17),
        ),
        Invalid(
            """
            import torch
            from torch.utils.data import DataLoader

            def predict(model, dataset, device):
                loader = DataLoader(dataset, batch_size=32)
                for i, (x, _) in enumerate(loader):
                    yield model(x.to(device))
            """,
            (7, 23),
        ),
        Invalid(
            """
            import torch

            class Trainer:
                def fit(self, train_loader):
                    for step, data in zip(range(10), train_loader):
                        self._train_step(data, step)

                def _train_step(self, data, step):
                    features = {k: v.to(self.device) for k, v in data.items()}
                    return features
            """,
            (9, 26),
        ),
        Invalid(
            """
            import torch

            def predict(model, test_loader, device):
                for data in test_loader:
                    X = {k: v.to(device) for k, v in data[0].items() if k != "target"}
                    yield model(X)
            """,
            (5, 19),
        ),
        Invalid(
            """
            from torch.utils.data import DataLoader

            def importances(model, dataset, device):
                collate_fn = dataset.collate_fn if hasattr(dataset, "collate_fn") else None
                for batch in DataLoader(dataset, batch_size=8, collate_fn=collate_fn):
                    model(batch[0].to(device)).sum().backward()
            """,
            (6, 24),
        ),
        Invalid(
            """
            import numpy as np
            import torch
            from torch.utils.data import DataLoader

            def collate(items):
                return torch.from_numpy(np.stack([x for x, _ in items])), torch.tensor([y for _, y in items])

            def fit(model, dataset, device):
                for x, y in DataLoader(dataset, collate_fn=collate):
                    model(x.to(device))
                for x in DataLoader(dataset, collate_fn=lambda items: torch.from_numpy(np.stack(items))):
                    model(x.to(device))
                for x in DataLoader(dataset, collate_fn=lambda items: torch.tensor(np.stack(items), dtype=torch.float32)):
                    model(x.to(device))
            """,  # noqa: E501
            (10, 17),
            (12, 17),
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        for move in unseen_moves(analysis):
            if move.batch:
                assert isinstance(move.call.func, cst.Attribute)  # as unseen_moves asserts
                yield data_finding(
                    analysis,
                    move.call,
                    move.found,
                    "moved to a device that may be 'mps' without a dtype: a data loader's batch keeps its "
                    "dataset's dtype, and float64 (NumPy's default) crashes there; give the dtype: "
                    "`.to(device, dtype=...)`",
                    move.call.func.attr,
                )
