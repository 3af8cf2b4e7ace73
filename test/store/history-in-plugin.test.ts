import path from 'node:path';
import { expect, it } from 'vitest';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';

/** A skill scored as part of its plugin has no row of its own: history finds the plugin's and says so. */
const tree = tempTree('plugin-eval-history-plugin-');

it('history of a skill scored inside its plugin shows the plugin, with a line saying why', async () => {
  tree.write('p/.claude-plugin/plugin.json', JSON.stringify({ name: 'p', description: 'A plugin for CSV files.' }));
  const skill = path.dirname(
    tree.write(
      'p/skills/csv-tool/SKILL.md',
      '---\nname: csv-tool\ndescription: Profiles CSV files. Use when the user asks what a CSV file holds.\n---\n\n' +
        '# CSV\n\nRead the file and report its columns.\n',
    ),
  );
  const store = path.join(tree.root, 'results.db');
  const scored = await cli('score', path.join(tree.root, 'p'), '--store', store);
  expect(scored.code, scored.stderr).toBe(0);
  const history = await cli('history', skill, '--store', store, '--output', 'json');
  expect(history.code, history.stderr).toBe(0);
  expect(JSON.parse(history.stdout).target).toMatchObject({ key: path.join(tree.root, 'p'), kind: 'plugin' });
  expect(history.stderr).toContain(`was scored as part of the plugin ${path.join(tree.root, 'p')}`);
  // A path under no recorded target is still "nothing recorded".
  const none = await cli('history', path.join(tree.root, 'elsewhere', 'skill'), '--store', store);
  expect(none.code).toBe(2);
  expect(none.stderr).toContain('nothing recorded');
});
