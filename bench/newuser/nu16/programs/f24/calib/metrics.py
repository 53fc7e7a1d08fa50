import torch


class ExpectedCalibrationError:
    """Accumulates confidence/accuracy per bin across batches, on the model's device."""

    def __init__(self, bin_edges):
        self.bin_edges = bin_edges
        self.reset()

    def reset(self):
        self.conf_sum = self.acc_sum = self.count = None

    def update(self, probs, labels):
        conf, pred = probs.max(-1)
        edges = torch.as_tensor(self.bin_edges, device=probs.device)
        bins = torch.bucketize(conf, edges[1:-1])
        n = len(self.bin_edges) - 1
        if self.count is None:
            self.conf_sum = torch.zeros(n, device=probs.device)
            self.acc_sum = torch.zeros(n, device=probs.device)
            self.count = torch.zeros(n, device=probs.device)
        self.conf_sum.index_add_(0, bins, conf)
        self.acc_sum.index_add_(0, bins, (pred == labels).float())
        self.count.index_add_(0, bins, torch.ones_like(conf))

    def compute(self):
        mask = self.count > 0
        gap = (self.acc_sum[mask] / self.count[mask] - self.conf_sum[mask] / self.count[mask]).abs()
        return float((gap * self.count[mask]).sum() / self.count.sum())
