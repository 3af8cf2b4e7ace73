/**
 * SKILL.md frontmatter rules. `SkillFrontmatter` (src/model/manifests.ts) is the single source of what a valid
 * frontmatter is: these rules only map its `safeParse` issues to ids, lines and messages. What a schema cannot say
 * (the name equals the folder, keys the schema does not know, the spec's form of allowed-tools) is a rule of its own.
 */
import { CLAUDE_CODE_SKILL_KEYS, SPEC_SKILL_KEYS } from '../../model/names.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { codePointLength } from '../../util/text.js';
import { allowedToolsAsString } from './allowed-tools-fix.js';
import { defineRule, issuesAt, keyLine, readableFrontmatter, report } from '../define.js';
import type { RuleMeta, SchemaIssue, SkillFacts, SkillRule } from '../types.js';

/** A rule that reports one diagnostic for each schema issue of `key` with one of `codes` (all codes when omitted). */
function schemaRule(
  meta: Omit<RuleMeta, 'kind' | 'methodology' | 'docs' | 'appliesTo'>,
  key: string,
  codes: readonly string[] | undefined,
  message: (value: unknown, issue: SchemaIssue) => string,
  when: (data: Record<string, unknown>) => boolean = () => true,
): SkillRule {
  const rule: SkillRule = defineRule<SkillRule>(
    { ...meta, appliesTo: 'skill' },
    ({ skill, schemaIssues }: SkillFacts) => {
      const data = readableFrontmatter(skill.frontmatter);
      if (!data || !when(data)) return [];
      // One diagnostic per rule and key: zod may report a key twice (a 0-character name is both too short and unlike
      // the pattern).
      const issue = issuesAt(schemaIssues, key, codes)[0];
      return issue
        ? [report(rule.meta, skill.file, message(data[key], issue), keyLine(skill.frontmatter, key), 1)]
        : [];
    },
  );
  return rule;
}

const has = (key: string) => (data: Record<string, unknown>) => key in data;
const lacks = (key: string) => (data: Record<string, unknown>) => !(key in data);
const kindOf = (v: unknown) => (Array.isArray(v) ? 'a list' : v === null ? 'empty' : `a ${typeof v}`);

export const skillNameRequired = schemaRule(
  { id: 'skill/name-required', severity: 'error', description: 'SKILL.md frontmatter has a `name`.' },
  'name',
  undefined,
  () => 'frontmatter must have a `name`',
  lacks('name'),
);

export const skillNameType = schemaRule(
  { id: 'skill/name-type', severity: 'error', description: 'The skill `name` is a string.' },
  'name',
  ['invalid_type'],
  (v) => `name must be a string, found ${kindOf(v)}`,
  has('name'),
);

export const skillNameLength = schemaRule(
  {
    id: 'skill/name-length',
    severity: 'error',
    description: 'The skill `name` is 1-64 characters (Agent Skills spec).',
  },
  'name',
  ['too_small', 'too_big'],
  (v) => `name must be 1-64 characters, found ${codePointLength(String(v))}`,
);

export const skillNameFormat = schemaRule(
  {
    id: 'skill/name-format',
    severity: 'error',
    description: 'The skill `name` is lowercase letters, digits and single hyphens (Agent Skills spec).',
  },
  'name',
  ['invalid_format'],
  (v) =>
    `name "${String(v)}" must be lowercase letters, digits and single hyphens, not starting or ending with a hyphen`,
);

export const skillNameMatchesDirectory: SkillRule = defineRule<SkillRule>(
  {
    id: 'skill/name-matches-directory',
    appliesTo: 'skill',
    severity: 'error',
    description: 'The skill `name` equals its folder name (the Agent Skills spec says MUST).',
  },
  ({ skill }) => {
    const data = readableFrontmatter(skill.frontmatter);
    if (!data || typeof data.name !== 'string' || data.name === skill.dirName) return [];
    return [
      report(
        skillNameMatchesDirectory.meta,
        skill.file,
        nameMatchesDirectoryMessage(data.name, skill.dirName),
        keyLine(skill.frontmatter, 'name'),
        1,
      ),
    ];
  },
);

/** Shared with frontmatter-quality's finding, so `score` and `validate` say the same thing. */
export function nameMatchesDirectoryMessage(name: string, dirName: string): string {
  return `name "${name}" must equal the folder name "${dirName}"`;
}

export const skillDescriptionRequired = schemaRule(
  { id: 'skill/description-required', severity: 'error', description: 'SKILL.md frontmatter has a `description`.' },
  'description',
  undefined,
  () => 'frontmatter must have a `description`',
  lacks('description'),
);

export const skillDescriptionType = schemaRule(
  { id: 'skill/description-type', severity: 'error', description: 'The skill `description` is a string.' },
  'description',
  ['invalid_type'],
  (v) => `description must be a string, found ${kindOf(v)}`,
  has('description'),
);

export const skillDescriptionEmpty = schemaRule(
  { id: 'skill/description-empty', severity: 'error', description: 'The skill `description` is not empty.' },
  'description',
  ['too_small'],
  () => 'description must not be empty',
);

export const skillDescriptionLength = schemaRule(
  {
    id: 'skill/description-length',
    severity: 'error',
    description:
      'The skill `description` is at most 1,024 characters, counted as Unicode code points (Agent Skills spec; ' +
      'Claude Code truncates it).',
  },
  'description',
  ['too_big'],
  (v) => descriptionLengthMessage(codePointLength(String(v).trim())),
);

/** Shared with frontmatter-quality's finding. */
export function descriptionLengthMessage(length: number): string {
  return `description is ${length} characters; the limit is 1024`;
}

export const skillDescriptionAngleBrackets = schemaRule(
  {
    id: 'skill/description-angle-brackets',
    severity: 'error',
    description: 'The skill `description` has no < or > (skill-creator rejects them).',
    rationale:
      "The Agent Skills spec does not forbid them, but skill-creator's quick_validate does and the description " +
      'is pasted into an XML-like block of the system prompt.',
  },
  'description',
  ['invalid_format'],
  () => 'description must not contain < or > (skill-creator rejects them)',
);

export const skillCompatibility = schemaRule(
  {
    id: 'skill/compatibility',
    severity: 'error',
    description: '`compatibility`, when given, is a string of 1-500 characters (Agent Skills spec; code points).',
  },
  'compatibility',
  undefined,
  () => 'compatibility must be a string of 1-500 characters',
);

export const skillMetadata = schemaRule(
  {
    id: 'skill/metadata',
    severity: 'error',
    description:
      '`metadata`, when given, maps strings to strings (Agent Skills spec; numbers and booleans read as strings).',
  },
  'metadata',
  undefined,
  () => 'metadata must map strings to strings (a list or a mapping is not a string)',
);

export const skillLicense = schemaRule(
  { id: 'skill/license', severity: 'error', description: '`license`, when given, is a string.' },
  'license',
  undefined,
  () => 'license must be a string',
);

export const skillAllowedToolsType = schemaRule(
  {
    id: 'skill/allowed-tools-type',
    severity: 'error',
    description: '`allowed-tools`, when given, is a string or a list of strings.',
  },
  'allowed-tools',
  undefined,
  () => 'allowed-tools must be a string or a list of tool names',
);

export const skillAllowedTools: SkillRule = defineRule<SkillRule>(
  {
    id: 'skill/allowed-tools',
    appliesTo: 'skill',
    severity: 'warning',
    description: '`allowed-tools` is a space-separated string, the Agent Skills spec form.',
    rationale:
      'Claude Code also reads a YAML list, so the schema accepts both and a list is a warning, not an error: ' +
      'other agents that follow the spec may not.',
  },
  ({ skill }) => {
    const data = readableFrontmatter(skill.frontmatter);
    if (!data || !Array.isArray(data['allowed-tools'])) return [];
    return [
      report(
        skillAllowedTools.meta,
        skill.file,
        'allowed-tools should be a space-separated string (the Agent Skills spec form)',
        keyLine(skill.frontmatter, 'allowed-tools'),
        1,
      ),
    ];
  },
  allowedToolsAsString,
);

export const skillUnknownKey: SkillRule = defineRule<SkillRule>(
  {
    id: 'skill/unknown-key',
    appliesTo: 'skill',
    severity: 'warning',
    description: 'Frontmatter keys are ones the Agent Skills spec or Claude Code define.',
  },
  ({ skill }) => {
    const data = readableFrontmatter(skill.frontmatter);
    if (!data) return [];
    const out: Diagnostic[] = [];
    for (const key of Object.keys(data)) {
      if (SPEC_SKILL_KEYS.has(key) || CLAUDE_CODE_SKILL_KEYS.has(key)) continue;
      out.push(
        report(
          skillUnknownKey.meta,
          skill.file,
          `unknown frontmatter key "${key}" (Agent Skills allows ${[...SPEC_SKILL_KEYS].join(', ')}; Claude ` +
            `Code adds ${[...CLAUDE_CODE_SKILL_KEYS].join(', ')})`,
          keyLine(skill.frontmatter, key),
          1,
        ),
      );
    }
    return out;
  },
);

/** Every SKILL.md frontmatter rule, in report order. */
export const SKILL_FRONTMATTER_RULES: readonly SkillRule[] = [
  skillNameRequired,
  skillNameType,
  skillNameLength,
  skillNameFormat,
  skillNameMatchesDirectory,
  skillDescriptionRequired,
  skillDescriptionType,
  skillDescriptionEmpty,
  skillDescriptionLength,
  skillDescriptionAngleBrackets,
  skillUnknownKey,
  skillCompatibility,
  skillMetadata,
  skillAllowedToolsType,
  skillAllowedTools,
  skillLicense,
];
