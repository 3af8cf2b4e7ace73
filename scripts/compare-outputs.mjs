// Parity guard for speed work: scores every skill and plugin of the shared corpus, the examples and the test
// fixtures with two builds of the library and compares the full JSON results (timings removed).
//
//   node scripts/compare-outputs.mjs <dist-before> [<dist-after>=dist]
//
// Each skill folder is scored on its own and as part of its plugin, and each plugin as a whole, under both
// methodologies. Exit 1 and a list of differing targets when any result differs.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { findTargets } from '../bench/lib/skills.mjs';

const [beforeDir, afterDir = 'dist'] = process.argv.slice(2);
if (!beforeDir) {
  console.error('usage: node scripts/compare-outputs.mjs <dist-before> [<dist-after>]');
  process.exit(2);
}
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const load = (dir) => import(pathToFileURL(path.resolve(dir, 'index.js')).href);
const [before, after] = await Promise.all([load(beforeDir), load(afterDir)]);

/** Skill folders, plugin folders and fixture folders to score, in a stable order. */
const targets = () => findTargets([corpus, path.join(root, 'examples'), path.join(root, 'test/fixtures')]);

/** What legitimately differs between two runs: wall times, timestamps and the run id. */
const VOLATILE = new Set(['durationMs', 'timestamp', 'startedAt', 'finishedAt', 'runId']);

/** The result without what legitimately differs between two runs. */
function normalise(value) {
  return JSON.parse(JSON.stringify(value, (key, v) => (VOLATILE.has(key) ? undefined : v)));
}

async function run(lib, target, methodology) {
  try {
    const r = await lib.score([target], { methodology, jobs: 1 });
    return JSON.stringify(normalise(r), null, 1);
  } catch (err) {
    return `error: ${err?.message ?? String(err)}`;
  }
}

const list = targets();
let compared = 0;
const differing = [];
for (const methodology of ['default', 'compat']) {
  for (const target of list) {
    const [a, b] = [await run(before, target, methodology), await run(after, target, methodology)];
    compared++;
    if (a !== b) {
      differing.push(`${methodology} ${path.relative(process.cwd(), target)}`);
      if (process.env.SHOW_DIFF) {
        const la = a.split('\n');
        const lb = b.split('\n');
        const i = la.findIndex((l, k) => l !== lb[k]);
        console.log(
          `--- ${target} (${methodology}) first difference at line ${i + 1}:\n  before: ${la[i]}\n  after:  ${lb[i]}`,
        );
      }
    }
  }
}
console.log(`${compared} runs compared (${list.length} targets x 2 methodologies): ${differing.length} differ`);
for (const d of differing) console.log(`  differs: ${d}`);
process.exit(differing.length === 0 ? 0 : 1);
