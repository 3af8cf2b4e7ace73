// Adaptive versus fixed-N Monte Carlo sampling (issue 9 item 5): 10,000 seeded Bernoulli activation streams per
// true rate (0.5, 0.7, 0.9, 0.98), the real stopping rule (src/monte-carlo/adaptive.ts) looking after every run from
// run 10, at N = 50 and N = 100, with two stop rules: precision only (every rate's 95% interval within ±0.05),
// and precision or "inside one band" (the activation interval within one of [0, .6), [.6, .7), [.7, .8),
// [.8, .9), [.9, 1], a stand-in for the lead's badge-band check). For each: coverage of the reported interval at
// the stop, mean runs used, and why it stopped; beside it the naive rule (Wilson peeked at every look) and
// Wilson at a fixed N. Then the same at N = 100 with streams that cycle through a few prompts of differing rates:
// the rule with runs clustered by prompt beside the rule counting every run as its own prompt. Fails (exit 1) if the
// adaptive coverage is under 0.94 anywhere.
//
// Run: npm run build && node bench/mc-adaptive.mjs [--streams N] [--prompt-streams N] [--seed S]
import { performance } from 'node:perf_hooks';
import { measureAdaptiveCoverage } from '../dist/monte-carlo/adaptive-coverage.js';
import { option } from './lib/option.mjs';

const streams = Number(option('--streams', '10000'));
// The clustered rows compute fractional-count intervals at every look, about 50x slower per stream: fewer streams.
const promptStreams = Number(option('--prompt-streams', '1000'));
const seed = Number(option('--seed', '2024'));
const RATES = [0.5, 0.7, 0.9, 0.98];
const RULES = [
  { name: 'precision ±0.05', bandEdges: undefined },
  { name: 'precision or band', bandEdges: [0.6, 0.7, 0.8, 0.9] },
];
const pct = (v) => (100 * v).toFixed(1).padStart(5);
const runs = (v) => v.toFixed(1).padStart(5);

const started = performance.now();
let worst = 1;
console.log(`${streams} streams per row, seed ${seed}; coverage of the 95% interval at the stop, mean runs used`);
for (const rule of RULES) {
  for (const maxRuns of [50, 100]) {
    console.log(`\n${rule.name}, N = ${maxRuns}`);
    console.log(
      'rate  | adaptive (CS): cover  runs  stops max/prec/band | naive Wilson peeked: cover  runs | fixed-N ' +
        'Wilson: cover',
    );
    for (const rate of RATES) {
      const r = measureAdaptiveCoverage({ rate, streams, maxRuns, bandEdges: rule.bandEdges, seed });
      worst = Math.min(worst, r.adaptive.coverage);
      const s = r.adaptive.stops;
      console.log(
        `${rate.toFixed(2)}  ` +
          `|              ${pct(r.adaptive.coverage)}% ${runs(r.adaptive.meanRuns)}  ${String(s['max-runs']).padStart(5)}/${String(s.precision).padStart(5)}/${String(s['band-fixed']).padStart(5)}` +
          ` |                    ${pct(r.naiveWilson.coverage)}% ${runs(r.naiveWilson.meanRuns)} ` +
          `|           ${pct(r.fixedWilson.coverage)}%`,
      );
    }
  }
}
// Prompts as the sampling unit: each stream cycles through a few prompts whose own rates differ (rate ± spread x
// min(rate, 1 - rate), either sign equally likely), so the truth is the mean over prompts. Coverage of the real rule
// (runs clustered by prompt, at least 5 prompts before a stop) beside the same rule with every run taken as its own
// prompt, which is how runs were counted before.
const PROMPT_CASES = [
  { prompts: 10, spread: 0.5 },
  { prompts: 10, spread: 1 },
  { prompts: 25, spread: 1 },
];
for (const { prompts, spread } of PROMPT_CASES) {
  console.log(`\nprecision or band, N = 100, ${prompts} prompts cycled, spread ${spread} (${promptStreams} streams)`);
  console.log('rate  | clustered: cover  runs  stops max/prec/band | unclustered: cover  runs');
  for (const rate of RATES) {
    const r = measureAdaptiveCoverage({
      rate,
      streams: promptStreams,
      maxRuns: 100,
      bandEdges: [0.6, 0.7, 0.8, 0.9],
      seed,
      prompts,
      spread,
    });
    worst = Math.min(worst, r.adaptive.coverage);
    const s = r.adaptive.stops;
    console.log(
      `${rate.toFixed(2)}  |          ${pct(r.adaptive.coverage)}% ${runs(r.adaptive.meanRuns)}  ` +
        `${String(s['max-runs']).padStart(5)}/${String(s.precision).padStart(5)}/${String(s['band-fixed']).padStart(5)}` +
        ` |            ${pct(r.unclustered.coverage)}% ${runs(r.unclustered.meanRuns)}`,
    );
  }
}
console.log(`\nworst adaptive coverage ${pct(worst)}%; ${((performance.now() - started) / 1000).toFixed(1)} s`);
if (worst < 0.94) {
  console.error('FAIL: adaptive coverage under 94%');
  process.exit(1);
}
