import os

import numpy as np


class TrajectoryStore:
    def __init__(self, folder):
        self.trajectories = np.load(os.path.join(folder, "trajectories.npy"))
        self.times = np.load(os.path.join(folder, "times.npy"))
        self.scale = self.trajectories.max()

    def normalized(self):
        return self.trajectories / self.scale
