/**
 * The one rule table (src/rules/checks/table.ts): every rule module's rules are rows of it, and every list of rules or
 * flags elsewhere is derived from it, so adding a rule is its module plus one row.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { COMPONENT_CHECKS } from '../../src/rules/checks/components/index.js';
import { REGISTRY } from '../../src/rules/checks/index.js';
import {
  isAntiPattern,
  isComponentCheck,
  isStaticCheck,
  isValidationRule,
  RULE_TABLE,
  type RuleRow,
} from '../../src/rules/checks/table.js';
import { knownRuleIds } from '../../src/rules/config/known-rule-ids.js';
import { ANTI_PATTERNS, METHODOLOGIES } from '../../src/model/dimensions.js';
import { antiPatternFlagsModule } from '../../src/rules/registry/doc.js';
import { RULES, VALIDATION_RULES, type ScoreCheckEntry } from '../../src/rules/registry/index.js';
import { ANTI_PATTERN_DESCRIPTIONS } from '../../src/reporters/sarif.js';
import { sourceFiles, SRC_DIR as SRC } from '../support/source-files.js';

const isRow = (v: unknown): v is RuleRow =>
  typeof v === 'object' &&
  v !== null &&
  (('meta' in v && typeof (v as { meta: { id?: unknown } }).meta?.id === 'string') ||
    (('subScore' in v || 'kind' in v) && typeof (v as { run?: unknown }).run === 'function') ||
    ('flag' in v && typeof (v as { detect?: unknown }).detect === 'function'));

/** Every rule (or list of rules) exported by a module of the folders rules are written in. */
async function exportedRules(): Promise<{ where: string; row: RuleRow }[]> {
  const folders = [
    'rules/checks/default',
    'rules/checks/compat',
    'rules/checks/components',
    'rules/validation',
    'rules/security',
  ];
  const out: { where: string; row: RuleRow }[] = [];
  for (const folder of folders) {
    for (const file of sourceFiles(path.join(SRC, folder)).sort()) {
      const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
      for (const [name, value] of Object.entries(mod)) {
        const rows = Array.isArray(value) ? value.filter(isRow) : isRow(value) ? [value] : [];
        for (const row of rows) out.push({ where: `${path.relative(SRC, file)} ${name}`, row });
      }
    }
  }
  return out;
}

const flagLiterals = (text: string): Set<string> =>
  new Set(
    [...text.matchAll(/'([A-Z][A-Z_]+)'/g)]
      .map((m) => m[1]!)
      .filter((f) => (ANTI_PATTERNS as readonly string[]).includes(f)),
  );

describe('the rule table', () => {
  it('holds every rule its modules export, once', async () => {
    const exported = await exportedRules();
    expect(exported.length).toBeGreaterThan(80);
    const missing = exported.filter((e) => !RULE_TABLE.includes(e.row)).map((e) => e.where);
    expect(missing, 'add these to src/rules/checks/table.ts').toEqual([]);
    expect(new Set(RULE_TABLE).size).toBe(RULE_TABLE.length);
    // And the scan sees every row: no row comes from anywhere else.
    for (const row of RULE_TABLE) expect(exported.some((e) => e.row === row)).toBe(true);
  });

  it('sorts each row into exactly one kind', () => {
    for (const row of RULE_TABLE)
      expect([isValidationRule, isStaticCheck, isComponentCheck, isAntiPattern].filter((is) => is(row))).toHaveLength(
        1,
      );
  });

  it('is what the static layer runs, per methodology, in table order', () => {
    for (const m of METHODOLOGIES) {
      expect(REGISTRY[m].checks).toEqual(RULE_TABLE.filter(isStaticCheck).filter((c) => c.methodology === m));
      expect(REGISTRY[m].antiPatterns).toEqual(RULE_TABLE.filter(isAntiPattern).filter((r) => r.methodology === m));
      const components = RULE_TABLE.filter(isComponentCheck).filter((c) => c.methodology === m);
      expect([COMPONENT_CHECKS[m].agent, COMPONENT_CHECKS[m].command].filter((c) => c !== undefined)).toEqual(
        components,
      );
    }
  });

  it('is the rule registry, the ids a config may name and the rules validate runs', () => {
    expect(VALIDATION_RULES).toEqual(RULE_TABLE.filter(isValidationRule));
    expect([...knownRuleIds()]).toEqual(RULE_TABLE.filter(isValidationRule).map((r) => r.meta.id));
    const checks = RULES.filter((r): r is ScoreCheckEntry => r.meta.kind === 'score-check').map((r) => r.check);
    expect(checks).toEqual([...RULE_TABLE.filter(isStaticCheck), ...RULE_TABLE.filter(isComponentCheck)]);
    const flags = [
      ...new Set(
        METHODOLOGIES.flatMap((m) =>
          RULE_TABLE.filter(isAntiPattern)
            .filter((r) => r.methodology === m)
            .map((r) => r.flag),
        ),
      ),
    ];
    expect(RULES.filter((r) => r.meta.kind === 'anti-pattern').map((r) => r.meta.id)).toEqual(flags);
    expect(Object.keys(ANTI_PATTERN_DESCRIPTIONS).sort()).toEqual([...flags].sort());
  });

  it('gives each anti-pattern its registry severity and diagnostic from its own declaration', () => {
    for (const rule of REGISTRY.default.antiPatterns) {
      const entry = RULES.find((r) => r.meta.id === rule.flag)!;
      expect(entry.meta.severity, rule.flag).toBe(rule.ruleSeverity ?? 'warning');
      expect('diagnostic' in entry ? entry.diagnostic : undefined, rule.flag).toBe(rule.diagnostic);
      if (rule.diagnostic)
        expect(
          VALIDATION_RULES.some((v) => v.meta.id === rule.diagnostic),
          rule.diagnostic,
        ).toBe(true);
    }
    expect(
      REGISTRY.default.antiPatterns
        .filter((r) => r.disqualifies)
        .map((r) => r.flag)
        .sort(),
    ).toEqual(['INJECTION_ATTEMPT', 'KEYWORD_STUFFING', 'LOW_INFORMATION_PROSE']);
  });

  it('writes the result schema flag list (src/model/anti-pattern-flags.generated.ts; `npm run docs:rules` after a change)', () => {
    const file = readFileSync(path.join(SRC, 'model/anti-pattern-flags.generated.ts'), 'utf8');
    expect(file).toBe(antiPatternFlagsModule());
    expect([...ANTI_PATTERNS]).toEqual(RULES.filter((r) => r.meta.kind === 'anti-pattern').map((r) => r.meta.id));
  });

  it('has no second list of flags: outside the generated file, a file names as literals only the flags of rules it defines, and at most one other', async () => {
    const exported = await exportedRules();
    const defined = new Map<string, Set<string>>();
    for (const { where, row } of exported) {
      if (!isAntiPattern(row)) continue;
      const file = where.split(' ')[0]!;
      defined.set(file, (defined.get(file) ?? new Set()).add(row.flag));
    }
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      const rel = path.relative(SRC, file);
      if (rel === path.join('model', 'anti-pattern-flags.generated.ts')) continue;
      const own = defined.get(rel) ?? new Set<string>();
      const foreign = [...flagLiterals(readFileSync(file, 'utf8'))].filter((f) => !own.has(f));
      if (foreign.length > 1) offenders.push(`${rel}: ${foreign.join(', ')}`);
    }
    expect(offenders).toEqual([]);
    // The scan is not blind: the module that defines PluginEval's fixed six names them.
    expect(
      flagLiterals(readFileSync(path.join(SRC, 'rules/checks/default/anti-patterns.ts'), 'utf8')).size,
    ).toBeGreaterThanOrEqual(6);
  });
});
