/**
 * Fuzz test (issue 7 item 9): real corpus skills mutated, and hostile trees. Every case must finish (the per-case
 * limit catches a hang; opening a FIFO would block forever), must stay within a CPU-time limit, must not throw, must
 * keep heap growth bounded, and must never read outside the folder it was given (the outside targets are FIFOs, which
 * would hang if opened, and a canary file whose text must never reach a result). Seeded, so every input is
 * reproducible.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { score } from '../src/api/score.js';
import { validate } from '../src/rules/validate/index.js';
import { CORPUS_DIR } from './support/corpus.js';
import { HANG_LIMIT_MS } from './support/cpu-time.js';
import { tempTree } from './support/tmp.js';

/** CPU time allowed per case: a linear pass takes well under a second; the cubic shapes once took a minute. */
const CASE_CPU_LIMIT_MS = 10_000;
/** Heap growth allowed per case: generous, but a parse that holds a copy per line or per match blows through it. */
const HEAP_LIMIT_BYTES = 256 * 1024 * 1024;
const tmp = tempTree('plugin-eval-fuzz-').root;
/** Time and heap growth of each exercised case, to report the slowest (printed, not asserted). */
const measured: { name: string; ms: number; heapMiB: number }[] = [];
afterAll(() => {
  const slowest = [...measured].sort((a, b) => b.ms - a.ms)[0];
  if (slowest)
    console.log(
      `fuzz: ${measured.length} cases; slowest ${slowest.name}: ${slowest.ms.toFixed(0)} ms (score x2 + ` +
        `validate), heap +${slowest.heapMiB.toFixed(1)} MiB; largest heap ` +
        `growth ${Math.max(...measured.map((m) => m.heapMiB)).toFixed(1)} MiB`,
    );
});

function prng(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

function corpusSkills(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory() && e.name !== 'expected-plugineval') corpusSkills(p, out);
    else if (e.name === 'SKILL.md') out.push(dir);
  }
  return out;
}

const MUTATIONS: Record<string, (text: Buffer, rnd: () => number) => Buffer> = {
  truncated: (b, rnd) => b.subarray(0, Math.floor(rnd() * b.length)),
  'bytes flipped': (b, rnd) => {
    const out = Buffer.from(b);
    for (let i = 0; i < 1 + b.length / 200; i++) out[Math.floor(rnd() * out.length)] = Math.floor(rnd() * 256);
    return out;
  },
  'lines shuffled': (b, rnd) => {
    const lines = b.toString('utf8').split('\n');
    for (let i = lines.length - 1; i > 0; i--) {
      const j = Math.floor(rnd() * (i + 1));
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    }
    return Buffer.from(lines.join('\n'));
  },
  'lines repeated to 200 KB': (b, rnd) => {
    const lines = b.toString('utf8').split('\n');
    const out: string[] = [];
    for (let size = 0; size < 200_000; ) {
      const line = lines[Math.floor(rnd() * lines.length)]!;
      const times = 1 + Math.floor(rnd() * 50);
      for (let k = 0; k < times; k++) out.push(line);
      size += (line.length + 1) * times;
    }
    return Buffer.from(out.join('\n'));
  },
  'frontmatter cut': (b, rnd) => {
    const text = b.toString('utf8');
    const close = text.indexOf('\n---', 3);
    return Buffer.from(rnd() < 0.5 ? text.slice(close + 4) : text.slice(0, close) + text.slice(close + 4));
  },
  'NUL bytes inserted': (b, rnd) => {
    const at = Math.floor(rnd() * b.length);
    return Buffer.concat([b.subarray(0, at), Buffer.from([0, 0, 0]), b.subarray(at)]);
  },
};

/** Score with both methodologies and validate; returns everything the run produced, serialised. */
async function exercise(dir: string): Promise<string> {
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const heapBefore = process.memoryUsage().heapUsed;
  let peak = heapBefore;
  const outputs: unknown[] = [];
  for (const methodology of ['default', 'compat'] as const) {
    const run = await score([dir], { methodology });
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    expect(run.results.length + run.failures.length).toBeGreaterThan(0);
    // A finite composite, or none (null) exactly when nothing was measured.
    for (const r of run.results)
      expect(r.composite.coverage.share > 0 ? Number.isFinite(r.composite.score) : r.composite.score === null).toBe(
        true,
      );
    outputs.push(run);
  }
  outputs.push(await validate([dir]));
  peak = Math.max(peak, process.memoryUsage().heapUsed);
  expect(peak - heapBefore).toBeLessThan(HEAP_LIMIT_BYTES);
  const cpu = process.cpuUsage(cpuBefore);
  expect((cpu.user + cpu.system) / 1000).toBeLessThan(CASE_CPU_LIMIT_MS);
  measured.push({
    name: expect.getState().currentTestName ?? dir,
    ms: performance.now() - started,
    heapMiB: (peak - heapBefore) / 1048576,
  });
  return JSON.stringify(outputs);
}

describe('mutated corpus skills', () => {
  const skills = corpusSkills(CORPUS_DIR).sort();
  const rnd = prng(2024);
  // Two skills per mutation, picked by the seeded generator: bounded count, different skills each mutation.
  const cases = Object.keys(MUTATIONS).flatMap((mutation) =>
    [0, 1].map(() => [mutation, skills[Math.floor(rnd() * skills.length)]!] as const),
  );
  it.each(cases.map(([mutation, skill], i) => [mutation, path.relative(CORPUS_DIR, skill), skill, i] as const))(
    '%s: %s',
    async (mutation, _shown, skill, i) => {
      const dir = path.join(tmp, `mutated-${i}`, path.basename(skill));
      cpSync(skill, dir, { recursive: true });
      const original = readFileSync(path.join(dir, 'SKILL.md'));
      writeFileSync(path.join(dir, 'SKILL.md'), MUTATIONS[mutation]!(original, prng(i + 1)));
      await exercise(dir);
    },
    HANG_LIMIT_MS,
  );
});

const GOOD_SKILL =
  '---\nname: hostile\ndescription: Use when testing hostile folders. Reads references/guide.md.\n---\n\n# Hostile\n\nSee [the guide](references/guide.md).\n';

function hostileSkill(name: string, files: Record<string, string | Buffer> = {}): string {
  const dir = path.join(tmp, 'hostile', name, name === 'plugin' ? '' : 'hostile');
  mkdirSync(path.join(dir, 'references'), { recursive: true });
  writeFileSync(path.join(dir, 'SKILL.md'), GOOD_SKILL);
  writeFileSync(path.join(dir, 'references', 'guide.md'), '# Guide\n\nReal content.\n');
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

/** An outside folder the skill must never read: a FIFO (opening it blocks) and a canary file. */
function outside(name: string): { dir: string; fifo: string; canary: string; secret: string } {
  const dir = path.join(tmp, 'outside', name);
  mkdirSync(dir, { recursive: true });
  const fifo = path.join(dir, 'pipe');
  execFileSync('mkfifo', [fifo]);
  const secret = `CANARY-${name}-never-read`;
  const canary = path.join(dir, 'secret.md');
  writeFileSync(canary, `---\nname: ${secret}\ndescription: ${secret} Use when never.\n---\n\n# ${secret}\n`);
  return { dir, fifo, canary, secret };
}

describe('hostile trees', () => {
  it(
    'a YAML alias bomb is a diagnostic, not a crash or an expansion',
    async () => {
      const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
      for (const [k, prev] of [
        ['b', 'a'],
        ['c', 'b'],
        ['d', 'c'],
        ['e', 'd'],
        ['f', 'e'],
        ['g', 'f'],
        ['h', 'g'],
        ['i', 'h'],
      ])
        bomb.push(`${k}: &${k} [${Array(9).fill(`*${prev}`).join(',')}]`);
      const dir = hostileSkill('alias-bomb', {
        'SKILL.md': `---\nname: hostile\ndescription: Use when testing.\n${bomb.join('\n')}\n---\n\n# Bomb\n`,
      });
      const out = await exercise(dir);
      expect(out).toContain('frontmatter/yaml-syntax');
    },
    HANG_LIMIT_MS,
  );

  it(
    'FIFOs and devices in references/ are listed as such and never opened',
    async () => {
      const dir = hostileSkill('fifo');
      execFileSync('mkfifo', [path.join(dir, 'references', 'pipe.md')]);
      symlinkSync(path.join(dir, 'references', 'pipe.md'), path.join(dir, 'references', 'link-to-pipe.md'));
      symlinkSync('/dev/zero', path.join(dir, 'references', 'zero.md'));
      symlinkSync('/dev/urandom', path.join(dir, 'references', 'urandom.md'));
      const out = await exercise(dir);
      expect(out).toContain('file/special');
      expect(out).toContain('references/zero.md');
    },
    HANG_LIMIT_MS,
  );

  it(
    'a SKILL.md that is a FIFO or a device is reported, not read',
    async () => {
      const fifoSkill = path.join(tmp, 'hostile', 'fifo-skill');
      mkdirSync(fifoSkill, { recursive: true });
      execFileSync('mkfifo', [path.join(fifoSkill, 'SKILL.md')]);
      const run = await score([fifoSkill]);
      expect(run.failures[0]?.diagnostics[0]?.message).toMatch(/not a regular file/);
      const deviceSkill = path.join(tmp, 'hostile', 'device-skill');
      mkdirSync(deviceSkill, { recursive: true });
      symlinkSync('/dev/zero', path.join(deviceSkill, 'SKILL.md'));
      const device = await score([deviceSkill]);
      expect(device.failures[0]?.diagnostics[0]?.ruleId).toBe('file/read-outside');
    },
    HANG_LIMIT_MS,
  );

  it(
    'symlinks leading out of the scanned folder are reported, never followed',
    async () => {
      const away = outside('escape');
      const dir = hostileSkill('escape');
      symlinkSync(away.fifo, path.join(dir, 'references', 'pipe.md'));
      symlinkSync(away.canary, path.join(dir, 'references', 'secret.md'));
      symlinkSync(away.dir, path.join(dir, 'references', 'elsewhere'));
      const out = await exercise(dir);
      expect(out).toContain('file/symlink-escapes');
      expect(out).not.toContain(away.secret);
      // SKILL.md itself leading out: not read either.
      const skillOut = outside('skill-md');
      const linked = path.join(tmp, 'hostile', 'linked-skill-md');
      mkdirSync(linked, { recursive: true });
      symlinkSync(skillOut.canary, path.join(linked, 'SKILL.md'));
      const run = await score([linked]);
      expect(JSON.stringify(run)).not.toContain(skillOut.secret);
      expect(run.failures[0]?.diagnostics[0]?.ruleId).toBe('file/read-outside');
    },
    HANG_LIMIT_MS,
  );

  it(
    'a plugin whose skill, agent and manifest lead out of the plugin is reported, not followed',
    async () => {
      const away = outside('plugin');
      const skillAway = path.join(away.dir, 'skill');
      mkdirSync(skillAway);
      writeFileSync(path.join(skillAway, 'SKILL.md'), readFileSync(away.canary));
      const plugin = path.join(tmp, 'hostile', 'plugin-escape');
      mkdirSync(path.join(plugin, '.claude-plugin'), { recursive: true });
      mkdirSync(path.join(plugin, 'skills'), { recursive: true });
      mkdirSync(path.join(plugin, 'agents'), { recursive: true });
      writeFileSync(path.join(plugin, '.claude-plugin', 'plugin.json'), '{"name": "plugin-escape"}');
      symlinkSync(skillAway, path.join(plugin, 'skills', 'away'));
      symlinkSync(away.canary, path.join(plugin, 'agents', 'away.md'));
      symlinkSync(away.fifo, path.join(plugin, 'agents', 'pipe.md'));
      symlinkSync(away.fifo, path.join(plugin, '.mcp.json'));
      const out = await exercise(plugin);
      expect(out).not.toContain(away.secret);
      expect(out).toContain('file/read-outside');
    },
    HANG_LIMIT_MS,
  );

  it(
    'NUL bytes in SKILL.md and in references are reported',
    async () => {
      const dir = hostileSkill('nul', { 'references/guide.md': Buffer.from('# Guide\0\0binary') });
      const out = await exercise(dir);
      expect(out).toContain('references/binary-file');
      const nulSkill = hostileSkill('nul-skill', {
        'SKILL.md': Buffer.concat([Buffer.from(GOOD_SKILL), Buffer.from([0, 1, 2])]),
      });
      const run = await score([nulSkill]);
      expect(run.failures[0]?.diagnostics[0]?.ruleId).toBe('file/binary');
    },
    HANG_LIMIT_MS,
  );

  // Just past the listing's cap of 10,000 files: enough to be capped, and every file beyond it linked as well.
  it(
    '10,500 files in a folder: listing is capped and reported, every file linked costs linear time',
    async () => {
      const dir = hostileSkill('many-files');
      const names = Array.from({ length: 10_500 }, (_, i) => `f${i}.md`);
      for (const n of names) writeFileSync(path.join(dir, 'references', n), 'x\n');
      writeFileSync(
        path.join(dir, 'SKILL.md'),
        `${GOOD_SKILL}\n${names.map((n) => `- [${n}](references/${n}) and \`references/${n}\``).join('\n')}\n`,
      );
      const out = await exercise(dir);
      expect(out).toContain('file/too-many');
    },
    HANG_LIMIT_MS,
  );
});
