import os
import tempfile

import torch

from sensorfm.export import export, make_model


def resolve_device(name=None):
    name = name or os.environ.get("SENSOR_DEVICE", "auto")
    if name == "auto":
        name = "mps" if torch.backends.mps.is_available() else "cpu"
    return torch.device(name)


class AnomalyScorer:
    def __init__(self, checkpoint, device=None):
        self.device = resolve_device(device)
        ckpt = torch.load(checkpoint, map_location="cpu")
        self.model = make_model()
        self.model.load_state_dict(ckpt["model"])
        self.model.to(self.device).eval()
        self.norm = {name: stat.to(self.device) for name, stat in ckpt["norm"].items()}

    @torch.no_grad()
    def score(self, batch):
        batch = batch.to(self.device)
        z = ((batch - self.norm["mean"]) / self.norm["std"]).float()
        return ((self.model(z) - z) ** 2).mean(-1)


def main():
    path = export(os.path.join(tempfile.mkdtemp(), "scorer.pt"))
    scorer = AnomalyScorer(path)
    batch = torch.tensor([[61.0, 0.5, 101.0], [90.0, 4.0, 95.0]])
    print(scorer.score(batch).cpu())


if __name__ == "__main__":
    main()
