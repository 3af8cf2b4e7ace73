/**
 * What makes a stored result reusable: the target's content (every file's name and bytes) and the part of the plan
 * that decides one target's result. mtimes are never trusted: a `git checkout` or a copy changes them without
 * changing a byte, and an edit within the clock's resolution changes bytes without changing them.
 */
import path from 'node:path';
import { hashSkillFiles } from '../corpus/skill-facts.js';
import type { ScorePlan } from '../model/plan.js';
import { walkFiles } from '../parse/fs.js';
import { contentKey } from '../util/hash.js';
import type { ReuseKey } from './types.js';

/** sha256 over a target folder's files, as the corpus index hashes a skill (one function: hashSkillFiles). */
export async function contentHashOf(dir: string): Promise<string> {
  // No file cap: a capped listing would let an edit beyond the cap keep the old hash.
  const walk = await walkFiles(dir, '', { maxFiles: Number.MAX_SAFE_INTEGER });
  return hashSkillFiles(walk.files);
}

/**
 * Hash of everything in the plan that decides one target's result, plus the tool version (a new version may score
 * differently). Left out: which targets the run had and how many ran at once.
 */
export function planKeyOf(plan: ScorePlan, toolVersion: string): string {
  const { targets: _targets, jobs: _jobs, ...decisive } = plan;
  return contentKey({ plan: decisive, toolVersion });
}

/** The reuse key of one target folder under one plan. */
export async function reuseKeyOf(dir: string, planKey: string): Promise<ReuseKey> {
  const targetKey = path.resolve(dir);
  return { targetKey, contentHash: await contentHashOf(targetKey), planKey };
}
