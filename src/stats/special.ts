/**
 * Special functions needed by the tests and intervals: log-gamma, erfc, the normal
 * CDF and quantile, the regularised incomplete beta function and its inverse, and the
 * Student t CDF. Each is accurate to roughly 1e-14 relative in the ranges used here and
 * is checked against scipy.special / scipy.stats in test/stats/special.test.ts.
 */

const LANCZOS_G = 7;
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];
const LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
const SQRT_PI = Math.sqrt(Math.PI);
const SQRT_2PI = Math.sqrt(2 * Math.PI);

/** ln Γ(x) for x > 0 (Lanczos, g = 7); matches scipy.special.gammaln to ~1e-15 relative. */
export function logGamma(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0.5) {
    // Reflection: Γ(x)Γ(1-x) = π / sin(πx).
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS[0] as number;
  for (let i = 1; i < LANCZOS.length; i++) sum += (LANCZOS[i] as number) / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return LN_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Stirling remainder δ(x) = ln Γ(x) − [(x − ½) ln x − x + ½ ln 2π], for x >= 10. */
function stirlingRemainder(x: number): number {
  const r = 1 / (x * x);
  const series =
    1 / 12 - r * (1 / 360 - r * (1 / 1260 - r * (1 / 1680 - r * (1 / 1188 - r * (691 / 360360 - r / 156)))));
  return series / x;
}

/**
 * ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b); for large arguments the Stirling form is
 * used so the large log-gamma terms cancel analytically instead of numerically.
 */
export function logBeta(a: number, b: number): number {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (hi < 10) return logGamma(lo) + logGamma(hi) - logGamma(lo + hi);
  const sum = lo + hi;
  const corr = stirlingRemainder(hi) - stirlingRemainder(sum);
  if (lo >= 10) {
    return (
      LN_SQRT_2PI -
      0.5 * Math.log(sum) +
      (lo - 0.5) * Math.log(lo / sum) +
      (hi - 0.5) * Math.log1p(-lo / sum) +
      stirlingRemainder(lo) +
      corr
    );
  }
  // ln Γ(hi) − ln Γ(lo + hi) = −(hi − ½) ln(1 + lo/hi) − lo ln(lo + hi) + lo + δ(hi) − δ(lo + hi).
  return logGamma(lo) - (hi - 0.5) * Math.log1p(lo / hi) - lo * Math.log(sum) + lo + corr;
}

/** e^(−x²) with the argument split so that large x keeps full relative precision (Cody). */
function expMinusSquare(x: number): number {
  const hi = Math.trunc(x * 16) / 16;
  const lo = (x - hi) * (x + hi);
  return Math.exp(-hi * hi) * Math.exp(-lo);
}

/** erf(x) for 0 <= x < 2 from the all-positive series e^(−x²) Σ 2ⁿ x^(2n+1) / (2n+1)!!. */
function erfSeries(x: number): number {
  const x2 = 2 * x * x;
  let term = x;
  let sum = x;
  for (let n = 0; n < 500; n++) {
    term *= x2 / (2 * n + 3);
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return (2 / SQRT_PI) * expMinusSquare(x) * sum;
}

/** erfc(x) for x >= 1.5 from the Laplace continued fraction, evaluated by modified Lentz. */
function erfcContinuedFraction(x: number): number {
  const tiny = 1e-300;
  let f = x;
  let c = f;
  let d = 0;
  for (let n = 1; n < 5000; n++) {
    const an = n / 2;
    d = x + an * d;
    if (Math.abs(d) < tiny) d = tiny;
    d = 1 / d;
    c = x + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    const delta = c * d;
    f *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return expMinusSquare(x) / (SQRT_PI * f);
}

/** Complementary error function erfc(x); matches scipy.special.erfc to ~1e-15 relative. */
export function erfc(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 1.5) return 1 - erfSeries(x);
  if (x > 27.3) return 0;
  return erfcContinuedFraction(x);
}

/** Error function erf(x); matches scipy.special.erf. */
export function erf(x: number): number {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return -erf(-x);
  if (x < 1.5) return erfSeries(x);
  return 1 - erfc(x);
}

/** Standard normal CDF Φ(x); matches scipy.stats.norm.cdf. */
export function normalCdf(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

// Acklam's rational approximation, refined below with Halley steps on normalCdf.
const ACKLAM_A = [
  -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
];
const ACKLAM_B = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
const ACKLAM_C = [
  -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
  2.938163982698783,
];
const ACKLAM_D = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];

function horner(coefs: readonly number[], x: number): number {
  let acc = 0;
  for (const c of coefs) acc = acc * x + c;
  return acc;
}

/** Lower-tail quantile for 0 < p <= 0.5, where 1 − p is exact and Φ(x) keeps relative precision. */
function lowerNormalQuantile(p: number): number {
  let x: number;
  if (p < 0.02425) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = horner(ACKLAM_C, q) / (horner(ACKLAM_D, q) * q + 1);
  } else {
    const q = p - 0.5;
    const r = q * q;
    x = (horner(ACKLAM_A, r) * q) / (horner(ACKLAM_B, r) * r + 1);
  }
  for (let i = 0; i < 3; i++) {
    const e = normalCdf(x) - p;
    const u = e * SQRT_2PI * Math.exp((x * x) / 2);
    if (!Number.isFinite(u)) break;
    const next = x - u / (1 + (x * u) / 2);
    if (next === x) break;
    x = next;
  }
  return x;
}

/** Standard normal quantile Φ⁻¹(p) (Acklam + Halley refinement); matches scipy.stats.norm.ppf to ~1e-15. */
export function normalQuantile(p: number): number {
  if (typeof p !== 'number' || Number.isNaN(p) || p < 0 || p > 1) {
    throw new RangeError(`normalQuantile: p must be in [0, 1], got ${String(p)}`);
  }
  if (p === 0) return -Infinity;
  if (p === 1) return Infinity;
  if (p === 0.5) return 0;
  return p < 0.5 ? lowerNormalQuantile(p) : -lowerNormalQuantile(1 - p);
}

/** Continued fraction for I_x(a, b) (Numerical Recipes betacf, modified Lentz). */
function betaContinuedFraction(a: number, b: number, x: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 100000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-16) break;
  }
  return h;
}

/** I_x(a, b) given both x and y = 1 − x (so callers can pass an accurately computed y). */
export function regularizedBetaXY(x: number, y: number, a: number, b: number): number {
  if (Number.isNaN(x) || Number.isNaN(y) || !(a > 0) || !(b > 0)) return NaN;
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const lnFront = a * Math.log(x) + b * Math.log(y) - logBeta(a, b);
  const front = Math.exp(lnFront);
  if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a;
  return 1 - (front * betaContinuedFraction(b, a, y)) / b;
}

/** Regularised incomplete beta I_x(a, b); matches scipy.special.betainc. */
export function regularizedBeta(x: number, a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) {
    throw new RangeError(`regularizedBeta: a and b must be > 0, got a=${a}, b=${b}`);
  }
  if (Number.isNaN(x) || x < 0 || x > 1) {
    throw new RangeError(`regularizedBeta: x must be in [0, 1], got ${String(x)}`);
  }
  return regularizedBetaXY(x, 1 - x, a, b);
}

/** Solves I_x(a, b) = p for p <= 0.5 by Newton steps safeguarded with bisection. */
function lowerBetaQuantile(p: number, a: number, b: number): number {
  const lnB = logBeta(a, b);
  let lo = 0;
  let hi = 1;
  let x = a / (a + b);
  for (let iter = 0; iter < 2000; iter++) {
    const f = regularizedBetaXY(x, 1 - x, a, b) - p;
    if (f === 0) return x;
    if (f < 0) lo = x;
    else hi = x;
    const pdf = Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log1p(-x) - lnB);
    let next = x - f / pdf;
    if (!(next > lo && next < hi)) next = 0.5 * (lo + hi);
    if (Math.abs(next - x) <= 1e-15 * next || next === lo || next === hi) return next;
    x = next;
  }
  return x;
}

/** Inverse of I_x(a, b) in x (the Beta(a, b) quantile); matches scipy.stats.beta.ppf / scipy.special.betaincinv. */
export function inverseRegularizedBeta(p: number, a: number, b: number): number {
  if (!(a > 0) || !(b > 0)) {
    throw new RangeError(`inverseRegularizedBeta: a and b must be > 0, got a=${a}, b=${b}`);
  }
  if (typeof p !== 'number' || Number.isNaN(p) || p < 0 || p > 1) {
    throw new RangeError(`inverseRegularizedBeta: p must be in [0, 1], got ${String(p)}`);
  }
  if (p === 0) return 0;
  if (p === 1) return 1;
  // I_x(a, b) = p  <=>  I_{1-x}(b, a) = 1 - p; solve in whichever tail keeps p small.
  return p <= 0.5 ? lowerBetaQuantile(p, a, b) : 1 - lowerBetaQuantile(1 - p, b, a);
}

/** P(T > |t|) for Student's t with `df` degrees of freedom (one tail). */
export function studentTTail(t: number, df: number): number {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (!Number.isFinite(t)) return 0;
  const t2 = t * t;
  return 0.5 * regularizedBetaXY(df / (df + t2), t2 / (df + t2), df / 2, 0.5);
}

/** Student t CDF P(T <= t) with `df` > 0 degrees of freedom; matches scipy.stats.t.cdf. */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`studentTCdf: df must be > 0, got ${String(df)}`);
  if (Number.isNaN(t)) return NaN;
  if (t === Infinity) return 1;
  if (t === -Infinity) return 0;
  const tail = studentTTail(t, df);
  return t < 0 ? tail : 1 - tail;
}
