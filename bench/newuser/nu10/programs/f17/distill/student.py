import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

from distill.teacher import fit_teacher, load_data, soft_labels


def train_student(device, epochs=20, batch_size=128):
    X_tr, X_te, y_tr, y_te = load_data()
    teacher = fit_teacher(X_tr, y_tr)
    x = torch.tensor(X_tr, dtype=torch.float32, device=device)
    targets = torch.from_numpy(soft_labels(teacher, X_tr)).to(device)
    student = nn.Sequential(nn.Linear(20, 64), nn.ReLU(), nn.Linear(64, 4)).to(device)
    opt = torch.optim.Adam(student.parameters(), lr=2e-3)
    for epoch in range(epochs):
        for idx in torch.randperm(len(x), device=device).split(batch_size):
            loss = F.kl_div(F.log_softmax(student(x[idx]) / 2.0, dim=1), targets[idx], reduction="batchmean")
            opt.zero_grad()
            loss.backward()
            opt.step()
    with torch.no_grad():
        pred = student(torch.tensor(X_te, dtype=torch.float32, device=device)).argmax(1).cpu().numpy()
    print(f"teacher acc {teacher.score(X_te, y_te):.3f}  student acc {np.mean(pred == y_te):.3f}")


if __name__ == "__main__":
    train_student("mps" if torch.backends.mps.is_available() else "cpu")
