"""Syntax: helpers over LibCST nodes. Imports nothing of the analysis."""
