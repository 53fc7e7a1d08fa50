import numpy as np
import torch

from .array_geometry import LinearArray
from .simulate import plane_wave


class DelayAndSum:
    def __init__(self, array, sr, n_fft, device):
        self.device = device
        self.n_fft = n_fft
        self.freqs = np.fft.rfftfreq(n_fft, 1 / sr)
        self.angles = np.arange(-90, 91, 2)
        self.steer = torch.from_numpy(array.steering(self.freqs, self.angles)).to(device)

    def scan(self, signals):
        spec = torch.fft.rfft(signals.to(self.device), n=self.n_fft, dim=-1)  # (mics, freqs)
        beams = (self.steer.conj() * spec.T[None]).sum(-1)
        power = beams.abs().pow(2).sum(-1)
        return self.angles[int(power.argmax())]


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    array = LinearArray()
    signals = plane_wave(array, angle_deg=30)
    scanner = DelayAndSum(array, sr=16000, n_fft=4096, device=device)
    print("estimated direction:", scanner.scan(signals), "degrees")


if __name__ == "__main__":
    main()
