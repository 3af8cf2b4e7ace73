/**
 * Turn picked index entries into what a matchup needs (the SKILL.md text), checking each reference still has the
 * content it was indexed with: a skill edited since `init` is skipped with a note, not judged under a stale rating.
 */
import { InputError } from '../../errors.js';
import type { CorpusEntry } from './schema.js';
import { CategoryResolver, skillFacts, type SkillFacts } from './skill-facts.js';

export interface LoadedReference {
  name: string;
  path: string;
  rating: number;
  category: string;
  text: string;
}

/** The references whose content is as indexed, and the paths (with a note each) of those that are not. */
export async function loadReferences(
  entries: readonly CorpusEntry[],
): Promise<{ references: LoadedReference[]; skipped: string[]; notes: string[] }> {
  const categories = new CategoryResolver();
  const references: LoadedReference[] = [];
  const notes: string[] = [];
  const skipped: string[] = [];
  for (const entry of entries) {
    const facts = await skillFacts(entry.path, categories);
    if ('error' in facts) {
      notes.push(`reference ${entry.name} (${entry.path}) skipped: ${facts.error}`);
      skipped.push(entry.path);
      continue;
    }
    if (facts.contentHash !== entry.contentHash) {
      notes.push(
        `reference ${entry.name} (${entry.path}) skipped: changed since it was indexed; run plugin-eval init again`,
      );
      skipped.push(entry.path);
      continue;
    }
    references.push({
      name: entry.name,
      path: entry.path,
      rating: entry.rating,
      category: entry.category,
      text: facts.text,
    });
  }
  return { references, skipped, notes };
}

/** Describe a candidate skill folder the way the index describes its entries. */
export async function describeCandidate(dir: string): Promise<SkillFacts> {
  const facts = await skillFacts(dir);
  if ('error' in facts) throw new InputError(`${dir}: ${facts.error}`, dir);
  return facts;
}
