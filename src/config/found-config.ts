/**
 * A config file found from the working folder was not named by the user, and the working folder is often a
 * repository being scored: a stranger's. Such a file may decide how a run measures; it may not decide where the
 * user's credentials or the run's data go, nor what runs or what a worker accepts. A file named with `--config`
 * (or the library's `config` path) is the user's own choice and may set everything.
 */
import type { SettingSpec } from './settings.js';

/**
 * What a found config file may not set, per setting (the settings table's `foundConfig` column):
 * `endpoint`: a URL that receives credentials or the run's data, allowed only on this machine's loopback;
 * `program`: a program to run, allowed only as a name that picks no file (`bundled`, `auto`);
 * `authority`: what a worker's jobs may name or read, never.
 */
export type FoundConfigLimit = 'endpoint' | 'program' | 'authority';

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]', '::1']);

function isLoopbackUrl(value: string): boolean {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase();
  } catch {
    return false;
  }
  return LOOPBACK_HOSTS.has(host) || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host);
}

/** Why a found config file may not set this value, or undefined when it may. */
export function foundConfigRefusal(spec: SettingSpec, value: unknown): string | undefined {
  switch (spec.foundConfig?.limit) {
    case undefined:
      return undefined;
    case 'endpoint':
      return typeof value === 'string' && isLoopbackUrl(value) ? undefined : spec.foundConfig.why;
    case 'program':
      return value === 'bundled' || value === 'auto' ? undefined : spec.foundConfig.why;
    case 'authority':
      return spec.foundConfig.why;
  }
}
