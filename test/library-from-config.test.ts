import { afterEach, describe, expect, it } from 'vitest';
import path from 'node:path';
import { InputError, judgeFromConfig, monteCarloSetupFrom, providerFromConfig, resolveSettings } from '../src/index.js';
import { startModelServer, type ModelServer } from './support/model-server.js';
import { goodVerdict, judgeRequest } from './support/provider-fixtures.js';
import { tempTree } from './support/tmp.js';

/**
 * A library caller gets its judge and its Monte Carlo set-up from the settings as the CLI does (flags aside): the
 * config file's provider, endpoint, model and samples, with options winning over the file, and calls going to the
 * endpoint configured; N, runner, cap, prompts and the saved-state folder from the same file.
 */
const tree = tempTree('plugin-eval-judge-config-');
let server: ModelServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('judgeFromConfig and providerFromConfig', () => {
  it('build the provider the config file names; its calls reach that endpoint and no other', async () => {
    server = await startModelServer(() => ({ json: goodVerdict }));
    const file = tree.write(
      'lib/plugin-eval.config.json',
      JSON.stringify({
        provider: 'ollama',
        model: 'qwen2.5:7b',
        baseURL: server.openaiBaseURL,
        judges: 3,
        cache: { enabled: false },
      }),
    );
    const judge = await judgeFromConfig({ config: file, env: {} });
    expect(judge).toMatchObject({ model: 'qwen2.5:7b', judges: 3, budgetTokens: 24_000 });
    expect(judge.description).toMatch(
      /^openai-compatible \(provider "ollama" from .*plugin-eval.config.json:1 provider\)/,
    );
    expect(await judge.provider.complete(judgeRequest)).toMatchObject({ ok: true, value: goodVerdict });
    expect(server.requests).toHaveLength(1);
    expect(server.unknownRequests).toEqual([]);

    const made = await providerFromConfig({ config: file, env: {}, model: 'llama3.2' });
    expect(made.model).toBe('llama3.2');
    expect(await made.provider.complete(judgeRequest)).toMatchObject({ ok: true });
    expect(server.requests).toHaveLength(2);
  });

  it('options win over the file, and a bad option is named as the option it is', async () => {
    const file = tree.write(
      'opts/plugin-eval.config.json',
      JSON.stringify({
        provider: 'ollama',
        model: 'qwen2.5:7b',
        baseURL: 'http://127.0.0.1:9/v1',
        judges: 3,
        cache: { enabled: false },
      }),
    );
    expect((await judgeFromConfig({ config: file, env: {}, judges: 2 })).judges).toBe(2);
    await expect(judgeFromConfig({ config: false, env: {}, provider: 'ollama', judges: 0 })).rejects.toThrow(
      'options.judges must be a whole number from 1 to 20, got "0"',
    );
  });
});

describe('monteCarloSetupFrom', () => {
  it('makes the set-up the config file asks for, paths relative to the file, and reads the prompts file first', async () => {
    const dir = tree.dir('mc');
    tree.write('mc/prompts.json', JSON.stringify([{ query: 'profile this csv', should_trigger: true }]));
    const file = tree.write(
      'mc/plugin-eval.config.json',
      JSON.stringify({
        monteCarlo: { n: 7, runner: 'messages', maxCostUsd: 1.5, prompts: 'prompts.json' },
        stateDir: 'runs',
      }),
    );
    const resolved = await resolveSettings({ command: 'library', config: file, env: {} });
    const made = await monteCarloSetupFrom(resolved, { runId: 'r1' });
    expect(made.setup).toMatchObject({
      maxRuns: 7,
      runner: 'messages',
      maxCostUsd: 1.5,
      promptsFile: path.join(dir, 'prompts.json'),
      sandbox: true,
      ciWidth: 0.05,
      concurrency: 4,
    });
    expect(made.folder).toBe(path.join(dir, 'runs', 'r1'));

    tree.write('mc/prompts.json', '{"not": "a list"}');
    await expect(monteCarloSetupFrom(resolved, { runId: 'r2' })).rejects.toBeInstanceOf(InputError);
  });
});
