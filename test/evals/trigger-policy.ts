/**
 * A rule-based model for trigger tests, so the true trigger rate of every query is known. The skill under test is
 * `release-notes`; the rule reads its description FROM THE REQUEST (the skill listing the real agent, or the
 * messages runner, sends), so a description change changes the outcome exactly as the rule says:
 *
 *   triggered  <=>  some KEYWORD appears both in the user's query and in the listed description.
 *
 * A query with LOOK makes the agent Glob first and call the Skill tool on its second turn (run_eval, which looks at
 * the first tool call only, would miss it). Faults by query word: DOWN answers 400 to every request; STALL holds
 * every request open (the run times out); FLAKY answers every request of its first agent session with a 400 and
 * lets the other sessions through.
 */
import type { Reply, ScriptRequest } from '../support/model-server.js';

export const SKILL_NAME = 'release-notes';
export const KEYWORDS = ['ZEBRA', 'OKAPI', 'LLAMA', 'TAPIR'] as const;

export const isAgentRequest = (r: ScriptRequest): boolean =>
  ((r.body.tools as { name: string }[] | undefined) ?? []).some((t) => t.name === 'Skill');
export const forcedTool = (r: ScriptRequest): string | undefined =>
  (r.body.tool_choice as { name?: string } | undefined)?.name;
export const turnOf = (r: ScriptRequest): number =>
  ((r.body.messages as { role: string }[]) ?? []).filter((m) => m.role === 'assistant').length;

/** The user's prompt: the text blocks of the first user message (Claude Code prepends reminders as other blocks). */
export function promptOf(r: ScriptRequest): string {
  const content = (r.body.messages as { content: unknown }[])[0]?.content;
  if (typeof content === 'string') return content;
  return (content as { type: string; text?: string }[])
    .filter((b) => b.type === 'text')
    .map((b) => b.text ?? '')
    .join('\n');
}

/** The description listed for the skill in this request, or undefined when it is not listed. */
export function listedDescription(r: ScriptRequest): string | undefined {
  const body = JSON.stringify(r.body);
  const at = body.indexOf(`${SKILL_NAME}: `);
  if (at === -1) return undefined;
  const rest = body.slice(at + SKILL_NAME.length + 2);
  const end = rest.search(/\\n|"/);
  return end === -1 ? rest : rest.slice(0, end);
}

export const words = (text: string): Set<string> =>
  new Set(text.split(/[^A-Za-z]+/).filter((w) => (KEYWORDS as readonly string[]).includes(w)));

/** Whether the rule triggers the skill for `query` when the skill is listed with `description`. */
export function ruleTriggers(query: string, description: string): boolean {
  const listed = words(description);
  return [...words(query)].some((w) => listed.has(w));
}

/**
 * The agent side of the rule (real Claude Code requests). `sessions` remembers which agent session (Claude Code's
 * x-claude-code-session-id) got which fault, so a fault stays with its run through Claude Code's own retries.
 */
export function agentPolicy(sessions: Map<string, 'error' | 'ok'>): (r: ScriptRequest) => Reply {
  return (r) => {
    const prompt = promptOf(r);
    if (prompt.includes('DOWN')) return { fault: 'status', status: 400 };
    const turn = turnOf(r);
    if (prompt.includes('STALL')) return { fault: 'stall', ms: 60_000 };
    if (prompt.includes('FLAKY')) {
      const session = String(r.headers['x-claude-code-session-id']);
      if (!sessions.has(session)) sessions.set(session, sessions.size === 0 ? 'error' : 'ok');
      if (sessions.get(session) === 'error') return { fault: 'status', status: 400 };
    }
    const hit = ruleTriggers(prompt, listedDescription(r) ?? '');
    const looksFirst = prompt.includes('LOOK');
    if (hit && looksFirst && turn === 0)
      return { tool: { name: 'Glob', input: { pattern: '*.md' } }, usage: { input: 100, output: 10 } };
    if (hit && turn === (looksFirst ? 1 : 0))
      return { tool: { name: 'Skill', input: { skill: SKILL_NAME } }, usage: { input: 100, output: 10 } };
    return { text: hit ? 'Release notes: done.' : 'No skill needed.', usage: { input: 100, output: 10 } };
  };
}

/** The messages runner's routing call: the same rule over its listing. */
export function routingReply(r: ScriptRequest): Reply {
  // 400, not 500: the provider stack retries a 500 with backoff, and one failed call is all this needs.
  if (promptOf(r).includes('DOWN')) return { fault: 'status', status: 400 };
  return { json: { skill: ruleTriggers(promptOf(r), listedDescription(r) ?? '') ? SKILL_NAME : null } };
}
