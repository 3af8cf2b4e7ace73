#!/usr/bin/env python3
"""Reference values for rankCorrelationIntervals (src/stats/correlation-interval.ts), used by plugin-eval validity.

Writes test/fixtures/stats/rank-correlation-intervals.json: fresh paired data, scipy's spearmanr and kendalltau on
it, and the percentile bootstrap intervals over the same seeded resamples src/stats draws (the mulberry32 port in
stats_reference.py; per resample, n pair indices floor(u * n)). A resample where scipy gives NaN (one side constant)
is left out of that statistic's percentiles, as the TypeScript does.

Run from the repository root with the project's .venv (see stats_reference.py):

    .venv/bin/python scripts/validity_reference.py
"""

import json
import math
import warnings
from pathlib import Path

import numpy as np
import scipy
import scipy.stats as st

from stats_reference import enc, mulberry32

warnings.filterwarnings("ignore")

OUT = Path(__file__).resolve().parent.parent / "test" / "fixtures" / "stats" / "rank-correlation-intervals.json"


def bounds(values, samples, alpha):
    if len(values) * 2 < samples:
        return math.nan, math.nan
    lo, hi = np.percentile(np.array(values), [100 * alpha / 2, 100 * (1 - alpha / 2)])
    return float(lo), float(hi)


def case(name, x, y, samples, alpha, seed):
    rand = mulberry32(seed)
    n = len(x)
    rhos, taus = [], []
    for _ in range(samples):
        idx = [int(rand() * n) for _ in range(n)]
        rx = [x[j] for j in idx]
        ry = [y[j] for j in idx]
        rho = st.spearmanr(rx, ry).statistic
        if not math.isnan(rho):
            rhos.append(rho)
        tau = st.kendalltau(rx, ry).statistic
        if not math.isnan(tau):
            taus.append(tau)
    rho = st.spearmanr(x, y)
    tau = st.kendalltau(x, y)
    rlo, rhi = bounds(rhos, samples, alpha)
    tlo, thi = bounds(taus, samples, alpha)
    return {
        "name": name, "x": x, "y": y, "samples": samples, "alpha": alpha, "seed": seed,
        "spearman": {"estimate": rho.statistic, "p": rho.pvalue, "low": rlo, "high": rhi, "used": len(rhos)},
        "kendall": {"estimate": tau.statistic, "p": tau.pvalue, "low": tlo, "high": thi, "used": len(taus)},
    }


def main():
    rng = np.random.default_rng(2602)
    # Like the dev split: 27 task means of composites against uplift in points, weakly related.
    comp = rng.normal(70, 8, 27).round(3)
    uplift = (-0.4 * (comp - 70) + rng.normal(0, 12, 27)).round(2)
    # Ratings 1-5 (many ties) against composites; a dimension with tied scores.
    ratings = rng.integers(1, 6, 15).astype(float)
    comp15 = (50 + 5 * ratings + rng.normal(0, 6, 15)).round(1)
    dim = rng.choice([0.5, 0.75, 1.0], 12)
    out12 = rng.normal(5, 10, 12).round(2)
    cases = [
        case("dev_split_like", comp.tolist(), uplift.tolist(), 1000, 0.05, 1),
        case("ratings_with_ties", comp15.tolist(), ratings.tolist(), 800, 0.05, 7),
        case("tied_dimension", dim.tolist(), out12.tolist(), 600, 0.1, 42),
        case("three_tasks", [61.2, 70.4, 55.0], [10.0, -4.5, 20.25], 500, 0.05, 3),
        case("four_tasks_two_levels", [1.0, 1.0, 0.5, 0.5], [3.0, 8.0, -1.0, 2.0], 400, 0.05, 11),
    ]
    data = {"meta": {"numpy": np.__version__, "scipy": scipy.__version__}, "cases": cases}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(enc(data), indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
