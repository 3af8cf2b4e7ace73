/**
 * What the corpus index records about one skill folder: its name, SKILL.md line count, a hash of all its files and
 * its category. Used for corpus entries and for the candidate of a matchup, so both are described the same way.
 */
import { promises as fsp, statSync, type BigIntStats } from 'node:fs';
import path from 'node:path';
import { MAX_JSON_BYTES } from '../../parse/json-reader.js';
import { readTextFile } from '../../parse/fs.js';
import { parseJsonText } from '../../parse/json.js';
import { readMarketplace } from '../../parse/marketplace.js';
import { parseLoneSkill, type SiblingListings } from '../../parse/skill.js';
import { sha256OfFileSync } from '../../util/bounded-read.js';
import { sha256Hex } from '../../util/hash.js';
import { lineCount } from '../../util/text.js';
import type { CategorySource } from './schema.js';

export interface SkillFacts {
  name: string;
  /** Absolute folder. */
  path: string;
  lineCount: number;
  contentHash: string;
  category: string;
  categorySource: CategorySource;
  /** SKILL.md as read (BOM removed): what a matchup shows the judge. */
  text: string;
}

export const UNCATEGORISED = 'uncategorised';

/**
 * A memory of file hashes keyed by the file's stat signature (the results store keeps one, src/store/hash-memo.ts):
 * `lookup` answers only for a file whose signature is unchanged since it was hashed, `remember` records a fresh one.
 */
export interface FileHashMemo {
  /** Whether a hash is remembered for the path at all (its signature may have changed since). */
  holds(abs: string): boolean;
  lookup(abs: string, stat: BigIntStats): string | undefined;
  remember(abs: string, stat: BigIntStats, sha256: string): void;
}

/**
 * SHA-256 over the sorted list of `relative path NUL sha256(bytes)` lines of every file in the folder, so an edit,
 * an added or removed file and a rename all change it, and the order the filesystem lists files in does not.
 * With a memo, a file whose stat signature is unchanged is not read again (see FileHashMemo).
 */
export async function hashSkillFiles(
  files: readonly { rel: string; abs: string }[],
  memo?: FileHashMemo,
): Promise<string> {
  return hashOfFileHashes(files.map((file) => ({ rel: file.rel, sha: fileHash(file.abs, memo) })));
}

/** The folder's hash from each file's sha256: sorted `relative path NUL sha256` lines (one rule for every hasher). */
export function hashOfFileHashes(files: readonly { rel: string; sha: string }[]): string {
  const lines = [...files]
    .sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
    .map((file) => `${file.rel}\u0000${file.sha}\n`);
  return sha256Hex(lines.join(''));
}

function fileHash(abs: string, memo: FileHashMemo | undefined): string {
  // Synchronous: skill files are small, and the promise API's thread-pool round trips cost several times the read
  // (score --only-changed hashes every target; bench/store.mjs).
  if (memo === undefined) return sha256OfFileSync(abs);
  // A file the memo holds a hash for is most likely unchanged: its stat by path decides without opening it. Any
  // other file is opened once, and the stat of that descriptor is what the memo remembers.
  if (memo.holds(abs)) {
    const known = memo.lookup(abs, statSync(abs, { bigint: true }));
    if (known !== undefined) return known;
  }
  return sha256OfFileSync(abs, false, (stat, sha) => memo.remember(abs, stat, sha));
}

interface Category {
  category: string;
  source: CategorySource;
}

const exists = (p: string) =>
  fsp.stat(p).then(
    () => true,
    () => false,
  );

/**
 * Only the name matters here; any other field, or none, is the manifest checks' business. Read through the shared
 * reader's bound and parser without a zod schema: this runs on the results store's path, before the report prints,
 * and zod would add its load to every one-skill run.
 */
async function readJsonName(file: string): Promise<string | undefined> {
  // An unreadable, oversized or malformed manifest names nothing: the folder name stands in.
  const read = await readTextFile(file, file, MAX_JSON_BYTES).catch(() => undefined);
  if (read === undefined || !read.ok) return undefined;
  const parsed = parseJsonText(read.file.text, file);
  if (!parsed.ok || typeof parsed.value !== 'object' || parsed.value === null) return undefined;
  const name = (parsed.value as { name?: unknown }).name;
  return typeof name === 'string' && name.trim() !== '' ? name.trim() : undefined;
}

/**
 * Categories of skill folders, memoised per marketplace. The order (docs/elo.md "Categories"):
 * 1. the `category` of the marketplace entry whose local source holds the skill (any marketplace.json in an ancestor
 *    folder, so the answer does not depend on which SOURCE reached the skill);
 * 2. the plugin holding the skill (`<plugin>/skills/<skill>`): its plugin.json name, else the folder name;
 * 3. 'uncategorised'.
 * Plugin names are narrow (one to seven skills in the shared corpus), so reference picking often widens; that is
 * said in its notes rather than hidden by inventing categories.
 */
export class CategoryResolver {
  private readonly marketplaces = new Map<string, Promise<{ dir: string; category: string | undefined }[]>>();

  async categoryOf(skillDir: string): Promise<Category> {
    const abs = path.resolve(skillDir);
    for (let dir = path.dirname(abs); dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const entries = await this.marketplaceEntries(dir);
      const holder = entries.find((e) => abs === e.dir || abs.startsWith(e.dir + path.sep));
      if (holder?.category !== undefined) return { category: holder.category, source: 'marketplace' };
    }
    const parent = path.dirname(abs);
    if (path.basename(parent) === 'skills') {
      const plugin = path.dirname(parent);
      const manifest = path.join(plugin, '.claude-plugin', 'plugin.json');
      if (await exists(manifest))
        return { category: (await readJsonName(manifest)) ?? path.basename(plugin), source: 'plugin' };
      return { category: path.basename(plugin), source: 'folder' };
    }
    return { category: UNCATEGORISED, source: 'none' };
  }

  private marketplaceEntries(dir: string): Promise<{ dir: string; category: string | undefined }[]> {
    let found = this.marketplaces.get(dir);
    if (found === undefined) {
      found = readMarketplace(dir, dir).then(
        (m) => {
          const categories = new Map(
            (m?.manifest?.plugins ?? []).map((p) => [p.name, (p as { category?: unknown }).category] as const),
          );
          return (m?.localPlugins ?? []).map((p) => {
            const category = categories.get(p.name);
            return {
              dir: p.dir,
              category: typeof category === 'string' && category.trim() !== '' ? category.trim() : undefined,
            };
          });
        },
        // A broken marketplace.json is the score and validate commands' business; here it just gives no category.
        () => [],
      );
      this.marketplaces.set(dir, found);
    }
    return found;
  }
}

/** Facts about one skill folder, or why it cannot be indexed (an unreadable SKILL.md). */
export async function skillFacts(
  dir: string,
  categories: CategoryResolver = new CategoryResolver(),
  listings: SiblingListings = new Map(),
): Promise<SkillFacts | { error: string }> {
  const abs = path.resolve(dir);
  const parsed = await parseLoneSkill(abs, dir, listings);
  if (!parsed.ok) return { error: parsed.diagnostics.map((d) => `${d.file}: ${d.message}`).join('; ') };
  const { skill } = parsed;
  const [contentHash, category] = await Promise.all([hashSkillFiles(skill.files), categories.categoryOf(abs)]);
  return {
    name: skill.name?.trim() || skill.dirName,
    path: abs,
    lineCount: lineCount(skill.text),
    contentHash,
    category: category.category,
    categorySource: category.source,
    text: skill.text,
  };
}
