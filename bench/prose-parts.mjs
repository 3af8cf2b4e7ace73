// The in-process per-skill checks outside parsing, part by part (not a test): every corpus skill is parsed afresh
// each round (not timed), then each part runs over all of them in one timed block, in the order a score meets them:
// the Markdown scan, prose statistics, prose signals, each check and anti-pattern rule of the methodology, the
// validation and security rules, and the rest of a score (composite, tips, result assembly) as the whole of
// `assembleSkillWithLayers` on a third fresh set less the static layer (on a second), the validation rules and tips. CPU µs a skill, median over rounds.
//   node bench/prose-parts.mjs [dist ...]       two or more builds are loaded in one process and alternated round
//                                               by round, so they share the machine's noise
// PROSE_PARTS_ROUNDS (default 30), PROSE_PARTS_METHODOLOGY (default|compat). Parts whose name holds "injection" are
// the injection scan; the total without them and without the parse is the figure this pass works on.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './lib/measure.mjs';
import { findSkills } from './lib/skills.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const rounds = Number(process.env.PROSE_PARTS_ROUNDS ?? 30);
const methodology = process.env.PROSE_PARTS_METHODOLOGY ?? 'default';
const dists = (process.argv.length > 2 ? process.argv.slice(2) : ['dist']).map((d) => path.resolve(d));
const skills = findSkills(corpus).sort();

async function load(dist) {
  const at = (p) => import(path.join(dist, p));
  const [{ parseSkill }, { REGISTRY }, { rulesFor }, stats, sig, { assembleSkillWithLayers }, layer, tips, comp] =
    await Promise.all([
      at('parse/skill.js'),
      at('rules/checks/index.js'),
      at('rules/registry/index.js'),
      at('rules/checks/default/prose-statistics.js'),
      at('rules/checks/default/signals.js'),
      at('pipeline/score-skill.js'),
      at('rules/static-layer.js'),
      at('score/tips.js'),
      at('score/composite.js'),
    ]);
  const { checks, antiPatterns } = REGISTRY[methodology];
  const parts = [
    ['markdown scan', (s) => s.markdown],
    ['prose statistics', (s) => stats.proseStatistics(s.markdown)],
    ['prose signals', (s) => sig.signals(s)],
    ['description triggers', (s) => s.description !== undefined && sig.analyseTriggers(s.description)],
    ['description stuffing', (s) => s.description !== undefined && sig.analyseStuffing(s.description)],
    ...checks.map((c) => [`check ${c.id}`, (s) => c.run(s)]),
    ...antiPatterns.map((r) => [`rule ${r.flag}`, (s) => r.detect(s)]),
    ...rulesFor('skill').map((r) => [`validation ${r.meta.id}`, (s) => r.check({ skill: s, schemaIssues: [] })]),
  ];
  const ctx = { plan: { methodology, depth: 'quick', layers: ['static'], ruleConfig: undefined }, run: {} };
  const whole = (s) => assembleSkillWithLayers(s, { notRun: [] }, ctx, []);
  const staticLayer = (s) => layer.runStaticLayer(s, methodology);
  const tipsOf = (s, out) => {
    if (methodology === 'compat') return;
    const baseline = comp.compositeOf([out], out.penalty, comp.arithmeticFor('default'));
    tips.tipsFromOffers(tips.skillOffers(s, out, { kind: 'skill', path: s.displayPath }), {
      dimensions: baseline.dimensions,
      rawScore: baseline.rawScore,
      antiPatterns: out.antiPatterns.length,
      share: () => 1,
    });
  };
  const parseAll = async () => {
    const out = [];
    for (const dir of skills) {
      const parsed = await parseSkill(dir);
      if (parsed.ok) out.push(parsed.skill);
    }
    return out;
  };
  return { dist, parts, whole, staticLayer, tipsOf, parseAll, times: new Map(), wholeTimes: [] };
}

const builds = [];
for (const dist of dists) builds.push(await load(dist));

const cpuUs = (fn) => {
  const before = process.cpuUsage();
  fn();
  const c = process.cpuUsage(before);
  return c.user + c.system;
};

for (let round = 0; round < rounds + 2; round++) {
  const order = round % 2 === 0 ? builds : [...builds].reverse();
  for (const b of order) {
    const fresh = await b.parseAll();
    const second = await b.parseAll();
    const third = await b.parseAll();
    const n = fresh.length;
    const record = (name, us) => {
      if (round >= 2) (b.times.get(name) ?? b.times.set(name, []).get(name)).push(us / n);
    };
    for (const [name, fn] of b.parts) {
      const us = cpuUs(() => {
        for (const s of fresh) fn(s);
      });
      record(name, us);
    }
    const outs = [];
    record(
      'static layer (all checks and rules)',
      cpuUs(() => {
        for (const s of second) outs.push(b.staticLayer(s));
      }),
    );
    record(
      'tips',
      cpuUs(() => {
        for (let i = 0; i < second.length; i++) b.tipsOf(second[i], outs[i]);
      }),
    );
    const us = cpuUs(() => {
      for (const s of third) b.whole(s);
    });
    if (round >= 2) b.wholeTimes.push(us / n);
  }
}

const fmt = (x) => x.toFixed(1).padStart(9);
const names = builds[0].parts.map(([name]) => name);
console.log(`${skills.length} corpus skills, ${methodology}, ${rounds} rounds; CPU µs a skill (median)`);
console.log(`${'part'.padEnd(46)}${builds.map((b) => path.basename(b.dist).padStart(22)).join('')}`);
const sums = builds.map(() => ({ validation: 0, scan: 0 }));
const at = (b, name) => median(b.times.get(name) ?? [0]);
for (const name of [...names, 'static layer (all checks and rules)', 'tips']) {
  const cells = builds.map((b, i) => {
    const m = at(b, name);
    if (name.startsWith('validation ')) sums[i].validation += m;
    if (/injection/i.test(name)) sums[i].scan += m;
    return fmt(m).padStart(22);
  });
  console.log(`${name.padEnd(46)}${cells.join('')}`);
}
const rest = builds.map(
  (b, i) => median(b.wholeTimes) - at(b, 'static layer (all checks and rules)') - sums[i].validation - at(b, 'tips'),
);
console.log(`${'rest (composite, tips, assembly)'.padEnd(46)}${rest.map((r) => fmt(r).padStart(22)).join('')}`);
console.log(
  `${'whole (assembleSkillWithLayers)'.padEnd(46)}${builds.map((b) => fmt(median(b.wholeTimes)).padStart(22)).join('')}`,
);
console.log(
  `${'whole without the injection scan'.padEnd(46)}${builds.map((b, i) => fmt(median(b.wholeTimes) - sums[i].scan).padStart(22)).join('')}`,
);
