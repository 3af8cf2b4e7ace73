#!/usr/bin/env python3
"""Reference values for src/stats (tests in test/stats/*.test.ts).

Builds fixed datasets and writes test/fixtures/stats/reference.json with the inputs and
the outputs of scipy, scikit-learn and statsmodels.

How to run (from the repository root; the local wheel index is already configured for pip):

    python3 -m venv --system-site-packages .venv
    .venv/bin/pip install statsmodels scikit-learn
    .venv/bin/python scripts/stats_reference.py

mpmath (used for the ln B reference values) comes with the system site-packages; if it is
missing, add it with `.venv/bin/pip install mpmath`.

JSON encoding of non-finite floats: NaN is written as null; +inf / -inf as the strings
"Infinity" / "-Infinity". Everything is deterministic (fixed seeds), so re-running the
script reproduces the same file for the same library versions (recorded under "meta").
"""

from __future__ import annotations

import json
import math
import warnings
from pathlib import Path

import mpmath
import numpy as np
import scipy
import scipy.special as sp
import scipy.stats as st
import sklearn
import statsmodels
import statsmodels.api as sm
from scipy.optimize import minimize
from sklearn.metrics import cohen_kappa_score, f1_score, precision_score, recall_score
from statsmodels.stats.proportion import proportion_confint

warnings.filterwarnings("ignore")

OUT = Path(__file__).resolve().parent.parent / "test" / "fixtures" / "stats" / "reference.json"


def enc(v):
    """Encode a value for JSON: NaN -> None, +-inf -> strings, numpy scalars -> Python."""
    if isinstance(v, dict):
        return {k: enc(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [enc(x) for x in v]
    if isinstance(v, np.ndarray):
        return [enc(x) for x in v.tolist()]
    if isinstance(v, (np.bool_, bool)):
        return bool(v)
    if isinstance(v, (np.integer,)):
        return int(v)
    if isinstance(v, (float, np.floating)):
        f = float(v)
        if math.isnan(f):
            return None
        if math.isinf(f):
            return "Infinity" if f > 0 else "-Infinity"
        return f
    return v


# ---------------------------------------------------------------- special functions
def special_cases():
    out = {}
    out["logGamma"] = [{"x": x, "expected": sp.gammaln(x)} for x in [0.1, 0.5, 1, 1.5, 2, 3.7, 10, 100.5, 1e4]]
    # scipy.special.betaln loses ~1e-11 absolute for large b (cephes), so ln B uses mpmath.
    mpmath.mp.dps = 40
    out["logBeta"] = [{"a": a, "b": b, "expected": float(mpmath.log(mpmath.beta(a, b)))}
                      for a, b in [(0.5, 0.5), (1.5, 2.5), (12, 9.5), (20, 30), (3, 1e4), (0.5, 1e5), (1e3, 1e3), (7, 10)]]
    xs = [-30, -10, -5, -2.5, -1.96, -1, -0.5, -1e-8, 0, 0.3, 1, 1.5, 1.96, 3, 6, 10]
    out["erfc"] = [{"x": x, "expected": sp.erfc(x)} for x in [-3, -1, -0.2, 0, 1e-5, 0.4, 1.2, 1.5, 1.6, 2, 3.3, 5, 10, 26]]
    out["normalCdf"] = [{"x": x, "expected": st.norm.cdf(x)} for x in xs]
    ps = [1e-300, 1e-50, 1e-20, 1e-10, 1e-5, 0.0005, 0.001, 0.01, 0.02, 0.02425, 0.025, 0.05, 0.1, 0.3, 0.5,
          0.7, 0.9, 0.95, 0.975, 0.999, 1 - 1e-10]
    out["normalQuantile"] = [{"p": p, "expected": st.norm.ppf(p)} for p in ps]
    beta_cases = []
    for a, b in [(0.5, 0.5), (1, 1), (2, 3), (0.5, 20), (20, 0.5), (100, 200), (499, 0.5), (1000, 1000), (3, 1e4)]:
        mean = a / (a + b)
        for x in [1e-6, 0.01, 0.2, mean, 0.5, 0.9, 0.999]:
            beta_cases.append({"x": x, "a": a, "b": b, "expected": sp.betainc(a, b, x)})
    out["regularizedBeta"] = beta_cases
    inv = []
    for a, b in [(1, 1), (0.5, 0.5), (2, 5), (1, 1000), (50, 3), (300, 700), (1, 9), (10, 1), (0.5, 10)]:
        for p in [1e-10, 1e-4, 0.005, 0.025, 0.3, 0.5, 0.975, 0.999999]:
            inv.append({"p": p, "a": a, "b": b, "expected": st.beta.ppf(p, a, b)})
    out["inverseRegularizedBeta"] = inv
    tcases = []
    for df in [1, 2, 3, 5.5, 10, 30, 1000]:
        for t in [-50, -5, -2, -0.1, 0, 0.5, 2, 10, 1e3]:
            tcases.append({"t": t, "df": df, "expected": st.t.cdf(t, df)})
    out["studentTCdf"] = tcases
    return out


# ---------------------------------------------------------------- descriptive
def descriptive_cases():
    rng = np.random.default_rng(7)
    sets = [
        [1.0, 2.0, 3.0, 4.0],
        [5.0, 5.0, 5.0],
        [2.5, -1.0, 7.25, 3.0, 3.0],
        [0.1, 0.2, 0.3],
        rng.normal(10, 3, 25).round(6).tolist(),
        [1.0, -1.0],
        [0.0, 0.0, 0.0],
        [-1.0, -2.0, -4.0],
        [1e9 + 1, 1e9 + 2, 1e9 + 3],
    ]
    rows = []
    for v in sets:
        a = np.array(v, dtype=float)
        rows.append({
            "values": v,
            "mean": float(np.mean(a)),
            "sampleStd": float(np.std(a, ddof=1)),
            "median": float(np.median(a)),
            "coefficientOfVariation": float(st.variation(a, ddof=1)),
        })
    single = [{"values": [3.5], "mean": 3.5, "median": 3.5}]
    return {"sets": rows, "single": single}


# ---------------------------------------------------------------- classification
def prf_cases():
    rng = np.random.default_rng(11)
    t = rng.random(40) < 0.4
    p = np.where(rng.random(40) < 0.75, t, ~t)
    sets = {
        "random": (t.tolist(), p.tolist()),
        "perfect": ([True, False, True, True], [True, False, True, True]),
        "all_wrong": ([True, False, True, False], [False, True, False, True]),
        "no_positive_predictions": ([True, False, True, False], [False, False, False, False]),
        "no_positive_truth": ([False, False, False], [True, False, True]),
        "all_negative": ([False, False, False], [False, False, False]),
        "single": ([True], [True]),
    }
    rows = []
    for name, (tt, pp) in sets.items():
        ta, pa = np.array(tt), np.array(pp)
        rows.append({
            "name": name, "truth": tt, "predicted": pp,
            "precision": precision_score(ta, pa, zero_division=0),
            "recall": recall_score(ta, pa, zero_division=0),
            "f1": f1_score(ta, pa, zero_division=0),
            "tp": int(np.sum(ta & pa)), "fp": int(np.sum(~ta & pa)),
            "fn": int(np.sum(ta & ~pa)), "tn": int(np.sum(~ta & ~pa)),
        })
    return rows


def f1_cases():
    rng = np.random.default_rng(13)
    t = rng.integers(0, 4, 60)
    p = np.where(rng.random(60) < 0.6, t, rng.integers(0, 5, 60))  # label 4 only predicted
    sets = {
        "numeric_random": (t.tolist(), p.tolist()),
        "strings": (["cat", "dog", "cat", "bird", "dog", "cat"], ["cat", "cat", "cat", "bird", "dog", "bird"]),
        "perfect": ([1, 2, 3, 1], [1, 2, 3, 1]),
        "all_wrong": (["a", "b", "a"], ["b", "a", "b"]),
        "label_only_in_truth": ([0, 1, 2, 2], [0, 1, 1, 1]),
        "single": (["x"], ["x"]),
    }
    rows = []
    for name, (tt, pp) in sets.items():
        rows.append({
            "name": name, "truth": tt, "predicted": pp,
            "macro": f1_score(tt, pp, average="macro", zero_division=0),
            "micro": f1_score(tt, pp, average="micro", zero_division=0),
        })
    return rows


def kappa_cases():
    rng = np.random.default_rng(17)
    a = rng.integers(1, 6, 50)
    b = np.clip(a + rng.integers(-1, 2, 50), 1, 5)
    sets = {
        "ordinal_random": (a.tolist(), b.tolist()),
        "perfect_agreement": ([1, 2, 3, 2, 1], [1, 2, 3, 2, 1]),
        "perfect_disagreement": ([1, 2, 1, 2], [2, 1, 2, 1]),
        "gapped_labels": ([1, 3, 7, 7, 3, 1, 7], [1, 7, 7, 3, 3, 3, 7]),
        "one_rater_constant": ([1, 1, 1, 1], [1, 2, 1, 2]),
        "constant_identical": ([4, 4, 4], [4, 4, 4]),
        "strings": (["lo", "mid", "hi", "mid", "lo"], ["lo", "hi", "hi", "mid", "mid"]),
        "single_pair_same": ([2], [2]),
        "single_pair_different": ([1], [2]),
        "disjoint_labels": ([1, 1, 2], [3, 3, 4]),
    }
    rows = []
    for name, (x, y) in sets.items():
        row = {"name": name, "a": x, "b": y}
        for w, key in [(None, "none"), ("linear", "linear"), ("quadratic", "quadratic")]:
            row[key] = cohen_kappa_score(x, y, weights=w)
        rows.append(row)
    return rows


# ---------------------------------------------------------------- correlation
def spearman_cases():
    rng = np.random.default_rng(19)
    x20 = rng.normal(size=20)
    y20 = x20 + rng.normal(size=20)
    x50 = rng.integers(0, 6, 50).astype(float)
    y50 = x50 + rng.integers(0, 4, 50)
    sets = {
        "random20": (x20.round(6).tolist(), y20.round(6).tolist()),
        "ties50": (x50.tolist(), y50.tolist()),
        "small_ties": ([1, 2, 2, 3, 5], [2, 1, 4, 4, 9]),
        "perfect": ([1, 2, 3, 4, 5], [10, 20, 30, 40, 50]),
        "perfect_negative": ([1, 2, 3, 4, 5], [5, 4, 3, 2, 1]),
        "n3": ([1, 2, 3], [1, 3, 2]),
        "n2": ([1, 2], [3, 7]),
        "n2_negative": ([1, 2], [7, 3]),
        "constant_x": ([3, 3, 3, 3], [1, 2, 3, 4]),
        "constant_y": ([1, 2, 3], [0, 0, 0]),
        "zero": ([1, 2, 3, 4], [1, 3, 3, 1]),
    }
    rows = []
    for name, (x, y) in sets.items():
        r = st.spearmanr(x, y)
        rows.append({"name": name, "x": x, "y": y, "rho": r.statistic, "p": r.pvalue})
    return rows


def kendall_cases():
    rng = np.random.default_rng(23)
    x40 = rng.permutation(40).astype(float)
    y40 = x40 + rng.normal(0, 12, 40)
    sorted40 = list(range(40))
    one_swap = sorted40.copy()
    one_swap[10], one_swap[11] = one_swap[11], one_swap[10]
    x12 = rng.permutation(12).tolist()
    y12 = rng.permutation(12).tolist()
    x30 = rng.normal(size=30)
    y30 = x30 + rng.normal(size=30)
    sets = {
        "exact_n12": (x12, y12),
        "exact_n30": (x30.round(6).tolist(), y30.round(6).tolist()),
        "exact_n5": ([12, 2, 1, 11, 3], [1, 4, 7, 2, 0]),
        "exact_tau_zero": ([1, 2, 3, 4], [3, 1, 4, 2]),
        "exact_perfect_n40": (sorted40, [2 * v for v in sorted40]),
        "exact_one_swap_n40": (sorted40, one_swap),
        "asymptotic_no_ties_n40": (x40.tolist(), y40.round(6).tolist()),
        "asymptotic_ties": ([12, 2, 1, 12, 2], [1, 4, 7, 1, 0]),
        "asymptotic_ties_both": ([1, 1, 2, 2, 3, 3, 4, 5], [1, 2, 1, 3, 3, 4, 4, 4]),
        "asymptotic_ties_n60": (rng.integers(0, 5, 60).tolist(), rng.integers(0, 7, 60).tolist()),
        "n2": ([1, 2], [5, 3]),
        "n3_exact": ([1, 2, 3], [1, 3, 2]),
        "constant_x": ([2, 2, 2], [1, 2, 3]),
        "constant_y": ([1, 2, 3, 4], [7, 7, 7, 7]),
    }
    rows = []
    for name, (x, y) in sets.items():
        r = st.kendalltau(x, y)
        method = "none"
        if not math.isnan(r.statistic):
            # scipy's method='auto' rule: exact iff no ties and (n <= 33 or min(dis, con) <= 1).
            n = len(x)
            dis = sum((x[i] - x[j]) * (y[i] - y[j]) < 0 for i in range(n) for j in range(i + 1, n))
            tot = n * (n - 1) // 2
            no_ties = len(set(x)) == n and len(set(y)) == n
            method = "exact" if no_ties and (n <= 33 or min(dis, tot - dis) <= 1) else "asymptotic"
            assert st.kendalltau(x, y, method=method).pvalue == r.pvalue
        rows.append({"name": name, "x": x, "y": y, "tau": r.statistic, "p": r.pvalue, "method": method})
    methods = {row["method"] for row in rows}
    assert {"exact", "asymptotic", "none"} <= methods, methods
    return rows


# ---------------------------------------------------------------- agreement (MT-Bench logic)
def agreement_cases():
    sets = {
        "mixed": (["A", "B", "tie", "A", "B", "tie", "A"], ["A", "A", "tie", "tie", "B", "B", "A"]),
        "perfect": (["A", "B"], ["A", "B"]),
        "disagree": (["A", "B", "A"], ["B", "A", "B"]),
        "single": (["tie"], ["tie"]),
    }
    rows = []
    for name, (a, b) in sets.items():
        with_ties = sum(x == y for x, y in zip(a, b)) / len(a)
        kept = [(x, y) for x, y in zip(a, b) if x != "tie" and y != "tie"]
        without = sum(x == y for x, y in kept) / len(kept) if kept else None
        rows.append({"name": name, "a": a, "b": b, "withTies": with_ties, "withoutTies": without})
    return rows


# ---------------------------------------------------------------- proportion intervals
def proportion_cases():
    kn = [(0, 1), (1, 1), (0, 10), (10, 10), (3, 10), (5, 10), (1, 1000), (999, 1000), (500, 1000),
          (37, 123), (0, 5000), (2, 7)]
    rows = []
    for k, n in kn:
        for alpha in [0.05, 0.01, 0.1, 0.32, 0.001]:
            wl, wh = proportion_confint(k, n, alpha=alpha, method="wilson")
            bl, bh = proportion_confint(k, n, alpha=alpha, method="beta")
            rows.append({"k": k, "n": n, "alpha": alpha,
                         "wilson": {"low": wl, "high": wh}, "clopperPearson": {"low": bl, "high": bh}})
    return rows


# ---------------------------------------------------------------- bootstrap (port of mulberry32)
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
        s += v  # left-to-right like the TypeScript loop (Python 3.12 sum() compensates)
    return s / len(vals)


def bootstrap_cases():
    rng = np.random.default_rng(29)
    rows = []
    first = mulberry32(42)
    rows_prng = {"seed": 42, "first": [first() for _ in range(5)]}
    for values, samples, alpha, seed in [
        (rng.normal(0.7, 0.2, 30).round(4).tolist(), 1000, 0.05, 1),
        ([0, 1, 1, 0, 1, 1, 1, 0, 1, 1], 500, 0.1, 12345),
        ([3.0, 9.0, 4.5], 200, 0.05, 7),
    ]:
        rand = mulberry32(seed)
        n = len(values)
        stats = []
        for _ in range(samples):
            res = [values[int(rand() * n)] for _ in range(n)]
            stats.append(seq_mean(res))
        lo, hi = np.percentile(np.array(stats), [100 * alpha / 2, 100 * (1 - alpha / 2)])
        rows.append({"values": values, "samples": samples, "alpha": alpha, "seed": seed,
                     "low": lo, "high": hi, "estimate": seq_mean(values)})
    return {"prng": rows_prng, "mean": rows}


# ---------------------------------------------------------------- Bradley-Terry
def cluster_bootstrap_cases():
    """clusterBootstrapMean: whole clusters drawn with replacement, the pooled mean of the drawn observations; the
    seeded draws make the bounds exact."""
    cases = []
    for clusters, samples, alpha, seed in [
        ([[1, 1, 0], [0, 0], [1], [1, 0, 1, 1]], 1000, 0.05, 5),
        ([[0.5, -0.5, 1.0], [1.0, 1.0], [-1.0, 0.0, 0.0, 0.5], [0.25], [1.0, 0.75]], 2000, 0.1, 99),
        ([[3.2], [1.5], [4.8], [2.2], [3.9]], 800, 0.05, 17),
    ]:
        rand = mulberry32(seed)
        sums = []
        for c in clusters:
            t = 0.0
            for v in c:
                t += v  # left-to-right like the TypeScript loop
            sums.append(t)
        k = len(clusters)
        stats = []
        for _ in range(samples):
            t = 0.0
            n = 0
            for _ in range(k):
                j = int(rand() * k)
                t += sums[j]
                n += len(clusters[j])
            stats.append(t / n)
        lo, hi = np.percentile(np.array(stats), [100 * alpha / 2, 100 * (1 - alpha / 2)])
        total = 0.0
        for t in sums:
            total += t
        cases.append({"clusters": clusters, "samples": samples, "alpha": alpha, "seed": seed,
                      "low": float(lo), "high": float(hi), "estimate": total / sum(len(c) for c in clusters)})
    return cases


def bt_fit(matches, scale=400.0, base=10.0, initial=1500.0):
    players = []
    for m in matches:
        for p in (m["a"], m["b"]):
            if p not in players:
                players.append(p)
    idx = {p: i for i, p in enumerate(players)}
    rows, ys = [], []
    for m in matches:  # Chatbot Arena style: each match twice; a tie = one win + one loss
        x = np.zeros(len(players))
        x[idx[m["a"]]] = math.log(base)
        x[idx[m["b"]]] = -math.log(base)
        wins = {"a": (1, 1), "b": (0, 0), "tie": (1, 0)}[m["winner"]]
        for y in wins:
            rows.append(x)
            ys.append(y)
    X = np.array(rows)[:, 1:]  # first player pinned at 0 (no intercept; shift invariant)
    y = np.array(ys, dtype=float)
    fit = sm.Logit(y, X).fit(method="newton", tol=1e-14, maxiter=200, disp=0)
    coef = np.concatenate([[0.0], fit.params])
    ratings = scale * coef
    ratings = ratings - ratings.mean() + initial

    # Cross-check with scipy.optimize on the same likelihood.
    def nll(c):
        z = X @ c
        return float(np.sum(np.logaddexp(0, -z) * y + np.logaddexp(0, z) * (1 - y)))

    def grad(c):
        return X.T @ (sp.expit(X @ c) - y)

    def hess(c):
        pr = sp.expit(X @ c)
        return X.T @ (X * (pr * (1 - pr))[:, None])

    opt = minimize(nll, np.zeros(len(players) - 1), jac=grad, hess=hess, method="trust-exact",
                   options={"gtol": 1e-12})
    alt = scale * np.concatenate([[0.0], opt.x])
    alt = alt - alt.mean() + initial
    assert np.max(np.abs(alt - ratings)) < 1e-6, np.max(np.abs(alt - ratings))
    return {p: float(ratings[i]) for i, p in enumerate(players)}


def bradley_terry_cases():
    def m(a, b, w):
        return {"a": a, "b": b, "winner": w}

    small = [m("A", "B", "a"), m("A", "B", "a"), m("B", "A", "a"), m("A", "C", "tie"), m("C", "A", "a"),
             m("B", "C", "a"), m("C", "B", "tie"), m("C", "D", "a"), m("D", "C", "a"), m("D", "A", "b"),
             m("B", "D", "tie"), m("D", "B", "a"), m("A", "D", "a"), m("C", "D", "tie")]
    rng = np.random.default_rng(31)
    names = ["gpt", "claude", "llama", "mistral", "gemma"]
    strength = {"gpt": 1.0, "claude": 1.2, "llama": 0.2, "mistral": 0.0, "gemma": -0.5}
    big = []
    for _ in range(300):
        a, b = rng.choice(names, 2, replace=False)
        pa = 1 / (1 + math.exp(strength[b] - strength[a]))
        u = rng.random()
        w = "tie" if u < 0.15 else ("a" if rng.random() < pa else "b")
        big.append(m(str(a), str(b), w))
    two = [m("X", "Y", "a"), m("X", "Y", "b"), m("Y", "X", "a"), m("X", "Y", "tie")]
    rows = [
        {"name": "small_with_ties", "matches": small, "options": {}, "ratings": bt_fit(small)},
        {"name": "arena_like_300", "matches": big, "options": {}, "ratings": bt_fit(big)},
        {"name": "two_players", "matches": two, "options": {}, "ratings": bt_fit(two)},
        {"name": "custom_scale", "matches": small, "options": {"scale": 100, "base": math.e, "initial": 0},
         "ratings": bt_fit(small, scale=100, base=math.e, initial=0)},
    ]
    return rows


def main():
    data = {
        "meta": {
            "generator": "scripts/stats_reference.py",
            "nan": "NaN is encoded as null; +-inf as the strings 'Infinity' / '-Infinity'",
            "versions": {"numpy": np.__version__, "scipy": scipy.__version__, "sklearn": sklearn.__version__,
                         "statsmodels": statsmodels.__version__, "mpmath": mpmath.__version__},
        },
        "special": special_cases(),
        "descriptive": descriptive_cases(),
        "precisionRecallF1": prf_cases(),
        "f1": f1_cases(),
        "kappa": kappa_cases(),
        "spearman": spearman_cases(),
        "kendall": kendall_cases(),
        "agreement": agreement_cases(),
        "proportion": proportion_cases(),
        "bootstrap": bootstrap_cases(),
        "clusterBootstrap": cluster_bootstrap_cases(),
        "bradleyTerry": bradley_terry_cases(),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(enc(data), indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
