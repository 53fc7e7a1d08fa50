import numpy as np
import torch

from threshkit.calibrate import per_class_thresholds
from threshkit.inference import ThresholdedPredictor
from threshkit.model import MultiLabelHead


def main():
    device = torch.device("mps") if torch.backends.mps.is_available() else torch.device("cpu")
    torch.manual_seed(0)
    model = MultiLabelHead().to(device).eval()
    x_val = torch.randn(200, 12)
    with torch.no_grad():
        val_scores = model(x_val.to(device)).cpu().numpy()
    val_labels = (np.random.default_rng(0).random((200, 4)) < 0.3).astype(int)
    predictor = ThresholdedPredictor(model, per_class_thresholds(val_scores, val_labels))
    preds = predictor(torch.randn(16, 12, device=device))
    print("positives per label", preds.sum(0).tolist())


if __name__ == "__main__":
    main()
