/**
 * The security rules: what a skill, agent, command or plugin carries that runs code, hides text from its reader, or
 * gives something away. One row per check (its finder is its own module); a row becomes one validation rule per
 * subject it applies to (`skill/invisible-unicode`, `agent/invisible-unicode`, ...), so each has one id and one
 * severity. `validate` runs them with every validation rule; `score` adds their diagnostics through
 * `securityDiagnostics*` below, so both commands report the same problems.
 */
import path from 'node:path';
import type { Diagnostic, Severity } from '../../model/diagnostic.js';
import type { MarkdownComponent, PluginDocument } from '../../parse/plugin.js';
import type { SkillDocument } from '../../parse/skill.js';
import { defineRule, report } from '../define.js';
import type { AgentRule, CommandRule, PluginRule, RuleFix, SkillRule } from '../types.js';
import { findBase64Blobs } from './base64-blob.js';
import { findShippedSettings } from './claude-settings.js';
import { findDynamicContext } from './dynamic-context.js';
import { findEmbeddedSecrets } from './embedded-secret.js';
import { findHiddenComments } from './hidden-comment.js';
import { declaredHooks, findFrontmatterDownloads, findFrontmatterHooks, pipesDownloadToShell } from './hooks.js';
import { findInvisibleUnicode, removeInvisibleUnicode } from './invisible-unicode.js';
import { componentSource, quote, skillSource, type SecurityHit, type SecuritySource } from './source.js';

type FileSubject = 'skill' | 'agent' | 'command';

interface FileRow {
  name: string;
  severity: Severity;
  description: string;
  subjects: readonly FileSubject[];
  /** The findings in one file; a skill's references/ files are searched too when `references` is set. */
  find: (source: SecuritySource) => SecurityHit[];
  references?: boolean;
  /** The certain edit that removes the findings, when there is one (`--fix`, the language server's quick fix). */
  fix?: RuleFix;
  /** Why the rule draws its line where it does (shown in docs/rules.md). */
  rationale?: string;
}

const ALL: readonly FileSubject[] = ['skill', 'agent', 'command'];

export const SECURITY_FILE_ROWS: readonly FileRow[] = [
  {
    name: 'hooks',
    rationale:
      'Claude Code runs frontmatter hooks whenever the skill, agent or command is active, whatever tools the ' +
      'agent may use; plugin-eval does not install them in its runs, but a user who installs the skill gets ' +
      'them.',
    severity: 'warning',
    subjects: ALL,
    find: findFrontmatterHooks,
    description: 'The frontmatter declares no `hooks` (Claude Code runs them as the user, outside tool permissions).',
  },
  {
    name: 'hook-downloads-to-shell',
    rationale:
      'A downloader (curl, wget, Invoke-WebRequest, ...) earlier in a pipeline whose later stage is a shell or ' +
      'interpreter (sh, bash, zsh, python, node, iex, ...), or `bash <(curl ...)`, `sh -c "$(curl ...)"`: code ' +
      'nobody reviewed, fetched at run time.',
    severity: 'error',
    subjects: ALL,
    find: findFrontmatterDownloads,
    description:
      'No frontmatter hook pipes a download into a shell or interpreter (`curl ... | sh`, `bash <(curl ...)`).',
  },
  {
    name: 'dynamic-context',
    rationale:
      "Claude Code's loader matches `` !`...` `` anywhere in SKILL.md or a command, inside fenced code and " +
      'across code spans too, so every match is flagged: each one runs (or fails the load). references/ files ' +
      'are not preprocessed and are not searched.',
    severity: 'warning',
    subjects: ['skill', 'command'],
    find: findDynamicContext,
    description: 'No `` !`command` `` dynamic context (Claude Code runs it when the file loads).',
  },
  {
    name: 'hidden-instruction',
    rationale:
      'A comment counts when it names the model or its grader (AI, assistant, Claude, model, LLM, agent, ' +
      'grader, judge, ...) and instructs (second person, or an imperative such as ignore, always, rate, output, ' +
      'run). Licence headers, editor and tool markers (prettier-ignore, markdownlint, TOC) and comments in ' +
      'fenced code are not flagged.',
    severity: 'warning',
    subjects: ALL,
    find: (s) => findHiddenComments(s.text),
    references: true,
    description:
      'No HTML comment gives the model or its grader instructions a reader of the rendered page does not see.',
  },
  {
    name: 'invisible-unicode',
    rationale:
      'Zero-width characters (U+200B-U+200D, U+2060-U+2064, U+FEFF past the start), bidi embeddings, overrides ' +
      'and isolates (U+202A-U+202E, U+2066-U+2069) and tag characters (U+E0000-U+E007F). A zero-width joiner ' +
      'between emoji and a zero-width non-joiner between non-Latin letters are how those scripts are written, ' +
      'and are allowed.',
    severity: 'error',
    subjects: ALL,
    find: findInvisibleUnicode,
    references: true,
    fix: { does: 'removes the invisible characters', apply: removeInvisibleUnicode },
    description: 'No zero-width, bidi-control or tag characters (text a reader does not see but a model reads).',
  },
  {
    name: 'base64-blob',
    rationale:
      '200+ characters of the base64 alphabet with upper case, lower case and digits (so hex digests and long ' +
      'words are not blobs), on one line or wrapped over consecutive lines, fenced code included (`echo ... | ' +
      'base64 -d | sh` lives there). An image data URI renders as an image and is allowed; PEM blocks are left ' +
      'to embedded-secret.',
    severity: 'warning',
    subjects: ALL,
    find: findBase64Blobs,
    references: true,
    description: 'No base64 blob of 200+ characters (image data URIs excepted).',
  },
  {
    name: 'embedded-secret',
    rationale:
      'Only formats that announce themselves (a documented prefix or shape), not `password: x` labels, which ' +
      'documentation is full of; placeholders (EXAMPLE, `xxxx...`, mostly one repeated character, `0123456789`) ' +
      'are not secrets.',
    severity: 'error',
    subjects: ALL,
    find: (s) => findEmbeddedSecrets(s.text),
    references: true,
    description: 'No credential of a known format (src/data/secret-formats.ts) or private key block in the files.',
  },
];

/** Findings per rule and file shown one by one; the rest are counted in one more finding, so output stays bounded. */
export const MAX_HITS_PER_FILE = 100;

function capped(hits: SecurityHit[]): SecurityHit[] {
  if (hits.length <= MAX_HITS_PER_FILE) return hits;
  const last = hits[MAX_HITS_PER_FILE - 1]!;
  return [
    ...hits.slice(0, MAX_HITS_PER_FILE),
    { ...last, message: `${hits.length - MAX_HITS_PER_FILE} more findings of this rule in this file are not listed` },
  ];
}

function hitsOfSkill(row: FileRow, skill: SkillDocument): SecurityHit[] {
  const own = capped(row.find(skillSource(skill)));
  if (!row.references) return own;
  const references = skill.references.flatMap((r) => {
    const file = path.posix.join(skill.displayPath, r.rel);
    return capped(row.find({ file, text: r.text, data: undefined, keyLines: {} })).map((h) => ({ ...h, file }));
  });
  return [...own, ...references];
}

function skillRule(row: FileRow): SkillRule {
  const rule: SkillRule = defineRule<SkillRule>(
    {
      id: `skill/${row.name}`,
      appliesTo: 'skill',
      severity: row.severity,
      description: row.description,
      ...(row.rationale ? { rationale: row.rationale } : {}),
    },
    ({ skill }) =>
      hitsOfSkill(row, skill).map((h) => report(rule.meta, h.file ?? skill.file, h.message, h.line, h.column)),
    row.fix,
  );
  return rule;
}

function componentRule<R extends AgentRule | CommandRule>(row: FileRow, subject: 'agent' | 'command'): R {
  const rule: R = defineRule<R>(
    {
      id: `${subject}/${row.name}`,
      appliesTo: subject,
      severity: row.severity,
      description: row.description,
      ...(row.rationale ? { rationale: row.rationale } : {}),
    },
    (({ component }: { component: MarkdownComponent }) =>
      capped(row.find(componentSource(component))).map((h) =>
        report(rule.meta, component.file, h.message, h.line, h.column),
      )) as R['check'],
    row.fix,
  );
  return rule;
}

const SETTINGS_DESCRIPTION =
  'A shipped `.claude/settings.json` sets no risky key (env LD_PRELOAD/NODE_OPTIONS/..., hooks, apiKeyHelper, broad permissions.allow, enableAllProjectMcpServers).';

export const skillRiskySettings: SkillRule = defineRule<SkillRule>(
  { id: 'skill/risky-settings', appliesTo: 'skill', severity: 'warning', description: SETTINGS_DESCRIPTION },
  ({ skill }) =>
    (mayShipSettings(skill) ? findShippedSettings(skill.dir, skill.displayPath) : []).map((h) =>
      report(skillRiskySettings.meta, h.file!, h.message, h.line, h.column),
    ),
);

/** Listing problems after which the skill's folder list may miss a `.claude` folder it has. */
const INCOMPLETE_LISTING = new Set(['file/too-many', 'file/unreadable']);

/**
 * Whether the skill can hold a settings file: the parse already listed its folders, and a `.claude` folder that is a
 * real folder (the only kind the settings rule reads) is among them unless the listing stopped short.
 */
function mayShipSettings(skill: SkillDocument): boolean {
  return skill.dirs.includes('.claude') || skill.diagnostics.some((d) => INCOMPLETE_LISTING.has(d.ruleId));
}

export const SECURITY_SKILL_RULES: readonly SkillRule[] = [
  ...SECURITY_FILE_ROWS.filter((r) => r.subjects.includes('skill')).map(skillRule),
  skillRiskySettings,
];
export const SECURITY_AGENT_RULES: readonly AgentRule[] = SECURITY_FILE_ROWS.filter((r) =>
  r.subjects.includes('agent'),
).map((r) => componentRule<AgentRule>(r, 'agent'));
export const SECURITY_COMMAND_RULES: readonly CommandRule[] = SECURITY_FILE_ROWS.filter((r) =>
  r.subjects.includes('command'),
).map((r) => componentRule<CommandRule>(r, 'command'));

export const pluginHooks: PluginRule = defineRule<PluginRule>(
  {
    id: 'plugin/hooks',
    appliesTo: 'plugin',
    severity: 'warning',
    description:
      "The plugin's hooks (hooks/hooks.json, plugin.json's inline hooks and the hooks files it lists) run commands as " +
      'the user on Claude Code events, outside tool permissions.',
  },
  ({ plugin }) =>
    plugin.hookSources.flatMap((source) => {
      const hooks = declaredHooks(source.hooks);
      if (hooks.length === 0) return [];
      const events = [...new Set(hooks.map((h) => h.event))];
      return [
        report(
          pluginHooks.meta,
          source.file,
          `${hooks.length} hook command${hooks.length === 1 ? '' : 's'} (${events
            .slice(0, 8)
            .map((e) => quote(e, 40))
            .join(', ')}) run as the user, outside any tool permission; plugin-eval does not install them`,
        ),
      ];
    }),
);

export const pluginHookDownloads: PluginRule = defineRule<PluginRule>(
  {
    id: 'plugin/hook-downloads-to-shell',
    appliesTo: 'plugin',
    severity: 'error',
    description:
      'No plugin hook command (hooks/hooks.json, plugin.json, the hooks files it lists) pipes a download into a ' +
      'shell or interpreter (`curl ... | sh`, `bash <(curl ...)`).',
  },
  ({ plugin }) =>
    plugin.hookSources.flatMap((source) =>
      declaredHooks(source.hooks)
        .filter((h) => pipesDownloadToShell(h.command))
        .map((h) =>
          report(
            pluginHookDownloads.meta,
            source.file,
            `${quote(h.event, 40)} hook pipes a download into a shell: "${quote(h.command)}"`,
          ),
        ),
    ),
);

export const pluginRiskySettings: PluginRule = defineRule<PluginRule>(
  { id: 'plugin/risky-settings', appliesTo: 'plugin', severity: 'warning', description: SETTINGS_DESCRIPTION },
  ({ plugin }) =>
    findShippedSettings(plugin.dir, plugin.displayPath).map((h) =>
      report(pluginRiskySettings.meta, h.file!, h.message, h.line, h.column),
    ),
);

export const SECURITY_PLUGIN_RULES: readonly PluginRule[] = [pluginHooks, pluginHookDownloads, pluginRiskySettings];

/** The security rules' diagnostics of one skill, for `score` (validate runs the same rules from the registry). */
export function securityDiagnosticsOfSkill(skill: SkillDocument): Diagnostic[] {
  return SECURITY_SKILL_RULES.flatMap((rule) => rule.check!({ skill, schemaIssues: [] }));
}

/** The same for an agent or a command. */
export function securityDiagnosticsOfComponent(component: MarkdownComponent): Diagnostic[] {
  const rules = component.kind === 'agent' ? SECURITY_AGENT_RULES : SECURITY_COMMAND_RULES;
  return rules.flatMap((rule) => rule.check!({ component, schemaIssues: [] }));
}

/** The same for a plugin's own files (its skills, agents and commands are reported by the functions above). */
export function securityDiagnosticsOfPlugin(plugin: PluginDocument): Diagnostic[] {
  return SECURITY_PLUGIN_RULES.flatMap((rule) => rule.check!({ plugin }));
}
