/**
 * Programmatic expectations, decided by code with no model call: a regex on the final reply, the transcript or the
 * output files; a file (glob) in outputs/; a value at a JSON path; a tool used (at least / at most); tools called in
 * an order. Each verdict's evidence says exactly what was looked at, so a reader can check it by hand. A regex runs
 * on a thread with a time limit (regex-thread.ts); one that cannot finish is no verdict at all, never a FAIL.
 */
import { InputError } from '../../errors.js';
import { canonicalJson } from '../../util/hash.js';
import type { RegexThread } from './regex-thread.js';
import type { RunMaterial } from '../run/run-material.js';
import { OUTPUT_READ_BYTES } from '../workspace.js';
import type { ProgrammaticExpectation } from '../schemas/index.js';

export interface ProgrammaticVerdict {
  passed: boolean;
  evidence: string;
}

/** The check could not be decided (a grader limit, not a property of the run): the run is left ungraded. */
export interface NotDecided {
  notDecided: string;
}

export interface ProgrammaticTools {
  regex: RegexThread;
  signal?: AbortSignal;
}

const MAX_QUOTE = 200;
const quote = (text: string): string =>
  JSON.stringify(text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}...` : text);

/** A regex of an expectation; a bad one is bad input naming where it came from. */
export function compileRegex(e: Extract<ProgrammaticExpectation, { type: 'regex' }>, where: string): RegExp {
  try {
    return new RegExp(e.pattern, e.flags ?? '');
  } catch (error) {
    throw new InputError(`${where}: regex expectation /${e.pattern}/: ${(error as Error).message}`, where);
  }
}

/** `*` within a path segment, `**` across segments, `?` one character. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
      if (glob[i + 1] === '/') i++;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

/** `rows.0.total`, `$.rows[0].total`, `rows[0]["a.b"]` -> path segments. */
export function parseJsonPath(p: string): (string | number)[] {
  const segments: (string | number)[] = [];
  const re = /\[(\d+)\]|\[["']([^"']*)["']\]|\.?([^.[\]]+)/g;
  const body = p.replace(/^\$\.?/, '');
  for (const m of body.matchAll(re)) {
    if (m[1] !== undefined) segments.push(Number(m[1]));
    else if (m[2] !== undefined) segments.push(m[2]);
    else if (m[3] !== undefined) segments.push(/^\d+$/.test(m[3]) ? Number(m[3]) : m[3]);
  }
  return segments;
}

async function regexCheck(
  e: Extract<ProgrammaticExpectation, { type: 'regex' }>,
  m: RunMaterial,
  tools: ProgrammaticTools,
): Promise<ProgrammaticVerdict | NotDecided> {
  // Compiled here as well: a bad pattern is bad input naming the file, before any thread is involved.
  compileRegex(e, m.metadataFile);
  const targets: { label: string; text: string }[] =
    e.in === 'output'
      ? [{ label: 'the final reply', text: m.finalResponse }]
      : e.in === 'transcript'
        ? [{ label: 'transcript.md', text: m.transcript }]
        : m.files
            .filter((f) => f.text !== undefined)
            .map((f) => ({
              label: `outputs/${f.path}${f.partial ? ` (its first ${OUTPUT_READ_BYTES} of ${f.bytes} bytes)` : ''}`,
              text: f.text!,
            }));
  const looked =
    e.in === 'files'
      ? `the text files in outputs/ (${targets.map((t) => t.label.slice(8)).join(', ') || 'none'})`
      : `${targets[0]!.label} (${targets[0]!.text.length} chars)`;
  const found = await tools.regex.search(
    e.pattern,
    e.flags ?? '',
    targets.map((t) => t.text),
    tools.signal,
  );
  if (!found.done)
    return {
      notDecided:
        `regex /${e.pattern}/${e.flags ?? ''} over ${looked}: ${found.reason}; the pattern is ` +
        `in ${m.metadataFile}`,
    };
  const t = targets[found.index];
  if (t !== undefined) {
    return e.negate
      ? {
          passed: false,
          evidence: `${t.label} matches /${e.pattern}/${e.flags ?? ''} (it must not): ${quote(found.match)}`,
        }
      : { passed: true, evidence: `${t.label} matches /${e.pattern}/${e.flags ?? ''}: ${quote(found.match)}` };
  }
  return e.negate
    ? { passed: true, evidence: `no match for /${e.pattern}/${e.flags ?? ''} in ${looked}` }
    : { passed: false, evidence: `no match for /${e.pattern}/${e.flags ?? ''} in ${looked}` };
}

function fileExistsCheck(
  e: Extract<ProgrammaticExpectation, { type: 'file_exists' }>,
  m: RunMaterial,
): ProgrammaticVerdict {
  const re = globToRegExp(e.path.replace(/^\.?\/+/, '').replace(/^outputs\//, ''));
  const hits = m.files.filter((f) => re.test(f.path)).map((f) => f.path);
  if (hits.length > 0)
    return { passed: true, evidence: `outputs/ holds ${hits.map((h) => `${h}`).join(', ')} (matching ${e.path})` };
  return {
    passed: false,
    evidence:
      `no file in outputs/ matches ${e.path} (outputs/ ` +
      `holds: ${m.files.map((f) => f.path).join(', ') || 'nothing'})`,
  };
}

function jsonPathCheck(
  e: Extract<ProgrammaticExpectation, { type: 'json_path' }>,
  m: RunMaterial,
): ProgrammaticVerdict {
  const rel = e.file.replace(/^\.?\/+/, '').replace(/^outputs\//, '');
  const file = m.files.find((f) => f.path === rel);
  if (file === undefined) return { passed: false, evidence: `outputs/${rel} does not exist` };
  if (file.partial)
    return {
      passed: false,
      evidence:
        `outputs/${rel} is ${file.bytes} bytes, larger than the ${OUTPUT_READ_BYTES} read of any output: not ` +
        `parsed`,
    };
  let value: unknown;
  try {
    value = JSON.parse(file.text ?? '');
  } catch (error) {
    return { passed: false, evidence: `outputs/${rel} is not JSON (${(error as Error).message})` };
  }
  let at: unknown = value;
  const segments = parseJsonPath(e.path);
  for (const [i, s] of segments.entries()) {
    const container = at as Record<string | number, unknown> | null;
    if (container === null || typeof container !== 'object' || !(s in container)) {
      return {
        passed: false,
        evidence: `outputs/${rel} has no ${segments.slice(0, i + 1).join('.')} (looked for ${e.path})`,
      };
    }
    at = container[s];
  }
  const equal = canonicalJson(at) === canonicalJson(e.equals);
  const shown = (v: unknown): string => {
    const text = JSON.stringify(v) ?? 'undefined';
    return text.length > MAX_QUOTE ? `${text.slice(0, MAX_QUOTE)}...` : text;
  };
  return {
    passed: equal,
    evidence: `outputs/${rel} ${e.path} is ${shown(at)}${equal ? '' : `, expected ${shown(e.equals)}`}`,
  };
}

function sequenceText(calls: readonly { name: string }[]): string {
  return calls.length === 0 ? 'no tool calls' : calls.map((c, i) => `${i + 1}. ${c.name}`).join(', ');
}

function toolUsedCheck(
  e: Extract<ProgrammaticExpectation, { type: 'tool_used' }>,
  m: RunMaterial,
): ProgrammaticVerdict {
  let count: number;
  let source: string;
  if (m.toolCalls !== undefined) {
    count = m.toolCalls.filter((c) => c.name === e.tool).length;
    source = `run.json tool calls: ${sequenceText(m.toolCalls)}`;
  } else if (m.metrics !== undefined) {
    count = m.metrics.tool_calls[e.tool] ?? 0;
    source = `metrics.json tool_calls ${JSON.stringify(m.metrics.tool_calls)}`;
  } else
    return {
      passed: false,
      evidence: 'the run has no record of its tool calls (no run.json, no outputs/metrics.json)',
    };
  const min = e.max === 0 ? 0 : (e.min ?? 1);
  const passed = count >= min && (e.max === undefined || count <= e.max);
  return {
    passed,
    evidence:
      `${e.tool} called ${count} time(s) ` +
      `(${e.max === 0 ? 'must not be used' : `needs at least ${min}${e.max !== undefined ? `, at most ${e.max}` : ''}`}); ${source}`,
  };
}

function toolOrderCheck(
  e: Extract<ProgrammaticExpectation, { type: 'tool_order' }>,
  m: RunMaterial,
): ProgrammaticVerdict {
  if (m.toolCalls === undefined)
    return { passed: false, evidence: 'the run has no ordered record of its tool calls (no run.json)' };
  const positions: number[] = [];
  let from = 0;
  for (const tool of e.tools) {
    const at = m.toolCalls.findIndex((c, i) => i >= from && c.name === tool);
    if (at === -1) {
      const after =
        positions.length > 0 ? ` after call ${positions.at(-1)! + 1} (${e.tools[positions.length - 1]})` : '';
      return { passed: false, evidence: `no ${tool} call${after}; calls: ${sequenceText(m.toolCalls)}` };
    }
    positions.push(at);
    from = at + 1;
  }
  return {
    passed: true,
    evidence:
      `${e.tools.map((t, i) => `${t} (call ${positions[i]! + 1})`).join(' -> ')}; ` +
      `calls: ${sequenceText(m.toolCalls)}`,
  };
}

export async function checkProgrammatic(
  e: ProgrammaticExpectation,
  material: RunMaterial,
  tools: ProgrammaticTools,
): Promise<ProgrammaticVerdict | NotDecided> {
  switch (e.type) {
    case 'regex':
      return regexCheck(e, material, tools);
    case 'file_exists':
      return fileExistsCheck(e, material);
    case 'json_path':
      return jsonPathCheck(e, material);
    case 'tool_used':
      return toolUsedCheck(e, material);
    case 'tool_order':
      return toolOrderCheck(e, material);
  }
}
