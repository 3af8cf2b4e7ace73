// Parity guard for the CLI bundle (scripts/bundle-cli.mjs) and start-up work: runs two builds' bins on the
// same commands and compares stdout, stderr and the exit code (run ids, timestamps and durations masked).
// compare-outputs.mjs covers the library's results; this covers what the bundled bin prints.
//
//   node scripts/compare-cli-outputs.mjs <dist-before> [<dist-after>=dist]
//
// Commands: every example, test fixture and corpus skill on its own (quick, JSON), the examples in every output
// format and both methodologies, validate, schema, help, and bad input. Exit 1 when any differ.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const [beforeDir, afterDir = 'dist'] = process.argv.slice(2);
if (!beforeDir) {
  console.error('usage: node scripts/compare-cli-outputs.mjs <dist-before> [<dist-after>]');
  process.exit(2);
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpus = process.env.PLUGIN_EVAL_CORPUS ?? path.resolve(root, '../shared/corpus');
const bin = (dir) => path.resolve(dir, 'bin/plugin-eval.js');

function skillDirs(dir, out = [], depth = 0) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return out;
  }
  if (entries.some((e) => e.name === 'SKILL.md')) out.push(dir);
  if (depth < 8)
    for (const e of entries)
      if (e.isDirectory() && e.name !== 'expected-plugineval' && e.name !== 'node_modules')
        skillDirs(path.join(dir, e.name), out, depth + 1);
  return out.sort();
}

const rel = (p) => path.relative(root, p);
const examples = skillDirs(path.join(root, 'examples')).map(rel);
const fixtures = skillDirs(path.join(root, 'test/fixtures')).map(rel);
const corpusSkills = skillDirs(corpus);

const commands = [
  ['--help'],
  ['--version'],
  ['score', '--help'],
  ['no-such-command'],
  ['score', 'no/such/folder'],
  ['schema'],
  ['validate', ...examples],
  ...['text', 'json', 'markdown', 'sarif', 'junit', 'html', 'jsonl'].map((format) => [
    'score',
    ...examples,
    '--output',
    format,
  ]),
  ['score', ...examples, '--methodology', 'compat', '--output', 'json'],
  ...[...examples, ...fixtures, ...corpusSkills].map((dir) => ['score', dir, '--depth', 'quick', '--output', 'json']),
];

/** What legitimately differs between two runs. */
function mask(text) {
  return text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, '<time>')
    .replace(/("(?:durationMs|duration|time|startedAt|finishedAt|timestamp)"\s*:\s*)[^,}\n]+/g, '$1<n>')
    .replace(/(duration(?:Ms)?="?)[\d.]+/gi, '$1<n>')
    .replace(/time="[\d.]+"/g, 'time="<n>"')
    .replace(/\d+(?:\.\d+)? ?(?:ms|s)\b/g, '<n> ms');
}

function run(dir, args) {
  const r = spawnSync(process.execPath, [bin(dir), ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', COLUMNS: '100' },
  });
  return `exit ${r.status}\n--- stdout\n${mask(r.stdout)}\n--- stderr\n${mask(r.stderr)}`;
}

const differing = [];
for (const args of commands) {
  const a = run(beforeDir, args);
  const b = run(afterDir, args);
  if (a !== b) {
    differing.push(args.join(' ').slice(0, 160));
    if (process.env.SHOW_DIFF) {
      const la = a.split('\n');
      const lb = b.split('\n');
      const i = la.findIndex((l, k) => l !== lb[k]);
      console.log(
        `--- ${args.join(' ').slice(0, 120)}: first difference at line ${i + 1}:\n  ` +
          `before: ${la[i]?.slice(0, 200)}\n  after:  ${lb[i]?.slice(0, 200)}`,
      );
    }
  }
}
console.log(`${commands.length} CLI commands compared: ${differing.length} differ`);
for (const d of differing) console.log(`  differs: ${d}`);
process.exit(differing.length === 0 ? 0 : 1);
