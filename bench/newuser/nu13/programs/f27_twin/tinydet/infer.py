import torch

from .model import TinyDetector
from .postprocess import postprocess


def pick_device(prefer_gpu=True):
    if prefer_gpu and torch.cuda.is_available():
        return torch.device("cuda")
    if prefer_gpu and torch.backends.mps.is_available():
        return torch.device("mps")
    return torch.device("cpu")


@torch.no_grad()
def main():
    device = pick_device()
    model = TinyDetector().to(device).eval()
    images = torch.rand(2, 3, 64, 64, device=device)
    deltas, logits = model(images)
    detections = postprocess(deltas, logits, model.anchor_array)
    for det in detections:
        print(len(det["boxes"]), "boxes")


if __name__ == "__main__":
    main()
