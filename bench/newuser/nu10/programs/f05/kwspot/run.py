import math

import torch
import torch.nn.functional as F

from kwspot.model import KWSNet

FREQS = [440.0, 880.0, 1320.0]


def synth_batch(n, sr=16000, seconds=0.5):
    labels = torch.randint(0, len(FREQS), (n,))
    t = torch.arange(int(sr * seconds)) / sr
    wav = torch.stack([torch.sin(2 * math.pi * FREQS[k] * t) for k in labels.tolist()])
    return wav + 0.1 * torch.randn_like(wav), labels


if __name__ == "__main__":
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    model = KWSNet(len(FREQS)).to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(30):
        wav, labels = synth_batch(16)
        loss = F.cross_entropy(model(wav.to(device)), labels.to(device))
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", round(loss.item(), 3))
