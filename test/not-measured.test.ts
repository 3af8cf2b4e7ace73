/**
 * Issue 7 item 1, end to end through the main CLI and the REAL SDK clients against the scripted server: a
 * judge that cannot measure stops the run with exit 3 and a message naming provider, endpoint and cause; a
 * judge that failed on some dimensions gives a partial result (every format says "not measured by judge",
 * no badge, exit 3, no threshold passed). Never a higher composite or badge than the judge would have given.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../src/cli/exit-codes.js';
import type { ScoreResult } from '../src/model/result.js';
import { startModelServer, type ModelServer, type Reply } from './support/model-server.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, FIXTURES, SCRIPTED_SCORES, judgeScript } from './judge/judge-script.js';
import { singleResult } from './support/score-json.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';

const SKILL = path.join(FIXTURES, 'csv-report');
const scratch = tempTree('plugin-eval-nm-');
const cacheDir = scratch.dir('cache');
const saved = { ...process.env };
let server: ModelServer | undefined;

const script = (override?: (name: string, text: string) => Reply | undefined) =>
  judgeScript({
    candidate: 'csv-report',
    shouldTrigger: CSV_SHOULD_TRIGGER,
    nearMisses: CSV_NEAR_MISSES,
    score: (d) => SCRIPTED_SCORES[d] ?? 0,
    ...(override ? { override: (name, request) => override(name, JSON.stringify(request.body)) } : {}),
  });

beforeAll(() => {
  process.env.PLUGIN_EVAL_CACHE_DIR = cacheDir;
  for (const k of [
    'ANTHROPIC_API_KEY',
    'ANTHROPIC_AUTH_TOKEN',
    'ANTHROPIC_BASE_URL',
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
  ])
    delete process.env[k];
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const k of ['ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL', 'OPENAI_API_KEY']) delete process.env[k];
});
afterAll(() => {
  process.env = saved;
});

function useAnthropic(s: ModelServer): void {
  process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
  process.env.ANTHROPIC_BASE_URL = s.url;
}

/** The composite and badge a working judge gives, to compare a failed run against. */
async function workingRun(): Promise<ScoreResult> {
  const s = await startModelServer(script());
  useAnthropic(s);
  const out = await cli('score', SKILL, '--depth', 'standard', '--output', 'json', '--no-cache');
  await s.close();
  expect(out.code, out.stderr).toBe(EXIT.OK);
  return singleResult(out.stdout);
}

describe('a judge that cannot measure stops the run (exit 3), never a score', () => {
  const fatal: [string, Reply, RegExp][] = [
    [
      'every call 401',
      { fault: 'status', status: 401, message: 'invalid x-api-key' },
      /authentication failed \(HTTP 401: .*invalid x-api-key/,
    ],
    [
      'every call 403',
      { fault: 'status', status: 403, message: 'organization disabled' },
      /permission denied \(HTTP 403: .*organization disabled/,
    ],
    [
      'unknown model (404)',
      { fault: 'status', status: 404, message: 'model: claude-nope-1' },
      /not found \(HTTP 404: .*claude-nope-1.*\); the model name is unknown there/,
    ],
  ];

  it.each(fatal)(
    '%s: exit 3, one message naming provider, endpoint and cause; no report, no threshold passed; calls stop at once',
    async (_name, reply, cause) => {
      server = await startModelServer([reply]);
      useAnthropic(server);
      for (const extra of [[], ['--threshold', '0']]) {
        const out = await cli('score', SKILL, '--depth', 'standard', '--output', 'json', '--no-cache', ...extra);
        expect(out.code).toBe(EXIT.NOT_MEASURED);
        // No report: only the failure document a machine format prints when a command stops.
        expect(JSON.parse(out.stdout)).toMatchObject({ ok: false, exitCode: EXIT.NOT_MEASURED });
        expect(out.stderr).toMatch(
          new RegExp(`plugin-eval: could not measure: the anthropic provider at ${server.url.replace(/\./g, '\\.')}: `),
        );
        expect(out.stderr).toMatch(cause);
        expect(out.stderr).not.toMatch(/\n\s+at /); // no stack trace
      }
      // Fail fast: the first fatal reply stops the rest. Each run has at most the calls already in flight (4 by
      // default; aborted ones may reach the server late), against the 10+ a full standard run makes.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(server.requests.length).toBeLessThanOrEqual(2 * 4);
    },
  );

  it(
    'nothing listening (connection refused): exit 3 after the short retries, naming the endpoint',
    async () => {
      const s = await startModelServer(script());
      const url = s.url;
      await s.close();
      process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
      process.env.ANTHROPIC_BASE_URL = url;
      const out = await cli(
        'score',
        SKILL,
        '--depth',
        'standard',
        '--output',
        'json',
        '--no-cache',
        '--threshold',
        '0',
      );
      expect(out.code).toBe(EXIT.NOT_MEASURED);
      expect(JSON.parse(out.stdout)).toMatchObject({ ok: false, exitCode: EXIT.NOT_MEASURED });
      expect(out.stderr).toContain(
        `could not measure: the anthropic provider at ${url}: connection refused (ECONNREFUSED): nothing is ` +
          `listening there (gave up after 3 attempts)`,
      );
    },
    HANG_LIMIT_MS,
  );

  it('no credentials (--provider anthropic without a key): exit 3 naming provider and endpoint', async () => {
    const out = await cli('score', SKILL, '--depth', 'standard', '--provider', 'anthropic', '--no-cache');
    expect(out.code).toBe(EXIT.NOT_MEASURED);
    expect(out.stderr).toContain(
      'could not measure: the anthropic provider at https://api.anthropic.com: no credentials: set ANTHROPIC_API_KEY',
    );
  });

  it('OpenAI-compatible server answering 401: same exit and message shape', async () => {
    server = await startModelServer([{ fault: 'status', status: 401, message: 'bad key' }]);
    process.env.OPENAI_API_KEY = 'sk-test';
    const out = await cli(
      'score',
      SKILL,
      '--depth',
      'standard',
      '--provider',
      'openai',
      '--base-url',
      server.openaiBaseURL,
      '--model',
      'gpt-test',
      '--no-cache',
    );
    expect(out.code).toBe(EXIT.NOT_MEASURED);
    expect(out.stderr).toMatch(
      /could not measure: the openai-compatible\(127\.0\.0\.1:\d+\) provider at http:\/\/127\.0\.0\.1:\d+\/v1: authentication failed \(HTTP 401/,
    );
  });

  it(
    'Claude Code not logged in (the real Agent SDK and binary, isolated HOME, no key): exit 3, says to log in',
    async () => {
      server = await startModelServer(script());
      const home = scratch.fresh('cc-home-');
      Object.assign(process.env, {
        HOME: home,
        CLAUDE_CONFIG_DIR: path.join(home, '.claude'),
        ANTHROPIC_BASE_URL: server.url,
      });
      try {
        const out = await cli(
          'score',
          SKILL,
          '--depth',
          'standard',
          '--provider',
          'claude-code',
          '--no-cache',
          '--threshold',
          '0',
        );
        expect(out.code).toBe(EXIT.NOT_MEASURED);
        expect(out.stdout).toBe('');
        expect(out.stderr).toMatch(
          /could not measure: the claude-code provider at http:\/\/127\.0\.0\.1:\d+ \(through Claude Code\): Claude Code is not logged in .*\/login/,
        );
        expect(server.requests).toHaveLength(0);
      } finally {
        process.env.HOME = saved.HOME;
        delete process.env.CLAUDE_CONFIG_DIR;
      }
    },
    HANG_LIMIT_MS,
  );
});

describe('partial measurement: some judged dimensions failed', () => {
  // output_quality has no static share: failing it must not leave the composite resting on a silent fallback.
  const invalidOutputQuality = (name: string): Reply | undefined =>
    name === 'judge_output_quality'
      ? { json: { evidence: ['x'], reasoning: 'r', simulatedTasks: [], score: 1.7, suggestion: 's' } }
      : undefined;

  it('json: the gap is on the result and the dimension, no judge score stands in, no badge, exit 3 even with --threshold 0', async () => {
    const working = await workingRun();
    server = await startModelServer(script(invalidOutputQuality));
    useAnthropic(server);
    const out = await cli('score', SKILL, '--depth', 'standard', '--output', 'json', '--no-cache', '--threshold', '0');
    expect(out.code).toBe(EXIT.NOT_MEASURED);
    const r = singleResult(out.stdout);
    expect(r.measurement.status).toBe('partial');
    expect(r.measurement.gaps).toEqual([
      expect.objectContaining({ layer: 'judge', dimension: 'output_quality', measured: false }),
    ]);
    expect(r.measurement.gaps[0]!.reason).toMatch(
      /gave no valid answer: reply does not match the schema.*after one repair request/s,
    );
    const oq = r.dimensions.find((d) => d.name === 'output_quality')!;
    expect(oq.measured).toBe(false);
    expect(oq.layers.judge).toBeUndefined();
    expect(oq.notMeasuredBy?.judge).toBe(r.measurement.gaps[0]!.reason);
    // The other judged dimensions are measured as with a working judge.
    expect(r.dimensions.find((d) => d.name === 'scope_calibration')!.score).toBeCloseTo(
      working.dimensions.find((d) => d.name === 'scope_calibration')!.score!,
      12,
    );
    expect(r.composite.confidenceLabel).toBe('Assessed');
    expect(working.composite.badge).not.toBe('none');
    expect(r.composite.badge).toBe('none');
    expect(out.stderr).toMatch(/partial: .*csv-report: output_quality not measured by judge: /);
    // The whole reason on the one line, not its first line ("... does not match the schema:") cut off before the cause.
    expect(out.stderr).toMatch(
      /output_quality not measured by judge: .*reply does not match the schema: .*✖ Too big: expected number to be <=1 → at score .*after one repair request/,
    );
    expect(out.stderr).toContain('the run was partial (exit 3)');
    // Both replies (the first and the repair request) were out of range: 1.7 was never clamped to a perfect 1.0.
    expect(
      server.requests.filter((q) => JSON.stringify(q.body).includes('"name":"judge_output_quality"')),
    ).toHaveLength(2);
  });

  it('a judged dimension with a static share is scored from the static layer alone, and every format says so', async () => {
    const invalidOrchestration = (name: string): Reply | undefined =>
      name === 'judge_orchestration_fitness' ? { json: { score: 'high' } } : undefined;
    server = await startModelServer(script(invalidOrchestration));
    useAnthropic(server);
    const json = singleResult((await cli('score', SKILL, '--depth', 'standard', '--output', 'json')).stdout);
    const o = json.dimensions.find((d) => d.name === 'orchestration_fitness')!;
    expect(o.measured).toBe(true);
    expect(Object.keys(o.layers)).toEqual(['static']);
    expect(o.score).toBe(o.layers.static);
    expect(o.evidence.some((e) => e.startsWith('not measured by judge: '))).toBe(true);

    const expectations: Record<string, RegExp> = {
      text: /orchestration_fitness: not measured by judge: .*scored from the static layer alone/s,
      markdown: /orchestration\\_fitness: not measured by judge: .*scored from the static layer alone/s,
      html: /orchestration_fitness: not measured by judge: .*scored from the static layer alone/s,
      junit:
        /<failure message="partial measurement: 1 dimension not fully measured \(exit code 3\)" type="not-measured">orchestration_fitness: not measured by judge/,
      sarif: /"text": ".*orchestration_fitness: not measured by judge: .*scored from the static layer alone/,
      jsonl: /"status":"partial"/,
    };
    for (const [format, pattern] of Object.entries(expectations)) {
      const out = await cli('score', SKILL, '--depth', 'standard', '--output', format, '--threshold', '0');
      expect(out.code, format).toBe(EXIT.NOT_MEASURED);
      expect(out.stdout, format).toMatch(pattern);
    }
    const sarif = JSON.parse((await cli('score', SKILL, '--depth', 'standard', '--output', 'sarif')).stdout) as {
      runs: { invocations: { executionSuccessful: boolean }[] }[];
    };
    expect(sarif.runs[0]!.invocations[0]!.executionSuccessful).toBe(false);
    const pe = JSON.parse(
      (await cli('score', SKILL, '--depth', 'standard', '--output', 'json', '--format', 'plugineval')).stdout,
    ) as {
      layers: { layer: string; metadata: { not_measured?: Record<string, string> } }[];
      composite: { badge: string; dimensions: { name: string; evidence: string[] }[] };
    };
    expect(pe.layers.find((l) => l.layer === 'judge')!.metadata.not_measured?.orchestration_fitness).toMatch(
      /gave no valid answer/,
    );
    expect(
      pe.composite.dimensions
        .find((d) => d.name === 'orchestration_fitness')!
        .evidence.some((e) => e.startsWith('not measured by judge')),
    ).toBe(true);
    expect(pe.composite.badge).toBe('no_badge');
  });

  it('a judge that measured nothing is not "Assessed" and does not count as run', async () => {
    server = await startModelServer(script(() => ({ json: { nonsense: true } })));
    useAnthropic(server);
    const out = await cli('score', SKILL, '--depth', 'standard', '--output', 'json', '--no-cache');
    expect(out.code).toBe(EXIT.NOT_MEASURED);
    const r = singleResult(out.stdout);
    expect(r.composite.confidenceLabel).toBe('Estimated');
    expect(r.layersRun).toEqual(['static']);
    expect(r.measurement.gaps.map((g) => g.dimension).sort()).toEqual([
      'code_template_quality',
      'orchestration_fitness',
      'output_quality',
      'scope_calibration',
      'triggering_accuracy',
    ]);
    expect(r.composite.badge).toBe('none');
  });
});

describe('plugins: a skill whose judge failed never drops out of the averages silently', () => {
  const tree = tempTree('plugin-eval-nm-plugin-');
  const skillText = readFileSync(path.join(SKILL, 'SKILL.md'), 'utf8');
  tree.write(
    'csv-plugin/.claude-plugin/plugin.json',
    JSON.stringify({ name: 'csv-plugin', description: 'CSV tools', version: '1.0.0' }),
  );
  tree.write('csv-plugin/skills/csv-report/SKILL.md', skillText);
  tree.write('csv-plugin/skills/csv-digest/SKILL.md', skillText.replace(/^name: csv-report$/m, 'name: csv-digest'));
  const plugin = path.join(tree.root, 'csv-plugin');

  it('each judged dimension says how many skills it covers; a dimension one skill failed on is partial (exit 3)', async () => {
    // Only csv-digest's scope calibration answer is invalid.
    server = await startModelServer(
      script((name, body) =>
        name === 'judge_scope_calibration' && body.includes('name: csv-digest')
          ? { json: { score: 'n/a' } }
          : undefined,
      ),
    );
    useAnthropic(server);
    const out = await cli('score', plugin, '--depth', 'standard', '--output', 'json', '--no-cache', '--threshold', '0');
    expect(out.code, out.stderr).toBe(EXIT.NOT_MEASURED);
    const r = singleResult(out.stdout);
    expect(r.target.kind).toBe('plugin');
    const gap = r.measurement.gaps.find((g) => g.dimension === 'scope_calibration')!;
    expect(gap).toMatchObject({ layer: 'judge', measured: true });
    expect(gap.reason).toMatch(
      /^1 of 2 skills; not measured for csv-digest: the claude-sonnet-\S+ judge gave no valid answer/,
    );
    const scope = r.dimensions.find((d) => d.name === 'scope_calibration')!;
    expect(
      scope.evidence.some((e) => e.startsWith('judge: mean over 1 of 2 skills; not measured for csv-digest')),
    ).toBe(true);
    const output = r.dimensions.find((d) => d.name === 'output_quality')!;
    expect(output.evidence).toContain('judge: mean over 2 of 2 skills');
    expect(r.measurement.gaps).toHaveLength(1);
    expect(r.composite.badge).toBe('none');
  });
});
