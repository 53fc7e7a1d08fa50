import os

import torch

from kws.features import synth_clip
from kws.model import KWSNet


def main():
    device = os.environ.get("KWS_DEVICE") or (
        "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
    )
    model = KWSNet().to(device).eval()
    wav = torch.from_numpy(synth_clip()).unsqueeze(0).to(device)
    with torch.no_grad():
        probs = model(wav).softmax(-1)
    print("class probabilities", probs.cpu().numpy().round(3))


if __name__ == "__main__":
    main()
