from __future__ import annotations

from typing import Iterator

from f64lint.analysis.domain.casts import casts_narrow, made_on_a_device, moves_to_device
from f64lint.analysis.domain.library import TENSORS_OF_DATA_WITH_DTYPE
from f64lint.analysis.flow.analysis import Analysis
from f64lint.analysis.flow.placement import known_narrow_before
from f64lint.analysis.syntax.calls import data_argument, keyword
from f64lint.cst import cst
from f64lint.diagnostic import Severity
from f64lint.fix.requests import MoveThenCast
from f64lint.rules.base import Finding, Invalid, Rule
from f64lint.rules.tokens import CAST_AFTER_MOVE


class CastAfterMove(Rule):
    """
    ## What it flags
    A value moved to a device first and cast second, in one chain (through views and
    items of it too: `.to(device).T.float()`, `.to(device)[idx].float()`) or on the next
    statement, by the name the move is assigned to (`x = t.to(device)`, then
    `x = x.float()`), or a tensor made
    of data on a device and cast there (`torch.tensor(x, device=device).float()`): to a 32-bit (or
    narrower) dtype, `torch.from_numpy(a).to(device).float()`,
    `torch.tensor(x).to(device).to(torch.float32)`, or to a dtype chosen elsewhere,
    `t.to(device).to(dtype)`, `t.to(device).type_as(x)`, when the value is data whose
    dtype the code does not show (a caller's tensor, a tensor of NumPy data, a loader's
    batch, as F64010 reads them); a tensor torch computed has the model's dtype. A tensor
    handed in or kept (`z.detach().to(device).float()`, `self.weight.to(device).float()`)
    is flagged only when it is a batch (`imgs = batch_data`) or the module makes float64
    data itself (a float64 dtype, a float64 NumPy array): elsewhere it has the dtype of the
    caller's model. Not flagged when the value is already
    narrow (`x.float().to(device).half()`, `torch.zeros(3).to(device).float()`, a name or
    `self.` attribute only ever given narrow values, such as LoRA weights kept on the CPU
    after `.float()`), when the move names the dtype too (`.to(device,
    dtype=torch.float32)`), or goes to the CPU, nor when the value is known to be float64:
    that is an error where it is made (F64003's for `torch.from_numpy(a).to(device).float()`
    of a float64 `a`), or F64004's at the move when it is made on another line.

    ## Why it breaks on MPS
    The most common shape of this bug in real fixes: NumPy data, a caller's argument or a
    scheduler's timesteps is float64 at run time, and the move to `mps` crashes
    (`Cannot convert a MPS Tensor to float64 dtype`) before the cast that was meant to
    make it safe. No dtype is written anywhere, so only the order gives it away.

    ## Example
    ```python
    timesteps = torch.from_numpy(timesteps).to(device).float()
    ```

    ## Fix
    Cast first, or move and cast in one call: `.to(device, dtype=torch.float32)`,
    `.to(device, dtype=dtype)`, `.to(device, dtype=x.dtype)` for `.type_as(x)`; make the
    tensor with the dtype, `torch.tensor(x, device=device, dtype=torch.float32)`. Safe: the
    result is the same on every device.
    """

    code = "F64009"
    name = "cast-after-move"
    summary = "moved to a device before a cast"
    severity = Severity.WARNING
    required = (CAST_AFTER_MOVE,)

    valid = (
        """
        import numpy as np
        import torch

        def normalise(batch, device):
            return batch.to(device).float() / 255.0  # 8-bit images: no float64 to move

        images = np.random.randint(0, 256, size=(4, 8, 8, 3), dtype=np.uint8)
        normalise(torch.from_numpy(images), "mps")
        """,
        """
        import numpy as np
        import torch

        def project(device):
            t = torch.from_numpy(np.random.rand(10, 3))
            return t.to(device).float()
        """,
        """
        import numpy as np
        import torch

        def anchors_on(device):
            anchors = np.linspace(0, 1, 9).reshape(3, 3)
            return torch.from_numpy(anchors).to(device).float()
        """,
        """
        import torch

        def prepare(x, a, device):
            u = torch.from_numpy(a).float().to(device)
            v = x.to(device, dtype=torch.float32)
            w = torch.zeros(3).to(device).float()
            y = x.float().to(device).half()
            z = x.to("cpu").float()
            return u, v, w, y, z
        """,
        """
        import torch

        def made(a, device):
            u = torch.tensor([0.5, 1.0], device=device).float()
            v = torch.tensor(a, device="cpu").float()
            w = torch.as_tensor(a, device=device, dtype=torch.float32).half()
            return u, v, w
        """,
        """
        def convert(x, other):
            return x.to(other).float(), x.to(device=None).float() if False else x
        """,
        """
        class Detector:
            def fit_features(self, z, device):
                # features from the caller's model: float32, and nothing here makes float64
                z = z.detach().to(device).float()
                self.mean = z.mean(dim=0)
                self.weight = self.head.weight.to(device).float()
        """,
        """
        import torch

        def staged(a, device):
            x = torch.from_numpy(a).to(device)
            print(x.dtype)
            x = x.float()
            y = torch.from_numpy(a).float()
            y = y.to(device)
            return x, y
        """,
        """
        class LoRALinear:
            def fuse(self, weight, alpha):
                w_up = weight.float()
                w_up = w_up * alpha
                self.w_up = w_up.cpu()

            def unfuse(self, device):
                self.w_up = self.w_up.to(device).float()
                self.w_up = None
        """,
    )
    invalid = (
        Invalid(
            """
            import torch

            class CellNet:
                @staticmethod
                def infer_batch(model, batch_data, device):
                    imgs = batch_data
                    imgs = imgs.to(device).type(torch.float32)
                    return model(imgs.permute(0, 3, 1, 2))
            """,
            (7, 21),
            fixed="""
            import torch

            class CellNet:
                @staticmethod
                def infer_batch(model, batch_data, device):
                    imgs = batch_data
                    imgs = imgs.to(device, dtype=torch.float32)
                    return model(imgs.permute(0, 3, 1, 2))
            """,
        ),
        Invalid(
            """
            def from_torch(t, device, dtype):
                return t.to(device).to(dtype)

            def like(t, reference, device):
                return t.to(device=device).type_as(reference)
            """,
            (2, 14),
            (5, 14),
            fixed="""
            def from_torch(t, device, dtype):
                return t.to(device, dtype=dtype)

            def like(t, reference, device):
                return t.to(device=device, dtype=reference.dtype)
            """,
        ),
        Invalid(
            """
            import torch

            class Scheduler:
                def set_timesteps(self, timesteps, device):
                    self.timesteps = torch.from_numpy(timesteps).to(device).float()
            """,
            (5, 54),
            fixed="""
            import torch

            class Scheduler:
                def set_timesteps(self, timesteps, device):
                    self.timesteps = torch.from_numpy(timesteps).to(device, dtype=torch.float32)
            """,
        ),
        Invalid(
            """
            import torch

            def rows(a, device, idx):
                columns = torch.from_numpy(a).to(device).T.float()
                return columns, torch.from_numpy(a).to(device)[idx].half()
            """,
            (4, 35),
            (5, 41),
            fixed="""
            import torch

            def rows(a, device, idx):
                columns = torch.from_numpy(a).to(device, dtype=torch.float32).T
                return columns, torch.from_numpy(a).to(device, dtype=torch.float16)[idx]
            """,
        ),
        Invalid(
            """
            import torch

            def made(values, device, reference):
                narrow = torch.tensor(values, device=device).float()
                return narrow, torch.as_tensor(values, device=device).type_as(reference)
            """,
            (4, 14),
            (5, 20),
            fixed="""
            import torch

            def made(values, device, reference):
                narrow = torch.tensor(values, device=device, dtype=torch.float32)
                return narrow, torch.as_tensor(values, device=device, dtype=reference.dtype)
            """,
        ),
        Invalid(
            """
            import numpy as np
            import torch

            def load(a, path, device, reference):
                x = torch.from_numpy(a).to(device)
                x = x.float()
                t = torch.tensor(np.load(path), device=device)
                t = t.half()
                y = torch.from_numpy(a).to(device)
                y = y.type_as(reference)
                return x, t, y
            """,
            (5, 29),
            (7, 9),
            (9, 29),
            fixed="""
            import numpy as np
            import torch

            def load(a, path, device, reference):
                x = torch.from_numpy(a).to(device, dtype=torch.float32)
                x = x.float()
                t = torch.tensor(np.load(path), device=device, dtype=torch.float16)
                t = t.half()
                y = torch.from_numpy(a).to(device)
                y = y.type_as(reference)
                return x, t, y
            """,
        ),
        Invalid(
            """
            import torch

            def batch_to(batch, target_device):
                images = batch["images"].to(device=target_device).to(torch.float32)
                mask = torch.tensor(batch["mask"]).to("mps").half()
                return images, mask
            """,
            (4, 30),
            (5, 40),
            fixed="""
            import torch

            def batch_to(batch, target_device):
                images = batch["images"].to(device=target_device, dtype=torch.float32)
                mask = torch.tensor(batch["mask"]).to("mps", dtype=torch.float16)
                return images, mask
            """,
        ),
    )

    def check(self, analysis: Analysis) -> Iterator[Finding]:
        facts = analysis.facts
        # A move of a value known to be float64 is an error, which this warning would only
        # repeat: F64004's where the value is made on another line, else its maker's.
        known = {call for call, _ in analysis.flow.moves()}
        for call in facts.calls:
            made_there = _made_on_a_device(analysis, call)
            if not (made_there or moves_to_device(facts, call)) or analysis.guards.off_mps(call) or call in known:
                continue
            following = analysis.flow.cast_after_move(call)
            if following is None or (not made_there and known_narrow_before(analysis, call)):
                continue
            cast, later = following
            assert isinstance(cast.func, cst.Attribute)
            arguments = ", ".join(facts.module.code_for_node(arg).strip(", ") for arg in cast.args)
            cast_text = f"`.{cast.func.attr.value}({arguments})`"
            if later:  # on the next statement: `x.float()`
                cast_text = f"`{facts.module.code_for_node(cast)}`"
            fix = MoveThenCast(call, cast, later=later)
            if made_there:  # `torch.tensor(data, device=device).float()`: the data's dtype meets the device
                data = data_argument(call)
                if data is None or (analysis.data.moved_data(data) or analysis.data.unseen_data(data)) is None:
                    continue
                yield Finding(
                    call,
                    f"made on a device before the cast {cast_text}: float64 data crashes on MPS "
                    "there; give the dtype where the tensor is made: `dtype=...`",
                    fix=fix,
                )
                continue
            assert isinstance(call.func, cst.Attribute)
            moved = call.func.value
            if analysis.data.moved_data(moved) is None and (
                not casts_narrow(facts, cast) or (analysis.data.handed_in(moved) and not analysis.data.makes_float64())
            ):
                # A chosen dtype after a tensor torch computed: its dtype is the model's. A
                # tensor handed in, in a module that makes no float64: its caller's model's.
                continue
            yield Finding(
                call,
                f"moved to a device before the cast {cast_text}: "
                "a float64 value crashes on MPS at the move; cast first or use `.to(device, dtype=...)`",
                anchor=call.func.attr,
                fix=fix,
            )


def _made_on_a_device(analysis: Analysis, call: cst.Call) -> bool:
    """`torch.tensor(data, device=device)` with no dtype, on a device that may be MPS (not
    the CPU), as a move's device is."""
    facts = analysis.facts
    return (
        facts.qualified_name(call.func) in TENSORS_OF_DATA_WITH_DTYPE
        and keyword(call, "dtype") is None
        and made_on_a_device(facts, call)
    )
