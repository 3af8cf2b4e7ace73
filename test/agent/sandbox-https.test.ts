/**
 * An https model endpoint from inside the sandbox: the real agent reaches it through the relay's CONNECT tunnel
 * (HTTPS_PROXY inside), TLS end to end with the endpoint's own certificate (a throw-away one made by openssl, trusted
 * through NODE_EXTRA_CA_CERTS, which the sandbox binds read-only).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { createServer } from 'node:tls';
import type { Server } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClaudeAgentRunner } from '../../src/agent/claude-agent-runner.js';
import { startModelServer } from '../support/model-server.js';
import type { ModelServer } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-sandbox-https-');
const skillDir = join(
  tree.write('skills/greeter/SKILL.md', '---\nname: greeter\ndescription: Greet people by name.\n---\n\nSay hello.\n'),
  '..',
);
const key = join(tree.root, 'key.pem');
const cert = join(tree.root, 'cert.pem');

let server: ModelServer;
let tls: Server;
let tlsPort = 0;
beforeAll(async () => {
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-days',
      '1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a test certificate: ${made.stderr}`);
  server = await startModelServer([{ text: 'Hello over TLS.', usage: { input: 10, output: 3 } }]);
  const httpPort = Number(new URL(server.url).port);
  // TLS in front of the scripted server: the endpoint the agent is given is https://localhost:PORT.
  tls = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (socket) => {
    const upstream = connect(httpPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', () => resolve()));
  tlsPort = (tls.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => tls.close(() => resolve()));
  await server.close();
});

describe('an https endpoint through the sandbox', () => {
  // Nothing listens on the sandbox's own localhost:PORT, so a reply can only have come through the tunnel.
  it("the agent's requests reach it through the CONNECT tunnel, TLS checked against the endpoint's certificate", async () => {
    const runner = new ClaudeAgentRunner({
      baseURL: `https://localhost:${tlsPort}`,
      apiKey: 'sk-ant-offline-test',
      executable: 'bundled',
      maxRetries: 0,
      env: { PATH: process.env.PATH, NODE_EXTRA_CA_CERTS: cert },
      tempDir: tree.dir('runs'),
      realHome: tree.dir('home'),
    });
    const before = server.requests.length;
    const result = await runner.run({
      prompt: 'hello',
      install: { kind: 'skill', dir: skillDir, name: 'greeter' },
      model: 'claude-haiku-5-5',
    });
    expect(result.infraError).toBeUndefined();
    expect(result.status).toBe('ok');
    expect(result.output).toBe('Hello over TLS.');
    expect(server.requests.length).toBeGreaterThan(before);
  });
});
