/**
 * Relative links that leave the skill folder: resolved and checked inside the folder the user named (a broken one is
 * `links/broken`), never looked up outside it (`links/escapes-skill`, or nothing for a sibling cross-reference).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/rules/validate/index.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-outward-');
const skill = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: Does ${name} things. Use when asked for ${name}.\n---\n\n${body}\n`;
const BODY =
  'See [missing](../missing-sibling/SKILL.md), [present](../s-two/SKILL.md), [agent](../../agents/helper.md), ' +
  '[gone agent](../../agents/gone.md) and [far](../../../../outside.md).';

/** rule id and the link's words of each link diagnostic of s-one. */
async function linkProblems(named: string): Promise<string[]> {
  const report = await validate([named]);
  return report.diagnostics
    .filter((d) => d.ruleId.startsWith('links/') && d.file.includes('s-one'))
    .map((d) => `${d.ruleId} ${/link (?:target )?(\S+)/.exec(d.message)?.[1]}`)
    .sort();
}

describe('links leaving the skill', () => {
  tree.write('outside.md', 'outside the target\n');
  tree.write('p/.claude-plugin/plugin.json', JSON.stringify({ name: 'p', description: 'A plugin.' }));
  tree.write('p/agents/helper.md', '---\nname: helper\ndescription: Helps.\n---\n\nHelp.\n');
  tree.write('p/skills/s-one/SKILL.md', skill('s-one', BODY));
  tree.write('p/skills/s-two/SKILL.md', skill('s-two', 'Two.'));

  it('inside a plugin: a missing sibling or agent is a broken link; a link out of the plugin is not followed', async () => {
    expect(await linkProblems(path.join(tree.root, 'p'))).toEqual([
      'links/broken ../../agents/gone.md',
      'links/broken ../missing-sibling/SKILL.md',
      'links/escapes-skill ../../../../outside.md',
    ]);
  });

  it('a folder of skills named: siblings are checked inside it', async () => {
    expect(await linkProblems(path.join(tree.root, 'p/skills'))).toEqual([
      'links/broken ../missing-sibling/SKILL.md',
      'links/escapes-skill ../../../../outside.md',
    ]);
  });

  it('one skill named: nothing outside it is looked up, and only a link that is no cross-reference is reported', async () => {
    expect(await linkProblems(path.join(tree.root, 'p/skills/s-one'))).toEqual([
      'links/escapes-skill ../../../../outside.md',
    ]);
  });
});
