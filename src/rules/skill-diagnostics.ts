/**
 * The one list of a document's problems that `score` and `validate` both report: the parser's, every validation rule
 * of its subject, and the findings of the score checks (which share their rules' ids and messages), each once.
 * `validate` passes the frontmatter's schema issues found by zod; `score`, which never loads zod, gets a skill's from
 * the hand-written check of the same schemas (./validation/frontmatter-types.ts).
 */
import type { Diagnostic } from '../model/diagnostic.js';
import type { MarkdownComponent, PluginDocument } from '../parse/plugin.js';
import type { SkillDocument } from '../parse/skill.js';
import { findingsAsDiagnostics } from './checks/shared/findings.js';
import type { Finding } from './checks/types.js';
import { rulesFor } from './registry/index.js';
import { readableFrontmatter } from './define.js';
import type { SchemaIssue } from './types.js';
import {
  agentFrontmatterIssues,
  commandFrontmatterIssues,
  skillFrontmatterIssues,
} from './validation/frontmatter-types.js';

/** Each diagnostic once: a rule and a score check's finding reporting one problem share its place and words. */
export function uniqueDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  return diagnostics.filter((d) => {
    const key = `${d.file}|${d.line}|${d.column}|${d.ruleId}|${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every problem of one skill. */
export function skillDiagnostics(
  skill: SkillDocument,
  findings: readonly Finding[],
  schemaIssues: readonly SchemaIssue[] = skillFrontmatterIssues(readableFrontmatter(skill.frontmatter)),
): Diagnostic[] {
  const out = [...skill.diagnostics];
  for (const rule of rulesFor('skill')) out.push(...rule.check!({ skill, schemaIssues }));
  out.push(...findingsAsDiagnostics(findings, skill.file));
  return uniqueDiagnostics(out);
}

/** Every problem of one agent or command. */
export function componentDiagnostics(
  component: MarkdownComponent,
  findings: readonly Finding[],
  schemaIssues: readonly SchemaIssue[] = component.kind === 'agent'
    ? agentFrontmatterIssues(readableFrontmatter(component.frontmatter))
    : commandFrontmatterIssues(readableFrontmatter(component.frontmatter, true)),
): Diagnostic[] {
  const out = [...component.diagnostics];
  const facts = { component, schemaIssues };
  if (component.kind === 'agent') for (const rule of rulesFor('agent')) out.push(...rule.check!(facts));
  else for (const rule of rulesFor('command')) out.push(...rule.check!(facts));
  out.push(...findingsAsDiagnostics(findings, component.file));
  return uniqueDiagnostics(out);
}

/** Every problem of a plugin's own files (manifest, hooks, MCP servers): its plugin rules', security ones included. */
export function pluginOwnDiagnostics(plugin: PluginDocument): Diagnostic[] {
  return rulesFor('plugin').flatMap((rule) => rule.check!({ plugin }));
}
