import { chmodSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProvider, providerOptionsFrom } from '../../src/config/provider-setup.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { tempTree } from '../support/tmp.js';

/**
 * The `claudePath` setting (--claude-path, PLUGIN_EVAL_CLAUDE_PATH, config `claudePath`) reaches the claude-code judge
 * provider as it reaches the agent runner: an install without the Agent SDK's binary can judge with an installed
 * `claude`.
 */
const tree = tempTree('plugin-eval-claude-path-');

describe('claudePath for the claude-code judge provider', () => {
  it('a path in a config file is relative to that file; `bundled` and no setting leave the SDK its own binary', async () => {
    const file = tree.write('cfg/plugin-eval.config.json', JSON.stringify({ claudePath: 'bin/claude' }));
    const fromFile = await resolveSettings({ command: 'score', env: {}, config: file, cwd: tree.root });
    expect(providerOptionsFrom(fromFile).claudePath).toBe(path.join(tree.root, 'cfg/bin/claude'));
    const fromEnv = await resolveSettings({
      command: 'score',
      env: { PLUGIN_EVAL_CLAUDE_PATH: '/opt/claude/bin/claude' },
      config: false,
    });
    expect(providerOptionsFrom(fromEnv).claudePath).toBe('/opt/claude/bin/claude');
    const bundled = await resolveSettings({
      command: 'score',
      given: { claudePath: 'bundled' },
      env: {},
      config: false,
    });
    expect(providerOptionsFrom(bundled).claudePath).toBeUndefined();
    const none = await resolveSettings({ command: 'score', env: {}, config: false });
    expect(providerOptionsFrom(none).claudePath).toBeUndefined();
  });

  it('the provider starts the `claude` the setting names', async () => {
    // A stand-in `claude` that says it was started (over a local socket: an event, not a poll) and then waits to be
    // stopped; the call is aborted once it has spoken, so no retry or timeout is waited out.
    let said: (text: string) => void = () => {};
    const started = new Promise<string>((resolve) => {
      said = resolve;
    });
    const server = createServer((socket) => {
      let text = '';
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        text += chunk;
      });
      socket.on('end', () => said(text));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const fake = tree.write(
      'bin/claude',
      `#!${process.execPath}\n` +
        `const s = require('node:net').connect(${port}, '127.0.0.1', () => s.end('started'));\n` +
        'setInterval(() => {}, 1000);\n',
    );
    chmodSync(fake, 0o755);
    try {
      const made = await makeProvider({
        provider: 'claude-code',
        model: 'claude-haiku-4-5',
        noCache: true,
        claudePath: fake,
      });
      const stop = new AbortController();
      const settled = made.provider
        .complete({ model: made.model, messages: [{ role: 'user', content: 'hello' }], signal: stop.signal })
        .then(
          () => 'resolved',
          () => 'rejected',
        );
      expect(await started).toBe('started');
      stop.abort();
      expect(await settled).toBe('rejected');
    } finally {
      server.close();
    }
  });
});
