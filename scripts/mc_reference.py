#!/usr/bin/env python3
"""Reference values for src/simulate/statistics.ts and src/stats/elo.ts (test/simulate/statistics.test.ts,
test/stats/elo.test.ts). Prints the figures the tests hard-code; nothing is written.

Run from the repository root with numpy, scipy and statsmodels available (statsmodels from the local wheel
index: `python3 -m venv --system-site-packages .venv && .venv/bin/pip install statsmodels`):

    .venv/bin/python scripts/mc_reference.py

Deterministic: the run records and the bootstrap resamples come from a port of mulberry32 (src/stats/bootstrap.ts).
"""

import json
import math

import numpy as np
import scipy.stats as st
from scipy.optimize import brentq
from scipy.special import betaln, xlog1py, xlogy
from statsmodels.stats.proportion import proportion_confint


def mulberry32(seed):
    state = seed & 0xFFFFFFFF

    def imul(a, b):
        return (a * b) & 0xFFFFFFFF

    def rand():
        nonlocal state
        state = (state + 0x6D2B79F5) & 0xFFFFFFFF
        t = state
        t = imul(t ^ (t >> 15), t | 1)
        t = (t ^ ((t + imul(t ^ (t >> 7), t | 61)) & 0xFFFFFFFF)) & 0xFFFFFFFF
        return ((t ^ (t >> 14)) & 0xFFFFFFFF) / 4294967296

    return rand


def seq_mean(vals):
    s = 0.0
    for v in vals:
        s += v  # left to right, as the TypeScript loop
    return s / len(vals)


def confidence_sequence(k, n, alpha=0.05, a=1.0, b=1.0):
    """Beta-binomial mixture confidence sequence (src/stats/sequential.ts)."""
    if n == 0:
        return 0.0, 1.0
    thr = betaln(a + k, b + n - k) - betaln(a, b) + math.log(alpha)
    f = lambda p: xlogy(k, p) + xlog1py(n - k, -p) - thr
    lo = 0.0 if k == 0 else brentq(f, 1e-300, k / n, xtol=1e-15, rtol=1e-15)
    hi = 1.0 if k == n else brentq(f, k / n, 1 - 1e-16, xtol=1e-15, rtol=1e-15)
    return lo, hi


# ---------------------------------------------------------------- Monte Carlo run records
def make_records():
    """50 runs: 32 positive prompts, 18 negative; 3 infrastructure errors; 2 agent errors; graded qualities."""
    rand = mulberry32(2024)
    records = []
    for i in range(50):
        positive = i % 8 < 5 or i >= 48
        u = rand()
        infra = i in (7, 21, 40)
        rec = {
            "promptIndex": i % 10,
            "shouldTrigger": positive,
            "status": "infra" if infra else "ok",
            "activated": (not infra) and (u < 0.85 if positive else u < 0.15),
            "quality": None,
            "tokens": int(2000 + rand() * 4000) if not infra else 0,
            "costUsd": 0.01,
            "durationMs": 1000,
        }
        if infra:
            rec["infraKind"] = "timeout" if i == 21 else "api_error"
        if i in (12, 33):
            rec["agentError"] = "max turns"
        if i == 30:
            rec["tokens"] = 30000  # an outlier
        if rec["activated"] and positive and i % 6 != 0:
            rec["quality"] = round(0.5 + 0.5 * rand(), 3)
        records.append(rec)
    return records


def summarise(records, seed, adaptive):
    ok = [r for r in records if r["status"] == "ok"]
    pos = [r for r in ok if r["shouldTrigger"]]
    neg = [r for r in ok if not r["shouldTrigger"]]
    tp = sum(r["activated"] for r in pos)
    fp = sum(r["activated"] for r in neg)
    fn = len(pos) - tp
    fails = sum("agentError" in r for r in ok)
    out = {"counts": dict(pos=len(pos), tp=tp, neg=len(neg), fp=fp, measured=len(ok), fails=fails)}
    if adaptive:
        out["activation"] = confidence_sequence(tp, len(pos))
        out["falseActivation"] = confidence_sequence(fp, len(neg))
        out["failure"] = confidence_sequence(fails, len(ok))
    else:
        out["activation"] = proportion_confint(tp, len(pos), 0.05, "wilson")
        out["falseActivation"] = proportion_confint(fp, len(neg), 0.05, "wilson")
        out["failure"] = proportion_confint(fails, len(ok), 0.05, "beta")
    prec = tp / (tp + fp)
    rec = tp / len(pos)
    out["precision"], out["recall"], out["f1"] = prec, rec, 2 * tp / (2 * tp + fp + fn)
    q = [r["quality"] for r in pos if r["activated"] and r["quality"] is not None]
    out["quality"] = dict(n=len(q), mean=seq_mean(q), cv=float(st.variation(q, ddof=1)))
    rand = mulberry32(seed)
    stats = []
    for _ in range(1000):
        stats.append(seq_mean([q[math.floor(rand() * len(q))] for _ in range(len(q))]))
    lo, hi = np.percentile(stats, [2.5, 97.5])
    out["quality"].update(low=lo, high=hi)
    tokens = np.array([r["tokens"] for r in ok], dtype=float)
    q1, med, q3 = np.percentile(tokens, [25, 50, 75])
    out["tokens"] = dict(median=med, q1=q1, q3=q3, iqr=q3 - q1, outliers=int((tokens > q3 + 1.5 * (q3 - q1)).sum()))
    eff = max(0.0, 1 - med / 8000)
    cv = out["quality"]["cv"]
    out["efficiencyNorm"] = eff
    out["mcScore"] = 0.40 * (tp / len(pos)) + 0.30 * (1 - min(1.0, cv)) + 0.20 * (1 - fails / len(ok)) + 0.10 * eff
    return out


def main():
    records = make_records()
    print("RECORDS", json.dumps(records))
    print("FIXED", json.dumps(summarise(records, 11, False)))
    print("ADAPTIVE", json.dumps(summarise(records, 11, True)))


if __name__ == "__main__":
    main()
