"""Imbalanced image classification with a focal loss."""
