import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResponseCache } from '../src/providers/cache/store.js';
import { SCHEMAS, jsonSchemaFor, schemaId } from '../src/cli/commands/schema.js';
import { SETTINGS } from '../src/config/settings.js';
import { writeGoldenIteration } from './evals/golden-workspace.js';
import { toolOf } from './judgekit/fake-judge.js';
import { goldenEntries } from './logs/golden.js';
import { writeLogTree } from './logs/log-tree.js';
import { cli } from './support/cli.js';
import { startModelServer, type ModelServer, type Reply, type ScriptRequest } from './support/model-server.js';
import { tempTree } from './support/tmp.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';

/**
 * The JSON Schemas `plugin-eval schema NAME` exports, as a user's validator sees them: each declares its draft
 * and says which schema it is, and real CLI output validates against the exported document itself (read back
 * with zod's JSON Schema reader: the project has no other validator), not only against the zod schema it came from.
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKILLS = ['examples/skills/csv-profiler', 'examples/skills/changelog-writer'].map((p) => path.join(ROOT, p));
const NAMES = Object.keys(SCHEMAS).sort();

const tree = tempTree('plugin-eval-json-schemas-');
// A test that moves a folder through the environment (vi.stubEnv) leaves it as it was for the next one.
afterEach(() => vi.unstubAllEnvs());

/** The exported JSON Schema of NAME as a validator: the document `plugin-eval schema NAME` prints, read back. */
function validatorFor(name: string): z.ZodType {
  const printed = JSON.parse(JSON.stringify(jsonSchemaFor(name))) as Parameters<typeof z.fromJSONSchema>[0];
  return z.fromJSONSchema(printed);
}

/**
 * A command's JSON output, checked against the exported schema NAME; and, since a validator that accepted anything
 * would prove nothing, the same document without its required field `required` is refused.
 */
async function printedAs(
  name: string,
  required: string,
  argv: string[],
  exitCode = 0,
): Promise<Record<string, unknown>> {
  const out = await cli(...argv);
  expect(out.code, out.stderr).toBe(exitCode);
  const printed = JSON.parse(out.stdout) as Record<string, unknown>;
  expect(validatorFor(name).safeParse(printed).error).toBeUndefined();
  expect(printed).toHaveProperty(required);
  const { [required]: _dropped, ...without } = printed;
  expect(validatorFor(name).safeParse(without).success, `${name} without ${required}`).toBe(false);
  return printed;
}

describe('every exported JSON Schema', () => {
  it.each(NAMES)('%s declares draft 2020-12, an $id and a title, and reads back as a schema', (name) => {
    const schema = jsonSchemaFor(name);
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(schemaId(name));
    expect(schema.title).toEqual(expect.any(String));
    expect(() => validatorFor(name)).not.toThrow();
  });

  it('$ids are distinct', () => {
    expect(new Set(NAMES.map((n) => jsonSchemaFor(n).$id)).size).toBe(NAMES.length);
  });

  it('docs/output-formats.md names every schema, and no other', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/output-formats.md'), 'utf8');
    const table = doc.slice(doc.indexOf('| schema | what it describes |')).split('\n\n')[0]!.split('\n').slice(2);
    const documented = table.flatMap((row) =>
      [...(row.split('|')[1] ?? '').matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!),
    );
    expect(documented.sort()).toEqual(NAMES);
  });

  it('the CLI prints the same document, $id and title included', async () => {
    const out = await cli('schema', 'score-run');
    expect(out.code).toBe(0);
    expect(JSON.parse(out.stdout)).toEqual(jsonSchemaFor('score-run'));
  });
});

describe('real output validates against the exported JSON Schema', () => {
  it('score --output json is a score-run, and each of its results a score-result', async () => {
    const out = await cli('score', ...SKILLS, '--output', 'json', '--no-store');
    expect(out.code).toBe(0);
    const run = JSON.parse(out.stdout) as { results: unknown[] };
    expect(validatorFor('score-run').safeParse(run).error).toBeUndefined();
    expect(run.results).toHaveLength(2);
    for (const result of run.results) expect(validatorFor('score-result').safeParse(result).error).toBeUndefined();
    // And a validator that accepted anything would prove nothing: a result without its composite is refused.
    expect(
      validatorFor('score-result').safeParse({ ...(run.results[0] as object), composite: undefined }).success,
    ).toBe(false);
  });

  it('validate --output json is a validation-report, with its diagnostics', async () => {
    const broken = path.join(ROOT, 'test/fixtures');
    const out = await cli('validate', broken, '--output', 'json');
    const report = JSON.parse(out.stdout) as { diagnostics: unknown[] };
    expect(report.diagnostics.length).toBeGreaterThan(0);
    expect(validatorFor('validation-report').safeParse(report).error).toBeUndefined();
    expect(validatorFor('validation-report').safeParse({ ...report, disabled: undefined }).success).toBe(false);
  });

  it('a command that stops before its report prints a command-failure with --output json', async () => {
    const empty = tree.dir('no-skill-here');
    const printed = await printedAs('command-failure', 'error', ['validate', empty, '--output', 'json'], 2);
    expect(printed).toMatchObject({ ok: false, command: 'validate', exitCode: 2, error: { code: 'INPUT' } });
  });

  it('the config file example of docs/configuration.md is a config', () => {
    const doc = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(doc)?.[1];
    expect(example).toBeDefined();
    expect(validatorFor('config').safeParse(JSON.parse(example!)).error).toBeUndefined();
  });

  it('every setting with a config key is a field of the config schema, checked as its row checks it', () => {
    const config = validatorFor('config');
    const at = (keys: readonly string[], value: unknown): Record<string, unknown> =>
      keys.length === 1 ? { [keys[0]!]: value } : { [keys[0]!]: at(keys.slice(1), value) };
    for (const spec of SETTINGS) {
      if (spec.config === undefined) continue;
      // The shape every field rejects: an object where a setting's value goes (prices, rules: a nested number).
      const wrong = ['prices', 'rules'].includes(spec.key) ? { x: 1 } : { x: { y: 1 } };
      expect(config.safeParse(at(spec.config, wrong)).success, spec.config.join('.')).toBe(false);
      const value = spec.default('score');
      if (value !== undefined && !(Array.isArray(value) && value.length === 0))
        expect(config.safeParse(at(spec.config, value)).error, spec.config.join('.')).toBeUndefined();
    }
  });

  it('compare A B --output json is a score-comparison', async () => {
    const c = await printedAs('score-comparison', 'dimensions', ['compare', ...SKILLS, '--output', 'json']);
    expect(c.a).toMatchObject({ path: SKILLS[0] });
  });

  it('cache stats --output json is a cache-stats, empty or not', async () => {
    const dir = tree.dir('cache');
    vi.stubEnv('PLUGIN_EVAL_CACHE_DIR', dir);
    const empty = await printedAs('cache-stats', 'location', ['cache', 'stats', '--output', 'json']);
    expect(empty).toMatchObject({ entries: 0, oldest: null });
    const cache = await ResponseCache.open({ dir });
    await cache.set('k', { text: 'cached' }, { provider: 'anthropic', model: 'claude-haiku-4-5' });
    cache.close();
    expect(await printedAs('cache-stats', 'session', ['cache', 'stats', '--json'])).toMatchObject({
      entries: 1,
      oldest: expect.any(Number),
    });
  });

  describe('the execution logs', () => {
    const root = path.join(tree.root, 'logs');
    writeLogTree(root, goldenEntries());
    tree.write('logs/demo/alpha/2026-01-20.jsonl', '{"not": "an entry"}\n');
    // The golden entries are from January 2026: a period long enough to hold them whenever the tests run.
    const period = ['--logs-dir', root, '--days', '36500', '--output', 'json'];

    it('logs aggregate and logs stats --output json are a logs-learnings-summary and a log-stats, bad lines counted', async () => {
      const learnings = await printedAs('logs-learnings-summary', 'queue', [
        'logs',
        'aggregate',
        '--out',
        path.join(tree.root, 'LEARNINGS.md'),
        ...period,
      ]);
      expect(learnings).toMatchObject({ kind: 'learnings', skills: 2, badLines: 1 });
      const stats = await printedAs('log-stats', 'undatedLines', ['logs', 'stats', ...period]);
      expect(stats).toMatchObject({ kind: 'log-stats', badLines: 1, undatedLines: 0 });
    });

    it('evaluate-skill --list and --invocation with --output json are an evaluate-skill-list and an evaluate-skill-rating', async () => {
      const list = await printedAs('evaluate-skill-list', 'mode', [
        'evaluate-skill',
        'demo:alpha',
        '--logs-dir',
        root,
        '--list',
        '--all',
        '--output',
        'json',
      ]);
      const [first] = list.unevaluated as { invocation_id: string }[];
      const id = first!.invocation_id;
      const saved = await printedAs('evaluate-skill-rating', 'qualitative_evaluation', [
        'evaluate-skill',
        'demo:alpha',
        '--logs-dir',
        root,
        '--invocation',
        id,
        '--rating',
        '4',
        '--friction',
        'slow',
        '--output',
        'json',
      ]);
      expect(saved).toMatchObject({
        invocation_id: id,
        replaced: false,
        qualitative_evaluation: { rating: 4, friction_points: ['slow'] },
      });
    });

    it('judge calibrate --from-logs --output json is a log-calibration (too few ratings: no judge call, exit 3)', async () => {
      await printedAs(
        'log-calibration',
        'enough',
        ['judge', 'calibrate', '--from-logs', '--logs-dir', root, '--output', 'json'],
        3,
      );
    });
  });

  it('init --output json is a corpus-init, and hooks status --json a hooks-status', async () => {
    await printedAs('corpus-init', 'total', [
      'init',
      path.join(ROOT, 'examples/skills'),
      '--corpus-dir',
      tree.dir('corpus'),
      '--output',
      'json',
    ]);
    vi.stubEnv('CLAUDE_HOME', tree.dir('claude'));
    expect((await cli('hooks', 'install', '--user')).code).toBe(0);
    const out = await cli('hooks', 'status', '--user', '--json');
    const found = JSON.parse(out.stdout) as Record<string, unknown>[];
    expect(validatorFor('hooks-status').safeParse(found).error).toBeUndefined();
    expect(validatorFor('hooks-status').safeParse(found.map(({ scope: _scope, ...rest }) => rest)).success).toBe(false);
  });

  it('evals grade, aggregate and history --output json are their summaries, without a model call', async () => {
    const ws = tree.dir('golden-workspace');
    writeGoldenIteration(path.join(ws, 'iteration-1'));
    const graded = await printedAs('evals-grade-summary', 'usage', ['evals', 'grade', ws, '--output', 'json']);
    // Already graded, an infrastructure run and a run with no expectations: every optional field of a row is used.
    expect(new Set((graded.rows as { status: string }[]).map((r) => r.status))).toEqual(
      new Set(['already_graded', 'infra', 'no_expectations']),
    );
    const aggregated = await printedAs('evals-aggregate-summary', 'benchmark', [
      'evals',
      'aggregate',
      ws,
      '--no-analyst',
      '--output',
      'json',
    ]);
    expect(aggregated.analyst).toEqual({ line: 'analyst: deterministic notes only (--no-analyst)' });
    await printedAs('evals-history-summary', 'history', ['evals', 'history', ws, '--output', 'json']);
  });

  describe('against the scripted model server (the real Claude Agent SDK and Anthropic SDK, no network)', () => {
    const side = (n: number) => ({
      content: { correctness: n, completeness: n, accuracy: n },
      structure: { organization: n, formatting: n, usability: n },
      strengths: ['clear'],
      weaknesses: ['short'],
    });
    const analysis = {
      winner_strengths: ['names Ada'],
      loser_weaknesses: ['terse'],
      instruction_following: { winner: { score: 9, issues: [] }, loser: { score: 7, issues: [] } },
      improvement_suggestions: [
        { priority: 'low', category: 'instructions', suggestion: 'say hello first', expected_impact: 'small' },
      ],
      transcript_insights: { winner_execution_pattern: 'answered', loser_execution_pattern: 'answered' },
    };
    // The blind comparator, the analyzer, and otherwise the agent's turn.
    const script = (r: ScriptRequest): Reply => {
      if (toolOf(r) === 'blind_comparison')
        return {
          json: { task_rubric: ['greets Ada'], A: side(5), B: side(3), winner: 'A', reasoning: 'A greets by name' },
        };
      if (toolOf(r) === 'post_hoc_analysis') return { json: analysis };
      return { text: 'Hello, Ada!', usage: { input: 50, output: 5 } };
    };
    let server: ModelServer;
    beforeAll(async () => {
      server = await startModelServer(script);
    });
    afterAll(async () => server.close());
    beforeEach(() => {
      for (const [key, value] of Object.entries({
        ANTHROPIC_API_KEY: 'sk-ant-offline-test',
        ANTHROPIC_BASE_URL: server.url,
        CLAUDE_CODE_MAX_RETRIES: '0',
        PLUGIN_EVAL_CACHE: 'false',
      }))
        vi.stubEnv(key, value);
    });

    it(
      'evals run and evals compare --output json are an evals-run-summary and an evals-compare-summary',
      async () => {
        const skill = path.dirname(
          tree.write(
            'skills/greeter/SKILL.md',
            '---\nname: greeter\ndescription: Greet people by name. Use when asked to greet someone.\n---\n\nSay ' +
              'hello.\n',
          ),
        );
        tree.write(
          'skills/greeter/evals/evals.json',
          JSON.stringify({
            skill_name: 'greeter',
            evals: [{ id: 1, prompt: 'Greet Ada.', expectations: ['Says hello to Ada'] }],
          }),
        );
        const ws = path.join(tree.root, 'greeter-workspace');
        const run = await printedAs('evals-run-summary', 'plan', [
          'evals',
          'run',
          skill,
          '--workspace',
          ws,
          '--agent-model',
          'claude-haiku-4-5',
          '--output',
          'json',
        ]);
        expect(run.unmeasured).toEqual([]);
        const runs = ['with_skill', 'without_skill'].map((c) => path.join(ws, 'iteration-1', 'eval-1', c, 'run-1'));
        const compared = await printedAs('evals-compare-summary', 'comparison', [
          'evals',
          'compare',
          ...runs,
          '--seed',
          '7',
          '--single-pass',
          '--output',
          'json',
        ]);
        expect(compared).toMatchObject({
          comparison: { winner: 'A' },
          analysis: { winner_strengths: ['names Ada'] },
          analysis_skipped: null,
        });
      },
      HANG_LIMIT_MS,
    );
  });
});
