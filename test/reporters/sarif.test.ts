import { describe, expect, it } from 'vitest';
import { REPORTERS, SARIF_SCHEMA } from '../../src/reporters/index.js';
import { artifactUri } from '../../src/reporters/sarif.js';
import { OPTIONS, hostileResult, manyResults, pluginResult, troubledSkill } from './fixtures.js';
import { checkSarif } from '../support/sarif-shape.js';

interface Sarif {
  $schema: string;
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        version: string;
        informationUri?: string;
        rules: { id: string; shortDescription: { text: string }; defaultConfiguration: { level: string } }[];
      };
    };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: {
        physicalLocation: { artifactLocation: { uri: string }; region?: { startLine: number; startColumn?: number } };
      }[];
    }[];
    properties: { scores: { path: string; composite: number; badge: string }[] };
  }[];
}

const sarif = (results = [troubledSkill()], options = OPTIONS) =>
  JSON.parse(REPORTERS.sarif(results, options)) as Sarif;

describe('sarif reporter', () => {
  it('has the SARIF 2.1.0 envelope and tool driver', () => {
    const log = sarif();
    expect(log.$schema).toBe(SARIF_SCHEMA);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    expect(log.runs[0]?.tool.driver).toMatchObject({ name: 'plugin-eval', version: '0.1.0' });
  });

  it('reports every diagnostic and anti-pattern, each pointing at a declared rule', () => {
    const r = troubledSkill();
    const run = sarif([r]).runs[0];
    expect(run?.results).toHaveLength(r.diagnostics.length + r.antiPatterns.length);
    const rules = run?.tool.driver.rules ?? [];
    expect(new Set(rules.map((x) => x.id)).size).toBe(rules.length);
    for (const res of run?.results ?? []) {
      expect(rules[res.ruleIndex]?.id).toBe(res.ruleId);
      expect(res.message.text.length).toBeGreaterThan(0);
      expect(res.locations).toHaveLength(1);
      const region = res.locations[0]?.physicalLocation.region;
      if (region) {
        expect(region.startLine).toBeGreaterThanOrEqual(1);
        if (region.startColumn !== undefined) expect(region.startColumn).toBeGreaterThanOrEqual(1);
      }
    }
  });

  it('maps severities to SARIF levels and locates diagnostics under the target', () => {
    const run = sarif().runs[0];
    const byRule = Object.fromEntries((run?.results ?? []).map((x) => [x.ruleId, x]));
    expect(byRule['frontmatter/yaml-syntax']?.level).toBe('error');
    expect(byRule['frontmatter/yaml-syntax']?.locations[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: 'plugins/plugin-dev/skills/skill-development/SKILL.md' },
      region: { startLine: 3, startColumn: 14 },
    });
    expect(byRule['structure/no-examples']?.level).toBe('warning');
    // Line 0 means the whole file: no region at all.
    expect(byRule['structure/no-examples']?.locations[0]?.physicalLocation.region).toBeUndefined();
    expect(byRule['links/external']?.level).toBe('note');
    expect(byRule['links/external']?.locations[0]?.physicalLocation.region).toEqual({ startLine: 12 });
  });

  it('reports anti-patterns as warnings at SKILL.md, with the line when known', () => {
    const run = sarif().runs[0];
    const aps = (run?.results ?? []).filter((x) => x.ruleId.startsWith('anti-pattern/'));
    expect(aps).toHaveLength(5);
    expect(aps.every((x) => x.level === 'warning')).toBe(true);
    for (const x of aps)
      expect(x.locations[0]?.physicalLocation.artifactLocation.uri).toBe(
        'plugins/plugin-dev/skills/skill-development/SKILL.md',
      );
    const dead = aps
      .filter((x) => x.ruleId === 'anti-pattern/DEAD_CROSS_REF')
      .map((x) => x.locations[0]?.physicalLocation.region?.startLine);
    expect(dead).toEqual([42, 42, 97, 130]);
    const orphan = aps.find((x) => x.ruleId === 'anti-pattern/ORPHAN_REFERENCE');
    expect(orphan?.locations[0]?.physicalLocation.region).toBeUndefined();
    expect(orphan?.message.text).toMatch(/^ORPHAN_REFERENCE: SKILL\.md links to/);
    const rule = run?.tool.driver.rules.find((x) => x.id === 'anti-pattern/DEAD_CROSS_REF');
    expect(rule?.defaultConfiguration.level).toBe('warning');
  });

  it('keeps the scores of every result in the run properties and shares rules across results', () => {
    const results = [...manyResults(), pluginResult()];
    const run = sarif(results).runs[0];
    expect(run?.properties.scores.map((s) => s.path)).toEqual(results.map((r) => r.target.path));
    expect(run?.tool.driver.rules.filter((x) => x.id === 'anti-pattern/ORPHAN_REFERENCE')).toHaveLength(1);
  });

  it("meets the SARIF 2.1.0 schema's constraints for every fixture", () => {
    for (const results of [[troubledSkill()], [...manyResults(), pluginResult()], [hostileResult()], []]) {
      expect(() => checkSarif(REPORTERS.sarif(results, OPTIONS))).not.toThrow();
    }
  });

  it('survives hostile strings (JSON escaping) and an empty run', () => {
    const log = sarif([hostileResult()]);
    expect(log.runs[0]?.results.find((x) => x.level === 'error')?.message.text).toContain('<script>');
    expect(sarif([]).runs[0]?.results).toEqual([]);
  });
});

describe('artifactUri', () => {
  it.each([
    ['skills/a', 'SKILL.md', 'skills/a/SKILL.md'],
    ['skills/a/', './references/x.md', 'skills/a/references/x.md'],
    ['skills/a', 'skills/a/SKILL.md', 'skills/a/SKILL.md'],
    ['.', 'SKILL.md', 'SKILL.md'],
    ['skills/a', '', 'skills/a'],
    ['my skills/a#1', 'notes?.md', 'my%20skills/a%231/notes%3F.md'],
    ['/abs/skill', 'SKILL.md', 'file:///abs/skill/SKILL.md'],
    ['skills\\win', 'refs\\x.md', 'skills/win/refs/x.md'],
    ['C:\\work\\skill', 'SKILL.md', 'file:///C:/work/skill/SKILL.md'],
  ])('%s + %s -> %s', (target, file, uri) => {
    expect(artifactUri(target, file)).toBe(uri);
  });
});
