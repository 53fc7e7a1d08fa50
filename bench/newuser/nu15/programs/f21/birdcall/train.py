import torch
import torch.nn.functional as F
from torch.utils.data import DataLoader

from birdcall.data import ChirpDataset, collate
from birdcall.model import CallNet


def main():
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    loader = DataLoader(ChirpDataset(), batch_size=16, shuffle=True, collate_fn=collate)
    model = CallNet().to(device)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for epoch in range(2):
        for batch in loader:
            batch = {k: v.to(device) for k, v in batch.items()}
            loss = F.cross_entropy(model(batch["mfcc"]), batch["label"])
            opt.zero_grad()
            loss.backward()
            opt.step()
        print(epoch, loss.item())


if __name__ == "__main__":
    main()
