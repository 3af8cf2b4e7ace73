/**
 * A skill's folders are listed once in a parse: the walk takes the folders the sibling listing (or the plugin's
 * skills listing) already read, instead of listing them again, and a run's parse takes the folders discovery listed.
 * Its files are opened once each, and no path is resolved unless a link is met.
 */
import * as fs from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { score } from '../src/api/score.js';
import { parsePlugin } from '../src/parse/plugin.js';
import { dropDiscovered, parseLoneSkill, type SiblingListings } from '../src/parse/skill.js';
import { walkFiles } from '../src/parse/walk.js';
import { hashSkillFiles } from '../src/rank/corpus/skill-facts.js';
import { contentHashOf } from '../src/store/keys.js';
import { tempTree } from './support/tmp.js';

vi.mock('node:fs', async (original) => {
  const real = await original<typeof fs>();
  return {
    ...real,
    readdirSync: vi.fn(real.readdirSync),
    promises: { ...real.promises, readdir: vi.fn(real.promises.readdir) },
    openSync: vi.fn(real.openSync),
    readSync: vi.fn(real.readSync),
    statSync: vi.fn(real.statSync),
    realpathSync: Object.assign(vi.fn(real.realpathSync), { native: vi.fn(real.realpathSync.native) }),
  };
});

const tree = tempTree('plugin-eval-listing-');
const skillMd = (name: string) => `---\nname: ${name}\ndescription: Does ${name}. Use when asked.\n---\n\nBody.\n`;

/** How many times each folder under the tree was listed while `run` ran. */
async function listingsDuring(run: () => Promise<unknown>): Promise<Map<string, number>> {
  const readdir = vi.mocked(fs.readdirSync);
  const readdirAsync = vi.mocked(fs.promises.readdir);
  readdir.mockClear();
  readdirAsync.mockClear();
  await run();
  const counts = new Map<string, number>();
  for (const [dir] of [...readdir.mock.calls, ...readdirAsync.mock.calls]) {
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

  it('keeps the listings of the 16 folders holding skills used last, and lists a folder let go anew', async () => {
    const dirs = Array.from({ length: 18 }, (_, i) => path.join(tree.root, `kept/p${i}/s`));
    for (const dir of dirs) tree.write(path.relative(tree.root, path.join(dir, 'SKILL.md')), skillMd('s'));
    const listings: SiblingListings = new Map();
    for (const dir of dirs) expect((await parseLoneSkill(dir, 's', listings)).ok).toBe(true);
    expect([...listings.keys()]).toEqual(dirs.slice(2).map((dir) => path.dirname(dir)));
    // A folder used again is kept longest.
    expect((await parseLoneSkill(dirs[2]!, 's', listings)).ok).toBe(true);
    expect([...listings.keys()].at(-1)).toBe(path.dirname(dirs[2]!));
    const again = await listingsDuring(async () => {
      expect((await parseLoneSkill(dirs[0]!, 's', listings)).ok).toBe(true);
    });
    expect(Object.fromEntries(again)).toEqual({ 'kept/p0': 1, 'kept/p0/s': 1 });
    expect(listings.size).toBe(16);
  });

  it("lets go of discovery's listings of a skill scored elsewhere", () => {
    const listed = new Map<string, fs.Dirent[]>([
      ['/r/p/s', []],
      ['/r/p', []],
      ['/r/q/t', []],
      ['/r/q', []],
    ]);
    dropDiscovered(listed, '/r/p/s');
    expect([...listed.keys()]).toEqual(['/r/q/t', '/r/q']);
  });

  it("lists each folder of a plugin's skills once", async () => {
    tree.write('plug/.claude-plugin/plugin.json', '{"name": "plug"}\n');
    tree.write('plug/skills/one/SKILL.md', skillMd('one'));
    tree.write('plug/skills/one/scripts/run.sh', 'echo\n');
    tree.write('plug/skills/two/SKILL.md', skillMd('two'));
    tree.write('plug/agents/helper.md', '---\nname: helper\ndescription: Helps. Use when asked.\n---\n\nHelp.\n');
    let agents: string[] = [];
    const counts = await listingsDuring(async () => {
      const plugin = await parsePlugin(path.join(tree.root, 'plug'));
      agents = [...plugin.skills[0]!.context.agents, ...plugin.agents.map((a) => a.file)];
    });
    for (const folder of [
      'plug/skills',
      'plug/skills/one',
      'plug/skills/one/scripts',
      'plug/skills/two',
      'plug/agents',
    ])
      expect(counts.get(folder), folder).toBe(1);
    // The one listing serves both: the skills' agent names and the agents parsed.
    expect(agents).toEqual(['helper', expect.stringMatching(/agents\/helper\.md$/)]);
  });
});

describe('folder listings in a run (discovery, then the parse)', () => {
  const under = (dir: string) => path.relative(tree.root, dir).split(path.sep).join('/');
  const resolvedUnderTree = () =>
    vi
      .mocked(fs.realpathSync.native)
      .mock.calls.map(([p]) => under(String(p)))
      .filter((p) => !p.startsWith('..'));

  it('lists each skill folder once, whether the skills or the folder holding them is given', async () => {
    for (const name of ['x', 'y']) {
      tree.write(`run/${name}/SKILL.md`, skillMd(name));
      tree.write(`run/${name}/references/guide.md`, 'guide\n');
    }
    vi.mocked(fs.realpathSync.native).mockClear();
    const given = await listingsDuring(() => score([path.join(tree.root, 'run/x'), path.join(tree.root, 'run/y')]));
    expect(Object.fromEntries(given)).toEqual({
      run: 1,
      'run/x': 1,
      'run/x/references': 1,
      'run/y': 1,
      'run/y/references': 1,
    });
    // Two skills in one folder: the folder's real path is resolved once, and theirs from it.
    expect(resolvedUnderTree()).toEqual(['run']);
    const folder = await listingsDuring(async () => {
      const run = await score([path.join(tree.root, 'run')]);
      expect(run.results.map((r) => r.target.name)).toEqual(['x', 'y']);
    });
    expect(Object.fromEntries(folder)).toEqual(Object.fromEntries(given));
  });

  it('a skill given through a linked folder is listed once and its links out are still refused', async () => {
    tree.write('handoff/outside/secret.md', 'SECRET-TEXT\n');
    tree.write('handoff/real/s/SKILL.md', skillMd('s'));
    tree.write('handoff/real/s/references/guide.md', 'guide\n');
    fs.symlinkSync(
      path.join(tree.root, 'handoff/outside/secret.md'),
      path.join(tree.root, 'handoff/real/s/references/out.md'),
    );
    tree.dir('handoff/via');
    fs.symlinkSync(path.join(tree.root, 'handoff/real/s'), path.join(tree.root, 'handoff/via/s'));
    vi.mocked(fs.openSync).mockClear();
    let ruleIds: string[] = [];
    const counts = await listingsDuring(async () => {
      const run = await score([path.join(tree.root, 'handoff/via/s'), path.join(tree.root, 'handoff/real/s')]);
      expect(run.results).toHaveLength(1); // one target: the link and its folder resolve to one real path
      ruleIds = run.results[0]!.diagnostics.map((d) => d.ruleId);
    });
    expect(counts.get('handoff/via/s')).toBe(1);
    expect(ruleIds).toContain('file/symlink-escapes');
    const opened = vi.mocked(fs.openSync).mock.calls.map(([file]) => under(String(file)));
    expect(opened).toContain('handoff/via/s/references/guide.md');
    expect(opened.filter((f) => f.includes('secret') || f.endsWith('out.md'))).toEqual([]);
  });
});

describe('file opens and path resolution in a parse', () => {
  const opens = vi.mocked(fs.openSync);
  const resolved = () =>
    vi.mocked(fs.realpathSync).mock.calls.length + vi.mocked(fs.realpathSync.native).mock.calls.length;
  const opened = () =>
    opens.mock.calls.map(([file]) => path.relative(tree.root, String(file)).split(path.sep).join('/'));
  beforeEach(() => {
    opens.mockClear();
    vi.mocked(fs.readSync).mockClear();
    vi.mocked(fs.statSync).mockClear();
    vi.mocked(fs.realpathSync).mockClear();
    vi.mocked(fs.realpathSync.native).mockClear();
  });

  it('opens SKILL.md and each reference once, the larger ones too, and resolves no path', async () => {
    tree.write('files/a/SKILL.md', skillMd('a'));
    tree.write('files/a/references/small.md', 'small\n');
    const large = `# Large\n\n${'A line of reference text.\n'.repeat(1500)}`; // ~38 KB, past the 8 KB sniff
    tree.write('files/a/references/large.md', large);
    const parsed = await parseLoneSkill(path.join(tree.root, 'files', 'a'), 'a', new Map());
    if (!parsed.ok) throw new Error('not parsed');
    expect(parsed.skill.references.map((r) => [r.rel, r.text])).toEqual([
      ['references/large.md', large],
      ['references/small.md', 'small\n'],
    ]);
    expect(opened().sort()).toEqual(['files/a/SKILL.md', 'files/a/references/large.md', 'files/a/references/small.md']);
    expect(resolved()).toBe(0);
    // One read each, none past the end, and SKILL.md not stat()ed by path: its open gives its size.
    expect(vi.mocked(fs.readSync).mock.calls).toHaveLength(3);
    expect(vi.mocked(fs.statSync).mock.calls).toEqual([]);
    expect(parsed.skill.files.find((f) => f.rel === 'SKILL.md')?.size).toBe(Buffer.byteLength(skillMd('a')));
  });

  it('reads a SKILL.md that links inside the folder through its real path, and refuses one linking out', async () => {
    tree.write('linked/in/docs/SKILL.md', skillMd('in'));
    fs.symlinkSync('docs/SKILL.md', path.join(tree.root, 'linked/in/SKILL.md'));
    const inside = await parseLoneSkill(path.join(tree.root, 'linked', 'in'), 'in', new Map());
    expect(inside.ok && inside.skill.name).toBe('in');
    expect(resolved()).toBeGreaterThan(0);
    tree.write('linked/elsewhere.md', skillMd('elsewhere'));
    tree.dir('linked/out');
    fs.symlinkSync('../elsewhere.md', path.join(tree.root, 'linked/out/SKILL.md'));
    const outside = await parseLoneSkill(path.join(tree.root, 'linked', 'out'), 'out', new Map());
    expect(outside.ok ? 'read' : outside.diagnostics.map((d) => d.ruleId)).toEqual(['file/read-outside']);
    expect(opened()).not.toContain('linked/elsewhere.md');
  });

  it("hashes a skill's content without a stat of any file, to the same hash as a sized listing", async () => {
    tree.write('hashed/h/SKILL.md', skillMd('h'));
    tree.write('hashed/h/scripts/run.sh', 'echo run\n');
    tree.write('hashed/h/LICENSE', 'MIT\n');
    tree.write('hashed/h/references/guide.md', 'guide\n');
    const dir = path.join(tree.root, 'hashed', 'h');
    const hash = await contentHashOf(dir);
    expect(vi.mocked(fs.statSync).mock.calls).toEqual([]);
    const sized = await walkFiles(dir, '');
    // A walk that sizes files still does (by stat for the unsniffed ones).
    expect(sized.files.map((f) => [f.rel, f.size])).toEqual([
      ['LICENSE', 4],
      ['SKILL.md', Buffer.byteLength(skillMd('h'))],
      ['references/guide.md', 6],
      ['scripts/run.sh', 9],
    ]);
    expect(vi.mocked(fs.statSync).mock.calls.length).toBeGreaterThan(0);
    expect(hash).toBe(await hashSkillFiles(sized.files));
  });

  it('reads a skill reached through a linked folder without resolving it', async () => {
    tree.write('real/skill/SKILL.md', skillMd('skill'));
    tree.dir('via');
    fs.symlinkSync(path.join(tree.root, 'real/skill'), path.join(tree.root, 'via/skill'));
    const parsed = await parseLoneSkill(path.join(tree.root, 'via', 'skill'), 'skill', new Map());
    expect(parsed.ok && parsed.skill.name).toBe('skill');
    expect(resolved()).toBe(0);
  });
});
