"""Keyword spotting on synthetic tones."""
