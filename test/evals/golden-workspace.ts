/**
 * Workspaces written by the tests, laid out as skill-creator and `evals run` lay them out. Each run is described by
 * its expectation verdicts and timing; the files are exactly what a grader and the runner would leave.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface RunSpec {
  /** Verdict per expectation text, in order. */
  verdicts?: Record<string, boolean>;
  timing?: Record<string, unknown>;
  /** grading.json's own timing block (skill-creator's grader copies it in). */
  gradingTiming?: Record<string, unknown>;
  outputChars?: number;
  toolCalls?: number;
  infra?: string;
  /** Name the list assertion_results (the agentskills.io docs' spelling). */
  assertionResults?: boolean;
  notes?: string[];
  model?: string;
}

const json = (file: string, value: unknown) => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
};

export function writeRun(runDir: string, spec: RunSpec, configuration: string): void {
  mkdirSync(path.join(runDir, 'outputs'), { recursive: true });
  writeFileSync(path.join(runDir, 'outputs', 'answer.md'), `answer from ${configuration}\n`);
  if (spec.infra !== undefined || spec.model !== undefined) {
    json(path.join(runDir, 'run.json'), {
      status: spec.infra !== undefined ? 'infra' : 'ok',
      ...(spec.infra !== undefined ? { infra_error: { kind: 'timeout', message: spec.infra } } : {}),
      runner: 'claude-agent-sdk',
      simulated: false,
      model: spec.model ?? 'claude-sonnet-4-6',
      configuration,
      skill_path: '/skills/ocean-skill',
      started_at: '2026-01-15T10:30:00Z',
      ended_at: '2026-01-15T10:31:00Z',
    });
  }
  if (spec.timing !== undefined) json(path.join(runDir, 'timing.json'), spec.timing);
  if (spec.verdicts === undefined) return;
  const expectations = Object.entries(spec.verdicts).map(([text, passed]) => ({
    text,
    passed,
    evidence: passed ? 'found' : 'not found',
  }));
  const passed = expectations.filter((e) => e.passed).length;
  json(path.join(runDir, 'grading.json'), {
    [spec.assertionResults ? 'assertion_results' : 'expectations']: expectations,
    summary: {
      passed,
      failed: expectations.length - passed,
      total: expectations.length,
      pass_rate: Math.round((passed / expectations.length) * 100) / 100,
    },
    execution_metrics: {
      total_tool_calls: spec.toolCalls ?? 5,
      errors_encountered: 0,
      output_chars: spec.outputChars ?? 12450,
    },
    ...(spec.gradingTiming ? { timing: spec.gradingTiming } : {}),
    ...(spec.notes ? { user_notes_summary: { uncertainties: spec.notes, needs_review: [], workarounds: [] } } : {}),
  });
}

export function writeEvalMetadata(dir: string, evalId: number, evalName: string): void {
  json(path.join(dir, 'eval_metadata.json'), {
    eval_id: evalId,
    eval_name: evalName,
    prompt: `task ${evalId}`,
    assertions: [],
  });
}

const v = (names: string[], bits: string): Record<string, boolean> =>
  Object.fromEntries(names.map((n, i) => [n, bits[i] === '1']));
const OCEAN = ['Report names the ocean', 'Includes a depth table', 'Cites NOAA'];
const INVOICE = ['Total is 1,234.50', 'Currency is EUR', 'Uses a table'];

/**
 * The golden iteration (values in scripts/evals_reference.py GOLDEN): old_skill vs with_skill, a descriptive eval
 * folder (ocean-report, eval 1) and eval-2; eval 2 old_skill run 3 is an infra failure; eval 1 with_skill run 4 was
 * never graded; eval 2 old_skill run 2 has no timing.json (time from grading.json, tokens unmeasured).
 */
export function writeGoldenIteration(iteration: string): void {
  const ocean = path.join(iteration, 'ocean-report');
  const invoice = path.join(iteration, 'eval-2');
  writeEvalMetadata(ocean, 1, 'Ocean report');
  writeEvalMetadata(invoice, 2, 'Invoice totals');
  const t = (seconds: number, tokens: number) => ({
    total_tokens: tokens,
    duration_ms: seconds * 1000,
    total_duration_seconds: seconds,
  });
  const runs: [string, string, number, RunSpec][] = [
    [
      ocean,
      'with_skill',
      1,
      {
        verdicts: v(OCEAN, '110'),
        timing: t(40.0, 3800),
        assertionResults: true,
        notes: ['Used 2023 data, may be stale'],
      },
    ],
    [
      ocean,
      'with_skill',
      2,
      {
        verdicts: v(OCEAN, '110'),
        timing: t(42.5, 4100),
        gradingTiming: { executor_duration_seconds: 999, total_duration_seconds: 1999 },
      },
    ],
    [ocean, 'with_skill', 3, { verdicts: v(OCEAN, '110'), timing: t(38.0, 3600) }],
    [ocean, 'with_skill', 4, { timing: t(41.0, 3900) }],
    [ocean, 'old_skill', 1, { verdicts: v(OCEAN, '100'), timing: t(30.0, 2100) }],
    [ocean, 'old_skill', 2, { verdicts: v(OCEAN, '110'), timing: t(31.5, 2500) }],
    [ocean, 'old_skill', 3, { verdicts: v(OCEAN, '100'), timing: t(29.0, 1800) }],
    [invoice, 'with_skill', 1, { verdicts: v(INVOICE, '111'), timing: t(45.0, 5000), model: 'claude-sonnet-4-6' }],
    [invoice, 'with_skill', 2, { verdicts: v(INVOICE, '010'), timing: t(200.0, 9000) }],
    [invoice, 'with_skill', 3, { verdicts: v(INVOICE, '110'), timing: t(41.0, 4800) }],
    [invoice, 'old_skill', 1, { verdicts: v(INVOICE, '010'), timing: t(35.0, 2600) }],
    [
      invoice,
      'old_skill',
      2,
      {
        verdicts: v(INVOICE, '001'),
        gradingTiming: { executor_duration_seconds: 33.0, grader_duration_seconds: 27, total_duration_seconds: 60.0 },
      },
    ],
    [invoice, 'old_skill', 3, { infra: 'the agent did not answer within 300 s', timing: t(300, 0) }],
  ];
  for (const [evalDir, configuration, n, spec] of runs)
    writeRun(path.join(evalDir, configuration, `run-${n}`), spec, configuration);
}
