import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeSettings, resolveSettings } from '../src/config/resolve.js';
import { SETTINGS } from '../src/config/settings.js';
import { ConfigError, UsageError } from '../src/errors.js';
import { commandNameOf } from '../src/cli/run.js';
import type { ScoreOptions } from '../src/pipeline/options.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-resolve-');

/** A config file in its own folder; the resolver reports it relative to `cwd`. */
function configIn(folder: string, json: object): { file: string; cwd: string } {
  const file = tree.write(`${folder}/plugin-eval.config.json`, `${JSON.stringify(json, null, 2)}\n`);
  return { file, cwd: path.dirname(file) };
}

describe('resolveSettings: flags > environment > config file > defaults', () => {
  it('takes each setting from the highest source that sets it, and says which', async () => {
    const { cwd } = configIn('precedence', { depth: 'standard', methodology: 'compat', threshold: 40, concurrency: 2 });
    const r = await resolveSettings({
      command: 'score',
      given: { depth: 'quick' },
      env: { PLUGIN_EVAL_METHODOLOGY: 'default' },
      cwd,
    });
    expect(r.settings).toMatchObject({
      depth: 'quick',
      methodology: 'default',
      threshold: 40,
      concurrency: 2,
      jobs: 4,
      judges: 1,
    });
    expect(r.provenance.depth).toEqual({ value: 'quick', source: 'flag', detail: '--depth' });
    expect(r.provenance.methodology).toEqual({ value: 'default', source: 'env', detail: 'PLUGIN_EVAL_METHODOLOGY' });
    // The config file's key is named with its line (threshold is on line 4 of the pretty-printed file).
    expect(r.provenance.threshold).toEqual({
      value: 40,
      source: 'config',
      detail: 'plugin-eval.config.json:4 threshold',
    });
    expect(r.provenance.jobs).toEqual({ value: 4, source: 'default' });
    expect(r.provenance.configFile).toMatchObject({ value: 'plugin-eval.config.json', source: 'default' });
  });

  it('finds the config file in a parent folder; config: false ignores it', async () => {
    const { cwd } = configIn('parent', { methodology: 'compat' });
    const deeper = tree.dir('parent/a/b');
    expect((await resolveSettings({ command: 'score', env: {}, cwd: deeper })).settings.methodology).toBe('compat');
    expect((await resolveSettings({ command: 'score', env: {}, cwd, config: false })).settings.methodology).toBe(
      'default',
    );
    expect(cwd).not.toBe(deeper);
  });

  it('every setting in the table has a default for every command it applies to, and flags a command line can type', () => {
    for (const spec of SETTINGS) {
      expect(spec.commands.length, spec.key).toBeGreaterThan(0);
      if (spec.flag) expect(spec.flag, spec.key).toMatch(/^--[a-z-]+$/);
      if (spec.env) expect(spec.env, spec.key).toMatch(/^PLUGIN_EVAL_[A-Z_]+$/);
    }
  });

  it('README lists every PLUGIN_EVAL_* variable of the table, and no other', () => {
    const readme = readFileSync(path.resolve('README.md'), 'utf8');
    const row = readme.split('\n').find((l) => l.startsWith('| environment |')) ?? '';
    const listed = [...row.split('|')[2]!.matchAll(/`(PLUGIN_EVAL_[A-Z_]+)`/g)].map((m) => m[1]);
    expect(listed.sort()).toEqual(SETTINGS.flatMap((s) => (s.env ? [s.env] : [])).sort());
  });

  it('never shows a secret: credentials are "set", a base URL loses its password', async () => {
    const env = {
      ANTHROPIC_API_KEY: 'sk-ant-very-secret',
      ANTHROPIC_BASE_URL: 'https://user:hunter2@proxy.example/v1',
    };
    const r = await resolveSettings({ command: 'score', given: { depth: 'standard' }, env, config: false });
    const text = JSON.stringify(r.provenance);
    expect(text).not.toContain('sk-ant-very-secret');
    expect(text).not.toContain('hunter2');
    expect(r.provenance.credentials).toEqual({ value: 'set', source: 'env', detail: 'ANTHROPIC_API_KEY' });
    expect(r.provenance.provider).toEqual({ value: 'anthropic', source: 'env', detail: 'ANTHROPIC_API_KEY' });
    expect(r.provenance.baseUrl).toMatchObject({ source: 'env', detail: 'ANTHROPIC_BASE_URL' });
    expect(String(r.provenance.baseUrl!.value)).toContain('proxy.example');
  });

  it('a provider from the environment or the config is described as such, not as --provider', async () => {
    const { cwd } = configIn('provider', { provider: 'openai', model: 'qwen' });
    const fromConfig = await resolveSettings({ command: 'judge', env: {}, cwd });
    expect(fromConfig.provenance.provider).toEqual({
      value: 'openai',
      source: 'config',
      detail: 'plugin-eval.config.json:2 provider',
    });
    const fromEnv = await resolveSettings({ command: 'judge', env: { PLUGIN_EVAL_PROVIDER: 'ollama' }, cwd });
    expect(fromEnv.provenance.provider).toEqual({ value: 'ollama', source: 'env', detail: 'PLUGIN_EVAL_PROVIDER' });
    expect(fromEnv.settings.model).toBe('qwen');
    const { selectProvider } = await import('../src/providers/select.js');
    const reason = selectProvider({
      provider: { name: 'openai', source: 'config', detail: 'plugin-eval.config.json:2 provider' },
      env: {},
    }).reason;
    expect(reason).toBe('provider "openai" from plugin-eval.config.json:2 provider');
    expect(reason).not.toMatch(/--provider/);
    expect(
      selectProvider({ provider: { name: 'ollama', source: 'env', detail: 'PLUGIN_EVAL_PROVIDER' }, env: {} }).reason,
    ).toBe('PLUGIN_EVAL_PROVIDER=ollama');
  });

  it('a bad value names where it came from: the flag, the environment variable, or file:line key', async () => {
    await expect(resolveSettings({ command: 'score', given: { jobs: '0' }, env: {}, config: false })).rejects.toThrow(
      new UsageError('--jobs must be a whole number from 1 to 64, got "0"'),
    );
    await expect(
      resolveSettings({ command: 'score', env: { PLUGIN_EVAL_DEPTH: 'fast' }, config: false }),
    ).rejects.toThrow(
      new ConfigError(
        'environment variable PLUGIN_EVAL_DEPTH must be one of quick, standard, deep, thorough, got "fast"',
      ),
    );
    await expect(
      resolveSettings({ command: 'score', env: { PLUGIN_EVAL_CONCURRENCY: 'lots' }, config: false }),
    ).rejects.toThrow(/PLUGIN_EVAL_CONCURRENCY must be a whole number from 1 to 64, got "lots"/);
    const { file, cwd } = configIn('bad-provider', { depth: 'quick', provider: 'gemini' });
    const err = await resolveSettings({ command: 'score', env: {}, cwd }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as Error).message).toBe(
      'Unknown provider "gemini" (plugin-eval.config.json:3 provider). Use anthropic, openai, ollama or claude-code.',
    );
    expect(file).toMatch(/plugin-eval\.config\.json$/);
  });

  it('resolves only what a command uses: a bad PLUGIN_EVAL_DEPTH does not stop `judge`', async () => {
    const r = await resolveSettings({ command: 'judge', env: { PLUGIN_EVAL_DEPTH: 'fast' }, config: false });
    expect(r.provenance.depth).toBeUndefined();
    expect(r.provenance.provider).toBeDefined();
  });

  it('certify is deep at least: a lower depth from config or env is ignored with a note; a lower flag is an error', async () => {
    const { cwd } = configIn('certify', { depth: 'quick' });
    const r = await resolveSettings({ command: 'certify', env: {}, cwd });
    expect(r.settings.depth).toBe('deep');
    expect(r.notes).toEqual([
      'certify runs at deep depth at least: depth quick from plugin-eval.config.json:2 depth is ignored',
    ]);
    expect(
      (await resolveSettings({ command: 'certify', env: { PLUGIN_EVAL_DEPTH: 'standard' }, cwd })).notes[0],
    ).toMatch(/depth standard from environment variable PLUGIN_EVAL_DEPTH is ignored/);
    expect(
      (await resolveSettings({ command: 'certify', given: { depth: 'thorough' }, env: {}, cwd })).settings.depth,
    ).toBe('thorough');
    await expect(resolveSettings({ command: 'certify', given: { depth: 'quick' }, env: {}, cwd })).rejects.toThrow(
      UsageError,
    );
    // score itself takes the config's depth as it is.
    expect((await resolveSettings({ command: 'score', env: {}, cwd })).settings.depth).toBe('quick');
  });

  it('the settings line lists what did not come from a flag or a default (everything with all)', async () => {
    const { cwd } = configIn('line', { depth: 'standard' });
    const r = await resolveSettings({
      command: 'score',
      given: { jobs: '2' },
      env: { PLUGIN_EVAL_METHODOLOGY: 'compat' },
      cwd,
    });
    const line = describeSettings(r.provenance, { only: ['depth', 'methodology', 'jobs', 'threshold'] });
    expect(line).toBe(
      'depth standard (config plugin-eval.config.json:2 depth), methodology compat (env PLUGIN_EVAL_METHODOLOGY)',
    );
    expect(describeSettings(r.provenance, { all: true, only: ['jobs', 'judges'] })).toBe(
      'jobs 2 (flag --jobs), judges 1 (default)',
    );
  });

  it('rules and ignorePatterns are settings too: validate and score say where they came from', async () => {
    const { cwd } = configIn('rules', {
      rules: { 'links/broken': 'off', 'skill/body-length': 'error' },
      ignorePatterns: ['drafts'],
    });
    for (const command of ['validate', 'score'] as const) {
      const r = await resolveSettings({ command, env: {}, cwd });
      expect(r.settings.rules).toEqual({ 'links/broken': 'off', 'skill/body-length': 'error' });
      expect(describeSettings(r.provenance, { only: ['rules', 'ignorePatterns'] })).toBe(
        'rules links/broken=off,skill/body-length=error (config plugin-eval.config.json:2 rules), ' +
          'ignorePatterns drafts (config plugin-eval.config.json:6 ignorePatterns)',
      );
    }
    // A command that reads no rules does not list them.
    expect((await resolveSettings({ command: 'judge', env: {}, cwd })).provenance.rules).toBeUndefined();
  });
});

describe('commandNameOf', () => {
  it.each([
    [['--config', 'judge.json', 'score', 'x'], 'score'],
    [['--config', 'F', 'judge', 'schema', 'rubric'], 'judge'],
    [['--config=F', 'judge'], 'judge'],
    [['--no-color', 'judge'], 'judge'],
    [['--debug'], undefined],
  ])('%j -> %s', (argv, name) => {
    expect(commandNameOf(argv)).toBe(name);
  });
});

describe('SettingsProvenance (the zod contract the run log records)', () => {
  it('accepts what the resolver returns and rejects an unknown source', async () => {
    const { SettingsProvenance } = await import('../src/model/settings-provenance.js');
    const { cwd } = configIn('schema', { depth: 'standard', prices: { m: { input: 1, output: 2 } } });
    const r = await resolveSettings({ command: 'score', env: { ANTHROPIC_API_KEY: 'k' }, cwd });
    expect(SettingsProvenance.parse(r.provenance)).toEqual(r.provenance);
    expect(SettingsProvenance.safeParse({ depth: { value: 'quick', source: 'guess' } }).success).toBe(false);
  });
});

describe('Monte Carlo settings', () => {
  it('reach the library and the plan from the config file; paths are relative to the file; options win', async () => {
    const { resolveLibraryOptions } = await import('../src/config/library.js');
    const { planFromOptions } = await import('../src/pipeline/plan-from-options.js');
    const dir = tree.dir('mc-config');
    const file = tree.write(
      'mc-config/plugin-eval.config.json',
      JSON.stringify({
        depth: 'deep',
        monteCarlo: { n: 7, prompts: 'evals/triggers.json', runner: 'messages', maxCostUsd: 2.5, adaptive: false },
      }),
    );
    const options = await resolveLibraryOptions<ScoreOptions>({ config: file });
    expect(options.monteCarlo).toMatchObject({
      maxRuns: 7,
      runner: 'messages',
      maxCostUsd: 2.5,
      adaptive: false,
      promptsFile: path.join(dir, 'evals/triggers.json'),
      ciWidth: 0.05,
      model: 'sonnet',
    });
    const plan = planFromOptions(['x'], options);
    expect(plan.monteCarlo).toMatchObject({
      maxRuns: 7,
      runner: 'messages',
      maxCostUsd: 2.5,
      adaptive: false,
      prompts: { file: path.join(dir, 'evals/triggers.json') },
    });
    expect(plan.samples.monteCarloRuns).toBe(7);
    const given = await resolveLibraryOptions<ScoreOptions>({ config: file, monteCarlo: { maxRuns: 3 } });
    expect(given.monteCarlo?.maxRuns).toBe(3);
    expect(given.provenance?.maxRuns).toMatchObject({ source: 'flag' });
    // Thorough without a setting: the seed's 100; quick plans no Monte Carlo at all.
    expect(planFromOptions(['x'], { depth: 'thorough' }).monteCarlo?.maxRuns).toBe(100);
    expect(planFromOptions(['x'], { depth: 'quick' }).monteCarlo).toBeNull();
  });

  it('a bad Monte Carlo value in the config file names the file, line and key', async () => {
    const file = tree.write('mc-bad/plugin-eval.config.json', '{\n  "monteCarlo": { "n": 0 }\n}\n');
    await expect(resolveSettings({ command: 'certify', given: {}, config: file })).rejects.toThrow(
      /plugin-eval\.config\.json:2: monteCarlo\.n/,
    );
  });
});
