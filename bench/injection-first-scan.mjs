// The injection scan's first use in a fresh process, per corpus skill, for one or more builds measured interleaved
// (node bench/injection-first-scan.mjs [dist...]; default: dist). Each skill's SKILL.md and reference texts are
// scanned by detectInjection in a new process; printed: CPU ms of that first scan and how many RegExp objects it
// constructed (mean and median over the skills). Not a test: the figures depend on the machine and its load.
// Builds to compare are copies of dist/ kept inside the repository (.bench-<name>/, ignored by git).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/measure.mjs';
import { findSkills } from './lib/skills.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const dists = (process.argv.length > 2 ? process.argv.slice(2) : ['dist']).map((d) => path.resolve(d));
const skills = findSkills(corpus).sort();

// The child: parse the skill (not timed), then count RegExp constructions and CPU time of the first scans.
const child = `
const [dist, dir] = process.argv.slice(1);
const lib = await import(dist + '/index.js');
const { detectInjection } = await import(dist + '/rules/injection-attempt.js');
const parsed = await lib.parseSkill(dir);
const texts = parsed.ok ? [parsed.skill.text, ...parsed.skill.references.map((r) => r.text)] : [];
const Native = RegExp;
let made = 0;
globalThis.RegExp = new Proxy(Native, { construct(target, args) { made++; return new target(...args); } });
const t = process.cpuUsage();
for (const text of texts) detectInjection(text);
const u = process.cpuUsage(t);
globalThis.RegExp = Native;
process.stdout.write(JSON.stringify({ cpuMs: (u.user + u.system) / 1000, made }));
`;
const results = new Map(dists.map((d) => [d, { cpu: [], made: [] }]));
for (const dir of skills) {
  for (const dist of dists) {
    const out = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', child, dist, dir], { encoding: 'utf8' }),
    );
    results.get(dist).cpu.push(out.cpuMs);
    results.get(dist).made.push(out.made);
  }
}
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
console.log(`${skills.length} corpus skills, one fresh process per skill and build, interleaved`);
for (const [dist, r] of results)
  console.log(
    `${path.relative(root, dist).padEnd(24)} first scan CPU mean ${mean(r.cpu).toFixed(1)} ms, median ${median(r.cpu).toFixed(1)} ms;` +
      ` RegExp constructed mean ${mean(r.made).toFixed(1)} (${Math.min(...r.made)}-${Math.max(...r.made)})`,
  );
