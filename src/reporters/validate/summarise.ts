import type { Diagnostic } from '../../model/diagnostic.js';

/**
 * Repeated diagnostics, summarised for reading: the same rule with the same message shape in many files ("31
 * commands without a description") is one line with its count and a path pattern, not 31 lines. Only the text
 * output summarises; json, sarif and junit keep every instance.
 */

/** Files a diagnostic must repeat in before it is summarised. */
export const SUMMARY_MIN_FILES = 4;

export interface DiagnosticGroup {
  /** The one diagnostic when not summarised; else the first of the group. */
  first: Diagnostic;
  /** How many diagnostics the line stands for (1: shown as itself). */
  count: number;
  /** Distinct files among them. */
  files: number;
  /** Those files, in the order first met. */
  fileNames: readonly string[];
  /** "plugins/*\/commands/*.md" for a summary; the diagnostic's own file otherwise. */
  pattern: string;
  /** The message, with what differs between instances (quoted names, numbers) shown as "…". */
  message: string;
}

/**
 * The message with quoted values as "…" and numbers as N, so "agent name "a" differs" and "agent name "b" differs"
 * match.
 */
export function messageShape(message: string): string {
  return message.replace(/"[^"]*"|`[^`]*`/g, (q) => `${q[0]}…${q[0]}`).replace(/\d+(?:\.\d+)?/g, 'N');
}

/**
 * Group diagnostics by rule, severity and message shape; groups spanning at least SUMMARY_MIN_FILES files become one
 * summary, the rest stay single. Keeps the order of each group's first diagnostic. Linear in the diagnostics.
 */
export function summariseDiagnostics(
  diagnostics: readonly Diagnostic[],
  minFiles = SUMMARY_MIN_FILES,
): DiagnosticGroup[] {
  const groups = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const key = `${d.severity}\u0000${d.ruleId}\u0000${messageShape(d.message)}`;
    const g = groups.get(key);
    if (g) g.push(d);
    else groups.set(key, [d]);
  }
  const out: DiagnosticGroup[] = [];
  for (const members of groups.values()) {
    const files = [...new Set(members.map((d) => d.file))];
    if (files.length < minFiles) {
      for (const d of members)
        out.push({ first: d, count: 1, files: 1, fileNames: [d.file], pattern: d.file, message: d.message });
      continue;
    }
    const first = members[0]!;
    const same = members.every((d) => d.message === first.message);
    out.push({
      first,
      count: members.length,
      files: files.length,
      fileNames: files,
      pattern: pathPattern(files),
      message: same ? first.message : messageShape(first.message),
    });
  }
  return out;
}

/**
 * A glob that names the files: segments every path shares are kept, differing ones become `*` (or `*.md` when the
 * extension is shared); paths of different depths share their common start and end around a `**`.
 */
export function pathPattern(files: readonly string[]): string {
  if (files.length === 1) return files[0]!;
  const split = files.map((f) => f.split('/'));
  const depth = split[0]!.length;
  if (split.every((s) => s.length === depth)) {
    return split[0]!.map((_, i) => segmentPattern(split.map((s) => s[i]!))).join('/');
  }
  const minLen = Math.min(...split.map((s) => s.length));
  let head = 0;
  while (head < minLen - 1 && split.every((s) => s[head] === split[0]![head])) head++;
  let tail = 0;
  while (
    tail < minLen - head - 1 &&
    split.every((s) => s[s.length - 1 - tail] === split[0]![split[0]!.length - 1 - tail])
  )
    tail++;
  const last = segmentPattern(split.map((s) => s[s.length - 1 - tail]!));
  const start = split[0]!.slice(0, head);
  const end = split[0]!.slice(split[0]!.length - tail);
  return [...start, '**', last, ...end].join('/');
}

function segmentPattern(values: readonly string[]): string {
  const first = values[0]!;
  if (values.every((v) => v === first)) return first;
  const ext = /\.[^.]+$/.exec(first)?.[0];
  if (ext && values.every((v) => v.endsWith(ext))) return `*${ext}`;
  return '*';
}
