/**
 * The one rule for "the agent activated a skill", shared by every runner, the Monte Carlo layer and eval suites.
 *
 * A skill is activated when, anywhere in the run (not only the first tool call):
 * - a `Skill` tool call names it: `input.skill` (older Claude Code versions: `input.command`), with or without a
 *   leading `/`, bare (`release-notes`) or plugin-qualified (`my-plugin:release-notes`); or
 * - a `Read` opens its `SKILL.md` under a `.claude/skills/<name>/` folder (`input.file_path`), by absolute or
 *   relative path, with `/` or `\` separators.
 * A call whose tool result was an error still counts: the routing decision (choosing the skill) was made.
 */
import type { AgentToolCall } from './types.js';

export interface Activation {
  activated: boolean;
  /** The first call that activated a candidate, e.g. `tool call 2: Skill {skill: "release-notes"}`. */
  evidence?: string;
  /** Every skill activated in the run, in order of first activation. */
  activatedSkills: string[];
}

const SKILL_FILE = /(?:^|\/)\.claude\/skills\/([^/]+)\/SKILL\.md$/i;

function stringField(input: unknown, key: string): string | undefined {
  if (input === null || typeof input !== 'object') return undefined;
  const value = (input as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}

/** The skill a Skill tool input names: `plugin:skill` -> `skill`, `/skill args` -> `skill`. */
export function skillNamedBy(input: unknown): string | undefined {
  const raw = stringField(input, 'skill') ?? stringField(input, 'command');
  if (raw === undefined) return undefined;
  const head = raw.trim().replace(/^\//, '').split(/\s+/)[0] ?? '';
  const name = head.slice(head.lastIndexOf(':') + 1);
  return name === '' ? undefined : name;
}

/** The skill whose SKILL.md a Read input opens, if it opens one. */
export function skillReadBy(input: unknown): string | undefined {
  const path = stringField(input, 'file_path') ?? stringField(input, 'path');
  if (path === undefined) return undefined;
  return SKILL_FILE.exec(path.trim().replace(/\\/g, '/'))?.[1];
}

/** The skill one tool call activates, and how to show it as evidence. */
function activationOf(call: AgentToolCall): { skill: string; how: string } | undefined {
  if (call.name === 'Skill') {
    const skill = skillNamedBy(call.input);
    return skill === undefined ? undefined : { skill, how: `Skill ${JSON.stringify(call.input)}` };
  }
  if (call.name === 'Read') {
    const skill = skillReadBy(call.input);
    return skill === undefined
      ? undefined
      : { skill, how: `Read ${stringField(call.input, 'file_path') ?? stringField(call.input, 'path')}` };
  }
  return undefined;
}

/** Whether any of `candidates` (the skill under test, or a plugin's skills) was activated in the run. */
export function detectActivation(toolCalls: readonly AgentToolCall[], candidates: readonly string[]): Activation {
  const activatedSkills: string[] = [];
  let evidence: string | undefined;
  toolCalls.forEach((call, index) => {
    const found = activationOf(call);
    if (found === undefined) return;
    if (!activatedSkills.includes(found.skill)) activatedSkills.push(found.skill);
    if (evidence === undefined && candidates.includes(found.skill)) {
      evidence = `tool call ${index + 1}: ${found.how}${call.isError ? ' (the tool reported an error)' : ''}`;
    }
  });
  return { activated: evidence !== undefined, ...(evidence === undefined ? {} : { evidence }), activatedSkills };
}
