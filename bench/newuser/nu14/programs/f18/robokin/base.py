"""Robot descriptions shared by the planners."""
import numpy as np


class SerialRobot:
    def __init__(self, name, link_lengths, joint_limits):
        self.name = name
        self.link_lengths = np.array(link_lengths)
        self.joint_limits = np.array(joint_limits)

    @property
    def dof(self):
        return len(self.link_lengths)

    def reach(self):
        return self.link_lengths.sum()
