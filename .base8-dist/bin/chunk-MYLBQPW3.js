import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/stats/guards.ts
function singular(plural) {
  if (plural.endsWith("ches")) return plural.slice(0, -2);
  return plural.endsWith("s") ? plural.slice(0, -1) : plural;
}
function requireCount(fn, values, min, what = "values") {
  if (!Array.isArray(values)) {
    throw new RangeError(`${fn}: expected an array of ${what}, got ${typeof values}`);
  }
  if (values.length < min) {
    const unit = min === 1 ? singular(what) : what;
    throw new RangeError(`${fn}: needs at least ${min} ${unit}, got ${values.length}`);
  }
}
function requireSameLength(fn, a, b, names = ["a", "b"]) {
  if (!Array.isArray(a) || !Array.isArray(b)) {
    throw new RangeError(`${fn}: ${names[0]} and ${names[1]} must both be arrays`);
  }
  if (a.length !== b.length) {
    throw new RangeError(
      `${fn}: ${names[0]} and ${names[1]} must have the same length, got ${a.length} and ${b.length}`
    );
  }
}
function requireFinite(fn, values, name = "values") {
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (typeof v !== "number" || !Number.isFinite(v)) {
      throw new RangeError(`${fn}: ${name}[${i}] must be a finite number, got ${String(v)}`);
    }
  }
}
function requireAlpha(fn, alpha) {
  if (typeof alpha !== "number" || !(alpha > 0 && alpha < 1)) {
    throw new RangeError(`${fn}: alpha must be strictly between 0 and 1, got ${String(alpha)}`);
  }
}
function at(values, i) {
  return values[i];
}

// src/stats/descriptive.ts
function mean(values) {
  requireCount("mean", values, 1);
  requireFinite("mean", values);
  return meanUnchecked(values);
}
function meanUnchecked(values) {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}
function sampleStd(values) {
  requireCount("sampleStd", values, 2);
  requireFinite("sampleStd", values);
  const m = meanUnchecked(values);
  let ss = 0;
  for (const v of values) ss += (v - m) * (v - m);
  return Math.sqrt(ss / (values.length - 1));
}
function median(values) {
  requireCount("median", values, 1);
  requireFinite("median", values);
  return quantileSorted([...values].sort((x, y) => x - y), 0.5);
}
function quantileSorted(sorted, q) {
  requireCount("quantileSorted", sorted, 1);
  if (!(q >= 0 && q <= 1)) throw new RangeError(`quantileSorted: q must be in [0, 1], got ${String(q)}`);
  const pos = q * (sorted.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.min(lo + 1, sorted.length - 1);
  const frac = pos - lo;
  const a = at(sorted, lo);
  const b = at(sorted, hi);
  return frac >= 0.5 ? b - (b - a) * (1 - frac) : a + (b - a) * frac;
}

// src/stats/special.ts
var LANCZOS_G = 7;
var LANCZOS = [
  0.9999999999998099,
  676.5203681218851,
  -1259.1392167224028,
  771.3234287776531,
  -176.6150291621406,
  12.507343278686905,
  -0.13857109526572012,
  9984369578019572e-21,
  15056327351493116e-23
];
var LN_SQRT_2PI = 0.5 * Math.log(2 * Math.PI);
var SQRT_PI = Math.sqrt(Math.PI);
var SQRT_2PI = Math.sqrt(2 * Math.PI);
function logGamma(x) {
  if (Number.isNaN(x)) return NaN;
  if (x < 0.5) {
    return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  }
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < LANCZOS.length; i++) sum += LANCZOS[i] / (z + i);
  const t = z + LANCZOS_G + 0.5;
  return LN_SQRT_2PI + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}
function stirlingRemainder(x) {
  const r = 1 / (x * x);
  const series = 1 / 12 - r * (1 / 360 - r * (1 / 1260 - r * (1 / 1680 - r * (1 / 1188 - r * (691 / 360360 - r / 156)))));
  return series / x;
}
function logBeta(a, b) {
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  if (hi < 10) return logGamma(lo) + logGamma(hi) - logGamma(lo + hi);
  const sum = lo + hi;
  const corr = stirlingRemainder(hi) - stirlingRemainder(sum);
  if (lo >= 10) {
    return LN_SQRT_2PI - 0.5 * Math.log(sum) + (lo - 0.5) * Math.log(lo / sum) + (hi - 0.5) * Math.log1p(-lo / sum) + stirlingRemainder(lo) + corr;
  }
  return logGamma(lo) - (hi - 0.5) * Math.log1p(lo / hi) - lo * Math.log(sum) + lo + corr;
}
function expMinusSquare(x) {
  const hi = Math.trunc(x * 16) / 16;
  const lo = (x - hi) * (x + hi);
  return Math.exp(-hi * hi) * Math.exp(-lo);
}
function erfSeries(x) {
  const x2 = 2 * x * x;
  let term = x;
  let sum = x;
  for (let n = 0; n < 500; n++) {
    term *= x2 / (2 * n + 3);
    sum += term;
    if (term < 1e-17 * sum) break;
  }
  return 2 / SQRT_PI * expMinusSquare(x) * sum;
}
function erfcContinuedFraction(x) {
  const tiny = 1e-300;
  let f = x;
  let c = f;
  let d = 0;
  for (let n = 1; n < 5e3; n++) {
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
function erfc(x) {
  if (Number.isNaN(x)) return NaN;
  if (x < 0) return 2 - erfc(-x);
  if (x < 1.5) return 1 - erfSeries(x);
  if (x > 27.3) return 0;
  return erfcContinuedFraction(x);
}
function normalCdf(x) {
  return 0.5 * erfc(-x / Math.SQRT2);
}
function betaContinuedFraction(a, b, x) {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - qab * x / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1e5; m++) {
    const m2 = 2 * m;
    let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
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
function regularizedBetaXY(x, y, a, b) {
  if (Number.isNaN(x) || Number.isNaN(y) || !(a > 0) || !(b > 0)) return NaN;
  if (x <= 0) return 0;
  if (y <= 0) return 1;
  const lnFront = a * Math.log(x) + b * Math.log(y) - logBeta(a, b);
  const front = Math.exp(lnFront);
  if (x < (a + 1) / (a + b + 2)) return front * betaContinuedFraction(a, b, x) / a;
  return 1 - front * betaContinuedFraction(b, a, y) / b;
}
function lowerBetaQuantile(p, a, b) {
  const lnB = logBeta(a, b);
  let lo = 0;
  let hi = 1;
  let x = a / (a + b);
  for (let iter = 0; iter < 2e3; iter++) {
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
function inverseRegularizedBeta(p, a, b) {
  if (!(a > 0) || !(b > 0)) {
    throw new RangeError(`inverseRegularizedBeta: a and b must be > 0, got a=${a}, b=${b}`);
  }
  if (typeof p !== "number" || Number.isNaN(p) || p < 0 || p > 1) {
    throw new RangeError(`inverseRegularizedBeta: p must be in [0, 1], got ${String(p)}`);
  }
  if (p === 0) return 0;
  if (p === 1) return 1;
  return p <= 0.5 ? lowerBetaQuantile(p, a, b) : 1 - lowerBetaQuantile(1 - p, b, a);
}
function studentTTail(t, df) {
  if (Number.isNaN(t) || !(df > 0)) return NaN;
  if (!Number.isFinite(t)) return 0;
  const t2 = t * t;
  return 0.5 * regularizedBetaXY(df / (df + t2), t2 / (df + t2), df / 2, 0.5);
}

// src/stats/classification.ts
function ratio(num, den) {
  return den === 0 ? 0 : num / den;
}
function fromCounts(tp, fp, fn, tn) {
  return {
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, tp + fn),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
    tp,
    fp,
    fn,
    tn
  };
}
function requireCountValue(name, v) {
  if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
    throw new RangeError(`precisionRecallF1: ${name} must be a non-negative integer, got ${String(v)}`);
  }
}
function precisionRecallF1(input) {
  if ("truth" in input || "predicted" in input) {
    const { truth, predicted } = input;
    requireSameLength("precisionRecallF1", truth, predicted, ["truth", "predicted"]);
    requireCount("precisionRecallF1", truth, 1, "labels");
    let tp2 = 0;
    let fp2 = 0;
    let fn2 = 0;
    let tn2 = 0;
    for (let i = 0; i < truth.length; i++) {
      const t = at(truth, i);
      const p = at(predicted, i);
      if (typeof t !== "boolean" || typeof p !== "boolean") {
        throw new RangeError(`precisionRecallF1: labels must be booleans, got ${String(t)} and ${String(p)} at ${i}`);
      }
      if (t && p) tp2++;
      else if (!t && p) fp2++;
      else if (t && !p) fn2++;
      else tn2++;
    }
    return fromCounts(tp2, fp2, fn2, tn2);
  }
  const { tp, fp, fn, tn } = input;
  requireCountValue("tp", tp);
  requireCountValue("fp", fp);
  requireCountValue("fn", fn);
  if (tn !== void 0) requireCountValue("tn", tn);
  return fromCounts(tp, fp, fn, tn ?? NaN);
}

// src/stats/kappa.ts
function sortedLabelSet(fn, a, b) {
  const set = /* @__PURE__ */ new Set();
  for (const arr of [a, b]) {
    for (let i = 0; i < arr.length; i++) {
      const v = at(arr, i);
      if (typeof v === "number") {
        if (!Number.isFinite(v)) throw new RangeError(`${fn}: numeric labels must be finite, got ${v} at index ${i}`);
      } else if (typeof v !== "string") {
        throw new RangeError(`${fn}: labels must be strings or numbers, got ${typeof v} at index ${i}`);
      }
      set.add(v);
    }
  }
  const labels = [...set];
  const kinds = new Set(labels.map((l) => typeof l));
  if (kinds.size > 1) throw new RangeError(`${fn}: labels mix numbers and strings; use one type`);
  if (typeof labels[0] === "number") return labels.sort((x, y) => x - y);
  return labels.sort((x, y) => x < y ? -1 : x > y ? 1 : 0);
}
function cohensKappa(a, b, options = {}) {
  const fn = "cohensKappa";
  const weights = options.weights ?? "none";
  if (weights !== "none" && weights !== "linear" && weights !== "quadratic") {
    throw new RangeError(`${fn}: weights must be 'none', 'linear' or 'quadratic', got ${String(weights)}`);
  }
  requireSameLength(fn, a, b);
  requireCount(fn, a, 1, "pairs");
  const labels = sortedLabelSet(fn, a, b);
  const k = labels.length;
  const index = new Map(labels.map((l, i) => [l, i]));
  const confusion = new Array(k * k).fill(0);
  for (let i = 0; i < a.length; i++) {
    const r = index.get(at(a, i));
    const c = index.get(at(b, i));
    confusion[r * k + c] = at(confusion, r * k + c) + 1;
  }
  const rowSums = new Array(k).fill(0);
  const colSums = new Array(k).fill(0);
  for (let r = 0; r < k; r++) {
    for (let c = 0; c < k; c++) {
      const v = at(confusion, r * k + c);
      rowSums[r] = at(rowSums, r) + v;
      colSums[c] = at(colSums, c) + v;
    }
  }
  const n = a.length;
  let observed = 0;
  let expected = 0;
  for (let r = 0; r < k; r++) {
    for (let c = 0; c < k; c++) {
      const d = r - c;
      const w = weights === "none" ? d === 0 ? 0 : 1 : weights === "linear" ? Math.abs(d) : d * d;
      if (w === 0) continue;
      observed += w * at(confusion, r * k + c);
      expected += w * at(rowSums, r) * at(colSums, c) / n;
    }
  }
  if (expected === 0) return 1;
  return 1 - observed / expected;
}

// src/stats/correlation.ts
function rankAverage(values) {
  requireFinite("rankAverage", values);
  const order = values.map((_, i) => i).sort((i, j) => at(values, i) - at(values, j));
  const ranks = new Array(values.length).fill(0);
  let start = 0;
  while (start < order.length) {
    let end = start;
    while (end + 1 < order.length && at(values, at(order, end + 1)) === at(values, at(order, start))) end++;
    const rank = (start + end + 2) / 2;
    for (let k = start; k <= end; k++) ranks[at(order, k)] = rank;
    start = end + 1;
  }
  return ranks;
}
function isConstant(values) {
  const first = at(values, 0);
  return values.every((v) => v === first);
}
function pearson(x, y) {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += at(x, i);
    my += at(y, i);
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = at(x, i) - mx;
    const dy = at(y, i) - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  const r = sxy / Math.sqrt(sxx * syy);
  return Math.max(-1, Math.min(1, r));
}
function spearman(x, y) {
  const fn = "spearman";
  requireSameLength(fn, x, y, ["x", "y"]);
  requireCount(fn, x, 2, "pairs");
  requireFinite(fn, x, "x");
  requireFinite(fn, y, "y");
  if (isConstant(x) || isConstant(y)) return { rho: NaN, p: NaN };
  const rho = pearson(rankAverage(x), rankAverage(y));
  const dof = x.length - 2;
  if (dof === 0) return { rho, p: NaN };
  const ratio2 = Math.max(0, dof / ((rho + 1) * (1 - rho)));
  const t = rho * Math.sqrt(ratio2);
  return { rho, p: Number.isFinite(t) ? 2 * studentTTail(t, dof) : 0 };
}
function factorial(n) {
  let f = 1;
  for (let i = 2; i <= n; i++) f *= i;
  return f;
}
function kendallExactP(n, concordant) {
  const total = n * (n - 1) / 2;
  const c = Math.min(concordant, total - concordant);
  let prob;
  if (n <= 2) {
    prob = 1;
  } else if (c === 0) {
    prob = n < 171 ? 2 / factorial(n) : 0;
  } else if (c === 1) {
    prob = n < 172 ? 2 / factorial(n - 1) : 0;
  } else if (4 * c === n * (n - 1)) {
    prob = 1;
  } else {
    let counts = new Array(c + 1).fill(0);
    counts[0] = 1;
    counts[1] = 1;
    for (let j = 3; j <= n; j++) {
      const cum = new Array(c + 1);
      let acc = 0;
      for (let k = 0; k <= c; k++) {
        acc += at(counts, k);
        cum[k] = acc;
      }
      if (j <= c) {
        const next = cum.slice();
        for (let k = j; k <= c; k++) next[k] = at(cum, k) - at(cum, k - j);
        counts = next;
      } else {
        counts = cum;
      }
    }
    let sum = 0;
    for (const v of counts) sum += v;
    prob = 2 * sum / factorial(n);
  }
  return Math.min(1, Math.max(0, prob));
}
function tieStats(values) {
  const groups = /* @__PURE__ */ new Map();
  for (const v of values) groups.set(v, (groups.get(v) ?? 0) + 1);
  let pairs = 0;
  let s0 = 0;
  let s1 = 0;
  for (const t of groups.values()) {
    if (t < 2) continue;
    pairs += t * (t - 1) / 2;
    s0 += t * (t - 1) * (t - 2);
    s1 += t * (t - 1) * (2 * t + 5);
  }
  return [pairs, s0, s1];
}
function kendallTauB(x, y) {
  const fn = "kendallTauB";
  requireSameLength(fn, x, y, ["x", "y"]);
  requireCount(fn, x, 2, "pairs");
  requireFinite(fn, x, "x");
  requireFinite(fn, y, "y");
  const n = x.length;
  let concordant = 0;
  let discordant = 0;
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const s = Math.sign(at(x, i) - at(x, j)) * Math.sign(at(y, i) - at(y, j));
      if (s > 0) concordant++;
      else if (s < 0) discordant++;
    }
  }
  const total = n * (n - 1) / 2;
  const [xTie, x0, x1] = tieStats(x);
  const [yTie, y0, y1] = tieStats(y);
  if (xTie === total || yTie === total) return { tau: NaN, p: NaN, method: "none" };
  const conMinusDis = concordant - discordant;
  let tau = conMinusDis / Math.sqrt(total - xTie) / Math.sqrt(total - yTie);
  tau = Math.min(1, Math.max(-1, tau));
  const noTies = xTie === 0 && yTie === 0;
  if (noTies && (n <= 33 || Math.min(discordant, total - discordant) <= 1)) {
    return { tau, p: kendallExactP(n, total - discordant), method: "exact" };
  }
  const m = n * (n - 1);
  const variance = (m * (2 * n + 5) - x1 - y1) / 18 + 2 * xTie * yTie / m + x0 * y0 / (9 * m * (n - 2));
  const z = conMinusDis / Math.sqrt(variance);
  return { tau, p: erfc(Math.abs(z) / Math.SQRT2), method: "asymptotic" };
}

// src/stats/agreement.ts
function agreementRate(a, b, options = {}) {
  const fn = "agreementRate";
  requireSameLength(fn, a, b);
  requireCount(fn, a, 1, "pairs");
  const ignoreTies = options.ignoreTies ?? false;
  const tie = "tie" in options ? options.tie : "tie";
  let kept = 0;
  let agree = 0;
  for (let i = 0; i < a.length; i++) {
    const x = at(a, i);
    const y = at(b, i);
    if (ignoreTies && (x === tie || y === tie)) continue;
    kept++;
    if (x === y) agree++;
  }
  if (kept === 0) {
    throw new RangeError(`${fn}: no pairs left after ignoring ties (all ${a.length} pairs involve a tie)`);
  }
  return agree / kept;
}
function positionConsistency(pass1Winners, pass2WinnersMappedBack) {
  const fn = "positionConsistency";
  requireSameLength(fn, pass1Winners, pass2WinnersMappedBack, ["pass1Winners", "pass2WinnersMappedBack"]);
  requireCount(fn, pass1Winners, 1, "pairs");
  let same = 0;
  for (let i = 0; i < pass1Winners.length; i++) {
    if (at(pass1Winners, i) === at(pass2WinnersMappedBack, i)) same++;
  }
  return same / pass1Winners.length;
}

// src/stats/bootstrap.ts
function mulberry32(seed) {
  let state = seed >>> 0;
  return () => {
    state = state + 1831565813 >>> 0;
    let t = state;
    t = Math.imul(t ^ t >>> 15, t | 1);
    t ^= t + Math.imul(t ^ t >>> 7, t | 61);
    return ((t ^ t >>> 14) >>> 0) / 4294967296;
  };
}
function bootstrapCI(values, stat, options = {}) {
  const fn = "bootstrapCI";
  requireCount(fn, values, 1);
  const samples = options.samples ?? 1e3;
  const alpha = options.alpha ?? 0.05;
  const seed = options.seed ?? 0;
  if (!Number.isInteger(samples) || samples < 1) {
    throw new RangeError(`${fn}: samples must be a positive integer, got ${String(samples)}`);
  }
  requireAlpha(fn, alpha);
  if (!Number.isInteger(seed)) throw new RangeError(`${fn}: seed must be an integer, got ${String(seed)}`);
  const rand = mulberry32(seed);
  const n = values.length;
  const stats = new Array(samples);
  for (let s = 0; s < samples; s++) {
    const resample = new Array(n);
    for (let i = 0; i < n; i++) resample[i] = at(values, Math.floor(rand() * n));
    const v = stat(resample);
    if (typeof v !== "number" || Number.isNaN(v)) {
      throw new RangeError(`${fn}: stat returned ${String(v)} on resample ${s}; it must return a number`);
    }
    stats[s] = v;
  }
  stats.sort((x, y) => x - y);
  return {
    low: quantileSorted(stats, alpha / 2),
    high: quantileSorted(stats, 1 - alpha / 2),
    estimate: stat(values)
  };
}

export {
  mean,
  sampleStd,
  median,
  normalCdf,
  inverseRegularizedBeta,
  precisionRecallF1,
  cohensKappa,
  spearman,
  kendallTauB,
  agreementRate,
  positionConsistency,
  mulberry32,
  bootstrapCI
};
//# sourceMappingURL=chunk-MYLBQPW3.js.map
