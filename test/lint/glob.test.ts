import { describe, expect, it } from 'vitest';
import { GlobError, ignoreMatcher } from '../../src/rules/config/glob.js';

describe('ignore glob matcher (Node 20, no path.matchesGlob)', () => {
  it.each([
    // pattern, path, ignored
    ['drafts', 'drafts', true],
    ['drafts', 'skills/drafts', true],
    ['drafts', 'skills/drafts/SKILL.md', true],
    ['drafts', 'skills/drafts-old', false],
    ['skills/old', 'skills/old/references/a.md', true],
    ['skills/old', 'plugins/x/skills/old', false],
    ['/skills/old', 'skills/old', true],
    ['*.md', 'a/b/notes.md', true],
    ['*.md', 'a/b/notes.mdx', false],
    ['plugins/*/commands', 'plugins/x/commands/a.md', true],
    ['plugins/*/commands', 'plugins/x/y/commands', false],
    ['plugins/**/commands', 'plugins/x/y/commands/z.md', true],
    ['plugins/**/commands', 'plugins/commands', true],
    ['**/legacy-*', 'a/b/legacy-skill', true],
    ['**/legacy-*', 'legacy-skill', true],
    ['skill-?', 'skill-a', true],
    ['skill-?', 'skill-ab', false],
    ['skill-[ab]', 'skill-b', true],
    ['skill-[!ab]', 'skill-b', false],
    ['skill-[!ab]', 'skill-c', true],
    ['{drafts,wip}/**', 'wip/x/SKILL.md', true],
    ['{drafts,wip}/**', 'done/x/SKILL.md', false],
    ['a.b', 'axb', false],
    ['a\\*b', 'a*b', true],
    ['a\\*b', 'axb', false],
    ['./skills/old/', 'skills/old', true],
  ])('%s against %s: %s', (pattern, p, ignored) => {
    expect(ignoreMatcher([pattern]).ignores(p)).toBe(ignored);
  });

  it('the last matching pattern wins, so ! re-includes', () => {
    const m = ignoreMatcher(['skills/*', '!skills/keep']);
    expect(m.ignores('skills/drop')).toBe(true);
    expect(m.ignores('skills/keep')).toBe(false);
    expect(m.ignores('skills/keep/SKILL.md')).toBe(false);
    expect(ignoreMatcher(['!skills/keep', 'skills/*']).ignores('skills/keep')).toBe(true);
  });

  it('never ignores the base folder itself or a path outside it', () => {
    const m = ignoreMatcher(['**']);
    expect(m.ignores('')).toBe(false);
    expect(m.ignores('.')).toBe(false);
    expect(m.ignores('../elsewhere/x')).toBe(false);
    expect(m.ignores('x')).toBe(true);
  });

  it.each(['', '!', 'a**b', 'a/**b', '[abc', '{a,b', 'a\\', '{a,{b,c}}', '{a/b,c}'])(
    'rejects %j with a GlobError naming the pattern',
    (pattern) => {
      expect(() => ignoreMatcher([pattern])).toThrow(GlobError);
      expect(() => ignoreMatcher([pattern])).toThrow(`"${pattern}"`);
    },
  );

  it('costs time linear in the path (no backtracking blow-up)', () => {
    const m = ignoreMatcher(['**/a/**/a/**/a/**/b']);
    const p = `${'a/'.repeat(2000)}c`;
    expect(m.ignores(p)).toBe(false);
  });
});
