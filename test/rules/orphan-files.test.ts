/**
 * Orphan files under references/, scripts/ and assets/: a file is used when SKILL.md links or names it, or when a
 * reference or script that SKILL.md reaches names it (transitively).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/rules/validate/index.js';
import { tempTree } from '../support/tmp.js';

const tree = tempTree('plugin-eval-orphans-');

describe('orphan files', () => {
  it('follows mentions from reached references and scripts, and reports what nothing reaches', async () => {
    const dir = path.dirname(
      tree.write(
        's/SKILL.md',
        '---\nname: s\ndescription: Builds reports. Use when asked for a report.\n---\n\n' +
          'Read [the guide](references/guide.md), then run `scripts/build.py`.\n',
      ),
    );
    tree.write('s/references/guide.md', 'For tables see deep.md.\n');
    tree.write('s/references/deep.md', 'Use the logo: logo.png.\n');
    tree.write('s/references/lonely.md', 'Nobody links me.\n');
    tree.write('s/scripts/build.py', "open('assets/template.html')\n");
    tree.write('s/scripts/unused.sh', 'echo unused\n');
    tree.write('s/assets/template.html', '<html></html>\n');
    tree.write('s/assets/logo.png', 'not really a png\n');
    tree.write('s/assets/stray.txt', 'stray\n');
    const report = await validate([dir]);
    const orphans = report.diagnostics
      .filter((d) => d.ruleId.endsWith('/orphan-file'))
      .map((d) => `${d.ruleId} ${path.basename(d.file)}`)
      .sort();
    expect(orphans).toEqual([
      'files/orphan-file stray.txt',
      'files/orphan-file unused.sh',
      'references/orphan-file lonely.md',
    ]);
  });
});
