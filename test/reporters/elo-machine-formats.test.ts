/**
 * certify's rating in the machine formats: JUnit and SARIF said nothing about Elo, so a rating that failed calls kept
 * from being measured (the run exits 3, partial) showed as a passing test case and a successful SARIF invocation.
 */
import { describe, expect, it } from 'vitest';
import { unmeasuredElo } from '../../src/rank/rank.js';
import type { ScoreResult } from '../../src/model/result.js';
import { REPORTERS } from '../../src/reporters/index.js';
import { checkSarif } from '../support/sarif-shape.js';
import { OPTIONS, skillResult } from './fixtures.js';
import { findAll, parseXml } from './xml.js';

const REASON = 'only 0 of 10 matchups measured (10 unmeasured); a rating needs at least 5';
const base = (): ScoreResult =>
  skillResult({ name: 'notes', path: 'skills/notes', dims: { triggering_accuracy: 0.9 } });
const infra = (): ScoreResult => ({
  ...base(),
  elo: { ...unmeasuredElo(REASON), infrastructureFailure: true, unmeasured: 10 },
});
const setUp = (): ScoreResult => ({
  ...base(),
  elo: unmeasuredElo('no corpus index at /c/index.json: run plugin-eval init SOURCE'),
});

interface Invocation {
  executionSuccessful: boolean;
  toolExecutionNotifications: { level: string; descriptor: { id: string }; message: { text: string } }[];
}
const sarifOf = (r: ScoreResult) => {
  const text = REPORTERS.sarif([r], OPTIONS);
  const log = JSON.parse(text) as {
    runs: { invocations: Invocation[]; properties: { scores: { elo?: unknown }[] } }[];
  };
  return { text, run: log.runs[0]! };
};

describe('Elo not measured in every format', () => {
  it('JUnit: failed calls (exit 3) fail the test case as not measured, with the reason; a set-up reason is said, not failed', () => {
    const doc = parseXml(REPORTERS.junit([infra()], OPTIONS));
    const failure = findAll(doc, 'failure')[0];
    expect(failure?.attrs.type).toBe('not-measured');
    expect(failure?.attrs.message).toContain('Elo not measured (exit code 3)');
    expect(failure?.text).toContain(`Elo not measured: ${REASON}`);
    expect(findAll(doc, 'system-out')[0]?.text).toContain(`Elo not rated: ${REASON}`);

    // The human-readable formats say why too: failed calls, and that the run is partial.
    for (const format of ['text', 'markdown', 'html'] as const) {
      expect(REPORTERS[format]([infra()], OPTIONS).replace(/\s+/g, ' '), format).toContain(
        `Elo not rated: ${REASON} (model calls failed, not the skill: the run is partial, exit code 3)`,
      );
      expect(REPORTERS[format]([setUp()], OPTIONS), format).not.toContain('model calls failed');
    }

    const quiet = parseXml(REPORTERS.junit([setUp()], OPTIONS));
    expect(findAll(quiet, 'failure')).toHaveLength(0);
    expect(findAll(quiet, 'system-out')[0]?.text).toContain('Elo not rated: no corpus index at /c/index.json');
  });

  it('SARIF: failed calls make the invocation unsuccessful with an error notification; a set-up reason is a note', () => {
    const bad = sarifOf(infra());
    checkSarif(bad.text);
    expect(bad.run.invocations[0]!.executionSuccessful).toBe(false);
    expect(bad.run.invocations[0]!.toolExecutionNotifications).toContainEqual({
      level: 'error',
      descriptor: { id: 'not-measured/elo' },
      message: { text: `skills/notes: Elo not measured: ${REASON}` },
    });
    expect(bad.run.properties.scores[0]!.elo).toEqual({ status: 'unmeasured', rating: null, reason: REASON });

    const note = sarifOf(setUp());
    expect(note.run.invocations[0]!.executionSuccessful).toBe(true);
    expect(note.run.invocations[0]!.toolExecutionNotifications.map((n) => [n.level, n.descriptor.id])).toContainEqual([
      'note',
      'not-measured/elo',
    ]);
    // score (no rating asked for) adds nothing.
    expect(sarifOf(base()).run.properties.scores[0]!.elo).toBeUndefined();
  });

  it('Markdown keeps each Elo line on one line: a name or an error text with line breaks cannot start a heading, a table or leave the list', () => {
    const evil = 'ev|il\n## Injected heading\r\n| a | b |\x1b[31m';
    const r: ScoreResult = {
      ...base(),
      elo: {
        ...unmeasuredElo(`the judge said: ${evil}`),
        infrastructureFailure: true,
        references: [
          {
            name: evil,
            path: '/p',
            rating: 1500,
            outcome: 'unmeasured',
            positionBias: false,
            reason: `HTTP 500: ${evil}`,
            ratingBefore: null,
            ratingAfter: null,
            verdicts: [],
          },
        ],
        notes: [`note ${evil}`],
      },
    };
    const md = REPORTERS.markdown([r], OPTIONS);
    const lines = md.split('\n');
    expect(lines.filter((l) => l.includes('Injected heading'))).toHaveLength(3);
    for (const l of lines.filter((x) => x.includes('Injected heading'))) expect(l).toMatch(/^(\*\*Elo not rated|- )/);
    expect(lines.some((l) => l.startsWith('## Injected') || l.startsWith('| a |'))).toBe(false);
    expect(md).not.toContain('\x1b');
  });
});
