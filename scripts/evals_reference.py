#!/usr/bin/env python3
"""Reference values for the eval workflow's statistics (test/stats/bootstrap.test.ts, test/evals/aggregate.test.ts,
test/evals/history.test.ts). Prints the figures the tests hard-code; nothing is written.

Run from the repository root with numpy and scipy available (e.g. the project's .venv):

    .venv/bin/python scripts/evals_reference.py

Deterministic: the bootstrap resamples come from the port of mulberry32 in stats_reference.py, drawn in the order
src/stats/bootstrap.ts draws them (per resample: the candidate's indices, then the baseline's).
"""

import json

import numpy as np
import scipy.stats as st

from stats_reference import mulberry32, seq_mean


def bootstrap_mean_difference(candidate, baseline, samples, alpha, seed):
    """The same resampling as bootstrapMeanDifference (src/stats/bootstrap.ts)."""
    rand = mulberry32(seed)
    stats = []
    for _ in range(samples):
        c = [candidate[int(rand() * len(candidate))] for _ in candidate]
        b = [baseline[int(rand() * len(baseline))] for _ in baseline]
        stats.append(seq_mean(c) - seq_mean(b))
    lo, hi = np.percentile(np.array(stats), [100 * alpha / 2, 100 * (1 - alpha / 2)])
    return {"low": float(lo), "high": float(hi), "estimate": seq_mean(candidate) - seq_mean(baseline)}


def quarters(seed, n, levels):
    """Pass rates k/4 from mulberry32 (exact in both languages): floor(u * levels) / 4."""
    rand = mulberry32(seed)
    return [int(rand() * levels) / 4 for _ in range(n)]


def bootstrap_cases():
    cases = []
    for candidate, baseline, samples, alpha, seed in [
        ([1.0, 0.75, 1.0, 0.5, 1.0, 0.75], [0.25, 0.5, 0.25, 0.0, 0.5], 1000, 0.05, 1),
        ([0.9, 0.8], [0.85, 0.95, 0.7], 500, 0.1, 12345),
        ([42.5, 38.0, 51.2, 47.9], [30.1, 29.4, 35.0, 31.7], 2000, 0.05, 7),
    ]:
        cases.append({"candidate": candidate, "baseline": baseline, "samples": samples, "alpha": alpha, "seed": seed,
                      **bootstrap_mean_difference(candidate, baseline, samples, alpha, seed)})
    return cases


def scipy_large_sample():
    """scipy.stats.bootstrap (percentile, independent resampling of each sample) on 300 vs 250 values."""
    candidate = quarters(11, 300, 5)
    baseline = quarters(12, 250, 4)
    res = st.bootstrap((np.array(candidate), np.array(baseline)), lambda x, y, axis: np.mean(x, axis=axis) - np.mean(y, axis=axis),
                       n_resamples=20000, confidence_level=0.95, method="percentile", vectorized=True,
                       rng=np.random.default_rng(2024))
    return {"candidate": "quarters(11, 300, 5)", "baseline": "quarters(12, 250, 4)",
            "scipy_low": float(res.confidence_interval.low), "scipy_high": float(res.confidence_interval.high),
            "ours_same_stream": bootstrap_mean_difference(candidate, baseline, 20000, 0.05, 99)}


def describe(values):
    """benchmark.json's stat: mean, sample sd (ddof=1), min, max, rounded to 4 dp."""
    a = np.array(values, dtype=float)
    return {"mean": round(float(a.mean()), 4), "stddev": round(float(a.std(ddof=1)), 4), "min": round(float(a.min()), 4), "max": round(float(a.max()), 4)}


# Aggregate's golden workspace (test/evals/aggregate.test.ts), values in the order findRuns lists the runs:
# eval-2 before ocean-report (eval 1), run 1..3. The infra run and the ungraded run are in no list.
GOLDEN = {
    "with_skill": {"pass_rate": [1, 1 / 3, 2 / 3, 2 / 3, 2 / 3, 2 / 3],
                   "time_seconds": [45.0, 200.0, 41.0, 40.0, 42.5, 38.0],
                   "tokens": [5000, 9000, 4800, 3800, 4100, 3600]},
    "old_skill": {"pass_rate": [1 / 3, 1 / 3, 1 / 3, 2 / 3, 1 / 3],
                  "time_seconds": [35.0, 33.0, 30.0, 31.5, 29.0],
                  "tokens": [2600, 2100, 2500, 1800]},
}


def golden():
    out = {c: {m: describe(v) for m, v in metrics.items()} for c, metrics in GOLDEN.items()}
    out["delta_ci"] = {}
    for m in ["pass_rate", "time_seconds", "tokens"]:
        r = bootstrap_mean_difference(GOLDEN["with_skill"][m], GOLDEN["old_skill"][m], 2000, 0.05, 20260101)
        out["delta_ci"][m] = {"low": round(r["low"], 4), "high": round(r["high"], 4)}
    # eval 2 with_skill's per-run pass rates: the flaky eval.
    out["flaky_eval2_with"] = describe([1, 1 / 3, 2 / 3])
    return out


# History's workspace (test/evals/history.test.ts): each version's candidate run pass rates.
HISTORY = {
    "v0": [0.3, 0.4, 0.35, 0.3],
    "v1": [0.6, 0.7, 0.8, 0.7],
    "v2": [0.7, 0.75, 0.65, 0.7],
    "v4": [0.9, 0.95, 0.9, 1.0],
}


def history():
    """The bootstrap CI of each version against the best before it (seed 20260101, 2000 resamples, as history.ts)."""
    out = {}
    for version, best in [("v1", "v0"), ("v2", "v1"), ("v4", "v1")]:
        r = bootstrap_mean_difference(HISTORY[version], HISTORY[best], 2000, 0.05, 20260101)
        out[f"{version}_vs_{best}"] = {"difference": round(r["estimate"], 4), "low": round(r["low"], 4), "high": round(r["high"], 4)}
    out["means"] = {v: round(float(np.mean(x)), 4) for v, x in HISTORY.items()}
    return out


if __name__ == "__main__":
    print(json.dumps({"bootstrap_mean_difference": bootstrap_cases(), "golden_aggregate": golden(), "history": history(),
                      "scipy_large_sample": scipy_large_sample()}, indent=2))
