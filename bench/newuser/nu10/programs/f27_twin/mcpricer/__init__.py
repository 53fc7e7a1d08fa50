"""Monte Carlo pricing of European and Asian options."""
