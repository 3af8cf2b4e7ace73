/**
 * Reading a folder of tasks in the SkillsBench layout: `<task>/skills/<skill>/SKILL.md ...` beside an `uplift.tsv`
 * whose rows name each task and its measured outcome. The folder comes from strangers: a symlink is followed only
 * when it resolves inside the folder, the outcome file is read up to a bound and only when it is a regular file, and
 * every problem names the file, line and column it is about.
 */
import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { readNumber } from '../config/numbers.js';
import { InputError } from '../errors.js';
import { describeFsError, isInside } from '../parse/fs.js';
import { SKILL_FILE_NAMES } from '../parse/skill.js';
import { decodePrefix, readBoundedSync } from '../util/bounded-read.js';

/** The outcome file every task folder holds, and the columns a row needs. */
export const OUTCOME_FILE = 'uplift.tsv';
export const TASK_COLUMN = 'task';
export const DEFAULT_OUTCOME_COLUMN = 'uplift_pp';

/** More than any table of tasks needs; a bigger file is not read. */
const MAX_OUTCOME_BYTES = 16 * 1024 * 1024;

export interface LayoutTask {
  name: string;
  /** The task's skill folders (absolute), in name order. */
  skills: string[];
}

/** Something under the folder that was not used, and why. */
export interface Excluded {
  /** The task it belongs to, when there is one. */
  task?: string;
  /** Relative to the folder. */
  path: string;
  reason: string;
}

export interface TaskFolder {
  root: string;
  tasks: LayoutTask[];
  excluded: Excluded[];
}

/**
 * The entry's real path when it is a folder (or a symlink to one) inside `rootReal`; otherwise the reason it is not
 * followed. A plain file is `undefined` with no reason: the layout simply has no use for it.
 */
function folderWithin(full: string, rootReal: string): { dir: string } | { reason: string } | undefined {
  let stat;
  try {
    stat = lstatSync(full);
  } catch (error) {
    return { reason: describeFsError(error) };
  }
  if (stat.isDirectory()) return { dir: full };
  if (!stat.isSymbolicLink()) return undefined;
  let real: string;
  try {
    real = realpathSync(full);
  } catch (error) {
    return { reason: `symlink cannot be resolved: ${describeFsError(error)}` };
  }
  if (!isInside(real, rootReal)) return { reason: 'symlink points outside the task folder; not followed' };
  try {
    return lstatSync(real).isDirectory() ? { dir: real } : undefined;
  } catch (error) {
    return { reason: describeFsError(error) };
  }
}

function hasSkillFile(dir: string): boolean {
  try {
    const names = readdirSync(dir);
    return SKILL_FILE_NAMES.some((n) => names.includes(n));
  } catch {
    return false;
  }
}

function entriesOf(dir: string): string[] {
  try {
    return readdirSync(dir).sort();
  } catch (error) {
    throw new InputError(`${dir}: cannot list the folder: ${describeFsError(error)}`, dir);
  }
}

/** The tasks under `root`: every folder that has a `skills` folder; the rest are listed as excluded. */
export function readTaskFolder(root: string): TaskFolder {
  let rootReal: string;
  try {
    if (!lstatSync(root).isDirectory() && !lstatSync(realpathSync(root)).isDirectory())
      throw new InputError(`${root}: not a folder (validity reads a folder of tasks: <task>/skills/<skill>/)`, root);
    rootReal = realpathSync(root);
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`${root}: ${describeFsError(error)}`, root);
  }
  const tasks: LayoutTask[] = [];
  const excluded: Excluded[] = [];
  for (const name of entriesOf(rootReal)) {
    if (name.startsWith('.')) continue;
    const task = folderWithin(path.join(rootReal, name), rootReal);
    if (task === undefined) continue;
    if ('reason' in task) {
      excluded.push({ task: name, path: name, reason: task.reason });
      continue;
    }
    const skillsPath = path.join(name, 'skills');
    const skillsDir = folderWithin(path.join(task.dir, 'skills'), rootReal);
    // A folder of plain skills (`<skill>/SKILL.md`, as people keep their own) is a task of one skill each.
    if (skillsDir === undefined && hasSkillFile(task.dir)) {
      tasks.push({ name, skills: [task.dir] });
      continue;
    }
    if (skillsDir === undefined || 'reason' in skillsDir) {
      excluded.push({
        task: name,
        path: skillsPath,
        reason: skillsDir === undefined ? 'the task has no skills/ folder' : skillsDir.reason,
      });
      continue;
    }
    const skills: string[] = [];
    for (const skillName of entriesOf(skillsDir.dir)) {
      if (skillName.startsWith('.')) continue;
      const skill = folderWithin(path.join(skillsDir.dir, skillName), rootReal);
      if (skill === undefined) continue;
      const skillPath = path.join(skillsPath, skillName);
      if ('reason' in skill) excluded.push({ task: name, path: skillPath, reason: skill.reason });
      else if (!hasSkillFile(skill.dir)) excluded.push({ task: name, path: skillPath, reason: 'no SKILL.md in it' });
      else skills.push(skill.dir);
    }
    if (skills.length === 0) excluded.push({ task: name, path: skillsPath, reason: 'the task has no skill folders' });
    else tasks.push({ name, skills });
  }
  return { root: rootReal, tasks, excluded };
}

export interface OutcomeTable {
  /** The file, relative to the folder given (for messages). */
  file: string;
  column: string;
  /** Outcome by task name. */
  values: Map<string, number>;
  /** The outcome columns a user could pick with --outcome (every column but the task's). */
  columns: string[];
}

/** The outcome file's text: a regular file (or a symlink to one inside the folder), read up to a bound. */
function outcomeText(root: string, shown: string): string {
  const file = path.join(root, OUTCOME_FILE);
  let real: string;
  try {
    real = realpathSync(file);
  } catch (error) {
    throw new InputError(
      `${shown}: ${describeFsError(error)} (a task folder holds ${OUTCOME_FILE} with a "${TASK_COLUMN}" column and ` +
        `an outcome column, "${DEFAULT_OUTCOME_COLUMN}" by default)`,
      shown,
    );
  }
  if (!isInside(real, root)) throw new InputError(`${shown}: symlink points outside the task folder; not read`, shown);
  let read;
  try {
    read = readBoundedSync(real, MAX_OUTCOME_BYTES);
  } catch (error) {
    throw new InputError(`${shown}: ${error instanceof Error ? error.message : String(error)}`, shown);
  }
  if (read.partial)
    throw new InputError(`${shown}: larger than ${MAX_OUTCOME_BYTES / 1024 / 1024} MiB; not read`, shown);
  return decodePrefix(read.bytes, false);
}

/** The outcome column of `uplift.tsv`, by task; a cell that is not a plain decimal is an error naming its line. */
export function readOutcomes(root: string, column: string, shownRoot: string): OutcomeTable {
  const shown = path.join(shownRoot, OUTCOME_FILE);
  const lines = outcomeText(root, shown).split('\n');
  const header = (lines[0] ?? '').replace(/\r$/, '').split('\t');
  const taskAt = header.indexOf(TASK_COLUMN);
  const columns = header.filter((h) => h !== TASK_COLUMN && h !== '');
  if (taskAt < 0) throw new InputError(`${shown}:1: the header has no "${TASK_COLUMN}" column`, shown);
  const valueAt = header.indexOf(column);
  if (valueAt < 0) {
    const offered = columns.slice(0, 12).join(', ') + (columns.length > 12 ? `, ... (${columns.length} in all)` : '');
    throw new InputError(`${shown}:1: no column "${column}"; the columns are ${offered}`, shown);
  }
  const values = new Map<string, number>();
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!.replace(/\r$/, '');
    if (line.trim() === '') continue;
    const cells = line.split('\t');
    const task = cells[taskAt] ?? '';
    const raw = cells[valueAt];
    const where = `${shown}:${i + 1}`;
    if (task === '') throw new InputError(`${where}: the row has no task name`, shown);
    if (values.has(task)) throw new InputError(`${where}: task ${JSON.stringify(task)} has a second row`, shown);
    const value = readNumber(raw ?? '');
    if (value === undefined) {
      const quoted = raw === undefined ? 'missing' : JSON.stringify(raw.length > 40 ? `${raw.slice(0, 40)}...` : raw);
      throw new InputError(`${where}: "${column}" of task ${JSON.stringify(task)} is ${quoted}, not a number`, shown);
    }
    values.set(task, value === 0 ? 0 : value); // "-0.00" is no outcome below zero
  }
  return { file: shown, column, values, columns };
}
