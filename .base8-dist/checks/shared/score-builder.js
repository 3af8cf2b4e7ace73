/** Accumulates points with a readable reason for each, so every score explains itself. */
export class ScoreBuilder {
    total;
    evidence = [];
    findings = [];
    constructor(base = 0, why) {
        this.total = base;
        if (why)
            this.evidence.push(`${base.toFixed(2)} ${why}`);
    }
    add(points, why, when = true) {
        if (!when || points === 0)
            return this;
        this.total += points;
        this.evidence.push(`${points > 0 ? '+' : ''}${points.toFixed(2)} ${why}`);
        return this;
    }
    find(finding) {
        this.findings.push(finding);
        return this;
    }
    /** Scale the bonuses earned above `floor` (used to discount padded content). */
    scale(factor, why, floor = 0) {
        if (factor >= 1)
            return this;
        const before = this.total;
        this.total = floor + (this.total - floor) * factor;
        this.evidence.push(`x${factor.toFixed(2)} ${why} (${before.toFixed(2)} -> ${this.total.toFixed(2)})`);
        return this;
    }
    done(cap = 1) {
        return { score: Math.min(cap, Math.max(0, this.total)), evidence: this.evidence, findings: this.findings };
    }
}
//# sourceMappingURL=score-builder.js.map