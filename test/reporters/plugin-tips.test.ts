import { describe, expect, it } from 'vitest';
import { ScoreResult } from '../../src/model/result.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { tipWhere } from '../../src/reporters/shared.js';
import { skillDetail } from '../../src/web/dashboard/detail.js';
import { OPTIONS, pluginResult } from './fixtures.js';

/** A plugin whose first tip is the same fix in four agents, and whose second is for one command. */
function pluginWithComponentTips(): ScoreResult {
  const base = pluginResult();
  const agents = ['alpha', 'bravo', 'charlie', 'delta'].map((n) => ({
    kind: 'agent' as const,
    path: `plugins/plugin-dev/agents/${n}.md`,
  }));
  return ScoreResult.parse({
    ...base,
    tips: [
      {
        id: 'agent-quality/model',
        source: 'check',
        dimension: 'triggering_accuracy',
        target: agents[0],
        components: agents,
        gain: 1.2,
        gainBasis: 'check',
        action: "Choose the agent's model.",
        example: 'model: inherit',
      },
      {
        id: 'command-quality/allowed-tools',
        source: 'check',
        dimension: 'triggering_accuracy',
        target: { kind: 'command', path: 'plugins/plugin-dev/commands/create-plugin.md' },
        gain: 0.4,
        gainBasis: 'check',
        action: 'Declare the tools the command may use.',
      },
    ],
  });
}

describe("a plugin's tips name their component in every format", () => {
  const r = pluginWithComponentTips();
  const grouped =
    '4 agents: plugins/plugin-dev/agents/alpha.md, plugins/plugin-dev/agents/bravo.md, ' +
    'plugins/plugin-dev/agents/charlie.md and 1 more';
  const single = 'command plugins/plugin-dev/commands/create-plugin.md';

  it('says which component, or how many and which, a tip is for', () => {
    expect(tipWhere(r.tips[0]!)).toBe(grouped);
    expect(tipWhere(r.tips[1]!)).toBe(single);
  });

  it('text, markdown, html, json and the dashboard detail all carry it', () => {
    const text = REPORTERS.text([r], { ...OPTIONS, width: 400 });
    const markdown = REPORTERS.markdown([r], OPTIONS);
    const html = REPORTERS.html([r], OPTIONS);
    for (const out of [text, markdown, html]) {
      expect(out).toContain(grouped);
      expect(out).toContain(single);
    }
    const json = JSON.parse(REPORTERS.json([r], OPTIONS)) as { results: ScoreResult[] };
    expect(ScoreResult.parse(json.results[0]).tips[0]!.components).toHaveLength(4);
    const detail = skillDetail(r, '');
    expect(detail.tips[0]!.subject).toContain(grouped);
    expect(detail.tips[1]!.subject).toContain(single);
  });
});
