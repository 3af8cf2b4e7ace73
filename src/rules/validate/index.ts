import type { z } from 'zod';
import { COMPONENT_CHECKS } from '../checks/components/index.js';
import { REGISTRY } from '../checks/index.js';
import {
  addDisabled,
  applyRuleConfig,
  isIgnored,
  NO_DISABLED,
  ruleSettings,
  type DirectiveSource,
  type RuleConfig,
} from '../config/apply-rule-config.js';
import { CancelledError } from '../../errors.js';
import type { Diagnostic } from '../../model/diagnostic.js';
import { AgentFrontmatter, CommandFrontmatter, SkillFrontmatter } from '../../model/manifests.js';
import type { ValidationReport } from '../../model/validation-report.js';
import { discoverTargets } from '../../parse/discover.js';
import { parsePlugin, type MarkdownComponent, type PluginDocument } from '../../parse/plugin.js';
import { parseLoneSkill, type SiblingListings, type SkillDocument } from '../../parse/skill.js';
import { readableFrontmatter } from '../define.js';
import type { ComponentFacts, SchemaIssue, SkillFacts } from '../types.js';
import { hookScriptDiagnostics } from './hook-scripts.js';
import {
  componentDiagnostics,
  pluginOwnDiagnostics,
  skillDiagnostics,
  uniqueDiagnostics,
} from '../skill-diagnostics.js';

export { VALIDATION_RULES } from '../registry/index.js';

/** The issues of a frontmatter against its schema; none when the parser could not read it (it said why). */
function schemaIssues(schema: z.ZodType, data: Record<string, unknown> | undefined): SchemaIssue[] {
  if (data === undefined) return [];
  const result = schema.safeParse(data);
  return result.success ? [] : (result.error.issues as SchemaIssue[]);
}

/** What the skill rules read: the skill and its frontmatter's issues against `SkillFrontmatter`. */
export function skillFacts(skill: SkillDocument): SkillFacts {
  return { skill, schemaIssues: schemaIssues(SkillFrontmatter, readableFrontmatter(skill.frontmatter)) };
}

/** What the agent and command rules read: the component and its frontmatter's issues against its schema. */
export function componentFacts(component: MarkdownComponent): ComponentFacts {
  return component.kind === 'agent'
    ? { component, schemaIssues: schemaIssues(AgentFrontmatter, readableFrontmatter(component.frontmatter)) }
    : { component, schemaIssues: schemaIssues(CommandFrontmatter, readableFrontmatter(component.frontmatter, true)) };
}

/**
 * Every problem of one skill: the parser's, the validation rules', and the findings of the default score checks
 * (so a problem `score` reports has the same id, severity and message here).
 */
export function validateSkillDocument(skill: SkillDocument): Diagnostic[] {
  const findings = REGISTRY.default.checks.flatMap((check) => check.run(skill).findings);
  return skillDiagnostics(skill, findings, skillFacts(skill).schemaIssues);
}

/** Every problem of one agent or command, as `validateSkillDocument`. */
export function validateComponent(component: MarkdownComponent): Diagnostic[] {
  const check = component.kind === 'agent' ? COMPONENT_CHECKS.default.agent : COMPONENT_CHECKS.default.command;
  const findings = check ? check.run(component).findings : [];
  return componentDiagnostics(component, findings, componentFacts(component).schemaIssues);
}

/** Every problem of a plugin's own files and of each of its skills, agents and commands. */
export async function validatePluginDocument(plugin: PluginDocument): Promise<Diagnostic[]> {
  const out = [...plugin.diagnostics];
  for (const skill of plugin.skills) out.push(...validateSkillDocument(skill));
  for (const c of [...plugin.agents, ...plugin.commands]) out.push(...validateComponent(c));
  out.push(...pluginOwnDiagnostics(plugin));
  out.push(...(await hookScriptDiagnostics(plugin)));
  return out;
}

// The report's type is its zod schema's (src/model/validation-report.ts), so the JSON Schema cannot drift from it.
export type { ValidationReport };

export interface ValidateOptions {
  /** The config file's `rules` and `ignorePatterns` (and the folder patterns are relative to). */
  ruleConfig?: RuleConfig;
  /** Ctrl-C: checked before each target, so a big tree stops at once (CancelledError) rather than at its end. */
  signal?: AbortSignal;
}

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Validate every skill and plugin under the given paths. */
export async function validate(paths: readonly string[], options: ValidateOptions = {}): Promise<ValidationReport> {
  const settings = ruleSettings(options.ruleConfig);
  const { targets, diagnostics, release, listed } = await discoverTargets(
    paths,
    settings?.ignore ? { ignore: (dir) => isIgnored(settings, dir) } : {},
  );
  // A `.skill` package is read from a temp folder, removed however validation ends.
  try {
    const out: Diagnostic[] = [...diagnostics];
    // The Markdown files whose inline plugin-eval-disable comments apply.
    const sources: DirectiveSource[] = [];
    const skillSource = (skill: SkillDocument): DirectiveSource => ({
      file: skill.file,
      text: skill.text,
      folder: skill.displayPath,
    });
    // Sibling skills in one folder list their parent once, as score does: listed once per skill, a folder of N
    // skills cost N listings of N folders (1,000 skills: a minute, mostly in readdir).
    const listings: SiblingListings = new Map();
    for (const target of targets) {
      // Parsing is synchronous I/O in a chain of microtasks: without a turn of the event loop Ctrl-C (a macrotask)
      // would only be seen once every target is done.
      if (options.signal) {
        await new Promise((resolve) => setImmediate(resolve));
        if (options.signal.aborted) throw new CancelledError();
      }
      if (target.kind === 'skill') {
        const parsed = await parseLoneSkill(target.dir, target.displayPath, listings, target.root, listed);
        if (parsed.ok) sources.push(skillSource(parsed.skill));
        out.push(...(parsed.ok ? validateSkillDocument(parsed.skill) : parsed.diagnostics));
      } else {
        const plugin = await parsePlugin(target.dir, { displayPath: target.displayPath });
        for (const skill of plugin.skills) sources.push(skillSource(skill));
        for (const c of [...plugin.agents, ...plugin.commands]) sources.push({ file: c.file, text: c.text });
        out.push(...(await validatePluginDocument(plugin)));
      }
    }
    // A problem both a validation rule and a score check's finding report (same rule, place and words: they share
    // their message) is listed once; so is a parse diagnostic reported for a document and again for its plugin.
    const unique = uniqueDiagnostics(out);
    const applied = applyRuleConfig(unique, options.ruleConfig, sources);
    const kept = applied.diagnostics;
    kept.sort(
      (a, b) =>
        a.file.localeCompare(b.file) || a.line - b.line || SEVERITY_ORDER[a.severity] - SEVERITY_ORDER[b.severity],
    );
    return {
      targets: targets.length,
      checked: targets.map((t) => t.displayPath),
      diagnostics: kept,
      errors: kept.filter((d) => d.severity === 'error').length,
      warnings: kept.filter((d) => d.severity === 'warning').length,
      infos: kept.filter((d) => d.severity === 'info').length,
      disabled: addDisabled({ ...NO_DISABLED }, applied.disabled),
    };
  } finally {
    release();
  }
}
