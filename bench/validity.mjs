// Validity on the whole SkillsBench development split: runs the library's validity() (what `plugin-eval validity`
// runs) on ../shared/validity/skillsbench-dev, both methodologies at quick depth, and prints Spearman's rho and
// Kendall's tau with bootstrap 95% intervals for the composite and every static dimension, plus the wall time.
// These are the figures docs/validity.md reports; re-run it after changing a rule and update the table there.
//
// Run: npm run bench:validity [-- --dir DIR] [--samples N] [--seed N]
//
// The split is not in this repository: without it the bench says so and exits 0.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { validity } from '../dist/index.js';
import { option } from './lib/option.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const dir = option('--dir', path.resolve(here, '../../shared/validity/skillsbench-dev'));
const samples = Number(option('--samples', '2000'));
const seed = Number(option('--seed', '1'));

if (!existsSync(path.join(dir, 'uplift.tsv'))) {
  console.log(`validity bench: skipped: ${dir} is absent (the SkillsBench dev split lives beside this checkout, in`);
  console.log('../shared/validity/skillsbench-dev; --dir DIR points at another copy)');
  process.exit(0);
}

const started = performance.now();
const report = await validity(dir, { samples, seed });
const seconds = (performance.now() - started) / 1000;

const num = (v) => (v === null ? '  n/a' : `${v >= 0 ? '+' : ''}${v.toFixed(2)}`);
const cell = (c) => (c === null ? 'n/a' : `${num(c.estimate)} [${num(c.low)}, ${num(c.high)}]`);
const skills = new Set(report.rows.flatMap((r) => r.skills)).size;
console.log(
  `validity bench: ${report.units} tasks, ${skills} skills, outcome ${report.outcome.column}, ${report.depth} depth, ` +
    `${samples} resamples (seed ${seed}); ${seconds.toFixed(1)} s`,
);
for (const { methodology, predictors } of report.methodologies) {
  console.log(`\n${methodology}`);
  console.log(`  ${'predictor'.padEnd(25)} ${"Spearman's rho [95% CI]".padEnd(24)} Kendall's tau [95% CI]`);
  for (const p of predictors) {
    if (p.spearman === null) continue;
    console.log(`  ${p.predictor.padEnd(25)} ${cell(p.spearman).padEnd(24)} ${cell(p.kendall)}`);
  }
}
if (report.excluded.length > 0) console.log(`\nleft out: ${report.excluded.map((e) => e.path).join(', ')}`);
