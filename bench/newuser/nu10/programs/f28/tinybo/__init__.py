"""Bayesian optimization of a black-box function with a GP and UCB."""
