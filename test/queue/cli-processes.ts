/**
 * The built CLI as separate processes for the queue tests: submitters and workers, each with the scripted model
 * server as its Anthropic endpoint and the test's own data folder and queue name. Every process started is kept,
 * so a test file can kill what is still running when it ends.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/bin/plugin-eval.js');

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Env of every process: the model server as Anthropic, no response cache, data (and Monte Carlo state) under `root`.
 */
export function queueEnv(modelServerUrl: string, root: string, queueName: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    ANTHROPIC_BASE_URL: modelServerUrl,
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
    PLUGIN_EVAL_CACHE: 'false',
    PLUGIN_EVAL_DATA_DIR: path.join(root, 'data'),
    PLUGIN_EVAL_STATE_DIR: path.join(root, 'state'),
    PLUGIN_EVAL_QUEUE_NAME: queueName,
  };
}

export interface StartedCli {
  child: ChildProcess;
  done: Promise<Finished>;
  stderr: () => string;
  /**
   * Resolves once stderr holds `text`, or once the process has ended without it (the assertions after the wait then
   * say what went wrong): an event, not a poll.
   */
  stderrShows: (text: string) => Promise<void>;
}

/** Starts `plugin-eval ARGS` in `cwd`; `done` settles with its exit code and output. */
export function startCli(args: string[], env: NodeJS.ProcessEnv, cwd: string, children: ChildProcess[]): StartedCli {
  const child = spawn(process.execPath, [BIN, ...args], { env, cwd });
  children.push(child);
  let stdout = '';
  let stderr = '';
  let closed = false;
  const waiters: { text: string; resolve: () => void }[] = [];
  const wake = (): void => {
    for (const w of waiters.filter((w) => closed || stderr.includes(w.text))) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve();
    }
  };
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => {
    stderr += d.toString();
    wake();
  });
  const done = new Promise<Finished>((resolve) =>
    child.on('close', (code) => {
      closed = true;
      wake();
      resolve({ code, stdout, stderr });
    }),
  );
  const stderrShows = (text: string): Promise<void> =>
    new Promise((resolve) => {
      waiters.push({ text, resolve });
      wake();
    });
  return { child, done, stderr: () => stderr, stderrShows };
}
