/**
 * The description optimiser's two pure parts: the stratified train/test split, and the improver call.
 *
 * The improver sees TRAIN results only. Its input type has no place for a test query or a test score, and the loop
 * (optimize.ts) builds that input from train results alone: a description chosen by its test score would otherwise
 * be fitted to the test set, and the test score would no longer say how it generalises.
 */
import { z } from 'zod';
import { ProviderError } from '../../errors.js';
import { dataNotInstructions, wrapUntrusted } from '../../judge/envelope.js';
import { emptyUsage, sumUsage, usageOfCall, type UsageSummary } from '../../providers/pricing.js';
import type { ChatMessage, Provider } from '../../providers/types.js';
import { promptOrder } from '../../monte-carlo/run-monte-carlo.js';
import { descriptionProblem, MAX_DESCRIPTION_CHARS } from './skill-description.js';
import type { TriggerQuery } from './triggers.js';

/**
 * skill-creator's split: per class (should / should not trigger), max(1, floor(n x holdout)) queries go to the test
 * set, chosen by a seeded shuffle, so the same file and seed always give the same split. Each set keeps file order.
 */
export function stratifiedSplit(
  queries: readonly TriggerQuery[],
  holdout: number,
  seed: number,
): { train: TriggerQuery[]; test: TriggerQuery[] } {
  const testIndices = new Set<number>();
  for (const shouldTrigger of [true, false]) {
    const ofClass = queries.flatMap((q, i) => (q.shouldTrigger === shouldTrigger ? [i] : []));
    if (ofClass.length === 0) continue;
    const count = Math.max(1, Math.floor(ofClass.length * holdout));
    const order = promptOrder(ofClass.length, seed);
    for (const k of order.slice(0, count)) testIndices.add(ofClass[k]!);
  }
  return { train: queries.filter((_, i) => !testIndices.has(i)), test: queries.filter((_, i) => testIndices.has(i)) };
}

/** A train query the current description got wrong, as the improver is told it. */
export interface TrainFailure {
  query: string;
  shouldTrigger: boolean;
  triggers: number;
  runs: number;
}

/** An earlier attempt, with its train result only. */
export interface AttemptSummary {
  description: string;
  /** null when it was not evaluated (too long) or its train set was not fully measured. */
  trainPassed: number | null;
  trainTotal: number;
  note?: string;
}

export interface ImproverInput {
  skillName: string;
  skillBody: string;
  currentDescription: string;
  trainPassed: number;
  trainTotal: number;
  failures: readonly TrainFailure[];
  history: readonly AttemptSummary[];
}

export type Proposal = ({ ok: true; description: string } | { ok: false; reason: string; description?: string }) & {
  usage: UsageSummary;
  calls: number;
};

const ProposalSchema = z.object({
  description: z
    .string()
    .describe(
      `The new description: imperative, about 100-200 words, at most ${MAX_DESCRIPTION_CHARS} characters, no < or >`,
    ),
});

export const IMPROVER_RULES = [
  "You improve the description of an agent skill. An AI agent sees only the skill's name and description when " +
    'it decides',
  "whether to use the skill for a user's request, so the description must say what the skill does and when to use it.",
  'Rules for the new description:',
  '- Generalise from the failures to the kinds of requests the skill should and should not handle; never list ' +
    'or quote the queries.',
  '- About 100-200 words, and never more than 1024 characters.',
  '- Imperative, addressed to the agent: "Use this skill when ...", "Do not use it for ...".',
  '- No < or > characters.',
  '- Keep what the current description gets right.',
].join('\n');

function userMessage(input: ImproverInput, skill: ReturnType<typeof wrapUntrusted>): string {
  const failure = (f: TrainFailure): string =>
    `- ${f.shouldTrigger ? 'should have used the skill' : 'should NOT have used the skill'}; used it ` +
    `in ${f.triggers} of ${f.runs} runs: ${JSON.stringify(f.query)}`;
  const attempt = (a: AttemptSummary, i: number): string =>
    `${i + 1}. ${a.trainPassed === null ? 'not scored' : `${a.trainPassed} of ${a.trainTotal} passed`}${a.note ? ` (${a.note})` : ''}: ${JSON.stringify(a.description)}`;
  return [
    skill.text,
    '',
    `Current description: ${JSON.stringify(input.currentDescription)}`,
    `With it the agent got ${input.trainPassed} of ${input.trainTotal} requests right. Requests it got wrong:`,
    ...(input.failures.length > 0 ? input.failures.map(failure) : ['(none that were measured)']),
    ...(input.history.length > 0
      ? ['', 'Earlier descriptions and how many requests each got right:', ...input.history.map(attempt)]
      : []),
    '',
    'Write a new description.',
  ].join('\n');
}

/**
 * One structured call to the improver; when its description breaks a rule (too long, angle brackets), one more call
 * asking for a fix. Still broken: not ok, with the reason (the description is never cut to fit).
 */
export async function proposeDescription(
  provider: Provider,
  model: string,
  input: ImproverInput,
  signal?: AbortSignal,
): Promise<Proposal> {
  const skill = wrapUntrusted('SKILL', `name: ${input.skillName}\n\n${input.skillBody.slice(0, 12_000)}`);
  const system = `${IMPROVER_RULES}\n\n${dataNotInstructions([skill])}`;
  const messages: ChatMessage[] = [{ role: 'user', content: userMessage(input, skill) }];
  let usage = emptyUsage();
  let calls = 0;
  for (let attempt = 1; ; attempt++) {
    let reply;
    try {
      reply = await provider.complete({
        model,
        system,
        messages,
        schema: ProposalSchema,
        schemaName: 'skill_description',
        temperature: 0,
        maxTokens: 2048,
        ...(signal ? { signal } : {}),
      });
    } catch (error) {
      // A provider that can never answer (no key, unknown model) stops the run; a failure that outlived the retries
      // is this attempt's failure.
      if (error instanceof ProviderError && error.fatal === undefined)
        return { ok: false, reason: `the improver call failed: ${error.message}`, usage, calls };
      throw error;
    }
    calls++;
    usage = sumUsage([usage, usageOfCall(reply)]);
    if (!reply.ok) return { ok: false, reason: `the improver's reply was unusable: ${reply.reason}`, usage, calls };
    const description = reply.value.description.trim();
    const problem = descriptionProblem(description);
    if (problem === undefined) return { ok: true, description, usage, calls };
    if (attempt === 2)
      return {
        ok: false,
        reason: `the improver's description broke the rules twice (${problem})`,
        description,
        usage,
        calls,
      };
    messages.push(
      { role: 'assistant', content: JSON.stringify({ description }) },
      {
        role: 'user',
        content:
          `That description cannot be used: ${problem}. Rewrite it to follow every rule, at ` +
          `most ${MAX_DESCRIPTION_CHARS} characters.`,
      },
    );
  }
}
