// Runs npm scripts at the same time and fails when any of them fails. Why: on a 2-core machine two single-core steps
// side by side take the longer one's time instead of the sum. `npm test` lints beside the build, then type-checks
// beside the tests (which leave a core idle much of the time while they wait on processes and servers).
// Each script's output is printed whole when it ends, so two never interleave; a script named with a leading `+`
// (at most one) prints as it runs, and the others' output is held until it has ended.
// Usage: node scripts/run-together.mjs SCRIPT... [+SCRIPT]
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const args = process.argv.slice(2);
const live = args.filter((a) => a.startsWith('+')).map((a) => a.slice(1));
const held = args.filter((a) => !a.startsWith('+'));
if (args.length === 0 || live.length > 1 || [...live, ...held].some((name) => name === '')) {
  process.stderr.write('usage: node scripts/run-together.mjs SCRIPT... [+SCRIPT]\n');
  process.exit(2);
}

// Under npm, the npm that started this script; run directly, the one on PATH.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(name, { inherit }) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(npm[0], [...npm.slice(1), 'run', name], {
      stdio: inherit ? ['inherit', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (c) => chunks.push(c));
    child.stderr?.on('data', (c) => chunks.push(c));
    child.on('error', (error) => resolve({ name, code: 1, output: `${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? 1, output: Buffer.concat(chunks).toString('utf8'), signal }),
    );
  });
}

const statusOf = (result) =>
  result.code === 0 ? 'ok' : result.signal ? `killed by ${result.signal}` : `exit ${result.code}`;

const liveRun = live.length === 1 ? run(live[0], { inherit: true }) : undefined;
const liveEnded = liveRun?.then(() => undefined) ?? Promise.resolve();
const results = await Promise.all([
  ...held.map(async (name) => {
    const result = await run(name, { inherit: false });
    await liveEnded;
    process.stdout.write(`> npm run ${name}: ${statusOf(result)}\n${result.output}`);
    return result;
  }),
  ...(liveRun ? [liveRun] : []),
]);
for (const result of results.filter((r) => r.code !== 0))
  process.stderr.write(`run-together: npm run ${result.name} failed (${statusOf(result)})\n`);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
