/**
 * `plugin-eval worker --queue URL`: runs score jobs from the queue with this machine's credentials and settings
 * (provider, endpoint, response cache, concurrency, prices), until Ctrl-C / SIGTERM (running jobs are cancelled
 * and put back for another worker) or, with --once or --idle-exit, until the queue has been empty that long.
 */
import path from 'node:path';
import { resolveSettings, type ResolvedSettings } from '../../config/resolve.js';
import { optionalNumberFlag } from '../../config/numbers.js';
import { UsageError } from '../../errors.js';
import type { JudgePlan } from '../../model/plan.js';
import type { Provider } from '../../providers/types.js';
import { chooseJudgeEndpoint } from '../../queue/endpoint-trust.js';
import { terminalText } from '../../util/terminal-text.js';
import { EXIT } from '../exit-codes.js';
import { providerOptionsFrom } from '../../config/provider-setup.js';
import { typedSettings } from '../setting-flags.js';
import type { Ui } from '../ui.js';

export interface WorkerFlags {
  queue?: string;
  queueName?: string;
  concurrency?: string;
  root?: string;
  allowRoot?: string[];
  allowEndpoint?: string[];
  provider?: string;
  baseUrl?: string;
  maxCost?: string;
  once?: boolean;
  idleExit?: string;
  lockDuration?: string;
}

/** The settings the worker takes from its command line (cli/run.ts adds their flags). */
export const WORKER_FLAG_SETTINGS = [
  'queue',
  'queueName',
  'allowRoots',
  'allowEndpoints',
  'maxCostUsd',
  'provider',
  'baseUrl',
] as const;

const whole = (flag: string, raw: string | undefined, min: number, max: number): number | undefined =>
  optionalNumberFlag(flag, raw, { whole: true, min, max });

export async function runWorkerCommand(
  flags: WorkerFlags,
  ui: Ui,
  options: { configFile?: string } = {},
): Promise<number> {
  const resolved = await resolveSettings({
    command: 'worker',
    given: typedSettings(flags, WORKER_FLAG_SETTINGS),
    ...(options.configFile !== undefined ? { config: options.configFile } : {}),
  });
  const url = resolved.settings.queue;
  if (url === undefined)
    throw new UsageError('worker: which queue? pass --queue redis://HOST:PORT (or set PLUGIN_EVAL_QUEUE)');
  if (flags.once && flags.idleExit !== undefined)
    throw new UsageError('worker: --once and --idle-exit: pass one of them');
  const concurrency = whole('--concurrency', flags.concurrency, 1, 64) ?? 1;
  const idleExitS = whole('--idle-exit', flags.idleExit, 0, 86_400);
  const lockDurationMs = whole('--lock-duration', flags.lockDuration, 1_000, 600_000);
  const allowedRoots = allowedRootsOf(resolved);

  // Ctrl-C (the UI's signal) or SIGTERM (a service manager): stop taking jobs, let the running ones finish.
  const stop = new AbortController();
  const onTerm = () => stop.abort();
  ui.signal?.addEventListener('abort', onTerm, { once: true });
  process.once('SIGTERM', onTerm);

  // One provider per (provider, endpoint, model) the plans name, built once with this machine's settings.
  const providers = new Map<string, Promise<Provider>>();
  const judgeProvider = (judge: JudgePlan): Promise<Provider> => {
    const key = `${judge.provider}|${judge.baseURL ?? ''}|${judge.model}`;
    let made = providers.get(key);
    if (!made) {
      made = makeJudgeProvider(judge, resolved, resolved.settings.allowEndpoints);
      // A failed set-up is not remembered: the next job tries again (a key may have been provided since).
      made.catch(() => providers.delete(key));
      providers.set(key, made);
    }
    return made;
  };

  const { runWorker } = await import('../../queue/worker.js');
  try {
    const summary = await runWorker({
      url,
      name: resolved.settings.queueName,
      concurrency,
      ...(flags.root !== undefined ? { root: flags.root } : {}),
      ...(allowedRoots !== undefined ? { allowedRoots } : {}),
      ...(resolved.settings.maxCostUsd !== undefined ? { maxCostUsd: resolved.settings.maxCostUsd } : {}),
      ...(flags.once ? { idleExitMs: 0 } : idleExitS !== undefined ? { idleExitMs: idleExitS * 1000 } : {}),
      ...(lockDurationMs !== undefined ? { lockDurationMs } : {}),
      judgeProvider,
      signal: stop.signal,
      // Lines quote job data (paths, reasons), which anyone with write access to the Redis chose: inert in a terminal.
      log: (line) => ui.stderr(terminalText(line, false)),
    });
    ui.stderr(
      `plugin-eval worker: done: ${summary.scored} job${summary.scored === 1 ? '' : 's'} ` +
        `finished, ${summary.failed} failed here`,
    );
    const code = stop.signal.aborted ? EXIT.INTERRUPTED : EXIT.OK;
    // Redis went away and the close had to drop its connections: BullMQ's retry loop keeps a timer alive that
    // nothing here can reach, so the process would never end. Stopped: a cancelled job's last call may still hold
    // a socket. Either way every job is settled (or put back): end it.
    if (summary.abandoned || stop.signal.aborted) setTimeout(() => process.exit(code), 100).unref();
    return code;
  } finally {
    process.off('SIGTERM', onTerm);
  }
}

/**
 * --allow-root folders (a config file's relative to that file); undefined: the library's default (--root, else the
 * working folder).
 */
function allowedRootsOf(resolved: ResolvedSettings): string[] | undefined {
  const roots = resolved.settings.allowRoots;
  if (roots === undefined) return undefined;
  const fromFile = resolved.provenance.allowRoots?.source === 'config' && resolved.configFile !== undefined;
  return roots.map((root) => (fromFile ? path.resolve(path.dirname(resolved.configFile!), root) : path.resolve(root)));
}

/**
 * The judge provider a plan names, made from this machine's own settings and credentials. The plan's provider is
 * "<kind> (why it was chosen), model <id>". Its kind and endpoint are used only when they are this worker's own, or
 * the endpoint is on the allowlist (endpoint-trust.ts); the model is honoured exactly, or the job is refused.
 */
async function makeJudgeProvider(
  judge: JudgePlan,
  resolved: ResolvedSettings,
  allowed: readonly string[],
): Promise<Provider> {
  const kind = /^[a-z][\w.-]*/i.exec(judge.provider)?.[0];
  if (kind === undefined) throw new Error(`the plan names no provider this worker knows ("${judge.provider}")`);
  const { makeProvider } = await import('../provider-setup.js');
  const ownOptions = providerOptionsFrom(resolved, judge.model);
  const own = await makeProvider(ownOptions);
  const ownEndpoint = {
    kind: own.provider.endpoint?.kind ?? 'unknown',
    baseURL: own.provider.endpoint?.baseURL ?? null,
  };
  const choice = chooseJudgeEndpoint({ kind, baseURL: judge.baseURL }, ownEndpoint, allowed);
  if (choice.use === 'refused') throw new Error(choice.reason);
  let made = own;
  if (choice.use === 'allowed') {
    const { providerFrom: _from, provider: _provider, baseUrl: _url, ...rest } = ownOptions;
    made = await makeProvider({ ...rest, provider: choice.kind, baseUrl: choice.baseURL });
  }
  if (made.model !== judge.model) throw new Error(`model ${judge.model} resolves to ${made.model} here`);
  return made.provider;
}
