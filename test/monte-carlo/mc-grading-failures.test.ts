/**
 * Monte Carlo's output quality is the judge's grade of activated positive runs. When the judge gives no grade
 * (an unusable reply after the repair request, here), that is a measurement failure, never a low grade. With no
 * grade at all it is a gap on output_quality (a partial result, no badge), not a "no run was graded" note on a
 * complete result; with some, the ungraded runs are counted apart and said, as runs lost to infrastructure are.
 * Messages runner, scripted server.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { createProvider } from '../../src/providers/provider-stack.js';
import { MONTE_CARLO_LAYER, STATIC_LAYER } from '../../src/pipeline/layers/index.js';
import type { ProviderSelection } from '../../src/providers/select.js';
import { LISTING_HEADER, MessagesRunner } from '../../src/agent/index.js';
import { requestText, startModelServer } from '../support/model-server.js';
import type { ModelServer, Reply, ScriptRequest } from '../support/model-server.js';
import { anthropicEnv, fastReliability } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';
import { directVerdict, isDirectScore } from '../judge/judge-script.js';

const tree = tempTree('plugin-eval-mc-grading-');
const SKILL = join(
  tree.write(
    'release-notes/SKILL.md',
    '---\nname: release-notes\ndescription: Write release notes from a git log. Use when asked for release ' +
      'notes.\n---\n\n# Release notes\n\nGroup commits by type.\n',
  ),
  '..',
);
const selection: ProviderSelection = { kind: 'anthropic', reason: 'test', model: undefined, baseURL: undefined };
const PROMPTS = [
  ...['ZEBRA notes for v1', 'ZEBRA notes for v2', 'ZEBRA notes for v3', 'ZEBRA notes for v4', 'ZEBRA notes for v5'].map(
    (query) => ({ query, should_trigger: true }),
  ),
  ...['what is a tag', 'rebase my branch', 'sign my commits', 'list files', 'what is semver'].map((query) => ({
    query,
    should_trigger: false,
  })),
];
const promptsFile = tree.write('prompts.json', JSON.stringify(PROMPTS));

/** Routes ZEBRA prompts to the skill; the grading judge answers garbage for the prompts `ungraded` matches. */
const policy =
  (ungraded: (text: string) => boolean) =>
  (r: ScriptRequest): Reply => {
    const text = requestText(r);
    if (text.includes(LISTING_HEADER)) return { json: { skill: text.includes('ZEBRA') ? 'release-notes' : null } };
    if (isDirectScore(r)) return ungraded(text) ? { text: 'no grade from me' } : directVerdict(4);
    return { text: 'Release notes: done.' };
  };

let server: ModelServer;
beforeAll(async () => {
  server = await startModelServer(policy(() => false));
});
afterAll(async () => server.close());

async function deep() {
  const provider = createProvider(selection, { env: anthropicEnv(server), reliability: fastReliability() });
  const run = await score([SKILL], {
    depth: 'deep',
    layers: [STATIC_LAYER, MONTE_CARLO_LAYER],
    judge: { provider, model: 'claude-haiku-5-5' },
    monteCarlo: {
      runner: new MessagesRunner({ provider }),
      promptsFile,
      maxRuns: 10,
      adaptive: false,
      concurrency: 2,
      model: 'claude-haiku-5-5',
    },
  });
  return run.results[0]!;
}

describe('Monte Carlo grading failures', () => {
  it('every grade fails: output_quality is a gap (not measured by monte_carlo), the result is partial, no badge', async () => {
    server.setScript(policy(() => true));
    const result = await deep();
    expect(result.measurement.status).toBe('partial');
    expect(result.measurement.gaps).toEqual([
      {
        layer: 'monte_carlo',
        dimension: 'output_quality',
        measured: false,
        reason: expect.stringMatching(
          /^the judge graded none of the 5 activated positive run\(s\): reply is not JSON: no grade from me/,
        ),
      },
    ]);
    expect(result.composite.badge).toBe('none');
  });

  it('some grades fail: the quality rests on the graded runs and the others are counted apart and said, as runs lost to infrastructure are', async () => {
    server.setScript(policy((text) => /ZEBRA notes for v[12]\b/.test(text)));
    const result = await deep();
    const layer = result.layers.find((l) => l.name === 'monte_carlo')!;
    expect(layer.monteCarlo?.[0]?.quality.n).toBe(3);
    expect(layer.notes).toContainEqual(
      expect.stringMatching(
        /^output_quality: 2 of 5 activated positive run\(s\) got no grade from the judge \(counted apart; the quality rests on the other 3\): reply is not JSON/,
      ),
    );
    expect(result.measurement.status).toBe('complete');
  });

  it('every grade given: complete', async () => {
    server.setScript(policy(() => false));
    const result = await deep();
    expect(result.measurement).toEqual({ status: 'complete', gaps: [] });
  });
});
