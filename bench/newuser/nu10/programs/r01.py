"""Thermistor calibration: a high-order polynomial fit needs float64; the fitted curve runs on the device."""
import numpy as np
import torch


def steinhart_hart_resistance(temp_c):
    # synthetic ground truth: resistance (ohm) of an NTC thermistor
    t = temp_c + 273.15
    return 10_000 * np.exp(3950 * (1 / t - 1 / 298.15))


def fit_calibration(degree=7, seed=0):
    """Fit temperature as a polynomial of log-resistance. Vandermonde systems of this degree are
    badly conditioned, so the least-squares solve stays in float64 on the CPU."""
    rng = np.random.default_rng(seed)
    temps = np.linspace(-20, 120, 400)
    log_r = np.log(steinhart_hart_resistance(temps) * (1 + 1e-4 * rng.standard_normal(temps.size)))
    center, scale = log_r.mean(), log_r.std()
    coefs = np.polynomial.polynomial.polyfit((log_r - center) / scale, temps, degree)
    return coefs.astype(np.float32), np.float32(center), np.float32(scale)


class Calibrated(torch.nn.Module):
    def __init__(self, coefs, center, scale):
        super().__init__()
        self.register_buffer("coefs", torch.from_numpy(coefs))
        self.center, self.scale = float(center), float(scale)

    def forward(self, resistance):
        x = (torch.log(resistance) - self.center) / self.scale
        powers = x[:, None] ** torch.arange(len(self.coefs), device=x.device)
        return powers @ self.coefs


if __name__ == "__main__":
    device = torch.device("mps" if torch.backends.mps.is_available() else "cpu")
    model = Calibrated(*fit_calibration()).to(device)
    readings = torch.tensor([32_650.0, 10_000.0, 1_000.0], device=device)
    print("temperatures (expect ~0, 25, ~85 C):", model(readings).cpu().numpy().round(2))
