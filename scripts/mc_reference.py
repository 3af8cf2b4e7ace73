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
import statsmodels.api as sm
from scipy.optimize import brentq
from scipy.special import betaln, xlog1py, xlogy
from statsmodels.stats.proportion import proportion_confint

# The same mulberry32 port and left-to-right mean the other reference script uses (one copy of each).
from stats_reference import mulberry32, seq_mean


def confidence_sequence(k, n, alpha=0.05, a=1.0, b=1.0):
    """Beta-binomial mixture confidence sequence (src/stats/sequential.ts); k and n may be effective counts."""
    if n == 0:
        return 0.0, 1.0
    thr = betaln(a + k, b + n - k) - betaln(a, b) + math.log(alpha)
    f = lambda p: xlogy(k, p) + xlog1py(n - k, -p) - thr
    lo = 0.0 if k == 0 else brentq(f, 1e-300, k / n, xtol=1e-15, rtol=1e-15)
    hi = 1.0 if k == n else brentq(f, k / n, 1 - 1e-16, xtol=1e-15, rtol=1e-15)
    return lo, hi


def effective_counts(clusters):
    """(k_eff, n_eff) of runs clustered by prompt (src/stats/clustered-proportion.ts): the design effect
    deff = sum (k_j - p n_j)^2 / (n p (1 - p)) floored at 1; when every run agreed, n_eff = n^2 / sum n_j^2."""
    clusters = [(k, m) for k, m in clusters if m > 0]
    n = sum(m for _, m in clusters)
    k = sum(k for k, _ in clusters)
    squares = sum(m * m for _, m in clusters)
    if squares == n:
        return float(k), float(n)
    p = k / n
    if k == 0 or k == n:
        n_eff = n * n / squares
    else:
        deff = sum((kj - p * m) ** 2 for kj, m in clusters) / (n * p * (1 - p))
        n_eff = n / max(1.0, deff)
    return p * n_eff, n_eff


def wilson(k, n, alpha=0.05):
    """Wilson score interval written out, so it takes the fractional effective counts (proportion_confint's formula)."""
    z = st.norm.isf(alpha / 2)
    q = k / n
    center = (q + z * z / (2 * n)) / (1 + z * z / n)
    dist = z * math.sqrt(q * (1 - q) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, center - dist), min(1.0, center + dist)


def clopper_pearson(k, n, alpha=0.05):
    """Korn-Graubard: Clopper-Pearson's beta quantiles at the effective counts."""
    lo = 0.0 if k == 0 else st.beta.ppf(alpha / 2, k, n - k + 1)
    hi = 1.0 if k == n else st.beta.isf(alpha / 2, k + 1, n - k)
    return lo, hi


def clusters_of(records, key, success):
    out = {}
    for r in records:
        c = out.setdefault(key(r), [0, 0])
        c[0] += 1 if success(r) else 0
        c[1] += 1
    return list(out.values())


def cluster_bootstrap_mean(clusters, samples, seed):
    """clusterBootstrapMean (src/stats/bootstrap.ts): whole clusters resampled, pooled mean, numpy percentiles."""
    rand = mulberry32(seed)
    sums = [seq_sum(c) for c in clusters]
    stats = []
    for _ in range(samples):
        total, count = 0.0, 0
        for _ in range(len(clusters)):
            j = math.floor(rand() * len(clusters))
            total += sums[j]
            count += len(clusters[j])
        stats.append(total / count)
    return tuple(np.percentile(stats, [2.5, 97.5]))


def seq_sum(values):
    total = 0.0
    for v in values:
        total += v
    return total


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
    # Runs clustered by prompt: the rates' intervals at the effective counts.
    by_prompt = lambda r: r["promptIndex"]
    act = effective_counts(clusters_of(pos, by_prompt, lambda r: r["activated"]))
    false_act = effective_counts(clusters_of(neg, by_prompt, lambda r: r["activated"]))
    fail = effective_counts(clusters_of(ok, by_prompt, lambda r: "agentError" in r))
    out["effectiveTrials"] = dict(activation=act[1], falseActivation=false_act[1], failure=fail[1])
    if adaptive:
        out["activation"] = confidence_sequence(*act)
        out["falseActivation"] = confidence_sequence(*false_act)
        out["failure"] = confidence_sequence(*fail)
    else:
        out["activation"] = wilson(*act)
        out["falseActivation"] = wilson(*false_act)
        out["failure"] = clopper_pearson(*fail)
    # triggering_accuracy's Bonferroni interval: each rate's 97.5% interval at the same effective counts.
    at = (lambda k, n: confidence_sequence(k, n, 0.025)) if adaptive else (lambda k, n: wilson(k, n, 0.025))
    a, f = at(*act), at(*false_act)
    out["balancedInterval"] = ((a[0] + 1 - f[1]) / 2, (a[1] + 1 - f[0]) / 2)
    prec = tp / (tp + fp)
    rec = tp / len(pos)
    out["precision"], out["recall"], out["f1"] = prec, rec, 2 * tp / (2 * tp + fp + fn)
    q = [r["quality"] for r in pos if r["activated"] and r["quality"] is not None]
    out["quality"] = dict(n=len(q), mean=seq_mean(q), cv=float(st.variation(q, ddof=1)))
    graded = {}
    for r in pos:
        if r["activated"] and r["quality"] is not None:
            graded.setdefault(r["promptIndex"], []).append(r["quality"])
    lo, hi = cluster_bootstrap_mean(list(graded.values()), 1000, seed)
    out["quality"].update(prompts=len(graded), low=lo, high=hi)
    tokens = np.array([r["tokens"] for r in ok], dtype=float)
    q1, med, q3 = np.percentile(tokens, [25, 50, 75])
    out["tokens"] = dict(median=med, q1=q1, q3=q3, iqr=q3 - q1, outliers=int((tokens > q3 + 1.5 * (q3 - q1)).sum()))
    eff = max(0.0, 1 - med / 8000)
    cv = out["quality"]["cv"]
    out["efficiencyNorm"] = eff
    out["mcScore"] = 0.40 * (tp / len(pos)) + 0.30 * (1 - min(1.0, cv)) + 0.20 * (1 - fails / len(ok)) + 0.10 * eff
    return out


# ---------------------------------------------------------------- Elo and Bradley-Terry on the Elo scale
def elo_matches():
    """A candidate and a 5-entry corpus: 70 matches drawn from known strengths, about 15% draws."""
    rng = np.random.default_rng(9)
    names = ["cand", "c1", "c2", "c3", "c4", "c5"]
    strength = {"cand": 0.6, "c1": 1.0, "c2": 0.4, "c3": 0.0, "c4": -0.3, "c5": -0.8}
    out = []
    for _ in range(70):
        a, b = (str(x) for x in rng.choice(names, 2, replace=False))
        pa = 1 / (1 + 10 ** (strength[b] - strength[a]))
        w = "tie" if rng.random() < 0.15 else ("a" if rng.random() < pa else "b")
        out.append([a, b, w])
    return out


def online_elo(matches, k=32.0, initial=1500.0):
    r = {}
    for a, b, w in matches:
        ra, rb = r.get(a, initial), r.get(b, initial)
        e = 1 / (1 + 10 ** ((rb - ra) / 400))
        s = {"a": 1.0, "b": 0.0, "tie": 0.5}[w]
        r[a], r[b] = ra + k * (s - e), rb - k * (s - e)
    return r


def strongly_connected(players, matches):
    w = {(p, q): 0.0 for p in players for q in players}
    for a, b, x in matches:
        s = {"a": 1.0, "b": 0.0, "tie": 0.5}[x]
        w[(a, b)] += s
        w[(b, a)] += 1 - s

    def reach(forward):
        seen, stack = {players[0]}, [players[0]]
        while stack:
            i = stack.pop()
            for j in players:
                if (w[(i, j)] if forward else w[(j, i)]) > 0 and j not in seen:
                    seen.add(j)
                    stack.append(j)
        return seen

    return len(reach(True)) == len(players) and len(reach(False)) == len(players)


def bt_fit(matches):
    """Bradley-Terry MLE on the Elo scale as a statsmodels Logit (Chatbot Arena's compute_mle_elo; ties as one
    win and one loss), first player pinned at 0, then shifted to mean 1500 (re-anchored by the caller)."""
    players = []
    for m in matches:
        for p in (m["a"], m["b"]):
            if p not in players:
                players.append(p)
    idx = {p: i for i, p in enumerate(players)}
    rows, ys = [], []
    for m in matches:
        x = np.zeros(len(players))
        x[idx[m["a"]]] = math.log(10)
        x[idx[m["b"]]] = -math.log(10)
        for y in {"a": (1, 1), "b": (0, 0), "tie": (1, 0)}[m["winner"]]:
            rows.append(x)
            ys.append(y)
    fit = sm.Logit(np.array(ys, dtype=float), np.array(rows)[:, 1:]).fit(method="newton", tol=1e-14, maxiter=200, disp=0)
    ratings = 400 * np.concatenate([[0.0], fit.params])
    ratings = ratings - ratings.mean() + 1500
    return {p: float(ratings[i]) for i, p in enumerate(players)}


def bt_elo(matches, pool, samples=500, seed=3, alpha=0.05):
    players = []
    for a, b, _ in matches:
        for p in (a, b):
            if p not in players:
                players.append(p)
    as_dicts = lambda ms: [{"a": a, "b": b, "winner": w} for a, b, w in ms]

    def anchored(ms):
        fit = bt_fit(as_dicts(ms))
        shift = 1500.0 - np.mean([fit[p] for p in pool])
        return {p: fit[p] + shift for p in players}

    full = anchored(matches)
    rand = mulberry32(seed)
    draws = {p: [] for p in players}
    degenerate = 0
    for _ in range(samples):
        res = [matches[math.floor(rand() * len(matches))] for _ in range(len(matches))]
        present = {p for a, b, _ in res for p in (a, b)}
        if present != set(players) or not strongly_connected(players, res):
            degenerate += 1
            continue
        fit = anchored(res)
        for p in players:
            draws[p].append(fit[p])
    out = {p: [full[p], *np.percentile(draws[p], [100 * alpha / 2, 100 * (1 - alpha / 2)])] for p in players}
    return out, degenerate


def corpus_percentile(matches, cand):
    per = {}
    for a, b, w in matches:
        if cand not in (a, b):
            continue
        s = {"a": 1.0, "b": 0.0, "tie": 0.5}[w]
        own, opp = (s, b) if a == cand else (1 - s, a)
        per.setdefault(opp, []).append(own)
    return 100 * np.mean([np.mean(v) for v in per.values()]), len(per)


def main():
    matches = elo_matches()
    print("ELO_MATCHES", json.dumps(matches))
    print("ONLINE", json.dumps(online_elo(matches)))
    bt, degenerate = bt_elo(matches, pool=["c1", "c2", "c3", "c4", "c5"])
    print("BT_ELO pool=corpus seed=3", json.dumps(bt), "degenerate", degenerate)
    print("PERCENTILE", corpus_percentile(matches, "cand"))
    records = make_records()
    print("RECORDS", json.dumps(records))
    print("FIXED", json.dumps(summarise(records, 11, False)))
    print("ADAPTIVE", json.dumps(summarise(records, 11, True)))
    # Clustered proportions (test/stats/clustered-proportion.test.ts): (successes, runs) per prompt.
    cases = {
        "repeated, disagreeing": [(3, 3), (0, 3), (2, 3), (3, 3), (1, 3), (3, 3)],
        "repeated, all agree": [(2, 2), (2, 2), (2, 2), (1, 1)],
        "unequal, none": [(0, 5), (0, 1), (0, 2)],
        "one run each": [(1, 1), (0, 1), (1, 1), (1, 1)],
        "within-prompt noise": [(1, 2), (1, 2), (2, 4), (1, 2), (0, 1)],
    }
    out = {}
    for name, clusters in cases.items():
        k, n = effective_counts(clusters)
        out[name] = dict(
            effective=[k, n],
            wilson=wilson(k, n),
            clopperPearson=clopper_pearson(k, n),
            confidenceSequence=confidence_sequence(k, n),
        )
    print("CLUSTERED", json.dumps(out))


if __name__ == "__main__":
    main()
