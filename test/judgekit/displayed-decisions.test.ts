import { Command } from 'commander';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerJudgeCommands, type JudgeCommandDeps } from '../../src/cli/commands/judge.js';
import { ScreenedResult, levelOf } from '../../src/judge/kit/index.js';
import { createAnthropicProvider } from '../../src/providers/index.js';
import { startModelServer, type ModelServer } from '../support/model-server.js';
import { anthropicEnv } from '../support/provider-fixtures.js';
import { judgeScript } from './fake-judge.js';

/** The toolkit's thresholds are decided on the numbers its reports show (issue 7 item 7). */
describe('calibration bands are decided on the value as shown (three decimals)', () => {
  it('a kappa shown 0.500 is acceptable, a Spearman shown 0.800 is not good, a length rho shown 0.200 is not good', () => {
    expect(levelOf('kappa', 0.49996)).toBe('acceptable');
    expect(levelOf('kappa', 0.4994)).toBe('concerning');
    expect(levelOf('spearman', 0.80004)).toBe('acceptable');
    expect(levelOf('spearman', 0.8006)).toBe('good');
    expect(levelOf('lengthCorrelation', 0.19996)).toBe('acceptable');
    expect(levelOf('positionConsistency', 0.79996)).toBe('acceptable');
  });
});

describe('judge score --screen-threshold compares the screen score as shown', () => {
  let server: ModelServer;
  let out: string[] = [];
  beforeEach(async () => {
    server = await startModelServer(judgeScript());
    out = [];
  });
  afterEach(async () => server.close());

  const deps = (): JudgeCommandDeps => ({
    makeProvider: async (opts) => ({
      provider: createAnthropicProvider({ env: anthropicEnv(server) }),
      model: opts.model ?? 'sonnet',
      description: 'anthropic (scripted server)',
    }),
    stdout: { write: (text: string) => out.push(text) },
  });
  async function run(...argv: string[]): Promise<string> {
    const program = new Command().exitOverride();
    registerJudgeCommands(program, deps());
    await program.parseAsync(['node', 'plugin-eval', ...argv]);
    return out.join('');
  }

  it('a screen score of 0.7004 is shown 0.70 and does not exceed a threshold of 0.7: escalated', async () => {
    // Scale 1-5: a=4 (0.75) weighted 0.8016, b=3 (0.50) weighted 0.1984 -> normalised 0.7004.
    const args = [
      'judge',
      'score',
      '--criteria',
      'a:0.8016,b:0.1984',
      '--prompt',
      'p',
      '--response',
      'r [a=4] [b=3]',
      '--screen-model',
      'cheap',
      '--screen-threshold',
      '0.7',
    ];
    const screened = ScreenedResult.parse(JSON.parse(await run(...args, '--output', 'json')));
    expect(screened.screenScore).toBeCloseTo(0.7004, 10);
    expect(screened.decidedBy).toBe('judge');
    out = [];
    expect(await run(...args)).toContain('0.70 vs threshold 0.7 -> escalated to the judge');
  });
});
