/**
 * Bradley–Terry ratings on an Elo-like scale, fitted by maximum likelihood as Chatbot
 * Arena's compute_mle_elo does: P(a beats b) = 1 / (1 + base^((r_b − r_a) / scale)), a tie
 * counts as half a win for each side. Fitted with Newton's method (with step halving),
 * which converges to machine precision on the strictly concave reduced problem.
 */
import { at, requireCount } from './guards.js';
/** Solves A x = rhs (dense, partial pivoting); A is n×n row-major and is overwritten. */
function solve(A, rhs) {
    const n = rhs.length;
    for (let col = 0; col < n; col++) {
        let pivot = col;
        for (let r = col + 1; r < n; r++) {
            if (Math.abs(at(at(A, r), col)) > Math.abs(at(at(A, pivot), col)))
                pivot = r;
        }
        [A[col], A[pivot]] = [at(A, pivot), at(A, col)];
        [rhs[col], rhs[pivot]] = [at(rhs, pivot), at(rhs, col)];
        const rowC = at(A, col);
        const diag = at(rowC, col);
        for (let r = col + 1; r < n; r++) {
            const row = at(A, r);
            const factor = at(row, col) / diag;
            if (factor === 0)
                continue;
            for (let c = col; c < n; c++)
                row[c] = at(row, c) - factor * at(rowC, c);
            rhs[r] = at(rhs, r) - factor * at(rhs, col);
        }
    }
    const x = new Array(n).fill(0);
    for (let r = n - 1; r >= 0; r--) {
        const row = at(A, r);
        let acc = at(rhs, r);
        for (let c = r + 1; c < n; c++)
            acc -= at(row, c) * at(x, c);
        x[r] = acc / at(row, r);
    }
    return x;
}
/** log σ(d) computed without overflow. */
function logSigmoid(d) {
    return d >= 0 ? -Math.log1p(Math.exp(-d)) : d - Math.log1p(Math.exp(d));
}
/** Throws unless every player can be reached from every other along "scored against" edges. */
function requireStronglyConnected(names, w) {
    const n = names.length;
    const reach = (forward) => {
        const seen = new Array(n).fill(false);
        seen[0] = true;
        const stack = [0];
        while (stack.length > 0) {
            const i = stack.pop();
            for (let j = 0; j < n; j++) {
                const weight = forward ? at(at(w, i), j) : at(at(w, j), i);
                if (weight > 0 && !at(seen, j)) {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        return seen;
    };
    const fwd = reach(true);
    const back = reach(false);
    const cut = names.filter((_, i) => !at(fwd, i) || !at(back, i));
    if (cut.length > 0) {
        throw new RangeError(`bradleyTerry: maximum-likelihood ratings are unbounded: some players never beat or tied ` +
            `the others (e.g. ${cut.slice(0, 3).join(', ')} vs ${String(names[0])}); every player needs ` +
            `a path of wins or ties to and from every other player`);
    }
}
/**
 * Bradley–Terry maximum-likelihood ratings (Chatbot Arena compute_mle_elo: logistic
 * regression on ln(base)·(r_a − r_b)/scale, ties as half a win each way), shifted so the
 * mean rating is `initial` (default 1500) or so `anchor.player` has `anchor.rating`.
 * Matches a statsmodels Logit fit to 1e-6. Throws RangeError when the MLE does not exist
 * (the win/tie graph is not strongly connected, e.g. a player who never lost).
 */
export function bradleyTerry(matches, options = {}) {
    const fn = 'bradleyTerry';
    requireCount(fn, matches, 1, 'matches');
    const scale = options.scale ?? 400;
    const base = options.base ?? 10;
    const initial = options.initial ?? 1500;
    if (!(scale > 0) || !Number.isFinite(scale))
        throw new RangeError(`${fn}: scale must be > 0, got ${scale}`);
    if (!(base > 1) || !Number.isFinite(base))
        throw new RangeError(`${fn}: base must be > 1, got ${base}`);
    if (!Number.isFinite(initial))
        throw new RangeError(`${fn}: initial must be finite, got ${initial}`);
    const index = new Map();
    const names = [];
    const idOf = (name, i) => {
        if (typeof name !== 'string')
            throw new RangeError(`${fn}: match ${i} has a non-string player`);
        let id = index.get(name);
        if (id === undefined) {
            id = names.length;
            index.set(name, id);
            names.push(name);
        }
        return id;
    };
    const pairs = [];
    matches.forEach((m, i) => {
        const a = idOf(m.a, i);
        const b = idOf(m.b, i);
        if (a === b)
            throw new RangeError(`${fn}: match ${i} pits '${m.a}' against itself`);
        if (m.winner !== 'a' && m.winner !== 'b' && m.winner !== 'tie') {
            throw new RangeError(`${fn}: match ${i} has winner ${String(m.winner)}; expected 'a', 'b' or 'tie'`);
        }
        pairs.push([a, b, m.winner === 'a' ? 1 : m.winner === 'b' ? 0 : 0.5]);
    });
    if (options.anchor && !index.has(options.anchor.player)) {
        throw new RangeError(`${fn}: anchor player '${options.anchor.player}' plays no match`);
    }
    const n = names.length;
    // w[i][j] = (possibly fractional) wins of i over j.
    const w = Array.from({ length: n }, () => new Array(n).fill(0));
    for (const [a, b, s] of pairs) {
        at(w, a)[b] = at(at(w, a), b) + s;
        at(w, b)[a] = at(at(w, b), a) + (1 - s);
    }
    requireStronglyConnected(names, w);
    const logLik = (beta) => {
        let ll = 0;
        for (let i = 0; i < n; i++) {
            for (let j = 0; j < n; j++) {
                const wij = at(at(w, i), j);
                if (wij > 0)
                    ll += wij * logSigmoid(at(beta, i) - at(beta, j));
            }
        }
        return ll;
    };
    // Newton on beta[1..n-1] with beta[0] = 0 (the likelihood is shift invariant).
    let beta = new Array(n).fill(0);
    let ll = logLik(beta);
    for (let iter = 0; iter < 200 && n > 1; iter++) {
        const grad = new Array(n).fill(0);
        const hess = Array.from({ length: n }, () => new Array(n).fill(0));
        for (let i = 0; i < n; i++) {
            for (let j = i + 1; j < n; j++) {
                const nij = at(at(w, i), j) + at(at(w, j), i);
                if (nij === 0)
                    continue;
                const p = 1 / (1 + Math.exp(at(beta, j) - at(beta, i)));
                const g = at(at(w, i), j) - nij * p;
                grad[i] = at(grad, i) + g;
                grad[j] = at(grad, j) - g;
                const h = nij * p * (1 - p);
                at(hess, i)[i] = at(at(hess, i), i) + h;
                at(hess, j)[j] = at(at(hess, j), j) + h;
                at(hess, i)[j] = at(at(hess, i), j) - h;
                at(hess, j)[i] = at(at(hess, j), i) - h;
            }
        }
        // Reduced system: (−H) δ = g on indices 1..n-1.
        const step = solve(hess.slice(1).map((row) => row.slice(1)), grad.slice(1));
        let t = 1;
        let next = beta;
        let nextLl = ll;
        for (let k = 0; k < 60; k++) {
            const cand = beta.map((v, i) => (i === 0 ? v : v + t * at(step, i - 1)));
            const candLl = logLik(cand);
            if (candLl >= ll - 1e-12 * Math.abs(ll)) {
                next = cand;
                nextLl = candLl;
                break;
            }
            t /= 2;
        }
        const maxStep = Math.max(...step.map((s) => Math.abs(s * t)));
        beta = next;
        ll = nextLl;
        if (maxStep < 1e-13)
            break;
    }
    const perUnit = scale / Math.log(base);
    const raw = beta.map((b) => b * perUnit);
    let shift;
    if (options.anchor) {
        shift = options.anchor.rating - at(raw, index.get(options.anchor.player));
    }
    else {
        let sum = 0;
        for (const r of raw)
            sum += r;
        shift = initial - sum / n;
    }
    return Object.fromEntries(names.map((name, i) => [name, at(raw, i) + shift]));
}
//# sourceMappingURL=bradley-terry.js.map