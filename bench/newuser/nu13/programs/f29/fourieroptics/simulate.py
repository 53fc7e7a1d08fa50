import torch

from .propagate import AngularSpectrum
from .sources import circular_aperture, gaussian_beam


def main(n=128, dx=5e-6, wavelength=633e-9):
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    beam = gaussian_beam(n, dx, waist=100e-6) * circular_aperture(n, dx, 150e-6)
    prop = AngularSpectrum(n, dx, wavelength, device)
    for z in (0.0, 1e-3, 5e-3):
        out = prop(beam, z)
        power = (out.abs() ** 2).sum().item() * dx ** 2
        print(f"z={z:.0e} m  power {power:.4e}")


if __name__ == "__main__":
    main()
