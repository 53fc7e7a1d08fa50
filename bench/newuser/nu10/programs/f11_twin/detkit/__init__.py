"""Anchor generation and matching for a single-stage detector."""
