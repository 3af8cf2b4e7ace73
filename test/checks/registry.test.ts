import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REGISTRY, type AntiPatternRule, type StaticCheck } from '../../src/rules/checks/index.js';
import { COMPONENT_CHECKS } from '../../src/rules/checks/components/index.js';
import { ANTI_PATTERNS, SUB_SCORES, type Methodology } from '../../src/model/dimensions.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SRC_CHECKS = path.resolve(here, '../../src/rules/checks');
const METHODOLOGIES: readonly Methodology[] = ['default', 'compat'];

const isCheck = (v: unknown): v is StaticCheck =>
  typeof v === 'object' && v !== null && 'id' in v && 'subScore' in v && typeof (v as StaticCheck).run === 'function';
const isRule = (v: unknown): v is AntiPatternRule =>
  typeof v === 'object' && v !== null && 'flag' in v && typeof (v as AntiPatternRule).detect === 'function';

interface Exported {
  exportName: string;
  module: string;
  value: StaticCheck | AntiPatternRule;
}

/**
 * Every check and anti-pattern rule exported by a module in src/rules/checks/<methodology>/, found by reading the
 * folder.
 */
async function exportedFrom(methodology: Methodology): Promise<Exported[]> {
  const dir = path.join(SRC_CHECKS, methodology);
  const out: Exported[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.ts'))
    .sort()) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (isCheck(value) || isRule(value)) out.push({ exportName, module: `${methodology}/${file}`, value });
    }
  }
  return out;
}

/** Test files under test/checks (recursively), relative path -> text. */
function testFiles(): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, e.name);
      if (e.isDirectory()) visit(abs);
      else if (e.name.endsWith('.test.ts'))
        out.set(path.relative(here, abs).split(path.sep).join('/'), readFileSync(abs, 'utf8'));
    }
  };
  visit(here);
  return out;
}

const allChecks = METHODOLOGIES.flatMap((m) => REGISTRY[m].checks);
const allRules = METHODOLOGIES.flatMap((m) => REGISTRY[m].antiPatterns);

describe('check registry', () => {
  it('every check id is unique (skill and component checks together)', () => {
    const ids = [
      ...allChecks.map((c) => c.id),
      ...Object.values(COMPONENT_CHECKS)
        .flatMap((c) => [c.agent, c.command])
        .filter((c) => c !== undefined)
        .map((c) => c.id),
    ];
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(METHODOLOGIES)(
    '%s covers the 7 sub-scores in PluginEval order, each check tagged with its methodology',
    (m) => {
      expect(REGISTRY[m].checks.map((c) => c.subScore)).toEqual([...SUB_SCORES]);
      for (const c of REGISTRY[m].checks) expect(c.methodology).toBe(m);
      for (const r of REGISTRY[m].antiPatterns) expect(r.methodology).toBe(m);
    },
  );

  it.each(METHODOLOGIES)('%s anti-pattern flags are known and not repeated', (m) => {
    const flags = REGISTRY[m].antiPatterns.map((r) => r.flag);
    for (const f of flags) expect(ANTI_PATTERNS).toContain(f);
    expect(new Set(flags).size).toBe(flags.length);
  });

  it('compat has exactly PluginEval 0.1.x six anti-patterns, in its order', () => {
    expect(REGISTRY.compat.antiPatterns.map((r) => r.flag)).toEqual([
      'OVER_CONSTRAINED',
      'EMPTY_DESCRIPTION',
      'MISSING_TRIGGER',
      'BLOATED_SKILL',
      'ORPHAN_REFERENCE',
      'DEAD_CROSS_REF',
    ]);
  });

  it('default covers every anti-pattern flag', () => {
    expect(REGISTRY.default.antiPatterns.map((r) => r.flag).sort()).toEqual([...ANTI_PATTERNS].sort());
  });

  it('every check and rule has a non-empty description (and every rule a fix and a severity)', () => {
    for (const c of allChecks) expect(c.description.trim(), c.id).not.toBe('');
    for (const r of allRules) {
      expect(r.description.trim(), r.flag).not.toBe('');
      expect(r.fix.trim(), r.flag).not.toBe('');
      expect(r.severity, r.flag).toBeGreaterThan(0);
    }
  });

  it.each(METHODOLOGIES)('every check or rule exported from src/rules/checks/%s/ is registered', async (m) => {
    const exported = await exportedFrom(m);
    expect(exported.length).toBeGreaterThan(0);
    for (const { exportName, module, value } of exported) {
      const registered = isCheck(value) ? REGISTRY[m].checks.includes(value) : REGISTRY[m].antiPatterns.includes(value);
      expect(registered, `${module} exports ${exportName}, which is not in REGISTRY.${m}`).toBe(true);
    }
    // And the scan really sees the modules: every registered check and rule is exported from that folder.
    for (const v of [...REGISTRY[m].checks, ...REGISTRY[m].antiPatterns])
      expect(exported.some((e) => e.value === v)).toBe(true);
  });

  it.each(METHODOLOGIES)(
    'every registered %s check and rule has a test file under test/checks/<methodology>/ naming it',
    async (m) => {
      const exported = await exportedFrom(m);
      const tests = [...testFiles()].filter(([rel]) => rel.startsWith(`${m}/`));
      for (const c of REGISTRY[m].checks) {
        const names = [c.id, ...exported.filter((e) => e.value === c).map((e) => e.exportName)];
        const found = tests.some(([, text]) => names.some((n) => text.includes(n)));
        expect(found, `no test under test/checks/${m}/ mentions ${names.join(' or ')}`).toBe(true);
      }
      for (const r of REGISTRY[m].antiPatterns) {
        const names = exported.filter((e) => e.value === r).map((e) => e.exportName);
        const found = tests.some(([, text]) => names.some((n) => text.includes(n)));
        expect(found, `no anti-patterns test under test/checks/${m}/ names ${r.flag} (${names.join(', ')})`).toBe(true);
      }
    },
  );

  it('every component check is named in a test file under test/checks/', () => {
    const texts = [...testFiles().values()];
    const checks = Object.values(COMPONENT_CHECKS)
      .flatMap((c) => [c.agent, c.command])
      .filter((c) => c !== undefined);
    for (const c of checks)
      expect(
        texts.some((t) => t.includes(`'${c.id}`)),
        c.id,
      ).toBe(true);
  });
});
