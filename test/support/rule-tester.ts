/**
 * RuleTester: a rule's tests as a table of valid and invalid cases, ESLint-style.
 *
 *     ruleTester.run(skillNameFormat, {
 *       valid: [{ code: skillMd({ name: 'test-skill', description: 'x' }, 'Body') }],
 *       invalid: [{ code: '---\nname: Bad Name\n...', errors: [{ ruleId: 'skill/name-format', line: 2, column: 1 }] }],
 *     });
 *
 * Each case is written to a temporary folder and parsed as the real CLI would (a skill at
 * `<tmp>/plugin/skills/<dirName>/`, an agent or command at `<tmp>/plugin/<agents|commands>/<stem>.md`, a plugin at
 * `<tmp>/<dirName>/`), then only `rule` runs on it:
 * - a validation rule with a `check`: its diagnostics (each must carry the rule's own id);
 * - a parser-reported rule (no `check`): the parser's diagnostics with the rule's id;
 * - a score check: its findings as diagnostics (each names a registered rule).
 * A valid case reports nothing; an invalid case reports exactly `errors`, in order. Every diagnostic's severity must
 * be its rule's severity in the registry (one severity per rule, whichever command reports it).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ComponentCheck } from '../../src/rules/checks/components/types.js';
import { findingsAsDiagnostics } from '../../src/rules/checks/shared/findings.js';
import type { StaticCheck } from '../../src/rules/checks/types.js';
import type { Diagnostic, Severity } from '../../src/model/diagnostic.js';
import { parseMarkdownComponent, parsePlugin } from '../../src/parse/plugin.js';
import { parseSkill } from '../../src/parse/skill.js';
import { ruleById, type RuleSubject, type ValidationRule } from '../../src/rules/registry/index.js';
import { componentFacts, skillFacts } from '../../src/rules/validate/index.js';
import { tempTree, type TempTree } from './tmp.js';

export type TestableRule = ValidationRule | StaticCheck | ComponentCheck;

export interface RuleCase {
  /** Shown as the test name (default: the case's index and its first line of code). */
  name?: string;
  /** The text of SKILL.md (skill rules) or of the agent or command file. */
  code?: string;
  /** Files of the skill folder (skill rules) or of the plugin folder (plugin rules), by relative path. */
  files?: Record<string, string | Buffer>;
  /**
   * The skill or plugin folder name, or the agent or command file stem (default `test-skill`, `test-component`,
   * `test-plugin`).
   */
  dirName?: string;
}

export interface ExpectedError {
  ruleId: string;
  line: number;
  column: number;
  severity?: Severity;
  /** The message, exactly or as a pattern. */
  message?: string | RegExp;
  /** The diagnostic's file relative to the folder the case built (default: SKILL.md, the component, or any). */
  file?: string;
}

export interface InvalidCase extends RuleCase {
  errors: ExpectedError[];
}

function subjectOf(rule: TestableRule): RuleSubject {
  if ('meta' in rule) return rule.meta.appliesTo;
  return 'kind' in rule ? rule.kind : 'skill';
}

function ruleIdOf(rule: TestableRule): string {
  return 'meta' in rule ? rule.meta.id : rule.id;
}

function writeTree(dir: string, files: Record<string, string | Buffer>): void {
  mkdirSync(dir, { recursive: true });
  for (const [rel, content] of Object.entries(files)) {
    const abs = path.join(dir, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, content);
  }
}

/** Build the case's document, run `rule` on it, and return its diagnostics and the display path of the folder built. */
async function diagnosticsOf(
  rule: TestableRule,
  c: RuleCase,
  tree: TempTree,
): Promise<{ diagnostics: Diagnostic[]; root: string }> {
  const tmp = tree.fresh();
  const subject = subjectOf(rule);
  const parserRule = 'meta' in rule && rule.meta.reportedBy === 'parser';
  if ('meta' in rule && !rule.check && !parserRule)
    throw new Error(`rule tester: ${rule.meta.id} is reported by ${rule.meta.reportedBy ?? '?'}; test it through that`);
  if (subject === 'skill') {
    const dirName = c.dirName ?? 'test-skill';
    const dir = path.join(tmp, 'plugin', 'skills', dirName);
    writeTree(dir, { ...(c.code !== undefined ? { 'SKILL.md': c.code } : {}), ...c.files });
    const root = `skills/${dirName}`;
    const parsed = await parseSkill(dir, { displayPath: root, context: { skillsDir: path.dirname(dir) } });
    if (!parsed.ok) {
      if (parserRule) return { diagnostics: parsed.diagnostics, root };
      throw new Error(
        `rule tester: the case does not ` +
          `parse: ${parsed.diagnostics.map((d) => `${d.ruleId}: ${d.message}`).join('; ')}`,
      );
    }
    const skill = parsed.skill;
    if ('meta' in rule)
      return {
        diagnostics: parserRule
          ? skill.diagnostics
          : (rule as Extract<ValidationRule, { meta: { appliesTo: 'skill' } }>).check!(skillFacts(skill)),
        root,
      };
    return { diagnostics: findingsAsDiagnostics((rule as StaticCheck).run(skill).findings, skill.file), root };
  }
  if (subject === 'agent' || subject === 'command') {
    const stem = c.dirName ?? 'test-component';
    const folder = subject === 'agent' ? 'agents' : 'commands';
    const abs = path.join(tmp, 'plugin', folder, `${stem}.md`);
    writeTree(path.dirname(abs), { [`${stem}.md`]: c.code ?? '' });
    const parsed = await parseMarkdownComponent(abs, `${folder}/${stem}.md`, subject);
    const root = folder;
    if (!('kind' in parsed)) return { diagnostics: parserRule ? [parsed] : [], root };
    if ('meta' in rule)
      return {
        diagnostics: parserRule
          ? parsed.diagnostics
          : (rule as Extract<ValidationRule, { meta: { appliesTo: 'agent' } }>).check!(componentFacts(parsed)),
        root,
      };
    return { diagnostics: findingsAsDiagnostics((rule as ComponentCheck).run(parsed).findings, parsed.file), root };
  }
  const dirName = c.dirName ?? 'test-plugin';
  const dir = path.join(tmp, dirName);
  writeTree(dir, c.files ?? {});
  const plugin = await parsePlugin(dir, { displayPath: dirName });
  const pluginRule = rule as Extract<ValidationRule, { meta: { appliesTo: 'plugin' } }>;
  return { diagnostics: parserRule ? plugin.diagnostics : pluginRule.check!({ plugin }), root: dirName };
}

const tested = new Set<string>();

/** Rule ids that have had at least one invalid case run in this test file (for a completeness check). */
export function testedRuleIds(): ReadonlySet<string> {
  return tested;
}

function caseName(kind: string, i: number, c: RuleCase): string {
  if (c.name) return `${kind} ${i + 1}: ${c.name}`;
  const shown = c.code !== undefined ? JSON.stringify(c.code) : Object.keys(c.files ?? {}).join(', ');
  return `${kind} ${i + 1}: ${shown.length > 80 ? `${shown.slice(0, 77)}...` : shown}`;
}

export const ruleTester = {
  run(rule: TestableRule, cases: { valid: RuleCase[]; invalid: InvalidCase[] }): void {
    const id = ruleIdOf(rule);
    const parserRule = 'meta' in rule && rule.meta.reportedBy === 'parser';
    const own = (ds: Diagnostic[]) => (parserRule ? ds.filter((d) => d.ruleId === id) : ds);
    if (cases.invalid.length > 0) tested.add(id);
    describe(id, () => {
      const tree = tempTree('plugin-eval-rule-');
      cases.valid.forEach((c, i) => {
        it(caseName('valid', i, c), async () => {
          const { diagnostics } = await diagnosticsOf(rule, c, tree);
          expect(own(diagnostics).map((d) => `${d.ruleId} ${d.line}:${d.column} ${d.message}`)).toEqual([]);
        });
      });
      cases.invalid.forEach((c, i) => {
        it(caseName('invalid', i, c), async () => {
          expect(c.errors.length, 'an invalid case names at least one error').toBeGreaterThan(0);
          const { diagnostics, root } = await diagnosticsOf(rule, c, tree);
          const got = own(diagnostics);
          expect(got.map((d) => `${d.ruleId} ${d.line}:${d.column}`)).toEqual(
            c.errors.map((e) => `${e.ruleId} ${e.line}:${e.column}`),
          );
          got.forEach((d, j) => {
            const e = c.errors[j]!;
            const registered = ruleById(d.ruleId);
            expect(registered, `${d.ruleId} is in the registry`).toBeDefined();
            expect(d.severity, `${d.ruleId} reports its registry severity`).toBe(registered!.meta.severity);
            if ('meta' in rule) expect(d.ruleId).toBe(id);
            if (e.severity) expect(d.severity).toBe(e.severity);
            if (typeof e.message === 'string') expect(d.message).toBe(e.message);
            else if (e.message) expect(d.message).toMatch(e.message);
            if (e.file !== undefined) expect(d.file).toBe(path.posix.join(root, e.file));
          });
        });
      });
    });
  },
};
