import torch

from imustream.model import ActivityNet
from imustream.sources import imu_stream
from imustream.windows import batched, sliding_windows


def pick_device():
    if torch.cuda.is_available():
        return "cuda"
    if torch.backends.mps.is_available():
        return "mps"
    return "cpu"


@torch.no_grad()
def main():
    device = pick_device()
    model = ActivityNet().to(device).eval()
    counts = torch.zeros(4, dtype=torch.long)
    for windows in batched(sliding_windows(imu_stream(1000)), batch_size=8):
        x = torch.as_tensor(windows, device=device)
        counts += torch.bincount(model(x).argmax(-1).cpu(), minlength=4)
    print("activity histogram", counts.tolist())


if __name__ == "__main__":
    main()
