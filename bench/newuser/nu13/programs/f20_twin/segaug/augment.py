import torch

from .sampling import ParamSampler


class BatchColorAugment:
    def __init__(self, brightness=0.2, gain=0.05, seed=0):
        self.sampler = ParamSampler(seed)
        self.brightness = brightness
        self.gain = gain

    def __call__(self, images, masks):
        b = images.shape[0]
        scale = torch.tensor(self.sampler.brightness(b, self.brightness), device=images.device)
        gains = torch.tensor(self.sampler.channel_gains(b, self.gain), device=images.device)
        out = (images * scale * gains).clamp(0, 1).to(images.dtype)
        flip = torch.from_numpy(self.sampler.flips(b)).to(images.device)
        out = torch.where(flip[:, None, None, None], out.flip(-1), out)
        masks = torch.where(flip[:, None, None], masks.flip(-1), masks)
        return out, masks
