/**
 * The sandbox's only way out: a listener on a unix socket (bound into the sandbox) that forwards to the model
 * endpoint and nowhere else. An http endpoint is forwarded byte for byte (the agent inside talks to 127.0.0.1); an
 * https endpoint is reached through CONNECT (the agent inside uses it as HTTPS_PROXY), and only a CONNECT to the
 * endpoint's own host and port is accepted, so TLS runs end to end between the agent and the endpoint.
 */
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { rm } from 'node:fs/promises';

export interface Endpoint {
  protocol: 'http:' | 'https:';
  host: string;
  port: number;
}

/** Where the agent's model requests go: ANTHROPIC_BASE_URL, or the Anthropic API. */
export function endpointOf(baseURL: string | undefined): Endpoint {
  const url = new URL(baseURL === undefined || baseURL === '' ? 'https://api.anthropic.com' : baseURL);
  const protocol = url.protocol === 'http:' ? 'http:' : 'https:';
  const port = url.port === '' ? (protocol === 'http:' ? 80 : 443) : Number(url.port);
  // URL keeps an IPv6 host in brackets; net.connect wants it bare.
  return { protocol, host: url.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/** A CONNECT request head larger than this is refused (a proxy request line and a few headers fit easily). */
const MAX_HEAD_BYTES = 8192;

function pipeBoth(a: Socket, b: Socket): void {
  a.pipe(b);
  b.pipe(a);
  const end = (): void => {
    a.destroy();
    b.destroy();
  };
  a.on('error', end).on('close', end);
  b.on('error', end).on('close', end);
}

/** Read a CONNECT head; forward only when it names the endpoint. */
function acceptConnect(client: Socket, endpoint: Endpoint): void {
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer): void => {
    head = Buffer.concat([head, chunk]);
    const end = head.indexOf('\r\n\r\n');
    if (end === -1) {
      if (head.length > MAX_HEAD_BYTES) client.end('HTTP/1.1 431 Request Header Fields Too Large\r\n\r\n');
      return;
    }
    client.off('data', onData);
    client.pause();
    const requestLine = head.subarray(0, head.indexOf('\r\n')).toString('latin1');
    const target = /^CONNECT (\S+) HTTP\/1\.[01]$/.exec(requestLine)?.[1];
    const wanted = `${endpoint.host.includes(':') ? `[${endpoint.host}]` : endpoint.host}:${endpoint.port}`;
    if (target?.toLowerCase() !== wanted.toLowerCase()) {
      client.end(
        'HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\n\r\nthe plugin-eval sandbox reaches only the ' +
          'model endpoint\n',
      );
      return;
    }
    const upstream = connect(endpoint.port, endpoint.host, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      const rest = head.subarray(end + 4);
      if (rest.length > 0) upstream.write(rest);
      pipeBoth(client, upstream);
      client.resume();
    });
    upstream.on('error', () => {
      if (!client.destroyed) client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n');
    });
  };
  client.on('data', onData);
  client.on('error', () => client.destroy());
}

function acceptPlain(client: Socket, endpoint: Endpoint): void {
  client.pause();
  const upstream = connect(endpoint.port, endpoint.host, () => {
    pipeBoth(client, upstream);
    client.resume();
  });
  upstream.on('error', () => client.destroy());
  client.on('error', () => upstream.destroy());
}

export interface Relay {
  socketPath: string;
  /** Stop listening, end open connections, remove the socket file. Safe to call twice. */
  close(): Promise<void>;
}

/** Start the relay on `socketPath` for `endpoint`. */
export async function startRelay(socketPath: string, endpoint: Endpoint): Promise<Relay> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (endpoint.protocol === 'https:') acceptConnect(client, endpoint);
    else acceptPlain(client, endpoint);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // The relay must never keep the process alive on its own.
  server.unref();
  let closed: Promise<void> | undefined;
  return {
    socketPath,
    close: () =>
      (closed ??= (async () => {
        for (const socket of sockets) socket.destroy();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await rm(socketPath, { force: true });
      })()),
  };
}
