import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { ScoreLine, loadCriteria, parseInlineCriteria, parseJsonl, readLabelled } from '../../src/judge/kit/index.js';
import { tempTree } from '../support/tmp.js';

const scratch = tempTree('judgekit-io-');
let dir = '';
beforeEach(() => {
  dir = scratch.fresh();
});

describe('judgekit inputs', () => {
  it('inline criteria: name:weight with default weight 1', () => {
    expect(parseInlineCriteria('accuracy:3, clarity ,tone:0.5')).toEqual([
      { name: 'accuracy', weight: 3 },
      { name: 'clarity' },
      { name: 'tone', weight: 0.5 },
    ]);
    expect(() => parseInlineCriteria('accuracy:0')).toThrow(/positive weight/);
    expect(() => parseInlineCriteria(' , ')).toThrow(/empty/);
  });

  it('criteria files: a list or {criteria: [...]}, JSON or YAML; bad ones are InputErrors', async () => {
    await writeFile(join(dir, 'c.json'), JSON.stringify({ criteria: [{ name: 'accuracy', weight: 2 }] }));
    expect(await loadCriteria(join(dir, 'c.json'))).toEqual([{ name: 'accuracy', weight: 2, description: '' }]);
    await writeFile(join(dir, 'bad.yaml'), '- weight: 2\n');
    await expect(loadCriteria(join(dir, 'bad.yaml'))).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/bad\.yaml: not a criteria file/),
    });
    await expect(loadCriteria(join(dir, 'absent.yml'))).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/cannot read criteria file/),
    });
  });

  it('JSONL: numeric ids become strings, empty files and wrong types name the line', () => {
    expect(parseJsonl('{"id": 7, "prompt": "p", "response": "r"}\n', ScoreLine, 'x.jsonl')).toEqual([
      { id: '7', prompt: 'p', response: 'r' },
    ]);
    expect(() => parseJsonl('\n\n', ScoreLine, 'x.jsonl')).toThrow(/x\.jsonl: no items/);
    expect(() =>
      parseJsonl('{"prompt": "p", "response": "r"}\n{"prompt": 1, "response": "r"}', ScoreLine, 'x.jsonl'),
    ).toThrow(/^x\.jsonl:2: .*prompt/);
  });

  it('labelled files: the first line decides the mode; a later mismatch names its line', async () => {
    const path = join(dir, 'l.jsonl');
    await writeFile(
      path,
      `${JSON.stringify({ prompt: 'p', responseA: 'a', responseB: 'b', humanVerdict: 'b' })}\n${JSON.stringify({ prompt: 'p', response: 'r', humanScore: 3 })}\n`,
    );
    await expect(readLabelled(path)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(/l\.jsonl:2: /),
    });
    await writeFile(path, `${JSON.stringify({ prompt: 'p', response: 'r', humanScore: 3 })}\n`);
    expect(await readLabelled(path)).toMatchObject({ mode: 'score', items: [{ humanScore: 3 }] });
  });
});
