/**
 * Where skill execution logs live: `<root>/<plugin>/<skill>/YYYY-MM-DD.jsonl` (UTC date of the execution's end), with
 * root = `--logs-dir`, else `$CLAUDE_HOME/skills/logs`, else `~/.claude/skills/logs`. Kept free of heavy imports:
 * the hook entry point uses it on every skill call.
 */
import { homedir } from 'node:os';
import path from 'node:path';
import { isoTimestamp } from '../util/iso-time.js';
import { SKILL_PART } from './names.js';

export function logsRoot(options: { logsDir?: string; env?: NodeJS.ProcessEnv } = {}): string {
  if (options.logsDir !== undefined && options.logsDir !== '') return path.resolve(options.logsDir);
  const claudeHome = (options.env ?? process.env).CLAUDE_HOME;
  return claudeHome !== undefined && claudeHome !== ''
    ? path.join(claudeHome, 'skills', 'logs')
    : path.join(homedir(), '.claude', 'skills', 'logs');
}

export interface SkillRef {
  /** `plugin:skill`, as logged. */
  ref: string;
  plugin: string;
  skill: string;
}

/**
 * A skill reference as the agent's Skill tool names it: `plugin:skill`, or a bare `skill` (plugin "unknown", as the
 * reference logs it). Undefined when a part is not a safe folder name (it could climb out of the logs folder).
 */
export function parseSkillRef(raw: string): SkillRef | undefined {
  const [plugin, skill, extra] = raw.includes(':') ? raw.split(':') : ['unknown', raw];
  if (extra !== undefined || plugin === undefined || skill === undefined) return undefined;
  if (!SKILL_PART.test(plugin) || !SKILL_PART.test(skill)) return undefined;
  return { ref: raw.includes(':') ? raw : `unknown:${raw}`, plugin, skill };
}

export const skillLogDir = (root: string, ref: SkillRef): string => path.join(root, ref.plugin, ref.skill);

/** The day's file for an execution that ended at `end`. */
export const logFileFor = (root: string, ref: SkillRef, end: Date): string =>
  path.join(skillLogDir(root, ref), `${isoTimestamp(end).slice(0, 10)}.jsonl`);
