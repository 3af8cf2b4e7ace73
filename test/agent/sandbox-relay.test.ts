/**
 * The sandbox's relay on a real unix socket: an http endpoint is forwarded byte for byte; for an https endpoint only
 * a CONNECT to the endpoint's own host and port is accepted, anything else is refused without a connection out.
 * And the environment inside: the model endpoint reached through the forwarder, the host's proxies dropped.
 */
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endpointOf, startRelay } from '../../src/agent/sandbox/relay.js';
import { insideEnv } from '../../src/agent/sandbox/spawn.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-relay-');
let upstream: Server;
let port = 0;
let accepted = 0;
beforeAll(async () => {
  // An echo server standing in for the model endpoint.
  upstream = createServer((socket) => {
    accepted += 1;
    socket.pipe(socket);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', () => resolve()));
  port = (upstream.address() as { port: number }).port;
});
afterAll(async () => new Promise<void>((resolve) => upstream.close(() => resolve())));

/** Write `text` to the socket and collect what comes back until it closes or `until` is seen. */
function exchange(socketPath: string, text: string, until: string): Promise<string> {
  return new Promise((resolve) => {
    const client: Socket = connect(socketPath, () => client.write(text));
    let got = '';
    client.on('data', (chunk) => {
      got += chunk.toString('latin1');
      if (got.includes(until)) client.end();
    });
    client.on('close', () => resolve(got));
    client.on('error', () => resolve(got));
  });
}

describe('the relay', () => {
  it('forwards an http endpoint byte for byte', async () => {
    const relay = await startRelay(join(tree.dir('a'), 'r.sock'), endpointOf(`http://127.0.0.1:${port}`));
    try {
      expect(await exchange(relay.socketPath, 'POST /v1/messages HTTP/1.1\r\n\r\nhello', 'hello')).toBe(
        'POST /v1/messages HTTP/1.1\r\n\r\nhello',
      );
    } finally {
      await relay.close();
    }
  });

  it('https: a CONNECT to the endpoint is tunnelled, one to any other host or port is refused with no connection out', async () => {
    const relay = await startRelay(join(tree.dir('b'), 'r.sock'), { protocol: 'https:', host: '127.0.0.1', port });
    try {
      const before = accepted;
      const other = await exchange(
        relay.socketPath,
        'CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n',
        '\r\n\r\n',
      );
      expect(other).toMatch(/^HTTP\/1\.1 403 /);
      const otherPort = await exchange(relay.socketPath, `CONNECT 127.0.0.1:${port + 1} HTTP/1.1\r\n\r\n`, '\r\n\r\n');
      expect(otherPort).toMatch(/^HTTP\/1\.1 403 /);
      const plain = await exchange(relay.socketPath, `GET http://127.0.0.1:${port}/ HTTP/1.1\r\n\r\n`, '\r\n\r\n');
      expect(plain).toMatch(/^HTTP\/1\.1 403 /);
      expect(accepted).toBe(before);
      const tunnelled = await exchange(
        relay.socketPath,
        `CONNECT 127.0.0.1:${port} HTTP/1.1\r\nHost: x\r\n\r\nping`,
        'ping',
      );
      expect(tunnelled).toBe('HTTP/1.1 200 Connection Established\r\n\r\nping');
      expect(accepted).toBe(before + 1);
    } finally {
      await relay.close();
    }
  });
});

describe('the environment inside', () => {
  const env = {
    PATH: '/home/me/bin:/usr/bin',
    HTTPS_PROXY: 'http://corp:3128',
    no_proxy: 'localhost',
    ANTHROPIC_API_KEY: 'k',
    HOME: '/run/home',
    TMPDIR: '/home/me/tmp',
  };

  it("http endpoint: the base URL points at the forwarder; proxies, the user's PATH and TMPDIR are replaced", () => {
    const inside = insideEnv({ ...env, ANTHROPIC_BASE_URL: 'http://localhost:4000/api' }, 'http://localhost:4000/api');
    expect(inside.ANTHROPIC_BASE_URL).toBe('http://127.0.0.1:18080/api');
    expect(inside.HTTPS_PROXY).toBeUndefined();
    expect(inside.no_proxy).toBeUndefined();
    expect(inside.PATH).not.toContain('/home/me');
    expect(inside.TMPDIR).toBe('/tmp');
    expect(inside.ANTHROPIC_API_KEY).toBe('k');
  });

  it('https endpoint (or none: the Anthropic API): reached through the forwarder as HTTPS_PROXY, the base URL unchanged', () => {
    const inside = insideEnv(env, undefined);
    expect(inside.HTTPS_PROXY).toBe('http://127.0.0.1:18080');
    expect(inside.ANTHROPIC_BASE_URL).toBeUndefined();
    expect(endpointOf(undefined)).toEqual({ protocol: 'https:', host: 'api.anthropic.com', port: 443 });
    expect(endpointOf('https://gw.example.com:8443/x')).toEqual({
      protocol: 'https:',
      host: 'gw.example.com',
      port: 8443,
    });
  });
});
