import path from 'node:path';
import type { Diagnostic, Severity } from '../../model/diagnostic.js';
import { ignoreMatcher, type IgnoreMatcher } from './glob.js';
import { disabledInline, parseInlineDirectives, type InlineDirectives } from './inline-directives.js';
import { knownRuleIds } from './known-rule-ids.js';

/**
 * Rule configuration, applied in one place for `score` and `validate`: severities from the config file's `rules`,
 * files under `ignorePatterns`, and inline `plugin-eval-disable` comments.
 *
 * It changes what diagnostics report and therefore the exit code, never a score: diagnostics do not feed the
 * composite, so a config file cannot move a score (a score a config could move would not be comparable across
 * marketplaces). Nothing disappears silently: every diagnostic left out is counted in `DisabledCounts`.
 */

export const RULE_SETTINGS = ['off', 'info', 'warn', 'error'] as const;
export type RuleSetting = (typeof RULE_SETTINGS)[number];

/** The config file's part that this module reads (`rules`, `ignorePatterns`), and where relative patterns start. */
export interface RuleConfig {
  rules?: Readonly<Record<string, RuleSetting>>;
  ignorePatterns?: readonly string[];
  /** Folder `ignorePatterns` are relative to: the config file's folder (default: the working directory). */
  baseDir?: string;
}

/**
 * The RuleConfig of a loaded config file: its `rules` and `ignorePatterns`, patterns relative to the file's folder.
 * Undefined when the file sets neither (nothing to apply).
 */
export function ruleConfigOf(
  config: { rules?: Readonly<Record<string, RuleSetting>>; ignorePatterns?: readonly string[] },
  file: string | undefined,
): RuleConfig | undefined {
  if (!config.rules && !config.ignorePatterns) return undefined;
  return {
    ...(config.rules ? { rules: config.rules } : {}),
    ...(config.ignorePatterns ? { ignorePatterns: config.ignorePatterns } : {}),
    ...(file ? { baseDir: path.dirname(path.resolve(file)) } : {}),
  };
}

/** Diagnostics left out, by reason. */
export interface DisabledCounts {
  /** By a rule set to `off` in the config file. */
  byConfig: number;
  /** By an inline `plugin-eval-disable` comment. */
  inline: number;
  /** About files under `ignorePatterns`. */
  ignored: number;
}

/**
 * A Markdown file whose inline directives apply to diagnostics: SKILL.md (covering its skill folder), agents, commands.
 */
export interface DirectiveSource {
  /** The file as diagnostics name it (display path). */
  file: string;
  text: string;
  /**
   * Folder (display path) whose diagnostics this file's whole-file directives also cover: a SKILL.md speaks for
   * its skill (references/orphan-file is about the skill). Line-based directives only ever cover `file` itself.
   */
  folder?: string;
}

const SEVERITY_OF: Readonly<Record<Exclude<RuleSetting, 'off'>, Severity>> = {
  info: 'info',
  warn: 'warning',
  error: 'error',
};

export const NO_DISABLED: Readonly<DisabledCounts> = Object.freeze({ byConfig: 0, inline: 0, ignored: 0 });

/** A compiled rule config: the ignore matcher built once per run, not once per diagnostic. */
export interface RuleSettings {
  rules: ReadonlyMap<string, RuleSetting>;
  ignore: { matcher: IgnoreMatcher; baseDir: string } | undefined;
}

const compiled = new WeakMap<RuleConfig, RuleSettings>();

/** Compile (once per config object) the severities and the ignore matcher. */
export function ruleSettings(config: RuleConfig | undefined): RuleSettings | undefined {
  if (!config) return undefined;
  let s = compiled.get(config);
  if (!s) {
    const patterns = config.ignorePatterns ?? [];
    s = {
      rules: new Map(Object.entries(config.rules ?? {})),
      ignore:
        patterns.length > 0
          ? { matcher: ignoreMatcher(patterns), baseDir: path.resolve(config.baseDir ?? '.') }
          : undefined,
    };
    compiled.set(config, s);
  }
  return s;
}

/** Whether an absolute path (or one relative to the working directory) falls under the config's ignorePatterns. */
export function isIgnored(settings: RuleSettings | undefined, file: string): boolean {
  if (!settings?.ignore) return false;
  const rel = path.relative(settings.ignore.baseDir, path.resolve(file)).split(path.sep).join('/');
  return settings.ignore.matcher.ignores(rel);
}

export interface AppliedRuleConfig {
  diagnostics: Diagnostic[];
  disabled: DisabledCounts;
}

/**
 * Apply the rule config and the sources' inline directives to diagnostics: drop the ignored, the `off` and the
 * inline-disabled (counting each), then set configured severities. Directive problems (unknown ids) join the output.
 */
export function applyRuleConfig(
  diagnostics: readonly Diagnostic[],
  config: RuleConfig | undefined,
  sources: readonly DirectiveSource[] = [],
): AppliedRuleConfig {
  const settings = ruleSettings(config);
  const directives = directivesOf(sources);
  if (!settings && directives.length === 0) return { diagnostics: [...diagnostics], disabled: { ...NO_DISABLED } };
  const disabled: DisabledCounts = { ...NO_DISABLED };
  const out: Diagnostic[] = [];
  for (const d of [...diagnostics, ...directives.flatMap((x) => x.directives.problems)]) {
    if (isIgnored(settings, d.file)) {
      disabled.ignored++;
      continue;
    }
    const setting = settings?.rules.get(d.ruleId);
    if (setting === 'off') {
      disabled.byConfig++;
      continue;
    }
    if (directives.some((x) => x.disables(d))) {
      disabled.inline++;
      continue;
    }
    out.push(
      setting === undefined || SEVERITY_OF[setting] === d.severity ? d : { ...d, severity: SEVERITY_OF[setting] },
    );
  }
  return { diagnostics: out, disabled };
}

interface ParsedSource {
  directives: InlineDirectives;
  /** Whether this file's directives disable `d`: by line in the file itself, by a whole-file disable in its folder. */
  disables(d: Diagnostic): boolean;
}

function directivesOf(sources: readonly DirectiveSource[]): ParsedSource[] {
  const out: ParsedSource[] = [];
  for (const s of sources) {
    if (!s.text.includes('plugin-eval-')) continue;
    const directives = parseInlineDirectives(s.text, s.file, knownRuleIds());
    if (directives.regions.length === 0 && directives.nextLine.size === 0 && directives.problems.length === 0) continue;
    const folder = s.folder?.replace(/\/+$/, '');
    // Only a disable never closed covers the whole file, and so the rest of its folder.
    const wholeFile: InlineDirectives = {
      regions: directives.regions.filter((r) => r.start === 0),
      nextLine: new Map(),
      problems: [],
    };
    out.push({
      directives,
      disables(d) {
        if (d.file === s.file) return disabledInline(directives, d.ruleId, d.line);
        const inFolder = folder !== undefined && (d.file === folder || d.file.startsWith(`${folder}/`));
        return inFolder && disabledInline(wholeFile, d.ruleId, 0);
      },
    });
  }
  return out;
}

/** "3 diagnostics disabled by configuration (2 by rules, 1 inline)", or undefined when none were. */
export function disabledSummary(disabled: DisabledCounts | undefined): string | undefined {
  if (!disabled) return undefined;
  const total = disabled.byConfig + disabled.inline + disabled.ignored;
  if (total === 0) return undefined;
  const parts = [
    disabled.byConfig > 0 ? `${disabled.byConfig} by rules set to off` : '',
    disabled.inline > 0 ? `${disabled.inline} by inline comments` : '',
    disabled.ignored > 0 ? `${disabled.ignored} in ignored paths` : '',
  ].filter(Boolean);
  return `${total} diagnostic${total === 1 ? '' : 's'} disabled by configuration (${parts.join(', ')})`;
}

/** Add two counts (a plugin's parts, a run's results). */
export function addDisabled(a: DisabledCounts, b: DisabledCounts | undefined): DisabledCounts {
  return b ? { byConfig: a.byConfig + b.byConfig, inline: a.inline + b.inline, ignored: a.ignored + b.ignored } : a;
}
