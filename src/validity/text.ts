/** The text form of a validity report: one table of figures per methodology, then what was left out and why. */
import { DIMENSIONS } from '../model/dimensions.js';
import { visibleControls } from '../util/text.js';
import type { Correlation, ValidityReport } from './schema.js';

const signed = (v: number | null): string => (v === null ? '  n/a' : `${v >= 0 ? '+' : ''}${v.toFixed(2)}`);

function cell(c: Correlation | null): string {
  if (c === null) return ''.padEnd(31);
  const interval = c.low === null || c.high === null ? '[  no interval ]' : `[${signed(c.low)}, ${signed(c.high)}]`;
  const p = c.p === null ? 'p  n/a' : `p ${c.p < 0.001 ? '<.001' : c.p.toFixed(3)}`;
  return `${signed(c.estimate)} ${interval} ${p}`.padEnd(31);
}

export function renderValidity(report: ValidityReport): string {
  const shown = (text: string) => visibleControls(text);
  const unit = report.outcome.unit;
  const outcome =
    report.outcome.source === 'logs'
      ? `people's mean rating (1-5) in the logs at ${shown(report.outcome.where)}, per skill`
      : `${shown(report.outcome.column ?? '')} from ${shown(report.outcome.where)}, per task (the ${report.aggregate} ` +
        "of each task's skill scores)";
  const lines = [
    `validity of ${report.depth} scores: ${shown(report.folder)}`,
    `outcome: ${outcome}; ${report.units} ${unit}s`,
    `intervals: 95% percentile bootstrap over the ${unit}s, ${report.bootstrap.samples} resamples, seed ${report.bootstrap.seed}`,
  ];
  const width = Math.max(...DIMENSIONS.map((d) => d.length), 9) + 2;
  for (const { methodology, predictors } of report.methodologies) {
    lines.push('', `${methodology} methodology`);
    lines.push(`  ${'predictor'.padEnd(width)} ${'n'.padStart(3)}  ${"Spearman's rho".padEnd(31)} Kendall's tau`);
    const unmeasured: string[] = [];
    for (const p of predictors) {
      if (p.spearman === null) {
        unmeasured.push(p.predictor);
        continue;
      }
      const note = p.note !== undefined ? `  (${p.note})` : '';
      lines.push(
        `  ${p.predictor.padEnd(width)} ${String(p.units).padStart(3)}  ${cell(p.spearman)} ${cell(p.kendall).trimEnd()}${note}`,
      );
    }
    if (unmeasured.length > 0)
      lines.push(`  no figures (not measured at this depth, or on too few ${unit}s): ${unmeasured.join(', ')}`);
  }
  if (report.excluded.length > 0) {
    lines.push('', `left out (${report.excluded.length}):`);
    for (const e of report.excluded) lines.push(`  ${shown(e.path)}: ${shown(e.reason)}`);
  }
  lines.push(
    '',
    `Directions, not a fit: ${report.units} ${unit}s are few, and a figure is only worth what it shows on ${unit}s the ` +
      'rules were not shaped on (docs/validity.md).',
  );
  return `${lines.join('\n')}\n`;
}
