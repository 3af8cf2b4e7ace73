/**
 * Which iteration a run writes, what it measures, and whether a resume may continue it. The configurations are
 * `with_skill` (the candidate installed) and a baseline: `without_skill` (nothing installed) or `old_skill` (a
 * snapshot of an earlier version, copied into the iteration first so later edits of the original do not change
 * what was measured). The plan (evals_run.json) is written before the first run; `--resume` compares the request
 * with it and refuses, saying what differs, rather than mixing two requests' measurements in one iteration.
 */
import { existsSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { cp } from 'node:fs/promises';
import path from 'node:path';
import { InputError, UsageError } from '../../errors.js';
import { SKILL_FILE_NAMES } from '../../parse/skill.js';
import { sha256OfFileSync } from '../../util/bounded-read.js';
import { sha256Hex } from '../../util/hash.js';
import type { EvalSuite } from './eval-suite.js';
import { readJsonAs } from '../json-files.js';
import { evalNameOf, IterationPlan, type EvalCase, type IterationConfiguration } from '../schemas/index.js';
import { iterationDir, iterationPlanFile, latestIteration, nextIteration, skillSnapshotDir } from '../workspace.js';

export type Baseline = { kind: 'without_skill' } | { kind: 'old_skill'; path: string };

/** `without_skill`, or `old_skill=PATH`. */
export function parseBaseline(spec: string): Baseline {
  if (spec === 'without_skill') return { kind: 'without_skill' };
  const match = /^old_skill=(.+)$/.exec(spec);
  if (match) return { kind: 'old_skill', path: match[1]! };
  throw new UsageError(`--baseline ${spec}: use without_skill or old_skill=PATH`);
}

/** Hash of every file under `dir` (relative path and bytes), in path order; `exclude`: relative paths left out. */
export function folderHash(dir: string, exclude: readonly string[] = []): string {
  const parts: string[] = [];
  const skipped = new Set(exclude.map((p) => path.normalize(p)));
  const walk = (rel: string): void => {
    const abs = path.join(dir, rel);
    for (const entry of readdirSync(abs, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const child = path.join(rel, entry.name);
      if (skipped.has(child)) continue;
      if (entry.isDirectory()) walk(child);
      else if (statSync(path.join(dir, child)).isFile())
        parts.push(`${child}\u0000${sha256OfFileSync(path.join(dir, child), true)}`);
    }
  };
  walk('');
  return sha256Hex(parts.join('\n')).slice(0, 32);
}

/**
 * The candidate's hash as a resume compares it: the skill folder without the evals file. That file's parts the
 * agent sees (each eval's prompt and input file list) are compared per eval (`input_hash`); the rest (expectations,
 * expected outputs) only matter to grading, and the agent never sees the file (it is left out of the install). The
 * rest of evals/ stays in the hash: input files usually live there, and the agent does see them.
 */
export function skillContentHash(suite: Pick<EvalSuite, 'skillDir' | 'evalsFile'>): string {
  const rel = path.relative(suite.skillDir, suite.evalsFile);
  const inside = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  return folderHash(suite.skillDir, inside ? [rel] : []);
}

/** What one eval gives the agent: its prompt and input files (expectations only matter to grading). */
export const evalInputHash = (e: EvalCase): string =>
  sha256Hex(JSON.stringify({ prompt: e.prompt, files: e.files })).slice(0, 32);

export interface RunRequestSettings {
  runs: number;
  runner: string;
  model: string;
  allowedTools: readonly string[];
  maxTurns: number;
  timeoutMs: number;
}

export interface PickedIteration {
  number: number;
  dir: string;
  /** A resume of an existing iteration (its plan was read and matches the request). */
  resumed: boolean;
}

/** `p` with symlinks resolved, for a path that may not exist yet (its nearest existing folder is resolved). */
function realPathOf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    const parent = path.dirname(p);
    return parent === p ? p : path.join(realPathOf(parent), path.basename(p));
  }
}

/**
 * A skill is installed by copying its whole folder into the agent's project. A workspace inside it (or inside the
 * old_skill folder) would hand the agent every earlier run's outputs, transcripts and grades, and change the
 * skill's hash with every run (so no --resume): refused before anything is written or spent.
 */
export function refuseWorkspaceInsideSkill(workspace: string, skillDir: string, baseline: Baseline): void {
  const folders: [string, string][] = [
    ['the skill folder', skillDir],
    ...(baseline.kind === 'old_skill' ? [['the old_skill folder', baseline.path] as [string, string]] : []),
  ];
  const ws = realPathOf(path.resolve(workspace));
  for (const [what, dir] of folders) {
    const rel = path.relative(realPathOf(path.resolve(dir)), ws);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) {
      throw new UsageError(
        `--workspace ${workspace} is inside ${what} ${dir}: the folder is copied whole into the agent's ` +
          `project, so the agent would see earlier runs' outputs and grades; use a folder outside it (the default ` +
          `is ${path.resolve(dir).replace(/[\\/]+$/, '')}-workspace beside it)`,
      );
    }
  }
}

/**
 * `--resume` continues the latest iteration (or `--iteration N`); otherwise a new one (or `--iteration N`, which must
 * not exist yet).
 */
export function pickIteration(workspace: string, options: { resume: boolean; iteration?: number }): PickedIteration {
  if (options.resume) {
    const n = options.iteration ?? latestIteration(workspace);
    if (n === undefined || !existsSync(iterationPlanFile(iterationDir(workspace, n)))) {
      throw new UsageError(
        `--resume: ${n === undefined ? `no iteration in ${workspace}` : `${iterationDir(workspace, n)} was not written by evals run (no evals_run.json)`} ` +
          `to continue`,
      );
    }
    return { number: n, dir: iterationDir(workspace, n), resumed: true };
  }
  const n = options.iteration ?? nextIteration(workspace);
  const dir = iterationDir(workspace, n);
  if (existsSync(dir))
    throw new UsageError(
      `${dir} exists already: continue it with ` +
        `--resume${options.iteration !== undefined ? ` --iteration ${n}` : ''}, or pick another --iteration`,
    );
  return { number: n, dir, resumed: false };
}

/** The configurations as the request asks for them (old_skill's snapshot path inside the iteration, not yet copied). */
export function requestedConfigurations(
  suite: EvalSuite,
  baseline: Baseline,
  iteration: string,
): IterationConfiguration[] {
  const withSkill: IterationConfiguration = {
    name: 'with_skill',
    install: 'skill',
    skill_path: suite.skillDir,
    content_hash: skillContentHash(suite),
  };
  if (baseline.kind === 'without_skill') return [withSkill, { name: 'without_skill', install: 'none' }];
  const source = path.resolve(baseline.path);
  if (!SKILL_FILE_NAMES.some((name) => existsSync(path.join(source, name))))
    throw new InputError(`--baseline old_skill=${baseline.path}: not a skill folder (no SKILL.md)`, baseline.path);
  if (source === suite.skillDir)
    throw new UsageError(
      `--baseline old_skill=${baseline.path} is the skill under test itself; give a copy of the earlier version`,
    );
  return [
    withSkill,
    {
      name: 'old_skill',
      install: 'skill',
      skill_path: skillSnapshotDir(iteration),
      snapshot_of: source,
      content_hash: folderHash(source),
    },
  ];
}

export function planOf(
  suite: EvalSuite,
  configurations: IterationConfiguration[],
  settings: RunRequestSettings,
  now: Date,
): IterationPlan {
  return {
    kind: 'evals-run',
    skill_name: suite.skillName,
    skill_path: suite.skillDir,
    evals_file: suite.evalsFile,
    evals: suite.evals.map((e) => ({ eval_id: e.id, eval_name: evalNameOf(e), input_hash: evalInputHash(e) })),
    configurations,
    runs_per_configuration: settings.runs,
    runner: settings.runner,
    model: settings.model,
    allowed_tools: [...settings.allowedTools],
    max_turns: settings.maxTurns,
    timeout_ms: settings.timeoutMs,
    created_at: now.toISOString(),
  };
}

/**
 * What differs between a saved iteration's plan and the request, one phrase each (empty: the same).
 * `earlierHash`: the candidate's hash in the form iterations used before the evals file was left out of it (the
 * whole folder), so an iteration started then still resumes when nothing else changed.
 */
export function planDifferences(
  saved: IterationPlan,
  requested: IterationPlan,
  earlierHash?: (configuration: string) => string | undefined,
): string[] {
  const out: string[] = [];
  const ids = (p: IterationPlan): string => p.evals.map((e) => e.eval_id).join(', ');
  if (ids(saved) !== ids(requested)) out.push(`evals: the iteration has ${ids(saved)}, the request ${ids(requested)}`);
  for (const e of requested.evals) {
    const before = saved.evals.find((s) => s.eval_id === e.eval_id);
    if (before !== undefined && before.input_hash !== e.input_hash)
      out.push(`eval ${e.eval_id}: its prompt or input files changed`);
  }
  const names = (p: IterationPlan): string => p.configurations.map((c) => c.name).join(', ');
  if (names(saved) !== names(requested))
    out.push(`configurations: the iteration has ${names(saved)}, the request ${names(requested)}`);
  for (const c of requested.configurations) {
    const before = saved.configurations.find((s) => s.name === c.name);
    if (before === undefined) continue;
    if (c.snapshot_of !== undefined && before.snapshot_of !== c.snapshot_of)
      out.push(`${c.name}: the iteration snapshotted ${before.snapshot_of}, the request names ${c.snapshot_of}`);
    // old_skill runs from its snapshot, so only the candidate's own edits matter here.
    else if (
      c.snapshot_of === undefined &&
      before.content_hash !== c.content_hash &&
      before.content_hash !== earlierHash?.(c.name)
    ) {
      out.push(
        `${c.name}: the skill's files changed since the iteration started (its evals file aside, which only ` +
          `grading reads)`,
      );
    }
  }
  for (const [key, label] of [
    ['runs_per_configuration', 'runs'],
    ['model', 'agent model'],
    ['runner', 'runner'],
    ['max_turns', 'max turns'],
  ] as const) {
    if (saved[key] !== requested[key])
      out.push(`${label}: the iteration has ${String(saved[key])}, the request ${String(requested[key])}`);
  }
  if (saved.allowed_tools.join(',') !== requested.allowed_tools.join(','))
    out.push(
      `tools: the iteration has ${saved.allowed_tools.join(',')}, the request ${requested.allowed_tools.join(',')}`,
    );
  return out;
}

/** On resume: the saved plan, after checking the request matches it. Otherwise: copy old_skill's snapshot. */
export async function settlePlan(picked: PickedIteration, requested: IterationPlan): Promise<IterationPlan> {
  const file = iterationPlanFile(picked.dir);
  if (picked.resumed) {
    const saved = await readJsonAs(file, IterationPlan);
    // Only read again when the current form differs: the whole folder, as hashed before the evals file was left out.
    const earlierHash = (name: string): string | undefined => {
      const c = requested.configurations.find((x) => x.name === name);
      return c?.skill_path !== undefined && c.snapshot_of === undefined ? folderHash(c.skill_path) : undefined;
    };
    const differences = planDifferences(saved, requested, earlierHash);
    if (differences.length > 0) {
      throw new UsageError(
        `--resume: ${picked.dir} measured a different request, so its runs cannot be continued with this ` +
          `one: ${differences.join('; ')}. Start a new iteration (leave out --resume) or repeat the original ` +
          `request`,
      );
    }
    return saved;
  }
  for (const c of requested.configurations) {
    if (c.snapshot_of !== undefined && c.skill_path !== undefined)
      await cp(c.snapshot_of, c.skill_path, { recursive: true, dereference: true });
  }
  return requested;
}
