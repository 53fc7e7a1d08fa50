"""Simulated IMU: accelerometer and gyro samples as a generator."""
import math

import numpy as np


def imu_stream(n_samples, rate_hz=100, seed=0):
    rng = np.random.default_rng(seed)
    for i in range(n_samples):
        t = i / rate_hz
        accel = [math.sin(t), math.cos(t), 9.81]
        gyro = [0.1 * math.sin(3 * t), 0.0, 0.05]
        yield (np.array(accel + gyro) + rng.normal(0, 0.02, 6)).astype(np.float32)
