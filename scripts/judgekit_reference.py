#!/usr/bin/env python3
"""Reference values for src/judgekit (tests in test/judgekit/length-control.test.ts and bias.test.ts).

Writes test/fixtures/judgekit/reference.json: fixed pairwise battle sets with the length-controlled
win rate fitted by statsmodels (GLM, Binomial family, logit link; fractional outcomes so a tie is
0.5), for both covariates judgekit offers (tanh(diff / sd) as AlpacaEval 2, and diff / sd), plus
the position-bias z-test and the length-vs-score Spearman correlation of scipy.

How to run (from the repository root; statsmodels lives in the project venv):

    .venv/bin/python scripts/judgekit_reference.py

Deterministic (fixed seeds): re-running reproduces the file for the same library versions.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import numpy as np
import scipy
import scipy.stats as st
import statsmodels
import statsmodels.api as sm

OUT = Path(__file__).resolve().parent.parent / "test" / "fixtures" / "judgekit" / "reference.json"


def battles_verbose_judge(seed: int, n: int, length_effect: float, skill: float, tie_rate: float):
    """A judge that likes length: P(A wins) = sigmoid(skill + length_effect * diff / 400)."""
    rng = np.random.default_rng(seed)
    len_a = rng.integers(80, 1600, n)
    len_b = rng.integers(80, 1600, n)
    out = []
    for a, b in zip(len_a.tolist(), len_b.tolist()):
        p = 1 / (1 + math.exp(-(skill + length_effect * (a - b) / 400)))
        u = rng.random()
        if u < tie_rate:
            winner = "TIE"
        else:
            winner = "A" if rng.random() < p else "B"
        out.append({"winner": winner, "lengthA": a, "lengthB": b})
    return out


def lc_reference(battles, covariate: str):
    y = np.array([1.0 if b["winner"] == "A" else 0.0 if b["winner"] == "B" else 0.5 for b in battles])
    diff = np.array([b["lengthA"] - b["lengthB"] for b in battles], dtype=float)
    sd = np.std(diff, ddof=1)
    x = np.tanh(diff / sd) if covariate == "tanh" else diff / sd
    X = sm.add_constant(x)
    # A tight tolerance: IRLS reports bse from the weights of its last step, so stopping early shifts it.
    fit = sm.GLM(y, X, family=sm.families.Binomial()).fit(tol=1e-14, maxiter=1000)
    b0, b1 = fit.params.tolist()
    se0 = float(fit.bse[0])
    z = st.norm.ppf(0.975)
    sig = lambda v: 1 / (1 + math.exp(-v))
    return {
        "covariate": covariate,
        "winRate": 100 * float(y.mean()),
        "intercept": b0,
        "lengthCoefficient": b1,
        "interceptSe": se0,
        "lcWinRate": 100 * sig(b0),
        "lcInterval": [100 * sig(b0 - z * se0), 100 * sig(b0 + z * se0)],
    }


def position_reference(first_wins: int, decisive: int):
    z = (first_wins - decisive / 2) / math.sqrt(decisive / 4)
    return {"firstPositionWins": first_wins, "decisivePasses": decisive, "z": z, "p": 2 * st.norm.sf(abs(z))}


def spearman_reference(seed: int, n: int):
    rng = np.random.default_rng(seed)
    lengths = rng.integers(50, 2000, n)
    scores = np.clip(np.round(1 + 4 * (lengths / 2000) + rng.normal(0, 0.9, n)), 1, 5)
    rho, p = st.spearmanr(lengths, scores)
    return {"lengths": lengths.tolist(), "scores": scores.astype(int).tolist(), "rho": float(rho), "p": float(p)}


def main():
    sets = {
        "verbose_judge": battles_verbose_judge(seed=3, n=80, length_effect=1.2, skill=0.2, tie_rate=0.1),
        "length_neutral": battles_verbose_judge(seed=5, n=40, length_effect=0.0, skill=-0.4, tie_rate=0.2),
        "short_preferring": battles_verbose_judge(seed=9, n=30, length_effect=-0.8, skill=0.5, tie_rate=0.0),
    }
    data = {
        "meta": {"numpy": np.__version__, "scipy": scipy.__version__, "statsmodels": statsmodels.__version__},
        "lengthControlled": [
            {"name": name, "battles": battles, "expected": [lc_reference(battles, "tanh"), lc_reference(battles, "linear")]}
            for name, battles in sets.items()
        ],
        "position": [position_reference(31, 40), position_reference(20, 40), position_reference(9, 30)],
        "lengthSpearman": spearman_reference(seed=13, n=30),
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
