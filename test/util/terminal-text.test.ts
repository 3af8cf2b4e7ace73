import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPORTERS } from '../../src/reporters/index.js';
import { VALIDATE_REPORTERS } from '../../src/reporters/validate/index.js';
import { score } from '../../src/api/score.js';
import { validate } from '../../src/rules/validate/index.js';
import { terminalText } from '../../src/util/terminal-text.js';
import { tempTree } from '../support/tmp.js';
import { BUILT_BIN } from '../support/built.js';

const ESC = '\u001b';
const TITLE = `${ESC}]0;PWNED\u0007`;
const CLIPBOARD = `${ESC}]52;c;ZWNobyBvd25lZA==${ESC}\\`;

describe('terminalText', () => {
  it('drops OSC strings (title, clipboard), cursor movement and screen clearing', () => {
    expect(terminalText(`a${TITLE}b`, false)).toBe('ab');
    expect(terminalText(`a${CLIPBOARD}b`, true)).toBe('ab');
    expect(terminalText(`line one\n${ESC}[1A${ESC}[2Kfake line`, true)).toBe('line one\nfake line');
    expect(terminalText(`${ESC}[2J${ESC}[Hx`, false)).toBe('x');
  });

  it('an unterminated OSC string ends at the line, not at the end of the report', () => {
    expect(terminalText(`name ${ESC}]0;oops\nthe rest of the report`, false)).toBe('name \nthe rest of the report');
  });

  it("keeps plugin-eval's own colours only when colour is on, and never conceal, inverse or black", () => {
    const red = `${ESC}[31merror${ESC}[39m`;
    expect(terminalText(red, true)).toBe(red);
    expect(terminalText(red, false)).toBe('error');
    for (const code of ['8', '7', '30', '40;37', '0;8'])
      expect(terminalText(`${ESC}[${code}mhidden`, true)).toBe('hidden');
  });

  it('drops other controls (CR, backspace, C1 CSI) and keeps tabs, line feeds and other text as is', () => {
    expect(terminalText('a\rb\bc\u009b2Jd\u007fe', false)).toBe('ab' + 'c2Jde');
    const plain = 'tab\there\nnext line · ünïcödé ★';
    expect(terminalText(plain, false)).toBe(plain);
  });
});

// What the hostile skill below carries: a title OSC, a clipboard OSC, conceal and line erasing.
// eslint-disable-next-line no-control-regex
const INJECTED = /\u001b\](0|52);|\u001b\[(8|2K)|\u0007/;

const tree = tempTree('plugin-eval-terminal-');
const hostileFolder = `notes${TITLE}`;
tree.write(
  `skills/${hostileFolder}/SKILL.md`,
  `---\nname: "notes\\e[8m"\ndescription: Formats notes. Use when the user asks to tidy meeting ` +
    `notes.\n---\n\n# Notes\n\nSee [the guide](refs/${ESC}[2Kguide.md).\n`,
);
const skills = path.join(tree.root, 'skills');

describe("reports and the CLI never pass a skill's escape sequences to the terminal", () => {
  it('the text reporter, with colour on or off', async () => {
    const run = await score([skills], { config: false });
    for (const color of [false, true]) {
      const out = REPORTERS.text(run.results, { color, width: 80, format: 'native', toolVersion: '0' });
      expect(out).toContain('notes');
      expect(out).not.toMatch(INJECTED);
    }
  });

  it("validate's text reporter", async () => {
    const report = await validate([skills]);
    const out = VALIDATE_REPORTERS.text(report, { color: true, toolVersion: '0' });
    expect(out).toContain('links/broken');
    expect(out).not.toMatch(INJECTED);
  });

  it('the bin: stdout and stderr of score and validate, in a colour terminal', () => {
    const env = { ...process.env, FORCE_COLOR: '1' };
    for (const args of [
      ['score', skills, '--no-store', '--threshold', '99'],
      ['validate', skills],
      ['score', path.join(skills, hostileFolder, 'missing')],
    ]) {
      const r = spawnSync(process.execPath, [BUILT_BIN, ...args], { encoding: 'utf8', env });
      expect(r.stdout + r.stderr).toContain('notes');
      expect(r.stdout + r.stderr, args.join(' ')).not.toMatch(INJECTED);
    }
  });
});

describe('a folder name with a line break keeps every report line whole', () => {
  const broken = tempTree('plugin-eval-newline-');
  broken.write(
    'skills/two\nlines/SKILL.md',
    '---\nname: two-lines\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# ' +
      'Notes\n\nSee [the guide](references/missing.md).\n',
  );
  broken.write(
    'skills/plain/SKILL.md',
    '---\nname: plain\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# Notes\n',
  );
  const root = path.join(broken.root, 'skills');

  it('the summary table: one row per result, the line break shown as \\n', async () => {
    const run = await score([root], { config: false });
    const out = REPORTERS.text(run.results, { color: false, width: 100, format: 'native', toolVersion: '0' });
    const rows = out.split('\n').filter((l) => /\d+\.\d\s+no badge|\d+\.\d\s+(bronze|silver|gold)/i.test(l));
    expect(rows).toHaveLength(2);
    expect(out).toContain(`${root}/two\\nlines`);
    expect(out.split('\n').some((l) => l === 'lines' || l.startsWith('lines '))).toBe(false);
  });

  it('validate: each diagnostic is one file:line:col line', async () => {
    const report = await validate([root]);
    const out = VALIDATE_REPORTERS.text(report, { color: false, toolVersion: '0' });
    const lines = out.split('\n').filter((l) => l.includes('skill/name-matches-directory'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /two\\nlines\/SKILL\.md:2:1 {2}error {2}skill\/name-matches-directory {2}name "two-lines" must equal the folder name "two\\nlines"$/,
    );
  });
});
