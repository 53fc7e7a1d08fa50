import torch


class FFTEqualizer:
    def __init__(self, response, n_fft):
        self.response = response
        self.n_fft = n_fft

    def __call__(self, x):
        spec = torch.fft.rfft(x, n=self.n_fft)
        spec = spec * self.response.to(x.device)
        return torch.fft.irfft(spec, n=self.n_fft)[..., : x.shape[-1]].to(x.dtype)
