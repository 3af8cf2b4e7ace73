/**
 * A plugin with nothing to score has no composite (null, never 0): recorded and read back it stays null, in the
 * stored result a later run reuses and in the history the trend is drawn from.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScoreResult } from '../../src/model/result.js';
import { NOT_SCORED_REASON } from '../../src/score/build-result.js';
import { formatHistoryText } from '../../src/store/history-text.js';
import { SkillHistory } from '../../src/store/schema.js';
import { openResultsStore } from '../../src/store/sqlite-store.js';
import { tempTree } from '../support/tmp.js';
import { quickRun } from './support.js';

const tree = tempTree('plugin-eval-store-not-scored-');

/** A plugin with a manifest and nothing else: no skill, agent or command to score. */
const emptyPlugin = (): string =>
  path.dirname(path.dirname(tree.write('empty-plugin/.claude-plugin/plugin.json', '{"name": "empty-plugin"}')));

describe('a result with nothing scored in the results store', () => {
  it('round-trips with composite.score null: reuse returns it as recorded, history reads null and says not scored', async () => {
    const target = emptyPlugin();
    const { run, keys } = await quickRun([target]);
    const result = run.results[0]!;
    expect(result.composite).toMatchObject({ score: null, notScored: NOT_SCORED_REASON });
    const store = await openResultsStore({ location: path.join(tree.root, 'not-scored.db') });
    try {
      await store.recordScoreRun({ ...run, runId: 'r1', finishedAt: '2026-01-01T10:00:00.000Z' }, 'score', keys);
      const reused = (await store.reusable([...keys.values()])).get([...keys.values()][0]!.targetKey);
      expect(reused, 'the stored result is reusable').toBeDefined();
      expect(ScoreResult.parse(reused).composite).toMatchObject({ score: null, notScored: NOT_SCORED_REASON });

      const history = SkillHistory.parse(await store.history(target));
      expect(history.points.map((p) => p.composite)).toEqual([null]);
      const text = formatHistoryText(history);
      expect(text).toContain('no composite (nothing scored)');
      expect(text).toMatch(/2026-01-01 10:00 +— .*not scored/);
      expect(text).not.toMatch(/ 0\.0 /);
    } finally {
      await store.close();
    }
  });
});
