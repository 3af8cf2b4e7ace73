/** Inputs a user types (issue 7 item 10): merged paths, unscored marketplace entries, input order, widths. */
import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../src/providers/anthropic.js';
import { ReliableProvider } from '../src/providers/reliable.js';
import { CSV_NEAR_MISSES, CSV_SHOULD_TRIGGER, judgeScript } from './judge/judge-script.js';
import { requestText, startModelServer, type ModelServer } from './support/model-server.js';
import { anthropicEnv, fastReliability } from './support/provider-fixtures.js';
import { score } from '../src/api/score.js';
import { reportWidth } from '../src/cli/ui.js';
import type { ScoreResult } from '../src/model/result.js';
import { cli } from './support/cli.js';
import { tempTree } from './support/tmp.js';

const tree = tempTree('plugin-eval-inputs-');
const SKILL = (name: string, extra = '') =>
  `---\nname: ${name}\ndescription: Formats notes. Use when the user asks to tidy meeting notes.\n---\n\n# ` +
  `Notes\n\nTidy the notes.\n${extra}`;
for (const name of ['a', 'b', 'c']) tree.write(`tree/sub/${name}/SKILL.md`, SKILL(name));
tree.write('tree/top/SKILL.md', SKILL('top'));
tree.write('plug/.claude-plugin/plugin.json', JSON.stringify({ name: 'plug' }));
tree.write('plug/skills/inner/SKILL.md', SKILL('inner'));
symlinkSync(path.join(tree.root, 'tree/sub/a'), path.join(tree.root, 'alias-of-a'));

const at = (rel: string) => path.join(tree.root, rel);

describe('duplicate and overlapping paths are merged', () => {
  it('score X X scores X once', async () => {
    const run = await score([at('tree/sub/a'), at('tree/sub/a'), `${at('tree/sub/a')}/`]);
    expect(run.results).toHaveLength(1);
  });

  it('a skill folder and its SKILL.md are one target, and so is a symlink to it', async () => {
    const run = await score([at('tree/sub/a'), at('tree/sub/a/SKILL.md'), at('alias-of-a')]);
    expect(run.results).toHaveLength(1);
  });

  it('score tree tree/sub scores every skill once, with no "nothing found" error for the overlap', async () => {
    const run = await score([at('tree'), at('tree/sub')]);
    expect(run.results.map((r) => r.target.name).sort()).toEqual(['a', 'b', 'c', 'top']);
    const reversed = await score([at('tree/sub'), at('tree')]);
    // Targets keep the order of the path that first reached them: tree/sub's skills, then tree's new one.
    expect(reversed.results.map((r) => r.target.name)).toEqual(['a', 'b', 'c', 'top']);
  });

  it('a skill inside a plugin given alongside the plugin is scored as part of the plugin', async () => {
    const run = await score([at('plug/skills/inner'), at('plug')]);
    expect(run.results.map((r) => r.target.kind)).toEqual(['plugin']);
    const merged = run.diagnostics.find((d) => d.ruleId === 'input/merged');
    expect(merged?.message).toContain('scored as part of plugin');
    expect(merged?.file).toContain('inner');
  });
});

describe('marketplace entries that are not scored are reported with the reason', () => {
  it('remote sources, missing paths and empty sources each get a diagnostic naming the plugin', async () => {
    tree.write(
      'mk/.claude-plugin/marketplace.json',
      JSON.stringify({
        name: 'mk',
        owner: { name: 'Me' },
        plugins: [
          { name: 'local', source: './plugins/local' },
          { name: 'gone', source: './plugins/gone' },
          { name: 'hollow', source: './plugins/hollow' },
          { name: 'from-github', source: { source: 'github', repo: 'owner/repo' } },
          { name: 'from-url', source: { source: 'url', url: 'https://example.com/p.git' } },
          { name: 'from-string', source: 'owner/repo' },
          { name: 'outside', source: '../elsewhere' },
          { name: 'round-trip', source: './plugins/../plugins/local' },
        ],
      }),
    );
    // A real plugin outside the marketplace folder: it must not be read, whatever it holds.
    tree.write('elsewhere/.claude-plugin/plugin.json', JSON.stringify({ name: 'elsewhere' }));
    tree.write('elsewhere/skills/private/SKILL.md', SKILL('private'));
    tree.write('mk/plugins/local/.claude-plugin/plugin.json', JSON.stringify({ name: 'local' }));
    tree.write('mk/plugins/local/skills/notes/SKILL.md', SKILL('notes'));
    tree.write('mk/plugins/hollow/README.md', 'nothing here');
    const run = await score([at('mk')]);
    expect(run.results.map((r) => r.target.name)).toEqual(['local']);
    const messages = run.diagnostics.map((d) => `${d.ruleId}: ${d.message}`);
    expect(messages).toContain(
      'marketplace/missing-source: plugin "gone" not scored: source ./plugins/gone does not exist',
    );
    expect(messages.find((m) => m.includes('"hollow"'))).toMatch(
      /^marketplace\/empty-source: .*holds no plugin or skill/,
    );
    expect(messages).toContain(
      'marketplace/remote-source: plugin "from-github" not scored: remote source (github owner/repo) is not fetched',
    );
    expect(messages).toContain(
      'marketplace/remote-source: plugin "from-url" not scored: remote source (url https://example.com/p.git) ' +
        'is not fetched',
    );
    expect(messages).toContain(
      'marketplace/remote-source: plugin "from-string" not scored: remote source owner/repo is not fetched',
    );
    expect(messages).toContain(
      'marketplace/source-outside-root: plugin "outside" not scored: source ../elsewhere leaves the marketplace ' +
        'folder; Claude Code refuses a source with ".."',
    );
    expect(messages.find((m) => m.includes('"round-trip"'))).toMatch(/^marketplace\/source-outside-root: /);
    // The CLI prints them, one per entry.
    const out = await cli('score', at('mk'), '--output', 'json');
    for (const name of ['gone', 'hollow', 'from-github', 'from-url', 'from-string', 'outside', 'round-trip'])
      expect(out.stderr).toContain(`plugin "${name}" not scored`);
    expect(out.stdout).not.toContain('private');
  });
});

describe('results stream in input order', () => {
  // Static scoring runs synchronously, so order only diverges when a layer waits on I/O: the judge, here against
  // the scripted model server, which holds every request that mentions the first skill until another target has
  // finished (an event, not a delay: the first target finishes after another one however busy the machine is).
  let server: ModelServer | undefined;
  afterEach(async () => server?.close());
  const SLOW = 'slow-first';
  let releaseSlow = () => {};
  const startServer = async () => {
    const slowHeld = new Promise<void>((resolve) => {
      releaseSlow = resolve;
    });
    const base = judgeScript({
      candidate: SLOW,
      shouldTrigger: CSV_SHOULD_TRIGGER,
      nearMisses: CSV_NEAR_MISSES,
      score: () => 0.8,
    });
    server = await startModelServer(async (request) => {
      if (requestText(request).includes(SLOW)) await slowHeld;
      return base(request);
    });
    return server;
  };
  tree.write(`order/0/SKILL.md`, SKILL(SLOW));
  for (let i = 1; i <= 5; i++) tree.write(`order/${i}/SKILL.md`, SKILL(`fast-${i}`));
  const expected = [SLOW, 'fast-1', 'fast-2', 'fast-3', 'fast-4', 'fast-5'];

  it('onResult sees targets in order with several jobs although the first finishes last', async () => {
    const s = await startServer();
    const provider = new ReliableProvider(createAnthropicProvider({ env: anthropicEnv(s) }), {
      ...fastReliability(),
      concurrency: 16,
    });
    const seen: string[] = [];
    const finished: string[] = [];
    const run = await score([at('order')], {
      depth: 'standard',
      judge: { provider, model: 'sonnet' },
      jobs: 4,
      retainResults: false,
      onResult: (r) => seen.push(r.target.name),
      onProgress: (_d, _t, target) => {
        finished.push(path.basename(target.dir));
        if (path.basename(target.dir) !== '0') releaseSlow();
      },
    });
    expect(finished[0]).not.toBe('0'); // the premise: the first target did not finish first
    expect(seen).toEqual(expected);
    expect(run.results).toHaveLength(0); // streamed and let go
  });

  it('score --output jsonl --jobs 4 writes lines in input order', async () => {
    const s = await startServer();
    // The first target's requests wait until both other targets are under way (their first requests have arrived).
    void Promise.all(
      ['fast-3', 'fast-1'].map((name) => s.requestsReached(1, (request) => requestText(request).includes(name))),
    ).then(() => releaseSlow());
    const saved = { ...process.env };
    Object.assign(process.env, anthropicEnv(s), { PLUGIN_EVAL_CACHE_DIR: tree.dir('cache') });
    try {
      const out = await cli(
        'score',
        at('order/3'),
        at('order/0'),
        at('order/1'),
        '--depth',
        'standard',
        '--no-cache',
        '--output',
        'jsonl',
        '--jobs',
        '4',
        // Held requests take concurrency slots: with the default few, the first target's held calls would leave none
        // for the others, and only the 120 s request timeout would free them.
        '--concurrency',
        '16',
      );
      const lines = out.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as ScoreResult);
      expect(lines.map((r) => r.target.name)).toEqual(['fast-3', SLOW, 'fast-1']);
    } finally {
      process.env = saved;
    }
  });
});

describe('report width', () => {
  it.each([
    ['100', undefined, 100],
    ['45', 200, 45],
    [undefined, 200, 120],
    [undefined, 30, 60],
    [undefined, undefined, 80],
    ['', 90, 90],
    ['abc', undefined, 80],
    ['0', undefined, 80],
  ] as const)('COLUMNS=%s, terminal %s -> %i', (columns, terminal, width) => {
    expect(reportWidth(columns, terminal)).toBe(width);
  });

  it('paths are whole when the text report is not for a terminal', async () => {
    const out = await cli('score', at('tree/sub'), at('tree/top'));
    for (const name of ['a', 'b', 'c']) expect(out.stdout).toContain(path.join(at('tree/sub'), name));
  });
});
