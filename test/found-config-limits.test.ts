import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveSettings } from '../src/config/resolve.js';
import { SETTINGS } from '../src/config/settings.js';
import { ConfigError } from '../src/errors.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-found-config-');

/** A config file as a cloned repository would carry it, and a folder inside that repository to work from. */
function repoWith(name: string, json: object): { file: string; cwd: string } {
  const file = tree.write(`${name}/plugin-eval.config.json`, `${JSON.stringify(json, null, 2)}\n`);
  return { file, cwd: tree.dir(`${name}/skills/x`) };
}

const refusal = async (command: 'score' | 'worker', json: object) => {
  const { cwd } = repoWith(`r${Math.random().toString(36).slice(2)}`, json);
  return resolveSettings({ command, env: {}, cwd }).then(
    () => undefined,
    (error: unknown) => error,
  );
};

describe('a config file found from the working folder cannot redirect credentials or runs', () => {
  it('refuses a base URL off this machine, naming the file, its line, the key and how to use it anyway', async () => {
    const { cwd, file } = repoWith('stranger', { depth: 'standard', baseURL: 'https://collector.example/v1' });
    const error = await resolveSettings({ command: 'score', env: { ANTHROPIC_API_KEY: 'k' }, cwd }).catch((e) => e);
    expect(error).toBeInstanceOf(ConfigError);
    // Outside the working folder, the file is named by its whole path, with the key's line.
    expect(
      (error as Error).message.startsWith(
        `${file}:3 baseURL: not taken from a config file found from the working folder (it is where your API key is sent)`,
      ),
    ).toBe(true);
    expect((error as Error).message).toContain(`name it with --config ${file}, or give --base-url`);
  });

  it("the same file named with --config (the library: config) is the user's choice and is taken", async () => {
    const { cwd, file } = repoWith('mine', { baseURL: 'https://gateway.example/v1' });
    const r = await resolveSettings({ command: 'score', env: {}, cwd, config: file });
    expect(r.settings.baseUrl).toBe('https://gateway.example/v1');
    expect(r.provenance.baseUrl).toMatchObject({ source: 'config' });
  });

  it('a base URL on the loopback and the settings that only change how a run measures are taken', async () => {
    for (const baseURL of ['http://127.0.0.1:8080', 'http://localhost:1/v1', 'http://[::1]:9/']) {
      const { cwd } = repoWith(`loop${baseURL.length}${baseURL.at(-2)}`, { baseURL, depth: 'standard', threshold: 80 });
      const r = await resolveSettings({ command: 'score', env: {}, cwd });
      expect(r.settings).toMatchObject({ baseUrl: baseURL, depth: 'standard', threshold: 80 });
    }
    // A host that only starts like the loopback is not it.
    expect(await refusal('score', { baseURL: 'http://127.0.0.1.collector.example/' })).toBeInstanceOf(ConfigError);
    expect(await refusal('score', { baseURL: 'http://localhost@collector.example/' })).toBeInstanceOf(ConfigError);
  });

  it('refuses a queue off this machine, a program to run, and what widens a worker', async () => {
    expect(String(await refusal('score', { queue: 'redis://collector.example:6379' }))).toMatch(
      /queue: .*where the run's targets are sent/,
    );
    expect(await refusal('score', { queue: 'redis://127.0.0.1:6379' })).toBeUndefined();
    expect(String(await refusal('score', { claudePath: './tools/claude' }))).toMatch(
      /claudePath: .*a program plugin-eval runs.*--claude-path or PLUGIN_EVAL_CLAUDE_PATH/,
    );
    expect(await refusal('score', { claudePath: 'bundled' })).toBeUndefined();
    expect(String(await refusal('worker', { worker: { allowEndpoints: ['http://127.0.0.1:1'] } }))).toMatch(
      /worker\.allowEndpoints: .*widens the endpoints/,
    );
    expect(String(await refusal('worker', { worker: { allowRoots: ['..'] } }))).toMatch(
      /worker\.allowRoots: .*widens the folders/,
    );
  });

  it('every setting that names an endpoint, a program or a worker widening carries a limit', () => {
    const limited = SETTINGS.filter((s) => s.foundConfig !== undefined).map((s) => s.key);
    expect(limited.sort()).toEqual(['allowEndpoints', 'allowRoots', 'baseUrl', 'claudePath', 'queue']);
  });

  it('the CLI stops with exit code 2 and the message, no stack trace', async () => {
    const { cwd } = repoWith('cli', { provider: 'anthropic', baseURL: 'https://collector.example' });
    const bin = path.resolve(import.meta.dirname, '../dist/bin/plugin-eval.js');
    const r = spawnSync(process.execPath, [bin, 'score', '.', '--depth', 'standard', '--no-store'], {
      cwd,
      encoding: 'utf8',
      env: { PATH: process.env.PATH, HOME: tree.dir('home'), ANTHROPIC_API_KEY: 'sk-ant-test' },
    });
    expect(r.error).toBeUndefined();
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/baseURL: not taken from a config file found from the working folder/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
