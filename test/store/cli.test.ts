import { cpSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { SkillHistory } from '../../src/store/schema.js';
import { ScoreRun } from '../../src/model/run.js';

const tree = tempTree('plugin-eval-store-cli-');
const skills = tree.dir('skills');
cpSync(path.resolve('examples/skills/csv-profiler'), path.join(skills, 'csv-profiler'), { recursive: true });
cpSync(path.resolve('examples/skills/changelog-writer'), path.join(skills, 'changelog-writer'), { recursive: true });
const csv = path.join(skills, 'csv-profiler');

describe('score records in the store; history and --only-changed read it back', () => {
  it('records, reuses unchanged targets, rescored changed ones, and shows the trend', async () => {
    const store = path.join(tree.root, 'a', 'results.db');
    const first = await cli('score', skills, '--store', store, '--output', 'json');
    expect([0, 1]).toContain(first.code);
    expect(first.stderr).not.toContain('not recorded');

    const second = await cli('score', skills, '--store', store, '--output', 'json', '--only-changed');
    expect(second.stderr).toContain('reused 2 of 2 results: content and plan unchanged');
    const run2 = ScoreRun.parse(JSON.parse(second.stdout));
    expect(run2.reused?.sort()).toEqual(run2.results.map((r) => r.target.path).sort());

    writeFileSync(path.join(csv, 'SKILL.md'), `${(await import('node:fs')).readFileSync(path.join(csv, 'SKILL.md'), 'utf8')}\nOne more line.\n`);
    const third = await cli('score', skills, '--store', store, '--output', 'json', '--only-changed');
    expect(third.stderr).toContain('reused 1 of 2 results: content and plan unchanged; 1 scored');

    const json = await cli('history', csv, '--store', store, '--output', 'json');
    expect(json.code).toBe(0);
    const history = SkillHistory.parse(JSON.parse(json.stdout));
    expect(history.points).toHaveLength(3);
    expect(history.points.map((p) => p.reused)).toEqual([false, true, false]);
    expect(history.points[0]!.contentHash).toBe(history.points[1]!.contentHash);
    expect(history.points[2]!.contentHash).not.toBe(history.points[1]!.contentHash);

    const text = await cli('history', 'csv-profiler', '--store', store);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/[▁▂▃▄▅▆▇█]{3}/);
  });
});
