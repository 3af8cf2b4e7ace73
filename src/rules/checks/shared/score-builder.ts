import type { RuleMeta } from '../../types.js';
import type { CheckOutcome, Finding, FormulaStep } from '../types.js';

/**
 * Accumulates points with a readable reason for each, so every score explains itself. Every term is also kept as a
 * formula step (earned or not), so a tip can ask the check what its score would be with a term changed
 * (`scoreWith`) instead of re-scoring the skill.
 */
export class ScoreBuilder {
  private total: number;
  readonly evidence: string[] = [];
  readonly findings: Finding[] = [];
  private readonly steps: FormulaStep[] = [];

  constructor(base = 0, why?: string) {
    this.total = base;
    this.steps.push({ op: 'add', points: base, why: why ?? 'base', earned: true });
    if (why) this.evidence.push(`${base.toFixed(2)} ${why}`);
  }

  add(points: number, why: string, when = true): this {
    this.steps.push({ op: 'add', points, why, earned: when });
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
    this.steps.push({ op: 'scale', factor, floor });
    const before = this.total;
    this.total = floor + (this.total - floor) * factor;
    this.evidence.push(`x${factor.toFixed(2)} ${why} (${before.toFixed(2)} -> ${this.total.toFixed(2)})`);
    return this;
  }

  done(cap = 1): CheckOutcome {
    return {
      score: clamp(this.total, cap),
      evidence: this.evidence,
      findings: this.findings,
      formula: { steps: this.steps, cap },
    };
  }
}

const clamp = (x: number, cap: number): number => Math.min(cap, Math.max(0, x));

/**
 * How a tip changes one term of a check's formula, by the term's reason: a number is the term's new points (earned),
 * `true` earns the term at its own points, `false` unearns it, undefined leaves it as it is.
 */
export type TermChange = (why: string) => number | boolean | undefined;

/** The change that earns the terms with these reasons at their own points and leaves the rest. */
export const earn =
  (...whys: string[]): TermChange =>
  (why) =>
    whys.includes(why) ? true : undefined;

/** The check's score with `change` applied to its terms: its own formula, evaluated again on its own terms. */
export function scoreWith(outcome: CheckOutcome, change: TermChange): number {
  const formula = outcome.formula;
  if (!formula) return outcome.score;
  let total = 0;
  for (const step of formula.steps) {
    if (step.op === 'scale') {
      total = step.floor + (total - step.floor) * step.factor;
      continue;
    }
    const to = change(step.why);
    total += typeof to === 'number' ? to : (to ?? step.earned) ? step.points : 0;
  }
  return clamp(total, formula.cap);
}

/** The rise in the check's own score (0-1) that `change` would bring; never negative. */
export function gainWith(outcome: CheckOutcome, change: TermChange): number {
  return Math.max(0, scoreWith(outcome, change) - outcome.score);
}
