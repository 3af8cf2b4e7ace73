/**
 * validate's file-system work grows linearly with a folder of skills. Each skill once listed its whole parent
 * folder (siblings, four levels deep) for itself, so N sibling skills cost N listings of N folders: 1,000 corpus
 * skills took a minute, mostly in readdir. Counted in directory reads, not timed.
 */
import type * as fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { validate } from '../src/validate/index.js';
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
    tree.write(`${name}/skill-${i}/SKILL.md`, `---\nname: skill-${i}\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# Notes\n\nSee [the guide](references/guide.md).\n`);
    tree.write(`${name}/skill-${i}/references/guide.md`, '# Guide\n');
    tree.write(`${name}/skill-${i}/scripts/run.sh`, 'echo hi\n');
  }
  return path.join(tree.root, name);
}

async function readsFor(dir: string): Promise<number> {
  reads.count = 0;
  const report = await validate([dir]);
  expect(report.targets).toBeGreaterThan(0);
  return reads.count;
}

describe('validate on a folder of many skills', () => {
  it('reads directories in proportion to the skills, not to their square', async () => {
    const small = await readsFor(folderOfSkills('twenty', 20));
    const large = await readsFor(folderOfSkills('eighty', 80));
    expect(small).toBeGreaterThan(0);
    // Four times the skills: about four times the reads when linear, sixteen when each skill lists every sibling.
    expect(large).toBeLessThan(6 * small);
  });
});
