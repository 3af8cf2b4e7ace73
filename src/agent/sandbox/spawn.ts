/**
 * One sandboxed agent process: the relay outside (relay.ts), then bwrap (bubblewrap.ts) running socat, which listens
 * on 127.0.0.1 inside and passes each connection to the relay's socket, and once it listens Claude Code with the
 * SDK's stdio. (socat, not a node forwarder: starting node cost ~10x more per run than bwrap and socat together.)
 * Handed to the Agent SDK as `spawnClaudeCodeProcess`.
 */
import { spawn } from 'node:child_process';
import type { SpawnedProcess, SpawnOptions } from '@anthropic-ai/claude-agent-sdk';
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { bubblewrapArgs, DEFAULT_BWRAP, findExecutable, SYSTEM_PATH } from './bubblewrap.js';
import { endpointOf, startRelay } from './relay.js';
import type { Relay } from './relay.js';

/** Where the relay's socket appears inside, and the loopback port the forwarder listens on there. */
const INSIDE_SOCKET = '/run/plugin-eval/relay.sock';
const INSIDE_PORT = 18_080;
/** Proxy settings of the host mean nothing inside (the relay is the only way out) and are replaced. */
const HOST_NETWORK_ENV = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'all_proxy',
];

/**
 * Run inside by /bin/sh with argv port, socket, command, args: socat forwards 127.0.0.1:port to the relay's
 * socket, and the command starts only once socat listens (its entry in this network namespace's /proc/net/tcp), so
 * the agent's first request never meets a closed port. The command replaces the shell and so exits as it would.
 */
const FORWARDER = `
socat TCP-LISTEN:"$1",bind=127.0.0.1,fork,reuseaddr UNIX-CONNECT:"$2" </dev/null >/dev/null &
listening="0100007F:$(printf '%04X' "$1") 00000000:0000 0A"
while ! grep -q "$listening" /proc/net/tcp; do
  kill -0 $! 2>/dev/null || { echo "sandbox: the forwarder (socat) did not start" >&2; exit 127; }
  sleep 0.005
done
shift 2
exec "$@"
`;

export type SpawnRequest = SpawnOptions;

export interface SandboxOptions {
  /** The bwrap executable (default `bwrap` on PATH). */
  bwrap?: string;
  /** Folders the agent may write: the run's project and its temp home. */
  writable: readonly string[];
  /** A folder outside those for the relay's socket (the run's temp root). */
  socketDir: string;
  /** Claude Code's stderr, line by line as it comes (the SDK reads none from a custom spawner). */
  onStderr?: (data: string) => void;
}

export interface AgentSandbox {
  spawn(request: SpawnRequest): SpawnedProcess;
  /** Stop the relay; the process is the SDK's to end. Safe to call twice. */
  close(): Promise<void>;
}

/** Unix socket paths are limited to about 108 bytes: a deep temp folder gets a short one under the OS temp. */
function socketPathIn(dir: string): { path: string; cleanup?: () => void } {
  const path = join(dir, 'relay.sock');
  if (Buffer.byteLength(path) < 100) return { path };
  const short = mkdtempSync(join(tmpdir().length < 60 ? tmpdir() : '/tmp', 'pe-relay-'));
  return { path: join(short, 'relay.sock'), cleanup: () => rmSync(short, { recursive: true, force: true }) };
}

/** The environment inside: the SDK's, with the model endpoint reached through the forwarder. */
export function insideEnv(env: SpawnRequest['env'], baseURL: string | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(env))
    if (value !== undefined && !HOST_NETWORK_ENV.includes(name)) out[name] = value;
  const endpoint = endpointOf(baseURL);
  out.PATH = SYSTEM_PATH;
  out.TMPDIR = '/tmp';
  if (endpoint.protocol === 'http:') {
    const url = new URL(baseURL!);
    url.hostname = '127.0.0.1';
    url.port = String(INSIDE_PORT);
    out.ANTHROPIC_BASE_URL = url.toString().replace(/\/$/, '');
  } else {
    out.HTTPS_PROXY = `http://127.0.0.1:${INSIDE_PORT}`;
    out.https_proxy = out.HTTPS_PROXY;
  }
  return out;
}

/** Start the relay for the endpoint the agent's environment names; the returned spawner runs it in bwrap. */
export async function openSandbox(baseURL: string | undefined, options: SandboxOptions): Promise<AgentSandbox> {
  const socket = socketPathIn(options.socketDir);
  let relay: Relay;
  try {
    relay = await startRelay(socket.path, endpointOf(baseURL));
  } catch (error) {
    socket.cleanup?.();
    throw error;
  }
  return {
    spawn(request) {
      // The binary is bound at its real path (a `claude` on PATH is often a link into a versions folder).
      const command = realpathSync(request.command);
      const args = bubblewrapArgs({
        writable: options.writable,
        // Its whole folder: a `claude` installed by npm is a script beside the files it loads.
        readOnly: [dirname(command), ...(request.env.NODE_EXTRA_CA_CERTS ? [request.env.NODE_EXTRA_CA_CERTS] : [])],
        relaySocket: { outside: socket.path, inside: INSIDE_SOCKET },
        cwd: request.cwd ?? options.writable[0]!,
      });
      const child = spawn(
        findExecutable(options.bwrap ?? DEFAULT_BWRAP) ?? options.bwrap ?? DEFAULT_BWRAP,
        [
          ...args,
          '--',
          '/bin/sh',
          '-c',
          FORWARDER,
          'sandbox',
          String(INSIDE_PORT),
          INSIDE_SOCKET,
          command,
          ...request.args,
        ],
        // bwrap itself sees only the inside environment: it passes its own on to what it runs.
        {
          env: insideEnv(request.env, baseURL),
          stdio: ['pipe', 'pipe', 'pipe'],
          ...(request.signal ? { signal: request.signal } : {}),
        },
      );
      child.stderr.setEncoding('utf8').on('data', (data: string) => options.onStderr?.(data));
      return child as SpawnedProcess;
    },
    async close() {
      await relay.close();
      socket.cleanup?.();
    },
  };
}
