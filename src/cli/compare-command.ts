import pc from 'picocolors';
import { score } from '../api/score.js';
import { InputError } from '../errors.js';
import type { Methodology } from '../model/dimensions.js';
import type { ScoreResult } from '../model/result.js';
import { EXIT } from './exit-codes.js';
import type { Ui } from './ui.js';

export interface Comparison {
  a: { path: string; composite: number; badge: string };
  b: { path: string; composite: number; badge: string };
  delta: number;
  dimensions: { name: string; weight: number; a: number | null; b: number | null; delta: number | null }[];
}

export function compareResults(a: ScoreResult, b: ScoreResult): Comparison {
  return {
    a: { path: a.target.path, composite: a.composite.score, badge: a.composite.badge },
    b: { path: b.target.path, composite: b.composite.score, badge: b.composite.badge },
    delta: b.composite.score - a.composite.score,
    dimensions: a.dimensions.map((da) => {
      const db = b.dimensions.find((d) => d.name === da.name)!;
      return { name: da.name, weight: da.weight, a: da.score, b: db.score, delta: da.score !== null && db.score !== null ? db.score - da.score : null };
    }),
  };
}

export function renderComparison(c: Comparison, color: boolean): string {
  const p = pc.createColors(color);
  const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(2)).padStart(6);
  const sign = (v: number | null, digits = 2) => {
    if (v === null) return '—'.padStart(7);
    const s = `${v > 0 ? '+' : ''}${v.toFixed(digits)}`.padStart(7);
    return v > 0.00005 ? p.green(s) : v < -0.00005 ? p.red(s) : s;
  };
  const lines = [
    `A: ${c.a.path}`,
    `B: ${c.b.path}`,
    '',
    `${'dimension'.padEnd(24)} ${'weight'.padStart(6)} ${'A'.padStart(6)} ${'B'.padStart(6)} ${'B-A'.padStart(7)}`,
    '-'.repeat(53),
    ...c.dimensions.map((d) => `${d.name.padEnd(24)} ${d.weight.toFixed(2).padStart(6)} ${fmt(d.a)} ${fmt(d.b)} ${sign(d.delta)}`),
    '-'.repeat(53),
    `${'composite'.padEnd(24)} ${''.padStart(6)} ${c.a.composite.toFixed(1).padStart(6)} ${c.b.composite.toFixed(1).padStart(6)} ${sign(c.delta, 1)}`,
    `${'badge'.padEnd(24)} ${''.padStart(6)} ${c.a.badge.padStart(6)} ${c.b.badge.padStart(6)}`,
  ];
  return `${lines.join('\n')}\n`;
}

export async function runCompare(a: string, b: string, flags: { methodology: Methodology; output: 'text' | 'json' }, ui: Ui): Promise<number> {
  const scoreOne = async (p: string) => {
    const run = await score([p], { methodology: flags.methodology, depth: 'quick' });
    if (run.results.length !== 1 || run.failures.length > 0) {
      throw new InputError(`${p}: compare needs exactly one skill or plugin per side, found ${run.results.length}${run.failures.length ? ` (and ${run.failures.length} unreadable)` : ''}`, p);
    }
    return run.results[0]!;
  };
  const comparison = compareResults(await scoreOne(a), await scoreOne(b));
  ui.stdout(flags.output === 'json' ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison, ui.color));
  return EXIT.OK;
}
