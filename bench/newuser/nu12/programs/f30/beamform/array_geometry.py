"""A uniform linear microphone array and its far-field steering vectors."""
import numpy as np

SPEED_OF_SOUND = 343.0


class LinearArray:
    def __init__(self, n_mics=6, spacing=0.04):
        self.positions = np.arange(n_mics) * spacing

    def delays(self, angle_deg):
        return self.positions * np.sin(np.deg2rad(angle_deg)) / SPEED_OF_SOUND

    def steering(self, freqs, angles_deg):
        delays = np.stack([self.delays(a) for a in angles_deg])          # (angles, mics)
        return np.exp(-2j * np.pi * freqs[None, :, None] * delays[:, None, :])  # (angles, freqs, mics)
