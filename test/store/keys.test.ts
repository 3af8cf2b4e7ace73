import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { skillPlanKeyOf } from '../../src/store/keys.js';
import { contentKey } from '../../src/util/hash.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-store-keys-');

describe('skillPlanKeyOf', () => {
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
      expect(await skillPlanKeyOf(planKey, dir)).toBe(contentKey({ planKey, siblings }));
    }
  });
});
