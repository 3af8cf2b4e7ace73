import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ScoreResult } from '../../src/model/result.js';
import { singleResult } from '../support/score-json.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { entry, writeLogTree } from './log-tree.js';

const tree = tempTree('score-human-');
const skill = tree.write(
  'skills/demo-skill/SKILL.md',
  '---\nname: demo-skill\ndescription: Formats release notes from a changelog. Use when the user asks for ' +
    'release notes.\n---\n\n# Demo\n\nRead CHANGELOG.md and write the notes.\n',
);
const skillDir = path.dirname(skill);
const logs = path.join(tree.root, 'logs');
// People: 4, 5, 3, 4, 5 -> mean 4.2 over 5. A synthetic session and a machine's rating do not count.
writeLogTree(logs, [
  ...[4, 5, 3, 4, 5].map((rating, i) =>
    entry({ skill: 'myplugin:demo-skill', at: `2026-01-0${i + 1}T10:00:00Z`, rating }),
  ),
  entry({ skill: 'myplugin:demo-skill', at: '2026-01-07T10:00:00Z', rating: 1, session: 'test-1' }),
  entry({ skill: 'myplugin:demo-skill', at: '2026-01-08T10:00:00Z', rating: 1, evaluator: 'automated' }),
  ...[1, 1, 1, 1].map((rating, i) =>
    entry({ skill: 'myplugin:other-skill', at: `2026-01-0${i + 1}T10:00:00Z`, rating }),
  ),
]);

const json = async (...args: string[]): Promise<ScoreResult> => {
  const r = await cli('score', ...args, '--output', 'json');
  expect(r.code).toBe(0);
  return singleResult(r.stdout);
};

describe("score shows people's mean rating beside the composite", () => {
  it('JSON: the human field, the composite untouched', async () => {
    const withLogs = await json(skillDir, '--logs-dir', logs);
    expect(withLogs.human).toEqual({ meanRating: 4.2, ratings: 5, skills: ['myplugin:demo-skill'], logsRoot: logs });
    const without = await json(skillDir, '--logs-dir', tree.dir('no-ratings'));
    expect(without.human).toBeUndefined();
    expect(withLogs.composite).toEqual(without.composite);
  });

  it('text: one line after the coverage', async () => {
    const r = await cli('score', skillDir, '--logs-dir', logs);
    expect(r.stdout).toMatch(
      /Coverage [^\n]*\n(?:[^\n]*\n)*?Human rating 4\.2\/5 \(5 ratings in the execution logs; not part of the composite\)/,
    );
  });

  it('every other report format shows it too (markdown, html, junit, sarif)', async () => {
    for (const format of ['markdown', 'html', 'junit']) {
      const r = await cli('score', skillDir, '--logs-dir', logs, '--output', format);
      expect(r.stdout, format).toContain(
        'Human rating 4.2/5 (5 ratings in the execution logs; not part of the composite)',
      );
    }
    const sarif = await cli('score', skillDir, '--logs-dir', logs, '--output', 'sarif');
    expect(JSON.parse(sarif.stdout).runs[0].properties.scores[0].humanRating).toEqual({ mean: 4.2, ratings: 5 });
  });

  it('fewer than 5 ratings: nothing shown', async () => {
    const other = path.dirname(
      tree.write(
        'skills2/other-skill/SKILL.md',
        '---\nname: other-skill\ndescription: Does other things. Use when asked.\n---\n\n# Other\n\nDo it.\n',
      ),
    );
    expect((await json(other, '--logs-dir', logs)).human).toBeUndefined();
  });

  it('CLAUDE_HOME is honoured; a --logs-dir that does not exist is bad input', async () => {
    const home = path.join(tree.root, 'home');
    writeLogTree(
      path.join(home, 'skills', 'logs'),
      [4, 4, 4, 4, 4].map((rating, i) => entry({ skill: 'p:demo-skill', at: `2026-02-0${i + 1}T10:00:00Z`, rating })),
    );
    const saved = process.env.CLAUDE_HOME;
    process.env.CLAUDE_HOME = home;
    try {
      expect((await json(skillDir)).human).toMatchObject({ meanRating: 4, ratings: 5, skills: ['p:demo-skill'] });
    } finally {
      if (saved === undefined) delete process.env.CLAUDE_HOME;
      else process.env.CLAUDE_HOME = saved;
    }
    const missing = await cli('score', skillDir, '--logs-dir', path.join(tree.root, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no such folder');
  });
});
