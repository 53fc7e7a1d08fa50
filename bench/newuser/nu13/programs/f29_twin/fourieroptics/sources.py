import torch


def gaussian_beam(n, dx, waist):
    coords = (torch.arange(n) - n / 2) * dx
    yy, xx = torch.meshgrid(coords, coords, indexing="ij")
    amplitude = torch.exp(-(xx ** 2 + yy ** 2) / waist ** 2)
    return amplitude.to(torch.complex64)


def circular_aperture(n, dx, radius):
    coords = (torch.arange(n) - n / 2) * dx
    yy, xx = torch.meshgrid(coords, coords, indexing="ij")
    return ((xx ** 2 + yy ** 2) <= radius ** 2).float()
