/**
 * What a run installs: links are kept only inside the folder (as links, so a linked folder's tree is never copied),
 * hooks are taken out of the frontmatter of skills, agents and commands, a plugin's hooks are never installed, a
 * skill of a plugin is installed with its siblings whether given by its own path or the plugin's, and everything
 * left out is said.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { withoutFrontmatterHooks } from '../../src/agent/install-copy.js';
import { createRunProject } from '../../src/agent/project.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-install-');
const runs = tree.dir('runs');
const options = { tempDir: runs, realHome: tree.dir('home') };

describe('withoutFrontmatterHooks', () => {
  it('removes the hooks key, counts its entries and keeps the rest of the file as it was', () => {
    const text =
      '---\nname: a\nhooks:\n  Stop:\n    - hooks: [{type: command, command: "x"}]\n  PreToolUse:\n    - matcher: "*"\n      hooks: []\n    - matcher: Bash\n      hooks: []\ndescription: d\n---\n\nBody `hooks:` stays.\n';
    const out = withoutFrontmatterHooks(text);
    expect(out?.hooks).toBe(3);
    expect(out?.text).toBe('---\nname: a\ndescription: d\n---\n\nBody `hooks:` stays.\n');
  });

  it('leaves a file without frontmatter hooks alone, and cuts an unparseable frontmatter that names hooks', () => {
    expect(withoutFrontmatterHooks('---\nname: a\n---\nhooks: in the body\n')).toBeUndefined();
    expect(withoutFrontmatterHooks('no frontmatter\n')).toBeUndefined();
    const broken = withoutFrontmatterHooks('---\nname: [a\nhooks:\n  Stop: x\n---\nbody\n');
    expect(broken?.text).not.toMatch(/Stop/);
    expect(broken?.text).toMatch(/body\n$/);
    // An escaped key is the same key, and a merge key may bring hooks in: both go.
    expect(withoutFrontmatterHooks('---\nname: a\n"\\u0068ooks":\n  Stop: []\n---\n')?.text).toBe(
      '---\nname: a\n---\n',
    );
    expect(withoutFrontmatterHooks('---\nname: a\n<<: {hooks: {Stop: []}}\n---\n')?.text).toBe('---\nname: a\n---\n');
    expect(withoutFrontmatterHooks('---\nname: a\ndescription: adds git hooks\n---\n')).toBeUndefined();
    // A duplicated key is read by some YAML readers and not others: every `hooks` goes.
    const twice = withoutFrontmatterHooks('---\nname: a\nhooks: {}\nhooks:\n  Stop: []\n---\n');
    expect(twice?.text).toBe('---\nname: a\n---\n');
  });
});

describe('createRunProject: links and hooks', () => {
  it("keeps an inside link as a link, leaves out links leaving the folder and a linked folder's tree, and says so", async () => {
    const skill = join(tree.write('s1/linky/SKILL.md', '---\nname: linky\ndescription: d\n---\nbody\n'), '..');
    tree.write('s1/linky/references/real.md', 'inside\n');
    tree.write('s1/outside/secret.txt', 'SECRET\n');
    tree.write('s1/outside/tree/a.txt', 'a\n');
    symlinkSync('real.md', join(skill, 'references', 'alias.md'));
    symlinkSync(join(skill, 'references'), join(skill, 'refs'));
    symlinkSync(join(tree.root, 's1', 'outside', 'secret.txt'), join(skill, 'references', 'notes.md'));
    symlinkSync(join(tree.root, 's1', 'outside', 'tree'), join(skill, 'lib'));
    symlinkSync(join(skill, 'nowhere'), join(skill, 'broken'));
    const project = await createRunProject({ kind: 'skill', dir: skill, name: 'linky' }, [], options);
    try {
      const installed = join(project.projectDir, '.claude', 'skills', 'linky');
      expect(readFileSync(join(installed, 'references', 'alias.md'), 'utf8')).toBe('inside\n');
      expect(lstatSync(join(installed, 'refs')).isSymbolicLink()).toBe(true);
      expect(readlinkSync(join(installed, 'refs'))).toBe('references');
      expect(existsSync(join(installed, 'references', 'notes.md'))).toBe(false);
      expect(existsSync(join(installed, 'lib'))).toBe(false);
      expect(existsSync(join(installed, 'broken'))).toBe(false);
      expect(project.leftOut).toEqual([
        'link skills/linky/broken: broken or a loop (not installed)',
        'link skills/linky/lib -> outside the folder (not installed)',
        'link skills/linky/references/notes.md -> outside the folder (not installed)',
      ]);
    } finally {
      await project.dispose();
    }
  });

  it('a plugin: hooks are stripped from skills, agents and commands; hooks.json and .mcp.json are not installed', async () => {
    const plugin = tree.dir('p1/plug');
    mkdirSync(join(plugin, '.claude-plugin'));
    tree.write('p1/plug/.claude-plugin/plugin.json', '{"name": "plug"}');
    tree.write('p1/plug/hooks/hooks.json', '{"hooks": {}}');
    tree.write('p1/plug/.mcp.json', '{}');
    const hooked =
      '---\nname: NAME\ndescription: d\nhooks:\n  Stop:\n    - hooks: [{type: command, command: "touch /tmp/x"}]\n---\nbody\n';
    tree.write('p1/plug/skills/one/SKILL.md', hooked.replace('NAME', 'one'));
    tree.write('p1/plug/skills/two/SKILL.md', '---\nname: two\ndescription: d\n---\n');
    tree.write('p1/plug/agents/helper.md', hooked.replace('NAME', 'helper'));
    tree.write('p1/plug/commands/ns/go.md', hooked.replace('NAME', 'go'));
    const byPlugin = await createRunProject({ kind: 'plugin', dir: plugin }, [], options);
    const bySkill = await createRunProject(
      { kind: 'skill', dir: join(plugin, 'skills', 'one'), name: 'one' },
      [],
      options,
    );
    try {
      for (const project of [byPlugin, bySkill]) {
        const claude = join(project.projectDir, '.claude');
        for (const file of ['skills/one/SKILL.md', 'agents/helper.md', 'commands/ns/go.md']) {
          expect(readFileSync(join(claude, file), 'utf8'), file).not.toMatch(/hooks|touch/);
        }
        expect(existsSync(join(claude, 'skills', 'two', 'SKILL.md'))).toBe(true);
        expect(existsSync(join(claude, 'hooks'))).toBe(false);
        expect(project.leftOut).toEqual(
          expect.arrayContaining([
            'hooks/hooks.json of the plugin (not installed)',
            '.mcp.json of the plugin (not installed)',
            '1 hook in skills/one/SKILL.md frontmatter (not installed)',
            '1 hook in agents/helper.md frontmatter (not installed)',
            '1 hook in commands/ns/go.md frontmatter (not installed)',
          ]),
        );
      }
      // The same install either way; given by its own path, only the skill's own activation counts.
      expect(bySkill.skillNames).toEqual(['one', 'two']);
      expect(bySkill.candidateNames).toEqual(['one']);
      expect(bySkill.siblings).toEqual(['two']);
      expect(byPlugin.candidateNames).toEqual(['one', 'two']);
    } finally {
      await byPlugin.dispose();
      await bySkill.dispose();
    }
  });
});
