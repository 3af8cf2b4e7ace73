import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentHashOf, skillPlanKeyAndListing } from '../../src/store/keys.js';
import { contentKey } from '../../src/util/hash.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-store-keys-');

describe('skillPlanKeyAndListing', () => {
  it('is contentKey of the plan key and the sorted sibling paths, whatever the names hold', async () => {
    const dir = tree.dir('skills');
    const names = [
      'b-skill',
      'a "quoted"',
      'ünïcödé',
      'back\\slash',
      'new\nline',
      'tab\there',
      '\u2028sep',
      'emoji 🙂',
    ];
    for (const name of names) {
      mkdirSync(path.join(dir, name, 'references'), { recursive: true });
      writeFileSync(path.join(dir, name, 'SKILL.md'), '# x\n');
      writeFileSync(path.join(dir, name, 'references', `${name}.md`), 'y');
    }
    const siblings = names.flatMap((n) => [n, `${n}/SKILL.md`, `${n}/references`, `${n}/references/${n}.md`]).sort();
    for (const planKey of ['0f'.repeat(32), 'plan "key" \u0000']) {
      expect(skillPlanKeyAndListing(planKey, dir).key).toBe(contentKey({ planKey, siblings }));
    }
  });

  it("hands its listing to the skills' content hashes: each skill's folders are walked from it, to the same hash", async () => {
    const dir = tree.dir('listed');
    for (const name of ['one', 'two']) {
      mkdirSync(path.join(dir, name, 'references', 'deep'), { recursive: true });
      writeFileSync(path.join(dir, name, 'SKILL.md'), `# ${name}\n`);
      writeFileSync(path.join(dir, name, 'references', 'deep', 'x.md'), name);
    }
    const { key, listed } = skillPlanKeyAndListing('p', dir);
    const siblings = ['one', 'two']
      .flatMap((n) => [n, `${n}/SKILL.md`, `${n}/references`, `${n}/references/deep`, `${n}/references/deep/x.md`])
      .sort();
    expect(key).toBe(contentKey({ planKey: 'p', siblings }));
    const one = path.join(dir, 'one');
    expect(listed.has(path.join(one, 'references', 'deep'))).toBe(true);
    expect(await contentHashOf(one, undefined, listed)).toBe(await contentHashOf(one));
    // The walk took the folders it used; the other skill's are still there for its own hash.
    expect([...listed.keys()].filter((k) => k.startsWith(one))).toEqual([]);
    expect(listed.has(path.join(dir, 'two', 'references'))).toBe(true);
    expect(await contentHashOf(path.join(dir, 'two'), undefined, listed)).toBe(
      await contentHashOf(path.join(dir, 'two')),
    );
  });
});
