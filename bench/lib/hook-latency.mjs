// Hook latency, measured as Claude Code runs a hook: the exact commands `hooks install` writes (logs/hook-settings.js
// of the build measured) through /bin/sh, a new shell and process each, the hook JSON on stdin, for a Skill call, in
// pre/post pairs, into a temporary logs folder; interleaved with a bare `node -e 0` through the same shell, with this
// environment's NODE_EXTRA_CA_CERTS as it is and cleared as the hook command clears it (docs/logs/hooks.md
// "Figures"). Used by bench/hook.mjs and bench/static.mjs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { childCpuMs } from './measure.mjs';

/** The p-th percentile (nearest rank) of a list of numbers. */
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

/**
 * Runs `runs` pre/post pairs of the build in `dist` (the package's bin is `bin`; `cwd` goes in the hook JSON) and returns, per row, the wall times
 * (ms) and the summed CPU time, the hook command, how many lines were logged and the hook errors log.
 */
export async function measureHookLatency({ dist, bin, runs, cwd = process.cwd() }) {
  const { HOOK_ENV_PREFIX, hookCommand, shellQuote } = await import(
    pathToFileURL(path.join(dist, 'logs/hook-settings.js')).href
  );
  const logs = mkdtempSync(path.join(os.tmpdir(), 'plugin-eval-bench-hook-'));
  try {
    const program = { node: process.execPath, bin, logsDir: logs };
    const command = { pre: hookCommand(program, 'pre'), post: hookCommand(program, 'post') };
    const bareCommand = `${shellQuote(process.execPath)} -e 0`;
    const base = {
      session_id: 'bench-session',
      transcript_path: path.join(logs, 'none.jsonl'),
      cwd,
      tool_name: 'Skill',
      tool_input: { skill: 'bench:skill' },
    };
    const bareCleared = `bare, ${HOOK_ENV_PREFIX}`;
    const rows = {
      'hook pre': { xs: [], cpu: 0 },
      'hook post': { xs: [], cpu: 0 },
      'bare node -e 0': { xs: [], cpu: 0 },
      [bareCleared]: { xs: [], cpu: 0 },
    };
    const time = (row, shellCommand, input, warm) => {
      const cpu0 = childCpuMs();
      const t0 = performance.now();
      const r = spawnSync('/bin/sh', ['-c', shellCommand], { input, encoding: 'utf8' });
      const ms = performance.now() - t0;
      const cpuMs = childCpuMs() - cpu0;
      if (r.status !== 0 || r.stderr !== '') throw new Error(`${shellCommand}: exit ${r.status}: ${r.stderr}`);
      if (warm) return; // the first round warms the file cache
      rows[row].xs.push(ms);
      rows[row].cpu += cpuMs;
    };
    for (let i = 0; i < runs + 1; i++) {
      const id = `toolu_bench_${i}`;
      const pre = { ...base, hook_event_name: 'PreToolUse', tool_use_id: id };
      time('hook pre', command.pre, JSON.stringify(pre), i === 0);
      const post = {
        ...base,
        hook_event_name: 'PostToolUse',
        tool_use_id: id,
        tool_response: { success: true, commandName: 'bench:skill' },
      };
      time('hook post', command.post, JSON.stringify(post), i === 0);
      time('bare node -e 0', bareCommand, '', i === 0);
      time(bareCleared, `${HOOK_ENV_PREFIX} ${bareCommand}`, '', i === 0);
    }
    const day = new Date().toISOString().slice(0, 10);
    const lines = readFileSync(path.join(logs, 'bench/skill', `${day}.jsonl`), 'utf8')
      .trim()
      .split('\n').length;
    let errors = '';
    try {
      errors = readFileSync(path.join(logs, '.hook-errors.log'), 'utf8');
    } catch {
      // none: good
    }
    const both = {
      xs: [...rows['hook pre'].xs, ...rows['hook post'].xs],
      cpu: rows['hook pre'].cpu + rows['hook post'].cpu,
    };
    return { command, rows, both, bareCleared, lines, errors, prefix: HOOK_ENV_PREFIX };
  } finally {
    rmSync(logs, { recursive: true, force: true });
  }
}
