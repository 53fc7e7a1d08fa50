import torch

from .model import SpeechClassifier


def pick_device():
    return "mps" if torch.backends.mps.is_available() else "cuda" if torch.cuda.is_available() else "cpu"


def main():
    torch.manual_seed(0)
    device = pick_device()
    model = SpeechClassifier().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    waves = torch.randn(8, 16000, device=device) * 0.1
    labels = torch.randint(0, 10, (8,), device=device)
    for step in range(3):
        loss = torch.nn.functional.cross_entropy(model(waves), labels)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(step, round(loss.item(), 4))


if __name__ == "__main__":
    main()
