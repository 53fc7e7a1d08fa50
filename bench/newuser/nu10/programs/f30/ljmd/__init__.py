"""Lennard-Jones molecular dynamics with autograd forces."""
