/**
 * `--threshold` on a target with nothing to score: it has no composite, so it neither passes nor fails the threshold;
 * the run is not measured (exit 3) and says why, in every output.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/cli/exit-codes.js';
import { cli } from './support/cli.js';
import { FIXTURES } from './judge/judge-script.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-not-scored-threshold-');

/** A plugin with a manifest and nothing else: no skill, agent or command to score. */
const emptyPlugin = (): string =>
  path.dirname(path.dirname(tree.write('empty-plugin/.claude-plugin/plugin.json', '{"name": "empty-plugin"}')));

describe('--threshold on a target with nothing to score', () => {
  const target = emptyPlugin();

  it('without a threshold the run succeeds and the JSON composite is null with the reason', async () => {
    const out = await cli('score', target, '--output', 'json');
    expect(out.code, out.stderr).toBe(EXIT.OK);
    const composite = JSON.parse(out.stdout).results[0].composite;
    expect(composite.score).toBeNull();
    expect(composite.notScored).toBe('nothing to score: no layer measured any dimension');
  });

  it('never passes: exit 3 (not measured), with the reason on stderr', async () => {
    for (const threshold of ['0', '70']) {
      const out = await cli('score', target, '--threshold', threshold);
      expect(out.code, out.stderr).toBe(EXIT.NOT_MEASURED);
      expect(out.stderr).toContain(`not scored: ${target}`);
      expect(out.stderr).toContain(`--threshold ${threshold} cannot pass (exit 3)`);
      expect(out.stdout).not.toContain('Below threshold');
    }
  });

  it('JUnit: the test case fails as not measured, not as below the threshold', async () => {
    const out = await cli('score', target, '--threshold', '70', '--output', 'junit');
    expect(out.code).toBe(EXIT.NOT_MEASURED);
    expect(out.stdout).toMatch(/<failure message="not scored: the threshold 70 cannot pass \(exit code 3\)"/);
    expect(out.stdout).toContain('type="not-measured"');
    expect(out.stdout).not.toContain('below the threshold');
  });

  it('compare: the empty side has no composite and no delta (null in JSON, a dash in text)', async () => {
    const skill = path.join(FIXTURES, 'csv-report');
    const json = JSON.parse((await cli('compare', target, skill, '--output', 'json')).stdout);
    expect(json.a.composite).toBeNull();
    expect(json.b.composite).toEqual(expect.any(Number));
    expect(json.delta).toBeNull();
    const text = (await cli('compare', target, skill)).stdout;
    expect(text).toMatch(/^composite +— +\d+\.\d +—$/m);
  });
});
