import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScoreRun } from '../../src/model/run.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, judgeScript, schemaNameOf } from '../judge/judge-script.js';
import { cli } from '../support/cli.js';
import { envForEachTest } from '../support/env.js';
import { startModelServer, type ModelServer, type ScriptRequest } from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';

/**
 * --resume after an outage: runs saved as infrastructure failures measured nothing, so a resume runs them again and
 * reuses only the runs that ended ok. The simulated agent (messages runner) against the scripted server, whose
 * routing answers fail (HTTP 400, so no retry) after the first few during the "outage".
 */
const tree = tempTree('plugin-eval-resume-infra-');
const SKILL = tree.dir('skills/notes');
tree.write(
  'skills/notes/SKILL.md',
  '---\nname: notes\ndescription: Tidies meeting notes. Use when asked to tidy or summarise meeting ' +
    'notes.\n---\n\n# Notes\n\nGroup them under headings.\n',
);
const PROMPTS = tree.write(
  'prompts.json',
  JSON.stringify([
    ...[
      'tidy my meeting notes',
      'summarise these meeting notes',
      'clean up the standup notes',
      'group my notes by topic',
      'list the actions in my notes',
    ].map((query) => ({ query, should_trigger: true })),
    ...['convert this CSV', 'rebase my branch', 'write a poem', 'sign a commit', 'list the files'].map((query) => ({
      query,
      should_trigger: false,
    })),
  ]),
);
const judge = judgeScript({
  candidate: 'notes',
  shouldTrigger: CSV_SHOULD_TRIGGER,
  nearMisses: CSV_NEAR_MISSES,
  score: () => 0.7,
});
const OK_BEFORE_OUTAGE = 3;
let outage = true;
let routed = 0;
const routing = (r: ScriptRequest) => schemaNameOf(r) === 'skill_decision';
let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer((r) => {
    if (!routing(r)) return judge(r);
    routed += 1;
    if (outage && routed > OK_BEFORE_OUTAGE) return { fault: 'status', status: 400, message: 'upstream unavailable' };
    return { json: { skill: null } };
  });
});
afterAll(async () => server.close());
envForEachTest(() => ({
  ANTHROPIC_API_KEY: 'sk-ant-test',
  ANTHROPIC_BASE_URL: server.url,
  PLUGIN_EVAL_STATE_DIR: tree.dir('state'),
  PLUGIN_EVAL_STORE: 'off',
  OPENAI_API_KEY: undefined,
  OPENAI_BASE_URL: undefined,
}));

const args = [
  '--depth',
  'deep',
  '--no-cache',
  '--runner',
  'messages',
  '--prompts',
  PROMPTS,
  '--mc-n',
  '20',
  '--no-adaptive',
  '--output',
  'json',
];
const layer3 = (run: ScoreRun) => run.results[0]!.layers.find((l) => l.name === 'monte_carlo')!.monteCarlo![0]!;

describe('--resume after an outage', () => {
  it('runs again the runs that failed for infrastructure reasons, and only those', async () => {
    const first = await cli('score', SKILL, ...args);
    expect(first.code, first.stderr).toBe(3);
    const broken = ScoreRun.parse(JSON.parse(first.stdout));
    const before = layer3(broken);
    expect(before.sampling.stoppedBy).toBe('infrastructure');
    expect(before.sampling.done - before.sampling.infra).toBe(OK_BEFORE_OUTAGE);
    expect(before.sampling.infra).toBeGreaterThanOrEqual(5);

    outage = false;
    const routedBefore = server.requests.filter(routing).length;
    const again = await cli('score', SKILL, ...args, '--resume', broken.runId);
    expect(again.code, again.stderr).toBe(0);
    const after = layer3(ScoreRun.parse(JSON.parse(again.stdout)));
    // The ok runs are reused; every other of the N runs (the infrastructure failures among them) is made now.
    expect(after.sampling.resumed).toBe(OK_BEFORE_OUTAGE);
    expect(server.requests.filter(routing).length - routedBefore).toBe(20 - OK_BEFORE_OUTAGE);
    expect(after.sampling).toMatchObject({ done: 20, measured: 20, infra: 0, stoppedBy: 'max-runs' });
  });
});
