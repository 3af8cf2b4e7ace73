/**
 * The one rule registry: one id and one severity per problem, whichever command reports it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { COMPONENT_CHECKS } from '../../src/rules/checks/components/index.js';
import { REGISTRY } from '../../src/rules/checks/index.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { METHODOLOGIES } from '../../src/model/dimensions.js';
import { RULES, ruleById, ruleIds, VALIDATION_RULES, type ScoreCheckEntry } from '../../src/rules/registry/index.js';
import { validate } from '../../src/rules/validate/index.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { sourceFiles } from '../support/source-files.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SRC = path.resolve(here, '../../src');

/** Diagnostics a rule reports with the registry's severity, and only registered ids. */
function expectRegistered(diagnostics: readonly Diagnostic[]): void {
  for (const d of diagnostics) {
    const rule = ruleById(d.ruleId);
    expect(rule, `${d.ruleId} (${d.file}) is in the registry`).toBeDefined();
    expect(d.severity, `${d.ruleId} is reported with its registry severity`).toBe(rule!.meta.severity);
  }
}

describe('the registry', () => {
  it('has one entry per id, each with a kind, a subject, a severity, a description and docs', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ruleIds()).toEqual([...ids].sort());
    for (const r of RULES) {
      expect(['score-check', 'anti-pattern', 'validation']).toContain(r.meta.kind);
      expect(['skill', 'plugin', 'agent', 'command']).toContain(r.meta.appliesTo);
      expect(['error', 'warning', 'info']).toContain(r.meta.severity);
      expect(r.meta.description.length, r.meta.id).toBeGreaterThan(10);
      expect(r.meta.docs).toMatch(/^docs\/rules\.md#[a-z0-9-]+$/);
    }
  });

  it('lists the very check objects `score` runs, and every anti-pattern flag with its detector per methodology', () => {
    const checks = RULES.filter((r): r is ScoreCheckEntry => r.meta.kind === 'score-check').map((r) => r.check);
    const scored = [
      ...METHODOLOGIES.flatMap((m) => REGISTRY[m].checks),
      ...METHODOLOGIES.flatMap((m) => [COMPONENT_CHECKS[m].agent, COMPONENT_CHECKS[m].command]).filter(
        (c) => c !== undefined,
      ),
    ];
    expect(new Set(checks)).toEqual(new Set(scored));
    for (const m of METHODOLOGIES) {
      for (const rule of REGISTRY[m].antiPatterns) {
        const entry = ruleById(rule.flag);
        expect(entry?.meta.kind).toBe('anti-pattern');
        expect(entry && 'detectors' in entry ? entry.detectors[m] : undefined).toBe(rule);
      }
    }
  });

  it('every rule a validation rule or the parser can report without a check of its own says who reports it', () => {
    for (const r of VALIDATION_RULES) if (!r.check) expect(r.meta.reportedBy, r.meta.id).toBeTruthy();
  });

  it('every id written in src/ with a severity is registered with that severity, and checks cite rules, not literals', () => {
    const literal = /diagnostic\(\s*[^,]+,\s*'([^']+)',\s*'(error|warning|info)'/g;
    const found: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(literal)) {
        found.push(m[1]!);
        expect(ruleById(m[1]!)?.meta.severity, `${path.relative(SRC, file)}: ${m[1]} ${m[2]}`).toBe(m[2]);
      }
      if (file.includes(`${path.sep}checks${path.sep}`))
        expect(text, path.relative(SRC, file)).not.toMatch(/ruleId: '[^']+', severity:/);
    }
    // The scan is not vacuous: the parsers write their ids this way.
    expect(found).toContain('frontmatter/yaml-syntax');
  });
});

describe('score and validate agree: same input, same id and severity', () => {
  const tree = tempTree('plugin-eval-agree-');
  const DESCRIPTION = 'Reviews pull requests for bugs. Use when the user asks for a code review of a diff.';

  /** Diagnostics both commands report, keyed by place, id and severity. */
  async function both(dir: string): Promise<{ scored: Diagnostic[]; validated: Diagnostic[] }> {
    const run = await score([dir]);
    expect(run.failures).toEqual([]);
    const report = await validate([dir]);
    return { scored: run.results.flatMap((r) => r.diagnostics), validated: report.diagnostics };
  }
  const key = (d: Diagnostic) => `${d.file}:${d.line}:${d.column} ${d.ruleId} ${d.severity}`;

  it('an agent whose name is unlike its file: agent/name-matches-file, a warning, in both', async () => {
    tree.write('p1/.claude-plugin/plugin.json', '{"name": "p1"}');
    tree.write(
      'p1/agents/code-reviewer.md',
      `---\nname: reviewer\ndescription: ${DESCRIPTION}\n---\nYou review code.\n`,
    );
    const { scored, validated } = await both(path.join(tree.root, 'p1'));
    const pick = (ds: Diagnostic[]) => ds.filter((d) => d.ruleId.startsWith('agent/')).map(key);
    expect(pick(scored)).toEqual([
      `${path.join(tree.root, 'p1')}/agents/code-reviewer.md:2:1 agent/name-matches-file warning`,
    ]);
    expect(pick(validated)).toEqual(pick(scored));
  });

  it('a 1,068-character description: skill/description-length, an error, in both', async () => {
    const dir = path.join(tree.root, 'long-description');
    tree.write(
      'long-description/SKILL.md',
      `---\nname: long-description\ndescription: ${'Reviews code. '.repeat(76).trim()}${'x'.repeat(5)}\n---\nBody.\n`,
    );
    const { scored, validated } = await both(dir);
    const pick = (ds: Diagnostic[]) => ds.filter((d) => d.ruleId === 'skill/description-length');
    expect(pick(scored).map(key)).toEqual([`${dir}/SKILL.md:3:1 skill/description-length error`]);
    expect(pick(scored)[0]!.message).toBe('description is 1068 characters; the limit is 1024');
    expect(pick(validated)).toEqual(pick(scored));
  });

  it('31 commands without a description: 31 command/description warnings, one per file, in both', async () => {
    tree.write('p3/.claude-plugin/plugin.json', '{"name": "p3"}');
    for (let i = 0; i < 31; i++) {
      // Some with frontmatter that lacks a description, some with none at all: both have no description.
      tree.write(
        `p3/commands/c${String(i).padStart(2, '0')}.md`,
        i % 2 === 0 ? `Run step ${i}.\n` : `---\nargument-hint: "[file]"\n---\nRun step ${i} on $ARGUMENTS.\n`,
      );
    }
    const { scored, validated } = await both(path.join(tree.root, 'p3'));
    const pick = (ds: Diagnostic[]) =>
      ds
        .filter((d) => d.ruleId === 'command/description')
        .map(key)
        .sort();
    expect(pick(scored)).toHaveLength(31);
    expect(new Set(pick(scored).map((k) => k.split(':')[0])).size).toBe(31);
    expect(pick(validated)).toEqual(pick(scored));
  });

  it(
    'over the shared corpus: every diagnostic is registered with its severity, and all score reports validate reports too',
    async () => {
      const targets = [path.join(CORPUS_DIR, 'claude-plugins-official'), path.join(CORPUS_DIR, 'context-engineering')];
      const report = await validate(targets);
      expectRegistered(report.diagnostics);
      const validated = new Set(report.diagnostics.map(key));
      for (const methodology of METHODOLOGIES) {
        const run = await score(targets, { methodology });
        const scored = [
          ...run.results.flatMap((r) => r.diagnostics),
          ...run.failures.flatMap((f) => f.diagnostics),
          ...run.diagnostics,
        ];
        expectRegistered(scored);
        // What only `score` reports (compat's reading of a frontmatter, an empty plugin) says so in the registry.
        const notValidated = scored.filter((d) => !validated.has(key(d)));
        for (const d of notValidated) expect(ruleById(d.ruleId)?.meta.reportedBy, key(d)).toBe('score');
      }
      expect(report.diagnostics.length).toBeGreaterThan(20);
    },
    HANG_LIMIT_MS,
  );
});
