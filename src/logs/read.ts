/**
 * Reading execution logs: every `*.jsonl` under a skill's folder (or under every skill's), each line parsed and
 * checked; a bad line is counted and named (file:line), never fatal, so one torn or hand-edited line does not hide the
 * rest. An entry whose timestamp is not a date is kept (a review with --all shows it) but also listed as undated:
 * no --days or --date window can hold it, and a command that filters by date must say it left it out rather than
 * drop it silently. Cost is linear in the files' size.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { jsonLinesOf } from '../parse/json-reader.js';
import { LogEntry } from './schema.js';
import { skillLogDir, type SkillRef } from './paths.js';

export interface ReadEntry {
  entry: LogEntry;
  file: string;
  /** 1-based line in its file. */
  line: number;
}

export interface BadLine {
  file: string;
  line: number;
  reason: string;
}

export interface ReadLogsResult {
  entries: ReadEntry[];
  badLines: BadLine[];
  /** Entries (also in `entries`) whose timestamp does not parse: outside every date window. */
  undated: BadLine[];
  files: string[];
}

/** Characters of a bad timestamp quoted in a message: a hand-edited line may hold anything there. */
const QUOTED_TIMESTAMP = 40;

/** Whether the entry's timestamp names an instant (Date.parse, as every date filter here compares it). */
export const hasDate = (entry: LogEntry): boolean => !Number.isNaN(Date.parse(entry.timestamp));

function undatedReason(timestamp: string): string {
  const shown = timestamp.length > QUOTED_TIMESTAMP ? `${timestamp.slice(0, QUOTED_TIMESTAMP)}...` : timestamp;
  return `timestamp ${JSON.stringify(shown)} is not a date`;
}

const DAY_FILE = /^\d{4}-\d{2}-\d{2}\.jsonl$/;

/** Day files of one skill folder, oldest first; `since` (YYYY-MM-DD) drops older days by file name. */
export function dayFiles(dir: string, since?: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => DAY_FILE.test(name) && (since === undefined || name.slice(0, 10) >= since))
    .sort()
    .map((name) => path.join(dir, name));
}

/** Parse one file's lines. */
export function parseLogFile(
  file: string,
  text: string = readFileSync(file, 'utf8'),
): { entries: ReadEntry[]; badLines: BadLine[]; undated: BadLine[] } {
  const entries: ReadEntry[] = [];
  const badLines: BadLine[] = [];
  const undated: BadLine[] = [];
  for (const parsed of jsonLinesOf(text, LogEntry)) {
    if (!parsed.ok) {
      badLines.push({ file, line: parsed.line, reason: parsed.reason });
      continue;
    }
    entries.push({ entry: parsed.value, file, line: parsed.line });
    if (!hasDate(parsed.value))
      undated.push({ file, line: parsed.line, reason: undatedReason(parsed.value.timestamp) });
  }
  return { entries, badLines, undated };
}

/** Every entry of one skill (`ref`), or of every skill under `root` when no ref is given. */
export function readLogs(root: string, options: { ref?: SkillRef; since?: string } = {}): ReadLogsResult {
  const dirs = options.ref !== undefined ? [skillLogDir(root, options.ref)] : skillDirs(root);
  const result: ReadLogsResult = { entries: [], badLines: [], undated: [], files: [] };
  for (const dir of dirs) {
    for (const file of dayFiles(dir, options.since)) {
      const parsed = parseLogFile(file);
      result.files.push(file);
      result.entries.push(...parsed.entries);
      result.badLines.push(...parsed.badLines);
      result.undated.push(...parsed.undated);
    }
  }
  return result;
}

/** `<root>/<plugin>/<skill>` folders. */
export function skillDirs(root: string): string[] {
  if (!existsSync(root)) return [];
  const dirs: string[] = [];
  for (const plugin of readdirSync(root, { withFileTypes: true })) {
    if (!plugin.isDirectory()) continue;
    for (const skill of readdirSync(path.join(root, plugin.name), { withFileTypes: true })) {
      if (skill.isDirectory()) dirs.push(path.join(root, plugin.name, skill.name));
    }
  }
  return dirs.sort();
}
