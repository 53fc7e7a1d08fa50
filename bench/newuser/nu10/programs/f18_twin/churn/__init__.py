"""Customer churn model on a CSV export."""
