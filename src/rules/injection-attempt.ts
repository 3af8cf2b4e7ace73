/**
 * INJECTION_ATTEMPT, the one rule shared by `score` (a disqualifying anti-pattern in the default
 * methodology), `validate` (an error) and the judge layer (its notes): text anywhere in the skill that
 * addresses whoever evaluates it and asks for a score, a pass or a verdict, or to drop its instructions.
 *
 * Where it looks: all of SKILL.md (frontmatter included, so a description with a parenthesis aimed at the
 * grader is caught; HTML comments, Markdown comments and link titles are plain text to the scan) and every
 * text file under references/, each finding with its own file, line and column. What counts is decided by
 * `detectInjection` (src/rules/injection/detect.ts), including the fenced-code policy.
 */
import path from 'node:path';
import type { SkillDocument } from '../parse/skill.js';
import { detectInjection, type InjectionKind } from './injection/detect.js';

export { detectInjection, INJECTION_PHRASES } from './injection/detect.js';
export type { InjectionFinding, InjectionKind } from './injection/detect.js';

export interface InjectionHit {
  /** Display path of the file (SKILL.md or a reference file). */
  file: string;
  /** Path inside the skill folder (`SKILL.md`, `references/x.md`). */
  rel: string;
  line: number;
  column: number;
  kind: InjectionKind;
  language: string;
  excerpt: string;
}

const KIND_WORDS: Readonly<Record<InjectionKind, string>> = {
  ignore_instructions: 'asks the evaluator to ignore or replace its instructions',
  score_manipulation: 'asks for a score, grade or pass',
  addresses_evaluator: 'addresses the evaluator',
  fake_system_prompt: 'imitates a system prompt',
  envelope_escape: 'tries to close the data envelope the judge reads the skill in',
};

const memo = new WeakMap<SkillDocument, InjectionHit[]>();

export const injectionAttemptRule = {
  id: 'INJECTION_ATTEMPT',
  flag: 'INJECTION_ATTEMPT' as const,
  description:
    'Text addressed to an evaluator, grader, judge or "AI reading this" that asks for a score, a verdict or a ' +
    'pass, or to ignore its instructions (SKILL.md, frontmatter, comments, link titles, references/).',
  severity: 0.2,
  fix:
    'Remove text addressed to graders; a skill speaks to the agent that uses it. To discuss injection, quote the ' +
    'phrase in a sentence that introduces it.',

  /** Every attempt in the skill, SKILL.md first, then reference files in path order. Pure (memoised per document). */
  find(skill: SkillDocument): InjectionHit[] {
    const hit = memo.get(skill);
    if (hit) return hit;
    const sources = [
      { rel: skill.fileName, file: skill.file, text: skill.text },
      ...skill.references.map((r) => ({ rel: r.rel, file: path.posix.join(skill.displayPath, r.rel), text: r.text })),
    ];
    const hits = sources.flatMap(({ rel, file, text }) =>
      detectInjection(text).map((f) => ({
        file,
        rel,
        line: f.line,
        column: f.column,
        kind: f.kind,
        language: f.language,
        excerpt: f.excerpt,
      })),
    );
    memo.set(skill, hits);
    return hits;
  },

  /** One sentence for reports: where, what and the text. */
  describe(hit: InjectionHit): string {
    const language = hit.language === 'en' ? '' : ` (${hit.language})`;
    return (
      `Injection attempt in ${hit.rel} line ${hit.line}, ` +
      `column ${hit.column}: ${KIND_WORDS[hit.kind]}${language}: "${hit.excerpt}". A skill that tries to steer its ` +
      `evaluator gets no badge.`
    );
  },
};
