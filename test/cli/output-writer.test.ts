import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { outputWriter, type FallbackStream } from '../../src/cli/output-writer.js';
import { tempTree } from '../support/tmp.js';

/**
 * The CLI writes a file, pipe or socket on stdout with fs.writeSync, so that a one-skill run does not load Node's net
 * and stream modules; a terminal goes through process.stdout. A closed reader is covered by closed-stdout.test.ts.
 */
const tree = tempTree('plugin-eval-output-');

const unusedStream = (): FallbackStream => {
  throw new Error('the stream was asked for');
};

describe('the output writer', () => {
  it('writes a regular file directly, in order, and calls it no terminal', () => {
    const file = path.join(tree.fresh('file-'), 'out.txt');
    const fd = openSync(file, 'w');
    try {
      const out = outputWriter(fd, unusedStream);
      out.write('first ');
      out.write('ünïcode ✓\n');
      expect(out.isTTY()).toBe(false);
    } finally {
      closeSync(fd);
    }
    expect(readFileSync(file, 'utf8')).toBe('first ünïcode ✓\n');
  });

  it('hands the rest to the stream when a non-blocking socket is full, and every byte arrives in order', async () => {
    const socketPath = path.join(tree.fresh('sock-'), 's');
    const server = net.createServer({ pauseOnConnect: true });
    const accepted = new Promise<net.Socket>((resolve) => server.once('connection', resolve));
    await new Promise<void>((resolve) => server.listen(socketPath, resolve));
    const client = net.connect(socketPath);
    await new Promise<void>((resolve) => client.once('connect', resolve));
    const peer = await accepted;
    // libuv keeps the socket non-blocking; the peer reads nothing yet, so the kernel's buffers fill and a write
    // meets EAGAIN long before 4 MB.
    const fd = (client as unknown as { _handle: { fd: number } })._handle.fd;
    const payload = Array.from({ length: 4 * 1024 }, (_, i) => `${String(i).padStart(1023, '.')}\n`).join('');
    let streamAskedFor = 0;
    const out = outputWriter(fd, () => (streamAskedFor++, client));
    out.write(payload);
    out.write('after\n');
    expect(streamAskedFor).toBe(1);
    expect(client.writableLength).toBeGreaterThan(0);
    const received: Buffer[] = [];
    peer.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = new Promise<void>((resolve) => peer.on('end', resolve));
    client.end();
    peer.resume();
    await ended;
    server.close();
    expect(Buffer.concat(received).toString('utf8') === `${payload}after\n`).toBe(true);
  });
});
