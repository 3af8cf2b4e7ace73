/**
 * validate's and init's file-system work grows linearly with a folder of skills. Each skill once listed its whole
 * parent folder (siblings, four levels deep) for itself, so N sibling skills cost N listings of N folders: validate
 * on 1,000 corpus skills took a minute, mostly in readdir. Counted in directory reads, not timed.
 */
import type * as fs from 'node:fs';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../src/cli/run.js';
import type { Ui } from '../src/cli/ui.js';
import { initCorpus } from '../src/rank/corpus/init.js';
import { validate } from '../src/rules/validate/index.js';
import { tempTree } from './support/tmp.js';

const reads = { count: 0 };
vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof fs>();
  const readdirSync = ((...args: Parameters<typeof real.readdirSync>) => {
    reads.count++;
    return real.readdirSync(...args);
  }) as typeof real.readdirSync;
  return { ...real, readdirSync, default: { ...real, readdirSync } };
});

const tree = tempTree('plugin-eval-validate-scale-');

function folderOfSkills(name: string, n: number): string {
  for (let i = 0; i < n; i++) {
    tree.write(
      `${name}/skill-${i}/SKILL.md`,
      `---\nname: skill-${i}\ndescription: Formats notes. Use when the user asks to tidy meeting ` +
        `notes.\n---\n\n# Notes\n\nSee [the guide](references/guide.md).\n`,
    );
    tree.write(`${name}/skill-${i}/references/guide.md`, '# Guide\n');
    tree.write(`${name}/skill-${i}/scripts/run.sh`, 'echo hi\n');
  }
  return path.join(tree.root, name);
}

const twenty = folderOfSkills('twenty', 20);
const eighty = folderOfSkills('eighty', 80);

async function readsFor(dir: string): Promise<number> {
  reads.count = 0;
  const report = await validate([dir]);
  expect(report.targets).toBeGreaterThan(0);
  return reads.count;
}

async function initReadsFor(dir: string): Promise<number> {
  reads.count = 0;
  const report = await initCorpus(dir, { corpusDir: path.join(tree.root, `corpus-${path.basename(dir)}`) });
  expect(report.added).toBeGreaterThan(0);
  return reads.count;
}

describe('validate on a folder of many skills', () => {
  it('reads directories in proportion to the skills, not to their square', async () => {
    const small = await readsFor(twenty);
    const large = await readsFor(eighty);
    expect(small).toBeGreaterThan(0);
    // Four times the skills: about four times the reads when linear, sixteen when each skill lists every sibling.
    expect(large).toBeLessThan(6 * small);
  });
});

describe('init on a folder of many skills', () => {
  it('reads directories in proportion to the skills, not to their square', async () => {
    const small = await initReadsFor(twenty);
    const large = await initReadsFor(eighty);
    expect(small).toBeGreaterThan(0);
    expect(large).toBeLessThan(6 * small);
  });
});

describe('Ctrl-C during validate and init of a big folder', () => {
  // The signal arrives as a macrotask once the run has started, as a real SIGINT does; parsing is synchronous
  // I/O, so a run that never yields to the event loop would not see it before its end.
  const interruptedUi = (): { ui: Ui; stderr: string[] } => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 0);
    const stderr: string[] = [];
    const ui: Ui = {
      stdout: () => undefined,
      stderr: (l) => void stderr.push(l),
      color: false,
      stderrIsTTY: false,
      quiet: true,
      width: 80,
      signal: controller.signal,
    };
    return { ui, stderr };
  };

  it('validate stops with exit 130 and writes no --out file', async () => {
    const out = path.join(tree.root, 'interrupted.sarif');
    const { ui, stderr } = interruptedUi();
    expect(await runCli(['validate', eighty, '--output', 'sarif', '--out', out], ui)).toBe(130);
    expect(stderr.join('\n')).toContain('plugin-eval: cancelled');
    expect(existsSync(out)).toBe(false);
  });

  it('init stops with exit 130 and leaves no index', async () => {
    const corpusDir = path.join(tree.root, 'interrupted-corpus');
    const { ui } = interruptedUi();
    expect(await runCli(['init', eighty, '--corpus-dir', corpusDir], ui)).toBe(130);
    expect(existsSync(path.join(corpusDir, 'index.json'))).toBe(false);
  });

  it('validate and init without a signal still finish', async () => {
    expect((await validate([twenty])).targets).toBe(20);
    expect((await initCorpus(twenty, { corpusDir: path.join(tree.root, 'uninterrupted') })).added).toBe(20);
  });
});
