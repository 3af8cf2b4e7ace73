/**
 * The eval workflow's file schemas: the documented variants of skill-creator's files read, our own writes follow
 * the seed's form, and a bad file names its file, line and field.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { jsonSchemaFor } from '../../src/cli/commands/schema.js';
import { InputError } from '../../src/errors.js';
import {
  Benchmark,
  EvalsFileInput,
  FeedbackInput,
  GradingInput,
  deltaValue,
  expectationText,
  formatDelta,
} from '../../src/evals/schemas/index.js';
import { parseJsonAs, readJsonAs, writeJsonAs } from '../../src/evals/json-files.js';
import { Feedback } from '../../src/evals/schemas/feedback.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-evals-schemas-');

describe('evals.json', () => {
  it('reads `assertions` as `expectations`, plain and programmatic side by side', () => {
    const file = parseJsonAs(
      JSON.stringify({
        skill_name: 's',
        evals: [{ id: 1, prompt: 'p', assertions: ['says hi', { type: 'regex', pattern: 'hi' }] }],
      }),
      'evals.json',
      EvalsFileInput,
    );
    expect(file.evals[0]!.expectations).toEqual(['says hi', { type: 'regex', pattern: 'hi', in: 'output' }]);
    expect(file.evals[0]!.files).toEqual([]);
    expect(expectationText(file.evals[0]!.expectations[1]!)).toBe('output matches /hi/');
  });

  it('names the file, line and field of a bad entry', () => {
    const text =
      '{\n  "skill_name": "s",\n  "evals": [\n    {"id": 1, "prompt": "p"},\n    {"id": 1, "prompt": "q"}\n  ]\n}\n';
    expect(() => parseJsonAs(text, 'evals/evals.json', EvalsFileInput)).toThrow(
      /evals\/evals\.json:\d+: evals\[1\]\.id: duplicate id 1 \(also evals\[0\]\)/,
    );
    const unknownType =
      '{"skill_name": "s", "evals": [{"id": 1, "prompt": "p", "expectations": [{"type": "telepathy"}]}]}';
    expect(() => parseJsonAs(unknownType, 'e.json', EvalsFileInput)).toThrow(InputError);
    expect(() => parseJsonAs('{"skill_name": "s", "evals": [', 'e.json', EvalsFileInput)).toThrow(
      /^e\.json:1: invalid JSON: Unexpected end/,
    );
  });
});

describe('grading.json, benchmark.json, feedback.json variants', () => {
  const summary = { passed: 1, failed: 0, total: 1, pass_rate: 1 };
  it('reads `assertion_results` as `expectations` and refuses a file with neither', () => {
    const g = parseJsonAs(
      JSON.stringify({ assertion_results: [{ text: 't', passed: true, evidence: 'e' }], summary }),
      'grading.json',
      GradingInput,
    );
    expect(g.expectations).toEqual([{ text: 't', passed: true, evidence: 'e' }]);
    expect(() => parseJsonAs(JSON.stringify({ summary }), 'run-1/grading.json', GradingInput)).toThrow(
      /run-1\/grading\.json.*expectations: needs "expectations"/,
    );
  });

  it('accepts a delta as a string or a number and writes signed strings', () => {
    const base = {
      metadata: { skill_name: 's', timestamp: 't', evals_run: [1], runs_per_configuration: 1 },
      runs: [],
      notes: [],
    };
    const asNumber = Benchmark.parse({
      ...base,
      run_summary: { delta: { pass_rate: 0.5, time_seconds: -2, tokens: 10 } },
    });
    const asString = Benchmark.parse({
      ...base,
      run_summary: { delta: { pass_rate: '+0.50', time_seconds: '-2.0', tokens: '+10' } },
    });
    expect(deltaValue(asNumber.run_summary.delta!.pass_rate)).toBe(deltaValue(asString.run_summary.delta!.pass_rate));
    expect([formatDelta(0.5, 2), formatDelta(-2, 1), formatDelta(0, 0), formatDelta(-0.0001, 2)]).toEqual([
      '+0.50',
      '-2.0',
      '+0',
      '+0.00',
    ]);
  });

  it('reads both feedback shapes as reviews', () => {
    expect(FeedbackInput.parse({ 'eval-1-with_skill': 'too long' }).reviews).toEqual([
      { run_id: 'eval-1-with_skill', feedback: 'too long', timestamp: '' },
    ]);
    const viewer = {
      reviews: [{ run_id: 'r', feedback: 'ok', timestamp: '2026-01-01T00:00:00Z' }],
      status: 'complete',
    };
    expect(FeedbackInput.parse(viewer)).toEqual(viewer);
    // Broken viewer files are not read as a map of run ids.
    expect(FeedbackInput.safeParse({ status: 'complete' }).success).toBe(false);
    expect(FeedbackInput.safeParse({ reviews: 'x' }).success).toBe(false);
  });
});

describe('files on disk', () => {
  it('writes atomically what it validated and reads it back; refuses to write what fails its schema', async () => {
    const file = join(tree.dir('ws'), 'feedback.json');
    await writeJsonAs(file, Feedback, { reviews: [], status: 'in_progress' });
    expect(await readJsonAs(file, FeedbackInput)).toEqual({ reviews: [], status: 'in_progress' });
    await expect(writeJsonAs(file, Feedback, { reviews: 'no' } as never)).rejects.toThrow(
      /refusing to write .*reviews/,
    );
    await expect(readJsonAs(join(tree.dir('ws'), 'missing.json'), Feedback)).rejects.toThrow(
      /missing\.json: file does not exist/,
    );
  });

  it('publishes a JSON Schema for every file of the workflow', () => {
    for (const name of [
      'evals',
      'eval-metadata',
      'metrics',
      'timing',
      'eval-run',
      'grading',
      'benchmark',
      'comparison',
      'analysis',
      'history',
      'feedback',
      'trigger-eval-set',
      'skill-log-entry',
      'log-stats',
      'improvement-queue',
      'log-calibration',
    ]) {
      const schema = jsonSchemaFor(name) as { $ref: string; $defs: Record<string, { type?: string }> };
      const id = schema.$ref.replace('#/$defs/', '');
      expect(schema.$defs[id]?.type, name).toMatch(/object|array/);
    }
  });
});
