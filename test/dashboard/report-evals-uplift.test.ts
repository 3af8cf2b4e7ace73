/**
 * `report` leads with the evals uplift of a skill that has an evals workspace (`<skill>-workspace`, its latest
 * aggregated iteration): the same line `evals aggregate` prints, in the page's data and first on stderr. Real files,
 * the real aggregator; no workspace changes nothing.
 */
import { cpSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runReport } from '../../src/cli/commands/report.js';
import { aggregateIteration } from '../../src/evals/aggregate/aggregate-iteration.js';
import { evalsUplift } from '../../src/evals/aggregate/evals-uplift.js';
import { upliftText } from '../../src/reporters/uplift-line.js';
import type { DashboardData } from '../../src/web/dashboard/index.js';
import { writeGoldenIteration } from '../evals/golden-workspace.js';
import { captureUi } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { baseRun, embeddedData } from './fixture.js';

const EXAMPLE = path.resolve(import.meta.dirname, '../../examples/skills/csv-profiler');
const tree = tempTree('plugin-eval-report-uplift-');
const noHistory = { historyFor: async () => new Map() };

/** A copy of the example skill; with `iterations`, an evals workspace beside it aggregated from the golden runs. */
async function skillWithWorkspace(name: string, iterations = 1): Promise<{ skill: string; line?: string }> {
  const skill = path.join(tree.dir(name), 'csv-profiler');
  cpSync(EXAMPLE, skill, { recursive: true });
  let line: string | undefined;
  for (let n = 1; n <= iterations; n++) {
    const iteration = path.join(`${skill}-workspace`, `iteration-${n}`);
    writeGoldenIteration(iteration);
    const aggregated = await aggregateIteration(iteration, { seed: n });
    line = upliftText(evalsUplift(aggregated.benchmark, aggregated.pair)!);
  }
  return line === undefined ? { skill } : { skill, line };
}

const upliftOf = (html: string): (string | null)[] =>
  (embeddedData(readFileSync(html, 'utf8')) as DashboardData).skills.map((s) => s.detail.uplift);

describe('report with an evals workspace', () => {
  it("leads with the latest aggregated iteration's uplift, as evals aggregate says it, on the page and stderr", async () => {
    const { skill, line } = await skillWithWorkspace('scored', 2);
    expect(line).toMatch(/^Uplift \(evals pass rate, with_skill − old_skill\) [+−]\d\.\d\d \(95% CI /);
    const out = path.join(tree.root, 'scored.html');
    const ui = captureUi();
    expect(await runReport([skill], { html: out }, ui, noHistory)).toBe(0);
    expect(upliftOf(out)).toEqual([line]);
    const benchmark = path.join(`${skill}-workspace`, 'iteration-2', 'benchmark.json');
    expect(ui.err[0]).toBe(`plugin-eval: report: ${skill}: ${line} (${benchmark})`);
  });

  it('changes nothing for a skill without one', async () => {
    const { skill } = await skillWithWorkspace('plain', 0);
    const out = path.join(tree.root, 'plain.html');
    const ui = captureUi();
    expect(await runReport([skill], { html: out }, ui, noHistory)).toBe(0);
    expect(upliftOf(out)).toEqual([null]);
    expect(ui.err.join('\n')).not.toMatch(/Uplift/);
  });

  it("takes a run log's absolute skill paths, never its relative ones (they are relative to another folder)", async () => {
    const { skill, line } = await skillWithWorkspace('logged');
    const template = (await baseRun()).results[0]!;
    const run = structuredClone(await baseRun());
    run.results = [
      { ...structuredClone(template), target: { ...template.target, path: skill } },
      { ...structuredClone(template), target: { ...template.target, path: path.relative(process.cwd(), skill) } },
    ];
    const log = tree.write('logged.json', JSON.stringify(run));
    const out = path.join(tree.root, 'logged.html');
    expect(await runReport([log], { html: out }, captureUi(), noHistory)).toBe(0);
    expect(upliftOf(out)).toEqual([line, null]);
  });

  it('follows no link out of the workspace, and a broken benchmark.json costs a warning, not the page', async () => {
    const { skill: elsewhere } = await skillWithWorkspace('elsewhere');
    // The workspace itself a link, and a real iteration whose benchmark.json is a link: neither is read.
    const linked = path.join(tree.dir('linked'), 'csv-profiler');
    cpSync(EXAMPLE, linked, { recursive: true });
    symlinkSync(`${elsewhere}-workspace`, `${linked}-workspace`);
    const linkedFile = path.join(tree.dir('linked-file'), 'csv-profiler');
    cpSync(EXAMPLE, linkedFile, { recursive: true });
    symlinkSync(
      path.join(`${elsewhere}-workspace`, 'iteration-1', 'benchmark.json'),
      path.join(tree.dir('linked-file/csv-profiler-workspace/iteration-1'), 'benchmark.json'),
    );
    const broken = path.join(tree.dir('broken'), 'csv-profiler');
    cpSync(EXAMPLE, broken, { recursive: true });
    const file = tree.write('broken/csv-profiler-workspace/iteration-1/benchmark.json', '{"runs": [');
    const out = path.join(tree.root, 'links.html');
    const ui = captureUi();
    expect(await runReport([linked, linkedFile, broken], { html: out }, ui, noHistory)).toBe(0);
    expect(upliftOf(out)).toEqual([null, null, null]);
    expect(ui.err[0]).toMatch(
      new RegExp(
        `^plugin-eval: report: warning: no evals uplift for .*broken.*: ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+: `,
      ),
    );
    expect(ui.err.join('\n')).not.toMatch(/Uplift/);
  });
});
