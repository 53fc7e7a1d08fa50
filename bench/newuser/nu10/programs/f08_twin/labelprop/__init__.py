"""Semi-supervised label propagation on a co-purchase graph."""
