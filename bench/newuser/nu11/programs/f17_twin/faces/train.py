import torch
import torch.nn.functional as F

from faces.decomposition import fit_basis, random_patches
from faces.model import PCAInitEncoder

DEVICE = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"


def main():
    patches = random_patches()
    components, mean = fit_basis(patches)
    model = PCAInitEncoder(components, mean)
    model.to(DEVICE)
    x = torch.from_numpy(patches[:32]).to(DEVICE)
    y = torch.randint(0, 5, (32,), device=DEVICE)
    opt = torch.optim.Adam(model.parameters(), lr=1e-3)
    for step in range(2):
        loss = F.cross_entropy(model(x).float(), y)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(f"step {step} loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
