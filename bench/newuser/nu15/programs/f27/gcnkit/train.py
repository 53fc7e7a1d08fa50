import torch
import torch.nn.functional as F

from gcnkit.graph import GraphData, ring_with_chords
from gcnkit.layers import GraphConv
from gcnkit.utils import to_device


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    data = GraphData.from_edges(ring_with_chords(40), 40)
    batch = to_device(data, device)
    conv1, conv2 = GraphConv(8, 16).to(device), GraphConv(16, 2).to(device)
    params = list(conv1.parameters()) + list(conv2.parameters())
    opt = torch.optim.Adam(params, lr=0.01)
    for epoch in range(10):
        h = F.relu(conv1(batch["features"], batch["adjacency"]))
        loss = F.cross_entropy(conv2(h, batch["adjacency"]), batch["labels"])
        opt.zero_grad()
        loss.backward()
        opt.step()
    print("loss", loss.item())


if __name__ == "__main__":
    main()
