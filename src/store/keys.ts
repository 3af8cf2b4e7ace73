/**
 * What makes a stored result reusable: the target's content (every file's name and bytes) and the part of the plan
 * that decides one target's result. An mtime alone is never trusted: a `git checkout` or a copy changes it without
 * changing a byte, and an edit within the clock's resolution changes bytes without changing it. Unread files are
 * trusted only by their whole stat signature, ctime included, through the store's memo (hash-memo.ts).
 */
// fs.promises, not node:fs/promises: that module also loads readline and the file watcher (~1 ms of a one-skill run).
import { promises as fsp, type Dirent } from 'node:fs';
import path from 'node:path';
import { corpusIndexPath } from '../rank/corpus/paths.js';
import { hashSkillFiles, type FileHashMemo } from '../rank/corpus/skill-facts.js';
import type { ScorePlan } from '../model/plan.js';
import { walkFiles } from '../parse/walk.js';
import { listTree } from '../parse/skill.js';
import { contentKey, sha256Hex } from '../util/hash.js';
import { nodeCrypto } from '../util/node-crypto.js';
import type { ReuseKey } from './types.js';

/**
 * sha256 over a target folder's files, as the corpus index hashes a skill (one function: hashSkillFiles). With a
 * memo, files whose stat signature is unchanged are not read again (hash-memo.ts says when that is safe).
 */
export async function contentHashOf(dir: string, memo?: FileHashMemo, listed?: Map<string, Dirent[]>): Promise<string> {
  // No file cap: a capped listing would let an edit beyond the cap keep the old hash. Not sized: the hash reads each
  // file by name, and a file it cannot open fails the key rather than being left out of it.
  const walk = await walkFiles(dir, '', {
    maxFiles: Number.MAX_SAFE_INTEGER,
    sized: false,
    ...(listed ? { listed } : {}),
  });
  return hashSkillFiles(walk.files, memo);
}

/**
 * Hash of everything in the plan that decides one target's result, plus the tool version (a new version may score
 * differently) and the content of files the plan names (`inputs`, see planInputsOf). Left out: which targets the run
 * had and how many ran at once.
 */
export function planKeyOf(plan: ScorePlan, toolVersion: string, inputs: Readonly<Record<string, string>> = {}): string {
  const { targets: _targets, jobs: _jobs, ...decisive } = plan;
  return contentKey({ plan: decisive, toolVersion, ...(Object.keys(inputs).length > 0 ? { inputs } : {}) });
}

/**
 * The files a plan names by path whose content decides results: the corpus index Elo rates against (a re-indexed
 * corpus gives other ratings) and a Monte Carlo prompts file. sha256 of each, or "missing".
 */
export async function planInputsOf(plan: ScorePlan): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  if (plan.elo) files.corpusIndex = corpusIndexPath(plan.elo.corpusDir);
  if (plan.monteCarlo?.prompts.file) files.prompts = path.resolve(plan.monteCarlo.prompts.file);
  const inputs: Record<string, string> = {};
  for (const [name, file] of Object.entries(files)) {
    inputs[name] = await fsp.readFile(file).then(
      (bytes) => nodeCrypto().createHash('sha256').update(bytes).digest('hex'),
      () => 'missing',
    );
  }
  return inputs;
}

/**
 * The plan key of a lone skill (not in a plugin) in `skillsDir`: the run's plan key and the names of the paths next to
 * the skill, the listing its cross-references resolve against (SkillContext.siblings, the same listPaths). A link to
 * a sibling skill that was deleted makes a dead reference, and a lower score, without a byte of the skill changing;
 * its content hash alone would reuse the old result. Names only: editing a sibling does not rescore its neighbours.
 * With the key, the listing it made: the entries of the folders it listed, which the content hash of a skill in
 * `skillsDir` walks (contentHashOf's `listed`) instead of listing them again.
 */
export function skillPlanKeyAndListing(
  planKey: string,
  skillsDir: string,
): { key: string; listed: Map<string, Dirent[]> } {
  const tree = listTree(skillsDir);
  const siblings = [...tree.paths].sort();
  // contentKey({ planKey, siblings }) without its generic walk: with the keys in sorted order and only strings,
  // JSON.stringify writes the same text (test/store/keys.test.ts), at a fraction of the cost per skill folder.
  return { key: sha256Hex(JSON.stringify({ planKey, siblings })), listed: tree.entries };
}

/** The reuse key of one target folder under one plan. */
export async function reuseKeyOf(
  dir: string,
  planKey: string,
  memo?: FileHashMemo,
  listed?: Map<string, Dirent[]>,
): Promise<ReuseKey> {
  const targetKey = path.resolve(dir);
  return { targetKey, contentHash: await contentHashOf(targetKey, memo, listed), planKey };
}
