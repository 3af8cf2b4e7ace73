/**
 * The suite a run measures: the skill folder, its evals.json, and every eval's input files checked before anything
 * is spent. A missing input file, or one whose path leaves the skill folder, is bad input (exit 2) naming
 * evals.json, the eval and the file: skill-creator's executor would only find out mid-run, after paying for it.
 */
import { existsSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../errors.js';
import { parseSkill } from '../../parse/skill.js';
import { isInside } from '../../parse/fs.js';
import { readJsonAs } from '../json-files.js';
import { compileRegex } from '../grade/programmatic.js';
import { EvalsFileInput, evalNameOf, type EvalCase } from '../schemas/index.js';

export interface EvalSuite {
  /** Absolute skill folder. */
  skillDir: string;
  /** The skill's name as the agent lists it (frontmatter name, else the folder name). */
  skillName: string;
  /** SKILL.md text (for the estimate's token count). */
  skillText: string;
  evalsFile: string;
  evals: EvalCase[];
}

/**
 * What an installed copy of the skill leaves out: the suite that measures it. The agent under test must not find the
 * expectations, expected outputs or trigger labels in its own project: `evals/` (skill-creator's place for them),
 * and the evals file in use wherever inside the skill it is.
 */
export function evalSuitePaths(suite: Pick<EvalSuite, 'skillDir' | 'evalsFile'>): string[] {
  const paths = ['evals'];
  const rel = path.relative(suite.skillDir, suite.evalsFile);
  if (rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel) && !rel.startsWith(`evals${path.sep}`))
    paths.push(rel.split(path.sep).join('/'));
  return paths;
}

/** evals.json's default place inside a skill. */
export const defaultEvalsFile = (skillDir: string): string => path.join(skillDir, 'evals', 'evals.json');

/** `files` entry -> absolute path inside the skill folder, or the reason it is refused. */
export function resolveInputFile(skillDir: string, file: string): { path: string } | { problem: string } {
  if (path.isAbsolute(file)) return { problem: 'is an absolute path (input files are relative to the skill folder)' };
  const resolved = path.resolve(skillDir, file);
  const rel = path.relative(skillDir, resolved);
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return { problem: 'is outside the skill folder' };
  if (!existsSync(resolved)) return { problem: 'does not exist' };
  // The parser's rule for links: one that resolves outside the skill folder is not followed (it is copied into runs).
  if (!isInside(realpathSync(resolved), realpathSync(skillDir)))
    return { problem: 'is a link that leads outside the skill folder' };
  if (!statSync(resolved).isFile()) return { problem: 'is not a file' };
  return { path: resolved };
}

/** Read the skill and its evals, checking every input file. `only` limits the run to these eval ids. */
export async function loadEvalSuite(
  skillPath: string,
  options: { evalsFile?: string; only?: readonly number[] } = {},
): Promise<EvalSuite> {
  const skillDir = path.resolve(skillPath);
  const parsed = await parseSkill(skillDir, { displayPath: skillPath });
  if (!parsed.ok)
    throw new InputError(
      `${skillPath}: not a skill folder (${parsed.diagnostics[0]?.message ?? 'no SKILL.md'})`,
      skillPath,
    );
  const evalsFile = options.evalsFile ?? defaultEvalsFile(skillDir);
  if (!existsSync(evalsFile)) {
    throw new InputError(
      `${evalsFile}: no evals file (write evals/evals.json in the skill, or pass --evals FILE; plugin-eval ` +
        `schema evals shows its format)`,
      evalsFile,
    );
  }
  const file = await readJsonAs(
    evalsFile,
    EvalsFileInput,
    '{"skill_name", "evals": [{"id", "prompt", "files", "expectations"}]}',
  );
  let evals = file.evals;
  if (options.only !== undefined) {
    const unknown = options.only.filter((id) => !evals.some((e) => e.id === id));
    if (unknown.length > 0)
      throw new InputError(
        `${evalsFile}: no eval with id ${unknown.join(', ')} (ids: ${evals.map((e) => e.id).join(', ')})`,
        evalsFile,
      );
    evals = evals.filter((e) => options.only!.includes(e.id));
  }
  for (const e of evals) {
    // A bad regex found at grading time would leave runs ungradable after their cost was paid.
    for (const x of e.expectations)
      if (typeof x !== 'string' && x.type === 'regex') compileRegex(x, `${evalsFile}: eval ${e.id} (${evalNameOf(e)})`);
    for (const f of e.files) {
      const resolved = resolveInputFile(skillDir, f);
      if ('problem' in resolved) {
        throw new InputError(
          `${evalsFile}: eval ${e.id} (${evalNameOf(e)}): input file "${f}" ${resolved.problem} (paths are ` +
            `relative to ${skillPath})`,
          evalsFile,
        );
      }
    }
  }
  return {
    skillDir,
    skillName: parsed.skill.name ?? parsed.skill.dirName,
    skillText: parsed.skill.text,
    evalsFile,
    evals,
  };
}
