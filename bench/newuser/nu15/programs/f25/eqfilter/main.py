import torch

from eqfilter.apply import FFTEqualizer
from eqfilter.filters import equalizer

SR = 22050
N_FFT = 4096


def main():
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    eq = FFTEqualizer(equalizer(N_FFT, SR, [(100, 6.0), (3000, -4.0)]), N_FFT)
    audio = torch.randn(2, N_FFT, device=device)
    out = eq(audio)
    print(out.shape, out.dtype, float(out.abs().max()))


if __name__ == "__main__":
    main()
