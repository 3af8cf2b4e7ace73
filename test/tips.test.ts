import { cpSync, existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import { applyEdits, setFrontmatterKey } from '../src/rules/checks/improvements/edits.js';
import { parseFrontmatter } from '../src/parse/frontmatter.js';
import type { ScoreResult, SkillEdit, Tip } from '../src/model/result.js';
import { compositeOf } from '../src/score/composite.js';
import { judgeTips, rankTips } from '../src/score/tips.js';
import type { LayerOutput } from '../src/model/layer-output.js';
import { CORPUS_DIR } from './support/corpus.js';
import { makeComponent, useSkillCleanup } from './support/skill-builder.js';
import { agentQuality } from '../src/rules/checks/components/agent-quality.js';
import { commandQuality } from '../src/rules/checks/components/command-quality.js';
import { tempTree } from './support/tmp.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const work = tempTree('plugin-eval-tips-').root;
useSkillCleanup();

/** Follow a tip literally: apply its edits to the files of a folder on disk (set-frontmatter defaults to SKILL.md). */
function applyOnDisk(dir: string, edits: readonly SkillEdit[]): void {
  const names = new Set(['SKILL.md', ...edits.flatMap((e) => ('file' in e && e.file !== undefined ? [e.file] : []))]);
  const files = new Map<string, string | null>();
  for (const n of names) if (existsSync(path.join(dir, n))) files.set(n, readFileSync(path.join(dir, n), 'utf8'));
  for (const rel of applyEdits(files, edits)) {
    const abs = path.join(dir, rel);
    const text = files.get(rel);
    if (text === null || text === undefined) unlinkSync(abs);
    else {
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, text);
    }
  }
}

/**
 * The folder a tip's edits are relative to, in a copy at `copy` of the scored folder `scored`: the skill folder,
 * or the folder holding the agent or command file.
 */
function tipFolder(tip: Tip, scored: string, copy: string): string {
  const abs = path.join(copy, path.relative(scored, path.resolve(tip.target.path)));
  return tip.target.kind === 'skill' ? abs : path.dirname(abs);
}

let copies = 0;
/** A fresh copy of `folder` (a folder of skills, so siblings still resolve), returning the copy's path. */
function copyOf(folder: string): string {
  const dest = path.join(work, `c${copies++}`, path.basename(folder));
  cpSync(folder, dest, { recursive: true });
  return dest;
}

async function scoreOne(dir: string): Promise<ScoreResult> {
  const run = await score([dir], { methodology: 'default' });
  expect(run.results).toHaveLength(1);
  return run.results[0]!;
}

const WORDS = [
  'alpha',
  'bravo',
  'charlie',
  'delta',
  'echo',
  'foxtrot',
  'golf',
  'hotel',
  'india',
  'juliet',
  'kilo',
  'lima',
  'mike',
  'november',
  'oscar',
  'papa',
  'quebec',
  'romeo',
  'sierra',
  'tango',
];

/** A skill that needs help everywhere: seven anti-pattern instances and missing sections. */
function troubledSkill(): string {
  const dir = path.join(work, 'made', 'skills', 'troubled-skill');
  mkdirSync(path.join(dir, 'references'), { recursive: true });
  writeFileSync(path.join(dir, 'references', 'empty.md'), '');
  const body = [
    '---',
    'name: troubled-skill',
    'description: Helps.',
    '---',
    '',
    '# Troubled skill',
    '',
    'This skill orchestrates the work. See [the guide](references/guide.md) and [the faq](references/faq.md).',
    'It builds on skills/missing-sibling and on skills/other-missing for parsing.',
    '',
    '## Steps',
    '',
    ...WORDS.map(
      (w, i) =>
        `${i + 1}. You MUST check the ${w} settings and NEVER skip the ${WORDS[(i + 7) % WORDS.length]} review.`,
    ),
    '',
    '```bash',
    'npm test',
    '```',
  ].join('\n');
  writeFileSync(path.join(dir, 'SKILL.md'), `${body}\n`);
  return path.dirname(dir);
}

/** Where each fixture's skill sits inside its copied folder. */
const FIXTURES: { name: string; folder: () => string; skill: string }[] = [
  { name: 'example csv-profiler', folder: () => path.join(ROOT, 'examples/skills'), skill: 'csv-profiler' },
  { name: 'example changelog-writer', folder: () => path.join(ROOT, 'examples/skills'), skill: 'changelog-writer' },
  ...['empty-references', 'filler-skill', 'keyword-stuffing', 'negated-triggers', 'fenced-structure'].map((s) => ({
    name: `adversarial ${s}`,
    folder: () => path.join(ROOT, 'test/fixtures/adversarial'),
    skill: s,
  })),
  ...[
    'claude-plugins-official/plugins/example-plugin/skills/example-skill',
    'claude-plugins-official/external_plugins/discord/skills/access',
    'context-engineering/skills/context-optimization',
    'claude-plugins-official/plugins/plugin-dev/skills/command-development',
  ].map((p) => ({
    name: `corpus ${p}`,
    folder: () => path.dirname(path.join(CORPUS_DIR, p)),
    skill: path.basename(p),
  })),
  { name: 'troubled (seven anti-patterns)', folder: troubledSkill, skill: 'troubled-skill' },
];

/** The static layer's score of a dimension in a quick result (the only layer, so the dimension's score). */
const dimensionScore = (r: ScoreResult, name: string): number => r.dimensions.find((d) => d.name === name)!.score!;

/**
 * What a tip promises, checked by following it on disk: the offering check's dimension reaches the score the tip
 * says (its own formula, not a re-score), and the anti-pattern instances it says it removes are gone.
 */
async function expectTipKeepsItsWord(tip: Tip, before: ScoreResult, after: ScoreResult): Promise<void> {
  for (const moved of tip.effects?.dimensions ?? [])
    expect(dimensionScore(after, moved.dimension), `${tip.id} ${moved.dimension}`).toBeCloseTo(moved.to, 8);
  const removed = tip.effects?.antiPatternsRemoved ?? [];
  for (const flag of new Set(removed)) {
    const count = (r: ScoreResult) => r.antiPatterns.filter((a) => a.flag === flag).length;
    expect(count(before) - count(after), `${tip.id} ${flag}`).toBe(removed.filter((f) => f === flag).length);
  }
}

describe('tips, followed literally, earn what their check says', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s', async (_name, fixture) => {
    const base = copyOf(fixture.folder());
    const before = await scoreOne(path.join(base, fixture.skill));
    for (const tip of before.tips) {
      expect(tip.gainBasis, tip.id).toBe('check');
      expect(tip.gain, tip.id).toBeGreaterThan(0);
      if (!tip.edits) continue;
      const copy = copyOf(base);
      applyOnDisk(path.join(copy, fixture.skill), tip.edits);
      await expectTipKeepsItsWord(tip, before, await scoreOne(path.join(copy, fixture.skill)));
    }
    // Biggest gain first.
    const gains = before.tips.map((t) => t.gain);
    expect(gains).toEqual([...gains].sort((a, b) => b - a));
  });

  it('finds something to fix where the evidence shows a gap, and never a rename or a cross-link', async () => {
    const base = copyOf(troubledSkill());
    const r = await scoreOne(path.join(base, 'troubled-skill'));
    const ids = r.tips.map((t) => t.id);
    expect(ids).toEqual(
      expect.arrayContaining(['frontmatter-quality/description', 'structural-completeness/examples']),
    );
    // "orchestrates" stays the author's word, and no sibling skill is linked for points.
    expect(ids).not.toContain('orchestration-wiring/supervisor-language');
    expect(ids).not.toContain('ecosystem-coherence/related');
    // Removing anti-patterns is counted at its penalty: the OVER_CONSTRAINED/soften and DEAD_CROSS_REF fixes each
    // remove instances and gain more than the smallest content tip.
    const removal = r.tips.filter((t) => (t.effects?.antiPatternsRemoved.length ?? 0) > 0);
    expect(removal.length).toBeGreaterThanOrEqual(3);
    const content = r.tips.filter((t) => (t.effects?.antiPatternsRemoved.length ?? 0) === 0);
    const smallest = Math.min(...content.map((t) => t.gain));
    for (const t of removal) expect(t.gain).toBeGreaterThan(smallest);
    // Tips are listed by gain, largest first.
    for (let i = 1; i < r.tips.length; i++) expect(r.tips[i]!.gain).toBeLessThanOrEqual(r.tips[i - 1]!.gain);
  });

  it('the description tip quotes the author, says what is missing, and gains what the two rules asking for it give', async () => {
    const base = copyOf(troubledSkill());
    const r = await scoreOne(path.join(base, 'troubled-skill'));
    const tip = r.tips.find((t) => t.id === 'frontmatter-quality/description')!;
    expect(tip.action).toBe(
      'The description "Helps." is 6 characters (100 or more score best); has no "Use when ..." clause; names 0 ' +
        'situation(s) after a comma (3 or more score best); names no activity ("when reviewing ..."). Say in your ' +
        'own words what the skill does, then "Use when ..." with the situations it is for, each after a comma.',
    );
    expect(tip.example).toBe(
      'description: "(What troubled-skill does, in one sentence.) Use when (the first situation it is for), when ' +
        '(a second), when (a third), or when (a fourth)."',
    );
    // One tip for one fix: EMPTY_DESCRIPTION and MISSING_TRIGGER ask for the same description.
    expect(r.tips.filter((t) => t.action === tip.action)).toHaveLength(1);
    expect(tip.effects!.antiPatternsRemoved.sort()).toEqual(['EMPTY_DESCRIPTION', 'MISSING_TRIGGER']);
    // Written as the example says, with real situations, the check gives what the tip said.
    const copy = copyOf(base);
    const file = path.join(copy, 'troubled-skill', 'SKILL.md');
    writeFileSync(
      file,
      setFrontmatterKey(
        readFileSync(file, 'utf8'),
        'description',
        'Checks the alpha to tango settings of a deployment before a release. Use when preparing a release, when ' +
          'reviewing a settings change, when a deployment fails, or when auditing a deployment.',
      ),
    );
    await expectTipKeepsItsWord(tip, r, await scoreOne(path.join(copy, 'troubled-skill')));
  });
});

describe('tips never suggest adding what the skill has', () => {
  it('csv-profiler has references/, Examples, Troubleshooting, Related and "Use when": none of them is suggested', async () => {
    const r = await scoreOne(path.join(copyOf(path.join(ROOT, 'examples/skills')), 'csv-profiler'));
    const ids = r.tips.map((t) => t.id);
    for (const id of [
      'structural-completeness/examples',
      'structural-completeness/troubleshooting',
      'ecosystem-coherence/related',
      'progressive-disclosure/link-references',
      'orchestration-wiring/output',
      'orchestration-wiring/input',
      'MISSING_TRIGGER/rewrite',
    ]) {
      expect(ids).not.toContain(id);
    }
    for (const t of r.tips)
      expect(t.action).not.toMatch(
        /^Create a references\/ directory|No Examples section|No Troubleshooting section|No Related section/,
      );
  });

  it(
    'every tip on the corpus gains something and names the component it is about',
    async () => {
      const run = await score([CORPUS_DIR], { methodology: 'default' });
      expect(run.results.length).toBeGreaterThan(5);
      for (const r of run.results) {
        for (const t of r.tips) {
          expect(t.gain).toBeGreaterThan(0);
          if (r.target.kind === 'plugin') expect(t.target.path.startsWith(r.target.path)).toBe(true);
          else expect(t.target.path).toBe(r.target.path);
        }
      }
      const plugin = run.results.find((r) => r.target.kind === 'plugin' && r.tips.length > 0);
      expect(plugin).toBeDefined();
      expect(plugin!.tips.some((t) => t.target.path !== plugin!.target.path)).toBe(true);
    },
    HANG_LIMIT_MS,
  );
});

describe('edits', () => {
  it('set-frontmatter replaces a folded value and its continuation lines, and the YAML still reads', () => {
    const text = '---\nname: x\ndescription: >\n  folded\n  text\nlicense: MIT\n---\n# Body\n';
    const out = setFrontmatterKey(text, 'description', 'Says "what": and when.');
    expect(out).toBe('---\nname: x\ndescription: "Says \\"what\\": and when."\nlicense: MIT\n---\n# Body\n');
    expect(parseFrontmatter(out, 'SKILL.md').data).toEqual({
      name: 'x',
      description: 'Says "what": and when.',
      license: 'MIT',
    });
    expect(setFrontmatterKey('# no frontmatter\n', 'name', 'x')).toBe('---\nname: "x"\n---\n# no frontmatter\n');
  });

  it('line edits refer to the original numbering and apply bottom-up', () => {
    const files = new Map<string, string | null>([['SKILL.md', 'a\nb\nc\nd\n']]);
    applyEdits(files, [
      { op: 'replace-lines', file: 'SKILL.md', start: 2, end: 2, text: null },
      { op: 'replace-lines', file: 'SKILL.md', start: 4, end: 4, text: 'D1\nD2' },
      { op: 'append', file: 'SKILL.md', text: '## New' },
      { op: 'write-file', file: 'references/x.md', text: 'x' },
    ]);
    expect(files.get('SKILL.md')).toBe('a\nc\nD1\nD2\n\n## New\n');
    expect(files.get('references/x.md')).toBe('x');
  });
});

describe('judge suggestions and ranking', () => {
  const layer = (name: LayerOutput['name'], scores: Record<string, number>, evidence: string[] = []): LayerOutput => ({
    name,
    score: 0,
    durationMs: 0,
    measurements: Object.fromEntries(Object.entries(scores).map(([d, s]) => [d, { score: s, evidence }])),
    unmeasured: {},
    antiPatterns: [],
    subScores: {},
  });

  it('a judge suggestion comes with the most its dimension could gain, labelled a ceiling', () => {
    const layers = [
      layer('static', { scope_calibration: 0.5, triggering_accuracy: 0.8 }),
      layer('judge', { scope_calibration: 0.6, output_quality: 1 }, [
        'a quote',
        'reasoning: too long',
        'suggestion: Split the reference material out.',
      ]),
    ];
    const c = compositeOf(layers, 0.9);
    const tips = judgeTips(c.dimensions, layers, 0.9, { kind: 'skill', path: 'x' });
    expect(tips).toHaveLength(1);
    const scope = c.dimensions.find((d) => d.name === 'scope_calibration')!;
    expect(tips[0]).toMatchObject({
      id: 'judge/scope_calibration',
      source: 'judge',
      gainBasis: 'ceiling',
      action: 'Split the reference material out.',
    });
    expect(tips[0]!.gain).toBeCloseTo(scope.effectiveWeight * (0.55 / 0.85) * 0.4 * 100 * 0.9, 10);
  });

  it('ranks by gain, keeping the offered order on ties', () => {
    const tip = (id: string, gain: number): Tip => ({
      id,
      source: 'check',
      dimension: null,
      target: { kind: 'skill', path: 'x' },
      gain,
      gainBasis: 'check',
      action: id,
    });
    expect(rankTips([tip('a', 1), tip('b', 3), tip('c', 1), tip('d', 2)]).map((t) => t.id)).toEqual([
      'b',
      'd',
      'a',
      'c',
    ]);
  });
});

/** A plugin whose weak spots are its agents and commands (its one skill is a good example skill). */
function weakComponentsPlugin(): string {
  const dir = path.join(work, 'made-plugins', 'weak-components');
  mkdirSync(path.join(dir, '.claude-plugin'), { recursive: true });
  writeFileSync(
    path.join(dir, '.claude-plugin', 'plugin.json'),
    JSON.stringify({
      name: 'weak-components',
      version: '1.0.0',
      description: 'A plugin with weak agents and commands.',
    }),
  );
  cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), path.join(dir, 'skills', 'csv-profiler'), {
    recursive: true,
  });
  mkdirSync(path.join(dir, 'agents'), { recursive: true });
  mkdirSync(path.join(dir, 'commands'), { recursive: true });
  // Name differs from the file, short description without a trigger, no tools, model or output format.
  writeFileSync(
    path.join(dir, 'agents', 'diff-reviewer.md'),
    '---\nname: Reviewer\ndescription: Reviews diffs.\n---\n\nYou are a code reviewer who checks diffs for bugs ' +
      'and unclear names.\nUse the `Grep` tool to find every caller of a changed function.\n',
  );
  // No frontmatter at all.
  writeFileSync(
    path.join(dir, 'agents', 'doc-summarizer.md'),
    'You are a summarizer that condenses long design documents for the team.\nKeep the decisions and drop the ' +
      'discussion.\n',
  );
  // No description, positional arguments without a hint, no allowed-tools, bullet steps not numbered.
  writeFileSync(
    path.join(dir, 'commands', 'deploy.md'),
    '---\nmodel: sonnet\n---\n\nDeploy the service to the environment named in $1 after the checks pass.\n\n- ' +
      'Run `npm test` and stop on a failure\n- Build the image with `npm run build`\n- Push the image to the $1 ' +
      'registry\n',
  );
  // A command that has everything the check reads: no tip may name it.
  writeFileSync(
    path.join(dir, 'commands', 'status.md'),
    '---\ndescription: Show the deployment status of every environment.\nallowed-tools: Bash\n---\n\n## ' +
      'Steps\n\n1. Run `gh run list` for the deploy workflow.\n2. Summarise the last run per environment.\n3. Say ' +
      'which ones failed.\n4. Link each run.\n5. Stop there.\n\n## Output\n\nA table.\n',
  );
  return dir;
}

describe("tips for a plugin's agents and commands", () => {
  const fixtures: { name: string; plugin: () => string; minComponentTips: number }[] = [
    { name: 'made-up plugin with weak agents and commands', plugin: weakComponentsPlugin, minComponentTips: 8 },
    {
      name: 'corpus cwc-makers (a command without allowed-tools)',
      plugin: () => path.join(CORPUS_DIR, 'claude-plugins-official/plugins/cwc-makers'),
      minComponentTips: 1,
    },
  ];

  it.each(fixtures.map((f) => [f.name, f] as const))(
    '%s: every tip, followed literally on disk, raises the plugin by its gain',
    async (_name, fixture) => {
      const base = copyOf(fixture.plugin());
      const before = await scoreOne(base);
      expect(before.target.kind).toBe('plugin');
      const componentTips = before.tips.filter((t) => t.target.kind !== 'skill');
      expect(componentTips.length).toBeGreaterThanOrEqual(fixture.minComponentTips);
      for (const tip of before.tips) {
        expect(tip.gainBasis, tip.id).toBe('check');
        if (!tip.edits) continue;
        const copy = copyOf(base);
        applyOnDisk(tipFolder(tip, base, copy), tip.edits);
        const after = await scoreOne(copy);
        await expectTipKeepsItsWord(tip, before, after);
        if (tip.target.kind !== 'skill') {
          // The component named is the one that improved.
          const name = path.basename(tip.target.path, '.md');
          const was = before.components!.find((c) => c.kind === tip.target.kind && c.name === name)!;
          const now = after.components!.find((c) => c.kind === tip.target.kind && c.name === name)!;
          expect(now.score!, tip.id).toBeGreaterThan(was.score!);
          expect(tip.dimension).toBe('triggering_accuracy');
        }
      }
      const gains = before.tips.map((t) => t.gain);
      expect(gains).toEqual([...gains].sort((a, b) => b - a));
    },
    HANG_LIMIT_MS,
  );

  it('cwc-makers: its setup command runs git and curl, so the allowed-tools tip names Bash, not a read-only set', async () => {
    const r = await scoreOne(copyOf(path.join(CORPUS_DIR, 'claude-plugins-official/plugins/cwc-makers')));
    const tip = r.tips.find(
      (t) => t.target.path.endsWith('commands/maker-setup.md') && t.id === 'command-quality/allowed-tools',
    );
    expect(tip?.example).toBe('allowed-tools: Bash');
    expect(tip?.target.kind).toBe('command');
  });

  it('names the agent or command, offers only what its evidence shows missing, in fixed words', async () => {
    const base = copyOf(weakComponentsPlugin());
    const r = await scoreOne(base);
    const about = (file: string) =>
      r.tips
        .filter((t) => (t.components ?? [t.target]).some((c) => c.path.endsWith(file)))
        .map((t) => t.id)
        .sort();
    expect(about('agents/diff-reviewer.md')).toEqual([
      'agent-quality/description',
      'agent-quality/examples',
      'agent-quality/model',
      'agent-quality/name',
      'agent-quality/output',
      'agent-quality/tools',
    ]);
    expect(about('agents/doc-summarizer.md')).toEqual([
      'agent-quality/description',
      'agent-quality/examples',
      'agent-quality/model',
      'agent-quality/name',
      'agent-quality/output',
      'agent-quality/tools',
    ]);
    expect(about('commands/deploy.md')).toEqual([
      'command-quality/allowed-tools',
      'command-quality/argument-hint',
      'command-quality/description',
      'command-quality/steps',
    ]);
    expect(about('commands/status.md')).toEqual([]);
    const tip = (file: string, id: string) =>
      r.tips.find((t) => (t.components ?? [t.target]).some((c) => c.path.endsWith(file)) && t.id === id)!;
    expect(tip('agents/diff-reviewer.md', 'agent-quality/name').target.kind).toBe('agent');
    expect(tip('commands/deploy.md', 'command-quality/steps').target.kind).toBe('command');
    // Tools from what the prompt uses; the name from the file; the description's example is fixed text.
    expect(tip('agents/diff-reviewer.md', 'agent-quality/tools').example).toBe('tools: Grep');
    expect(tip('commands/deploy.md', 'command-quality/allowed-tools').example).toBe('allowed-tools: Bash');
    expect(tip('commands/deploy.md', 'command-quality/argument-hint').example).toBe('argument-hint: <arg1>');
    expect(tip('agents/doc-summarizer.md', 'agent-quality/name').example).toBe('name: doc-summarizer');
    expect(tip('agents/diff-reviewer.md', 'agent-quality/description').action).toBe(
      'The agent\'s description "Reviews diffs." is 14 characters (40 or more score best); does not say when to ' +
        'use the agent. Say what the agent does, then "Use this agent when ...": the router picks agents by this text.',
    );
    expect(tip('agents/doc-summarizer.md', 'agent-quality/description').example).toBe(
      'description: "(What the doc-summarizer agent does, in one sentence.) Use this agent when (the requests that ' +
        'should reach it)."',
    );
    expect(tip('commands/deploy.md', 'command-quality/description').example).toBe(
      'description: "(What /deploy does, in one line.)"',
    );
    // The same fix in both agents is one tip naming both, worth what both give.
    const model = tip('agents/diff-reviewer.md', 'agent-quality/model');
    expect(model.components?.map((c) => path.basename(c.path)).sort()).toEqual([
      'diff-reviewer.md',
      'doc-summarizer.md',
    ]);
    expect(r.tips.filter((t) => t.id === 'agent-quality/model')).toHaveLength(1);
  });

  it('an agent and a command that have everything get no tip', async () => {
    const agent = await makeComponent(
      '---\nname: code-reviewer\ndescription: Reviews diffs for bugs. Use this agent when the user asks for a ' +
        'review.\ntools: Read, Grep\nmodel: inherit\n---\n\n## When to use\n\nAfter edits.\n\nReturn one line per ' +
        'issue.\n',
      'agent',
      'code-reviewer',
    );
    expect(agentQuality.improve!(agent, agentQuality.run(agent))).toEqual([]);
    const command = await makeComponent(
      '---\ndescription: Deploy the branch to staging.\nargument-hint: <env>\nallowed-tools: Bash\n---\n\n1. ' +
        'Run the tests for $1.\n2. Deploy.\n',
      'command',
      'deploy',
    );
    expect(commandQuality.improve!(command, commandQuality.run(command))).toEqual([]);
  });

  it('compat offers no static tips: PluginEval has none, and the default checks do not score compat', async () => {
    const base = copyOf(weakComponentsPlugin());
    const run = await score([base], { methodology: 'compat' });
    expect(run.results[0]!.tips).toEqual([]);
  });
});
