import type { SkillDocument } from '../../../parse/skill.js';
import type { Improvement } from '../types.js';
import { analyseStuffing, analyseTriggers } from '../default/signals.js';
import { lastOf } from '../../../util/last-of.js';
import { tipExample, tipText } from './tip-text.js';

/** Use-case clauses after a comma, as the frontmatter check counts them. */
export const USE_CASES =
  /,\s*(?:or\s+)?(?:when|for|during|implementing|building|creating|debugging|testing|deploying|configuring|setting up)\s+([^,.;]+)/gi;

/** A situation that names an activity ("when reviewing ..."), as the frontmatter check reads it. */
export const ACTIVITY = /\b(when\s+\w+ing|for\s+\w+ing|during\s+\w+ing)\b/i;

/** The distinct use-case clauses of a description (kept for the last description: the check and its tip read it). */
export const useCases: (description: string) => ReadonlySet<string> = lastOf(
  (description) => new Set([...description.matchAll(USE_CASES)].map((m) => m[1]!.trim().toLowerCase())),
);

/**
 * What the description lacks, in the frontmatter check's own terms, as fixed tip texts. Kept for the last
 * description: the frontmatter check's tip and up to three anti-patterns' tips ask about the same one.
 */
export const descriptionGaps: (description: string) => readonly string[] = lastOf(gapsOf);

function gapsOf(description: string): string[] {
  const gaps: string[] = [];
  const n = description.trim().length;
  if (n > 1024) gaps.push(tipText('gapTooLong', n));
  else if (n < 100) gaps.push(tipText('gapLength', n));
  if (analyseStuffing(description).stuffed) gaps.push(tipText('gapStuffed'));
  const triggers = analyseTriggers(description);
  if (triggers.positive.length === 0)
    gaps.push(
      triggers.negated.length > 0 ? tipText('gapNegatedTrigger', triggers.negated[0]!) : tipText('gapNoTrigger'),
    );
  const contexts = useCases(description).size;
  if (contexts < 3) gaps.push(tipText('gapSituations', contexts));
  if (!ACTIVITY.test(description)) gaps.push(tipText('gapActivity'));
  return gaps;
}

/**
 * The description tip, offered by the frontmatter check (with the gain its formula gives) and by the description
 * anti-patterns: the author's description quoted, what it lacks, and a fixed example with only the skill's name.
 * The author writes the new description; nothing here writes it for them.
 */
export function descriptionImprovement(skill: SkillDocument, id: string, gain?: number): Improvement | undefined {
  const description = skill.description.trim();
  const gaps = descriptionGaps(description);
  if (gaps.length === 0) return undefined;
  const what =
    description === ''
      ? tipText('descriptionMissing')
      : `${tipText('descriptionQuoted', description)} ${gaps.join('; ')}.`;
  return {
    id,
    action: `${what} ${tipText('descriptionFix')}`,
    example: tipExample('description', skill.name ?? skill.dirName),
    ...(gain !== undefined ? { gain } : {}),
  };
}
