/**
 * A Redis reached over TLS (rediss://) with a certificate from a private CA, as docs/queue.md shows: the built
 * CLI's worker and submitter trust the CA through NODE_EXTRA_CA_CERTS and score through it; without the CA the
 * worker refuses the connection (exit 3) saying why.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreRun } from '../../src/model/run.js';
import { tempTree } from '../support/tmp.js';
import { BIN, startCli } from './cli-processes.js';
import { startRedisWith, uniqueQueueName } from './redis.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tree = tempTree('plugin-eval-tls-');
const children: ChildProcess[] = [];
let url: string;

function openssl(...args: string[]): void {
  const out = spawnSync('openssl', args, { cwd: tree.root, encoding: 'utf8' });
  if (out.error) throw new Error('this test needs openssl (apt-get install openssl) to make its certificates');
  if (out.status !== 0) throw new Error(`openssl ${args[0]}: ${out.stderr}`);
}

beforeAll(async () => {
  expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
  openssl(
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=plugin-eval test CA',
  );
  openssl(
    'req',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=127.0.0.1',
  );
  tree.write('ext.cnf', 'subjectAltName=IP:127.0.0.1\n');
  openssl(
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'server.pem',
    '-days',
    '2',
    '-extfile',
    'ext.cnf',
  );
  const file = (name: string) => path.join(tree.root, name);
  const port = await startRedisWith(
    [
      '--tls-cert-file',
      file('server.pem'),
      '--tls-key-file',
      file('server.key'),
      '--tls-ca-cert-file',
      file('ca.pem'),
      '--tls-auth-clients',
      'no',
    ],
    { tls: { ca: readFileSync(file('ca.pem'), 'utf8') } },
  );
  url = `rediss://127.0.0.1:${port}`;
  cpSync(path.join(ROOT, 'examples/skills/csv-profiler'), path.join(tree.root, 'skills/csv-profiler'), {
    recursive: true,
  });
}, HANG_LIMIT_MS);
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

const env = (queueName: string, ca: boolean): NodeJS.ProcessEnv => ({
  ...process.env,
  PLUGIN_EVAL_CACHE: 'false',
  PLUGIN_EVAL_DATA_DIR: path.join(tree.root, 'data'),
  PLUGIN_EVAL_QUEUE_NAME: queueName,
  ...(ca ? { NODE_EXTRA_CA_CERTS: path.join(tree.root, 'ca.pem') } : { NODE_EXTRA_CA_CERTS: '' }),
});

describe('rediss://', () => {
  it(
    'a worker and a submitter that trust the CA score through it',
    async () => {
      const name = uniqueQueueName('tls');
      const submit = startCli(
        ['score', 'skills/csv-profiler', '--queue', url, '--output', 'json', '--no-store'],
        env(name, true),
        tree.root,
        children,
      );
      const worker = startCli(['worker', '--queue', url, '--idle-exit', '1'], env(name, true), tree.root, children);
      const scored = await submit.done;
      expect(scored.code, scored.stderr).toBe(0);
      expect(ScoreRun.parse(JSON.parse(scored.stdout)).results.map((r) => r.target.path)).toEqual([
        'skills/csv-profiler',
      ]);
      const done = await worker.done;
      expect(done.code, done.stderr).toBe(0);
    },
    HANG_LIMIT_MS,
  );

  it(
    'without the CA the worker takes no job and exits 3 saying why',
    async () => {
      const out = await startCli(
        ['worker', '--queue', url, '--once'],
        env(uniqueQueueName('tls-untrusted'), false),
        tree.root,
        children,
      ).done;
      expect(out.code).toBe(3);
      expect(out.stderr).toMatch(/could not reach Redis at rediss:\/\/127\.0\.0\.1:\d+: .*(certificate|self.signed)/i);
      expect(out.stderr).toContain(
        "the worker took no job: trust the CA that signed the Redis server's certificate (NODE_EXTRA_CA_CERTS=ca.pem)",
      );
      expect(out.stderr).not.toMatch(/\n\s+at /);
    },
    HANG_LIMIT_MS,
  );
});
