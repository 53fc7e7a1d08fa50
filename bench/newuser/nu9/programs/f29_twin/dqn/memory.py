import random
from collections import deque, namedtuple

import numpy as np

Transition = namedtuple("Transition", "state action reward next_state done")


class ReplayMemory:
    def __init__(self, capacity, seed=0):
        self.buffer = deque(maxlen=capacity)
        self.random = random.Random(seed)

    def push(self, *args):
        self.buffer.append(Transition(*args))

    def sample(self, batch_size):
        batch = self.random.sample(list(self.buffer), batch_size)
        return Transition(*(np.array(column) for column in zip(*batch)))

    def __len__(self):
        return len(self.buffer)
