/**
 * Judge prompt templates and the one rubric renderer. A template is identified by a hash of its text
 * (`promptVersion`), never by a hand-bumped number: any change of wording is a new version by itself,
 * and every result carries it (`judge.prompt`), so results of different wordings are never mixed up
 * silently. The judge layer (src/judge/) versions its prompts with the same `contentHash`.
 * Placeholders are `{{name}}`; sections built from data are rendered by the helpers below.
 */
import { sha256Hex } from '../../util/hash.js';
import type { Criterion, PromptVersion, Rubric } from './schemas.js';

export interface PromptTemplate {
  name: string;
  system: string;
  user: string;
}

const NO_LENGTH_BIAS =
  '- Do NOT prefer or reward a response because it is longer. Extra content only counts when it serves the criterion; penalise padding and irrelevant detail.';
const NO_AUTHORITY_BIAS =
  '- Do NOT reward a confident or authoritative tone; credit only what the response supports with evidence.';

export const DIRECT_TEMPLATE: PromptTemplate = {
  name: 'direct-score',
  system:
    'You are an expert evaluator assessing response quality. You score each criterion on its own, from evidence ' +
    'in the response, following the rubric when one is given.',
  user: `## Task
Evaluate the response below against each criterion on a 1-{{max}} scale.

## Original Prompt
{{prompt}}
{{context}}
## Response to Evaluate
<response>
{{response}}
</response>

## Criteria
{{criteria}}

## Instructions
For each criterion, in this order:
1. List specific evidence from the response (quotes or precise references).
2. Justify the score by connecting the evidence to the criterion and its rubric.
3. Only then give the score: an integer from 1 to {{max}}.
4. Suggest one specific improvement.
${NO_LENGTH_BIAS}
${NO_AUTHORITY_BIAS}
- Score each criterion independently, with that criterion's own rubric when it has one.
- Use the criterion names exactly as written above.
Finish with a summary: overall assessment, strengths, weaknesses and priorities for improvement.`,
};

export const PAIRWISE_TEMPLATE: PromptTemplate = {
  name: 'pairwise-compare',
  system:
    'You are an expert evaluator comparing two AI responses to the same prompt. You are impartial: the order in ' +
    'which responses are shown carries no information.',
  user: `## Critical Instructions
${NO_LENGTH_BIAS}
- Do NOT prefer a response because of its position (first or second).
${NO_AUTHORITY_BIAS}
- Focus ONLY on quality according to the criteria below.
- {{tieRule}}

## Original Prompt
{{prompt}}
{{context}}
## Response A
<response_a>
{{responseA}}
</response_a>

## Response B
<response_b>
{{responseB}}
</response_b>

## Comparison Criteria
{{criteria}}

## Instructions
1. Analyse each response on its own first.
2. Compare them on each criterion (use the criterion names exactly) and name the winner of each.
3. List the evidence: specific passages that decide the comparison.
4. Explain your reasoning, then give the overall verdict {{verdictRule}} and your confidence from 0 to 1.`,
};

export const RUBRIC_TEMPLATE: PromptTemplate = {
  name: 'rubric-generate',
  system:
    'You design scoring rubrics that different evaluators apply consistently. Levels have clear, observable ' +
    'boundaries.',
  user: `## Criterion
Name: {{criterion}}
Description: {{description}}

## Scale
1 to {{max}}. Write exactly one level for every integer score from 1 to {{max}}.

## Domain
{{domain}}

## Strictness: {{strictness}}
{{strictnessRule}}

## Instructions
- For each level give a short label, a description, and observable characteristics that separate it from the neighbouring levels.
- {{examplesRule}}
- Give general scoring guidelines for applying the rubric consistently.
- Give edge cases: ambiguous situations with explicit guidance on how to score them.
- Penalise padding and irrelevant detail; length alone never raises a level.`,
};

const STRICTNESS_RULES: Record<string, string> = {
  lenient: 'Lenient: a lower bar for passing scores, suitable for encouraging iteration.',
  balanced: 'Balanced: fair, typical expectations for production use.',
  strict: 'Strict: high standards, suitable for safety-critical or high-stakes evaluation.',
};

export function strictnessRule(strictness: string): string {
  return STRICTNESS_RULES[strictness] ?? STRICTNESS_RULES.balanced ?? '';
}

/** Length of a prompt hash: 12 hex digits (48 bits), plenty to tell a handful of wordings apart. */
export const PROMPT_HASH_LENGTH = 12;

/**
 * The version of a prompt: SHA-256 over its parts (template text, rubric, reply schema), as hex. Parts
 * are joined with NUL so moving text from one part to the next is a change too.
 */
export function contentHash(...parts: readonly string[]): string {
  return sha256Hex(parts.join('\u0000')).slice(0, PROMPT_HASH_LENGTH);
}

export function promptVersion(template: PromptTemplate): PromptVersion {
  return { template: template.name, hash: contentHash(template.system, template.user) };
}

/** Replace `{{name}}` placeholders; an unknown placeholder is a programming error, so it throws. */
export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_match, key: string) => {
    const value = vars[key];
    if (value === undefined) throw new Error(`prompt placeholder {{${key}}} has no value`);
    return value;
  });
}

/** Optional context / reference sections, or nothing. */
export function contextSection(input: { context?: string | undefined; reference?: string | undefined }): string {
  let out = '';
  if (input.context) out += `\n## Context\n${input.context}\n`;
  if (input.reference) out += `\n## Reference Answer\n${input.reference}\n`;
  return out;
}

export interface RubricRenderOptions {
  /** Lines before the levels (the judge layer names its dimension and question here). */
  heading?: readonly string[];
  /**
   * How a level's score is shown: `level` as the integer the judge answers with (direct scoring), or
   * `normalised` as (level - 1) / (max - 1) to two decimals, for judges that answer on 0-1 (the judge layer).
   */
  scoreAs?: 'level' | 'normalised';
  /** Guidelines added after the rubric's own (how to place a score between levels). */
  extraGuidelines?: readonly string[];
}

/**
 * The one place a rubric becomes prompt text: direct scoring, pairwise comparison and the judge layer
 * (whose anchored rubrics are toolkit rubrics, see src/judge/rubrics.ts). Levels lowest first.
 */
export function renderRubric(rubric: Rubric, options: RubricRenderOptions = {}): string {
  const lines = [...(options.heading ?? []), 'Rubric:'];
  const max = rubric.scale.max;
  for (const level of [...rubric.levels].sort((a, b) => a.score - b.score)) {
    const shown = options.scoreAs === 'normalised' ? ((level.score - 1) / (max - 1)).toFixed(2) : String(level.score);
    const label = level.label && level.label !== shown ? ` (${level.label})` : '';
    const traits = level.characteristics.length > 0 ? ` Characteristics: ${level.characteristics.join('; ')}.` : '';
    lines.push(`- ${shown}${label}: ${level.description}${traits}`);
  }
  const guidelines = [...rubric.scoringGuidelines, ...(options.extraGuidelines ?? [])];
  if (guidelines.length > 0) lines.push('Scoring guidelines:', ...guidelines.map((g) => `- ${g}`));
  for (const edge of rubric.edgeCases) lines.push(`Edge case: ${edge.situation} -> ${edge.guidance}`);
  return lines.join('\n');
}

export function renderCriteria(criteria: readonly Criterion[], withRubrics: boolean): string {
  return criteria
    .map((c) => {
      const head = `### ${c.name} (weight ${c.weight})`;
      const body = c.description ? `\n${c.description}` : '';
      const rubric = withRubrics && c.rubric ? `\n${renderRubric(c.rubric)}` : '';
      return `${head}${body}${rubric}`;
    })
    .join('\n\n');
}
