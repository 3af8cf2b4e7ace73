/**
 * `score` and `validate` report the same problems: both take them from one list (src/rules/skill-diagnostics.ts), so
 * a broken link, a file rule or a frontmatter rule is never an error in one and absent from the other.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scorePluginDocument, scoreSkillDocument } from '../../src/api/score.js';
import { parsePlugin } from '../../src/parse/plugin.js';
import { parseSkill } from '../../src/parse/skill.js';
import { validate } from '../../src/rules/validate/index.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-parity-');
const SKILL =
  '---\nname: s-one\ndescription: Formats changelogs. Use when asked to write release notes.\nlicense: MIT\n---\n\n' +
  'Read [the guide](references/gone.md) and [the sibling](../missing-sibling/SKILL.md).\n';
const key = (d: Diagnostic) => `${path.basename(d.file)}:${d.line}:${d.column} ${d.severity} ${d.ruleId} ${d.message}`;
const sorted = (ds: readonly Diagnostic[]) => ds.map(key).sort();

describe('score and validate report the same diagnostics', () => {
  it('for a lone skill with a broken link', async () => {
    const dir = path.dirname(tree.write('lone/s-one/SKILL.md', SKILL));
    tree.write('lone/s-one/scripts/unused.py', 'print(1)\n');
    const parsed = await parseSkill(dir);
    if (!parsed.ok) throw new Error('fixture did not parse');
    const scored = scoreSkillDocument(parsed.skill);
    const validated = await validate([dir]);
    expect(sorted(scored.diagnostics)).toEqual(sorted(validated.diagnostics));
    expect(validated.diagnostics.map((d) => d.ruleId)).toContain('links/broken');
  });

  it("for a skill, an agent and a command whose frontmatter values have the wrong types (validate's zod schema)", async () => {
    tree.write('typed/p/.claude-plugin/plugin.json', JSON.stringify({ name: 'p', description: 'A plugin.' }));
    tree.write(
      'typed/p/skills/s-two/SKILL.md',
      '---\nname: 5\ndescription: Formats changelogs. Use when asked.\nallowed-tools: 7\nmetadata: [1]\n' +
        "compatibility: ''\nlicense: [MIT]\n---\n\nBody.\n",
    );
    tree.write(
      'typed/p/agents/helper.md',
      '---\nname: []\ndescription: Helps.\ntools: {a: 1}\ncolor: 3\n---\n\nHelp.\n',
    );
    tree.write('typed/p/commands/go.md', '---\ndescription: 5\nallowed-tools: [1]\n---\n\nGo.\n');
    const dir = path.join(tree.root, 'typed/p');
    const scored = scorePluginDocument(await parsePlugin(dir));
    const validated = await validate([dir]);
    expect(sorted(scored.diagnostics)).toEqual(sorted(validated.diagnostics));
    const ids = scored.diagnostics.map((d) => d.ruleId);
    for (const id of [
      'skill/name-type',
      'skill/allowed-tools-type',
      'skill/metadata',
      'skill/compatibility',
      'skill/license',
      'command/frontmatter-type',
    ])
      expect(ids, id).toContain(id);
  });

  it('for a skill, an agent and a command inside a plugin', async () => {
    tree.write('plug/p/.claude-plugin/plugin.json', JSON.stringify({ name: 'p', description: 'A plugin.' }));
    tree.write('plug/p/skills/s-one/SKILL.md', SKILL);
    tree.write('plug/p/agents/helper.md', '---\nname: helper-two\ndescription: Helps.\n---\n\nHelp.\n');
    tree.write('plug/p/commands/go.md', '---\nargument-hint: <x>\n---\n\nGo with $ARGUMENTS.\n');
    const dir = path.join(tree.root, 'plug/p');
    const scored = scorePluginDocument(await parsePlugin(dir));
    const validated = await validate([dir]);
    expect(sorted(scored.diagnostics)).toEqual(sorted(validated.diagnostics));
    expect(scored.diagnostics.map((d) => d.ruleId)).toContain('links/broken');
  });
});
