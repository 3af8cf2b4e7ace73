/**
 * A skill's folders are listed once in a parse: the walk takes the folders the sibling listing (or the plugin's
 * skills listing) already read, instead of listing them again.
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { parsePlugin } from '../src/parse/plugin.js';
import { parseLoneSkill, type SiblingListings } from '../src/parse/skill.js';
import { tempTree } from './support/tmp.js';

vi.mock('node:fs', async (original) => {
  const real = await original<typeof fs>();
  return { ...real, readdirSync: vi.fn(real.readdirSync) };
});

const tree = tempTree('plugin-eval-listing-');
const skillMd = (name: string) => `---\nname: ${name}\ndescription: Does ${name}. Use when asked.\n---\n\nBody.\n`;

/** How many times each folder under the tree was listed while `run` ran. */
async function listingsDuring(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const readdir = vi.mocked(fs.readdirSync);
  readdir.mockClear();
  await run();
  const counts = new Map<string, number>();
  for (const [dir] of readdir.mock.calls) {
    const rel = path.relative(tree.root, String(dir)).split(path.sep).join('/');
    counts.set(rel, (counts.get(rel) ?? 0) + 1);
  }
  return counts;
}

describe('folder listings in a parse', () => {
  it('lists each folder of lone skills once, however many skills share the parent', async () => {
    for (const name of ['a', 'b']) {
      tree.write(`lone/${name}/SKILL.md`, skillMd(name));
      tree.write(`lone/${name}/references/guide.md`, 'guide\n');
      tree.write(`lone/${name}/references/deep/more.md`, 'more\n');
    }
    const listings: SiblingListings = new Map();
    const counts = await listingsDuring(async () => {
      for (const name of ['a', 'b']) {
        const parsed = await parseLoneSkill(path.join(tree.root, 'lone', name), name, listings);
        expect(parsed.ok).toBe(true);
      }
    });
    expect(Object.fromEntries(counts)).toEqual({
      lone: 1,
      'lone/a': 1,
      'lone/a/references': 1,
      'lone/a/references/deep': 1,
      'lone/b': 1,
      'lone/b/references': 1,
      'lone/b/references/deep': 1,
    });
  });

  it("lists each folder of a plugin's skills once", async () => {
    tree.write('plug/.claude-plugin/plugin.json', '{"name": "plug"}\n');
    tree.write('plug/skills/one/SKILL.md', skillMd('one'));
    tree.write('plug/skills/one/scripts/run.sh', 'echo\n');
    tree.write('plug/skills/two/SKILL.md', skillMd('two'));
    const counts = await listingsDuring(() => parsePlugin(path.join(tree.root, 'plug')));
    for (const folder of ['plug/skills', 'plug/skills/one', 'plug/skills/one/scripts', 'plug/skills/two'])
      expect(counts.get(folder), folder).toBe(1);
  });
});
