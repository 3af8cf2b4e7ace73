/**
 * The Agent SDK is an optional peer: the default install leaves it (and its ~390 MB platform binary) out, and a user
 * who wants agent runs adds it, whole or without its binary plus an installed `claude`. Checked here with the real
 * SDK, copied outside the repo without its platform package, as `npm i --omit=optional` leaves it.
 */
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const lean = vi.hoisted(() => ({ root: '' }));
// Made when the runner first imports the SDK: a copy outside the repo, so it finds no platform package beside it.
vi.mock('@anthropic-ai/claude-agent-sdk', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const nodePath = await import('node:path');
  lean.root = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'plugin-eval-lean-sdk-'));
  const sdk = nodePath.join(lean.root, 'node_modules/@anthropic-ai/claude-agent-sdk');
  fs.cpSync(nodePath.resolve(import.meta.dirname, '../../node_modules/@anthropic-ai/claude-agent-sdk'), sdk, {
    recursive: true,
  });
  return import(nodePath.join(sdk, 'sdk.mjs'));
});

import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { MissingClaudeError } from '../../src/errors.js';
import { monteCarloSetupFrom } from '../../src/pipeline/monte-carlo-setup.js';
import { tempTree } from '../support/tmp.js';

afterAll(() => {
  if (lean.root !== '') rmSync(lean.root, { recursive: true, force: true });
});

const ROOT = path.resolve(import.meta.dirname, '../..');
const tree = tempTree('plugin-eval-lean-install-');
const PKG = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as Record<
  string,
  Record<string, unknown> | undefined
>;
const SDK = '@anthropic-ai/claude-agent-sdk';

describe('the Agent SDK as an optional part of the install', () => {
  it('is an optional peer (npm installs none by default) and a devDependency for the tests, nothing else', () => {
    expect(PKG.peerDependencies?.[SDK]).toBe(PKG.devDependencies?.[SDK]);
    expect(PKG.peerDependenciesMeta?.[SDK]).toEqual({ optional: true });
    expect(PKG.dependencies?.[SDK]).toBeUndefined();
    expect(PKG.optionalDependencies?.[SDK]).toBeUndefined();
  });

  const runnerWith = (executable: string) =>
    new ClaudeAgentRunner({
      executable,
      sandbox: false,
      maxRetries: 0,
      env: { PATH: '/usr/bin:/bin' },
      tempDir: tree.dir('runs'),
      realHome: tree.dir('home'),
    });

  it('without its binary and with no other claude, a run stops with one message saying how to add either', async () => {
    const run = runnerWith('bundled').run({ prompt: 'hi', install: { kind: 'none' }, model: 'claude-haiku-5-5' });
    await expect(run).rejects.toBeInstanceOf(MissingClaudeError);
    await expect(run).rejects.toMatchObject({
      code: 'NOT_MEASURED',
      message: expect.stringMatching(
        /needs Claude Code, .* without its binary for [a-z0-9]+-[a-z0-9]+; reinstall it with `npm i @anthropic-ai\/claude-agent-sdk` \(without --omit=optional\), or install Claude Code .*--claude-path/,
      ),
    });
  });

  it('without its binary, a claude given by path is the one that runs', async () => {
    const claude = tree.write('bin/claude', '#!/bin/sh\necho started > started.txt\nexit 3\n');
    chmodSync(claude, 0o755);
    const result = await runnerWith(claude).run({
      prompt: 'hi',
      install: { kind: 'none' },
      model: 'claude-haiku-5-5',
      keepProject: true,
    });
    expect(result.status).toBe('infra');
    expect(result.infraError?.message).toMatch(/exited with code 3/);
    expect(readFileSync(path.join(result.projectDir ?? '', 'started.txt'), 'utf8')).toBe('started\n');
  });

  it('--claude-path reaches the Monte Carlo set-up: a config file path from its folder, `bundled` as said', async () => {
    const project = tree.dir('project');
    const configFile = path.join(project, 'plugin-eval.config.json');
    writeFileSync(configFile, JSON.stringify({ claudePath: 'tools/claude' }));
    // Named with --config: a program path is not taken from a file merely found (found-config-limits.test.ts).
    const fromConfig = await resolveSettings({
      command: 'score',
      cwd: tree.dir('elsewhere'),
      config: configFile,
      env: {},
    });
    const setup = await monteCarloSetupFrom(fromConfig, { runId: 'r1' });
    expect(setup.setup.claudePath).toBe(path.join(project, 'tools/claude'));
    const bundled = await resolveSettings({
      command: 'score',
      cwd: project,
      config: false,
      env: { PLUGIN_EVAL_CLAUDE_PATH: 'bundled' },
    });
    expect((await monteCarloSetupFrom(bundled, { runId: 'r2' })).setup.claudePath).toBe('bundled');
    const none = await resolveSettings({ command: 'score', cwd: project, config: false, env: {} });
    expect((await monteCarloSetupFrom(none, { runId: 'r3' })).setup.claudePath).toBeUndefined();
  });
});
