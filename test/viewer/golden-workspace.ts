/**
 * A golden evals workspace for the viewer tests, written file by file so every case is visible: both run layouts
 * (run-N folders and skill-creator's flat configuration folder), eval_metadata.json in the eval folder and in the
 * run folder, the transcript fallback for the prompt, an infrastructure failure, every kind of output, a grading
 * file in the agentskills.io variant, a benchmark with the extra fields, and a previous iteration with feedback.
 */
import { tempTree } from '../support/tmp.js';

/** A 2x2 PNG (red, dark green / blue, white), made with python3 zlib+struct. */
export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAE0lEQVR4nGP4z8DAsACIGf4DAQAclwWcT4AauwAAAABJRU5ErkJggg==',
  'base64',
);

/** A one-page PDF with no text: enough to be embedded and offered for download. */
export const PDF_TEXT = [
  '%PDF-1.4',
  '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
  '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >> endobj',
  'trailer << /Root 1 0 R >>',
  '%%EOF',
  '',
].join('\n');

export const HOSTILE_HTML = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>bold?</b>';

export const BENCHMARK = {
  metadata: {
    skill_name: 'ocean-writer',
    timestamp: '2026-01-15T10:30:00Z',
    evals_run: [0, 1],
    runs_per_configuration: 2,
  },
  runs: [
    {
      eval_id: 0,
      eval_name: 'ocean',
      configuration: 'with_skill',
      run_number: 1,
      result: {
        pass_rate: 1,
        passed: 2,
        failed: 0,
        total: 2,
        time_seconds: 40,
        tokens: 3000,
        tool_calls: 3,
        errors: 0,
      },
      expectations: [
        { text: 'mentions tides', passed: true, evidence: 'line 3' },
        { text: 'has a title', passed: true, evidence: '# Ocean' },
      ],
    },
    {
      eval_id: 0,
      eval_name: 'ocean',
      configuration: 'with_skill',
      run_number: 2,
      result: {
        pass_rate: 0.5,
        passed: 1,
        failed: 1,
        total: 2,
        time_seconds: 50,
        tokens: 3400,
        tool_calls: 4,
        errors: 0,
      },
      expectations: [
        { text: 'mentions tides', passed: false, evidence: 'no tides' },
        { text: 'has a title', passed: true, evidence: '# Sea' },
      ],
    },
    {
      eval_id: 0,
      eval_name: 'ocean',
      configuration: 'without_skill',
      run_number: 1,
      result: {
        pass_rate: 0.5,
        passed: 1,
        failed: 1,
        total: 2,
        time_seconds: 30,
        tokens: 2000,
        tool_calls: 1,
        errors: 0,
      },
      expectations: [
        { text: 'mentions tides', passed: false, evidence: 'none' },
        { text: 'has a title', passed: true, evidence: '# Water' },
      ],
    },
    {
      eval_id: 0,
      eval_name: 'ocean',
      configuration: 'without_skill',
      run_number: 2,
      result: {
        pass_rate: 0,
        passed: 0,
        failed: 2,
        total: 2,
        time_seconds: 34,
        tokens: 2200,
        tool_calls: 1,
        errors: 1,
      },
      expectations: [
        { text: 'mentions tides', passed: false, evidence: 'none' },
        { text: 'has a title', passed: false, evidence: 'no heading' },
      ],
    },
  ],
  run_summary: {
    with_skill: {
      pass_rate: { mean: 0.75, stddev: 0.3536, min: 0.5, max: 1 },
      time_seconds: { mean: 45, stddev: 7.0711, min: 40, max: 50 },
      tokens: { mean: 3200, stddev: 282.8427, min: 3000, max: 3400 },
    },
    without_skill: {
      pass_rate: { mean: 0.25, stddev: 0.3536, min: 0, max: 0.5 },
      time_seconds: { mean: 32, stddev: 2.8284, min: 30, max: 34 },
      tokens: { mean: 2100, stddev: 141.4214, min: 2000, max: 2200 },
    },
    delta: { pass_rate: '+0.50', time_seconds: '+13.0', tokens: '+1100' },
    delta_ci: { pass_rate: { low: -0.25, high: 1, level: 0.95, resamples: 2000 } },
  },
  notes: ['Assertion "has a title" passes in both configurations </script><script>window.__pwned = 3</script>'],
  discrimination: [{ expectation: 'mentions tides', with_skill: 0.5, without_skill: 0 }],
  flaky_evals: ['ocean'],
};

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Write the golden workspace; returns its root (holding iteration-1 and iteration-2). */
export function writeGoldenWorkspace(options: { bigTextBytes?: number } = {}): {
  root: string;
  iteration2: string;
  iteration1: string;
  write(rel: string, data: string | Buffer): string;
} {
  const tree = tempTree('plugin-eval-viewer-');
  const w = (rel: string, data: string | Buffer): string => tree.write(`ws/${rel}`, data);

  // Iteration 1: one run, with the reviewer's feedback on it.
  w(
    'iteration-1/eval-0/eval_metadata.json',
    json({
      eval_id: 0,
      eval_name: 'ocean',
      prompt: 'Write a short report about the ocean.',
      assertions: ['mentions tides'],
    }),
  );
  w('iteration-1/eval-0/with_skill/run-1/outputs/report.md', '# Old report\n\nThe sea is big.\n');
  w(
    'iteration-1/feedback.json',
    json({
      reviews: [
        { run_id: 'eval-0-with_skill-run-1', feedback: 'too short, no tides', timestamp: '2026-01-14T09:00:00Z' },
      ],
      status: 'complete',
    }),
  );

  // Iteration 2, eval 0: metadata in the eval folder (the parent of the run's folders).
  w(
    'iteration-2/eval-0/eval_metadata.json',
    json({
      eval_id: 0,
      eval_name: 'ocean',
      prompt: 'Write a short report about the ocean.',
      assertions: ['mentions tides', 'has a title'],
    }),
  );
  const run = 'iteration-2/eval-0/with_skill/run-1';
  w(
    `${run}/outputs/report.md`,
    '# Ocean report\n\nThe **tides** rise twice a day. <script>window.__pwned = 4</script>\n\n- ' +
      '[source](https://example.org/tides)\n- [bad](javascript:alert(1))\n',
  );
  w(`${run}/outputs/page.html`, HOSTILE_HTML);
  w(`${run}/outputs/chart.png`, PNG_BYTES);
  w(
    `${run}/outputs/drawing.svg`,
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>window.__pwned = 5</script><rect ' +
      'width="10" height="10" fill="teal"/></svg>',
  );
  w(`${run}/outputs/summary.pdf`, PDF_TEXT);
  w(`${run}/outputs/big.log`, 'x'.repeat(options.bigTextBytes ?? 300 * 1024));
  w(`${run}/outputs/data.bin`, Buffer.from([0, 1, 2, 3, 255, 0, 7]));
  w(`${run}/outputs/nested/notes.txt`, 'nested file\n');
  w(
    `${run}/grading.json`,
    json({
      assertion_results: [
        { text: 'mentions tides', passed: true, evidence: 'The **tides** rise twice a day.' },
        { text: 'has a title', passed: false, evidence: 'Title is "Ocean report" <b>not</b> "Ocean"' },
      ],
      summary: { passed: 1, failed: 1, total: 2, pass_rate: 0.5 },
    }),
  );

  // The baseline run ended in an infrastructure failure: not graded, shown as what it is.
  const baseline = 'iteration-2/eval-0/without_skill/run-1';
  w(`${baseline}/outputs/.keep`, '');
  w(
    `${baseline}/run.json`,
    json({
      status: 'infra',
      infra_error: { kind: 'api_error', message: 'overloaded', status: 529 },
      runner: 'claude-agent-sdk',
      simulated: false,
      model: 'sonnet',
      configuration: 'without_skill',
      started_at: '2026-01-15T10:00:00Z',
      ended_at: '2026-01-15T10:00:05Z',
    }),
  );
  w(
    `${baseline}/grading.json`,
    json({
      expectations: [{ text: 'mentions tides', passed: false, evidence: 'no output' }],
      summary: { passed: 0, failed: 1, total: 1, pass_rate: 0 },
    }),
  );

  // Eval 1: metadata only in the run folder.
  w(
    'iteration-2/eval-1/with_skill/run-1/eval_metadata.json',
    json({ eval_id: 1, eval_name: 'reef', prompt: 'Describe a coral reef.', assertions: [] }),
  );
  w('iteration-2/eval-1/with_skill/run-1/outputs/reef.txt', 'Coral reefs are <alive>.\n');

  // Eval 2: skill-creator's flat layout (no run-N folder) and no metadata: the prompt comes from transcript.md.
  w('iteration-2/eval-2/without_skill/outputs/answer.txt', 'Forty-two.\n');
  w(
    'iteration-2/eval-2/without_skill/transcript.md',
    '# Transcript\n\n## Eval Prompt\n\nWhat is the answer?\nThink **carefully**.\n\n## Step 1\n\nThought about it.\n',
  );

  w('iteration-2/benchmark.json', json(BENCHMARK));
  return {
    root: `${tree.root}/ws`,
    iteration1: `${tree.root}/ws/iteration-1`,
    iteration2: `${tree.root}/ws/iteration-2`,
    write: w,
  };
}
