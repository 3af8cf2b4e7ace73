/**
 * The LLM grader: one structured call per run decides every plain-text expectation, following skill-creator's
 * grader role (PASS or FAIL, no partial credit, the burden of proof on the expectation, claims extracted and
 * verified, the executor's notes summarised, weak expectations criticised), over the run's material wrapped as
 * untrusted data (judge/envelope.ts): a run's output may address the grader, and must not be obeyed.
 *
 * Anti-fooling: a PASS stands only when the grader quoted the run and every quote is found in the run's own
 * products (final reply, output files, transcript steps, notes; whitespace normalised). Not in the prompt or the
 * expectations: quoting the question proves nothing about the answer. Otherwise it becomes a FAIL saying why.
 */
import { z } from 'zod';
import { dataNotInstructions, wrapUntrusted } from '../../judge/envelope.js';
import { ProviderError } from '../../errors.js';
import { emptyUsage, usageOfCall, type UsageSummary } from '../../providers/pricing.js';
import type { Provider } from '../../providers/types.js';
import type { RunMaterial } from '../run/run-material.js';
import { OUTPUT_READ_BYTES } from '../workspace.js';

/** What the grader sees at most: the material is cut (head and tail kept, the cut said) to stay within it. */
export const MATERIAL_BUDGET_CHARS = 60_000;
const FILE_CAP = 12_000;
const TRANSCRIPT_CAP = 20_000;
const REPLY_CAP = 12_000;

export const GraderReply = z.object({
  expectations: z.array(
    z.object({
      number: z.number().int().min(1).describe('the expectation number as listed'),
      evidence: z.string().describe('what in the run shows the expectation holds or not, in your words'),
      quotes: z
        .array(z.string())
        .describe(
          'exact excerpts copied from the run (final reply, output files, transcript steps, notes); required for PASS',
        ),
      verdict: z.enum(['PASS', 'FAIL']),
    }),
  ),
  claims: z.array(
    z.object({
      claim: z.string(),
      type: z.enum(['factual', 'process', 'quality']),
      verified: z.boolean(),
      evidence: z.string(),
    }),
  ),
  user_notes_summary: z.object({
    uncertainties: z.array(z.string()),
    needs_review: z.array(z.string()),
    workarounds: z.array(z.string()),
  }),
  eval_feedback: z.object({
    suggestions: z.array(z.object({ assertion: z.string(), reason: z.string() })),
    overall: z.string(),
  }),
});
export type GraderReply = z.infer<typeof GraderReply>;

export const GRADER_SYSTEM = [
  'You grade one run of an AI agent against the expectations of an eval. For each numbered expectation decide ' +
    'PASS or FAIL.',
  '- The burden of proof is on the expectation: PASS only when the run clearly shows it holds. No evidence, ' +
    'ambiguous evidence, or evidence you would have to assume: FAIL.',
  '- No partial credit. An expectation half met is FAIL.',
  '- Substance, not surface: a file with the right name but wrong or empty content, or a claim of success the ' +
    'outputs do not bear out, is FAIL.',
  '- Quote: for every verdict put in `quotes` exact excerpts, copied character for character, from the final ' +
    'reply, the output files, the transcript steps or the notes. Never quote the prompt or the expectations. A ' +
    'PASS without a quote that appears in the run counts as FAIL.',
  '- Claims: list the factual, process and quality claims the run makes (e.g. "all 12 fields filled", "tests ' +
    'pass") and say whether the material verifies each, with evidence.',
  "- Notes: summarise the executor's notes (outputs/user_notes.md) when there are any: uncertainties, things " +
    'that need review, workarounds. Empty lists when there are none.',
  '- Eval feedback: name expectations that are weak (a wrong output would also pass them, or they check ' +
    'something trivial) and important outcomes no expectation checks. Leave suggestions empty when nothing is ' +
    'worth raising.',
].join('\n');

function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  // slice(-0) is the whole text: with no room left, say only how much there was.
  if (half === 0) return `[... ${text.length} characters cut ...]`;
  return `${text.slice(0, half)}\n[... ${text.length - 2 * half} characters cut ...]\n${text.slice(-half)}`;
}

/** The transcript from its steps on: its prompt section is the question, not evidence. */
export function transcriptSteps(transcript: string): string {
  const at = transcript.indexOf('\n## Steps');
  return at === -1 ? transcript : transcript.slice(at + 1);
}

export interface GraderMaterial {
  /** The text inside the envelope. */
  text: string;
  /** Where quotes are looked for: the run's products only. */
  evidence: string;
  notes: string[];
}

export function graderMaterial(m: RunMaterial, budget = MATERIAL_BUDGET_CHARS): GraderMaterial {
  const notes: string[] = [];
  const parts: string[] = [];
  const evidence: string[] = [];
  let left = budget;
  const add = (heading: string, body: string, cap: number, isEvidence = true): void => {
    const room = Math.max(0, Math.min(cap, left));
    const shown = cut(body, room);
    if (shown !== body) notes.push(`${heading}: cut to about ${room} of its ${body.length} characters for the grader`);
    left -= shown.length;
    parts.push(`## ${heading}\n\n${shown}`);
    if (isEvidence) evidence.push(shown);
  };
  add('Prompt (what was asked; context, not evidence)', m.metadata.prompt, 8_000, false);
  add('Final reply', m.finalResponse === '' ? '(none)' : m.finalResponse, REPLY_CAP);
  if (m.files.length === 0) parts.push('## Output files\n\n(none)');
  for (const f of m.files) {
    if (f.text === undefined) parts.push(`## Output file outputs/${f.path}\n\n(binary, ${f.bytes} bytes, not shown)`);
    else {
      if (f.partial)
        notes.push(`Output file outputs/${f.path}: ${f.bytes} bytes, only its first ${OUTPUT_READ_BYTES} were read`);
      add(`Output file outputs/${f.path}`, f.text, FILE_CAP);
    }
  }
  if (m.userNotes !== undefined) add('Executor notes (outputs/user_notes.md)', m.userNotes, 4_000);
  add('Transcript', transcriptSteps(m.transcript) || '(none)', TRANSCRIPT_CAP);
  return { text: parts.join('\n\n'), evidence: evidence.join('\n'), notes };
}

const normalise = (s: string): string => s.replace(/\s+/g, ' ').trim();

/** Every part of the quote (split at an ellipsis) appears in the evidence, whitespace normalised. */
export function quoteFound(quote: string, evidence: string): boolean {
  const hay = normalise(evidence);
  const parts = quote
    .split(/\.\.\.|…/)
    .map(normalise)
    .filter((p) => p !== '');
  return parts.length > 0 && parts.every((p) => hay.includes(p));
}

export interface LlmVerdict {
  passed: boolean;
  evidence: string;
}

export type LlmGrade =
  | {
      ok: true;
      verdicts: LlmVerdict[];
      claims: GraderReply['claims'];
      userNotes: GraderReply['user_notes_summary'];
      feedback: GraderReply['eval_feedback'];
      notes: string[];
      usage: UsageSummary;
    }
  | { ok: false; reason: string; fatal?: string; usage: UsageSummary };

/** Turn the grader's reply into verdicts, one per expectation in order; a PASS whose quotes are not found is a FAIL. */
export function readGraderReply(
  reply: GraderReply,
  expectations: readonly string[],
  material: GraderMaterial,
): { ok: true; verdicts: LlmVerdict[] } | { ok: false; reason: string } {
  const verdicts: LlmVerdict[] = [];
  for (let n = 1; n <= expectations.length; n++) {
    const entry = reply.expectations.find((e) => e.number === n);
    if (entry === undefined)
      return { ok: false, reason: `the grader gave no verdict for expectation ${n} ("${expectations[n - 1]}")` };
    const quoted = entry.quotes.length > 0 ? ` Quoted: ${entry.quotes.map((q) => JSON.stringify(q)).join('; ')}` : '';
    if (entry.verdict === 'FAIL') {
      verdicts.push({ passed: false, evidence: `${entry.evidence}${quoted}` });
      continue;
    }
    const missing = entry.quotes.filter((q) => !quoteFound(q, material.evidence));
    if (entry.quotes.length === 0)
      verdicts.push({
        passed: false,
        evidence:
          `FAIL (the grader said PASS but quoted nothing from the run, and a PASS needs ` +
          `evidence): ${entry.evidence}`,
      });
    else if (missing.length > 0) {
      verdicts.push({
        passed: false,
        evidence:
          `FAIL (the grader said PASS, but its quoted ` +
          `evidence ${missing.map((q) => JSON.stringify(q)).join('; ')} does not appear in the run's reply, files ` +
          `or transcript): ${entry.evidence}`,
      });
    } else verdicts.push({ passed: true, evidence: `${entry.evidence}${quoted}` });
  }
  return { ok: true, verdicts };
}

export async function gradeWithLlm(
  provider: Provider,
  model: string,
  m: RunMaterial,
  expectations: readonly string[],
  signal?: AbortSignal,
): Promise<LlmGrade> {
  const material = graderMaterial(m);
  const wrapped = wrapUntrusted('RUN', material.text);
  const list = expectations.map((e, i) => `${i + 1}. ${e}`).join('\n');
  let result;
  try {
    result = await provider.complete({
      model,
      system: `${GRADER_SYSTEM}\n\n${dataNotInstructions([wrapped])}`,
      messages: [{ role: 'user', content: `Expectations to grade:\n${list}\n\nThe run:\n${wrapped.text}` }],
      schema: GraderReply,
      schemaName: 'eval_grading',
      temperature: 0,
      maxTokens: 4096,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return {
      ok: false,
      reason: `the grading call failed (not a property of the run): ${error.message}`,
      ...(error.fatal !== undefined ? { fatal: error.fatal } : {}),
      usage: emptyUsage(),
    };
  }
  const usage = usageOfCall(result);
  if (!result.ok)
    return { ok: false, reason: `the grader's reply could not be used: ${result.reason.split('\n', 1)[0]}`, usage };
  const read = readGraderReply(result.value, expectations, material);
  if (!read.ok) return { ...read, usage };
  return {
    ok: true,
    verdicts: read.verdicts,
    claims: result.value.claims,
    userNotes: result.value.user_notes_summary,
    feedback: result.value.eval_feedback,
    notes: material.notes,
    usage,
  };
}
