/**
 * The file side of `logs aggregate|stats|improve`: read the window of logs (through readLogs), write LEARNINGS.md
 * (pinned section kept) and the improvement queue, atomically. Default places: next to the logs folder, as the
 * reference aggregator does (`~/.claude/skills/LEARNINGS.md` for `~/.claude/skills/logs`).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { InputError } from '../errors.js';
import { writeFileAtomic } from '../util/atomic-write.js';
import { aggregate, windowStart, type Aggregate } from './aggregate.js';
import { improvementQueue, type ImprovementQueue, type QueueItem } from './improve.js';
import { extractPinned, renderLearnings } from './learnings-md.js';
import { dayFiles, readLogs, skillDirs, type BadLine } from './read.js';
import { skillLogDir, type SkillRef } from './paths.js';
import type { LogEntry } from './schema.js';

export const defaultLearningsFile = (root: string): string => path.join(path.dirname(root), 'LEARNINGS.md');
export const defaultQueueFile = (root: string): string => path.join(path.dirname(root), 'improvement-queue.json');

export interface LoadedWindow {
  entries: LogEntry[];
  badLines: BadLine[];
  /** Entries read whose timestamp is not a date: every --days window leaves them out, and the commands say so. */
  undated: BadLine[];
  files: number;
}

/**
 * Entries of the last `days` days. Files are picked by their day name (one day of slack: a file is named by the
 * UTC end date, so the first day's file can hold executions inside the window); entries are then filtered by time.
 * Throws InputError when the folder holds no log file at all: nothing was ever logged there.
 */
export function loadWindow(root: string, options: { now: Date; days: number; ref?: SkillRef }): LoadedWindow {
  const since = windowStart(new Date(options.now.getTime() - 86_400_000), options.days).slice(0, 10);
  const read = readLogs(root, { since, ...(options.ref ? { ref: options.ref } : {}) });
  // Whether anything was ever logged, by file names alone (not by reading every old file).
  const everLogged = (options.ref ? [skillLogDir(root, options.ref)] : skillDirs(root)).some(
    (dir) => dayFiles(dir).length > 0,
  );
  if (read.files.length === 0 && !everLogged) {
    throw new InputError(
      `no execution logs in ${root}${options.ref ? ` for ${options.ref.ref}` : ''}: install the logging hooks ` +
        `with \`plugin-eval hooks install\`, use the skills, then run this again (or point --logs-dir / ` +
        `CLAUDE_HOME at the logs)`,
      root,
    );
  }
  return {
    entries: read.entries.map((r) => r.entry),
    badLines: read.badLines,
    undated: read.undated,
    files: read.files.length,
  };
}

export interface LearningsWrite {
  file: string;
  aggregate: Aggregate;
  queue: QueueItem[];
  pinnedKept: boolean;
}

export async function writeLearnings(
  entries: readonly LogEntry[],
  options: { now: Date; days: number; file: string },
): Promise<LearningsWrite> {
  const result = aggregate(entries, options);
  const queue = improvementQueue(result.skills);
  let pinned: string | undefined;
  if (existsSync(options.file)) {
    try {
      pinned = extractPinned(await readFile(options.file, 'utf8'));
    } catch (error) {
      throw new InputError(`cannot read ${options.file}: ${(error as Error).message}`, options.file, error);
    }
  }
  await writeFileAtomic(options.file, renderLearnings(result, { now: options.now, days: options.days, pinned, queue }));
  return { file: options.file, aggregate: result, queue, pinnedKept: pinned !== undefined };
}

/** What `logs aggregate --output json` prints: counts of what LEARNINGS.md was written from, not its content. */
export const LearningsSummary = z
  .strictObject({
    kind: z.literal('learnings'),
    file: z.string().describe('LEARNINGS.md written'),
    skills: z.number().int().describe('Skills analysed (with at least one execution in the period)'),
    executions: z.number().int().describe('Executions in the period, synthetic sessions left out'),
    syntheticExcluded: z.number().int().describe('Executions of test-, dogfood- and fixture- sessions, left out'),
    badLines: z.number().int().describe('Unreadable log lines skipped (the first few are named on stderr)'),
    undatedLines: z.number().int().describe('Executions read whose timestamp is not a date: no period holds them'),
    pinnedKept: z.boolean().describe('Whether the file had a Pinned Learnings section, kept verbatim'),
    issues: z.number().int().describe('High-impact issues found, over every skill'),
    queue: z.number().int().describe('Items of the improvement queue written into the file'),
  })
  .meta({
    id: 'LogsLearningsSummary',
    title: 'plugin-eval logs aggregate --output json',
    description: 'What LEARNINGS.md was written from',
  });
export type LearningsSummary = z.infer<typeof LearningsSummary>;

export function learningsSummary(
  written: LearningsWrite,
  window: Pick<LoadedWindow, 'badLines' | 'undated'>,
): LearningsSummary {
  const a = written.aggregate;
  return {
    kind: 'learnings',
    file: written.file,
    skills: a.skills.length,
    executions: a.executions,
    syntheticExcluded: a.syntheticExcluded,
    badLines: window.badLines.length,
    undatedLines: window.undated.length,
    pinnedKept: written.pinnedKept,
    issues: a.skills.reduce((n, s) => n + s.issues.length, 0),
    queue: written.queue.length,
  };
}

export function queueDocument(entries: readonly LogEntry[], options: { now: Date; days: number }): ImprovementQueue {
  const result = aggregate(entries, options);
  return {
    kind: 'improvement-queue',
    generatedAt: options.now.toISOString(),
    periodDays: options.days,
    executions: result.executions,
    syntheticExcluded: result.syntheticExcluded,
    items: improvementQueue(result.skills),
  };
}

export async function writeQueue(queue: ImprovementQueue, file: string): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(queue, null, 2)}\n`);
}

export function renderQueueText(queue: ImprovementQueue): string {
  const lines = [
    `Improvement queue (last ${queue.periodDays} days, ${queue.executions} ` +
      `executions${queue.syntheticExcluded > 0 ? `, ${queue.syntheticExcluded} synthetic excluded` : ''})`,
  ];
  lines.push('priority = frequency (1-5) x impact (1-3) / ease (1-3): > 5 implement, 2-5 discuss, < 2 defer', '');
  if (queue.items.length === 0) lines.push('Nothing to improve: no issue rule fired and no friction was reported.');
  for (const band of ['implement', 'discuss', 'defer'] as const) {
    const items = queue.items.filter((i) => i.band === band);
    if (items.length === 0) continue;
    lines.push(`${band.toUpperCase()} (${items.length})`);
    for (const i of items)
      lines.push(
        `  ${i.priority.toFixed(2).padStart(5)}  ${i.skill}  ${i.title}  [F${i.frequency} I${i.impact} E${i.ease}]`,
      );
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/**
 * Every entry of one skill, or of all skills (no period). Throws InputError, as loadWindow, when nothing was logged.
 */
export function loadAllLogs(root: string, ref?: SkillRef): LoadedWindow {
  const read = readLogs(root, ref ? { ref } : {});
  if (read.files.length === 0) {
    throw new InputError(
      `no execution logs in ${root}${ref ? ` for ${ref.ref}` : ''}: install the logging hooks with ` +
        `\`plugin-eval hooks install\`, use the skills, then run this again (or point --logs-dir / CLAUDE_HOME at ` +
        `the logs)`,
      root,
    );
  }
  return {
    entries: read.entries.map((r) => r.entry),
    badLines: read.badLines,
    undated: read.undated,
    files: read.files.length,
  };
}
