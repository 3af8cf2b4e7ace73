import {
  SECURITY_AGENT_RULES,
  SECURITY_COMMAND_RULES,
  SECURITY_PLUGIN_RULES,
  SECURITY_SKILL_RULES,
} from '../security/index.js';
import type { RuleKind } from '../types.js';
import { rulesDocAnchor } from '../define.js';
import { claudeParityMarkdown } from './claude-parity.js';
import { RULE_FIXES, RULES } from './index.js';
import { SPEC_PARITY_MARKDOWN } from './spec-parity.js';

/** The security rules' names (`skill/hooks` and `plugin/hooks` are `hooks`), skill rules' order first. */
const SECURITY_RULE_NAMES = [
  ...new Set(
    [...SECURITY_SKILL_RULES, ...SECURITY_AGENT_RULES, ...SECURITY_COMMAND_RULES, ...SECURITY_PLUGIN_RULES].map((r) =>
      r.meta.id.slice(r.meta.id.indexOf('/') + 1),
    ),
  ),
];

const KIND_TITLES: Readonly<Record<RuleKind, string>> = {
  validation: 'Validation rules',
  'score-check': 'Score checks',
  'anti-pattern': 'Anti-patterns',
};

const KIND_NOTES: Readonly<Record<RuleKind, string>> = {
  validation:
    'Problems reported as diagnostics (file, line, column, rule id, severity, message). `validate` and `score` ' +
    'report the same list for each skill, agent and command (src/rules/skill-diagnostics.ts); the frontmatter ' +
    "schema's type checks (`skill/metadata`, `skill/compatibility`, ...) come from zod in `validate` and from a " +
    'hand-written copy of the same checks in `score`, which does not load zod (a test runs both over the same ' +
    "frontmatters). One exception: `score --methodology compat` reports only the parser's, its findings and the " +
    'security rules (' +
    SECURITY_RULE_NAMES.map((name) => `\`*/${name}\``).join(', ') +
    '). "Reported by" names who reports a rule that is not a function of a parsed document.',
  'score-check':
    'Sub-scores of the static layer and the scores of plugin agents and commands. They report numbers (severity ' +
    '`info`); the problems they find are the validation rules above.',
  'anti-pattern':
    'Flags that cost 5% of the composite each (floored at 50%). `both`: the flag exists in both methodologies, ' +
    "with each one's own detector.",
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

/** docs/rules.md, generated from the registry (`npm run docs:rules`; a test keeps the file up to date). */
export function rulesMarkdown(): string {
  const lines = [
    '# Rules',
    '',
    '<!-- Generated from src/registry by `npm run docs:rules`; do not edit by hand. -->',
    '',
    'Every rule `plugin-eval score` and `plugin-eval validate` report, from the one registry ' +
      '(`src/rules/registry/index.ts`):',
    'one id and one severity per rule, whichever command reports it. Severity: `error` the skill is broken or the spec',
    'is violated (validate exits 1), `warning` likely a mistake, `info` a note.',
  ];
  for (const kind of ['validation', 'score-check', 'anti-pattern'] as const) {
    const rules = RULES.filter((r) => r.meta.kind === kind);
    lines.push('', `## ${KIND_TITLES[kind]} (${rules.length})`, '', KIND_NOTES[kind], '');
    const extra = kind === 'validation' ? ' Reported by |' : ' Methodology |';
    lines.push(`| Rule | Applies to | Severity |${extra} Description |`, `|---|---|---|---|---|`);
    for (const r of rules) {
      const anchor = r.meta.docs.split('#')[1]!;
      const by = kind === 'validation' ? (r.meta.reportedBy ?? 'rule') : r.meta.methodology;
      const why = r.meta.rationale ? ` *Why:* ${r.meta.rationale}` : '';
      lines.push(
        `| <a id="${anchor}"></a>\`${r.meta.id}\` | ${r.meta.appliesTo} | ${r.meta.severity} | ${by} ` +
          `| ${cell(r.meta.description + why)} |`,
      );
    }
  }
  lines.push('', ...SPEC_PARITY_MARKDOWN);
  lines.push(...claudeParityMarkdown());
  lines.push('', ...fixesSection());
  return `${lines.join('\n')}\n`;
}

/** The rules `--fix` fixes, each with what its edit does, and why the others are left to the author. */
function fixesSection(): string[] {
  return [
    `## Fixes (${RULE_FIXES.size})`,
    '',
    '`plugin-eval validate --fix` and `score --fix` apply these edits, each declared by its rule (`fix` beside its ' +
      '`check`); `--fix-dry-run` prints them as a unified diff and writes nothing; `plugin-eval lsp` offers them as ' +
      'quick fixes. Only problems the report keeps are fixed (a rule turned off or disabled inline is not), a file ' +
      'is edited only inside the given paths and never through a symlink or when read-only, writes are atomic, and ' +
      'the files are validated again after each pass (at most 10), so the report and exit code are those of the ' +
      'fixed files.',
    '',
    '| Rule | Fix |',
    '|---|---|',
    ...[...RULE_FIXES].map(([id, f]) => `| [\`${id}\`](#${rulesDocAnchor(id).split('#')[1]}) | ${cell(f.does)} |`),
    '',
    'Not fixed, because the edit needs the author: a name unlike its folder (rename the skill or the folder?), ' +
      'a missing or empty description, an argument hint, a broken link, an orphan or empty reference file, angle ' +
      "brackets in a description, a duplicate JSON key (which value was meant?), and the tips' edits, which " +
      'change what the skill says.',
  ];
}

/**
 * src/model/anti-pattern-flags.generated.ts, generated from the registry's anti-patterns (`npm run docs:rules`; a test
 * keeps the file up to date): the result schema's flag enum, which the model cannot import from the rule table.
 */
export function antiPatternFlagsModule(): string {
  const flags = RULES.filter((r) => r.meta.kind === 'anti-pattern').map((r) => `  '${r.meta.id}',`);
  return [
    '// Generated from the rule table (src/rules/checks/table.ts) by `npm run docs:rules`; do not edit by hand.',
    'export const ANTI_PATTERNS = [',
    ...flags,
    '] as const;',
    '',
  ].join('\n');
}
