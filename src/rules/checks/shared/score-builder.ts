import type { RuleMeta } from '../../types.js';
import type { CheckOutcome, Finding } from '../types.js';

/** Accumulates points with a readable reason for each, so every score explains itself. */
export class ScoreBuilder {
  private total: number;
  readonly evidence: string[] = [];
  readonly findings: Finding[] = [];

  constructor(base = 0, why?: string) {
    this.total = base;
    if (why) this.evidence.push(`${base.toFixed(2)} ${why}`);
  }

  add(points: number, why: string, when = true): this {
    if (!when || points === 0) return this;
    this.total += points;
    this.evidence.push(`${points > 0 ? '+' : ''}${points.toFixed(2)} ${why}`);
    return this;
  }

  find(finding: Finding): this {
    this.findings.push(finding);
    return this;
  }

  /** A finding of a registered rule: its id and severity come from the rule, as in `validate`. */
  report(
    rule: { meta: Pick<RuleMeta, 'id' | 'severity'> },
    message: string,
    at: Pick<Finding, 'line' | 'column' | 'file'> = {},
  ): this {
    return this.find({ ruleId: rule.meta.id, severity: rule.meta.severity, message, ...at });
  }

  /** Scale the bonuses earned above `floor` (used to discount padded content). */
  scale(factor: number, why: string, floor = 0): this {
    if (factor >= 1) return this;
    const before = this.total;
    this.total = floor + (this.total - floor) * factor;
    this.evidence.push(`x${factor.toFixed(2)} ${why} (${before.toFixed(2)} -> ${this.total.toFixed(2)})`);
    return this;
  }

  done(cap = 1): CheckOutcome {
    return { score: Math.min(cap, Math.max(0, this.total)), evidence: this.evidence, findings: this.findings };
  }
}
