import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { registerLogsCommands } from '../../src/cli/commands/logs.js';
import type { Ui } from '../../src/cli/ui.js';
import { ImprovementQueue } from '../../src/logs/improve.js';
import { ReviewStats } from '../../src/logs/stats.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { NOW, goldenEntries } from './golden.js';
import { entry, writeLogTree } from './log-tree.js';

const tree = tempTree('logs-cli-');
const root = path.join(tree.root, 'claude', 'skills', 'logs');
writeLogTree(root, goldenEntries());
tree.write('claude/skills/logs/demo/alpha/2026-01-20.jsonl', '{"not": "an entry"}\nnot json\n');

/** The commands with the golden clock, output captured; errors propagate as the main CLI would see them. */
async function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  const stderr: string[] = [];
  let code = -1;
  const ui: Ui = {
    stdout: (t) => void (stdout += t),
    stderr: (l) => void stderr.push(l),
    color: false,
    stderrIsTTY: false,
    quiet: true,
    width: 80,
    signal: undefined,
  };
  const program = new Command().exitOverride();
  registerLogsCommands(program, {
    ui,
    setExit: (c) => (code = c),
    env: { CLAUDE_HOME: path.join(tree.root, 'claude') },
    now: () => NOW,
  });
  await program.parseAsync(args, { from: 'user' });
  return { code, stdout, stderr: stderr.join('\n') };
}

describe('plugin-eval logs', () => {
  it('aggregate writes LEARNINGS.md next to the logs folder (CLAUDE_HOME honoured) and names bad lines', async () => {
    const r = await run('logs', 'aggregate');
    expect(r.code).toBe(0);
    const file = path.join(tree.root, 'claude', 'skills', 'LEARNINGS.md');
    expect(r.stdout).toContain(`LEARNINGS.md written: ${file}`);
    expect(r.stdout).toContain('executions: 9 (last 30 days), 3 synthetic excluded');
    expect(r.stderr).toContain('2 unreadable line(s) skipped');
    expect(r.stderr).toContain(`${path.join(root, 'demo', 'alpha', '2026-01-20.jsonl')}:2: invalid JSON`);
    expect(readFileSync(file, 'utf8')).toContain('## Skill Performance Summary');
  });

  it('aggregate --days narrows the period; --out puts the file elsewhere', async () => {
    const out = path.join(tree.root, 'elsewhere.md');
    const r = await run('logs', 'aggregate', '--days', '7', '--out', out, '--output', 'json');
    // In the last 7 days: alpha 01-29, 01-30 and beta 01-28; the day file with bad lines (01-20) is not read.
    expect(JSON.parse(r.stdout)).toMatchObject({
      file: out,
      skills: 2,
      executions: 3,
      syntheticExcluded: 0,
      badLines: 0,
    });
    expect(readFileSync(out, 'utf8')).toContain('**Analysis Period**: Last 7 days');
  });

  it('stats --output json follows its schema and the golden numbers', async () => {
    const r = await run('logs', 'stats', '--output', 'json');
    const stats = ReviewStats.parse(JSON.parse(r.stdout));
    expect(stats.coverage.reviewedInTime / stats.coverage.windowClosed).toBeCloseTo(4 / 6, 12);
    expect(stats.executions).toBe(9);
    const text = await run('logs', 'stats');
    expect(text.stdout).toContain(
      'Coverage (reviewed within 7 days): 66.7% (4/6; 3 still within their window)  target 20.0% met',
    );
    expect(text.stdout).toContain('Response rate (reviewed / all executions): 66.7%');
    expect(text.stdout).toContain('demo:alpha: 2.00/5 (4 reviews), 6 executions');
    expect(text.stdout).toContain('2x Missing examples for X (2 wordings)');
  });

  it('improve --dry-run writes nothing; without it the queue is written as JSON', async () => {
    const queueFile = path.join(tree.root, 'claude', 'skills', 'improvement-queue.json');
    const dry = await run('logs', 'improve', '--dry-run');
    expect(dry.stdout).toContain('IMPLEMENT (3)');
    expect(dry.stdout).toContain('DISCUSS (2)');
    expect(existsSync(queueFile)).toBe(false);
    const wet = await run('logs', 'improve', '--output', 'json');
    const queue = ImprovementQueue.parse(JSON.parse(readFileSync(queueFile, 'utf8')));
    expect(queue.items[0]).toMatchObject({ skill: 'demo:alpha', priority: 10, band: 'implement' });
    expect(JSON.parse(wet.stdout)).toEqual(queue);
  });

  it('executions whose timestamp is not a date: counted and named by aggregate, stats and improve, never silently dropped', async () => {
    const dir = path.join(tree.root, 'undated');
    writeLogTree(dir, [entry({ skill: 'demo:gamma', at: '2026-01-30T10:00:00Z' })]);
    const lines = [
      entry({ skill: 'demo:gamma', at: 'not a date' }),
      entry({ skill: 'demo:gamma', at: `2026-13-45T99:00:00Z${'x'.repeat(100)}` }),
    ];
    const file = tree.write('undated/demo/gamma/2026-01-31.jsonl', lines.map((e) => JSON.stringify(e)).join('\n'));
    const withDir = (...args: string[]) => run('logs', ...args, '--logs-dir', dir);
    const aggregated = await withDir('aggregate', '--out', path.join(tree.root, 'undated.md'), '--output', 'json');
    expect(JSON.parse(aggregated.stdout)).toMatchObject({ executions: 1, badLines: 0, undatedLines: 2 });
    expect(aggregated.stderr).toContain(
      'plugin-eval: logs: 2 execution(s) left out of the last 30 days: their timestamp is not a date:',
    );
    expect(aggregated.stderr).toContain(`${file}:1: timestamp "not a date" is not a date`);
    // A long bad timestamp is quoted in part: the message stays one short line whatever the log holds.
    expect(aggregated.stderr).toContain(
      `${file}:2: timestamp "2026-13-45T99:00:00Z${'x'.repeat(20)}..." is not a date`,
    );
    const stats = await withDir('stats', '--output', 'json', '--days', '7');
    expect(JSON.parse(stats.stdout)).toMatchObject({ executions: 1, undatedLines: 2 });
    expect(stats.stderr).toContain('2 execution(s) left out of the last 7 days');
    const improve = await withDir('improve', '--dry-run');
    expect(improve.stderr).toContain('2 execution(s) left out of the last 30 days');
  });

  it('rejects a bad --days', async () => {
    await expect(run('logs', 'stats', '--days', '0')).rejects.toThrow(
      '--days must be a whole number, 1 or more, got "0"',
    );
  });
});

describe('plugin-eval logs through the main CLI', () => {
  it('an empty logs folder: exit 2, the folder named, hooks install pointed to', async () => {
    const empty = tree.dir('empty-logs');
    const r = await cli('logs', 'stats', '--logs-dir', empty);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`no execution logs in ${empty}`);
    expect(r.stderr).toContain('plugin-eval hooks install');
  });

  it('logs exist but none in the period: exit 0 and said so', async () => {
    const dir = path.join(tree.root, 'recent');
    writeLogTree(dir, [
      entry({ skill: 'demo:gamma', at: new Date(Date.now() - 3_600_000).toISOString() }),
      entry({ skill: 'demo:gamma', at: '2020-01-01T00:00:00Z' }),
    ]);
    const r = await cli(
      'logs',
      'aggregate',
      '--logs-dir',
      dir,
      '--days',
      '1',
      '--out',
      path.join(tree.root, 'recent.md'),
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('executions: 1 (last 1 days)');
    const old = path.join(tree.root, 'old');
    writeLogTree(old, [entry({ skill: 'demo:gamma', at: '2020-01-01T00:00:00Z' })]);
    const empty = await cli('logs', 'aggregate', '--logs-dir', old, '--out', path.join(tree.root, 'old.md'));
    expect(empty.code).toBe(0);
    expect(empty.stdout).toContain('no execution in the last 30 days');
  });
});
