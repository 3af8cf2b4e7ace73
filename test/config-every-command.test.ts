import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import { runCli } from '../src/cli/run.js';
import type { Ui } from '../src/cli/ui.js';
import { DirectScoreResult } from '../src/judge/kit/index.js';
import { MODEL_ALIASES } from '../src/providers/models.js';
import {
  CSV_NEAR_MISSES,
  CSV_SHOULD_TRIGGER,
  FIXTURES,
  SCRIPTED_SCORES,
  judgeScript as layerScript,
} from './judge/judge-script.js';
import { judgeScript as toolkitScript, toolOf } from './judgekit/fake-judge.js';
import { cli } from './support/cli.js';
import { singleResult } from './support/score-json.js';
import { startModelServer, type ModelServer } from './support/model-server.js';
import { tempTree } from './support/tmp.js';

/**
 * One config file, and every subcommand observes a setting from it: score and compare its methodology, certify
 * its provider, model and base URL (and ignores its quick depth), judge the same provider settings, cache its
 * folder, validate reads it (a broken one stops it), and the library's score() finds it from the working folder.
 */
const tree = tempTree('plugin-eval-every-command-');
const SKILL = path.join(FIXTURES, 'csv-report');
const saved = { ...process.env };
let server: ModelServer;
let config = '';
let cacheDir = '';

beforeAll(async () => {
  const layer = layerScript({
    candidate: 'csv-report',
    shouldTrigger: CSV_SHOULD_TRIGGER,
    nearMisses: CSV_NEAR_MISSES,
    score: (d) => SCRIPTED_SCORES[d] ?? 0,
  });
  const toolkit = toolkitScript();
  // The judge toolkit's requests and the judge layer's go to the same server: each script answers its own.
  server = await startModelServer((request) =>
    ['direct_score', 'pairwise_verdict', 'rubric'].includes(toolOf(request) ?? '') ? toolkit(request) : layer(request),
  );
  cacheDir = tree.dir('cache-from-config');
  config = tree.write(
    'project/plugin-eval.config.json',
    JSON.stringify(
      {
        methodology: 'compat',
        depth: 'quick',
        provider: 'anthropic',
        model: 'haiku',
        baseURL: server.url,
        concurrency: 3,
        cache: { enabled: false, dir: cacheDir },
      },
      null,
      2,
    ),
  );
  // Credentials only: where to send the calls must come from the config file.
  process.env.ANTHROPIC_API_KEY = 'test-key';
  for (const v of [
    'ANTHROPIC_BASE_URL',
    'OPENAI_API_KEY',
    'OPENAI_BASE_URL',
    'PLUGIN_EVAL_CACHE_DIR',
    'PLUGIN_EVAL_MODEL',
    'PLUGIN_EVAL_PROVIDER',
    'PLUGIN_EVAL_DEPTH',
    'PLUGIN_EVAL_METHODOLOGY',
  ])
    delete process.env[v];
});
afterAll(async () => {
  process.env = saved;
  await server.close();
});

describe('plugin-eval --config FILE <every subcommand>', () => {
  it('score: methodology from the file', async () => {
    const out = await cli('--config', config, 'score', SKILL, '--output', 'json');
    expect(out.code, out.stderr).toBeLessThan(2);
    const r = singleResult(out.stdout);
    expect(r.methodology).toBe('compat');
    expect(r.depth).toBe('quick');
  });

  it('certify: provider, model and base URL from the file; its quick depth ignored with a note', async () => {
    const before = server.requests.length;
    const out = await cli('--config', config, 'certify', SKILL, '--output', 'json');
    expect(out.stderr).toContain(`certify runs at deep depth at least: depth quick from ${config}:3 depth is ignored`);
    const r = singleResult(out.stdout);
    expect(r.depth).toBe('deep');
    expect(r.layersRun).toContain('judge');
    const calls = server.requests.slice(before);
    expect(calls.length).toBeGreaterThan(0);
    expect(new Set(calls.map((c) => c.body.model))).toEqual(new Set([MODEL_ALIASES.haiku]));
    const provider = r.layers.find((l) => l.name === 'judge')!.usage!.provider;
    expect(provider).toContain(`provider "anthropic" from ${config}:4 provider`);
    expect(provider).not.toContain('--provider');
  });

  it('judge score: provider, model and base URL from the file', async () => {
    const before = server.requests.length;
    const out = await cli(
      '--config',
      config,
      'judge',
      'score',
      '--criteria',
      'accuracy',
      '--prompt',
      'Q?',
      '--response',
      'A [accuracy=4]',
      '--output',
      'json',
      '--verbose',
    );
    expect(out.code, out.stderr).toBe(0);
    expect(DirectScoreResult.parse(JSON.parse(out.stdout)).weightedScore).toBe(4);
    expect(server.requests.slice(before).map((c) => c.body.model)).toEqual([MODEL_ALIASES.haiku]);
    expect(out.stderr).toContain(`provider anthropic (config ${config}:4 provider)`);
    expect(out.stderr).toContain('concurrency 3 (config');
    expect(out.stderr).not.toContain('--provider');
  });

  it('judge schema after --config prints the schema (the config value is not taken for the command)', async () => {
    const out = await cli('--config', config, 'judge', 'schema', 'rubric');
    expect(out.code, out.stderr).toBe(0);
    expect(JSON.parse(out.stdout)).toHaveProperty('type', 'object');
  });

  it('compare: methodology from the file', async () => {
    const out = await cli('--config', config, 'compare', SKILL, SKILL, '--output', 'json');
    expect(out.code, out.stderr).toBe(0);
    const c = JSON.parse(out.stdout) as { a: { methodology: string }; b: { methodology: string } };
    expect([c.a.methodology, c.b.methodology]).toEqual(['compat', 'compat']);
    const flagWins = JSON.parse(
      (await cli('--config', config, 'compare', SKILL, SKILL, '--output', 'json', '--methodology', 'default')).stdout,
    ) as typeof c;
    expect(flagWins.a.methodology).toBe('default');
  });

  it('validate: reads the file (named in --verbose; a broken one stops it with file and line)', async () => {
    const out = await cli('--config', config, 'validate', SKILL, '--verbose');
    expect(out.code, out.stderr).toBeLessThan(2);
    expect(out.stderr).toContain(`configFile ${config} (flag --config)`);
    const broken = tree.write('broken/plugin-eval.config.json', '{\n  "depth": "sideways"\n}\n');
    const bad = await cli('--config', broken, 'validate', SKILL);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`${broken}:2: depth`);
  });

  it('cache: the folder from the file', async () => {
    const out = await cli('--config', config, 'cache', 'clear');
    expect(out.code, out.stderr).toBe(0);
    expect(out.stdout).toContain(cacheDir);
    expect(existsSync(cacheDir)).toBe(true);
  });

  it('the library: score() finds the file from the working folder unless config is false', async () => {
    const cwd = process.cwd();
    process.chdir(path.dirname(config));
    try {
      const found = await score([SKILL]);
      expect(found.results[0]!.methodology).toBe('compat');
      const ignored = await score([SKILL], { config: false });
      expect(ignored.results[0]!.methodology).toBe('default');
      const overridden = await score([SKILL], { methodology: 'default' });
      expect(overridden.results[0]!.methodology).toBe('default');
    } finally {
      process.chdir(cwd);
    }
    const explicit = await score([SKILL], { config });
    expect(explicit.results[0]!.methodology).toBe('compat');
  });
});

describe('the settings line', () => {
  it('says, on stderr, each setting that came from the environment or the config file', async () => {
    const lines: string[] = [];
    const ui: Ui = {
      stdout: () => undefined,
      stderr: (l) => lines.push(l),
      color: false,
      stderrIsTTY: false,
      quiet: false,
      width: 80,
      signal: undefined,
    };
    process.env.PLUGIN_EVAL_DEPTH = 'quick';
    try {
      expect(await runCli(['--config', config, 'score', SKILL, '--output', 'json'], ui)).toBeLessThan(2);
    } finally {
      delete process.env.PLUGIN_EVAL_DEPTH;
    }
    const line = lines.find((l) => l.startsWith('plugin-eval: settings: '));
    expect(line).toBe(
      `plugin-eval: settings: depth quick (env PLUGIN_EVAL_DEPTH), methodology compat (config ${config}:2 methodology)`,
    );
    // A flag the user typed (here --config) is not repeated back; --verbose lists everything.
  });
});
