import torch

from .metrics import binary_metrics
from .model import build_classifier


class MetricTracker:
    def __init__(self, device):
        self.device = device
        self.history = {}

    def update(self, metrics):
        for name, value in metrics.items():
            self.history.setdefault(name, []).append(torch.tensor(value, dtype=torch.float32, device=self.device))

    def summary(self):
        return {name: torch.stack(vals).float().mean().item() for name, vals in self.history.items()}


@torch.no_grad()
def evaluate(model, batches, device):
    tracker = MetricTracker(device)
    for x, y in batches:
        probs = torch.sigmoid(model(x.to(device))).squeeze(1)
        tracker.update(binary_metrics(probs, y))
    return tracker.summary()


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    torch.manual_seed(0)
    model = build_classifier(6).to(device)
    batches = []
    for _ in range(4):
        x = torch.randn(64, 6)
        batches.append((x, (x[:, 0] + 0.3 * torch.randn(64) > 0).long()))
    print(evaluate(model, batches, device))


if __name__ == "__main__":
    main()
