/**
 * Bubblewrap (bwrap) around one agent process: whether it can start here (probed once per bwrap path and cached),
 * and the mount table of a run. The agent sees the system folders read-only, a fresh /tmp, its own run folders
 * writable, the Claude Code binary and the node binary read-only, and nothing else of the machine: no home, no
 * skill source, no network but the relay socket (relay.ts).
 */
import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { PluginEvalError } from '../../errors.js';

/** The packages the sandbox needs (bwrap; socat, the forwarder inside), named in every refusal. */
export const SANDBOX_PACKAGES = 'bubblewrap socat';
export const DEFAULT_BWRAP = 'bwrap';
/** PATH inside the sandbox: system folders only (the user's own bin folders are not there). */
export const SYSTEM_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** Said in every run made without the sandbox, so every output that shows agent runs carries it. */
export const UNSANDBOXED_WARNING =
  "unsandboxed (--no-sandbox): the agent ran on this machine as you, with your files and network in reach of the skill's hooks, commands and Bash";

/** Agent runs cannot be sandboxed here: nothing is measured, the run stops (exit 3) and says what to install. */
export class SandboxUnavailableError extends PluginEvalError {
  constructor(reason: string) {
    super(
      'NOT_MEASURED',
      `could not measure: agent runs execute skills' code and must run inside the bubblewrap sandbox, which ` +
        `cannot start here (${reason}); ` +
        `install it (apt install ${SANDBOX_PACKAGES}, dnf install ${SANDBOX_PACKAGES}), or pass --no-sandbox to ` +
        `run the agent unsandboxed on this machine, as you`,
      { next: `apt install ${SANDBOX_PACKAGES}` },
    );
    this.name = 'SandboxUnavailableError';
  }
}

const probed = new Map<string, string | undefined>();

/** Every namespace the run uses, so the probe fails exactly where a run would. */
const NAMESPACES = ['--unshare-all', '--die-with-parent', '--new-session'];

/** The executable a name means: a path as given, a bare name looked up on PATH; undefined when there is none. */
export function findExecutable(name: string, path: string | undefined = process.env.PATH): string | undefined {
  const candidates = name.includes('/')
    ? [name]
    : (path ?? '')
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(dir, name));
  return candidates.find((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Why bwrap cannot run a sandbox here, or undefined when it can. Runs `bwrap ... true` with the namespaces a run
 * uses; the answer is cached per bwrap executable for the life of the process.
 */
export function bubblewrapProblem(bwrap: string = DEFAULT_BWRAP): string | undefined {
  // macOS and Windows have no bubblewrap: the same refusal, with the reason (docs/security.md).
  if (process.platform !== 'linux') return `bubblewrap runs on Linux only; this is ${process.platform}`;
  const found = findExecutable(bwrap);
  if (found === undefined) return `${bwrap} was not found${bwrap.includes('/') ? '' : ' on PATH'}`;
  // The forwarder inside runs from the system folders, which are all the sandbox sees.
  if (findExecutable('socat', SYSTEM_PATH) === undefined) return `socat was not found in ${SYSTEM_PATH}`;
  if (probed.has(found)) return probed.get(found);
  let problem: string | undefined;
  const probe = spawnSync(found, [...NAMESPACES, '--ro-bind', '/', '/', '--proc', '/proc', '--dev', '/dev', 'true'], {
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (probe.error !== undefined) {
    problem = `${found} could not be started (${(probe.error as NodeJS.ErrnoException).code ?? probe.error.message})`;
  } else if (probe.status !== 0) {
    // Typically user namespaces switched off (kernel.unprivileged_userns_clone=0, an AppArmor policy) or a container
    // without them.
    problem = `${found} cannot make a sandbox here: ${(probe.stderr || `exit ${probe.status ?? probe.signal}`).trim().split('\n')[0]}`;
  }
  probed.set(found, problem);
  return problem;
}

/** Throws SandboxUnavailableError when bwrap cannot run a sandbox here. */
export function requireBubblewrap(bwrap: string = DEFAULT_BWRAP): void {
  const problem = bubblewrapProblem(bwrap);
  if (problem !== undefined) throw new SandboxUnavailableError(problem);
}

/** System folders bound read-only (absent ones are skipped: merged /usr has /bin as a link). */
const SYSTEM_DIRS = ['/usr', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/opt'];
/**
 * What of /etc a process needs (name lookups, TLS roots, users, time zone, the loader cache, Debian's
 * alternatives links); the rest (shadow, the host's other configuration) stays out.
 */
const ETC_ENTRIES = [
  'alternatives',
  'ca-certificates',
  'ca-certificates.conf',
  'ssl',
  'pki',
  'crypto-policies',
  'hosts',
  'host.conf',
  'nsswitch.conf',
  'resolv.conf',
  'passwd',
  'group',
  'localtime',
  'timezone',
  'ld.so.cache',
  'ld.so.conf',
  'ld.so.conf.d',
  'mime.types',
];

export interface SandboxLayout {
  /** Folders the agent may write (the run's project and its temp home), bound at their own paths. */
  writable: readonly string[];
  /** Files and folders the agent needs read-only at their own paths (Claude Code's folder, a CA bundle). */
  readOnly: readonly string[];
  /** The relay's unix socket outside, and where it appears inside. */
  relaySocket: { outside: string; inside: string };
  /** Working directory inside. */
  cwd: string;
}

/** bwrap's arguments for a layout, up to (not including) the command. */
export function bubblewrapArgs(layout: SandboxLayout): string[] {
  const args = [...NAMESPACES, '--hostname', 'sandbox'];
  for (const dir of SYSTEM_DIRS) args.push('--ro-bind-try', dir, dir);
  for (const entry of ETC_ENTRIES) args.push('--ro-bind-try', `/etc/${entry}`, `/etc/${entry}`);
  args.push(
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--tmpfs',
    '/tmp',
    '--tmpfs',
    '/run',
    '--tmpfs',
    '/home',
    '--tmpfs',
    '/root',
  );
  // Binds come after the tmpfs mounts, so a run folder under /tmp is mounted on top of the fresh /tmp.
  for (const path of layout.readOnly) if (existsSync(path)) args.push('--ro-bind', path, path);
  for (const dir of layout.writable) args.push('--bind', dir, dir);
  args.push(
    '--dir',
    dirname(layout.relaySocket.inside),
    '--bind',
    layout.relaySocket.outside,
    layout.relaySocket.inside,
  );
  args.push('--chdir', layout.cwd);
  return args;
}
