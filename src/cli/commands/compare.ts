import pc from 'picocolors';
import { score } from '../../api/score.js';
import { InputError } from '../../errors.js';
import type { Methodology } from '../../model/dimensions.js';
import { wrap } from '../../reporters/layout.js';
import { location } from '../../reporters/shared.js';
import {
  COMPOSITE_DECIMALS,
  DIMENSION_DECIMALS,
  displayed,
  formatCompositeScore,
  formatCoverage,
  settle,
} from '../../score/display.js';
import { resolveSettings } from '../../config/resolve.js';
import { EXIT } from '../exit-codes.js';
import { reportSettings } from '../settings-line.js';
import { compareResults, type ScoreComparison } from '../../score/compare.js';
import type { Ui } from '../ui.js';
import { renderSummary } from '../../reporters/summary-output.js';
import { judgeSetup } from './score.js';

/** What `compare --output json` prints; built and described in src/score/compare.ts. */
export type Comparison = ScoreComparison;
type Side = ScoreComparison['a'];

export function renderComparison(c: ScoreComparison, color: boolean): string {
  const p = pc.createColors(color);
  const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(DIMENSION_DECIMALS)).padStart(6);
  // Deltas are the difference of the numbers shown, so the columns always add up as displayed.
  const shownDelta = (x: number | null, y: number | null, decimals: number): number | null =>
    x === null || y === null ? null : settle(displayed(y, decimals) - displayed(x, decimals), decimals + 2);
  const sign = (v: number | null, digits = 2, suffix = '') => {
    if (v === null) return '—'.padStart(7);
    const s = `${v > 0 ? '+' : ''}${v.toFixed(digits)}${suffix}`.padStart(7);
    return v > 0 ? p.green(s) : v < 0 ? p.red(s) : s;
  };
  const pct = (share: number) => Math.round(share * 100);
  const composite = (s: Side) =>
    (s.composite === null ? '—' : formatCompositeScore(s.composite, s.methodology)).padStart(6);
  const compositeDelta =
    c.a.methodology === 'compat' ? c.delta : shownDelta(c.a.composite, c.b.composite, COMPOSITE_DECIMALS);
  // More anti-patterns is worse, so a rise shows red.
  const count = (v: number) => {
    const s = `${v > 0 ? '+' : ''}${v}`.padStart(7);
    return v < 0 ? p.green(s) : v > 0 ? p.red(s) : s;
  };
  const lines = [
    `A: ${c.a.path}`,
    `B: ${c.b.path}`,
    '',
    `${'dimension'.padEnd(24)} ${'weight'.padStart(6)} ${'A'.padStart(6)} ${'B'.padStart(6)} ${'B-A'.padStart(7)}`,
    '-'.repeat(53),
    ...c.dimensions.map(
      (d) =>
        `${d.name.padEnd(24)} ${d.weight.toFixed(2).padStart(6)} ${fmt(d.a)} ${fmt(d.b)} ${sign(shownDelta(d.a, d.b, DIMENSION_DECIMALS))}`,
    ),
    '-'.repeat(53),
    `${'penalty'.padEnd(24)} ${''.padStart(6)} ${fmt(c.penalty.a)} ${fmt(c.penalty.b)} ${sign(c.penalty.delta)}`,
    ...c.antiPatterns.map(
      (r) =>
        `${`  ${r.flag}`.padEnd(24)} ${''.padStart(6)} ${String(r.a).padStart(6)} ${String(r.b).padStart(6)} ${count(r.delta)}`,
    ),
    `${'composite'.padEnd(24)} ${''.padStart(6)} ${composite(c.a)} ${composite(c.b)} ${sign(compositeDelta, 1)}`,
    `${'coverage'.padEnd(24)} ${''.padStart(6)} ${formatCoverage(c.a.coverage.share).padStart(6)} ${formatCoverage(c.b.coverage.share).padStart(6)} ${sign(pct(c.b.coverage.share) - pct(c.a.coverage.share), 0, '%')}`,
    `${'badge'.padEnd(24)} ${''.padStart(6)} ${c.a.badge.padStart(6)} ${c.b.badge.padStart(6)}`,
    '',
    ...wrap(`A badge: ${c.a.badgeLabel}`, 80, '', '  '),
    ...wrap(`B badge: ${c.b.badgeLabel}`, 80, '', '  '),
  ];
  return `${lines.join('\n')}\n`;
}

export async function runCompare(
  a: string,
  b: string,
  flags: { methodology?: Methodology; depth?: 'quick' | 'standard'; output: 'text' | 'json'; verbose?: boolean },
  ui: Ui,
  context: { configFile?: string | undefined } = {},
): Promise<number> {
  const resolved = await resolveSettings({
    command: 'compare',
    given: flags.methodology !== undefined ? { methodology: flags.methodology } : {},
    ...(context.configFile !== undefined ? { config: context.configFile } : {}),
  });
  reportSettings(resolved, ui, { verbose: flags.verbose === true });
  const methodology = resolved.settings.methodology;
  const depth = flags.depth ?? 'quick';
  // Standard depth judges both sides with the judge score would use (provider, model, cache from the same settings).
  const judge =
    depth === 'quick'
      ? undefined
      : await judgeSetup(
          await resolveSettings({
            command: 'score',
            given: { depth, methodology },
            ...(context.configFile !== undefined ? { config: context.configFile } : {}),
          }),
        );
  const scoreOne = async (p: string) => {
    const run = await score([p], {
      methodology,
      depth,
      config: false,
      provenance: resolved.provenance,
      ...(judge ? { judge } : {}),
    });
    if (run.results.length !== 1 || run.failures.length > 0) {
      // Name each file that could not be read and why (binary, too large...): "1 unreadable" alone left the user to
      // find out which file with another command.
      const why = run.failures.map((f) => {
        const d = f.diagnostics.find((x) => x.severity === 'error');
        return d ? `${location(d.file, d.line, d.column)}: ${d.message}` : `${f.target.path}: ${f.reason}`;
      });
      const unreadable = run.failures.length ? ` (and ${run.failures.length} unreadable: ${why.join('; ')})` : '';
      throw new InputError(
        `${p}: compare needs exactly one skill or plugin per side, found ${run.results.length}${unreadable}`,
        p,
      );
    }
    return run.results[0]!;
  };
  const comparison = compareResults(await scoreOne(a), await scoreOne(b));
  ui.stdout(renderSummary(flags.output, comparison, () => renderComparison(comparison, ui.color)));
  return EXIT.OK;
}
