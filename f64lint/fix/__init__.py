"""Changing files safely: edits that keep encoding, BOM and line endings, written atomically."""
