import torch


class UnigramSampler:
    """Word2vec's negative sampler: unigram frequencies raised to 3/4."""

    def __init__(self, frequencies, power=0.75):
        weights = frequencies.to_numpy() ** power
        self.probs = torch.as_tensor(weights / weights.sum(), dtype=torch.float32)

    def sample(self, n, k, device):
        probs = self.probs.to(device)
        return torch.multinomial(probs, n * k, replacement=True).view(n, k)
