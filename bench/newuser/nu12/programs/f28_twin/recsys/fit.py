import torch

from .model import BiasedMF
from .ratings import load_ratings, summary


def choose_device(name="auto"):
    if name != "auto":
        return torch.device(name)
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    torch.manual_seed(0)
    frame = load_ratings()
    stats = summary(frame)
    device = choose_device()
    model = BiasedMF(stats["n_users"], stats["n_items"], stats["global_mean"]).to(device)
    users = torch.as_tensor(frame.user_id.to_numpy(), device=device)
    items = torch.as_tensor(frame.item_id.to_numpy(), device=device)
    ratings = torch.as_tensor(frame.rating.to_numpy(), dtype=torch.float32, device=device)
    opt = torch.optim.Adam(model.parameters(), lr=0.02, weight_decay=1e-4)
    for epoch in range(60):
        loss = torch.nn.functional.mse_loss(model(users, items).float(), ratings)
        opt.zero_grad()
        loss.backward()
        opt.step()
    print(f"train RMSE {loss.sqrt().item():.3f}")


if __name__ == "__main__":
    main()
