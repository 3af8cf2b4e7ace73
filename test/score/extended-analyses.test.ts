import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { crossReferences } from '../../src/rules/checks/default/cross-references.js';
import { proseStatistics } from '../../src/rules/checks/default/prose-statistics.js';
import { signals } from '../../src/rules/checks/default/signals.js';
import { analyseMarkdown, extendMarkdown, markdownExtension, type MarkdownFacts } from '../../src/parse/markdown.js';
import { parseSkill, type SkillDocument } from '../../src/parse/skill.js';
import { CORPUS_DIR } from '../support/corpus.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

/**
 * A tip that appends a section re-scores a body that only grew at the end; its Markdown facts, signals and prose
 * statistics continue the original's instead of re-reading the body. Each must equal the analysis from scratch.
 */

const here = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(here, '../fixtures');

/** What may follow a body: sections as tips write them, and text that tests every state the scan could carry over. */
const SUFFIXES = [
  '## Output\n\nReturns (what the skill produces) as (its format: a Markdown report, a JSON object, a file ' +
    'written to a path).\n',
  '\n## Input\n\nReceives (what the skill is given: the files, arguments or request it works on).\n',
  '\n\n## Examples\n\n```bash\nrun --this\n```\n\nYou MUST read [the guide](references/guide.md) and ' +
    '`assets/x.png` first.\n',
  '\n## Related\n\n- [pdf](../pdf/SKILL.md), skills/commands/agents, see skills/xlsx and agents/reviewer.md\n',
  '===\n', // a setext underline for the base's last line, if the scan did not start after a blank line
  '\n---\n\n| a | b |\n|---|---|\n| 1 | 2 |\n',
  '| c | d |\n', // a table row that would continue a table the base ended in
  '\n```js\nnever closed\n', // a fence the new text leaves open
  '\n```\nclosing a fence the base left open\n```\n',
  'continues the last line',
  'skills/xlsx and agents/reviewer.md on the first new line\n',
  '\n\n--> closes a comment the base left open <!-- and opens one\n',
  '\nThe the the same line repeated here. The the the same line repeated here.\nThe the the same line repeated here.\n',
  "\n\nΣίσυφος and Кириллица don't count as Latin words; it's the model’s job.\n",
];

/** Facts as plain data (Sets as arrays, in insertion order). */
const plain = (md: MarkdownFacts) => ({
  ...md,
  codeLines: [...md.codeLines],
  fenceLines: [...md.fenceLines],
  proseLines: [...md.proseLines],
});

/** The skill with another body and its facts (files, context and frontmatter kept). */
const withBody = (skill: SkillDocument, body: string, markdown: MarkdownFacts): SkillDocument => ({
  ...skill,
  body,
  markdown,
});

async function skills(): Promise<SkillDocument[]> {
  const files = execSync(
    `find ${CORPUS_DIR} ${FIXTURES}/content-free ${FIXTURES}/content-free-control -name SKILL.md -not -path ` +
      `'*/expected-plugineval/*'`,
  )
    .toString()
    .trim()
    .split('\n')
    .sort();
  const out: SkillDocument[] = [];
  for (const file of files) {
    const parsed = await parseSkill(path.dirname(file));
    if (parsed.ok) out.push(parsed.skill);
  }
  return out;
}

describe('analyses of an extended body', () => {
  it(
    'equal the analyses from scratch, for every corpus and content-free skill and every way a body can end',
    async () => {
      let extended = 0;
      let declined = 0;
      const all = await skills();
      expect(all.length).toBeGreaterThan(40);
      for (const skill of all) {
        const trimmed = skill.body.trimEnd();
        // With its own ending, none, one and two blank lines, and inside an unclosed comment.
        for (const baseBody of [
          skill.body,
          trimmed,
          `${trimmed}\n`,
          `${trimmed}\n\n`,
          `${trimmed}\n\n\n`,
          `${trimmed}\n\n<!-- open\n`,
        ]) {
          const base = analyseMarkdown(baseBody);
          const baseSkill = withBody(skill, baseBody, base);
          // The original's analyses come first, as in a static run before its tips.
          signals(baseSkill);
          proseStatistics(base);
          crossReferences(baseSkill);
          for (const suffix of SUFFIXES) {
            const body = baseBody + suffix;
            const facts = extendMarkdown(base, baseBody, body);
            const scratch = analyseMarkdown(body);
            if (facts === undefined) {
              declined++;
              continue;
            }
            extended++;
            const where = `${skill.file} + ${JSON.stringify(suffix.slice(0, 20))} after ${JSON.stringify(baseBody.slice(-8))}`;
            expect(markdownExtension(facts)?.base, where).toBe(base);
            expect(plain(facts), where).toEqual(plain(scratch));
            expect(signals(withBody(skill, body, facts)), where).toEqual(signals(withBody(skill, body, scratch)));
            expect(proseStatistics(facts), where).toEqual(proseStatistics(scratch));
            expect(crossReferences(withBody(skill, body, facts)), where).toEqual(
              crossReferences(withBody(skill, body, scratch)),
            );
          }
        }
      }
      // Most endings resume; the ones that cannot (a fence the base left open, no blank line to resume at) decline.
      expect(extended).toBeGreaterThan(declined);
      expect(declined).toBeGreaterThan(0);
    },
    HANG_LIMIT_MS,
  );

  it('declines when the base ends inside an open fence, or when the body does not start with the base', () => {
    const open = '# T\n\n```\ncode\n';
    expect(extendMarkdown(analyseMarkdown(open), open, `${open}\n## More\n`)).toBeUndefined();
    const closed = '# T\n\ntext\n';
    expect(extendMarkdown(analyseMarkdown(closed), closed, '# U\n\ntext\n\n## More\n')).toBeUndefined();
    expect(extendMarkdown(analyseMarkdown(closed), closed, closed)).toBeUndefined();
    expect(extendMarkdown(analyseMarkdown(closed), closed, `${closed}\n## More\n`)).toBeDefined();
  });
});
