import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import { validate } from '../src/rules/validate/index.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-market-');
const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# Notes\n`;

describe('marketplaces', () => {
  it('scores each local plugin it lists and reports missing and duplicate entries', async () => {
    tree.write(
      'mk/.claude-plugin/marketplace.json',
      JSON.stringify(
        {
          name: 'mk',
          owner: { name: 'Me' },
          plugins: [
            { name: 'alpha', source: './plugins/alpha' },
            { name: 'beta', source: './plugins/beta' },
            { name: 'gone', source: './plugins/gone' },
            { name: 'alpha', source: './plugins/alpha' },
            { name: 'remote', source: { source: 'github', repo: 'x/y' } },
          ],
        },
        null,
        2,
      ),
    );
    for (const p of ['alpha', 'beta']) {
      tree.write(`mk/plugins/${p}/.claude-plugin/plugin.json`, JSON.stringify({ name: p }));
      tree.write(`mk/plugins/${p}/skills/notes-${p}/SKILL.md`, SKILL(`notes-${p}`));
    }
    const run = await score([path.join(tree.root, 'mk')]);
    expect(run.results.map((r) => r.target.name).sort()).toEqual(['alpha', 'beta']);
    expect(run.results.every((r) => r.target.kind === 'plugin')).toBe(true);
    const rules = run.diagnostics.map((d) => d.ruleId);
    expect(rules).toContain('marketplace/missing-source');
    expect(rules).toContain('marketplace/duplicate-plugin');
    expect(run.diagnostics.every((d) => d.file.endsWith('.claude-plugin/marketplace.json'))).toBe(true);
  });

  it('a plugin folder that is also a marketplace gets its marketplace.json checked', async () => {
    tree.write('both/.claude-plugin/marketplace.json', '{ "name": "both", "plugins": [] }');
    tree.write('both/skills/notes/SKILL.md', SKILL('notes'));
    const report = await validate([path.join(tree.root, 'both')]);
    const d = report.diagnostics.find((x) => x.ruleId === 'marketplace/schema')!;
    expect(d.message).toMatch(/owner/);
    expect(d.file).toBe(`${path.join(tree.root, 'both')}/.claude-plugin/marketplace.json`);
    expect(report.errors).toBeGreaterThan(0);
  });

  it('the corpus marketplace (context-engineering) validates without marketplace errors', async () => {
    const report = await validate([path.resolve('../shared/corpus/context-engineering')]);
    expect(report.diagnostics.filter((d) => d.ruleId.startsWith('marketplace/'))).toEqual([]);
  });
});

describe('plugin evidence', () => {
  it('names each component behind a plugin dimension, so every number traces to its parts', async () => {
    tree.write('ev/.claude-plugin/plugin.json', JSON.stringify({ name: 'ev' }));
    tree.write('ev/skills/alpha/SKILL.md', SKILL('alpha'));
    tree.write(
      'ev/agents/helper.md',
      '---\nname: helper\ndescription: Use this agent when the user asks for help with notes.\n---\n\nHelp with ' +
        'notes.\n',
    );
    const run = await score([path.join(tree.root, 'ev')]);
    const r = run.results[0]!;
    const triggering = r.dimensions.find((d) => d.name === 'triggering_accuracy')!;
    const helper = r.components!.find((c) => c.name === 'helper')!;
    expect(triggering.evidence).toHaveLength(1);
    const line = triggering.evidence[0]!;
    expect(line).toMatch(
      new RegExp(`^static: mean over 2 components: alpha \\d\\.\\d\\d, agent helper ${helper.score!.toFixed(2)}$`),
    );
    // The mean of the values the evidence names is the dimension's score.
    const values = [...line.matchAll(/ (\d\.\d\d)(?=,|$)/g)].map((m) => Number(m[1]));
    expect(values).toHaveLength(2);
    expect((values[0]! + values[1]!) / 2).toBeCloseTo(triggering.score!, 2);
  });
});
