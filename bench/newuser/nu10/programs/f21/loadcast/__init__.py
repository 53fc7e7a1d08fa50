"""Hourly electricity load forecasting with a GRU."""
