/**
 * A SIMULATION of the agent, not the agent: one model call through any Provider (Anthropic, OpenAI-compatible,
 * Claude Code) that reproduces only the routing decision. The model sees the skill listing the way an agent
 * presents it ("The following skills are available for use with the Skill tool:" then "- name: description") and
 * says which skill it would invoke for the prompt, if any. Cheap and model-agnostic, but no agent loop runs: no
 * tools, no system prompt of a real harness, no second chance to pick a skill after looking around. Every result
 * says `simulated: true`.
 *
 * When the candidate is chosen, a second, labelled call answers the prompt with the skill's SKILL.md loaded, so a
 * judge has an output to grade; without activation the output is ''. A provider failure (after the provider's own
 * retries), a reply that gives no decision, or the whole-run timeout is an infrastructure error: no routing
 * decision was observed, so nothing about the skill was measured.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { CancelledError, InputError, NotMeasuredError, ProviderError, UsageError } from '../errors.js';
import { parseFrontmatter } from '../parse/frontmatter.js';
import { MAX_TEXT_BYTES } from '../parse/fs.js';
import { addUsage, ZERO_USAGE } from '../providers/types.js';
import { type BoundedRead, NotRegularFileError, readBoundedSync } from '../util/bounded-read.js';
import type { CompletionMeta, Provider } from '../providers/types.js';
import { detectActivation, skillNamedBy } from './activation.js';
import { DEFAULT_TIMEOUT_MS } from './defaults.js';
import { pluginSkillNames } from './project.js';
import type { AgentRunnerRow } from './runner-row.js';
import type { AgentInstall, AgentRunner, AgentRunRequest, AgentRunResult, AgentToolCall, InfraError } from './types.js';
import { monotonicMs } from '../util/clock.js';

export interface ListedSkill {
  name: string;
  description: string;
  /** SKILL.md body (loaded into the answering call when this skill is chosen). */
  body: string;
}

export interface MessagesRunnerOptions {
  /** The provider stack to call (build it with createProvider: retries, limiter and cache come with it). */
  provider: Provider;
  /** Default model when a request gives none. */
  model?: string;
  /** Answer the prompt with the skill loaded when the candidate is chosen (default true). */
  answer?: boolean;
  /** Other skills listed beside the candidate, as a real agent lists its bundled and user skills. */
  otherSkills?: readonly { name: string; description: string }[];
  /** Output token limit of the answering call (default 4096). */
  answerMaxTokens?: number;
}

export const LISTING_HEADER = 'The following skills are available for use with the Skill tool:';

export const decisionSchema = z.object({
  skill: z
    .string()
    .nullable()
    .describe('Exact name of the skill to invoke now, from the listing; null when no listed skill fits the request.'),
});

/** The skills an install lists, read from their SKILL.md (name as installed, frontmatter description). */
export function listedSkills(install: AgentInstall): ListedSkill[] {
  const read = (dir: string, name: string): ListedSkill => {
    const file = join(dir, 'SKILL.md');
    let read: BoundedRead;
    try {
      // Only a regular file, never past the parser's limit: an installed sibling may be anything the skill shipped.
      read = readBoundedSync(file, MAX_TEXT_BYTES, true);
    } catch (error) {
      const why =
        error instanceof NotRegularFileError
          ? `${error.kind}, not a regular file`
          : ((error as NodeJS.ErrnoException).code ?? String(error));
      throw new InputError(`${file}: cannot read the skill (${why})`, file, error);
    }
    if (read.partial)
      throw new InputError(
        `${file}: cannot read the skill (${read.size} bytes, over the parser's ${MAX_TEXT_BYTES})`,
        file,
      );
    const text = read.bytes.toString('utf8');
    const front = parseFrontmatter(text.replace(/^\uFEFF/, ''), file);
    const description = front.data?.description;
    return {
      name,
      description: typeof description === 'string' ? description.replace(/\s+/g, ' ').trim() : '',
      body: front.body.trim(),
    };
  };
  if (install.kind === 'skill') return [read(install.dir, install.name)];
  if (install.kind === 'plugin')
    return pluginSkillNames(install.dir).map((name) => read(join(install.dir, 'skills', name), name));
  return [];
}

export function routingSystemPrompt(listing: readonly { name: string; description: string }[]): string {
  const lines = listing.map((skill) => `- ${skill.name}: ${skill.description}`);
  return [
    "You are an AI coding agent working in a user's project. You can invoke skills with the Skill tool. A skill is a",
    "packaged set of instructions for one kind of task. When the user's request is a task that a listed skill covers,",
    'you invoke that skill first, by its exact name from the listing. When no listed skill covers the request, you',
    'invoke none and work on the request directly.',
    '',
    LISTING_HEADER,
    '',
    ...(lines.length > 0 ? lines : ['(none)']),
    '',
    "Give only your decision for the user's next message: the skill you invoke now, or null.",
  ].join('\n');
}

function answerSystemPrompt(skill: ListedSkill): string {
  return [
    "You are an AI coding agent working in a user's project. For this request you invoked the skill",
    `"${skill.name}"; its instructions (SKILL.md) follow. Follow them to answer the request.`,
    '',
    `<skill name="${skill.name}">`,
    skill.body,
    '</skill>',
  ].join('\n');
}

/** A provider failure as an infrastructure error of the run. */
function infraOf(error: unknown, timedOut: boolean, timeoutMs: number): InfraError {
  if (timedOut) return { kind: 'timeout', message: `the run did not end within ${timeoutMs} ms` };
  if (error instanceof CancelledError) return { kind: 'cancelled', message: 'the run was cancelled' };
  const status = error instanceof ProviderError || error instanceof NotMeasuredError ? error.status : undefined;
  const message = error instanceof Error ? error.message : String(error);
  const withStatus = (kind: InfraError['kind']): InfraError => ({
    kind,
    message,
    ...(status === undefined ? {} : { status }),
  });
  if (status === 401 || status === 403) return withStatus('not_logged_in');
  if (status === 429) return withStatus('rate_limited');
  if (status === 529) return withStatus('overloaded');
  if (status === undefined && /no response within|timed out/i.test(message)) return withStatus('timeout');
  return withStatus('api_error');
}

export class MessagesRunner implements AgentRunner {
  readonly name = 'messages';
  readonly simulated = true;
  readonly #options: MessagesRunnerOptions;

  constructor(options: MessagesRunnerOptions) {
    this.#options = options;
  }

  async run(request: AgentRunRequest): Promise<AgentRunResult> {
    const started = monotonicMs();
    const timeoutMs = request.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const model = request.model || this.#options.model || 'haiku';
    const candidates = listedSkills(request.install);
    const candidateNames = candidates.map((skill) => skill.name);
    const others = this.#options.otherSkills ?? [];
    const clash = others.find((other) => candidateNames.includes(other.name));
    if (clash !== undefined)
      throw new InputError(
        `the messages runner lists another skill named "${clash.name}" beside the candidate; rename or drop it`,
      );
    const timeout = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      timeout.abort();
    }, timeoutMs);
    const signal = request.signal === undefined ? timeout.signal : AbortSignal.any([request.signal, timeout.signal]);
    const metas: CompletionMeta[] = [];
    const result = (fields: Partial<AgentRunResult> & Pick<AgentRunResult, 'status'>): AgentRunResult => {
      const hits = metas.filter((meta) => meta.cached);
      return {
        runner: this.name,
        simulated: true,
        activated: false,
        activatedSkills: [],
        output: '',
        toolCalls: [],
        usage: metas.reduce((sum, meta) => addUsage(sum, meta.usage), { ...ZERO_USAGE }),
        // A cache hit spent nothing (its costUsd is 0), priced model or not; a call that threw left no meta and
        // is not charged, as in the judge layer's ledger. So only answers paid for now decide whether the cost is
        // known.
        costUsd: metas.reduce((sum, meta) => sum + meta.costUsd, 0),
        priced: metas.every((meta) => meta.cached || meta.priced),
        ...(metas.every((meta) => meta.usageReported) ? {} : { usageReported: false }),
        ...(hits.length > 0
          ? {
              cached: {
                ...hits.reduce((sum, meta) => addUsage(sum, meta.usage), { ...ZERO_USAGE }),
                all: hits.length === metas.length,
              },
            }
          : {}),
        durationMs: Math.round(monotonicMs() - started),
        turns: metas.length,
        ...fields,
      };
    };
    try {
      if (signal.aborted) throw new CancelledError();
      const decision = await this.#options.provider.complete({
        model,
        system: routingSystemPrompt([...candidates, ...others]),
        messages: [{ role: 'user', content: request.prompt }],
        schema: decisionSchema,
        schemaName: 'skill_decision',
        maxTokens: 256,
        signal,
      });
      metas.push(decision);
      if (!decision.ok) {
        return result({
          status: 'infra',
          infraError: {
            kind: 'api_error',
            message: `no routing decision: the reply did not validate (${decision.reason})`,
          },
        });
      }
      const chosen = decision.value.skill === null ? undefined : skillNamedBy({ skill: decision.value.skill });
      // The decision as the tool call an agent would have made, so the one activation rule reads it.
      const toolCalls: AgentToolCall[] =
        chosen === undefined ? [] : [{ name: 'Skill', input: { skill: decision.value.skill } }];
      const activation = detectActivation(toolCalls, candidateNames);
      let output = '';
      const skill = candidates.find((c) => c.name === chosen);
      if (activation.activated && skill !== undefined && this.#options.answer !== false) {
        const answer = await this.#options.provider.complete({
          model,
          system: answerSystemPrompt(skill),
          messages: [{ role: 'user', content: request.prompt }],
          maxTokens: this.#options.answerMaxTokens ?? 4096,
          signal,
        });
        metas.push(answer);
        output = answer.ok ? answer.value : answer.text;
      }
      return result({
        status: 'ok',
        activated: activation.activated,
        ...(activation.evidence === undefined
          ? {}
          : { activationEvidence: `simulated routing (no agent ran): ${activation.evidence}` }),
        activatedSkills: activation.activatedSkills,
        toolCalls,
        output,
      });
    } catch (error) {
      if (!(error instanceof ProviderError || error instanceof NotMeasuredError || error instanceof CancelledError))
        throw error;
      return result({ status: 'infra', infraError: infraOf(error, timedOut, timeoutMs) });
    } finally {
      clearTimeout(timer);
    }
  }
}

/** The messages runner's row of the runner table (src/agent/runners.ts). */
export const messagesRunnerRow: AgentRunnerRow<MessagesRunnerOptions> = {
  label: 'a simulation of the routing decision: one Messages call, one more to answer when the skill is chosen',
  simulated: true,
  usesTools: false,
  needsProvider: true,
  requestsPerRun: 2,
  promptTokensPerRequest: 1_000,
  routingRequestsPerRun: 1,
  routingOutputTokensPerRequest: 50,
  create: ({ model, provider, messages }) => {
    if (provider === undefined) throw new UsageError('the messages runner needs a provider: it calls the model itself');
    return new MessagesRunner({ ...messages, provider, ...(model === undefined ? {} : { model }) });
  },
  settingsFrom: (options) => {
    if (options === undefined || !('provider' in options))
      throw new TypeError('createAgentRunner("messages") needs options.provider');
    const { provider, model, ...messages } = options;
    return { provider, ...(model === undefined ? {} : { model }), messages };
  },
};
