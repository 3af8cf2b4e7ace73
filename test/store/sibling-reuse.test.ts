/**
 * score --only-changed must not reuse a result that would now be different. A lone skill's score depends on the
 * folder next to it as well as its own files: its links to sibling skills resolve against that folder's listing
 * (DEAD_CROSS_REF). Deleting the sibling changes no byte of the skill, so its content hash alone reused the old,
 * higher score.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScoreRun } from '../../src/model/run.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-sibling-reuse-');
const SKILL = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# ` +
  `Notes\n\n${body}\n`;
tree.write('skills/writer/SKILL.md', SKILL('writer', 'Then hand over to [the reviewer](../reviewer/SKILL.md).'));
tree.write('skills/reviewer/SKILL.md', SKILL('reviewer', 'Review the notes.'));
const skills = path.join(tree.root, 'skills');
const store = path.join(tree.root, 'results.db');

async function run(): Promise<{ run: ScoreRun; stderr: string }> {
  const out = await cli('score', skills, '--store', store, '--output', 'json', '--only-changed');
  return { run: ScoreRun.parse(JSON.parse(out.stdout)), stderr: out.stderr };
}
const writer = (r: ScoreRun) => r.results.find((x) => x.target.name === 'writer')!;

describe('--only-changed and the folder next to a skill', () => {
  it('reuses while nothing the score reads changed; rescores a skill whose linked sibling was deleted', async () => {
    const first = await run();
    expect(first.run.results).toHaveLength(2);
    expect(writer(first.run).antiPatterns.map((a) => a.flag)).not.toContain('DEAD_CROSS_REF');
    expect((await run()).stderr).toContain('reused 2 of 2 results');
    writeFileSync(path.join(skills, 'reviewer', 'SKILL.md'), SKILL('reviewer', 'Review the notes twice.'));
    const edited = await run();
    expect(edited.stderr).toContain('reused 1 of 2 results: content and plan unchanged; 1 scored');
    expect(writer(edited.run).reusedFrom).toBeDefined();

    // Deleted: the writer is rescored, with the dead reference a fresh run finds.
    rmSync(path.join(skills, 'reviewer'), { recursive: true });
    const after = await run();
    expect(after.stderr).toContain('reused 0 of 1 results');
    expect(writer(after.run).reusedFrom).toBeUndefined();
    const fresh = ScoreRun.parse(JSON.parse((await cli('score', skills, '--no-store', '--output', 'json')).stdout));
    expect(writer(fresh).antiPatterns.map((a) => a.flag)).toContain('DEAD_CROSS_REF');
    expect(writer(after.run).composite.score).toBe(writer(fresh).composite.score);
  });
});
