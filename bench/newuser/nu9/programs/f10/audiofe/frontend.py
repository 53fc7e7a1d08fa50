import json

import torch
import torch.nn as nn

from audiofe.features import mel_filterbank


class LogMel(nn.Module):
    def __init__(self, sr=16000, n_fft=256, hop=128, n_mels=20):
        super().__init__()
        self.n_fft, self.hop = n_fft, hop
        self.fb = nn.Parameter(torch.from_numpy(mel_filterbank(sr, n_fft, n_mels)), requires_grad=False)
        self.register_buffer("window", torch.hann_window(n_fft))

    def forward(self, wav):
        spec = torch.stft(wav, self.n_fft, self.hop, window=self.window, return_complex=True).abs() ** 2
        mel = torch.matmul(spec.transpose(-1, -2), self.fb.to(spec.dtype))
        return torch.log(mel + 1e-6)


def main():
    torch.manual_seed(0)
    device = "mps" if torch.backends.mps.is_available() else "cpu"
    frontend = LogMel().to(device)
    wav = torch.randn(2, 4000, device=device)
    feats = frontend(wav)
    print("RESULT " + json.dumps({"mean": feats.mean().item(), "shape": list(feats.shape)}))


if __name__ == "__main__":
    main()
