import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { aggregate } from '../../src/logs/aggregate.js';
import { bandOf, frequencyScore, improvementQueue } from '../../src/logs/improve.js';
import { EMPTY_PINNED_BODY, extractPinned, renderLearnings } from '../../src/logs/learnings-md.js';
import { writeLearnings } from '../../src/logs/learnings.js';
import { reviewStats } from '../../src/logs/stats.js';
import { tempTree } from '../support/tmp.js';
import { NOW, goldenEntries } from './golden.js';

const window = { now: NOW, days: 30 };

describe('aggregate (golden logs)', () => {
  const result = aggregate(goldenEntries(), window);
  const alpha = result.skills.find((s) => s.skill === 'demo:alpha')!;
  const beta = result.skills.find((s) => s.skill === 'demo:beta')!;

  it('counts executions in the period, synthetic sessions excluded and counted', () => {
    expect(result.executions).toBe(9);
    expect(result.syntheticExcluded).toBe(3);
    expect(result.skills.map((s) => s.skill)).toEqual(['demo:alpha', 'demo:beta']);
  });

  it('per skill: outcomes, rates, durations, human ratings only', () => {
    expect([alpha.total, alpha.success, alpha.failure, alpha.partial]).toEqual([6, 3, 2, 1]);
    expect(alpha.successRate).toBe(0.5);
    expect(alpha.avgDurationMs).toBe(6000);
    expect(alpha.maxDurationMs).toBe(21000);
    expect(alpha.avgRating).toBe(2);
    expect(alpha.ratings).toBe(4);
    expect(beta.avgRating).toBe(5); // the automated rating 1 is not a person's
    expect(beta.avgDurationMs).toBe(13000);
    expect(alpha.recentErrors.map((e) => e.error)).toEqual(['boom 2', 'boom 1']);
  });

  it('friction is grouped by meaning; suggestions too', () => {
    expect(alpha.topFriction.map((f) => [f.label, f.count])).toEqual([
      ['Missing examples for X', 2],
      ['Too slow', 1],
    ]);
    expect(alpha.frictionRatings.get('Missing examples for X')).toBe(2.5);
    expect(alpha.suggestions.map((f) => f.label)).toEqual(['Add examples for X']);
  });

  it("issues follow the reference's thresholds", () => {
    expect(alpha.issues.map((i) => [i.kind, i.severity])).toEqual([
      ['high_failure_rate', 'high'],
      ['low_rating', 'medium'],
    ]);
    expect(beta.issues).toEqual([]);
  });

  it('excessive_failures above 10 failures', () => {
    const many = Array.from({ length: 11 }, (_u, i) => ({ ...goldenEntries()[4]!, invocation_id: `f${i}` }));
    const s = aggregate(many, window).skills[0]!;
    expect(s.issues.map((i) => i.kind)).toEqual(['high_failure_rate', 'excessive_failures']);
  });
});

describe('improvement queue', () => {
  it('frequency scale and bands', () => {
    expect([0, 0.049, 0.05, 0.15, 0.3, 0.5, 1].map(frequencyScore)).toEqual([1, 1, 2, 3, 4, 5, 5]);
    expect([5.01, 5, 2, 1.99].map(bandOf)).toEqual(['implement', 'discuss', 'discuss', 'defer']);
  });

  it('priorities of the golden logs, worked out by hand', () => {
    const queue = improvementQueue(aggregate(goldenEntries(), window).skills);
    const rows = queue.map((q) => [
      q.skill,
      q.source,
      q.frequency,
      q.impact,
      q.ease,
      Number(q.priority.toFixed(4)),
      q.band,
    ]);
    expect(rows).toEqual([
      // 2 of 4 reviews mention it (50% -> 5); their mean rating 2.5 -> impact 2; ease 1: 10.
      ['demo:alpha', 'friction', 5, 2, 1, 10, 'implement'],
      // 1 of 4 (25% -> 3); rating 1 -> impact 3; 9.
      ['demo:alpha', 'friction', 3, 3, 1, 9, 'implement'],
      // failures 2 of 6 (33% -> 4) x high 3 / 2 = 6.
      ['demo:alpha', 'high_failure_rate', 4, 3, 2, 6, 'implement'],
      // ratings below 3: 3 of 4 (75% -> 5) x medium 2 / 2 = 5: not above 5.
      ['demo:alpha', 'low_rating', 5, 2, 2, 5, 'discuss'],
      // beta: every run above 10 s (5) x 2 / 3.
      ['demo:beta', 'slow', 5, 2, 3, 3.3333, 'discuss'],
    ]);
  });
});

describe('review statistics', () => {
  const stats = reviewStats(goldenEntries(), window);
  it('coverage counts only executions whose 7-day window has closed', () => {
    // Closed (ran before 2026-01-24T12:00Z): alpha 1-4, beta 01-05 and 01-20 = 6. Reviewed by a person within 7
    // days: alpha 1 (2 d), 3 (1 d), 4 (1 d), beta 01-05 (1 d) = 4; alpha 2 was reviewed after 14 days, beta 01-20
    // only automatically. Pending: alpha 5, 6, beta 01-28.
    expect(stats.coverage).toMatchObject({ reviewedInTime: 4, windowClosed: 6, pending: 3, belowTarget: false });
    expect(stats.coverage.rate).toBeCloseTo(4 / 6, 12);
    expect(stats.responseRate).toBeCloseTo(6 / 9, 12);
    expect(stats.syntheticExcluded).toBe(3);
    expect(stats.skills).toEqual([
      { skill: 'demo:alpha', executions: 6, reviewed: 4, avgRating: 2 },
      { skill: 'demo:beta', executions: 3, reviewed: 2, avgRating: 5 },
    ]);
    expect(stats.topFriction[0]).toEqual({ label: 'Missing examples for X', count: 2, wordings: 2 });
  });

  it('coverage is not measurable before any window closes, and flagged below 20%', () => {
    const young = reviewStats(goldenEntries(), { now: new Date('2026-01-11T00:00:00Z'), days: 30 });
    expect(young.coverage.rate).toBeNull();
    expect(young.coverage.belowTarget).toBeNull();
    const unreviewed = reviewStats(
      goldenEntries().map((e) => ({ ...e, qualitative_evaluation: null })),
      window,
    );
    expect(unreviewed.coverage.rate).toBe(0);
    expect(unreviewed.coverage.belowTarget).toBe(true);
  });
});

describe('LEARNINGS.md', () => {
  const tree = tempTree('learnings-');
  const result = aggregate(goldenEntries(), window);

  it('has the reference sections with the numbers', () => {
    const md = renderLearnings(result, { now: NOW, days: 30, queue: improvementQueue(result.skills) });
    expect(md).toContain(
      '**Last Updated**: 2026-01-31 12:00:00 UTC\n**Analysis Period**: Last 30 days\n**Skills Analyzed**: ' +
        '2\n**Total Executions**: 9 (3 synthetic excluded)',
    );
    const headings = md.split('\n').filter((l) => l.startsWith('## '));
    expect(headings).toEqual([
      '## Pinned Learnings',
      '## High-Impact Issues',
      '## Slow Execution',
      '## Low User Ratings',
      '## Improvement Queue',
      '## Skill Performance Summary',
    ]);
    expect(md).toContain('| `demo:beta` | 13.0s | 14.0s | 3 |');
    expect(md).toContain('### demo:alpha - 2.0/5.0 (4 reviews)');
    expect(md).toContain('| `demo:alpha` | 6 | 50.0% | 6.0s | 2.0/5.0 |');
    expect(md).toContain(
      '| 10.00 | implement | `demo:alpha` | Friction: Missing examples for X (2 mentions) | 5 | 2 | 1 |',
    );
  });

  it('keeps the pinned section byte for byte across regenerations (code fences and odd spacing included)', async () => {
    const pinnedBody =
      '\n  - Always   retry on 503  \n\n```md\n## not a heading inside a fence\n```\n\r\nTrailing text\n\n\n';
    const file = tree.write(
      'skills/LEARNINGS.md',
      `# Old\n\n## Pinned Learnings\n${pinnedBody}## High-Impact Issues\n\nold content\n`,
    );
    expect(extractPinned(readFileSync(file, 'utf8'))).toBe(pinnedBody);
    const first = await writeLearnings(goldenEntries(), { ...window, file });
    expect(first.pinnedKept).toBe(true);
    const once = readFileSync(file, 'utf8');
    expect(once).toContain(`## Pinned Learnings\n${pinnedBody}## High-Impact Issues`);
    expect(once).not.toContain('old content');
    await writeLearnings(goldenEntries(), { ...window, file });
    expect(readFileSync(file, 'utf8')).toBe(once);
  });

  it('finds the pinned section however its heading is spelled, and writes it back under the usual heading', async () => {
    for (const heading of ['## Pinned learnings ', '# PINNED LEARNINGS', '### Pinned  Learnings ##']) {
      const file = tree.write(
        `spelled-${heading.length}.md`,
        `# Skill Learnings\n\n${heading}\n\n- KEEP: retry on 503\n\n## High-Impact Issues\n\nold\n`,
      );
      expect(extractPinned(readFileSync(file, 'utf8')), heading).toBe('\n- KEEP: retry on 503\n\n');
      expect((await writeLearnings(goldenEntries(), { ...window, file })).pinnedKept).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain(
        '## Pinned Learnings\n\n- KEEP: retry on 503\n\n## High-Impact Issues',
      );
    }
    // Only a heading that says so: a line mentioning pinned learnings in passing is not one.
    expect(extractPinned('# T\n\nSee the pinned learnings below.\n')).toBeUndefined();
  });

  it('starts a pinned section when the file has none, and a pinned section at the end of a file keeps its text', async () => {
    const fresh = path.join(tree.root, 'fresh.md');
    await writeLearnings(goldenEntries(), { ...window, file: fresh });
    expect(extractPinned(readFileSync(fresh, 'utf8'))).toBe(EMPTY_PINNED_BODY);
    const atEnd = tree.write('end.md', '# T\n\n## Pinned Learnings\n\nSticky note.');
    await writeLearnings(goldenEntries(), { ...window, file: atEnd });
    expect(readFileSync(atEnd, 'utf8')).toContain('## Pinned Learnings\n\nSticky note.\n## High-Impact Issues');
  });
});
