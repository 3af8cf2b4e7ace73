/**
 * Problems that belong to no result: discovery diagnostics (a marketplace entry whose source is missing, a
 * marketplace.json that does not parse) and targets that could not be scored at all. A report or an exit code that
 * leaves them out shows a marketplace as clean while one of its plugins silently dropped out of it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from './support/cli.js';
import { checkSarif } from './support/sarif-shape.js';
import { tempTree } from './support/tmp.js';
import { findAll, parseXml } from './reporters/xml.js';

const tree = tempTree('plugin-eval-run-problems-');
const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# ` +
  `Notes\n\nTidy the notes.\n`;

// A marketplace whose second plugin's source is missing: nothing else in it has an error.
tree.write(
  'mk/.claude-plugin/marketplace.json',
  JSON.stringify({
    name: 'mk',
    owner: { name: 'Me' },
    plugins: [
      { name: 'local', source: './plugins/local' },
      { name: 'gone', source: './plugins/gone' },
    ],
  }),
);
tree.write(
  'mk/plugins/local/.claude-plugin/plugin.json',
  JSON.stringify({ name: 'local', description: 'Tidies notes.' }),
);
tree.write('mk/plugins/local/skills/notes/SKILL.md', SKILL('notes'));
// A marketplace.json that does not parse: the plugins folder is still scored.
tree.write('broken/.claude-plugin/marketplace.json', '{"name": "broken", "plugins": [');
tree.write(
  'broken/plugins/local/.claude-plugin/plugin.json',
  JSON.stringify({ name: 'local', description: 'Tidies notes.' }),
);
tree.write('broken/plugins/local/skills/notes/SKILL.md', SKILL('notes'));
// A folder of two skills, one of them binary: it cannot be scored (exit 2).
tree.write('mixed/good/SKILL.md', SKILL('good'));
tree.write('mixed/bad/SKILL.md', Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x00, 0x01, 0x02, 0x00]));

const at = (rel: string) => path.join(tree.root, rel);

describe('discovery errors count as error diagnostics', () => {
  it('a marketplace entry whose source is missing fails score (exit 1), as it fails validate', async () => {
    const run = await cli('score', at('mk'), '--no-store', '--output', 'json');
    const log = JSON.parse(run.stdout) as {
      results: { diagnostics: { severity: string }[] }[];
      diagnostics: { ruleId: string }[];
    };
    // Nothing in the scored result is an error: the exit code comes from the discovery diagnostic alone.
    expect(log.results.flatMap((r) => r.diagnostics).filter((d) => d.severity === 'error')).toEqual([]);
    expect(log.diagnostics.map((d) => d.ruleId)).toContain('marketplace/missing-source');
    expect(run.code).toBe(1);
    expect((await cli('validate', at('mk'))).code).toBe(1);
  });

  it('a marketplace.json that does not parse fails score (exit 1)', async () => {
    const run = await cli('score', at('broken'), '--no-store', '--output', 'json');
    const log = JSON.parse(run.stdout) as { results: unknown[]; diagnostics: { ruleId: string; file: string }[] };
    expect(log.results).toHaveLength(1);
    expect(log.diagnostics.map((d) => d.ruleId)).toEqual(['json/syntax']);
    expect(run.code).toBe(1);
  });

  it("compat keeps PluginEval's exit code 0 whatever the diagnostics", async () => {
    expect((await cli('score', at('mk'), '--no-store', '--methodology', 'compat')).code).toBe(0);
  });

  it('a rule set to off in the config file no longer fails the run', async () => {
    tree.write('mk-off/plugin-eval.config.json', JSON.stringify({ rules: { 'marketplace/missing-source': 'off' } }));
    const config = at('mk-off/plugin-eval.config.json');
    expect((await cli('--config', config, 'score', at('mk'), '--no-store')).code).toBe(0);
  });
});

describe('every report format carries the problems outside the results', () => {
  it('sarif: the discovery diagnostic is a result at marketplace.json, in a valid log', async () => {
    const run = await cli('score', at('mk'), '--no-store', '--output', 'sarif');
    const log = checkSarif(run.stdout);
    const missing = log.runs[0]?.results?.find((r) => r.ruleId === 'marketplace/missing-source');
    expect(missing?.level).toBe('error');
    expect(missing?.message).toEqual({ text: 'plugin "gone" not scored: source ./plugins/gone does not exist' });
    expect(missing?.locations?.[0]?.physicalLocation.artifactLocation.uri).toMatch(
      /mk\/\.claude-plugin\/marketplace\.json$/,
    );
  });

  it('sarif: a target that could not be scored is an error result and an unsuccessful execution', async () => {
    const run = await cli('score', at('mixed'), '--no-store', '--output', 'sarif');
    expect(run.code).toBe(2);
    const log = checkSarif(run.stdout);
    const sarifRun = log.runs[0]!;
    expect(
      sarifRun.results?.find((r) => r.ruleId === 'file/binary')?.locations?.[0]?.physicalLocation.artifactLocation.uri,
    ).toMatch(/mixed\/bad\/SKILL\.md$/);
    expect(sarifRun.invocations?.[0]?.executionSuccessful).toBe(false);
    const notes = sarifRun.invocations?.[0]?.toolExecutionNotifications ?? [];
    expect(notes.find((n) => n.descriptor?.id === 'not-scored')?.message).toEqual({
      text: expect.stringMatching(/mixed\/bad: could not be scored: binary content/) as unknown as string,
    });
  });

  it('junit: a failing discovery test case and a test case in error for the unscorable target', async () => {
    const mk = parseXml((await cli('score', at('mk'), '--no-store', '--output', 'junit')).stdout);
    const discovery = findAll(mk, 'testcase').find((c) => c.attrs.classname === 'plugin-eval.discovery');
    expect(findAll(discovery!, 'failure')[0]?.text).toContain('marketplace/missing-source  plugin "gone" not scored');
    expect(findAll(mk, 'testsuite')[0]?.attrs).toMatchObject({ tests: '2', failures: '1', errors: '0' });

    const mixed = parseXml((await cli('score', at('mixed'), '--no-store', '--output', 'junit')).stdout);
    const bad = findAll(mixed, 'testcase').find((c) => c.attrs.name?.endsWith('mixed/bad'));
    expect(findAll(bad!, 'error')[0]?.attrs.type).toBe('not-scored');
    expect(findAll(mixed, 'testsuite')[0]?.attrs).toMatchObject({ tests: '2', failures: '0', errors: '1' });
  });

  it('markdown and html name the missing plugin and the unscorable target', async () => {
    for (const format of ['markdown', 'html']) {
      const mk = (await cli('score', at('mk'), '--no-store', '--output', format)).stdout;
      expect(mk).toContain('Problems outside the results (1 error)');
      expect(mk).toMatch(/plugin (&quot;|")gone(&quot;|") not scored/);
      const mixed = (await cli('score', at('mixed'), '--no-store', '--output', format)).stdout;
      expect(mixed).toContain('Problems outside the results (1 target not scored; 1 error)');
      expect(mixed).toMatch(/mixed\/bad: could not be scored: binary content/);
    }
  });

  it('a run without such problems gets no extra section, test case or result', async () => {
    const good = at('mixed/good');
    expect((await cli('score', good, '--no-store', '--output', 'markdown')).stdout).not.toContain(
      'Problems outside the results',
    );
    const junit = parseXml((await cli('score', good, '--no-store', '--output', 'junit')).stdout);
    expect(findAll(junit, 'testcase')).toHaveLength(1);
  });
});

describe('a SKILL.md that cannot be read at all: score and validate exit differently, as README "Exit codes" says', () => {
  it('score has no score for it (exit 2); validate reports it as a finding at the file (exit 1), which rules can turn off', async () => {
    const score = await cli('score', at('mixed/bad'), '--no-store');
    expect(score.code).toBe(2);
    const validate = await cli('validate', at('mixed/bad'), '--output', 'sarif');
    expect(validate.code).toBe(1);
    expect(checkSarif(validate.stdout).runs[0]?.results?.map((r) => r.ruleId)).toEqual(['file/binary']);
    // A finding like any other: a rule set to off silences it in validate; score still has nothing to score.
    const config = tree.write(
      'binary-off/plugin-eval.config.json',
      JSON.stringify({ rules: { 'file/binary': 'off' } }),
    );
    expect((await cli('--config', config, 'validate', at('mixed/bad'))).code).toBe(0);
    expect((await cli('--config', config, 'score', at('mixed/bad'), '--no-store')).code).toBe(2);
  });

  it('README documents the difference, so neither reads as a bug', () => {
    const readme = readFileSync(path.resolve('README.md'), 'utf8');
    const rows = readme.slice(readme.indexOf('### Exit codes'), readme.indexOf('## How scores are computed'));
    expect(rows).toMatch(/\| 1 \|[^\n]*`validate` found errors, a file it could not read at all[^\n]* included \|/);
    expect(rows).toMatch(/\| 2 \|[^\n]*a SKILL\.md `score` cannot read at all \|/);
    expect(rows).toContain('The same binary SKILL.md is exit 2 for `score` and exit 1 for `validate`, on purpose');
  });
});
