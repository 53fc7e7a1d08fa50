"""Knowledge distillation from teacher logits cached as JSON."""
import json
import os
import tempfile

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn


def cache_teacher_logits(path, inputs):
    torch.manual_seed(1)
    teacher = nn.Sequential(nn.Linear(inputs.shape[1], 64), nn.ReLU(), nn.Linear(64, 10))
    with torch.no_grad():
        logits = teacher(inputs)
    with open(path, "w") as fh:
        json.dump({"logits": logits.tolist()}, fh)


def load_soft_targets(path, temperature):
    with open(path) as fh:
        logits = np.array(json.load(fh)["logits"])
    z = logits / temperature
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=1, keepdims=True)


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    T = 4.0
    inputs = torch.randn(256, 20, generator=torch.Generator().manual_seed(0))
    path = os.path.join(tempfile.mkdtemp(), "teacher_logits.json")
    cache_teacher_logits(path, inputs)
    soft = torch.from_numpy(load_soft_targets(path, T)).to(device)
    student = nn.Linear(20, 10).to(device)
    x = inputs.to(device)
    opt = torch.optim.Adam(student.parameters(), lr=1e-2)
    for _ in range(30):
        logp = F.log_softmax(student(x) / T, dim=-1)
        loss = -(soft * logp).sum(-1).mean() * T * T
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("distillation loss", round(loss.item(), 4))


if __name__ == "__main__":
    main()
