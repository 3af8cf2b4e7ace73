import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cli } from './support/cli.js';
import { CORPUS_DIR, EXPECTED_DIR } from './support/corpus.js';
import { tempTree } from './support/tmp.js';
import { startModelServer } from './support/model-server.js';
import { judgeScript } from './judge/judge-script.js';
import { singleResult } from './support/score-json.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const EXAMPLE = path.join(ROOT, 'examples/skills/csv-profiler');
const HOOKIFY_RULES = path.join(CORPUS_DIR, 'claude-plugins-official/plugins/hookify/skills/writing-rules');
const tree = tempTree('plugin-eval-cli-');

describe('score', () => {
  it('json output validates against the published schema', async () => {
    const out = await cli('score', EXAMPLE, '--output', 'json');
    expect(out.code).toBe(0);
    const parsed = singleResult(out.stdout);
    expect(parsed.target.path).toBe(EXAMPLE);
    expect(parsed.layersRun).toEqual(['static']);
  });

  it("--format plugineval reproduces PluginEval's JSON for a corpus skill", async () => {
    const out = await cli(
      'score',
      HOOKIFY_RULES,
      '--methodology',
      'compat',
      '--format',
      'plugineval',
      '--output',
      'json',
    );
    const got = JSON.parse(out.stdout);
    const expected = JSON.parse(
      readFileSync(
        path.join(EXPECTED_DIR, 'claude-plugins-official__plugins__hookify__skills__writing-rules.json'),
        'utf8',
      ),
    );
    expect(got.composite.score).toBeCloseTo(expected.composite.score, 6);
    expect(got.composite.badge).toBe(expected.composite.badge);
    expect(got.layers[0].sub_scores).toEqual(expected.layers[0].sub_scores);
    expect(got.composite.dimensions.map((d: { grade: string }) => d.grade)).toEqual(
      expected.composite.dimensions.map((d: { grade: string }) => d.grade),
    );
    expect(Object.keys(got).sort()).toEqual(Object.keys(expected).sort());
  });

  it('--format plugineval goes with json and jsonl only: any other output is exit 2 naming the outputs that take it, before scoring', async () => {
    for (const output of ['text', 'markdown', 'html', 'junit', 'sarif']) {
      const out = await cli('score', EXAMPLE, '--format', 'plugineval', '--output', output);
      expect(out.code, output).toBe(2);
      // Nothing was scored: the machine formats print only their failure document (reporters/failure.ts).
      if (output === 'junit' || output === 'sarif') expect(out.stdout, output).toContain('--format plugineval');
      else expect(out.stdout, output).toBe('');
      expect(out.stderr, output).toContain(
        `--format plugineval is PluginEval's JSON shape: it goes with --output json or jsonl, not --output ${output}`,
      );
    }
    const jsonl = await cli('score', EXAMPLE, '--format', 'plugineval', '--output', 'jsonl');
    expect(jsonl.code).toBe(0);
    expect(JSON.parse(jsonl.stdout)).toHaveProperty('plugin_path');
    // The default shape goes with every output.
    expect((await cli('score', EXAMPLE, '--format', 'native', '--output', 'junit')).code).toBe(0);
  });

  it('jsonl: one line per target, each with its path; a tree finds plugins and loose skills', async () => {
    const out = await cli('score', CORPUS_DIR, '--output', 'jsonl');
    const lines = out.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { target: { path: string; kind: string } });
    expect(lines.length).toBeGreaterThanOrEqual(18);
    expect(new Set(lines.map((l) => l.target.path)).size).toBe(lines.length);
    expect(lines.filter((l) => l.target.kind === 'plugin').length).toBe(16);
  });

  it('--threshold: exit 1 below, 0 at or above', async () => {
    expect((await cli('score', EXAMPLE, '--threshold', '99')).code).toBe(1);
    expect((await cli('score', EXAMPLE, '--threshold', '10')).code).toBe(0);
    const bad = await cli('score', EXAMPLE, '--threshold', 'abc');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--threshold must be a number');
  });

  it('error diagnostics exit 1 in the default methodology, 0 in compat (PluginEval behaviour)', async () => {
    // writing-rules' frontmatter name differs from its folder name: a spec error.
    expect((await cli('score', HOOKIFY_RULES)).code).toBe(1);
    expect((await cli('score', HOOKIFY_RULES, '--methodology', 'compat')).code).toBe(0);
  });

  it('a depth whose layers cannot measure says so in every format, with no silent downgrade', async () => {
    // The judge runs against the scripted server; it cannot write Monte Carlo prompts (its replies do not fit), so
    // Layer 3 runs no agent and measures nothing, and every format says why.
    const server = await startModelServer(
      judgeScript({ candidate: 'csv-profiler', shouldTrigger: [], nearMisses: [], score: () => 0.5 }),
    );
    const saved = { ...process.env };
    Object.assign(process.env, { ANTHROPIC_API_KEY: 'sk-ant-test', ANTHROPIC_BASE_URL: server.url });
    try {
      for (const output of ['text', 'json', 'markdown', 'html', 'junit', 'sarif']) {
        const out = await cli('score', EXAMPLE, '--depth', 'deep', '--no-cache', '--output', output);
        const flat = out.stdout.replace(/\s+/g, ' ');
        expect(out.code, output).toBe(3);
        expect(flat, output).toMatch(/monte\\?_carlo/i);
        expect(flat, output).toMatch(/prompt generation failed/);
      }
      const json = singleResult(
        (await cli('score', EXAMPLE, '--depth', 'deep', '--no-cache', '--output', 'json')).stdout,
      );
      expect(json.layersRequested).toEqual(['static', 'judge', 'monte_carlo']);
      expect(json.layersRun).toEqual(['static', 'judge']);
      expect(json.layersNotRun).toEqual([]);
      expect(
        json.measurement.gaps
          .filter((g) => g.layer === 'monte_carlo')
          .map((g) => g.dimension)
          .sort(),
      ).toEqual(['output_quality', 'robustness', 'token_efficiency', 'triggering_accuracy']);
      expect(json.composite.confidenceLabel).toBe('Assessed');
    } finally {
      process.env = saved;
      await server.close();
    }
    // Without a provider the library says the judge did not run, and why.
    const { score } = await import('../src/api/score.js');
    const run = await score([EXAMPLE], { depth: 'standard' });
    expect(run.results[0]!.layersNotRun).toEqual([
      { name: 'judge', reason: expect.stringMatching(/needs a model provider/) },
    ]);
    expect(run.results[0]!.composite.confidenceLabel).toBe('Estimated');
  });

  it('-o writes the report atomically to a file', async () => {
    const file = path.join(tree.root, 'report.json');
    const out = await cli('score', EXAMPLE, '--output', 'json', '-o', file);
    expect(out.code).toBe(0);
    expect(out.stdout).toBe('');
    expect(singleResult(readFileSync(file, 'utf8')).target.path).toBe(EXAMPLE);
  });

  it('unknown options and values: exit 2 with a message', async () => {
    const out = await cli('score', EXAMPLE, '--output', 'pdf');
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/pdf/);
  });
});

describe('compare, validate, schema', () => {
  it('compare prints every dimension with the delta', async () => {
    const a = path.join(CORPUS_DIR, 'context-engineering/skills/evaluation');
    const out = await cli('compare', a, EXAMPLE, '--output', 'json');
    const c = JSON.parse(out.stdout);
    expect(c.dimensions).toHaveLength(10);
    expect(c.delta).toBeCloseTo(c.b.composite - c.a.composite, 10);
    const text = await cli('compare', a, EXAMPLE);
    expect(text.stdout).toMatch(/triggering_accuracy/);
    expect(text.stdout).toMatch(/^penalty +\d\.\d\d +\d\.\d\d/m);
    expect(text.stdout.split('\n').every((l) => l.length <= 80)).toBe(true);
  });

  it('compare shows the penalty and one row per anti-pattern flag with counts A vs B', async () => {
    tree.write(
      'cmp/skills/noisy/SKILL.md',
      '---\nname: noisy\ndescription: Hi.\n---\n\nSee [a](references/a.md) and [b](references/b.md).\n',
    );
    const noisy = path.join(tree.root, 'cmp/skills/noisy');
    const out = JSON.parse((await cli('compare', noisy, EXAMPLE, '--output', 'json')).stdout);
    expect(out.penalty).toEqual({ a: 0.8, b: 1, delta: expect.closeTo(0.2, 10) });
    expect(out.antiPatterns).toEqual(
      expect.arrayContaining([
        { flag: 'ORPHAN_REFERENCE', a: 2, b: 0, delta: -2 },
        { flag: 'EMPTY_DESCRIPTION', a: 1, b: 0, delta: -1 },
      ]),
    );
    const text = (await cli('compare', noisy, EXAMPLE)).stdout;
    expect(text).toMatch(/^penalty +0\.80 +1\.00 +\+0\.20$/m);
    expect(text).toMatch(/^ {2}ORPHAN_REFERENCE +2 +0 +-2$/m);
  });

  it('compare with an unreadable SKILL.md: exit 2 naming the file and the problem, not only a count', async () => {
    const file = tree.write(
      'cmp-binary/skills/bin/SKILL.md',
      Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02, 0x0a]),
    );
    const out = await cli('compare', path.dirname(file), EXAMPLE);
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(
      /compare needs exactly one skill or plugin per side, found 0 \(and 1 unreadable: .*cmp-binary\/skills\/bin\/SKILL\.md: binary content \(NUL bytes\)/,
    );
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it('validate: linter-style lines and exit 1 on errors', async () => {
    const dir = path.join(tree.root, 'bad-skill');
    tree.write(
      'bad-skill/SKILL.md',
      '---\nname: Bad_Name\ndescription: <b>x</b>\n---\n\nSee [gone](references/gone.md).\n',
    );
    const out = await cli('validate', dir);
    expect(out.code).toBe(1);
    expect(out.stdout).toContain(`${dir}/SKILL.md:2:1  error  skill/name-format`);
    expect(out.stdout).toContain(`${dir}/SKILL.md:3:1  error  skill/description-angle-brackets`);
    expect(out.stdout).toContain(`${dir}/SKILL.md:6:5  error  links/broken`);
    expect((await cli('validate', EXAMPLE)).code).toBe(0);
  });

  it('validate the whole corpus without crashing, finding the known problems', async () => {
    const out = await cli('validate', CORPUS_DIR, '--output', 'json');
    const report = JSON.parse(out.stdout) as { diagnostics: { ruleId: string; file: string }[] };
    expect(
      report.diagnostics.some((d) => d.ruleId === 'skill/name-matches-directory' && d.file.includes('writing-rules')),
    ).toBe(true);
  });

  it('schema score-result is a JSON Schema of the native result', async () => {
    const out = await cli('schema', 'score-result');
    const schema = JSON.parse(out.stdout);
    expect(schema.$schema).toMatch(/json-schema/);
    const root = schema.$ref ? schema.$defs[String(schema.$ref).split('/').pop()!] : schema;
    // A number, or null when nothing was scored.
    expect(root.properties.composite.properties.score.type).toEqual(['number', 'null']);
    expect(root.required).toContain('dimensions');
    expect((await cli('schema', 'nope')).code).toBe(2);
    expect((await cli('schema')).stdout).toContain('plugin-manifest');
  });
});

describe('--output json is the one spelling of JSON output', () => {
  it('no command offers --json: cache and hooks take --output text|json as every other command does', async () => {
    const { buildProgram } = await import('../src/cli/run.js');
    type Cmd = { name(): string; options: readonly { long?: string; hidden: boolean }[]; commands: readonly Cmd[] };
    const offering: string[] = [];
    const walk = (cmd: Cmd, at: string): void => {
      if (cmd.options.some((o) => o.long === '--json' && !o.hidden)) offering.push(at);
      for (const sub of cmd.commands) walk(sub, `${at} ${sub.name()}`.trim());
    };
    // judge, logs and evals register their subcommands only when named.
    for (const argv of [[], ['judge'], ['logs'], ['evals']]) {
      const ui = {
        stdout: () => {},
        stderr: () => {},
        color: false,
        stderrIsTTY: false,
        quiet: true,
        width: 80,
        signal: undefined,
      };
      walk((await buildProgram(ui, () => {}, argv)) as unknown as Cmd, '');
    }
    expect(offering).toEqual([]);
  });

  it('cache stats --output json is what --json printed, which is still read; the two cannot disagree', async () => {
    const before = process.env.PLUGIN_EVAL_CACHE_DIR;
    process.env.PLUGIN_EVAL_CACHE_DIR = tree.dir('output-json-cache');
    try {
      const output = await cli('cache', 'stats', '--output', 'json');
      expect(output.code, output.stderr).toBe(0);
      const stats = JSON.parse(output.stdout) as Record<string, unknown>;
      expect(stats).toMatchObject({ entries: 0, hits: 0, misses: 0 });
      expect(Object.keys(JSON.parse((await cli('cache', 'stats', '--json')).stdout) as object)).toEqual(
        Object.keys(stats),
      );
      expect((await cli('cache', 'stats')).stdout).toMatch(/^\S.*\n/);
      const contradiction = await cli('cache', 'stats', '--json', '--output', 'text');
      expect(contradiction.code).toBe(2);
      expect(contradiction.stderr).toContain(
        '--json is the older spelling of --output json: it contradicts --output text',
      );
    } finally {
      if (before === undefined) delete process.env.PLUGIN_EVAL_CACHE_DIR;
      else process.env.PLUGIN_EVAL_CACHE_DIR = before;
    }
  });
});

describe('the built binary', () => {
  const bin = path.join(ROOT, 'dist/bin/plugin-eval.js');
  it('runs, exits 2 on a missing path without a stack trace, and prints one with --debug off', () => {
    expect(existsSync(bin), 'run `npm run build` first (npm test does)').toBe(true);
    const ok = spawnSync(process.execPath, [bin, 'score', EXAMPLE, '--output', 'json'], { encoding: 'utf8' });
    expect(ok.status).toBe(0);
    expect(singleResult(ok.stdout).composite.score).toBeGreaterThan(0);
    const missing = spawnSync(process.execPath, [bin, 'score', '/definitely/not/here'], { encoding: 'utf8' });
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('/definitely/not/here: no such file or directory');
    expect(missing.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('atomic report writes', () => {
  it('a report to a missing folder is exit 2 naming the file, and leaves no partial or temp file', async () => {
    const file = path.join(tree.root, 'no-such-dir', 'report.json');
    const out = await cli('score', EXAMPLE, '--output', 'json', '-o', file);
    expect(out.code).toBe(2);
    // Checked before scoring (test/out-preflight.test.ts), so the message names the missing folder.
    expect(out.stderr).toContain(`${file}: the folder ${path.dirname(file)} does not exist; nothing was done`);
    expect(existsSync(file)).toBe(false);
  });

  it('replaces an existing report whole', async () => {
    const file = tree.write('existing.json', 'old content that is longer than nothing');
    await cli('score', EXAMPLE, '--output', 'json', '-o', file);
    expect(() => JSON.parse(readFileSync(file, 'utf8'))).not.toThrow();
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(tree.root).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });
});
