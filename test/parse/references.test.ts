/**
 * A skill's reference and script texts are read once per parse: the rules that follow mentions and the rules that
 * read references share one read, and a small reference file is taken from the walk's sniff without opening it again.
 */
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readListedText } from '../../src/parse/references.js';
import { parseSkill } from '../../src/parse/skill.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-references-');

describe('listed file texts', () => {
  it('reads each file once per parse, small references from the walk itself', async () => {
    const dir = path.dirname(tree.write('s/SKILL.md', '---\nname: s\ndescription: d\n---\n\nSee guide.md.\n'));
    tree.write('s/references/guide.md', '\uFEFFThe guide.\n');
    tree.write('s/scripts/run.sh', 'echo one\n');
    const parsed = await parseSkill(dir);
    if (!parsed.ok) throw new Error('parse failed');
    const { skill } = parsed;
    const entry = (rel: string) => skill.files.find((f) => f.rel === rel)!;
    // Gone from disk after the walk: the sniff already holds all of it.
    rmSync(path.join(dir, 'references/guide.md'));
    expect(skill.references).toEqual([{ rel: 'references/guide.md', text: 'The guide.\n' }]);
    expect(readListedText(entry('references/guide.md'))).toBe('The guide.\n');
    // Not sniffed: read on first use, and that text is what every later reader gets.
    expect(readListedText(entry('scripts/run.sh'))).toBe('echo one\n');
    writeFileSync(path.join(dir, 'scripts/run.sh'), 'echo two\n');
    expect(readListedText(entry('scripts/run.sh'))).toBe('echo one\n');
    // A new parse lists and reads afresh.
    const again = await parseSkill(dir);
    if (!again.ok) throw new Error('parse failed');
    expect(readListedText(again.skill.files.find((f) => f.rel === 'scripts/run.sh')!)).toBe('echo two\n');
    expect(again.skill.references).toEqual([]);
  });
});
