"""Latent semantic search over a small corpus."""
