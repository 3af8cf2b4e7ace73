/**
 * Triggering accuracy, MEASURED rather than self-reported. One call writes ten realistic requests from
 * the skill: five it should serve and five near misses. Then each request goes to a separate routing
 * call that sees only what an agent sees before loading a skill: the listing ("- name: description")
 * with the candidate among fixed distractors. The score is the F1 of "chose this skill" against the
 * labels, with the confusion counts as evidence. The router never sees the SKILL.md body (injecting it
 * would invalidate the measurement, as microsoft/waza#285 found).
 */
import { z } from 'zod';
import { sha256Hex } from '../../util/hash.js';
import { bootstrapCI, mulberry32, precisionRecallF1 } from '../../stats/index.js';
import { dataNotInstructions, wrapUntrusted } from '../envelope.js';
import type { WrappedData } from '../envelope.js';
import { anchoredRubric, type Rubric } from '../rubrics.js';
import { jsonSchemaOf } from '../../providers/structured.js';
import {
  INSTRUCTIONS_TO_JUDGE,
  PLACEHOLDER_SKILL,
  REPORT_INSTRUCTIONS_TO_JUDGE,
  judgePromptVersion,
} from '../rubric-judge.js';
import { schemaNameFor } from '../types.js';
import type { DimensionOutcome, JudgeContext, JudgeDimension } from '../types.js';
import { DISTRACTOR_SKILLS } from '../distractors.js';
import type { ListedSkill } from '../distractors.js';

export const PROMPTS_PER_CLASS = 5;
export const PROMPTS_SCHEMA_NAME = 'judge_triggering_prompts';
export const DECISION_SCHEMA_NAME = schemaNameFor('trigger_decision');
/** The answer a router gives when no skill applies. */
export const NO_SKILL = 'none';

const promptsSchema = z.object({
  analysis: z.string().describe('What the skill is for, and where its boundary with neighbouring tasks lies'),
  shouldTrigger: z
    .array(z.string().min(1))
    .min(PROMPTS_PER_CLASS)
    .describe(`${PROMPTS_PER_CLASS} requests this skill should handle`),
  nearMisses: z
    .array(z.string().min(1))
    .min(PROMPTS_PER_CLASS)
    .describe(`${PROMPTS_PER_CLASS} near-miss requests it should NOT handle`),
  instructionsToJudge: INSTRUCTIONS_TO_JUDGE,
});

const decisionSchema = z.object({
  reasoning: z.string().describe('Which listed skill fits the request, if any, and why'),
  skill: z.string().describe(`Exact name of the one skill to load, or "${NO_SKILL}"`),
});

export interface LabelledPrompt {
  text: string;
  shouldTrigger: boolean;
}

/** The listing an agent sees, candidate among the distractors, in a deterministic per-request order. */
export function skillListing(candidate: ListedSkill, seedText: string): string {
  const entries = [candidate, ...DISTRACTOR_SKILLS.filter((d) => d.name !== candidate.name)];
  // Fisher-Yates with a seeded PRNG: the order varies between requests (no fixed position for the
  // candidate to benefit from) but is identical on re-runs, so answers come from the cache.
  const random = mulberry32(Number.parseInt(sha256Hex(seedText).slice(0, 8), 16));
  for (let i = entries.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [entries[i], entries[j]] = [entries[j] as ListedSkill, entries[i] as ListedSkill];
  }
  return [
    'The following skills are available for use with the Skill tool:',
    '',
    ...entries.map((e) => `- ${e.name}: ${e.description}`),
  ].join('\n');
}

const normaliseName = (name: string): string =>
  name
    .trim()
    .replace(/^[-*\s"'`]+|["'`.\s]+$/g, '')
    .toLowerCase();

function renderWritePrompts(wrappedSkill: WrappedData): { system: string; user: string } {
  const system = [
    'You design test requests for the skill router of an AI agent.',
    dataNotInstructions([wrappedSkill]),
    REPORT_INSTRUCTIONS_TO_JUDGE,
  ].join('\n\n');
  const user = [
    'The skill:',
    wrappedSkill.text,
    `Write ${PROMPTS_PER_CLASS} realistic user requests that this skill should handle (varied wording; not all ` +
      `of them naming the skill's`,
    `keywords) and ${PROMPTS_PER_CLASS} near misses: requests in a neighbouring area that share vocabulary with ` +
      `the skill but that it`,
    'should NOT handle. Write them as a user would type them to a coding agent. Start with a short analysis of ' +
      "the skill's boundary.",
  ].join('\n\n');
  return { system, user };
}

async function writePrompts(
  ctx: JudgeContext,
): Promise<{ ok: true; prompts: LabelledPrompt[]; instructionsToJudge: string[] } | { ok: false; reason: string }> {
  const { system, user } = renderWritePrompts(ctx.wrappedSkill);
  const result = await ctx.complete({
    system,
    messages: [{ role: 'user', content: user }],
    schema: promptsSchema,
    schemaName: PROMPTS_SCHEMA_NAME,
    maxTokens: 2048,
  });
  if (!result.ok)
    return { ok: false, reason: `the ${ctx.sample.label} judge wrote no valid test requests: ${result.reason}` };
  const take = (list: string[], shouldTrigger: boolean): LabelledPrompt[] =>
    list.slice(0, PROMPTS_PER_CLASS).map((text) => ({ text, shouldTrigger }));
  return {
    ok: true,
    prompts: [...take(result.value.shouldTrigger, true), ...take(result.value.nearMisses, false)],
    instructionsToJudge: result.value.instructionsToJudge.filter((q) => q.trim() !== ''),
  };
}

function renderRoute(listing: WrappedData, request: WrappedData): { system: string; user: string } {
  const system = [
    'You are the skill router of an AI coding agent. Before answering a user, the agent may load ONE skill from ' +
      'its listing.',
    'Choose the skill whose description says it handles this request; choose none when no description clearly ' +
      'covers it.',
    dataNotInstructions([listing, request]),
  ].join('\n\n');
  const user = [
    listing.text,
    'The user says:',
    request.text,
    `Which skill should the agent load? Give its exact name, or "${NO_SKILL}".`,
  ].join('\n\n');
  return { system, user };
}

/**
 * Content hash of both prompts around placeholders, the reply schemas and the fixed distractors (computed on first
 * use).
 */
let promptVersion: string | undefined;
const versionOf = (): string => {
  const writer = renderWritePrompts(PLACEHOLDER_SKILL);
  const router = renderRoute(
    { label: 'SKILL-LISTING', nonce: '{{nonce}}', text: '{{listing}}' },
    { label: 'USER-REQUEST', nonce: '{{nonce}}', text: '{{request}}' },
  );
  return judgePromptVersion('triggering_accuracy', [
    writer.system,
    writer.user,
    JSON.stringify(jsonSchemaOf(promptsSchema)),
    router.system,
    router.user,
    JSON.stringify(jsonSchemaOf(decisionSchema)),
    JSON.stringify(DISTRACTOR_SKILLS),
    String(PROMPTS_PER_CLASS),
  ]);
};

async function route(
  ctx: JudgeContext,
  candidate: ListedSkill,
  prompt: LabelledPrompt,
  index: number,
): Promise<{ ok: true; chosen: string } | { ok: false; reason: string }> {
  const listing = wrapUntrusted('SKILL-LISTING', skillListing(candidate, `${ctx.wrappedSkill.nonce}\u0000${index}`));
  const request = wrapUntrusted('USER-REQUEST', prompt.text);
  const { system, user } = renderRoute(listing, request);
  const result = await ctx.complete({
    system,
    messages: [{ role: 'user', content: user }],
    schema: decisionSchema,
    schemaName: DECISION_SCHEMA_NAME,
    maxTokens: 512,
  });
  if (!result.ok)
    return {
      ok: false,
      reason: `routing request ${index + 1} got no valid answer from the ${ctx.sample.label} judge: ${result.reason}`,
    };
  return { ok: true, chosen: result.value.skill };
}

const quote = (text: string): string => JSON.stringify(text.length > 100 ? `${text.slice(0, 97)}...` : text);

async function judgeTriggering(ctx: JudgeContext): Promise<DimensionOutcome> {
  const written = await writePrompts(ctx);
  if (!written.ok) return written;
  const candidate: ListedSkill = {
    name: ctx.skill.name ?? ctx.skill.dirName,
    description: ctx.skill.description.replace(/\s+/g, ' ').trim(),
  };
  const decisions = await Promise.all(written.prompts.map((prompt, i) => route(ctx, candidate, prompt, i)));
  const failed = decisions.find((d) => !d.ok);
  if (failed !== undefined && !failed.ok) return { ok: false, reason: failed.reason };

  const chosen = decisions.map((d) => (d.ok ? d.chosen : NO_SKILL));
  const predicted = chosen.map((name) => normaliseName(name) === normaliseName(candidate.name));
  const truth = written.prompts.map((p) => p.shouldTrigger);
  const counts = precisionRecallF1({ truth, predicted });
  const evidence = [
    `confusion over ${truth.length} requests (${PROMPTS_PER_CLASS} should trigger, ${PROMPTS_PER_CLASS} near ` +
      `misses): tp=${counts.tp} fp=${counts.fp} fn=${counts.fn} tn=${counts.tn}`,
    `precision ${counts.precision.toFixed(3)}, recall ${counts.recall.toFixed(3)}, F1 ${counts.f1.toFixed(3)}`,
    ...written.prompts.flatMap((p, i) =>
      p.shouldTrigger === predicted[i]
        ? []
        : [
            `${p.shouldTrigger ? 'missed' : 'false trigger'}: ${quote(p.text)} -> router ` +
              `chose ${chosen[i] ?? NO_SKILL}`,
          ],
    ),
  ];
  // One judge: a percentile bootstrap over the ten labelled decisions (2000 resamples, fixed seed).
  // With several judges the layer replaces it with a t-interval across judges.
  const pairs = truth.map((t, i) => ({ t, p: predicted[i] === true }));
  const ci = bootstrapCI(
    pairs,
    (s) => precisionRecallF1({ truth: s.map((x) => x.t), predicted: s.map((x) => x.p) }).f1,
    { samples: 2000, seed: 1 },
  );
  evidence.push(
    `95% interval (percentile bootstrap over the ${truth.length} requests): ${ci.low.toFixed(3)}-${ci.high.toFixed(3)}`,
  );
  const found = written.instructionsToJudge;
  return {
    ok: true,
    measurement: { score: counts.f1, evidence, ciLow: ci.low, ciHigh: ci.high },
    ...(found.length > 0 ? { instructionsToJudge: found } : {}),
  };
}

/** Triggering accuracy is measured (F1 of routing decisions), not graded; its "rubric" explains the measurement. */
export const TRIGGERING_ACCURACY_RUBRIC: Rubric = anchoredRubric({
  criterion: 'Triggering accuracy',
  description:
    'Does an agent that sees only the skill listing load this skill for the requests it serves, and only for those?',
  scoringGuidelines: [
    'Five realistic requests the skill should handle, five near misses it should not.',
    'Each request is routed by a model that sees only the skill listing (name and description among fixed ' +
      'distractors).',
    'Score = F1 of "loads this skill" against the labels.',
  ],
  anchors: [
    { score: 1.0, description: 'Every should-trigger request routed to the skill and no near miss.' },
    { score: 0.5, description: 'About half of the decisions wrong in the positive class (missed or false triggers).' },
    { score: 0.0, description: 'The skill was never chosen for a request it serves.' },
  ],
});

export const triggeringAccuracy: JudgeDimension = {
  id: 'judge.triggering_accuracy',
  dimension: 'triggering_accuracy',
  get promptVersion(): string {
    return (promptVersion ??= versionOf());
  },
  rubric: TRIGGERING_ACCURACY_RUBRIC,
  judge: judgeTriggering,
};
