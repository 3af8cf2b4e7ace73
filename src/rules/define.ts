import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { Frontmatter } from '../parse/frontmatter.js';
import type { RuleFix, RuleMeta, RuleSubject, SchemaIssue, ValidationRule } from './types.js';

type ValidationMeta<S extends RuleSubject> = Omit<RuleMeta, 'kind' | 'methodology' | 'docs'> & {
  appliesTo: S;
  docs?: string;
};

/** A rule's docs anchor in docs/rules.md: the id with every run of non-alphanumerics as one hyphen. */
export function rulesDocAnchor(id: string): string {
  return `docs/rules.md#${id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** Metadata of a validation rule, with its docs anchor filled in. */
export function validationMeta<S extends RuleSubject>(
  meta: ValidationMeta<S>,
): RuleMeta & { kind: 'validation'; appliesTo: S } {
  return { ...meta, kind: 'validation', methodology: 'both', docs: meta.docs ?? rulesDocAnchor(meta.id) };
}

/**
 * Build a validation rule; `check` is absent for problems the parser reports itself (listed for their id), `fix`
 * for problems no tool can fix with certainty.
 */
export function defineRule<R extends ValidationRule>(
  meta: ValidationMeta<R['meta']['appliesTo']>,
  check?: R['check'],
  fix?: RuleFix,
): R {
  return { meta: validationMeta(meta), ...(check ? { check } : {}), ...(fix ? { fix } : {}) } as R;
}

/** A diagnostic of `meta`'s rule: its id and its severity, never a second severity written at the call site. */
export function report(
  meta: Pick<RuleMeta, 'id' | 'severity'>,
  file: string,
  message: string,
  line = 0,
  column = 0,
): Diagnostic {
  return diagnostic(file, meta.id, meta.severity, message, line, column);
}

/**
 * A frontmatter's mapping for rules to read, or undefined when the parser could not read it (it has already said why,
 * and a rule piling "name is missing" on a YAML syntax error adds nothing). `absentIsEmpty`: a file that may lack
 * frontmatter (a command) reads as an empty mapping.
 */
export function readableFrontmatter(fm: Frontmatter, absentIsEmpty = false): Record<string, unknown> | undefined {
  if (fm.data) return fm.data;
  return absentIsEmpty && !fm.present && fm.diagnostics.every((d) => d.ruleId === 'frontmatter/missing')
    ? {}
    : undefined;
}

/** The issues of a frontmatter key (its first path segment), optionally of some zod issue codes only. */
export function issuesAt(issues: readonly SchemaIssue[], key: string, codes?: readonly string[]): SchemaIssue[] {
  return issues.filter((i) => i.path[0] === key && (codes === undefined || codes.includes(i.code)));
}

/** 1-based line of a top-level frontmatter key (1 when absent: the opening fence). Top-level keys start at column 1. */
export function keyLine(fm: Frontmatter, key: string): number {
  return fm.keyLines[key] ?? 1;
}
