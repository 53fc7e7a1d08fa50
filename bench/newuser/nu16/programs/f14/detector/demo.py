import torch
from torch import nn

from detector.head import RetinaLikeHead


def get_device():
    if torch.cuda.is_available():
        return torch.device("cuda")
    if torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


def main():
    device = get_device()
    torch.manual_seed(0)
    backbone = nn.Sequential(nn.Conv2d(3, 16, 3, stride=2, padding=1), nn.ReLU(),
                             nn.Conv2d(16, 16, 3, stride=2, padding=1), nn.ReLU(),
                             nn.Conv2d(16, 16, 3, stride=2, padding=1)).to(device)
    head = RetinaLikeHead().to(device)
    images = torch.rand(2, 3, 64, 64, device=device)
    scores, boxes = head(backbone(images))
    keep = scores[0] > 0.5
    print("boxes kept:", int(keep.sum()), "of", boxes.shape[1])


if __name__ == "__main__":
    main()
