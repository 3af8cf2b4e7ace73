import { execFileSync } from 'node:child_process';
import { symlinkSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/errors.js';
import { benchmarkView, tableOfValue } from '../../src/web/viewer/benchmark-view.js';
import {
  collectViewerData,
  promptFromTranscript,
  resolvePreviousTarget,
  resolveViewTarget,
  runIdOf,
} from '../../src/web/viewer/collect.js';
import type { RunView } from '../../src/web/viewer/model.js';
import { BENCHMARK, PNG_BYTES, writeGoldenWorkspace } from './golden-workspace.js';
import { Benchmark } from '../../src/evals/schemas/benchmark.js';

const ws = writeGoldenWorkspace();

async function collect(input = ws.root, previous?: string | false) {
  const target = resolveViewTarget(input);
  return collectViewerData(target, { previous: resolvePreviousTarget(target, previous), mode: 'static' });
}

const runById = (runs: RunView[], id: string): RunView => {
  const run = runs.find((r) => r.id === id);
  if (!run) throw new Error(`no run ${id}; have ${runs.map((r) => r.id).join(', ')}`);
  return run;
};

describe('viewer: which iteration', () => {
  it('a workspace means its latest iteration; --iteration picks another; an iteration folder is itself', () => {
    expect(resolveViewTarget(ws.root)).toMatchObject({ iterationDir: ws.iteration2, workspace: ws.root, iteration: 2 });
    expect(resolveViewTarget(ws.root, 1)).toMatchObject({ iterationDir: ws.iteration1, iteration: 1 });
    expect(resolveViewTarget(ws.iteration2)).toMatchObject({
      iterationDir: ws.iteration2,
      workspace: ws.root,
      iteration: 2,
    });
  });

  it('names what is wrong with a missing folder, a missing iteration, or --iteration on an iteration folder', () => {
    expect(() => resolveViewTarget(path.join(ws.root, 'nope'))).toThrow(/nope: no such folder/);
    expect(() => resolveViewTarget(ws.root, 7)).toThrow(/has no iteration-7 \(it has iteration-1, iteration-2\)/);
    expect(() => resolveViewTarget(ws.iteration2, 1)).toThrow(InputError);
  });

  it('the previous iteration is the workspace one before, unless another is given or none is asked for', () => {
    const current = resolveViewTarget(ws.root);
    expect(resolvePreviousTarget(current, undefined)?.iterationDir).toBe(ws.iteration1);
    expect(resolvePreviousTarget(current, false)).toBeUndefined();
    // Naming the same workspace means its iteration before the one shown, not the one shown.
    expect(resolvePreviousTarget(current, ws.root)?.iterationDir).toBe(ws.iteration1);
    expect(resolvePreviousTarget(resolveViewTarget(ws.iteration1), undefined)).toBeUndefined();
  });
});

describe('viewer: collecting runs', async () => {
  const data = await collect();

  it("gives skill-creator's run ids (path under the iteration, / -> -), both layouts, with_skill first in an eval", () => {
    expect(data.runs.map((r) => r.id)).toEqual([
      'eval-0-with_skill-run-1',
      'eval-0-without_skill-run-1',
      'eval-1-with_skill-run-1',
      'eval-2-without_skill',
    ]);
    expect(runIdOf('/w/iteration-1', '/w/iteration-1/eval-0/with_skill')).toBe('eval-0-with_skill');
  });

  it('reads the prompt from eval_metadata.json in the eval folder, in the run folder, else from transcript.md', () => {
    expect(runById(data.runs, 'eval-0-with_skill-run-1')).toMatchObject({
      prompt: 'Write a short report about the ocean.',
      promptSource: 'eval_metadata',
      evalName: 'ocean',
    });
    expect(runById(data.runs, 'eval-1-with_skill-run-1')).toMatchObject({
      prompt: 'Describe a coral reef.',
      promptSource: 'eval_metadata',
      evalName: 'reef',
    });
    expect(runById(data.runs, 'eval-2-without_skill')).toMatchObject({
      prompt: 'What is the answer?\nThink **carefully**.',
      promptSource: 'transcript',
      evalName: 'eval-2',
    });
  });

  it('the transcript section ends at the next heading of level 1 or 2, and an empty one is no prompt', () => {
    expect(promptFromTranscript('## Eval Prompt\nHello\n### detail\nmore\n## Next\nx')).toBe('Hello\n### detail\nmore');
    expect(promptFromTranscript('## Eval Prompt\n\n## Next\n')).toBeUndefined();
    expect(promptFromTranscript('no prompt here')).toBeUndefined();
  });

  it('shows an infrastructure failure as one: not graded, even though a grading.json is there', () => {
    const infra = runById(data.runs, 'eval-0-without_skill-run-1');
    expect(infra.status).toEqual({ kind: 'infra', message: 'api_error (HTTP 529): overloaded' });
    expect(infra.grades).toBeNull();
  });

  it('in an iteration evals run wrote, a run folder without run.json (cut short) is shown as not measured, its grades not as a verdict', async () => {
    const planned = writeGoldenWorkspace({ bigTextBytes: 10 });
    planned.write('iteration-2/evals_run.json', '{"kind": "evals-run"}');
    const cut = runById((await collect(planned.root)).runs, 'eval-0-with_skill-run-1');
    expect(cut.status).toEqual({ kind: 'infra', message: expect.stringMatching(/^cut short: no run\.json/) });
    expect(cut.grades).toBeNull();
    // Without the plan (skill-creator's layout, no run.json ever) the same folder is a run like any other.
    expect(runById(data.runs, 'eval-0-with_skill-run-1')).toMatchObject({
      status: { kind: 'ok' },
      grades: { passed: 1, total: 2 },
    });
  });

  it('reads grades from the assertion_results variant, with evidence', () => {
    const run = runById(data.runs, 'eval-0-with_skill-run-1');
    expect(run.grades).toEqual({
      passed: 1,
      total: 2,
      expectations: [
        { text: 'mentions tides', passed: true, evidence: 'The **tides** rise twice a day.' },
        { text: 'has a title', passed: false, evidence: 'Title is "Ocean report" <b>not</b> "Ocean"' },
      ],
    });
    expect(run.status).toEqual({ kind: 'ok' });
  });

  it('reads each kind of output: markdown rendered safely, html as text, images and PDFs as data URIs, binaries listed, big text cut', () => {
    const outputs = runById(data.runs, 'eval-0-with_skill-run-1').outputs;
    const byName = Object.fromEntries(outputs.map((o) => [o.name, o]));
    expect(Object.keys(byName)).toEqual([
      'big.log',
      'chart.png',
      'data.bin',
      'drawing.svg',
      'nested/notes.txt',
      'page.html',
      'report.md',
      'summary.pdf',
    ]);
    expect(byName['report.md']!.kind).toBe('markdown');
    expect(byName['report.md']!.html).toContain('<strong>tides</strong>');
    expect(byName['report.md']!.html).toContain('&lt;script&gt;');
    expect(byName['report.md']!.html).not.toContain('<script');
    expect(byName['report.md']!.html).toContain('<a href="https://example.org/tides"');
    expect(byName['report.md']!.html).not.toContain('href="javascript');
    expect(byName['page.html']).toMatchObject({
      kind: 'text',
      text: '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>bold?</b>',
    });
    expect(byName['chart.png']).toMatchObject({
      kind: 'image',
      mime: 'image/png',
      dataUri: `data:image/png;base64,${PNG_BYTES.toString('base64')}`,
    });
    expect(byName['drawing.svg']).toMatchObject({ kind: 'image', mime: 'image/svg+xml' });
    expect(byName['summary.pdf']!.kind).toBe('pdf');
    expect(byName['summary.pdf']!.dataUri).toMatch(/^data:application\/pdf;base64,JVBERi0xLjQ/);
    expect(byName['data.bin']).toEqual({ name: 'data.bin', bytes: 7, kind: 'binary' });
    expect(byName['big.log']).toMatchObject({
      kind: 'text',
      truncated: true,
      bytes: 300 * 1024,
      note: 'showing the first 256.0 KB of 300.0 KB',
    });
    expect(byName['big.log']!.text).toHaveLength(256 * 1024);
    expect(byName['nested/notes.txt']).toMatchObject({ kind: 'text', text: 'nested file\n' });
  });

  it('caps media and the page budget, and says so', async () => {
    const target = resolveViewTarget(ws.root);
    const small = await collectViewerData(target, {
      mode: 'static',
      limits: { textBytes: 16, mediaBytes: 64, filesPerRun: 3 },
      pageBudgetBytes: 40,
    });
    const outputs = runById(small.runs, 'eval-0-with_skill-run-1').outputs;
    expect(outputs.map((o) => o.name)).toEqual(['big.log', 'chart.png', 'data.bin']);
    expect(outputs[0]).toMatchObject({ truncated: true, text: 'x'.repeat(16) });
    // 73 bytes of PNG are over the 64-byte media cap.
    expect(outputs[1]).toMatchObject({ kind: 'image', note: 'not embedded: larger than 64 B' });
    expect(outputs[1]!.dataUri).toBeUndefined();
    expect(runById(small.runs, 'eval-0-with_skill-run-1').problems.join('\n')).toMatch(
      /5 more file\(s\) not listed \(only the first 3 are shown\)/,
    );
    // 16 + 16 bytes of text fit the 40-byte budget; the third text file does not.
    expect(runById(small.runs, 'eval-2-without_skill').outputs[0]).toMatchObject({
      note: 'not shown: the page already holds as much as it can',
    });
  });

  it("shows the previous iteration's output and feedback for the same run id", () => {
    const previous = runById(data.runs, 'eval-0-with_skill-run-1').previous;
    expect(previous).toMatchObject({ source: 'iteration-1', feedback: 'too short, no tides', grades: null });
    expect(previous!.outputs.map((o) => o.name)).toEqual(['report.md']);
    expect(runById(data.runs, 'eval-1-with_skill-run-1').previous).toBeNull();
  });

  it('titles the page with the skill, and namespaces browser storage by the iteration folder', () => {
    expect(data.title).toBe('ocean-writer: iteration-2');
    expect(data.storageKey).toMatch(/^[0-9a-f]{16}$/);
    expect(data.problems).toEqual([]);
  });
});

describe('viewer: files that do not read', () => {
  it('a broken grading.json or eval_metadata.json is named on its run and the rest is still shown', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    tree.write('iteration-2/eval-1/with_skill/run-1/grading.json', '{"expectations": [{"text": 1}]}');
    tree.write('iteration-2/eval-0/eval_metadata.json', '{"eval_id": 0,');
    tree.write('iteration-2/benchmark.json', '{"runs": []}');
    const data = await collect(tree.root);
    expect(data.runs).toHaveLength(4);
    expect(runById(data.runs, 'eval-1-with_skill-run-1').problems.join('\n')).toMatch(
      /grading\.json:1: expectations\[0\]\.text: /,
    );
    // The metadata in the eval folder does not parse: the prompt is missing, and the page says why.
    expect(runById(data.runs, 'eval-0-with_skill-run-1')).toMatchObject({ prompt: null, promptSource: 'none' });
    expect(runById(data.runs, 'eval-0-with_skill-run-1').problems.join('\n')).toMatch(
      /eval-0[\\/]eval_metadata\.json:1: /,
    );
    expect(data.benchmark).toBeNull();
    expect(data.problems.join('\n')).toMatch(/benchmark\.json:1: metadata: Invalid input/);
  });

  it('an unreadable feedback.json stops the viewer rather than being overwritten', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    tree.write('iteration-2/feedback.json', '{"reviews": [{"run_id": "x"}]}');
    await expect(collect(tree.root)).rejects.toThrow(/feedback\.json:1: .*expected the viewer's/);
  });

  it('reads the agentskills.io feedback map as reviews', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    tree.write('iteration-2/feedback.json', '{"eval-1-with_skill-run-1": "needs more fish"}');
    const data = await collect(tree.root);
    expect(data.feedback).toEqual({
      reviews: [{ run_id: 'eval-1-with_skill-run-1', feedback: 'needs more fish', timestamp: '' }],
      status: 'in_progress',
    });
  });

  it('a 1.9 GB (sparse) output is read only to the text cap; a FIFO or a device in outputs/ is never read', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    const outputs = path.join(tree.root, 'iteration-2/eval-1/with_skill/run-1/outputs');
    tree.write('iteration-2/eval-1/with_skill/run-1/outputs/huge.md', `# Huge\n\n${'word '.repeat(60_000)}\n`);
    truncateSync(path.join(outputs, 'huge.md'), Math.floor(1.9 * 1024 ** 3));
    execFileSync('mkfifo', [path.join(outputs, 'pipe.txt')]);
    symlinkSync('/dev/zero', path.join(outputs, 'zero.txt'));
    const data = await collect(tree.root);
    const byName = Object.fromEntries(runById(data.runs, 'eval-1-with_skill-run-1').outputs.map((o) => [o.name, o]));
    expect(byName['huge.md']).toMatchObject({
      kind: 'markdown',
      truncated: true,
      bytes: Math.floor(1.9 * 1024 ** 3),
      note: 'showing the first 256.0 KB of 1945.6 MB',
    });
    expect(byName['huge.md']!.html!.startsWith('<h4>Huge</h4>\n<p>word word')).toBe(true);
    // Neither is a regular file: the listing leaves them out (a symlink is never followed out of outputs/).
    expect(byName['pipe.txt']).toBeUndefined();
    expect(byName['zero.txt']).toBeUndefined();
  });

  it('a folder with no runs and no benchmark is bad input', async () => {
    const tree = writeGoldenWorkspace({ bigTextBytes: 10 });
    tree.write('empty/readme.txt', 'nothing');
    await expect(collect(path.join(tree.root, 'empty'))).rejects.toThrow(/no runs found/);
  });
});

describe('viewer: the benchmark tab', () => {
  const view = benchmarkView(Benchmark.parse(BENCHMARK));

  it('summarises each configuration and says which way the delta was taken, with its interval', () => {
    expect(view.summary.rows).toEqual([
      ['with_skill', '2', '0.75 ± 0.35', '45.0 ± 7.1 s', '3200 ± 283'],
      ['without_skill', '2', '0.25 ± 0.35', '32.0 ± 2.8 s', '2100 ± 141'],
    ]);
    expect(view.delta).toEqual([
      'Delta with_skill − without_skill: pass rate +0.50 (95% CI -0.25 to +1.00), time +13.0 s, tokens +1100',
    ]);
  });

  it("names the reversed order of skill-creator's alphabetical delta (old_skill − with_skill)", () => {
    const reversed = structuredClone(BENCHMARK) as unknown as { run_summary: Record<string, unknown> };
    const { with_skill, without_skill } = reversed.run_summary as { with_skill: unknown; without_skill: unknown };
    reversed.run_summary = {
      old_skill: without_skill,
      with_skill,
      delta: { pass_rate: -0.5, time_seconds: -13, tokens: -1100 },
    };
    expect(benchmarkView(Benchmark.parse(reversed)).delta).toEqual([
      'Delta old_skill − with_skill: pass rate -0.50, time -13.0 s, tokens -1100',
    ]);
  });

  it('tabulates each eval and each expectation per configuration', () => {
    // python3 -c "import numpy as np; print(np.mean([1,0.5]), np.mean([40,50]), np.mean([3000,3400]), np.mean([0.5,0]),
    // np.mean([30,34]), np.mean([2000,2200]))" -> 0.75 45.0 3200.0 0.25 32.0 2100.0
    expect(view.perEval).toEqual([
      {
        caption: 'Eval 0: ocean',
        headers: [
          'configuration',
          'runs',
          'mean pass rate',
          'expectations passed',
          'mean time',
          'mean tokens',
          'errors',
        ],
        rows: [
          ['with_skill', '2', '0.75', '3/4', '45.0 s', '3200', '0'],
          ['without_skill', '2', '0.25', '1/4', '32.0 s', '2100', '1'],
        ],
      },
    ]);
    expect(view.grid[0]!.rows).toEqual([
      ['mentions tides', { text: '1/2', tone: 'mixed' }, { text: '0/2', tone: 'fail' }],
      ['has a title', { text: '2/2', tone: 'pass' }, { text: '1/2', tone: 'mixed' }],
    ]);
  });

  it('keeps notes and shows discrimination and flaky evals as tables', () => {
    expect(view.notes).toHaveLength(1);
    expect(view.extras).toEqual([
      {
        caption: 'discrimination',
        headers: ['expectation', 'with_skill', 'without_skill'],
        rows: [['mentions tides', '0.500', '0']],
      },
      { caption: 'flaky evals', headers: ['value'], rows: [['ocean']] },
    ]);
    expect(tableOfValue('x', { a: 1, b: [1] })).toEqual({
      caption: 'x',
      headers: ['key', 'value'],
      rows: [
        ['a', '1'],
        ['b', '[1]'],
      ],
    });
  });
});
