import { describe, expect, it } from 'vitest';
import { McStateStore } from '../../src/monte-carlo/state.js';
import { tempTree } from '../support/tmp.js';

const tmp = tempTree('plugin-eval-mc-state-');
const KEY = 'a'.repeat(32);

describe('a saved Monte Carlo state file', () => {
  it('that is not JSON is refused with its name and the reason, never a stack trace', async () => {
    const folder = tmp.fresh();
    tmp.write(`${folder.slice(tmp.root.length + 1)}/monte-carlo-${KEY.slice(0, 16)}.json`, '{"key": "a",\n  "runs": [');
    await expect(new McStateStore(folder).load(KEY)).rejects.toMatchObject({
      name: 'InputError',
      message: expect.stringMatching(
        /monte-carlo-a{16}\.json: the saved Monte Carlo state is not valid JSON \(.+\); delete it/,
      ),
    });
  });

  it('that is absent is no state', async () => {
    expect(await new McStateStore(tmp.fresh()).load(KEY)).toBeUndefined();
  });
});
