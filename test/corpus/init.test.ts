import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CorpusIndex } from '../../src/rank/corpus/index.js';
import { initCorpus, readCorpusIndex, writeCorpusIndex } from '../../src/rank/corpus/index.js';
import { InputError } from '../../src/errors.js';
import { tempTree } from '../support/tmp.js';

/**
 * The shared corpus (40 real skills: 30 in claude-plugins-official, 10 in context-engineering), copied so edits are
 * safe.
 */
const SHARED = path.resolve(import.meta.dirname, '../../../shared/corpus');
const tree = tempTree('plugin-eval-corpus-init-');
const clock = (iso: string) => () => new Date(iso);

function copyCorpus(name: string): string {
  const dest = path.join(tree.root, name);
  cpSync(SHARED, dest, { recursive: true, filter: (src) => !src.includes('expected-plugineval') });
  return dest;
}

const entryAt = (index: CorpusIndex, rel: string, root: string) =>
  index.entries.find((e) => e.path === path.join(root, rel));

describe('initCorpus over the shared corpus', () => {
  const root = copyCorpus('incremental');
  const corpusDir = path.join(tree.root, 'incremental-index');
  const plugins = 'claude-plugins-official/plugins';
  const improver = `${plugins}/claude-md-management/skills/claude-md-improver`;

  it('indexes every skill once, with categories from the marketplace, the plugin or the folder', async () => {
    const report = await initCorpus(root, { corpusDir, now: clock('2026-01-01T00:00:00Z') });
    expect(report).toMatchObject({
      added: 40,
      updated: 0,
      unchanged: 0,
      removed: 0,
      total: 40,
      missing: 0,
      skipped: [],
    });
    const index = (await readCorpusIndex(corpusDir))!;
    expect(index.entries).toHaveLength(40);
    expect(new Set(index.entries.map((e) => e.path)).size).toBe(40);
    // context-engineering's marketplace.json gives its plugin "category": "development".
    const ce = index.entries.filter((e) => e.path.includes(`${path.sep}context-engineering${path.sep}`));
    expect(ce).toHaveLength(10);
    expect(new Set(ce.map((e) => `${e.category}/${e.categorySource}`))).toEqual(new Set(['development/marketplace']));
    expect(entryAt(index, `${plugins}/plugin-dev/skills/hook-development`, root)).toMatchObject({
      category: 'plugin-dev',
      categorySource: 'plugin',
      rating: 1500,
      matches: 0,
      name: 'hook-development',
    });
    // receipts has no .claude-plugin/: the folder holding skills/ names it.
    expect(entryAt(index, `${plugins}/receipts/skills/receipts`, root)).toMatchObject({
      category: 'receipts',
      categorySource: 'folder',
    });
    // The frontmatter name, not the folder name (hookify's writing-rules folder holds "writing-hookify-rules").
    expect(entryAt(index, `${plugins}/hookify/skills/writing-rules`, root)?.name).toBe('writing-hookify-rules');
    // Line count of SKILL.md as split on \n (884 lines by wc -l, plus the piece after the final newline).
    expect(entryAt(index, `${plugins}/plugin-dev/skills/command-development`, root)?.lineCount).toBe(885);
    expect(index.entries.every((e) => e.indexedAt === '2026-01-01T00:00:00.000Z')).toBe(true);
  });

  it('a second run changes nothing: 40 unchanged, the file identical but for updatedAt', async () => {
    const before = (await readCorpusIndex(corpusDir))!;
    const report = await initCorpus(root, { corpusDir, now: clock('2026-01-02T00:00:00Z') });
    expect(report).toMatchObject({ added: 0, updated: 0, unchanged: 40, removed: 0, total: 40 });
    const after = (await readCorpusIndex(corpusDir))!;
    expect(after.entries).toEqual(before.entries);
    expect(after.updatedAt).toBe('2026-01-02T00:00:00.000Z');
  });

  it('an edited SKILL.md is updated and starts again at 1500; an unchanged skill keeps its rating', async () => {
    const index = (await readCorpusIndex(corpusDir))!;
    const rated = index.entries.map((e) => ({ ...e, rating: 1620, matches: 7 }));
    await writeCorpusIndex(corpusDir, { ...index, entries: rated });
    const file = path.join(root, improver, 'SKILL.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nOne more line.\n`);
    const report = await initCorpus(root, { corpusDir, now: clock('2026-01-03T00:00:00Z') });
    expect(report).toMatchObject({ added: 0, updated: 1, unchanged: 39, removed: 0 });
    expect(report.changes.updated).toEqual([path.join(root, improver)]);
    const after = (await readCorpusIndex(corpusDir))!;
    const edited = entryAt(after, improver, root)!;
    expect(edited).toMatchObject({ rating: 1500, matches: 0, indexedAt: '2026-01-03T00:00:00.000Z', lineCount: 182 });
    expect(edited.contentHash).not.toBe(entryAt(index, improver, root)!.contentHash);
    expect(after.entries.filter((e) => e.rating === 1620)).toHaveLength(39);
  });

  it('a file added next to SKILL.md changes the hash too', async () => {
    writeFileSync(path.join(root, improver, 'references.md'), 'extra');
    expect((await initCorpus(root, { corpusDir })).updated).toBe(1);
  });

  it('a skill that is gone is kept, marked missing, with its rating; it comes back with its rating when its content is the same', async () => {
    const dir = path.join(root, `${plugins}/playground/skills/playground`);
    const aside = path.join(tree.root, 'playground-aside');
    renameSync(dir, aside);
    const gone = await initCorpus(root, { corpusDir, now: clock('2026-01-04T00:00:00Z') });
    expect(gone).toMatchObject({ removed: 1, total: 40, missing: 1, unchanged: 39 });
    let entry = entryAt((await readCorpusIndex(corpusDir))!, `${plugins}/playground/skills/playground`, root)!;
    expect(entry).toMatchObject({ missing: true, missingSince: '2026-01-04T00:00:00.000Z', rating: 1620 });
    // Still gone: not counted again.
    expect(await initCorpus(root, { corpusDir })).toMatchObject({ removed: 0, missing: 1 });
    renameSync(aside, dir);
    const back = await initCorpus(root, { corpusDir });
    expect(back).toMatchObject({ removed: 0, updated: 1, missing: 0 });
    entry = entryAt((await readCorpusIndex(corpusDir))!, `${plugins}/playground/skills/playground`, root)!;
    expect(entry.missing).toBeUndefined();
    expect(entry.rating).toBe(1620);
  });

  it('a run over another SOURCE adds its skills and leaves the first corpus alone', async () => {
    const other = tree.write(
      'other/solo/SKILL.md',
      '---\nname: solo\ndescription: A lone skill. Use when testing.\n---\n# Solo\n',
    );
    const report = await initCorpus(path.dirname(path.dirname(other)), { corpusDir });
    expect(report).toMatchObject({ added: 1, removed: 0, total: 41, missing: 0 });
    expect((await readCorpusIndex(corpusDir))!.entries.find((e) => e.name === 'solo')).toMatchObject({
      category: 'uncategorised',
      categorySource: 'none',
      lineCount: 6,
    });
  });
});

describe('initCorpus: bad input', () => {
  it('a missing SOURCE is an InputError naming it; no index is created', async () => {
    const corpusDir = path.join(tree.root, 'never');
    await expect(initCorpus(path.join(tree.root, 'nope'), { corpusDir })).rejects.toThrow(InputError);
    await expect(initCorpus(path.join(tree.root, 'nope'), { corpusDir })).rejects.toThrow(
      /nope: no such file or directory/,
    );
    expect(existsSync(corpusDir)).toBe(false);
  });

  it('an index.json saved with a byte-order mark (a Windows editor) is read, ratings kept, not refused as corrupt', async () => {
    const source = path.dirname(tree.write('bom-src/skill/SKILL.md', '---\nname: skill\ndescription: d\n---\nbody\n'));
    const corpusDir = tree.dir('bom-index');
    await initCorpus(source, { corpusDir });
    const file = path.join(corpusDir, 'index.json');
    const index = JSON.parse(readFileSync(file, 'utf8')) as CorpusIndex;
    index.entries[0]!.rating = 1612;
    writeFileSync(file, `\uFEFF${JSON.stringify(index, null, 2)}\n`);
    expect((await readCorpusIndex(corpusDir))!.entries[0]!.rating).toBe(1612);
    const report = await initCorpus(source, { corpusDir });
    expect(report).toMatchObject({ unchanged: 1, added: 0 });
    expect((await readCorpusIndex(corpusDir))!.entries[0]!.rating).toBe(1612);
  });

  it('a --corpus-dir that is a file, or an index.json that is a folder: the problem in words, not an errno code', async () => {
    const source = path.dirname(tree.write('where/skill/SKILL.md', '---\nname: skill\ndescription: d\n---\nbody\n'));
    const file = tree.write('a-file', 'x');
    await expect(initCorpus(source, { corpusDir: file })).rejects.toThrow(
      `${path.join(file, 'index.json')}: cannot read the corpus index (the corpus folder, or a folder above it, ` +
        `is a file: give --corpus-dir a folder)`,
    );
    await expect(initCorpus(source, { corpusDir: path.join(file, 'sub') })).rejects.toThrow(
      /is a file: give --corpus-dir a folder/,
    );
    const dir = tree.dir('index-is-a-folder');
    mkdirSync(path.join(dir, 'index.json'));
    await expect(initCorpus(source, { corpusDir: dir })).rejects.toThrow(
      `${path.join(dir, 'index.json')}: cannot read the corpus index (it is a folder, not a file: move it away)`,
    );
  });

  it.each([
    ['not JSON', '{"version": 1, "entries": [', /index\.json:1: the corpus index is not valid JSON/],
    [
      'a wrong version',
      JSON.stringify({ version: 9, updatedAt: '2026-01-01T00:00:00Z', entries: [] }),
      /index\.json:1: not a corpus index \(version 1\) at version/,
    ],
    [
      'a bad entry',
      JSON.stringify({ version: 1, updatedAt: '2026-01-01T00:00:00Z', entries: [{ name: 'x' }] }),
      /index\.json:1: not a corpus index \(version 1\) at entries\.0\./,
    ],
    // A hand-edited index as init writes it (indented): the message names the line to fix, not a character offset.
    [
      'a stray comma on line 5',
      '{\n  "version": 1,\n  "updatedAt": "2026-01-01T00:00:00Z",\n  "entries": [\n    {"name": "x",},\n  ]\n}\n',
      /index\.json:5: the corpus index is not valid JSON \(.*\); fix it or move it away/,
    ],
    [
      'a file cut short',
      '{\n  "version": 1,\n  "entries": [\n    {\n      "name": "x",\n',
      /index\.json:6: the corpus index is not valid JSON/,
    ],
    [
      'a bad rating on line 13',
      `${JSON.stringify({ version: 1, updatedAt: '2026-01-01T00:00:00Z', entries: [{ name: 'x', path: '/x', givenPath: 'x', category: 'c', categorySource: 'none', lineCount: 1, contentHash: 'a'.repeat(64), rating: 'high', matches: 0, indexedAt: '2026-01-01T00:00:00Z' }] }, null, 2)}\n`,
      /index\.json:13: not a corpus index \(version 1\) at entries\.0\.rating: /,
    ],
  ])('a corrupt index (%s) stops the run, names the file, and is not overwritten', async (_label, text, message) => {
    const source = tree.write(`bad-${_label}/skill/SKILL.md`, '---\nname: skill\ndescription: d\n---\nbody\n');
    const corpusDir = tree.dir(`bad-${_label}-index`);
    const file = path.join(corpusDir, 'index.json');
    writeFileSync(file, text);
    await expect(initCorpus(path.dirname(source), { corpusDir })).rejects.toThrow(message);
    await expect(initCorpus(path.dirname(source), { corpusDir })).rejects.toThrow(InputError);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
