import { mkdirSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import { validate } from '../src/rules/validate/index.js';
import type { ScoreResult } from '../src/model/result.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';

/**
 * Bad input never crashes: every case yields a diagnostic naming the file (and line where there is one),
 * and a score wherever one is meaningful. PluginEval 0.1.x crashes on several of these.
 */
const tree = tempTree('plugin-eval-bad-');
const GOOD_BODY = '\n# Tool\n\n## Usage\n\nRun it.\n';
const skill = (name: string, skillMd: string | Buffer, extra: Record<string, string | Buffer> = {}) => {
  tree.write(`${name}/SKILL.md`, skillMd);
  for (const [rel, data] of Object.entries(extra)) tree.write(`${name}/${rel}`, data);
  return path.join(tree.root, name);
};

async function scoreOne(dir: string, methodology: 'default' | 'compat' = 'default'): Promise<ScoreResult> {
  const run = await score([dir], { methodology });
  expect(run.failures).toEqual([]);
  expect(run.results).toHaveLength(1);
  return run.results[0]!;
}

const rules = (r: ScoreResult) => r.diagnostics.map((d) => d.ruleId);

describe('bad frontmatter', () => {
  it('empty description: EMPTY_DESCRIPTION and a score', async () => {
    const r = await scoreOne(skill('empty-desc', `---\nname: empty-desc\ndescription: ""\n---\n${GOOD_BODY}`));
    expect(r.antiPatterns.map((a) => a.flag)).toContain('EMPTY_DESCRIPTION');
    expect(r.composite.score).toBeGreaterThan(0);
  });

  it.each([
    ['numeric', 'description: 42', 'a number'],
    ['list', 'description:\n  - one\n  - two', 'a list'],
  ])('%s description: a type error at its line, and a score in both methodologies', async (kind, yaml, found) => {
    const dir = skill(`${kind}-desc`, `---\nname: ${kind}-desc\n${yaml}\n---\n${GOOD_BODY}`);
    const report = await validate([dir]);
    const d = report.diagnostics.find((x) => x.ruleId === 'skill/description-type')!;
    expect(d.message).toContain(found);
    expect(d.line).toBe(3);
    expect(d.file).toMatch(/SKILL\.md$/);
    for (const m of ['default', 'compat'] as const) expect((await scoreOne(dir, m)).composite.score).toBeGreaterThan(0);
  });

  it.each([
    ['a list', '- a\n- b'],
    ['a string', 'just text'],
  ])('non-mapping frontmatter (%s): frontmatter/not-a-mapping, still scored', async (kind, yaml) => {
    const name = `nonmap-${kind.replace(' ', '-')}`;
    const r = await scoreOne(skill(name, `---\n${yaml}\n---\n${GOOD_BODY}`));
    const d = r.diagnostics.find((x) => x.ruleId === 'frontmatter/not-a-mapping')!;
    expect(d.severity).toBe('error');
    expect(d.message).toContain(kind);
    expect((await scoreOne(path.join(tree.root, name), 'compat')).composite.score).toBeGreaterThan(0);
  });

  it('YAML syntax error: reported as an error with its line (PluginEval silently reads {})', async () => {
    const dir = skill(
      'yaml-error',
      `---\nname: yaml-error\ndescription: "unterminated\nother: [1, 2\n---\n${GOOD_BODY}`,
    );
    const r = await scoreOne(dir);
    const d = r.diagnostics.find((x) => x.ruleId === 'frontmatter/yaml-syntax')!;
    expect(d.severity).toBe('error');
    expect(d.line).toBeGreaterThanOrEqual(3);
    expect(d.file).toBe(`${dir}/SKILL.md`);
    const compat = await scoreOne(dir, 'compat');
    expect(compat.antiPatterns.map((a) => a.flag)).toEqual(['EMPTY_DESCRIPTION', 'MISSING_TRIGGER']);
  });
});

describe('encodings and line endings', () => {
  const text = `---\nname: enc\ndescription: Formats tables. Use when the user asks for a table of results, for reports.\n---\n${GOOD_BODY}`;

  it('invalid UTF-8: diagnostic with the line of the bad byte, still scored', async () => {
    const bytes = Buffer.concat([
      Buffer.from(text),
      Buffer.from('bad byte: '),
      Buffer.from([0xff, 0xfe, 0x41]),
      Buffer.from('\n'),
    ]);
    const dir = skill('invalid-utf8', bytes);
    const r = await scoreOne(dir);
    const d = r.diagnostics.find((x) => x.ruleId === 'file/invalid-utf8')!;
    expect(d.line).toBe(text.split('\n').length);
    expect(r.composite.score).toBeGreaterThan(0);
  });

  it('BOM and CRLF: same default score as the plain file', async () => {
    const plain = await scoreOne(skill('enc', text));
    const bom = await scoreOne(
      skill(
        'enc-bom',
        Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text.replace('name: enc', 'name: enc-bom'))]),
      ),
    );
    const crlf = await scoreOne(skill('enc-crlf', text.replace('name: enc', 'name: enc-crlf').replace(/\n/g, '\r\n')));
    expect(bom.composite.score).toBeCloseTo(plain.composite.score!, 10);
    expect(crlf.composite.score).toBeCloseTo(plain.composite.score!, 10);
    expect(rules(bom)).toContain('file/bom');
    expect(rules(bom)).not.toContain('frontmatter/missing');
    // PluginEval 0.1.x only sees frontmatter at byte 0, so a BOM hides it in compat mode (kept on purpose).
    const compat = await scoreOne(path.join(tree.root, 'enc-bom'), 'compat');
    expect(compat.antiPatterns.map((a) => a.flag)).toContain('EMPTY_DESCRIPTION');
  });
});

describe('files around SKILL.md', () => {
  it('binary file in references/: a warning, and it earns no reference credit', async () => {
    const dir = skill(
      'binary-ref',
      `---\nname: binary-ref\ndescription: Reads images. Use when the user shares a screenshot to ` +
        `describe.\n---\n${GOOD_BODY}\nSee [img](references/pic.png).\n`,
      {
        'references/pic.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x00, 0x01]),
      },
    );
    const report = await validate([dir]);
    expect(report.diagnostics.find((d) => d.ruleId === 'references/binary-file')?.file).toBe(
      `${dir}/references/pic.png`,
    );
    const r = await scoreOne(dir);
    expect(r.layers[0]!.subScores.progressive_disclosure!.evidence.join(' ')).not.toMatch(/linked reference/);
  });

  it('a 20 MB SKILL.md: not analysed, a file/too-large error naming it, exit 2 from the CLI', async () => {
    const big = Buffer.alloc(20 * 1024 * 1024, 'a\n');
    const dir = skill('huge', big);
    const run = await score([dir]);
    expect(run.results).toEqual([]);
    expect(run.failures[0]!.diagnostics[0]!.ruleId).toBe('file/too-large');
    expect(run.failures[0]!.diagnostics[0]!.message).toMatch(/20\.0 MiB/);
    const out = await cli('score', dir);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`${dir}/SKILL.md`);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it('symlink loop inside the skill: reported, not followed', async () => {
    const dir = skill(
      'loop',
      `---\nname: loop\ndescription: Lists files. Use when the user asks what a folder holds.\n---\n${GOOD_BODY}`,
    );
    mkdirSync(path.join(dir, 'references'), { recursive: true });
    symlinkSync('..', path.join(dir, 'references', 'up'));
    const r = await scoreOne(dir);
    expect(r.diagnostics.find((d) => d.ruleId === 'file/symlink-loop')?.file).toBe(`${dir}/references/up`);
  });

  it('links and symlinks escaping the skill directory: warnings', async () => {
    tree.write('outside/secret.md', 'secret');
    const dir = skill(
      'escape',
      `---\nname: escape\ndescription: Reads notes. Use when the user asks about meeting ` +
        `notes.\n---\n${GOOD_BODY}\nSee [x](../../outside/secret.md).\n`,
    );
    symlinkSync(path.join(tree.root, 'outside', 'secret.md'), path.join(dir, 'linked.md'));
    const report = await validate([dir]);
    const ids = report.diagnostics.map((d) => d.ruleId);
    expect(ids).toContain('links/escapes-skill');
    expect(ids).toContain('file/symlink-escapes');
    expect(report.diagnostics.find((d) => d.ruleId === 'links/escapes-skill')!.line).toBe(12);
  });

  it('a plugin skill that is a dangling symlink or a symlink loop is reported, not silently dropped', async () => {
    tree.write('linked-plugin/.claude-plugin/plugin.json', JSON.stringify({ name: 'linked-plugin' }));
    tree.write(
      'linked-plugin/skills/real/SKILL.md',
      `---\nname: real\ndescription: Lists files. Use when the user asks what a folder holds.\n---\n${GOOD_BODY}`,
    );
    const plugin = path.join(tree.root, 'linked-plugin');
    symlinkSync('../../vendored/gone', path.join(plugin, 'skills', 'gone'));
    symlinkSync('loopy', path.join(plugin, 'skills', 'loopy'));
    const run = await score([plugin]);
    expect(run.results.map((r) => r.target.path)).toEqual([plugin]);
    const found = run.results[0]!.diagnostics.filter((d) => d.file.startsWith(`${plugin}/skills/`)).map((d) => [
      d.file,
      d.ruleId,
      d.severity,
    ]);
    expect(found).toEqual([
      [`${plugin}/skills/gone`, 'file/broken-symlink', 'warning'],
      [`${plugin}/skills/loopy`, 'file/symlink-loop', 'warning'],
    ]);
    const report = await validate([plugin]);
    expect(report.diagnostics.find((d) => d.file === `${plugin}/skills/gone`)?.message).toBe(
      'symlink cannot be resolved: file does not exist (or is a broken symlink)',
    );
  });

  it("a plugin's skills/, agents/ and commands/ that link out of it: reported, nothing behind them read", async () => {
    tree.write(
      'elsewhere/skills/lure/SKILL.md',
      `---\nname: lure\ndescription: OUTSIDE-SKILL-TEXT. Use when the user asks.\n---\n${GOOD_BODY}`,
    );
    tree.write('elsewhere/agents/spy.md', '---\nname: spy\ndescription: OUTSIDE-AGENT-TEXT\n---\nBody.\n');
    tree.write('elsewhere/commands/run.md', '---\ndescription: OUTSIDE-COMMAND-TEXT\n---\nBody.\n');
    tree.write('out-plugin/.claude-plugin/plugin.json', JSON.stringify({ name: 'out-plugin' }));
    const plugin = path.join(tree.root, 'out-plugin');
    for (const folder of ['skills', 'agents', 'commands'])
      symlinkSync(path.join(tree.root, 'elsewhere', folder), path.join(plugin, folder));
    const run = await score([plugin]);
    const r = run.results[0]!;
    expect(r.diagnostics.filter((d) => d.ruleId === 'file/symlink-escapes').map((d) => d.file)).toEqual([
      `${plugin}/skills`,
      `${plugin}/agents`,
      `${plugin}/commands`,
    ]);
    expect(JSON.stringify(run)).not.toMatch(/OUTSIDE-|\blure\b|\bspy\b/);
    const report = await validate([plugin]);
    expect(report.diagnostics.filter((d) => d.ruleId === 'file/symlink-escapes')).toHaveLength(3);
    expect(JSON.stringify(report)).not.toMatch(/OUTSIDE-|\blure\b|\bspy\b/);
  });

  it('unreadable entries (SKILL.md that is a folder, a dangling symlink): diagnostics, no crash', async () => {
    const dirSkill = tree.dir('dir-skill/SKILL.md');
    const run = await score([path.dirname(dirSkill)]);
    expect(run.failures[0]!.diagnostics[0]!.message).toContain('is a directory');
    const dir = skill(
      'dangling',
      `---\nname: dangling\ndescription: Checks links. Use when the user asks whether links work.\n---\n${GOOD_BODY}`,
    );
    symlinkSync(path.join(tree.root, 'nowhere.md'), path.join(dir, 'gone.md'));
    const r = await scoreOne(dir);
    expect(r.diagnostics.find((d) => d.ruleId === 'file/broken-symlink')?.file).toBe(`${dir}/gone.md`);
  });

  it('a folder with no SKILL.md: exit 2 with a clear message (PluginEval raises a traceback)', async () => {
    const empty = tree.dir('nothing-here');
    const out = await cli('score', empty);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain(`${empty}: no SKILL.md, plugin or marketplace found`);
  });

  it('a missing path: exit 2 naming it', async () => {
    const out = await cli('score', path.join(tree.root, 'missing'));
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/missing: no such file or directory/);
  });
});

describe('bad plugin manifests', () => {
  const pluginSkill = `---\nname: helper\ndescription: Helps. Use when the user asks for help with plugins.\n---\n${GOOD_BODY}`;
  it.each([
    ['syntax error', '{\n  "name": "p",\n  "version": 1.0.0\n}', 'json/syntax', 3],
    ['an array', '[1, 2]', 'plugin/manifest-schema', 1],
    ['a number', '42', 'plugin/manifest-schema', 1],
    ['bad name', '{"name": "Bad Name"}', 'plugin/manifest-schema', 1],
  ])('plugin.json that is %s: diagnostic at its line, the plugin is still scored', async (kind, json, rule, line) => {
    const name = `plugin-${kind.replace(/\s/g, '-')}`;
    tree.write(`${name}/.claude-plugin/plugin.json`, json);
    tree.write(`${name}/skills/helper/SKILL.md`, pluginSkill);
    const run = await score([path.join(tree.root, name)]);
    expect(run.results).toHaveLength(1);
    const r = run.results[0]!;
    expect(r.target.kind).toBe('plugin');
    expect(r.composite.score).toBeGreaterThan(0);
    const d = r.diagnostics.find((x) => x.ruleId === rule)!;
    expect(d.file).toBe(`${path.join(tree.root, name)}/.claude-plugin/plugin.json`);
    expect(d.line).toBe(line);
    if (kind !== 'syntax error' && kind !== 'bad name') expect(d.message).toContain('must be a JSON object');
  });
});
