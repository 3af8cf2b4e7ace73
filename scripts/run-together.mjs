// Runs npm scripts at the same time and fails when any of them fails. Why: `npm test` type-checks (tsc, one core)
// and lints (ESLint, one core) before the tests; on a 2-core machine the two side by side take the time of the
// longer one instead of the sum. Each script's output is printed whole when it ends, so the two never interleave.
// Usage: node scripts/run-together.mjs typecheck lint
import { Buffer } from 'node:buffer';
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: node scripts/run-together.mjs SCRIPT...\n');
  process.exit(2);
}

// Under npm, the npm that started this script; run directly, the one on PATH.
const npm = process.env.npm_execpath ? [process.execPath, process.env.npm_execpath] : ['npm'];

function run(name) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(npm[0], [...npm.slice(1), 'run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    child.on('error', (error) => resolve({ name, code: 1, output: `${error.message}\n` }));
    child.on('close', (code, signal) =>
      resolve({ name, code: code ?? 1, output: Buffer.concat(chunks).toString('utf8'), signal }),
    );
  });
}

const results = await Promise.all(
  names.map(async (name) => {
    const result = await run(name);
    const status = result.code === 0 ? 'ok' : result.signal ? `killed by ${result.signal}` : `exit ${result.code}`;
    process.stdout.write(`> npm run ${name}: ${status}\n${result.output}`);
    return result;
  }),
);
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
