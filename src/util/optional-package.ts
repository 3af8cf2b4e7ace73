/**
 * The heavy packages (LLM SDKs, the SQLite client) load only when a run needs them, through a dynamic import.
 * When one is missing, Node's error names a file inside dist/ and prints a stack; this turns it into a message
 * that says which package to install.
 */
import { MissingPackageError } from '../errors.js';

/** Packages loaded lazily; a missing one of these is a setup problem the user can fix with `npm i`. */
export const LAZY_PACKAGES = [
  '@anthropic-ai/sdk',
  '@anthropic-ai/claude-agent-sdk',
  'openai',
  '@libsql/client',
  'bullmq',
  'ioredis',
] as const;

/** How to install a package where `npm i <name>` is not the whole story. */
const INSTALL_COMMANDS: Readonly<Partial<Record<string, string>>> = {
  // Its platform binary is ~390 MB; a user with Claude Code installed can do without it.
  '@anthropic-ai/claude-agent-sdk':
    '`npm i @anthropic-ai/claude-agent-sdk` (it brings its own Claude Code), or, to run a `claude` you have ' +
    'installed (on PATH or --claude-path), `npm i --omit=optional @anthropic-ai/claude-agent-sdk`',
};

/** The package a failed import could not find, when the failure is "package not installed". */
export function missingPackageOf(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  if (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'MODULE_NOT_FOUND') return undefined;
  // Node: "Cannot find package 'openai' imported from /x/dist/bin/chunk.js"; CommonJS: "Cannot find module 'openai'".
  const named = /Cannot find (?:package|module) '([^']+)'/.exec(error.message)?.[1];
  if (named === undefined) return undefined;
  return LAZY_PACKAGES.find((name) => named === name || named.startsWith(`${name}/`));
}

/** The Agent SDK's error when it was installed without its platform binary and was given no other executable. */
export function isMissingClaudeBinary(error: unknown): boolean {
  return error instanceof Error && /^Native CLI binary for \S+ not found\b/.test(error.message);
}

/**
 * Run a dynamic import; if it fails because one of LAZY_PACKAGES is not installed, throw MissingPackageError
 * naming it. `neededFor` completes "... needs the package X", e.g. "the judge layer (--depth standard)".
 */
export async function importLazily<T>(load: () => Promise<T>, neededFor: string): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = missingPackageOf(error);
    if (missing !== undefined) throw new MissingPackageError(missing, neededFor, error, INSTALL_COMMANDS[missing]);
    throw error;
  }
}
