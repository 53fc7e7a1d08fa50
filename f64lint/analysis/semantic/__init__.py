"""Semantics: what Python makes of a module, with no knowledge of dtypes or devices.
Imports only `syntax`."""
