"""Temperature scaling: calibrate on held-out logits with L-BFGS in float64 on the CPU,
then apply the fitted temperature on the accelerator in float32."""
import numpy as np
import pandas as pd
import torch
import torch.nn as nn


def fit_temperature(logits, labels, max_iter=100):
    logits64 = torch.from_numpy(logits).to("cpu", dtype=torch.float64)
    labels_t = torch.from_numpy(labels)
    log_t = torch.zeros(1, dtype=torch.float64, requires_grad=True)
    opt = torch.optim.LBFGS([log_t], lr=0.1, max_iter=max_iter)

    def closure():
        opt.zero_grad()
        loss = nn.functional.cross_entropy(logits64 / log_t.exp(), labels_t)
        loss.backward()
        return loss

    opt.step(closure)
    return float(log_t.exp())


def heldout_frame(n=500, k=5, seed=0):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, k, n)
    logits = rng.normal(size=(n, k)) * 3.0
    logits[np.arange(n), labels] += 2.0
    frame = pd.DataFrame(logits, columns=[f"logit_{i}" for i in range(k)])
    frame["label"] = labels
    return frame


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    frame = heldout_frame()
    logit_cols = [c for c in frame.columns if c.startswith("logit_")]
    temperature = fit_temperature(frame[logit_cols].to_numpy(), frame["label"].to_numpy())
    model = nn.Linear(16, 5).to(device)
    with torch.no_grad():
        probs = torch.softmax(model(torch.randn(4, 16, device=device)) / temperature, dim=-1)
    print(f"T = {temperature:.3f}", probs.sum(-1))
