/**
 * Turns for agent start-ups (src/agent/start-gate.ts): the gate itself, and the Claude agent runner holding a
 * turn from before it spawns Claude Code until the session's first message, through a fake `claude` and through
 * the real bundled binary against the scripted model server.
 */
import { appendFileSync, chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import { StartGate } from '../../src/agent/start-gate.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { startModelServer } from '../support/model-server.js';
import type { Reply } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-start-gate-');
const skillDir = join(
  tree.write(
    'skills/release-notes/SKILL.md',
    '---\nname: release-notes\ndescription: Write release notes.\n---\n\nGroup commits.\n',
  ),
  '..',
);
const install = { kind: 'skill' as const, dir: skillDir, name: 'release-notes' };

describe('StartGate', () => {
  it('gives at most `size` turns at once and passes each released turn to the longest waiter', async () => {
    const gate = new StartGate(2);
    const order: string[] = [];
    const first = await gate.enter();
    const second = await gate.enter();
    expect(gate.starting).toBe(2);
    const third = gate.enter().then((release) => (order.push('third'), release));
    const fourth = gate.enter().then((release) => (order.push('fourth'), release));
    await Promise.resolve();
    expect(order).toEqual([]);
    expect(gate.waiting).toBe(2);
    second();
    second(); // a second call gives back nothing more
    const releaseThird = await third;
    expect(order).toEqual(['third']);
    expect(gate.starting).toBe(2);
    expect(gate.waiting).toBe(1);
    first();
    (await fourth)();
    releaseThird();
    expect(gate.starting).toBe(0);
    expect(gate.waiting).toBe(0);
  });

  it('a wait cut short by its signal takes no turn and leaves the queue', async () => {
    const gate = new StartGate(1);
    const held = await gate.enter();
    const controller = new AbortController();
    const waiting = gate.enter(controller.signal);
    expect(gate.waiting).toBe(1);
    controller.abort();
    (await waiting)();
    expect(gate.waiting).toBe(0);
    expect(gate.starting).toBe(1);
    held();
    expect(gate.starting).toBe(0);
    // Already aborted: no wait at all.
    (await gate.enter(controller.signal))();
    expect(gate.starting).toBe(0);
  });

  it('has at least one turn', () => {
    expect(new StartGate(0).size).toBe(1);
    expect(new StartGate(3.7).size).toBe(3);
  });

  it('takes back a turn held longer than maxHoldMs, so a stuck start-up cannot block the others for good', async () => {
    const gate = new StartGate(1, { maxHoldMs: 20 });
    const stuck = await gate.enter();
    const next = await gate.enter();
    expect(gate.starting).toBe(1);
    stuck(); // too late: its turn is already someone else's
    expect(gate.starting).toBe(1);
    next();
    expect(gate.starting).toBe(0);
  });
});

describe('the Claude agent runner takes turns to start agents', () => {
  // The fake Claude Code writes its log outside the run's folders, which the sandbox would hide: these runs are
  // unsandboxed.
  it('with one turn, a second agent is not spawned while the first is starting (it never sends a message here)', async () => {
    const log = join(tree.root, 'starts.log');
    writeFileSync(log, '');
    const fake = join(tree.dir('bin'), 'claude');
    // A Claude Code that starts, takes a moment, and crashes before its first message: the turn is held throughout.
    writeFileSync(
      fake,
      `#!/bin/sh\necho start >> ${JSON.stringify(log)}\nsleep 0.3\necho end >> ${JSON.stringify(log)}\nexit 3\n`,
    );
    chmodSync(fake, 0o755);
    const runner = new ClaudeAgentRunner({
      executable: fake,
      env: { PATH: '/usr/bin:/bin' },
      tempDir: tree.dir('runs'),
      realHome: tree.dir('home'),
      startGate: new StartGate(1),
      sandbox: false,
    });
    const results = await Promise.all(
      [1, 2, 3].map(() => runner.run({ prompt: 'hi', install, model: 'claude-haiku-5-5' })),
    );
    expect(results.map((r) => r.infraError?.kind)).toEqual(['crash', 'crash', 'crash']);
    expect(readFileSync(log, 'utf8').trim().split('\n')).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  });

  it('a run cancelled while it waits for a turn ends cancelled, without spawning anything', async () => {
    const gate = new StartGate(1);
    const held = await gate.enter();
    const log = join(tree.root, 'never.log');
    const fake = join(tree.dir('bin-never'), 'claude');
    writeFileSync(fake, `#!/bin/sh\necho spawned >> ${JSON.stringify(log)}\nexit 3\n`);
    chmodSync(fake, 0o755);
    appendFileSync(log, '');
    const runner = new ClaudeAgentRunner({
      executable: fake,
      env: { PATH: '/usr/bin:/bin' },
      tempDir: tree.dir('runs-cancel'),
      realHome: tree.dir('home'),
      startGate: gate,
      sandbox: false,
    });
    const controller = new AbortController();
    const pending = runner.run({ prompt: 'hi', install, model: 'claude-haiku-5-5', signal: controller.signal });
    await vi.waitFor(() => expect(gate.waiting).toBe(1), { timeout: HANG_LIMIT_MS });
    controller.abort();
    const result = await pending;
    expect(result.status).toBe('infra');
    expect(result.infraError).toEqual({ kind: 'cancelled', message: 'the run was cancelled before it started' });
    expect(result.durationMs).toBe(0);
    expect(readFileSync(log, 'utf8')).toBe('');
    expect(readdirSync(tree.dir('runs-cancel'))).toEqual([]);
    expect(gate.waiting).toBe(0);
    held();
  });

  it(
    "gives the turn back at the session's first message: with one turn, two real agents wait on the model at once",
    async () => {
      // The first model request is answered only once a second one is in flight, however long the second binary takes
      // to start: a runner that kept its turn for the whole session never lets the second start, and the test fails on
      // its limit (the gate's own cap on a held turn is set beyond it).
      let secondArrived: () => void = () => {};
      const second = new Promise<void>((resolve) => (secondArrived = resolve));
      let seen = 0;
      const server = await startModelServer(async (): Promise<Reply> => {
        seen += 1;
        if (seen === 1) await second;
        else secondArrived();
        return { text: 'No skill needed.', usage: { input: 10, output: 2 } };
      });
      try {
        const runner = new ClaudeAgentRunner({
          baseURL: server.url,
          apiKey: 'sk-ant-offline-test',
          executable: 'bundled',
          maxRetries: 0,
          tempDir: tree.dir('runs-real'),
          realHome: tree.dir('home'),
          startGate: new StartGate(1, { maxHoldMs: 2 * HANG_LIMIT_MS }),
        });
        const results = await Promise.all(
          ['explain git topic 1', 'explain git topic 2'].map((prompt) =>
            runner.run({ prompt, install, model: 'claude-haiku-5-5' }),
          ),
        );
        expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
        expect(server.maxInFlight).toBe(2);
      } finally {
        await server.close();
      }
    },
    HANG_LIMIT_MS,
  );
});
