// Scaling benchmark (npm run bench:shapes). Not a test: prints, for every shape in bench/markdown-shapes.mjs, the
// CPU time of scoring one SKILL.md of 50, 100, 200 and 400 KB (both methodologies) and the growth from 100 to
// 400 KB: about 4 is linear, 16 would be quadratic. Target (issue 7 item 9): any 200 KB shape scores in under 1 s.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHAPES } from './markdown-shapes.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const lib = await import(path.join(root, 'dist/index.js'));
const SIZES = [50_000, 100_000, 200_000, 400_000];
const tmp = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-shapes-'));

async function cpuMs(dir, methodology) {
  const before = process.cpuUsage();
  await lib.score([dir], { methodology });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

const warm = path.join(tmp, 'warm');
mkdirSync(warm);
writeFileSync(path.join(warm, 'SKILL.md'), SHAPES.headings(2000));
for (let i = 0; i < 3; i++) for (const m of ['default', 'compat']) await cpuMs(warm, m);

console.log(`plugin-eval shape benchmark: CPU ms to score one SKILL.md, node ${process.version}\n`);
console.log(`${'shape'.padEnd(56)} ${'methodology'.padEnd(11)} ${SIZES.map((s) => `${s / 1000} KB`.padStart(8)).join(' ')}  x(100->400)`);
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
    console.log(`${name.padEnd(56)} ${methodology.padEnd(11)} ${times.map((t) => t.toFixed(0).padStart(8)).join(' ')}  ${growth.toFixed(1).padStart(5)}`);
  }
}
console.log(`\nslowest at 200 KB: ${worst.label}, ${worst.ms.toFixed(0)} ms CPU (target < 1000 ms)`);
rmSync(tmp, { recursive: true, force: true });
