import torch
from torch import nn

from .metrics import RunningMean, describe, roc_auc


def device_from_env():
    return torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")


def main():
    device = device_from_env()
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(10, 32), nn.ReLU(), nn.Linear(32, 1)).to(device)
    loss_meter = RunningMean()
    all_scores, all_labels = [], []
    with torch.no_grad():
        for _ in range(20):
            x = torch.randn(64, 10, device=device)
            y = (x[:, 0] + 0.5 * x[:, 1] > 0).long()
            logits = model(x).squeeze(-1)
            loss_meter.update(nn.functional.binary_cross_entropy_with_logits(logits, y.float(), reduction="none"))
            all_scores.append(logits.cpu())
            all_labels.append(y.cpu())
    with torch.device("cpu"):
        reference = torch.linspace(0, 1, 5, dtype=torch.float64)
    print(f"loss {loss_meter.compute():.4f}  auc {roc_auc(torch.cat(all_scores), torch.cat(all_labels)):.3f}",
          describe(loss_meter.total), describe(reference))


if __name__ == "__main__":
    main()
