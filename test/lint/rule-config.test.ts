import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { score } from '../../src/api/score.js';
import { loadConfig } from '../../src/config/load.js';
import { ConfigError } from '../../src/errors.js';
import { applyRuleConfig, disabledSummary, type RuleConfig } from '../../src/rules/config/apply-rule-config.js';
import { disabledInline, parseInlineDirectives } from '../../src/rules/config/inline-directives.js';
import { knownRuleIds } from '../../src/rules/config/known-rule-ids.js';
import { diagnostic } from '../../src/model/diagnostic.js';
import { validate } from '../../src/rules/validate/index.js';
import { cli } from '../support/cli.js';
import { singleResult } from '../support/score-json.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-rules-');

/** A skill whose SKILL.md has a bad name (error, line 2) and a broken link (error, line 6). */
const BAD_SKILL =
  '---\nname: Bad_Name\ndescription: Formats changelogs. Use when the user asks for release notes.\n---\n\nSee [gone](references/gone.md).\n';

describe('inline directives', () => {
  const known = knownRuleIds();
  it('disable-next-line covers the next line only, for the ids it names', () => {
    const d = parseInlineDirectives(
      'a\n<!-- plugin-eval-disable-next-line links/broken -->\nline 3\nline 4\n',
      'S.md',
      known,
    );
    expect(disabledInline(d, 'links/broken', 3)).toBe(true);
    expect(disabledInline(d, 'links/broken', 4)).toBe(false);
    expect(disabledInline(d, 'files/missing', 3)).toBe(false);
    expect(d.problems).toEqual([]);
  });

  it('a disable closed by an enable covers the lines between; one never closed covers the whole file', () => {
    const ranged = parseInlineDirectives(
      '1\n<!-- plugin-eval-disable links/broken -->\n3\n<!-- plugin-eval-enable -->\n5\n',
      'S.md',
      known,
    );
    expect([1, 3, 5].map((l) => disabledInline(ranged, 'links/broken', l))).toEqual([false, true, false]);
    const whole = parseInlineDirectives(
      '---\nname: x\n---\n<!-- plugin-eval-disable skill/name-format, links/broken -->\n',
      'S.md',
      known,
    );
    expect([0, 2, 40].map((l) => disabledInline(whole, 'skill/name-format', l))).toEqual([true, true, true]);
    expect(disabledInline(whole, 'links/broken', 1)).toBe(true);
    expect(disabledInline(whole, 'files/missing', 1)).toBe(false);
  });

  it('no ids means every rule; an enable naming ids closes only those', () => {
    const all = parseInlineDirectives('<!-- plugin-eval-disable -->\n', 'S.md', known);
    expect(disabledInline(all, 'anything/at-all', 9)).toBe(true);
    const partial = parseInlineDirectives(
      '<!-- plugin-eval-disable links/broken -->\n<!-- plugin-eval-disable files/missing -->\n3\n<!-- ' +
        'plugin-eval-enable files/missing -->\n5\n',
      'S.md',
      known,
    );
    expect(disabledInline(partial, 'files/missing', 5)).toBe(false);
    expect(disabledInline(partial, 'links/broken', 5)).toBe(true);
  });

  it('ignores directives inside fenced code (examples), accepts a -- reason, and reports unknown ids with their line', () => {
    const d = parseInlineDirectives(
      '```md\n<!-- plugin-eval-disable -->\n```\n<!-- plugin-eval-disable-next-line links/broken -- the link is ' +
        'made at install -->\nx\n<!-- plugin-eval-disable links/brokn -->\n',
      'S.md',
      known,
    );
    expect(disabledInline(d, 'files/missing', 9)).toBe(false);
    expect(disabledInline(d, 'links/broken', 5)).toBe(true);
    expect(d.problems).toEqual([
      diagnostic(
        'S.md',
        'inline-config/unknown-rule',
        'warning',
        'plugin-eval-disable names unknown rule id "links/brokn"; it disables nothing',
        6,
        1,
      ),
    ]);
  });
});

describe('applyRuleConfig', () => {
  const diags = [
    diagnostic('s/SKILL.md', 'skill/name-format', 'error', 'bad name', 2, 1),
    diagnostic('s/SKILL.md', 'links/broken', 'error', 'gone', 6, 5),
    diagnostic('s/references/a.md', 'references/orphan-file', 'warning', 'orphan'),
    diagnostic('t/SKILL.md', 'command/description', 'warning', 'none', 1, 1),
  ];

  it('sets severities, drops rules set to off and counts them', () => {
    const config: RuleConfig = {
      rules: { 'skill/name-format': 'warn', 'links/broken': 'off', 'command/description': 'info' },
    };
    const out = applyRuleConfig(diags, config);
    expect(out.diagnostics.map((d) => [d.ruleId, d.severity])).toEqual([
      ['skill/name-format', 'warning'],
      ['references/orphan-file', 'warning'],
      ['command/description', 'info'],
    ]);
    expect(out.disabled).toEqual({ byConfig: 1, inline: 0, ignored: 0 });
    expect(disabledSummary(out.disabled)).toBe('1 diagnostic disabled by configuration (1 by rules set to off)');
  });

  it('a SKILL.md whole-file disable covers its skill folder; its line directives only itself', () => {
    const text =
      '---\nname: x\n---\n<!-- plugin-eval-disable references/orphan-file -->\n<!-- plugin-eval-disable-next-line links/broken -->\nlink\n';
    const out = applyRuleConfig(diags, undefined, [{ file: 's/SKILL.md', text, folder: 's' }]);
    expect(out.diagnostics.map((d) => d.ruleId)).toEqual(['skill/name-format', 'command/description']);
    expect(out.disabled).toEqual({ byConfig: 0, inline: 2, ignored: 0 });
  });

  it('drops diagnostics about ignored files, relative to the config folder', () => {
    const base = tree.dir('apply');
    const rel = (p: string) => path.relative(process.cwd(), path.join(base, p));
    const ds = [
      diagnostic(rel('drafts/x/SKILL.md'), 'links/broken', 'error', 'x'),
      diagnostic(rel('live/SKILL.md'), 'links/broken', 'error', 'y'),
    ];
    const out = applyRuleConfig(ds, { ignorePatterns: ['drafts'], baseDir: base });
    expect(out.diagnostics.map((d) => d.message)).toEqual(['y']);
    expect(out.disabled.ignored).toBe(1);
  });
});

describe('config file: rules and ignorePatterns', () => {
  it('names the file and line of an unknown rule id, with a suggestion', async () => {
    const file = tree.write(
      'cfg/bad-rule.json',
      '{\n  "rules": {\n    "skill/name-format": "warn",\n    "skill/name-formt": "off"\n  }\n}\n',
    );
    await expect(loadConfig(file)).rejects.toThrow(ConfigError);
    await expect(loadConfig(file)).rejects.toThrow(
      `${file}:4: rules.skill/name-formt: unknown rule id "skill/name-formt" (did you mean "skill/name-format"?)`,
    );
  });

  it('rejects a severity other than off, info, warn, error, and a malformed glob, naming the line', async () => {
    const sev = tree.write('cfg/bad-sev.json', '{\n  "rules": { "links/broken": "warning" }\n}\n');
    await expect(loadConfig(sev)).rejects.toThrow(`${sev}:2: rules.links/broken:`);
    const glob = tree.write('cfg/bad-glob.json', '{\n  "depth": "quick",\n  "ignorePatterns": ["ok/**", "a**b"]\n}\n');
    await expect(loadConfig(glob)).rejects.toThrow(`${glob}:3: ignorePatterns.1: ignore pattern "a**b"`);
  });

  it('is a clear error (exit 2) from the CLI, not a stack trace', async () => {
    const file = tree.write('cfg/cli-bad.json', '{ "rules": { "nope/nope": "off" } }\n');
    const skill = tree.write('cfg-skill/my-skill/SKILL.md', BAD_SKILL.replace('Bad_Name', 'my-skill'));
    for (const cmd of ['score', 'validate']) {
      const out = await cli('--config', file, cmd, path.dirname(skill));
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('unknown rule id "nope/nope"');
      expect(out.stderr).not.toMatch(/\n\s+at /);
    }
  });
});

describe('rule configuration in score and validate', () => {
  const skillDir = path.dirname(tree.write('proj/skills/bad-skill/SKILL.md', BAD_SKILL));

  it('validate: error to warn changes the exit code; off removes and counts', async () => {
    const plain = await cli('validate', skillDir);
    expect(plain.code).toBe(1);
    expect(plain.stdout).toMatch(/SKILL\.md:2:1 {2}error {2}skill\/name-format/);
    const cfg = tree.write(
      'proj/relaxed.json',
      JSON.stringify({
        rules: { 'skill/name-format': 'warn', 'skill/name-matches-directory': 'warn', 'links/broken': 'off' },
      }),
    );
    const relaxed = await cli('--config', cfg, 'validate', skillDir);
    expect(relaxed.code).toBe(0);
    expect(relaxed.stdout).toMatch(/SKILL\.md:2:1 {2}warning {2}skill\/name-format/);
    expect(relaxed.stdout).not.toContain('links/broken');
    expect(relaxed.stdout).toContain('1 diagnostic disabled by configuration (1 by rules set to off)');
    const json = JSON.parse((await cli('--config', cfg, 'validate', skillDir, '--output', 'json')).stdout);
    expect(json.disabled).toEqual({ byConfig: 1, inline: 0, ignored: 0 });
    expect(json.errors).toBe(0);
  });

  it('score: severities change the diagnostics and the exit code, never the composite', async () => {
    const plain = await cli('score', skillDir, '--output', 'json');
    const base = singleResult(plain.stdout);
    expect(plain.code).toBe(1); // error diagnostics (default methodology)
    const errorIds = base.diagnostics.filter((d) => d.severity === 'error').map((d) => d.ruleId);
    expect(errorIds.length).toBeGreaterThan(0);
    const cfg = tree.write(
      'proj/score-off.json',
      JSON.stringify({ rules: Object.fromEntries(errorIds.map((id: string) => [id, 'off'])) }),
    );
    const relaxed = await cli('--config', cfg, 'score', skillDir, '--output', 'json');
    const r = singleResult(relaxed.stdout);
    expect(relaxed.code).toBe(0);
    expect(r.diagnostics.some((d: { severity: string }) => d.severity === 'error')).toBe(false);
    expect(r.disabledDiagnostics?.byConfig).toBe(errorIds.length);
    expect(r.composite).toEqual(base.composite);
    expect(r.dimensions).toEqual(base.dimensions);
    // Lowering the errors to warnings passes the run; raising one of those warnings back to an error fails it.
    const lowered = tree.write(
      'proj/score-warn.json',
      JSON.stringify({ rules: Object.fromEntries(errorIds.map((id) => [id, 'warn'])) }),
    );
    const w = await cli('--config', lowered, 'score', skillDir, '--output', 'json');
    expect(w.code).toBe(0);
    const warnIds = singleResult(w.stdout)
      .diagnostics.filter((d) => d.severity === 'warning')
      .map((d) => d.ruleId);
    expect(warnIds.sort()).toEqual([...new Set(errorIds)].sort());
    const strict = tree.write(
      'proj/score-strict.json',
      JSON.stringify({ rules: { ...Object.fromEntries(errorIds.map((id) => [id, 'warn'])), [warnIds[0]!]: 'error' } }),
    );
    const s = await cli('--config', strict, 'score', skillDir, '--output', 'json');
    expect(s.code).toBe(1);
    expect(singleResult(s.stdout).composite).toEqual(base.composite);
    const text = (await cli('--config', cfg, 'score', skillDir)).stdout;
    expect(text).toContain(
      `${errorIds.length} diagnostic${errorIds.length === 1 ? '' : 's'} disabled by configuration`,
    );
  });

  it('inline comments disable in score and validate alike, and are counted', async () => {
    const commented = `${BAD_SKILL.replace('See [gone]', '<!-- plugin-eval-disable-next-line links/broken -->\nSee [gone]')}\n<!-- plugin-eval-disable skill/name-matches-directory, skill/name-format -->\n`;
    const dir = path.dirname(
      tree.write('inline/skills/inline-skill/SKILL.md', commented.replace('Bad_Name', 'Inline_Skill')),
    );
    const control = path.dirname(
      tree.write('inline/skills/control-skill/SKILL.md', BAD_SKILL.replace('Bad_Name', 'Control_Skill')),
    );
    const ids = (ds: readonly { ruleId: string }[]) => new Set(ds.map((d) => d.ruleId));
    // Without the comments, both commands report these problems...
    const vControl = ids((await validate([control])).diagnostics);
    expect(vControl.has('links/broken') && vControl.has('skill/name-format')).toBe(true);
    const sControl = (await score([control])).results[0]!;
    expect(ids(sControl.diagnostics).has('skill/name-matches-directory')).toBe(true);
    // ...with them, neither does, and each says how many it left out.
    const v = await validate([dir]);
    expect(ids(v.diagnostics).has('links/broken') || ids(v.diagnostics).has('skill/name-format')).toBe(false);
    // Each diagnostic of the control with a commented-out id is one left out (validate reports the score checks'
    // findings too, so it has skill/name-matches-directory as score does).
    const commentedOut = (ds: readonly { ruleId: string }[]) =>
      ds.filter((d) => ['links/broken', 'skill/name-format', 'skill/name-matches-directory'].includes(d.ruleId)).length;
    const vControlAll = (await validate([control])).diagnostics;
    expect(commentedOut(vControlAll)).toBeGreaterThanOrEqual(3);
    expect(v.disabled.inline).toBe(commentedOut(vControlAll));
    const s = (await score([dir])).results[0]!;
    expect(ids(s.diagnostics).has('skill/name-matches-directory')).toBe(false);
    expect(s.disabledDiagnostics?.inline).toBe(commentedOut(sControl.diagnostics));
    expect(commentedOut(sControl.diagnostics)).toBeGreaterThanOrEqual(1);
  });

  it('ignorePatterns skip folders at discovery for score and validate, and say so', async () => {
    tree.write('ign/skills/keep-me/SKILL.md', BAD_SKILL.replace('Bad_Name', 'keep-me'));
    tree.write('ign/skills/draft-one/SKILL.md', BAD_SKILL);
    tree.write('ign/drafts/other/SKILL.md', BAD_SKILL);
    const root = path.join(tree.root, 'ign');
    const ruleConfig: RuleConfig = { ignorePatterns: ['skills/draft-*', 'drafts/'], baseDir: root };
    const v = await validate([root], { ruleConfig });
    expect(v.checked).toEqual([path.join(root, 'skills/keep-me')]);
    const note = v.diagnostics.find((d) => d.ruleId === 'input/ignored');
    expect(note?.message).toBe(`2 folders skipped by ignorePatterns: ${root}/drafts, ${root}/skills/draft-one`);
    const run = await score([root], { ruleConfig });
    expect(run.results.map((r) => r.target.name)).toEqual(['keep-me']);
    // Everything ignored: nothing to score, and the message says why.
    await expect(
      score([path.join(root, 'drafts')], { ruleConfig: { ignorePatterns: ['other'], baseDir: root } }),
    ).rejects.toThrow('1 folder was skipped by ignorePatterns');
    // Through the CLI, patterns are relative to the config file's folder.
    const cfg = tree.write(
      'ign/plugin-eval.config.json',
      JSON.stringify({ ignorePatterns: ['skills/draft-*', 'drafts'] }),
    );
    const out = await cli('--config', cfg, 'validate', root, '--output', 'json');
    expect(JSON.parse(out.stdout).checked).toEqual([path.join(root, 'skills/keep-me')]);
  });
});
