import argparse
import math
import os
import tempfile

from scipy.stats import norm

from mcpricer.config import PricingConfig
from mcpricer.paths import price, simulate_gbm


def black_scholes_call(c):
    d1 = (math.log(c.spot / c.strike) + (c.rate + 0.5 * c.vol**2) * c.maturity) / (c.vol * math.sqrt(c.maturity))
    d2 = d1 - c.vol * math.sqrt(c.maturity)
    return c.spot * norm.cdf(d1) - c.strike * math.exp(-c.rate * c.maturity) * norm.cdf(d2)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--config")
    args = parser.parse_args()
    config_path = args.config
    if config_path is None:  # first run: write the defaults so they can be edited
        config_path = os.path.join(tempfile.mkdtemp(), "pricing.json")
        PricingConfig().dump(config_path)
    cfg = PricingConfig.load(config_path)
    european, asian = price(cfg, simulate_gbm(cfg))
    print(f"[{cfg.device}] european {european:.3f} (closed form {black_scholes_call(cfg):.3f}), asian {asian:.3f}")


if __name__ == "__main__":
    main()
