/**
 * What `evals compare` reads of each side: a run folder (or its outputs/ folder) -> the output files as text (what
 * the blind comparator sees), the transcript and the skill (what only the un-blinded analyzer sees), the grading
 * (expectation results) and the task prompt from eval_metadata.json.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError, PluginEvalError } from '../../errors.js';
import { decodePrefix, readBoundedSync } from '../../util/bounded-read.js';
import { readJsonAs } from '../json-files.js';
import { EvalMetadata, GradingInput, RunRecord } from '../schemas/index.js';
import type { GradedExpectation } from '../schemas/index.js';
import { CUT_SHORT_DETAIL, EVAL_METADATA_FILE, RUN_FILES, writtenByEvalsRun } from '../workspace.js';

/** Each text given to a model is cut to this many characters (the cut is said in the text). */
export const MATERIAL_LIMIT = 40_000;

export interface CompareSide {
  /** The folder given on the command line. */
  given: string;
  runDir: string;
  outputsDir: string;
  /** The outputs as one text: each file under a heading; binaries by name and size. */
  outputs: string;
  /** Files in outputs/ (metrics.json excluded: it describes the run, it is not output). */
  files: string[];
  transcript: string | undefined;
  expectations: GradedExpectation[] | undefined;
  /** The skill the run used, from run.json (the analyzer reads its SKILL.md). */
  skillPath: string | undefined;
}

export function cut(text: string, limit = MATERIAL_LIMIT): string {
  return text.length <= limit
    ? text
    : `${text.slice(0, limit)}\n[... ${text.length - limit} more characters not shown ...]`;
}

function listFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => {
      const rel = path.join(prefix, e.name);
      if (e.isDirectory()) return listFiles(path.join(dir, e.name), rel);
      return e.isFile() && rel !== 'metrics.json' ? [rel] : [];
    });
}

/**
 * A file's text as a model is shown it: its first `limit` characters, read no further than they need (an output
 * can be any size), with what was left out said. Undefined for a binary file (a NUL byte in the first 8 KB).
 */
function textStart(file: string, limit: number): { text: string | undefined; bytes: number } {
  const read = readBoundedSync(file, limit * 3);
  if (read.bytes.subarray(0, 8192).includes(0)) return { text: undefined, bytes: read.size };
  const text = decodePrefix(read.bytes, read.partial);
  if (!read.partial) return { text: cut(text, limit), bytes: read.size };
  const shown = text.slice(0, limit);
  return { text: `${shown}\n[... ${read.size - Buffer.byteLength(shown)} more bytes not shown ...]`, bytes: read.size };
}

function outputsText(outputsDir: string, files: string[]): string {
  if (files.length === 0) return '(no output files)';
  const parts = files.map((rel) => {
    const { text, bytes } = textStart(path.join(outputsDir, rel), 20_000);
    return text === undefined ? `## ${rel}\n(binary file, ${bytes} bytes)` : `## ${rel}\n${text}`;
  });
  return cut(parts.join('\n\n'));
}

const isDir = (p: string): boolean => existsSync(p) && statSync(p).isDirectory();

/** A run folder, or the outputs/ folder of one. */
export async function readCompareSide(given: string): Promise<CompareSide> {
  if (!isDir(given))
    throw new InputError(`${given}: no such folder (give a run folder, or its outputs/ folder)`, given);
  const runDir =
    path.basename(path.resolve(given)) === RUN_FILES.outputs ? path.dirname(path.resolve(given)) : path.resolve(given);
  const recordFile = path.join(runDir, RUN_FILES.record);
  const record = existsSync(recordFile) ? await readJsonAs(recordFile, RunRecord) : undefined;
  // A run that measured nothing is not an input mistake to fix by pointing elsewhere, and must never be judged as if
  // its (missing or partial) output were the skill's: could not measure, saying why.
  if (record?.status === 'infra') {
    const e = record.infra_error;
    throw new PluginEvalError(
      'NOT_MEASURED',
      `${given}: the run ended in an infrastructure error ` +
        `(${e ? `${e.kind}: ${e.message}` : 'no detail recorded'}), so it has no output to compare; make it again ` +
        `(evals run --resume), then compare; nothing was written`,
    );
  }
  if (record === undefined && writtenByEvalsRun(path.dirname(path.dirname(path.dirname(runDir))))) {
    throw new PluginEvalError('NOT_MEASURED', `${given}: ${CUT_SHORT_DETAIL}, then compare; nothing was written`);
  }
  const outputsDir = path.join(runDir, RUN_FILES.outputs);
  if (!isDir(outputsDir))
    throw new InputError(`${given}: no outputs/ folder (give a run folder, or its outputs/ folder)`, given);
  const files = listFiles(outputsDir);
  const transcriptFile = path.join(runDir, RUN_FILES.transcript);
  const gradingFile = path.join(runDir, RUN_FILES.grading);
  return {
    given,
    runDir,
    outputsDir,
    outputs: outputsText(outputsDir, files),
    files,
    transcript: existsSync(transcriptFile)
      ? (textStart(transcriptFile, 2 * MATERIAL_LIMIT).text ?? '(binary transcript)')
      : undefined,
    expectations: existsSync(gradingFile) ? (await readJsonAs(gradingFile, GradingInput)).expectations : undefined,
    skillPath: record?.skill_path,
  };
}

/** The task: eval_metadata.json in the run folder, its configuration folder or its eval folder. */
export async function taskPromptOf(side: CompareSide): Promise<string | undefined> {
  for (const dir of [side.runDir, path.dirname(side.runDir), path.dirname(path.dirname(side.runDir))]) {
    const file = path.join(dir, EVAL_METADATA_FILE);
    if (existsSync(file)) return (await readJsonAs(file, EvalMetadata)).prompt;
  }
  return undefined;
}

/** SKILL.md of a skill folder (or the file itself); a missing one is bad input when `flag` named it, else undefined. */
export function readSkillText(skill: string | undefined, flag?: string): { path: string; text: string } | undefined {
  if (skill === undefined) return undefined;
  const file = isDir(skill) ? path.join(skill, 'SKILL.md') : skill;
  if (!existsSync(file)) {
    if (flag !== undefined) throw new InputError(`${flag} ${skill}: no SKILL.md there`, skill);
    return undefined;
  }
  return { path: skill, text: readFileSync(file, 'utf8') };
}
