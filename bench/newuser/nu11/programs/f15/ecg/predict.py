import torch

from ecg.model import BeatClassifier
from ecg.preprocessing import bandpass, segment, synth_ecg


def choose_device(prefer=None):
    if prefer:
        return torch.device(prefer)
    if torch.cuda.is_available():
        return torch.device("cuda")
    return torch.device("mps" if torch.backends.mps.is_available() else "cpu")


def main():
    device = choose_device()
    model = BeatClassifier().to(device).eval()
    beats = segment(bandpass(synth_ecg()))
    x = torch.from_numpy(beats).unsqueeze(1).to(device).float()
    with torch.no_grad():
        pred = model(x).argmax(-1)
    print("beats", len(beats), "classes", pred.tolist())


if __name__ == "__main__":
    main()
