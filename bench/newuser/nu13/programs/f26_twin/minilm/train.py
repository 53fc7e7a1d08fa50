import torch

from .model import MiniLM


def device_of_choice():
    return torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def main(steps=3):
    device = device_of_choice()
    model = MiniLM().to(device)
    opt = torch.optim.AdamW(model.parameters(), lr=3e-4)
    text = torch.randint(0, 128, (8, 33), device=device)
    for step in range(steps):
        logits = model(text[:, :-1])
        loss = torch.nn.functional.cross_entropy(logits.reshape(-1, 128), text[:, 1:].reshape(-1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.3f}")


if __name__ == "__main__":
    main()
