// Per-call cost of the INJECTION_ATTEMPT detector on each corpus SKILL.md (node bench/injection-corpus.mjs after
// npm run build). Not a test: prints CPU ms per call, median and max over the skills, and the slowest files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { detectInjection } = await import(path.join(root, 'dist/rules/injection-attempt.js'));
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');

const skills = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p);
    else if (e.name === 'SKILL.md') skills.push(p);
  }
};
walk(corpus);
skills.sort();

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const CALLS = 5;
const texts = skills.map((file) => readFileSync(file, 'utf8'));
for (let i = 0; i < 3; i++) for (const text of texts) detectInjection(text); // warm-up (compiles every pattern)
const rows = [];
skills.forEach((file, k) => {
  const text = texts[k];
  // CPU time, not wall time (wall time includes time stolen by neighbours); the fastest of several
  // rounds, since on a shared machine a neighbour can only add time.
  let best = Infinity;
  for (let r = 0; r < ROUNDS; r++) {
    const t = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) detectInjection(text);
    const used = process.cpuUsage(t);
    best = Math.min(best, (used.user + used.system) / 1000 / CALLS);
  }
  rows.push({ file: path.relative(corpus, file), bytes: text.length, ms: best });
});
const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
const median =
  sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
console.log(
  `${rows.length} SKILL.md files, CPU ms per detectInjection call (best of ${ROUNDS} rounds): ` +
    `median ${median.toFixed(3)}, max ${sorted.at(-1).toFixed(3)}`,
);
for (const r of rows.sort((a, b) => b.ms - a.ms).slice(0, Number(process.env.TOP ?? 5))) {
  console.log(`  ${r.ms.toFixed(3).padStart(7)} ms  ${String(r.bytes).padStart(6)} chars  ${r.file}`);
}
