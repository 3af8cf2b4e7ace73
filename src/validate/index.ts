import { addDisabled, applyRuleConfig, isIgnored, NO_DISABLED, ruleSettings, type DirectiveSource, type DisabledCounts, type RuleConfig } from '../lint/apply-rule-config.js';
import { discoverTargets } from '../parse/discover.js';
import { parsePlugin } from '../parse/plugin.js';
import { parseSkill, type SkillDocument } from '../parse/skill.js';
import type { Diagnostic } from '../model/diagnostic.js';
import { hookScriptDiagnostics, pluginStructure } from './plugin-structure.js';
import { skillFiles } from './skill-files.js';
import { skillFrontmatter } from './skill-frontmatter.js';
import { skillInjection } from './injection.js';
import type { ValidationRule } from './types.js';

export type { ValidationRule } from './types.js';

/** The one table of validation rules. */
export const VALIDATION_RULES: readonly ValidationRule[] = [skillFrontmatter, skillFiles, skillInjection, pluginStructure];

export function validateSkillDocument(skill: SkillDocument): Diagnostic[] {
  const out = [...skill.diagnostics];
  for (const rule of VALIDATION_RULES) if (rule.appliesTo === 'skill') out.push(...rule.check(skill));
  return out;
}

export interface ValidationReport {
  targets: number;
  /** The skills and plugins checked (display paths), in discovery order. */
  checked: string[];
  diagnostics: Diagnostic[];
  errors: number;
  warnings: number;
  infos: number;
  /** Diagnostics left out by the rule configuration (rules set to off, inline comments, ignorePatterns), counted. */
  disabled: DisabledCounts;
}

export interface ValidateOptions {
  /** The config file's `rules` and `ignorePatterns` (and the folder patterns are relative to). */
  ruleConfig?: RuleConfig;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Validate every skill and plugin under the given paths. */
export async function validate(paths: readonly string[], options: ValidateOptions = {}): Promise<ValidationReport> {
  const settings = ruleSettings(options.ruleConfig);
  const { targets, diagnostics } = await discoverTargets(paths, settings?.ignore ? { ignore: (dir) => isIgnored(settings, dir) } : {});
  const out: Diagnostic[] = [...diagnostics];
  // The Markdown files whose inline plugin-eval-disable comments apply.
  const sources: DirectiveSource[] = [];
  const skillSource = (skill: SkillDocument): DirectiveSource => ({ file: skill.file, text: skill.text, folder: skill.displayPath });
  for (const target of targets) {
    if (target.kind === 'skill') {
      const parsed = await parseSkill(target.dir, { displayPath: target.displayPath });
      if (parsed.ok) sources.push(skillSource(parsed.skill));
      out.push(...(parsed.ok ? validateSkillDocument(parsed.skill) : parsed.diagnostics));
    } else {
      const plugin = await parsePlugin(target.dir, { displayPath: target.displayPath });
      out.push(...plugin.diagnostics);
      for (const skill of plugin.skills) {
        sources.push(skillSource(skill));
        out.push(...validateSkillDocument(skill));
      }
      for (const c of [...plugin.agents, ...plugin.commands]) {
        sources.push({ file: c.file, text: c.text });
        out.push(...c.diagnostics);
      }
      for (const rule of VALIDATION_RULES) if (rule.appliesTo === 'plugin') out.push(...rule.check(plugin));
      out.push(...(await hookScriptDiagnostics(plugin)));
    }
  }
  // Parse diagnostics can be reported twice (parser and rule); keep the first of each.
  const seen = new Set<string>();
  const unique = out.filter((d) => {
    const key = `${d.file}|${d.line}|${d.column}|${d.ruleId}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const applied = applyRuleConfig(unique, options.ruleConfig, sources);
  const kept = applied.diagnostics;
  kept.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity]);
  return {
    targets: targets.length,
    checked: targets.map((t) => t.displayPath),
    diagnostics: kept,
    errors: kept.filter((d) => d.severity === 'error').length,
    warnings: kept.filter((d) => d.severity === 'warning').length,
    infos: kept.filter((d) => d.severity === 'info').length,
    disabled: addDisabled({ ...NO_DISABLED }, applied.disabled),
  };
}
