import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { CorpusIndex, InitCorpusReport, defaultCorpusDir, expandHome } from '../../src/rank/corpus/index.js';
import { cli } from '../support/cli.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { BUILT_BIN } from '../support/built.js';

const tree = tempTree('plugin-eval-init-cli-');
const SKILL = (name: string) =>
  `---\nname: ${name}\ndescription: ${name} does one thing. Use when testing init.\n---\n# ${name}\n\nStep one.\n`;
const source = path.dirname(path.dirname(tree.write('plugins/p/skills/alpha/SKILL.md', SKILL('alpha'))));
tree.write('plugins/p/skills/beta/SKILL.md', SKILL('beta'));
tree.write('plugins/p/.claude-plugin/plugin.json', JSON.stringify({ name: 'pee' }));
const plugins = path.join(tree.root, 'plugins');

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

const indexIn = (dir: string) => CorpusIndex.parse(JSON.parse(readFileSync(path.join(dir, 'index.json'), 'utf8')));

describe('plugin-eval init SOURCE', () => {
  it('--corpus-dir, --output json: the report validates against its schema; a re-run is all unchanged', async () => {
    const dir = path.join(tree.root, 'flag-index');
    const first = await cli('init', plugins, '--corpus-dir', dir, '--output', 'json');
    expect(first.code, first.stderr).toBe(EXIT.OK);
    expect(InitCorpusReport.parse(JSON.parse(first.stdout))).toMatchObject({
      added: 2,
      updated: 0,
      unchanged: 0,
      removed: 0,
      total: 2,
      indexFile: path.join(dir, 'index.json'),
    });
    expect(indexIn(dir).entries.map((e) => [e.name, e.category])).toEqual([
      ['alpha', 'pee'],
      ['beta', 'pee'],
    ]);
    const again = await cli('init', plugins, '--corpus-dir', dir, '--output', 'json');
    expect(InitCorpusReport.parse(JSON.parse(again.stdout))).toMatchObject({ added: 0, unchanged: 2 });
    expect(source).toBe(path.join(plugins, 'p', 'skills'));
  });

  it('text report: counts and the paths that changed', async () => {
    const out = await cli('init', plugins, '--corpus-dir', path.join(tree.root, 'text-index'));
    expect(out.code).toBe(EXIT.OK);
    expect(out.stdout).toContain(`corpus index ${path.join(tree.root, 'text-index', 'index.json')}`);
    expect(out.stdout).toMatch(/ {2}added {6}2\n/);
    expect(out.stdout).toContain(`  + ${plugins}/p/skills/alpha`);
  });

  it('PLUGIN_EVAL_CORPUS_DIR, then the config file (relative to it), then ~/.plugineval/corpus', async () => {
    process.env.PLUGIN_EVAL_CORPUS_DIR = path.join(tree.root, 'env-index');
    const config = tree.write('project/plugin-eval.config.json', JSON.stringify({ corpusDir: 'from-config' }));
    const fromEnv = await cli('--config', config, 'init', plugins, '--output', 'json', '--verbose');
    expect(fromEnv.code, fromEnv.stderr).toBe(EXIT.OK);
    expect(fromEnv.stderr).toContain(`corpusDir ${path.join(tree.root, 'env-index')} (env PLUGIN_EVAL_CORPUS_DIR)`);
    expect(existsSync(path.join(tree.root, 'env-index', 'index.json'))).toBe(true);
    delete process.env.PLUGIN_EVAL_CORPUS_DIR;
    expect((await cli('--config', config, 'init', plugins)).code).toBe(EXIT.OK);
    expect(existsSync(path.join(tree.root, 'project', 'from-config', 'index.json'))).toBe(true);
    // The default is not run here: it would write to the real home folder (os.homedir() ignores a changed process.env).
    const resolved = await resolveSettings({ command: 'init', env: {}, config: false });
    expect(resolved.settings.corpusDir).toBe(defaultCorpusDir());
    expect(resolved.provenance.corpusDir).toMatchObject({ source: 'default' });
    expect(defaultCorpusDir('/home/u')).toBe('/home/u/.plugineval/corpus');
    expect(expandHome('~/c', '/home/u')).toBe('/home/u/c');
  });

  it('a missing SOURCE: exit 2, the path named, no stack trace', async () => {
    const out = await cli('init', path.join(tree.root, 'nowhere'), '--corpus-dir', path.join(tree.root, 'x'));
    expect(out.code).toBe(EXIT.INPUT);
    expect(out.stderr).toContain(`plugin-eval: ${path.join(tree.root, 'nowhere')}: no such file or directory`);
    expect(out.stderr).not.toMatch(/\n\s+at /);
  });

  it('a corrupt index: exit 2 naming the file, which is left as it was', async () => {
    const dir = tree.dir('corrupt-index');
    writeFileSync(path.join(dir, 'index.json'), 'not json');
    const out = await cli('init', plugins, '--corpus-dir', dir);
    expect(out.code).toBe(EXIT.INPUT);
    expect(out.stderr).toContain(`${path.join(dir, 'index.json')}:1: the corpus index is not valid JSON`);
    expect(readFileSync(path.join(dir, 'index.json'), 'utf8')).toBe('not json');
  });

  it('an unreadable SKILL.md: the others are indexed, the report names it, exit 2', async () => {
    const root = path.dirname(tree.write('mixed/good/SKILL.md', SKILL('good')));
    tree.write('mixed/binary/SKILL.md', Buffer.from([0x2d, 0x2d, 0x2d, 0x00, 0x01, 0x02]));
    const dir = path.join(tree.root, 'mixed-index');
    const out = await cli('init', path.dirname(root), '--corpus-dir', dir, '--output', 'json');
    expect(out.code).toBe(EXIT.INPUT);
    const report = InitCorpusReport.parse(JSON.parse(out.stdout));
    expect(report.added).toBe(1);
    expect(report.skipped.map((s) => s.path)).toEqual([path.join(tree.root, 'mixed/binary')]);
    expect(out.stderr).toContain('1 skill(s) or plugin(s) could not be read and were not indexed');
    expect(indexIn(dir).entries.map((e) => e.name)).toEqual(['good']);
  });

  it('a marketplace entry whose source folder is missing: the others are indexed, the report names the entry, exit 2', async () => {
    tree.write('market/plugins/p1/skills/s1/SKILL.md', SKILL('s1'));
    tree.write('market/plugins/p1/.claude-plugin/plugin.json', JSON.stringify({ name: 'p1' }));
    tree.write(
      'market/.claude-plugin/marketplace.json',
      JSON.stringify({
        name: 'm',
        owner: { name: 'o' },
        plugins: [
          { name: 'p1', source: './plugins/p1' },
          { name: 'gone', source: './plugins/gone' },
        ],
      }),
    );
    const dir = path.join(tree.root, 'market-index');
    const out = await cli('init', path.join(tree.root, 'market'), '--corpus-dir', dir, '--output', 'json');
    expect(out.code).toBe(EXIT.INPUT);
    const report = InitCorpusReport.parse(JSON.parse(out.stdout));
    expect(report.added).toBe(1);
    expect(report.skipped).toHaveLength(1);
    expect(report.skipped[0]!.path).toMatch(/market\/\.claude-plugin\/marketplace\.json/);
    expect(report.skipped[0]!.reason).toMatch(/"gone".*does not exist/);
    expect(indexIn(dir).entries.map((e) => e.name)).toEqual(['s1']);
  });

  it(
    'a --corpus-dir that cannot be created (under /proc): exit 2 naming it, not a hang',
    () => {
      expect(existsSync(BUILT_BIN), 'run `npm run build` first').toBe(true);
      // A separate process: Node 20's recursive mkdir retries for ever there, and would take the test worker with it.
      const r = spawnSync(
        process.execPath,
        [BUILT_BIN, 'init', plugins, '--corpus-dir', '/proc/plugin-eval-cannot-exist'],
        {
          encoding: 'utf8',
          timeout: HANG_LIMIT_MS,
        },
      );
      expect(r.status).toBe(EXIT.INPUT);
      expect(r.stderr).toContain(
        'plugin-eval: /proc/plugin-eval-cannot-exist: cannot create the corpus folder (ENOENT)',
      );
    },
    HANG_LIMIT_MS,
  );

  it('a bad --corpus-dir value and the schema command', async () => {
    expect((await cli('init', plugins, '--corpus-dir', ' ')).code).toBe(EXIT.INPUT);
    const schema = JSON.parse((await cli('schema', 'corpus-index')).stdout) as { $defs?: Record<string, unknown> };
    expect(Object.keys(schema.$defs ?? {})).toContain('CorpusIndex');
  });
});
