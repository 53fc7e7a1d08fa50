"""A tiny DDPM for 2-D point clouds."""
