import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { diagnostic } from '../../src/model/diagnostic.js';
import {
  messageShape,
  pathPattern,
  summariseDiagnostics,
  VALIDATE_REPORTERS,
} from '../../src/reporters/validate/index.js';
import { validate, type ValidationReport } from '../../src/rules/validate/index.js';
import { cli } from '../support/cli.js';
import { checkSarif } from '../support/sarif-shape.js';
import { tempTree } from '../support/tmp.js';
import { parseXml, type XmlElement } from '../reporters/xml.js';

const tree = tempTree('plugin-eval-validate-out-');
const OPTIONS = { color: false, toolVersion: '0.1.0' };

/** A plugin with six commands without a description, one agent whose name differs from its file, a broken link. */
function writePlugin(): string {
  tree.write('mp/p/.claude-plugin/plugin.json', JSON.stringify({ name: 'p', description: 'A plugin.' }));
  for (const c of ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta'])
    tree.write(`mp/p/commands/${c}.md`, `---\nargument-hint: <x>\n---\n\nDo ${c} with $ARGUMENTS.\n`);
  tree.write('mp/p/agents/helper.md', '---\nname: helper-two\ndescription: Helps.\n---\n\nHelp.\n');
  tree.write(
    'mp/p/skills/s-one/SKILL.md',
    '---\nname: s-one\ndescription: Does one thing. Use when asked for one thing.\n---\n\nSee ' +
      '[gone](references/gone.md).\n',
  );
  return path.join(tree.root, 'mp/p');
}

const names = (el: XmlElement, name: string): XmlElement[] => [
  ...(el.name === name ? [el] : []),
  ...el.children.flatMap((c) => names(c, name)),
];

describe('summaries of repeated diagnostics', () => {
  it('pathPattern keeps shared segments and stars the rest', () => {
    expect(pathPattern(['p/commands/a.md', 'p/commands/b.md'])).toBe('p/commands/*.md');
    expect(pathPattern(['x/a/commands/c.md', 'x/b/commands/d.md'])).toBe('x/*/commands/*.md');
    expect(pathPattern(['m/a/SKILL.md', 'm/deep/b/SKILL.md'])).toBe('m/**/*/SKILL.md');
    expect(pathPattern(['a/x', 'b/y'])).toBe('*/*');
  });

  it('groups by rule, severity and message shape; keeps groups below the minimum as they are', () => {
    const ds = [
      ...['a', 'b', 'c', 'd'].map((n) =>
        diagnostic(
          `agents/${n}.md`,
          'agent/name-matches-file',
          'warning',
          `agent name "${n}x" differs from the file name "${n}"`,
          2,
          1,
        ),
      ),
      diagnostic('s/SKILL.md', 'links/broken', 'error', 'link target x does not exist', 3, 1),
      diagnostic('t/SKILL.md', 'links/broken', 'error', 'link target y does not exist', 3, 1),
    ];
    const groups = summariseDiagnostics(ds);
    expect(groups.map((g) => [g.pattern, g.count, g.files])).toEqual([
      ['agents/*.md', 4, 4],
      ['s/SKILL.md', 1, 1],
      ['t/SKILL.md', 1, 1],
    ]);
    expect(groups[0]?.message).toBe('agent name "…" differs from the file name "…"');
    expect(messageShape('body is 612 lines; the guidance is under 500')).toBe(
      'body is N lines; the guidance is under N',
    );
  });

  it('text shows a repeated diagnostic once with its count; json keeps every instance', async () => {
    const plugin = writePlugin();
    const report = await validate([plugin]);
    const repeated = report.diagnostics.filter((d) => d.ruleId === 'command/description');
    expect(repeated).toHaveLength(6);
    const text = VALIDATE_REPORTERS.text(report, OPTIONS);
    expect(text).toContain(
      `${plugin}/commands/*.md: 6 files  warning  command/description  command has no description (it shows as ` +
        `blank in /help)`,
    );
    expect(text.match(/command\/description/g)).toHaveLength(1);
    expect(text).toContain(
      '6 diagnostics repeated across files shown as 1 summary line (--list-files names the files, --output json ' +
        'lists each one)',
    );
    // One-off diagnostics stay as linter lines.
    expect(text).toMatch(/agents\/helper\.md:2:1 {2}warning {2}agent\/name-matches-file/);
    const json = JSON.parse(VALIDATE_REPORTERS.json(report, OPTIONS)) as ValidationReport;
    expect(json.diagnostics.filter((d) => d.ruleId === 'command/description')).toHaveLength(6);
    expect(json).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('text with listFiles names each file under its summary line, in order, and nothing else changes', async () => {
    const report = await validate([writePlugin()]);
    const files = report.diagnostics.filter((d) => d.ruleId === 'command/description').map((d) => d.file);
    const lines = VALIDATE_REPORTERS.text(report, { ...OPTIONS, listFiles: true }).split('\n');
    const at = lines.findIndex((l) => l.includes('6 files  warning  command/description'));
    expect(lines.slice(at + 1, at + 7)).toEqual(files.map((f) => `  ${f}`));
    expect(lines.at(-2)).toBe('6 diagnostics repeated across files shown as 1 summary line (each with its files)');
    const plain = VALIDATE_REPORTERS.text(report, OPTIONS).split('\n');
    expect(lines.filter((l) => !l.startsWith('  ')).slice(0, -2)).toEqual(plain.slice(0, -2));
  });
});

describe('validate --output sarif and junit', () => {
  it('sarif meets the SARIF 2.1.0 schema and has one result per diagnostic', async () => {
    const plugin = writePlugin();
    const report = await validate([plugin]);
    const log = checkSarif(VALIDATE_REPORTERS.sarif(report, OPTIONS));
    const results = log.runs[0]?.results ?? [];
    expect(results).toHaveLength(report.diagnostics.length);
    expect(results.filter((r) => r.ruleId === 'command/description')).toHaveLength(6);
    const broken = results.find((r) => r.ruleId === 'links/broken');
    expect(broken?.level).toBe('error');
    expect(broken?.locations?.[0]?.physicalLocation).toEqual({
      artifactLocation: { uri: `file://${plugin}/skills/s-one/SKILL.md` },
      region: { startLine: 6, startColumn: 5 },
    });
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    expect(new Set(rules.map((r) => r.id)).size).toBe(rules.length);
    // An empty report is still a valid log.
    expect(
      checkSarif(VALIDATE_REPORTERS.sarif({ ...report, diagnostics: [], errors: 0, warnings: 0, infos: 0 }, OPTIONS))
        .runs[0]?.results,
    ).toEqual([]);
  });

  it('junit has one test case per file, failing on errors, and a passing case for a clean target', async () => {
    const plugin = writePlugin();
    const clean = path.dirname(
      tree.write(
        'clean/tidy-skill/SKILL.md',
        '---\nname: tidy-skill\ndescription: Tidies things. Use when the user asks to tidy.\n---\n\n# ' +
          'Tidy\n\nTidy the files.\n',
      ),
    );
    const report = await validate([plugin, clean]);
    const doc = parseXml(VALIDATE_REPORTERS.junit(report, OPTIONS));
    const cases = names(doc, 'testcase');
    const files = new Set(report.diagnostics.map((d) => d.file));
    expect(cases.map((c) => c.attrs.name).sort()).toEqual([...files, clean].sort());
    const failing = cases.filter((c) => c.children.some((ch) => ch.name === 'failure'));
    expect(failing.map((c) => c.attrs.name)).toEqual([
      ...new Set(report.diagnostics.filter((d) => d.severity === 'error').map((d) => d.file)),
    ]);
    const suite = names(doc, 'testsuite')[0]!;
    expect(Number(suite.attrs.tests)).toBe(cases.length);
    expect(Number(suite.attrs.failures)).toBe(failing.length);
  });

  it('the CLI writes each format to --out atomically and exits 1 on errors', async () => {
    const plugin = writePlugin();
    const outDir = tree.dir('outs');
    for (const format of ['text', 'json', 'sarif', 'junit']) {
      const file = path.join(outDir, `report.${format}`);
      const run = await cli('validate', plugin, '--output', format, '--out', file);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      const written = readFileSync(file, 'utf8');
      if (format === 'json') expect(JSON.parse(written).errors).toBeGreaterThan(0);
      if (format === 'sarif') checkSarif(written);
      if (format === 'junit') parseXml(written);
      if (format === 'text') expect(written).toContain('command/description');
    }
    expect(readdirSync(outDir).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    const bad = await cli(
      'validate',
      plugin,
      '--output',
      'sarif',
      '--out',
      path.join(outDir, 'missing-folder/x.sarif'),
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('missing-folder does not exist; nothing was done');
    expect(existsSync(path.join(outDir, 'missing-folder'))).toBe(false);
    expect((await cli('validate', plugin, '--output', 'xml')).code).toBe(2);
  });
});

describe('Claude Code lists', () => {
  it('an unknown hook event or agent model is an info note dated with the list, not a warning', async () => {
    tree.write('cc/p/.claude-plugin/plugin.json', JSON.stringify({ name: 'p' }));
    tree.write(
      'cc/p/hooks/hooks.json',
      JSON.stringify({
        hooks: {
          FutureEvent: [{ hooks: [{ type: 'command', command: 'true' }] }],
          PreToolUse: [{ hooks: [{ type: 'command', command: 'true' }] }],
        },
      }),
    );
    tree.write('cc/p/agents/a.md', '---\nname: a\ndescription: An agent.\nmodel: sonnet-9\n---\n\nDo it.\n');
    const report = await validate([path.join(tree.root, 'cc/p')]);
    const hook = report.diagnostics.filter((d) => d.ruleId === 'hooks/unknown-event');
    expect(hook).toHaveLength(1);
    expect(hook[0]?.severity).toBe('info');
    expect(hook[0]?.message).toMatch(
      /^unknown hook event "FutureEvent": not in plugin-eval's list of Claude Code hook events as of \d{4}-\d{2}-\d{2}; if Claude Code added it, this note is harmless/,
    );
    const model = report.diagnostics.find((d) => d.ruleId === 'agent/model');
    expect(model?.severity).toBe('info');
    expect(model?.line).toBe(4);
    expect(report.warnings + report.errors).toBe(report.diagnostics.filter((d) => d.severity !== 'info').length);
  });
});
