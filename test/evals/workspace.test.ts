/** The workspace layout: both of skill-creator's layouts and descriptive eval folder names are found. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  defaultWorkspaceFor,
  findRuns,
  latestIteration,
  listIterations,
  nextIteration,
  runDirOf,
} from '../../src/evals/workspace.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-workspace-');

describe('workspace layout', () => {
  it('finds run-* folders, the flat SKILL.md layout as run 1, and a descriptive eval folder holding eval_metadata.json', () => {
    const ws = tree.dir('ws');
    const it1 = join(ws, 'iteration-1');
    tree.write('ws/iteration-1/eval-2/with_skill/run-1/outputs/a.txt', 'a');
    tree.write('ws/iteration-1/eval-2/with_skill/run-10/outputs/a.txt', 'a');
    tree.write('ws/iteration-1/eval-2/with_skill/run-2/outputs/a.txt', 'a');
    tree.write('ws/iteration-1/eval-2/without_skill/outputs/a.txt', 'a');
    tree.write('ws/iteration-1/ocean-report/eval_metadata.json', '{}');
    tree.write('ws/iteration-1/ocean-report/old_skill/run-1/outputs/x.md', 'x');
    // Not an eval folder: no eval- prefix and no metadata.
    tree.write('ws/iteration-1/notes/with_skill/run-1/outputs/x.md', 'x');
    const runs = findRuns(it1);
    expect(runs.map((r) => `${r.evalDirName}/${r.configuration}/${r.runNumber}${r.flat ? ' flat' : ''}`)).toEqual([
      'eval-2/with_skill/1',
      'eval-2/with_skill/2',
      'eval-2/with_skill/10',
      'eval-2/without_skill/1 flat',
      'ocean-report/old_skill/1',
    ]);
    expect(runs[0]!.runDir).toBe(runDirOf(it1, 2, 'with_skill', 1));
    tree.write('ws/iteration-3/x', '');
    expect(listIterations(ws)).toEqual([1, 3]);
    expect(latestIteration(ws)).toBe(3);
    expect(nextIteration(ws)).toBe(4);
    expect(nextIteration(join(ws, 'nowhere'))).toBe(1);
  });

  it("reads the runs/ wrapper skill-creator's aggregator also accepts", () => {
    tree.write('b/runs/eval-1/with_skill/run-1/outputs/o.txt', 'o');
    expect(findRuns(tree.dir('b')).map((r) => r.configuration)).toEqual(['with_skill']);
  });

  it('puts the workspace beside the skill folder', () => {
    expect(defaultWorkspaceFor('/x/skills/pdf/')).toBe('/x/skills/pdf-workspace');
  });
});
