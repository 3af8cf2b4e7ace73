/**
 * certify through the queue: what the queue is for (a marketplace's certify is thousands of agent runs). Workers
 * (the built CLI) run Layer 3 (the messages runner on a prompts file, against the scripted model server) and the
 * Elo matchups against a corpus index, and the submitter prints exactly what a local certify prints.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initCorpus } from '../../src/rank/corpus/index.js';
import { ScoreRun } from '../../src/model/run.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, judgeScript as layerJudge } from '../judge/judge-script.js';
import { judgeScript as pairJudge, toolOf } from '../judgekit/fake-judge.js';
import { startModelServer, type ModelServer, type Reply, type ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { BIN, queueEnv, startCli } from './cli-processes.js';
import { testRedis, uniqueQueueName } from './redis.js';
import { withoutVolatile } from './same-results.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const tree = tempTree('plugin-eval-certify-queue-');
const skill = (name: string, q: number) =>
  `---\nname: ${name}\ndescription: ${name} writes release notes from a git log. Use when asked for release ` +
  `notes.\n---\n\n# ${name}\n\nGroup commits by type, newest first.\n\n[q=${q}]\n`;
for (const [name, q] of [
  ['n1', 1],
  ['n2', 2],
  ['n3', 3],
  ['n7', 7],
  ['n8', 8],
] as const)
  tree.write(`corpus/notes/skills/${name}/SKILL.md`, skill(name, q));
tree.write('mine/notes/skills/release-notes/SKILL.md', skill('release-notes', 5));
tree.write('mine/notes/skills/changelog/SKILL.md', skill('changelog', 4));
// Six positives (five carry the marker the routing reply activates on) and three near misses.
const PROMPTS = tree.write(
  'prompts.json',
  JSON.stringify([
    ...Array.from({ length: 6 }, (_, i) => ({
      query: `${i < 5 ? 'ZEBRA ' : ''}write release notes for v1.${i}`,
      should_trigger: true,
    })),
    ...Array.from({ length: 3 }, (_, i) => ({ query: `rebase my branch ${i}`, should_trigger: false })),
  ]),
);
const corpusDir = path.join(tree.root, 'index');

// The layer judge, the pairwise judge for Elo (the [q=N] markers decide), and the messages runner's routing call:
// activation for release-note prompts only, so Layer 3 measures something that can differ between skills.
const layer = layerJudge({
  candidate: 'release-notes',
  shouldTrigger: CSV_SHOULD_TRIGGER,
  nearMisses: CSV_NEAR_MISSES,
  score: () => 0.8,
});
const pairs = pairJudge();
const policy = (r: ScriptRequest): Reply | Promise<Reply> => {
  const tool = toolOf(r);
  // The grading of activated runs is the toolkit's direct scoring, which the pairwise fake judge also answers.
  if (tool === 'pairwise_verdict' || tool === 'direct_score') return pairs(r);
  if (tool === 'skill_decision')
    return { json: { skill: JSON.stringify(r.body.messages).includes('ZEBRA') ? 'release-notes' : null } };
  return layer(r);
};

let server: ModelServer;
let redis: string;
const children: ChildProcess[] = [];
beforeAll(async () => {
  expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
  redis = await testRedis();
  server = await startModelServer(policy);
  await initCorpus(path.join(tree.root, 'corpus'), { corpusDir });
}, HANG_LIMIT_MS);
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await server?.close();
});

const envFor = (queueName: string) => queueEnv(server.url, tree.root, queueName);
const run = (args: string[], env: NodeJS.ProcessEnv) => startCli(args, env, tree.root, children).done;

const certifyArgs = [
  'certify',
  'mine',
  '--corpus-dir',
  corpusDir,
  '--runner',
  'messages',
  '--prompts',
  PROMPTS,
  '--mc-n',
  '18',
  '--no-adaptive',
  '--output',
  'json',
  '--no-store',
];

describe('certify --queue', () => {
  it(
    'workers run Monte Carlo and Elo and the run equals a local certify (all but timings and run ids)',
    async () => {
      const queueName = uniqueQueueName('certify');
      const local = await run(certifyArgs, envFor(queueName));
      const workers = [
        run(['worker', '--queue', redis, '--idle-exit', '3'], envFor(queueName)),
        run(['worker', '--queue', redis, '--idle-exit', '3'], envFor(queueName)),
      ];
      const queued = await run([...certifyArgs, '--queue', redis], envFor(queueName));
      expect(queued.code, queued.stderr).toBe(local.code);
      const a = ScoreRun.parse(JSON.parse(local.stdout));
      const b = ScoreRun.parse(JSON.parse(queued.stdout));
      // Layer 3 and Elo were measured, on the workers, for both skills.
      expect(b.results.map((r) => r.target.name).sort()).toEqual(['changelog', 'release-notes']);
      for (const r of b.results) {
        expect(r.layersRun).toContain('monte_carlo');
        expect(r.elo?.status).toBe('measured');
        const mc = r.layers.find((l) => l.name === 'monte_carlo')!.monteCarlo![0]!;
        expect(mc.status).toBe('measured');
        expect(mc.runs).toHaveLength(18);
        expect(r.measurement.status).toBe('complete');
      }
      const { settings: _a, ...localRest } = JSON.parse(local.stdout) as Record<string, unknown>;
      const { settings: _b, ...queuedRest } = JSON.parse(queued.stdout) as Record<string, unknown>;
      expect(withoutVolatile(queuedRest)).toEqual(withoutVolatile(localRest));
      expect(a.results.map((r) => r.composite.score)).toEqual(b.results.map((r) => r.composite.score));
      for (const w of workers) expect((await w).code).toBe(0);
    },
    HANG_LIMIT_MS,
  );
});
