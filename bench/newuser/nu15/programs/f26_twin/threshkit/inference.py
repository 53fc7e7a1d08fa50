import torch


class ThresholdedPredictor:
    def __init__(self, model, thresholds):
        self.model = model
        self.thresholds = thresholds

    @torch.no_grad()
    def __call__(self, x):
        probs = self.model(x)
        cut = torch.as_tensor(self.thresholds, dtype=torch.float32).to(probs.device)
        return probs >= cut
