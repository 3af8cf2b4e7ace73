import { diagnostic, type Diagnostic } from '../../model/diagnostic.js';

/**
 * Inline rule configuration in Markdown (SKILL.md, agent and command files), as HTML comments so it never shows
 * when the file is rendered:
 *
 *   <!-- plugin-eval-disable rule-id, other-id -->   from here to the matching enable; with no enable after it,
 *                                                     the whole file (frontmatter included: YAML cannot hold an
 *                                                     HTML comment, and whole-file problems have no line)
 *   <!-- plugin-eval-enable [rule-id, ...] -->        ends the disable of those ids (no ids: of every id)
 *   <!-- plugin-eval-disable-next-line rule-id -->    the next line only
 *
 * No ids means every rule. Comments inside fenced code blocks are examples, not directives.
 */

/** Rule ids a directive names; `all` when it names none. */
type RuleSet = ReadonlySet<string> | 'all';

interface Region {
  start: number;
  end: number;
  rules: RuleSet;
}

export interface InlineDirectives {
  regions: Region[];
  nextLine: Map<number, RuleSet[]>;
  /** Directives naming unknown rule ids (reported, so a typo does not silently disable nothing). */
  problems: Diagnostic[];
}

const NONE: InlineDirectives = Object.freeze({ regions: [], nextLine: new Map(), problems: [] }) as InlineDirectives;
const DIRECTIVE = /<!--\s*plugin-eval-(disable-next-line|disable|enable)(?=[\s-])([\s\S]*?)-->/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

const includes = (set: RuleSet, ruleId: string) => set === 'all' || set.has(ruleId);

/** The directives of one Markdown file's text; `file` names it in the problems found. Linear in the text. */
export function parseInlineDirectives(text: string, file: string, known: ReadonlySet<string>): InlineDirectives {
  if (!text.includes('plugin-eval-')) return NONE;
  const out: InlineDirectives = { regions: [], nextLine: new Map(), problems: [] };
  const open: { start: number; rules: RuleSet }[] = [];
  let fence: string | undefined;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const lineNo = i + 1;
    const f = FENCE.exec(line);
    if (f) {
      const marker = f[1]!;
      if (fence === undefined) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = undefined;
      continue;
    }
    if (fence !== undefined || !line.includes('plugin-eval-')) continue;
    for (const m of line.matchAll(DIRECTIVE)) {
      const kind = m[1]!;
      const rules = ruleSet(m[2]!, known, (id) =>
        out.problems.push(
          diagnostic(
            file,
            'inline-config/unknown-rule',
            'warning',
            `plugin-eval-${kind} names unknown rule id "${id}"; it disables nothing`,
            lineNo,
            (m.index ?? 0) + 1,
          ),
        ),
      );
      if (kind === 'disable-next-line') {
        const list = out.nextLine.get(lineNo + 1) ?? [];
        list.push(rules);
        out.nextLine.set(lineNo + 1, list);
      } else if (kind === 'disable') open.push({ start: lineNo, rules });
      else {
        // enable: closes the open regions it names (no ids: all of them) at this line.
        for (let j = open.length - 1; j >= 0; j--) {
          const o = open[j]!;
          const closes = rules === 'all' || (o.rules !== 'all' && [...o.rules].every((id) => rules.has(id)));
          if (!closes) continue;
          out.regions.push({ start: o.start, end: lineNo, rules: o.rules });
          open.splice(j, 1);
        }
      }
    }
  }
  // A disable never closed covers the whole file.
  for (const o of open) out.regions.push({ start: 0, end: Number.POSITIVE_INFINITY, rules: o.rules });
  return out;
}

function ruleSet(raw: string, known: ReadonlySet<string>, unknown: (id: string) => void): RuleSet {
  // Anything after `--` is a comment explaining why (as ESLint allows).
  const ids = raw
    .split(/\s--\s|\s--$/)[0]!
    .split(/[\s,]+/)
    .filter(Boolean);
  if (ids.length === 0) return 'all';
  for (const id of ids) if (!known.has(id)) unknown(id);
  return new Set(ids);
}

/** Whether a diagnostic at `line` (0: the whole file) with `ruleId` is disabled by these directives. */
export function disabledInline(directives: InlineDirectives, ruleId: string, line: number): boolean {
  for (const r of directives.regions) {
    if (
      includes(r.rules, ruleId) &&
      ((r.start === 0 && r.end === Number.POSITIVE_INFINITY) || (line > r.start && line < r.end))
    )
      return true;
  }
  return (directives.nextLine.get(line) ?? []).some((rules) => includes(rules, ruleId));
}
