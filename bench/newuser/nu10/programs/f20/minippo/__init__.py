"""A minimal PPO on a 1-D reach task."""
