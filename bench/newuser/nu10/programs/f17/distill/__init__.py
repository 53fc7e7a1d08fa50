"""Distil a gradient-boosted teacher into a small network."""
