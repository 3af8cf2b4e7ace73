import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  LARGE_RUN_HEAP_GROWING_PERCENT,
  LARGE_RUN_MIN_TARGETS,
  limitHeapGrowthForLargeRun,
  nodeAcceptsFlag,
  type HeapGrowthHooks,
} from '../../src/cli/large-run-heap.js';
import { score } from '../../src/api/score.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';
import { tempTree } from '../support/tmp.js';
import { BUILT_BIN } from '../support/built.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FLAG = `--heap-growing-percent=${LARGE_RUN_HEAP_GROWING_PERCENT}`;

/** Hooks that record what would be done to the process; `accepts` answers as told. */
function fakeProcess(options: { execArgv?: string[]; accepts?: boolean } = {}) {
  const set: string[] = [];
  const asked: string[] = [];
  let restore: (() => void) | undefined;
  const hooks: HeapGrowthHooks = {
    execArgv: options.execArgv ?? [],
    accepts: (flag) => {
      asked.push(flag);
      return options.accepts ?? true;
    },
    setFlags: (flags) => set.push(flags),
    atExit: (fn) => {
      expect(restore, 'one exit hook per process').toBeUndefined();
      restore = fn;
    },
  };
  return { hooks, set, asked, exit: () => restore?.() };
}

describe("a large run's heap growth", () => {
  it('is limited from LARGE_RUN_MIN_TARGETS targets on, once per process, and back at the default at exit', () => {
    const p = fakeProcess();
    expect(limitHeapGrowthForLargeRun(LARGE_RUN_MIN_TARGETS - 1, p.hooks)).toBeUndefined();
    expect(p.set).toEqual([]);
    expect(limitHeapGrowthForLargeRun(LARGE_RUN_MIN_TARGETS, p.hooks)).toBe(LARGE_RUN_HEAP_GROWING_PERCENT);
    expect(p.set).toEqual([FLAG]);
    // A second large run in the same process (watch): still in effect, not set or probed again.
    expect(limitHeapGrowthForLargeRun(5_000, p.hooks)).toBe(LARGE_RUN_HEAP_GROWING_PERCENT);
    expect(p.asked).toEqual([FLAG]);
    p.exit();
    expect(p.set).toEqual([FLAG, '--heap-growing-percent=0']);
  });

  it('leaves a Node that does not know the flag, and a flag the user gave node, alone', () => {
    const unknown = fakeProcess({ accepts: false });
    expect(limitHeapGrowthForLargeRun(5_000, unknown.hooks)).toBeUndefined();
    expect(limitHeapGrowthForLargeRun(5_000, unknown.hooks)).toBeUndefined();
    expect(unknown.asked).toEqual([FLAG]);
    expect(unknown.set).toEqual([]);
    for (const given of [['--heap-growing-percent=50'], ['--heap-growing-percent', '50']]) {
      const user = fakeProcess({ execArgv: ['--enable-source-maps', ...given] });
      expect(limitHeapGrowthForLargeRun(5_000, user.hooks)).toBeUndefined();
      expect(user.asked).toEqual([]);
      expect(user.set).toEqual([]);
    }
  });

  it("this Node's V8 knows the flag, and an unknown flag is refused by the probe, not set", () => {
    expect(nodeAcceptsFlag(FLAG)).toBe(true);
    expect(nodeAcceptsFlag('--heap-growing-percent-not-a-v8-flag=20')).toBe(false);
  });
});

describe('the count a run is told before it scores', () => {
  it('onTargets gets the number of targets once, before the first result', async () => {
    const seen: string[] = [];
    await score([path.join(ROOT, 'examples/skills')], {
      depth: 'quick',
      threads: 1,
      onTargets: (count) => seen.push(`targets ${count}`),
      onResult: (r) => seen.push(r.target.name ?? r.target.path),
    });
    expect(seen[0]).toBe(`targets ${seen.length - 1}`);
    expect(seen.filter((s) => s.startsWith('targets'))).toHaveLength(1);
    expect(seen.length).toBeGreaterThan(2);
  });
});

describe('the CLI in a large run', () => {
  const tree = tempTree('plugin-eval-large-run-');

  it(
    'says it limits the heap growth (--verbose), and leaves the code cache one an ordinary run reads as it is',
    () => {
      expect(existsSync(BUILT_BIN), 'run `npm run build` first').toBe(true);
      for (let i = 0; i < LARGE_RUN_MIN_TARGETS; i++)
        tree.write(
          `skills/s${i}/SKILL.md`,
          `---\nname: s${i}\ndescription: Use when checking the large-run set-up.\n---\n# S\n\nDo the thing.\n`,
        );
      const cacheDir = tree.dir('code-cache');
      const env = { ...process.env, PLUGIN_EVAL_CODE_CACHE: cacheDir, PLUGIN_EVAL_STORE: 'off' };
      const run = (args: string[]) =>
        spawnSync(process.execPath, [BUILT_BIN, 'score', ...args, '--output', 'jsonl'], {
          encoding: 'utf8',
          env,
          timeout: HANG_LIMIT_MS,
          maxBuffer: 1 << 28,
        });
      // No cache yet: the large run compiles the chunk and writes the cache as it exits, after the flag is back.
      const large = run([tree.dir('skills'), '--threads', '1', '--verbose']);
      expect(large.status, large.stderr).toBe(0);
      expect(large.stdout.trim().split('\n')).toHaveLength(LARGE_RUN_MIN_TARGETS);
      expect(large.stderr).toContain(
        `plugin-eval: ${LARGE_RUN_MIN_TARGETS} targets, a large run: the heap grows by ` +
          `${LARGE_RUN_HEAP_GROWING_PERCENT}% between full collections`,
      );
      const [cacheName] = readdirSync(cacheDir);
      expect(cacheName).toMatch(/^score-chunk-/);
      const cacheFile = path.join(cacheDir, cacheName!);
      const written = { bytes: readFileSync(cacheFile), ino: statSync(cacheFile).ino };
      // V8 would refuse a cache made under other flags, and the ordinary run would then rewrite it (a new file).
      const one = run([path.join(tree.root, 'skills/s0')]);
      expect(one.status, one.stderr).toBe(0);
      expect(one.stderr).not.toContain('a large run');
      expect(statSync(cacheFile).ino).toBe(written.ino);
      expect(readFileSync(cacheFile).equals(written.bytes)).toBe(true);
    },
    HANG_LIMIT_MS,
  );
});
