import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initCorpus } from '../../src/rank/corpus/index.js';
import { rankAgainstCorpus } from '../../src/rank/index.js';
import { createAnthropicProvider, ReliableProvider, type Provider } from '../../src/providers/index.js';
import { judgeScript } from '../judgekit/fake-judge.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { anthropicEnv, fastReliability } from '../support/provider-fixtures.js';
import { tempTree } from '../support/tmp.js';

/** A corpus plugin "kit" of six skills of about the same length, q markers decide every matchup (fake-judge). */
const tree = tempTree('plugin-eval-rank-');
const skill = (name: string, q: number, extraLines = 0) =>
  `---\nname: ${name}\ndescription: ${name} does a thing. Use when ` +
  `testing.\n---\n# ${name}\n\n[q=${q}]\n${'line\n'.repeat(extraLines)}`;
const QS: Record<string, number> = { s1: 1, s2: 2, s3: 3, s4: 7, s5: 8, s6: 9 };
for (const [name, q] of Object.entries(QS)) tree.write(`corpus/kit/skills/${name}/SKILL.md`, skill(name, q));
tree.write('corpus/kit/skills/long/SKILL.md', skill('long', 5, 200));
tree.write('corpus/kit/.claude-plugin/plugin.json', JSON.stringify({ name: 'kit' }));
// The candidate sits in a plugin of the same name, so its category is "kit" too.
const candidate = path.dirname(tree.write('mine/kit/skills/cand/SKILL.md', skill('cand', 5)));
tree.write('mine/kit/.claude-plugin/plugin.json', JSON.stringify({ name: 'kit' }));
const corpusDir = path.join(tree.root, 'index');

let server: ModelServer;
let provider: Provider;
beforeAll(async () => {
  server = await startModelServer(judgeScript());
  provider = new ReliableProvider(
    createAnthropicProvider({ env: anthropicEnv(server) }),
    fastReliability({ maxRetries: 1 }),
  );
});
afterAll(async () => server.close());

describe('rankAgainstCorpus', () => {
  it('without an index: unmeasured, says to run init, makes no call', async () => {
    const result = await rankAgainstCorpus(provider, candidate, { corpusDir, model: 'sonnet' });
    expect(result).toMatchObject({ status: 'unmeasured', rating: null, references: [] });
    expect(result.reason).toBe(`no corpus index at ${path.join(corpusDir, 'index.json')}: run plugin-eval init SOURCE`);
    expect(server.requests).toHaveLength(0);
  });

  it('picks five same-category references inside the line window, never the 200-line one, and rates the candidate', async () => {
    await initCorpus(path.join(tree.root, 'corpus'), { corpusDir });
    const result = await rankAgainstCorpus(provider, candidate, { corpusDir, model: 'sonnet' });
    // All six in the window have rating 1500: ties on rating break by path (s1..s5); s6 and long are left out.
    expect(result.references.map((r) => [r.name, r.outcome])).toEqual([
      ['s1', 'win'],
      ['s2', 'win'],
      ['s3', 'win'],
      ['s4', 'loss'],
      ['s5', 'loss'],
    ]);
    expect(result).toMatchObject({ status: 'measured', wins: 3, losses: 2, matches: 5, percentile: 60, notes: [] });
    expect(server.requests).toHaveLength(10);
  });

  it('a reference edited since init is skipped with a note, not judged under its old rating; the next one takes its place', async () => {
    writeFileSync(path.join(tree.root, 'corpus/kit/skills/s1/SKILL.md'), skill('s1', 1, 1));
    const result = await rankAgainstCorpus(provider, candidate, { corpusDir, model: 'sonnet' });
    expect(result.references.map((r) => r.name)).toEqual(['s2', 's3', 's4', 's5', 's6']);
    expect(result.notes).toEqual([
      `reference s1 (${path.join(tree.root, 'corpus/kit/skills/s1')}) skipped: changed since it was indexed; ` +
        `run plugin-eval init again`,
    ]);
  });

  it('a corpus with fewer usable references than a rating needs: unmeasured with the reason, and no matchup is paid for', async () => {
    const small = path.join(tree.root, 'small-index');
    tree.write('small/kit/skills/a/SKILL.md', skill('a', 1));
    tree.write('small/kit/skills/b/SKILL.md', skill('b', 9));
    await initCorpus(path.join(tree.root, 'small'), { corpusDir: small });
    const before = server.requests.length;
    const result = await rankAgainstCorpus(provider, candidate, { corpusDir: small, model: 'sonnet', count: 10 });
    expect(result).toMatchObject({
      status: 'unmeasured',
      infrastructureFailure: false,
      rating: null,
      percentile: null,
      references: [],
    });
    expect(result.reason).toBe(
      'only 2 usable reference skills in the corpus and a rating needs at least 3 measured matchups, so no ' +
        'matchup was judged; index more skills with plugin-eval init',
    );
    expect(server.requests.length).toBe(before);
  });

  it('every indexed reference deleted since init: unmeasured, and the reason says to run init again; no call', async () => {
    const gone = path.join(tree.root, 'gone-index');
    tree.write('gone/kit/skills/g1/SKILL.md', skill('g1', 1));
    tree.write('gone/kit/skills/g2/SKILL.md', skill('g2', 2));
    tree.write('gone/kit/skills/g3/SKILL.md', skill('g3', 3));
    await initCorpus(path.join(tree.root, 'gone'), { corpusDir: gone });
    rmSync(path.join(tree.root, 'gone'), { recursive: true });
    const before = server.requests.length;
    const result = await rankAgainstCorpus(provider, candidate, { corpusDir: gone, model: 'sonnet' });
    expect(result).toMatchObject({ status: 'unmeasured', infrastructureFailure: false, rating: null });
    expect(result.reason).toBe(
      'no usable reference skills in the corpus: 3 indexed skill(s) were deleted or changed since they were ' +
        'indexed (see the notes); run plugin-eval init SOURCE again',
    );
    expect(result.notes.filter((n) => n.includes('skipped'))).toHaveLength(3);
    expect(server.requests.length).toBe(before);
  });
});
