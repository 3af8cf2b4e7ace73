import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureFormatOf } from '../../src/reporters/failure.js';
import { cli } from '../support/cli.js';
import { checkSarif } from '../support/sarif-shape.js';
import { tempTree } from '../support/tmp.js';
import { findAll, parseXml } from './xml.js';

/**
 * A machine format always prints a document: a command stopped before its report (exit 2) still leaves stdout a
 * json, sarif or junit document saying why, and a report that was printed is never followed by a second document.
 */
const tree = tempTree('plugin-eval-failure-doc-');
const empty = tree.dir('nothing-here');
const missing = path.join(tree.root, 'does-not-exist');

describe('a command that stops before its report', () => {
  it('validate --output sarif prints a SARIF log whose one invocation failed, naming the problem', async () => {
    const out = await cli('validate', empty, '--output', 'sarif');
    expect(out.code).toBe(2);
    const log = checkSarif(out.stdout);
    const invocation = log.runs[0]!.invocations![0]!;
    expect(invocation.executionSuccessful).toBe(false);
    expect(invocation.toolExecutionNotifications![0]!.message).toEqual({ text: expect.stringContaining(empty) });
    expect(log.runs[0]!.results).toEqual([]);
  });

  it('score --output junit prints well-formed JUnit with one errored case', async () => {
    const out = await cli('score', missing, '--output', 'junit', '--no-store');
    expect(out.code).toBe(2);
    const suites = parseXml(out.stdout);
    expect(suites.attrs).toMatchObject({ errors: '1', failures: '0' });
    const [error] = findAll(suites, 'error');
    expect(findAll(suites, 'testcase')).toHaveLength(1);
    expect(error!.attrs.message).toContain('no such file or directory');
  });

  it("a flag commander refuses still gets the document (--output=json spelling), with commander's message", async () => {
    const out = await cli('validate', empty, '--output=json', '--no-such-flag');
    expect(out.code).toBe(2);
    expect(JSON.parse(out.stdout)).toMatchObject({
      ok: false,
      exitCode: 2,
      error: { message: expect.stringContaining("'--no-such-flag'") },
    });
  });

  it('a run that cannot measure names the error that stopped it, not the settings line printed before it', async () => {
    const skill = tree.dir('judged');
    tree.write('judged/SKILL.md', '---\nname: judged\ndescription: Use when testing.\n---\nbody\n');
    const before = { key: process.env.ANTHROPIC_API_KEY, url: process.env.ANTHROPIC_BASE_URL };
    // Port 9 is one fetch refuses outright: the provider fails before any request, with nothing listening needed.
    // --verbose prints the settings lines first, as a terminal run does: the reason must not be taken from them.
    process.env.ANTHROPIC_API_KEY = 'sk-ant-test';
    process.env.ANTHROPIC_BASE_URL = 'http://127.0.0.1:9';
    try {
      const out = await cli(
        'score',
        skill,
        '--depth',
        'standard',
        '--output',
        'json',
        '--no-store',
        '--no-cache',
        '--verbose',
      );
      expect(out.code).toBe(3);
      const message = (JSON.parse(out.stdout) as { error: { message: string } }).error.message;
      expect(message).toMatch(/^could not measure: the anthropic provider at http:\/\/127\.0\.0\.1:9/);
    } finally {
      for (const [name, value] of [
        ['ANTHROPIC_API_KEY', before.key],
        ['ANTHROPIC_BASE_URL', before.url],
      ] as const)
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
    }
  });

  it('text output prints nothing on stdout, as before', async () => {
    const out = await cli('validate', empty);
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
  });
});

describe('a command that printed its report', () => {
  it('validate exit 1 prints only its own report', async () => {
    const skill = tree.dir('bad-skill');
    tree.write('bad-skill/SKILL.md', '---\nname: Not A Valid Name\n---\nbody\n');
    const out = await cli('validate', skill, '--output', 'json');
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout) as { errors: number };
    expect(report.errors).toBeGreaterThan(0);
  });
});

describe('failureFormatOf', () => {
  it('reads the last --output, either spelling, and only the machine formats', () => {
    expect(failureFormatOf(['validate', 'x', '--output', 'text', '--output', 'sarif'])).toBe('sarif');
    expect(failureFormatOf(['cache', 'stats', '--json'])).toBe('json');
    expect(failureFormatOf(['score', 'x', '--output', 'markdown'])).toBeUndefined();
    expect(failureFormatOf(['score', '--', '--output', 'json'])).toBeUndefined();
  });
});
