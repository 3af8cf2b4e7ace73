/**
 * transcript.md of one run, written from what the runner observed (AgentRunResult.steps), not from what the agent
 * says it did. It starts with an `## Eval Prompt` section because skill-creator's viewer reads the prompt from
 * there when a run folder has no eval_metadata.json.
 */
import type { AgentRunResult, AgentStep } from '../../agent/types.js';

export interface TranscriptInput {
  title: string;
  prompt: string;
  /** The prompt as the agent received it, when it differs (input files listed after it). */
  promptSent?: string;
  inputFiles: readonly string[];
  result: AgentRunResult;
}

/** A Markdown code fence longer than any run of backticks inside `text`, so the text cannot close it. */
export function fenced(text: string, info = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${info}\n${text}\n${fence}`;
}

const inputText = (input: unknown): string => {
  const text = JSON.stringify(input, null, 2);
  return text === undefined ? String(input) : text;
};

function stepLines(steps: readonly AgentStep[]): string[] {
  const lines: string[] = [];
  let call = 0;
  for (const step of steps) {
    if (step.kind === 'text') lines.push('### Agent', '', step.text.trim(), '');
    else if (step.kind === 'tool_use') {
      call++;
      lines.push(`### Tool call ${call}: ${step.name}`, '', fenced(inputText(step.input), 'json'), '');
    } else {
      const label = step.isError ? 'Tool error' : 'Tool result';
      lines.push(`${label}${step.truncated ? ' (cut)' : ''}:`, '', fenced(step.content), '');
    }
  }
  return lines;
}

function outcomeLine(result: AgentRunResult): string {
  if (result.status === 'infra') {
    const e = result.infraError;
    return (
      `infrastructure error ` +
      `(${e?.kind ?? 'unknown'}${e?.status !== undefined ? `, HTTP ${e.status}` : ''}): ${e?.message ?? 'no detail'}. ` +
      `Nothing about the skill was measured by this run.`
    );
  }
  if (result.agentError !== undefined) return `the agent's own error: ${result.agentError}`;
  return 'completed';
}

export function renderTranscript(input: TranscriptInput): string {
  const { result } = input;
  const lines = [`# ${input.title}`, '', '## Eval Prompt', '', input.prompt.trim(), ''];
  if (input.inputFiles.length > 0) lines.push('## Input Files', '', ...input.inputFiles.map((f) => `- ${f}`), '');
  if (input.promptSent !== undefined && input.promptSent !== input.prompt)
    lines.push('## Prompt As Sent', '', fenced(input.promptSent), '');
  lines.push('## Steps', '');
  const steps = result.steps ?? [];
  if (steps.length === 0) lines.push('(no steps were observed)', '');
  else lines.push(...stepLines(steps));
  lines.push('## Final Response', '', result.output.trim() === '' ? '(none)' : result.output.trim(), '');
  lines.push('## Outcome', '', outcomeLine(result), '');
  return `${lines.join('\n').trimEnd()}\n`;
}
