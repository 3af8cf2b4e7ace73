/**
 * The issues `SkillFrontmatter`, `AgentFrontmatter` and `CommandFrontmatter` (src/model/manifests.ts) find in a
 * frontmatter, without zod: `score` must not load it (test/startup-modules.test.ts), yet reports the same schema rules
 * as `validate`. Only what those rules read is made: each issue's key and zod's code for it.
 * test/rules/frontmatter-types.test.ts runs these and the zod schemas over the same frontmatters, so the two cannot
 * drift apart unnoticed.
 */
import { KEBAB_NAME } from '../../model/names.js';
import { codePointLength } from '../../util/text.js';
import type { SchemaIssue } from '../types.js';
import { isPlainObject } from '../../util/plain-object.js';

type Data = Readonly<Record<string, unknown>>;

const issue = (key: string, code: string): SchemaIssue => ({ code, path: [key], message: code });
const ANY_TEXT = /^/;

/** A required string with zod's length and pattern checks (`trim`: checked as trimmed, as `.trim()` does). */
function textIssues(
  key: string,
  value: unknown,
  check: { max?: number; pattern?: RegExp; trim?: boolean },
): SchemaIssue[] {
  // zod runs a string's length check on any input with a length: an empty list is also "too small".
  if (typeof value !== 'string')
    return Array.isArray(value) && value.length === 0
      ? [issue(key, 'invalid_type'), issue(key, 'too_small')]
      : [issue(key, 'invalid_type')];
  const text = check.trim ? value.trim() : value;
  const out: SchemaIssue[] = [];
  if (text.length === 0) out.push(issue(key, 'too_small'));
  // The length in code points is a check of the schema's own, whose issue ends zod's checks of the value.
  if (check.max !== undefined && codePointLength(text) > check.max) return [...out, issue(key, 'too_big')];
  if (!(check.pattern ?? ANY_TEXT).test(text)) out.push(issue(key, 'invalid_format'));
  return out;
}

/** Optional strings: each given one that is not a string. */
const optionalStrings = (data: Data, keys: readonly string[]): SchemaIssue[] =>
  keys.filter((k) => data[k] !== undefined && typeof data[k] !== 'string').map((k) => issue(k, 'invalid_type'));

/** An optional string or list of strings. */
function optionalToolList(data: Data, key: string): SchemaIssue[] {
  const v = data[key];
  const ok = v === undefined || typeof v === 'string' || (Array.isArray(v) && v.every((t) => typeof t === 'string'));
  return ok ? [] : [issue(key, 'invalid_union')];
}

/** Every issue of `data` against SkillFrontmatter, by key and code. */
export function skillFrontmatterIssues(data: Data | undefined): SchemaIssue[] {
  if (data === undefined) return [];
  const out: SchemaIssue[] = [
    ...textIssues('name', data.name, { max: 64, pattern: KEBAB_NAME }),
    ...textIssues('description', data.description, { max: 1024, pattern: /^[^<>]*$/, trim: true }),
    ...optionalStrings(data, ['license']),
    ...optionalToolList(data, 'allowed-tools'),
  ];
  const metadata = data.metadata;
  if (metadata !== undefined) {
    if (!isPlainObject(metadata)) out.push(issue('metadata', 'invalid_type'));
    else
      for (const value of Object.values(metadata))
        if (!['string', 'number', 'boolean'].includes(typeof value)) out.push(issue('metadata', 'invalid_union'));
  }
  if (data.compatibility !== undefined) out.push(...textIssues('compatibility', data.compatibility, { max: 500 }));
  return out;
}

/** Every issue of `data` against AgentFrontmatter, by key and code. */
export function agentFrontmatterIssues(data: Data | undefined): SchemaIssue[] {
  if (data === undefined) return [];
  return [
    ...textIssues('name', data.name, { pattern: KEBAB_NAME }),
    ...textIssues('description', data.description, { trim: true }),
    ...optionalToolList(data, 'tools'),
    ...optionalStrings(data, ['model', 'color']),
  ];
}

/** Every issue of `data` against CommandFrontmatter, by key and code. */
export function commandFrontmatterIssues(data: Data | undefined): SchemaIssue[] {
  if (data === undefined) return [];
  return [
    ...optionalStrings(data, ['description', 'argument-hint', 'model']),
    ...optionalToolList(data, 'allowed-tools'),
  ];
}
