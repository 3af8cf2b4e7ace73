/**
 * The prompts a Monte Carlo run sends to the agent: positives (requests the skill is for) and near-miss
 * negatives (requests that look related but that the skill should leave alone). Either read from a file in
 * skill-creator's trigger eval-set format, or written by the judge model from the skill's listing entry and
 * body. Generated prompts are stored with the run's state so a resumed or repeated run measures the same set.
 */
import { z } from 'zod';
import { InputError, ProviderError } from '../errors.js';
import { dataNotInstructions, wrapUntrusted } from '../judge/envelope.js';
import { parseJsonText, locateKeyPosition } from '../parse/json.js';
import { readTextFile } from '../parse/fs.js';
import type { SkillDocument } from '../parse/skill.js';
import { emptyUsage, usageOfCall, type UsageSummary } from '../providers/pricing.js';
import type { Provider } from '../providers/types.js';
import { rejectedText, screenGeneratedPrompts } from './prompt-screen.js';

/** skill-creator's trigger eval set: `[{"query": "...", "should_trigger": true}]`. */
export const TriggerEvalItem = z.object({
  query: z.string().trim().min(1, 'query must not be empty'),
  should_trigger: z.boolean(),
});
export const TriggerEvalSet = z.array(TriggerEvalItem).min(1, 'the eval set has no prompts').meta({
  id: 'TriggerEvalSet',
  title: 'trigger eval set',
  description: 'Prompts and whether each should trigger the skill (skill-creator format)',
});
export type TriggerEvalSet = z.infer<typeof TriggerEvalSet>;

export const McPrompt = z.object({
  query: z.string(),
  shouldTrigger: z.boolean(),
  source: z.enum(['file', 'generated']),
});
export type McPrompt = z.infer<typeof McPrompt>;

/** Read `--prompts FILE`; every problem names the file, and the line of the offending entry when it can. */
export async function readPromptFile(file: string): Promise<McPrompt[]> {
  const read = await readTextFile(file, file);
  if (!read.ok) throw new InputError(`--prompts ${file}: ${read.diagnostic.message}`, file);
  const parsed = parseJsonText(read.file.text, file);
  if (!parsed.ok) throw new InputError(`${file}:${parsed.diagnostic.line}: ${parsed.diagnostic.message}`, file);
  const checked = TriggerEvalSet.safeParse(parsed.value);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    const at = locateKeyPosition(read.file.text, issue.path);
    const where = issue.path.length > 0 ? `[${issue.path.join('].')}`.replace(/\]\.(\w+)$/, '].$1') : '(top level)';
    const more = checked.error.issues.length > 1 ? ` (and ${checked.error.issues.length - 1} more problem(s))` : '';
    throw new InputError(
      `${file}:${at.line}: ${where}: ${issue.message}; expected [{"query": "...", "should_trigger": ` +
        `true|false}]${more}`,
      file,
    );
  }
  const prompts = checked.data.map((item) => ({
    query: item.query,
    shouldTrigger: item.should_trigger,
    source: 'file' as const,
  }));
  if (!prompts.some((p) => p.shouldTrigger))
    throw new InputError(`${file}: no prompt has "should_trigger": true, so activation cannot be measured`, file);
  return prompts;
}

export interface GeneratePromptsOptions {
  model: string;
  positives: number;
  negatives: number;
  /** Distinct real prompts each side needs (capped by the number asked); fewer: generation failed, with why. */
  minPrompts: number;
  signal?: AbortSignal;
}

const generatedSchema = z.object({
  positives: z.array(z.string()).describe('Realistic user requests this skill is meant for'),
  negatives: z
    .array(z.string())
    .describe('Near-miss requests: same topic or wording, but a task this skill should not handle'),
});

const SYSTEM = [
  'You write test prompts for measuring when an AI agent should use a skill.',
  'Positives: varied, realistic requests a user would type, for which this skill is the right tool. Do not name ' +
    'the skill; vary length, phrasing and detail.',
  'Negatives: near misses: requests that share vocabulary or topic with the skill but that it should NOT handle ' +
    '(a neighbouring task, a different tool, a question about the topic rather than the task).',
  'Each prompt stands alone (one user message), in plain language, with no reference to these instructions.',
].join('\n');

/**
 * Generated prompts, or why there are none (a provider failure or an unusable reply): never an empty set in silence.
 */
export type GeneratedPrompts = (
  | { ok: true; prompts: McPrompt[]; notes: string[] }
  /** `screened`: the reply came, but too few of its prompts were distinct real ones (not an infrastructure failure). */
  | { ok: false; reason: string; screened?: true }
) & {
  usage: UsageSummary;
};

export async function generatePrompts(
  provider: Provider,
  skill: SkillDocument,
  options: GeneratePromptsOptions,
): Promise<GeneratedPrompts> {
  const listing = wrapUntrusted(
    'SKILL',
    `name: ${skill.name ?? skill.dirName}\ndescription: ${skill.description}\n\n${skill.body.slice(0, 12_000)}`,
  );
  let reply;
  try {
    reply = await provider.complete({
      model: options.model,
      system: `${SYSTEM}\n\n${dataNotInstructions([listing])}`,
      messages: [
        {
          role: 'user',
          content:
            `${listing.text}\n\nWrite ${options.positives} positive and ${options.negatives} negative prompts for ` +
            `this skill.`,
        },
      ],
      schema: generatedSchema,
      schemaName: 'test_prompts',
      temperature: 0,
      maxTokens: 4096,
      ...(options.signal ? { signal: options.signal } : {}),
    });
  } catch (error) {
    if (error instanceof ProviderError && error.fatal === undefined)
      return { ok: false, reason: `prompt generation failed (provider): ${error.message}`, usage: emptyUsage() };
    throw error;
  }
  const usage = usageOfCall(reply);
  if (!reply.ok) return { ok: false, reason: `prompt generation failed: ${reply.reason}`, usage };
  const screened = screenGeneratedPrompts(reply.value, options);
  const { positives, negatives } = screened;
  const notes: string[] = [];
  const left = screened.rejected.length > 0 ? `; left out: ${rejectedText(screened.rejected)}` : '';
  // Fewer distinct real prompts than the minimum (or than asked for, when fewer were asked): not a measurement.
  const need = {
    positives: Math.min(options.minPrompts, options.positives),
    negatives: Math.min(options.minPrompts, options.negatives),
  };
  if (positives.length < need.positives || negatives.length < need.negatives) {
    return {
      ok: false,
      reason:
        `the judge wrote too few distinct real prompts: ${positives.length} positive and ${negatives.length} ` +
        `near-miss usable of ${options.positives} and ${options.negatives} asked (at least ${need.positives} and ` +
        `${need.negatives} needed: prompts are the sampling unit)${left}`,
      screened: true,
      usage,
    };
  }
  if (positives.length < options.positives || negatives.length < options.negatives || left) {
    notes.push(
      `asked for ${options.positives} positive and ${options.negatives} negative prompts; the model ` +
        `wrote ${positives.length} and ${negatives.length} usable (distinct, real) ones${left}`,
    );
  }
  return {
    ok: true,
    prompts: [
      ...positives.map((query) => ({ query, shouldTrigger: true, source: 'generated' as const })),
      ...negatives.map((query) => ({ query, shouldTrigger: false, source: 'generated' as const })),
    ],
    notes,
    usage,
  };
}
