// Scaling benchmark (npm run bench:shapes). Not a test: prints, for every shape in bench/markdown-shapes.mjs, the
// CPU time of scoring one SKILL.md of 50, 100, 200 and 400 KB (both methodologies) and the growth from 100 to
// 400 KB: about 4 is linear, 16 would be quadratic. Target (issue 7 item 9): any 200 KB shape scores in under 1 s.
// Then the inputs beyond SKILL.md: the review viewer's Markdown (bench/viewer-markdown-shapes.mjs) at 64, 128 and
// 256 KB (the per-file cap), a line of 50,000 links to missing references, a sparse reference of 0.5, 1 and 2 GB
// (what the judge reads of it, and the memory), and the logging hook given a FIFO as its transcript.
// `--part skill` or `--part inputs` runs one half.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHAPES } from './markdown-shapes.mjs';
import { option } from './lib/option.mjs';
import { VIEWER_MARKDOWN_SHAPES } from './viewer-markdown-shapes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lib = await import(path.join(root, 'dist/index.js'));
const SIZES = [50_000, 100_000, 200_000, 400_000];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-shapes-'));
const part = option('--part', 'all');

async function cpuMs(dir, methodology) {
  const before = process.cpuUsage();
  await lib.score([dir], { methodology });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

async function skillShapes() {
  const warm = path.join(tmp, 'warm');
  mkdirSync(warm);
  writeFileSync(path.join(warm, 'SKILL.md'), SHAPES.headings(2000));
  for (let i = 0; i < 3; i++) for (const m of ['default', 'compat']) await cpuMs(warm, m);

  console.log(`plugin-eval shape benchmark: CPU ms to score one SKILL.md, node ${process.version}\n`);
  console.log(
    `${'shape'.padEnd(56)} ${'methodology'.padEnd(11)} ${SIZES.map((s) => `${s / 1000} KB`.padStart(8)).join(' ')}  ` +
      `x(100->400)`,
  );
  let worst = { ms: 0, label: '' };
  for (const [name, make] of Object.entries(SHAPES)) {
    for (const methodology of ['default', 'compat']) {
      const times = [];
      for (const size of SIZES) {
        const dir = path.join(tmp, `${Object.keys(SHAPES).indexOf(name)}-${size}`);
        mkdirSync(dir, { recursive: true });
        writeFileSync(path.join(dir, 'SKILL.md'), make(size));
        times.push(await cpuMs(dir, methodology));
      }
      const at200 = times[SIZES.indexOf(200_000)];
      if (at200 > worst.ms) worst = { ms: at200, label: `${name} (${methodology})` };
      const growth = times[3] / Math.max(0.5, times[1]);
      console.log(
        `${name.padEnd(56)} ${methodology.padEnd(11)} ${times.map((t) => t.toFixed(0).padStart(8)).join(' ')}  ${growth.toFixed(1).padStart(5)}`,
      );
    }
  }
  console.log(`\nslowest at 200 KB: ${worst.label}, ${worst.ms.toFixed(0)} ms CPU (target < 1000 ms)`);
}

const cpuOf = async (work) => {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

async function inputShapes() {
  const { renderMarkdown } = await import(path.join(root, 'dist/web/viewer/markdown.js'));
  const MD_SIZES = [64_000, 128_000, 256_000];
  console.log(
    `\nreview viewer: CPU ms to render one output of 64, 128 and 256 KB (the per-file cap), and the growth 64->256 KB`,
  );
  await renderMarkdown(VIEWER_MARKDOWN_SHAPES['ordinary report'](MD_SIZES[0]));
  for (const [name, make] of Object.entries(VIEWER_MARKDOWN_SHAPES)) {
    const times = [];
    for (const size of MD_SIZES) {
      const source = make(size);
      times.push(await cpuOf(() => renderMarkdown(source)));
    }
    console.log(
      `${name.padEnd(56)} ${times.map((t) => t.toFixed(0).padStart(8)).join(' ')}  ${(times[2] / Math.max(0.5, times[0])).toFixed(1).padStart(5)}`,
    );
  }
  const fourKb = '![a]('.repeat(Math.ceil(4096 / 5));
  console.log(`4 KB of "![a](": ${(await cpuOf(() => renderMarkdown(fourKb))).toFixed(1)} ms CPU`);

  const links = path.join(tmp, 'links-50000');
  mkdirSync(links);
  let line = '';
  for (let i = 0; i < 50_000; i++) line += `[r${i}](references/m${i}.md) `;
  writeFileSync(
    path.join(links, 'SKILL.md'),
    `---\nname: links\ndescription: Use when measuring many links. Writes a report.\n---\n\n# Links\n\n${line}\n`,
  );
  console.log(
    `\n50,000 links to missing references on one line (${(line.length / 1e6).toFixed(1)} ` +
      `MB): ${(await cpuOf(() => lib.score([links]))).toFixed(0)} ms CPU to score`,
  );

  const { collectSkillMaterial } = await import(path.join(root, 'dist/judge/index.js'));
  const { parseSkill } = await import(path.join(root, 'dist/parse/skill.js'));
  const sparse = path.join(tmp, 'sparse');
  mkdirSync(path.join(sparse, 'references'), { recursive: true });
  writeFileSync(
    path.join(sparse, 'SKILL.md'),
    '---\nname: sparse\ndescription: Use when measuring a sparse reference. Writes a report.\n---\n\n# ' +
      'Sparse\n\nSee [notes](references/notes.md).\n',
  );
  console.log('\nsparse reference (a hole after one line): what the judge reads of it');
  for (const gb of [0.5, 1, 2]) {
    const file = path.join(sparse, 'references/notes.md');
    writeFileSync(file, 'notes\n'.repeat(100_000));
    truncateSync(file, Math.floor(gb * 1024 ** 3));
    const parsed = await parseSkill(sparse);
    const rssBefore = process.memoryUsage().rss;
    let material;
    const ms = await cpuOf(async () => (material = await collectSkillMaterial(parsed.skill)));
    const rssGrowth = (process.memoryUsage().rss - rssBefore) / 1024 ** 2;
    console.log(
      `${`${gb} GB`.padEnd(8)} ${ms.toFixed(0).padStart(6)} ms CPU, ` +
        `material ${(material.text.length / 1024).toFixed(0)} KB, RSS +${rssGrowth.toFixed(0)} MB`,
    );
  }

  const fifo = path.join(tmp, 'transcript.fifo');
  spawnSync('mkfifo', [fifo]);
  const hookInput = JSON.stringify({
    session_id: 's',
    transcript_path: fifo,
    hook_event_name: 'PostToolUse',
    tool_name: 'Skill',
    tool_input: { skill: 'a:b' },
    tool_use_id: 't1',
    tool_response: {},
  });
  const started = process.hrtime.bigint();
  const hook = spawnSync(
    process.execPath,
    [path.join(root, 'dist/bin/plugin-eval.cjs'), 'hook', 'post', '--logs-dir', path.join(tmp, 'logs')],
    { input: hookInput, timeout: 30_000 },
  );
  console.log(
    `\nhook with a FIFO as transcript_path: exit ${hook.status ?? hook.signal} ` +
      `after ${(Number(process.hrtime.bigint() - started) / 1e6).toFixed(0)} ms (a blocked hook would end by the ` +
      `30 s timeout)`,
  );
}

if (part !== 'inputs') await skillShapes();
if (part !== 'skill') await inputShapes();
rmSync(tmp, { recursive: true, force: true });
