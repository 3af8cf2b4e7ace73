import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type Server, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/run.js';
import type { Ui } from '../../src/cli/ui.js';
import { Feedback } from '../../src/evals/schemas/feedback.js';
import { collectViewerData, resolveViewTarget } from '../../src/web/viewer/collect.js';
import { buildPage, contentSecurityPolicy } from '../../src/web/viewer/page.js';
import { startViewerServer, type ViewerServer } from '../../src/web/viewer/server.js';
import { cli } from '../support/cli.js';
import { writeGoldenWorkspace } from './golden-workspace.js';

const ws = writeGoldenWorkspace({ bigTextBytes: 100 });
const target = resolveViewTarget(ws.root);
const feedbackFile = path.join(ws.iteration2, 'feedback.json');

const open: ViewerServer[] = [];
async function start(port = 0): Promise<ViewerServer> {
  const server = await startViewerServer({
    port,
    feedbackDir: ws.iteration2,
    page: async () => buildPage(await collectViewerData(target, { mode: 'server' })),
    contentSecurityPolicy: contentSecurityPolicy('server'),
  });
  open.push(server);
  return server;
}
afterAll(async () => {
  await Promise.all(open.map((s) => s.close()));
});

/** A raw request, so the Host header can be anything. */
function rawRequest(
  port: number,
  options: { method?: string; path?: string; host?: string; headers?: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path ?? '/',
        headers: { Host: options.host ?? `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

const post = (
  server: ViewerServer,
  body: string,
  headers: Record<string, string> = { 'Content-Type': 'application/json' },
) => fetch(`${server.url}api/feedback`, { method: 'POST', headers, body });

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve((server.address() as { port: number }).port));
  });
}
const canConnect = (port: number, host: string): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('viewer server: where it listens', () => {
  it('binds 127.0.0.1 only: no other interface reaches it', async () => {
    const server = await start();
    expect(server.url).toBe(`http://127.0.0.1:${server.port}/`);
    expect(await canConnect(server.port, '127.0.0.1')).toBe(true);
    const external = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a !== undefined && a.family === 'IPv4' && !a.internal);
    // On a machine with a network address, that address must be refused (there may be none in a sandbox).
    if (external) expect(await canConnect(server.port, external.address)).toBe(false);
  });

  it('a busy port means the next one; the process holding it is left alone', async () => {
    const blocker = createServer((socket) => {
      socket.on('error', () => undefined);
      socket.end('still here');
    });
    const busy = await listen(blocker, 0, '127.0.0.1');
    try {
      const server = await start(busy);
      // Other test files listen on ephemeral ports at the same time, so busy + 1 may be taken too: the walk must
      // start at our port, go up one at a time, and listen just past the last busy one.
      expect(server.busyPorts[0]).toBe(busy);
      expect(server.busyPorts).toEqual(server.busyPorts.map((_, i) => busy + i));
      expect(server.port).toBe(busy + server.busyPorts.length);
      expect(await canConnect(busy, '127.0.0.1')).toBe(true);
      expect((await fetch(server.url)).status).toBe(200);
    } finally {
      blocker.close();
    }
  });
});

describe('viewer server: the page and feedback', () => {
  it('serves the page with its CSP as a header too', async () => {
    const server = await start();
    const res = await fetch(server.url);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-security-policy')).toBe(
      `${contentSecurityPolicy('server')}; frame-ancestors 'none'`,
    );
    expect(await res.text()).toContain('"mode":"server"');
  });

  it('POST writes feedback.json (valid, atomically, no temp file left) and GET and the page read it back', async () => {
    const server = await start();
    const feedback = {
      reviews: [
        { run_id: 'eval-1-with_skill-run-1', feedback: 'more fish </script>', timestamp: '2026-01-15T11:00:00Z' },
      ],
      status: 'in_progress',
    };
    const res = await post(server, JSON.stringify(feedback));
    expect(res.status).toBe(200);
    expect(Feedback.parse(JSON.parse(readFileSync(feedbackFile, 'utf8')))).toEqual(feedback);
    expect(readdirSync(ws.iteration2).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    expect(await (await fetch(`${server.url}api/feedback`)).json()).toEqual(feedback);
    expect(await (await fetch(server.url)).text()).toContain('more fish \\u003c/script\\u003e');
  });

  it('a bad body is a 400 naming the problem and leaves feedback.json as it was', async () => {
    const server = await start();
    await post(server, JSON.stringify({ reviews: [], status: 'in_progress' }));
    const before = readFileSync(feedbackFile);
    const notJson = await post(server, '{"reviews": [');
    expect(notJson.status).toBe(400);
    expect(await notJson.text()).toMatch(/^body is not JSON: /);
    const wrongShape = await post(server, JSON.stringify({ reviews: [{ run_id: 'x', feedback: 3, timestamp: '' }] }));
    expect(wrongShape.status).toBe(400);
    expect(await wrongShape.text()).toMatch(/^body is not feedback: reviews\.0\.feedback: /);
    expect((await post(server, JSON.stringify({ reviews: [] }), { 'Content-Type': 'text/plain' })).status).toBe(415);
    expect((await post(server, JSON.stringify({ reviews: [], pad: 'x'.repeat(3 * 1024 * 1024) }))).status).toBe(413);
    expect(readFileSync(feedbackFile)).toEqual(before);
  });

  it('refuses another Host (DNS rebinding) and another Origin (a form on another site)', async () => {
    const server = await start();
    expect((await rawRequest(server.port, { host: 'evil.example:80' })).status).toBe(403);
    expect((await rawRequest(server.port, { host: `localhost:${server.port}` })).status).toBe(200);
    const crossSite = await rawRequest(server.port, {
      method: 'POST',
      path: '/api/feedback',
      headers: { Origin: 'https://evil.example', 'Content-Type': 'application/json' },
      body: '{"reviews":[]}',
    });
    expect(crossSite.status).toBe(403);
    expect((await rawRequest(server.port, { path: '/nothing' })).status).toBe(404);
  });

  it('reads the agentskills.io map shape of feedback.json', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    tree.write('iteration-2/feedback.json', '{"eval-0-with_skill-run-1": "the chart has no labels"}');
    const server = await startViewerServer({
      port: 0,
      feedbackDir: tree.iteration2,
      page: async () => '',
      contentSecurityPolicy: "default-src 'none'",
    });
    open.push(server);
    expect(await (await fetch(`${server.url}api/feedback`)).json()).toEqual({
      reviews: [{ run_id: 'eval-0-with_skill-run-1', feedback: 'the chart has no labels', timestamp: '' }],
      status: 'in_progress',
    });
    // A save keeps the reviews it did not send, and writes the viewer's shape.
    await post(
      server,
      JSON.stringify({
        reviews: [{ run_id: 'eval-1-with_skill-run-1', feedback: 'fine', timestamp: 't1' }],
        status: 'complete',
      }),
    );
    expect(JSON.parse(readFileSync(path.join(tree.iteration2, 'feedback.json'), 'utf8'))).toEqual({
      reviews: [
        { run_id: 'eval-0-with_skill-run-1', feedback: 'the chart has no labels', timestamp: '' },
        { run_id: 'eval-1-with_skill-run-1', feedback: 'fine', timestamp: 't1' },
      ],
      status: 'complete',
    });
    await post(
      server,
      JSON.stringify({
        reviews: [{ run_id: 'eval-0-with_skill-run-1', feedback: 'labels added', timestamp: 't2' }],
        status: 'complete',
      }),
    );
    const after = Feedback.parse(await (await fetch(`${server.url}api/feedback`)).json());
    expect(after.reviews.map((r) => r.feedback)).toEqual(['labels added', 'fine']);
  });

  it('two viewers of the same iteration saving at once lose no review (the save holds the file lock)', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    const servers = await Promise.all(
      [0, 1].map(() =>
        startViewerServer({
          port: 0,
          feedbackDir: tree.iteration2,
          page: async () => '',
          contentSecurityPolicy: "default-src 'none'",
        }),
      ),
    );
    open.push(...servers);
    const review = (who: string, n: number) =>
      JSON.stringify({
        reviews: [{ run_id: `${who}-${n}`, feedback: `${who} says ${n}`, timestamp: 't' }],
        status: 'in_progress',
      });
    for (let n = 0; n < 25; n++) {
      const replies = await Promise.all([post(servers[0]!, review('a', n)), post(servers[1]!, review('b', n))]);
      expect(replies.map((r) => r.status)).toEqual([200, 200]);
    }
    const saved = Feedback.parse(JSON.parse(readFileSync(path.join(tree.iteration2, 'feedback.json'), 'utf8')));
    const ids = new Set(saved.reviews.map((r) => r.run_id));
    for (const who of ['a', 'b']) for (let n = 0; n < 25; n++) expect(ids.has(`${who}-${n}`), `${who}-${n}`).toBe(true);
    expect(existsSync(path.join(tree.iteration2, 'feedback.json.lock'))).toBe(false);
  });

  it('a feedback.json that stopped reading is a 500 naming it, and is not overwritten', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    const server = await startViewerServer({
      port: 0,
      feedbackDir: tree.iteration2,
      page: async () => '',
      contentSecurityPolicy: "default-src 'none'",
    });
    open.push(server);
    tree.write('iteration-2/feedback.json', '{"reviews": 3}');
    const res = await post(server, JSON.stringify({ reviews: [] }));
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/feedback\.json:1: /);
    expect(readFileSync(path.join(tree.iteration2, 'feedback.json'), 'utf8')).toBe('{"reviews": 3}');
  });
});

describe('viewer server: one page does not hold up the others', () => {
  it('answers another request while a page of huge hostile Markdown is being prepared', async () => {
    const hostile = writeGoldenWorkspace({ bigTextBytes: 10 });
    for (let i = 0; i < 3; i++)
      hostile.write(`iteration-2/eval-1/with_skill/run-1/outputs/open-${i}.md`, '![a]('.repeat(50_000));
    const hostileTarget = resolveViewTarget(hostile.root);
    const answeredMeanwhile: number[] = [];
    let pauses = 0;
    // The page build stops after its first output file until another request has been answered: a server that
    // handled one request at a time would never answer it, and the page would never come.
    const server = await startViewerServer({
      port: 0,
      feedbackDir: hostile.iteration2,
      page: async () =>
        buildPage(
          await collectViewerData(hostileTarget, {
            mode: 'server',
            pauseBetweenFiles: async () => {
              if (pauses++ === 0) answeredMeanwhile.push((await fetch(`${server.url}api/feedback`)).status);
            },
          }),
        ),
      contentSecurityPolicy: contentSecurityPolicy('server'),
    });
    open.push(server);
    const page = await fetch(server.url);
    expect(answeredMeanwhile).toEqual([200]);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('![a](![a](');
    expect(pauses).toBeGreaterThan(3);
  });
});

describe('plugin-eval view (CLI)', () => {
  it('--static writes one page atomically and exits 0', async () => {
    const out = path.join(ws.root, 'review.html');
    const run = await cli('view', ws.root, '--static', out);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${out}\n`);
    expect(run.stderr).toContain(
      'plugin-eval: view ocean-writer: iteration-2: 4 run(s) (1 infrastructure error(s), shown as such, not ' +
        'graded), benchmark.json, previous: iteration-1',
    );
    const page = readFileSync(out, 'utf8');
    expect(page).toMatch(/^<!doctype html>/i);
    expect(page).toContain('"mode":"static"');
  });

  it('bad input is exit 2 with the problem named: missing folder, bad flag, unreadable feedback.json', async () => {
    const missing = await cli('view', path.join(ws.root, 'nope'), '--static', path.join(ws.root, 'x.html'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/nope: no such folder/);
    expect((await cli('view', ws.root, '--port', 'abc')).stderr).toMatch(
      /--port must be a whole number from 0 to 65535, got "abc"/,
    );
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    tree.write('iteration-2/feedback.json', '{"reviews": 3}');
    const bad = await cli('view', tree.root, '--port', '0');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/feedback\.json:1: /);
    expect(existsSync(path.join(ws.root, 'x.html'))).toBe(false);
  });

  it('serves until Ctrl-C, then closes the port and exits 130', async () => {
    const controller = new AbortController();
    let stdout = '';
    let announced: () => void = () => undefined;
    const listening = new Promise<void>((resolve) => (announced = resolve));
    const ui: Ui = {
      stdout: (t) => {
        stdout += t;
        if (stdout.includes('http://')) announced();
      },
      stderr: () => undefined,
      color: false,
      stderrIsTTY: false,
      quiet: true,
      width: 80,
      signal: controller.signal,
    };
    const running = runCli(['view', ws.iteration2, '--port', '0'], ui);
    // The address is printed once the port is open (or the command ended first: the match below then fails).
    await Promise.race([listening, running]);
    const url = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(stdout)!;
    expect((await fetch(url[0])).status).toBe(200);
    controller.abort();
    expect(await running).toBe(130);
    expect(await canConnect(Number(url[1]), '127.0.0.1')).toBe(false);
  });
});
