// INJECTION_ATTEMPT per corpus skill, and the whole in-process score, for one or more builds measured
// interleaved (node bench/injection-skills.mjs [dist...]; default: dist). Not a test: prints CPU ms per skill.
// Builds to compare are copies of dist/ kept inside the repository (.bench-<name>/, ignored by git) so that
// they resolve node_modules. CPU time, not wall time: the machine is shared.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/measure.mjs';
import { findSkills } from './lib/skills.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const dists = (process.argv.length > 2 ? process.argv.slice(2) : ['dist']).map((d) => path.resolve(d));
const rounds = Number(process.env.BENCH_ROUNDS ?? 9);
const skills = findSkills(corpus).sort();

const builds = [];
for (const dist of dists) {
  const lib = await import(path.join(dist, 'index.js'));
  const { detectInjection } = await import(path.join(dist, 'rules/injection-attempt.js'));
  // The texts the rule scans: SKILL.md (frontmatter included) and every reference text file.
  const texts = [];
  for (const dir of skills) {
    const parsed = await lib.parseSkill(dir);
    if (!parsed.ok) continue;
    texts.push(parsed.skill.text, ...parsed.skill.references.map((r) => r.text));
  }
  builds.push({ dist, lib, detectInjection, texts, scan: [], score: [] });
}

const cpuMs = (since) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
for (let round = 0; round < rounds + 2; round++) {
  for (const b of builds) {
    let t = process.cpuUsage();
    for (const text of b.texts) b.detectInjection(text);
    const scan = cpuMs(t) / skills.length;
    t = process.cpuUsage();
    await b.lib.score(skills, { methodology: 'default', jobs: 1 });
    const score = cpuMs(t) / skills.length;
    if (round >= 2) {
      b.scan.push(scan);
      b.score.push(score);
    }
  }
}
console.log(`${skills.length} corpus skills, ${rounds} interleaved rounds (2 warm-up), CPU ms per skill, median (min)`);
for (const b of builds) {
  const chars = b.texts.reduce((n, t) => n + t.length, 0);
  console.log(
    `${path.relative(root, b.dist).padEnd(24)} injection scan ${median(b.scan).toFixed(3)} ` +
      `(${Math.min(...b.scan).toFixed(3)})   whole score ${median(b.score).toFixed(3)} ` +
      `(${Math.min(...b.score).toFixed(3)})   ${(chars / skills.length / 1000).toFixed(1)} K chars/skill`,
  );
}
