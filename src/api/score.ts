import path from 'node:path';
import pLimit from 'p-limit';
import { COMPONENT_CHECKS } from '../checks/components/index.js';
import { compatView } from '../checks/compat/view.js';
import { InputError } from '../errors.js';
import type { CheckOutcome, Finding } from '../checks/types.js';
import { runStaticLayer, type StaticLayerOutput } from '../layers/static.js';
import type { LayerOutput } from '../layers/types.js';
import { DEPTH_PLAN, SUB_SCORE_TO_DIMENSION, SUB_SCORES, type Depth, type LayerName, type Methodology } from '../model/dimensions.js';
import { diagnostic, type Diagnostic } from '../model/diagnostic.js';
import type { ScoreResult } from '../model/result.js';
import { discoverTargets, type Target } from '../parse/discover.js';
import { parsePlugin, type PluginDocument } from '../parse/plugin.js';
import { listPaths, parseSkill, type SkillDocument } from '../parse/skill.js';
import type { Provider } from '../providers/types.js';
import { buildResult, totalUsage } from '../score/build-result.js';
import { arithmeticFor, compositeOf } from '../score/composite.js';
import { antiPatternPenalty } from '../score/grades.js';
import { mergeLayerAntiPatterns } from '../score/layer-anti-patterns.js';
import { skillTips, type Rescore } from '../score/tips.js';
import { lineCount } from '../util/text.js';

/** How to run Layer 2 (the LLM judge); without it, depths that ask for the judge report it as not run. */
export interface JudgeSetup {
  provider: Provider;
  model: string;
  judgeModels?: string[];
  judges?: number;
  budgetTokens?: number;
  /** Which provider this is and why it was chosen, for every output. */
  description?: string;
}

export interface ScoreOptions {
  methodology?: Methodology;
  depth?: Depth;
  judge?: JudgeSetup;
  /** Targets scored at once (default 4). */
  jobs?: number;
  /** Called after each target, for progress bars. */
  onProgress?: (done: number, total: number, target: Target) => void;
  /** Called with each result as soon as it exists (streaming reporters). */
  onResult?: (result: ScoreResult) => void;
  /** Keep results in the returned run (default true); false keeps memory flat on huge trees when streaming. */
  retainResults?: boolean;
  signal?: AbortSignal;
}

/** A target that could not be scored at all (unreadable SKILL.md, file too large...). */
export interface ScoreFailure {
  target: Target;
  diagnostics: Diagnostic[];
}

export interface ScoreRun {
  results: ScoreResult[];
  failures: ScoreFailure[];
  /** Problems found while discovering targets (e.g. a marketplace entry whose source is missing). */
  diagnostics: Diagnostic[];
}

/** Layers a depth asks for that will not run, with the reason (never a silent downgrade). */
function layersNotRun(depth: Depth, judgeAvailable: boolean): { name: LayerName; reason: string }[] {
  const reasons: Record<Exclude<LayerName, 'static'>, string | undefined> = {
    judge: judgeAvailable ? undefined : 'the LLM judge layer needs a model provider and none was given; dimensions it measures stay unmeasured',
    monte_carlo: 'the Monte Carlo layer (real agent runs) is not available in this version of plugin-eval; dimensions it measures stay unmeasured',
  };
  return DEPTH_PLAN[depth].layers
    .filter((l): l is Exclude<LayerName, 'static'> => l !== 'static' && reasons[l as Exclude<LayerName, 'static'>] !== undefined)
    .map((name) => ({ name, reason: reasons[name]! }));
}

function wantsJudge(depth: Depth, judge: JudgeSetup | undefined): judge is JudgeSetup {
  return judge !== undefined && DEPTH_PLAN[depth].layers.includes('judge');
}

async function judgeLayerFor(skill: SkillDocument, judge: JudgeSetup, signal: AbortSignal | undefined): Promise<LayerOutput> {
  const { runJudgeLayer } = await import('../judge/index.js');
  const layer = await runJudgeLayer(skill, {
    provider: judge.provider,
    model: judge.model,
    ...(judge.judgeModels ? { judgeModels: judge.judgeModels } : {}),
    ...(judge.judges ? { judges: judge.judges } : {}),
    ...(judge.budgetTokens ? { budgetTokens: judge.budgetTokens } : {}),
    ...(signal ? { signal } : {}),
  });
  if (layer.usage && judge.description) layer.usage = { ...layer.usage, provider: judge.description };
  return layer;
}

/**
 * Average the skills' judge layers into one plugin-level layer. Each judged dimension is the mean over the
 * skills that measured it, and says how many of the plugin's skills that is ("3 of 4 skills; not measured
 * for X: reason"). A skill whose judge failed on a dimension never drops out silently: the dimension is
 * listed in `failed` (the result is partial). Skills the dimension does not apply to (no code to judge)
 * are named but are not a failure.
 */
export function averageJudgeLayers(judged: readonly { skill: string; layer: LayerOutput }[]): LayerOutput {
  const measurements: LayerOutput['measurements'] = {};
  const unmeasured: LayerOutput['unmeasured'] = {};
  const failed: NonNullable<LayerOutput['failed']> = {};
  const layers = judged.map((j) => j.layer);
  const dims = new Set(layers.flatMap((l) => [...Object.keys(l.measurements), ...Object.keys(l.unmeasured)])) as Set<keyof LayerOutput['measurements']>;
  for (const d of dims) {
    const got = judged.filter((j) => j.layer.measurements[d] !== undefined);
    const failures = judged.filter((j) => j.layer.failed?.[d] !== undefined).map((j) => `${j.skill}: ${j.layer.failed?.[d]}`);
    const notApplicable = judged
      .filter((j) => j.layer.measurements[d] === undefined && j.layer.failed?.[d] === undefined)
      .map((j) => `${j.skill}: ${j.layer.unmeasured[d] ?? 'not measured'}`);
    const coverage = [
      `${got.length} of ${judged.length} skill${judged.length === 1 ? '' : 's'}`,
      ...(failures.length > 0 ? [`not measured for ${failures.join('; ')}`] : []),
      ...(notApplicable.length > 0 ? [`not applicable for ${notApplicable.join('; ')}`] : []),
    ].join('; ');
    if (failures.length > 0) failed[d] = coverage;
    if (got.length === 0) {
      unmeasured[d] = judged.length === 1 ? (layers[0]?.unmeasured[d] ?? 'not measured') : coverage;
      continue;
    }
    const scores = got.map((j) => j.layer.measurements[d]!.score);
    measurements[d] = { score: scores.reduce((a, b) => a + b, 0) / scores.length, evidence: [`mean over ${coverage}`] };
  }
  const usage = totalUsage(layers);
  return {
    name: 'judge',
    score: layers.reduce((a, l) => a + l.score, 0) / Math.max(1, layers.length),
    durationMs: layers.reduce((a, l) => a + l.durationMs, 0),
    measurements,
    unmeasured,
    failed,
    antiPatterns: layers.flatMap((l) => l.antiPatterns),
    subScores: {},
    ...(usage ? { usage } : {}),
    notes: layers.flatMap((l) => l.notes ?? []),
  };
}

/** Check findings as diagnostics; a finding without its own file is about `file`. */
function findingsAsDiagnostics(findings: readonly Finding[], file: string): Diagnostic[] {
  return findings.map((f) => diagnostic(f.file ?? file, f.ruleId, f.severity, f.message, f.line ?? 0, f.column ?? 0));
}

/** The name a result reports: PluginEval's reading of the frontmatter in compat, else the name or folder. */
function skillName(skill: SkillDocument, methodology: Methodology): string {
  return methodology === 'compat' ? compatView(skill).name : (skill.name ?? skill.dirName);
}

/** Score one parsed skill with the static layer only (no model calls). Pure apart from timing. */
export function scoreSkillDocument(skill: SkillDocument, options: { methodology?: Methodology; depth?: Depth } = {}): ScoreResult {
  return scoreSkillWithLayers(skill, options, []);
}

/** Score one parsed skill with every layer its depth asks for and the options make possible. */
export async function scoreSkill(skill: SkillDocument, options: ScoreOptions = {}): Promise<ScoreResult> {
  const depth = options.depth ?? 'quick';
  const extra = wantsJudge(depth, options.judge) ? [await judgeLayerFor(skill, options.judge, options.signal)] : [];
  return scoreSkillWithLayers(skill, options, extra);
}

function scoreSkillWithLayers(skill: SkillDocument, options: ScoreOptions, extraLayers: LayerOutput[]): ScoreResult {
  const started = performance.now();
  const methodology = options.methodology ?? 'default';
  const depth = options.depth ?? 'quick';
  const staticLayer = runStaticLayer(skill, methodology);
  const compatMode = methodology === 'compat';
  const diagnostics = [...skill.diagnostics, ...findingsAsDiagnostics(staticLayer.findings, skill.file)];
  const compat = compatMode ? compatView(skill) : undefined;
  const antiPatterns = mergeLayerAntiPatterns(methodology, staticLayer.antiPatterns, extraLayers);
  if (compat?.problem) {
    diagnostics.push(diagnostic(skill.file, 'compat/frontmatter', 'warning', `PluginEval 0.1.x reads this frontmatter as empty: ${compat.problem}`, 1, 1));
  }
  const baseline = compositeOf([staticLayer, ...extraLayers], staticLayer.penalty, arithmeticFor(methodology));
  // A tip is re-scored with the other layers' scores held: only the static layer can see an edit without a model call.
  const rescore: Rescore = (edited, reuse) => {
    const layer = runStaticLayer(edited, methodology, reuse);
    const c = compositeOf([layer, ...extraLayers], layer.penalty, arithmeticFor(methodology));
    return { score: c.score, dimensions: c.dimensions, antiPatterns: layer.antiPatterns };
  };
  const tips = skillTips(
    skill,
    { kind: 'skill', path: skill.displayPath },
    { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: staticLayer.antiPatterns },
    rescore,
    compatMode ? undefined : staticLayer,
  );
  return buildResult({
    target: {
      path: skill.displayPath,
      kind: 'skill',
      name: skillName(skill, methodology),
      lineCount: lineCount(compatMode ? skill.rawText : skill.text),
    },
    methodology,
    depth,
    layers: [staticLayer, ...extraLayers],
    layersNotRun: layersNotRun(depth, wantsJudge(depth, options.judge)),
    penalty: antiPatterns.length === staticLayer.antiPatterns.length ? staticLayer.penalty : antiPatternPenalty(antiPatterns.length),
    antiPatterns,
    diagnostics,
    tips,
    durationMs: performance.now() - started + extraLayers.reduce((a, l) => a + l.durationMs, 0),
  });
}

/**
 * Score a plugin. compat: PluginEval's mean of component scores with the penalty applied a second time.
 * default: dimensions averaged over skills (agents and commands join triggering accuracy), every skill
 * anti-pattern counted once, one penalty.
 */
export function scorePluginDocument(plugin: PluginDocument, options: { methodology?: Methodology; depth?: Depth } = {}): ScoreResult {
  return scorePluginWithLayers(plugin, options, []);
}

/** Score a plugin with every layer its depth asks for; the judge runs on each skill and is averaged. */
export async function scorePlugin(plugin: PluginDocument, options: ScoreOptions = {}): Promise<ScoreResult> {
  const depth = options.depth ?? 'quick';
  if (!wantsJudge(depth, options.judge) || plugin.skills.length === 0) return scorePluginWithLayers(plugin, options, []);
  // All skills at once: the provider's concurrency limiter, not this loop, bounds the calls in flight.
  const judge = options.judge;
  const judged = await Promise.all(plugin.skills.map(async (skill) => {
    const layer = await judgeLayerFor(skill, judge, options.signal);
    // Anti-patterns the judge reported (text addressed to it) name the skill's file.
    return { skill: skillName(skill, options.methodology ?? 'default'), layer: { ...layer, antiPatterns: layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) } };
  }));
  return scorePluginWithLayers(plugin, options, [averageJudgeLayers(judged)]);
}

interface PluginParts {
  agents: { agent: PluginDocument['agents'][number]; outcome: CheckOutcome }[];
  commands: { command: PluginDocument['commands'][number]; outcome: CheckOutcome }[];
}

/**
 * The plugin's static layer from its skills' static layers and its agent and command outcomes. compat: PluginEval's
 * mean of component scores; default: each sub-score averaged over skills (agents and commands join triggering).
 * Pure, so a tip can re-run it with one skill's layer replaced.
 */
function pluginStaticLayer(skillLayers: readonly StaticLayerOutput[], parts: PluginParts, methodology: Methodology): { layer: LayerOutput; penalty: number } {
  const { agents, commands } = parts;
  const antiPatterns = skillLayers.flatMap((l) => l.antiPatterns);
  const penalty = antiPatternPenalty(antiPatterns.length);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const layer: LayerOutput = { name: 'static', score: 0, durationMs: 0, measurements: {}, unmeasured: {}, antiPatterns, subScores: {} };
  if (methodology === 'compat') {
    const values = [...skillLayers.map((l) => l.score), ...agents.map((a) => a.outcome.score)];
    const value = values.length > 0 ? mean(values) : 0.5;
    layer.score = value;
    for (const sub of SUB_SCORES) {
      const dim = SUB_SCORE_TO_DIMENSION[sub];
      if (dim) layer.measurements[dim] = { score: value, evidence: [`mean of ${skillLayers.length} skill and ${agents.length} agent score(s)`] };
    }
    return { layer, penalty };
  }
  for (const sub of SUB_SCORES) {
    const dim = SUB_SCORE_TO_DIMENSION[sub];
    const values = skillLayers.map((l) => l.subScores[sub]?.score ?? 0);
    if (dim === 'triggering_accuracy') values.push(...agents.map((a) => a.outcome.score), ...commands.map((c) => c.outcome.score));
    if (values.length === 0) continue;
    const value = mean(values);
    layer.subScores[sub] = { score: value, evidence: [`mean over ${values.length} component(s)`] };
    if (dim) layer.measurements[dim] = { score: value, evidence: [`mean over ${values.length} component(s)`] };
  }
  layer.score = skillLayers.length > 0 ? mean(skillLayers.map((l) => l.rawScore)) * penalty : 0;
  return { layer, penalty };
}

function scorePluginWithLayers(plugin: PluginDocument, options: ScoreOptions, extraLayers: LayerOutput[]): ScoreResult {
  const started = performance.now();
  const methodology = options.methodology ?? 'default';
  const depth = options.depth ?? 'quick';
  const checks = COMPONENT_CHECKS[methodology];
  // Anti-patterns carry the SKILL.md they were found in, so a plugin's list says where each one is.
  const skillLayers = plugin.skills.map((skill) => {
    const layer = runStaticLayer(skill, methodology);
    return { skill, layer: { ...layer, antiPatterns: layer.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) } };
  });
  const parts: PluginParts = {
    agents: plugin.agents.map((agent) => ({ agent, outcome: checks.agent.run(agent) })),
    commands: checks.command ? plugin.commands.map((command) => ({ command, outcome: checks.command!.run(command) })) : [],
  };
  const { agents, commands } = parts;
  const { layer, penalty: staticPenalty } = pluginStaticLayer(skillLayers.map((s) => s.layer), parts, methodology);
  // The judge's own INJECTION_ATTEMPT findings (text addressed to it) join the static layer's.
  const antiPatterns = mergeLayerAntiPatterns(methodology, layer.antiPatterns, extraLayers);
  const penalty = antiPatterns.length === layer.antiPatterns.length ? staticPenalty : antiPatternPenalty(antiPatterns.length);
  const diagnostics: Diagnostic[] = [
    ...plugin.diagnostics,
    ...skillLayers.flatMap(({ skill, layer: l }) => [...skill.diagnostics, ...findingsAsDiagnostics(l.findings, skill.file)]),
    ...agents.flatMap(({ agent, outcome }) => [...agent.diagnostics, ...findingsAsDiagnostics(outcome.findings, agent.file)]),
    ...commands.flatMap(({ command, outcome }) => [...command.diagnostics, ...findingsAsDiagnostics(outcome.findings, command.file)]),
  ];
  if (methodology !== 'compat' && Object.keys(layer.measurements).length === 0) {
    diagnostics.push(diagnostic(plugin.displayPath, 'plugin/empty', 'warning', 'plugin has no skills, agents or commands to score'));
  }
  layer.durationMs = performance.now() - started;

  // Tips: each skill's improvements, re-scored as the whole plugin with that skill's layer replaced.
  const baseline = compositeOf([layer, ...extraLayers], staticPenalty, arithmeticFor(methodology));
  const tips = skillLayers.flatMap(({ skill, layer: own }, i) => {
    const rescore: Rescore = (edited, reuse) => {
      const replaced = runStaticLayer(edited, methodology, reuse);
      const withFile = { ...replaced, antiPatterns: replaced.antiPatterns.map((a) => ({ ...a, file: a.file ?? skill.file })) };
      const next = pluginStaticLayer(skillLayers.map((s, j) => (j === i ? withFile : s.layer)), parts, methodology);
      const c = compositeOf([next.layer, ...extraLayers], next.penalty, arithmeticFor(methodology));
      return { score: c.score, dimensions: c.dimensions, antiPatterns: next.layer.antiPatterns };
    };
    return skillTips(skill, { kind: 'skill', path: skill.displayPath }, { score: baseline.score, dimensions: baseline.dimensions, antiPatterns: layer.antiPatterns }, rescore, methodology === 'compat' ? undefined : own);
  });

  const components: NonNullable<ScoreResult['components']> = [
    // Each skill's own composite, from the static layer already run above (not a second scoring pass).
    ...skillLayers.map(({ skill, layer: l }) => ({
      kind: 'skill' as const,
      name: skillName(skill, methodology),
      path: skill.displayPath,
      score: compositeOf([l], l.penalty, arithmeticFor(methodology)).score,
      staticScore: l.score,
      evidence: [],
    })),
    ...agents.map(({ agent, outcome }) => ({ kind: 'agent' as const, name: agent.stem, path: agent.file, score: outcome.score, staticScore: outcome.score, evidence: outcome.evidence })),
    ...commands.map(({ command, outcome }) => ({ kind: 'command' as const, name: command.stem, path: command.file, score: outcome.score, staticScore: outcome.score, evidence: outcome.evidence })),
  ];
  return buildResult({
    target: { path: plugin.displayPath, kind: 'plugin', name: plugin.name },
    methodology,
    depth,
    layers: [layer, ...extraLayers],
    layersNotRun: layersNotRun(depth, wantsJudge(depth, options.judge)),
    penalty,
    antiPatterns,
    diagnostics,
    components,
    tips,
    durationMs: performance.now() - started,
  });
}

/** Folder listings shared by the skills of one run: sibling skills in one folder list their parent once, not once each. */
export type ListingCache = Map<string, Promise<Set<string>>>;

/** Parse and score one target; a target that cannot be read at all is a failure, not an exception. */
export async function scoreTarget(target: Target, options: ScoreOptions = {}, listings: ListingCache = new Map()): Promise<ScoreResult | ScoreFailure> {
  if (target.kind === 'plugin') {
    return scorePlugin(await parsePlugin(target.dir, { displayPath: target.displayPath }), options);
  }
  const skillsDir = path.dirname(target.dir);
  let siblings = listings.get(skillsDir);
  if (!siblings) listings.set(skillsDir, (siblings = listPaths(skillsDir)));
  const parsed = await parseSkill(target.dir, { displayPath: target.displayPath, context: { skillsDir, siblings: await siblings } });
  if (!parsed.ok) return { target, diagnostics: parsed.diagnostics };
  return scoreSkill(parsed.skill, options);
}

/** Stands in for a result already streamed and let go (retainResults: false). */
const DROPPED = { target: { kind: 'skill', dir: '', displayPath: '' }, diagnostics: [] } satisfies ScoreFailure;

/** Score every skill and plugin found under the given paths. Throws InputError only for unusable paths. */
export async function score(paths: readonly string[], options: ScoreOptions = {}): Promise<ScoreRun> {
  if (paths.length === 0) throw new InputError('no path given');
  const { targets, diagnostics } = await discoverTargets(paths);
  const limit = pLimit(Math.max(1, options.jobs ?? 4));
  const listings: ListingCache = new Map();
  let done = 0;
  // onResult sees results in target order whatever order the jobs finish in: a finished result waits only
  // until every target before it has finished, then it is handed over (and, when not retained, dropped).
  const finished: (ScoreResult | ScoreFailure | undefined)[] = new Array(targets.length);
  let nextToHand = 0;
  const handOver = () => {
    for (; nextToHand < targets.length && finished[nextToHand] !== undefined; nextToHand++) {
      const outcome = finished[nextToHand]!;
      if ('schemaVersion' in outcome) options.onResult?.(outcome);
      if (options.retainResults === false && 'schemaVersion' in outcome) finished[nextToHand] = DROPPED;
    }
  };
  await Promise.all(
    targets.map((target, i) =>
      limit(async () => {
        options.signal?.throwIfAborted();
        const outcome = await scoreTarget(target, options, listings);
        options.onProgress?.(++done, targets.length, target);
        finished[i] = outcome;
        handOver();
      }),
    ),
  );
  const outcomes = finished.filter((o) => o !== DROPPED);
  const results: ScoreResult[] = [];
  const failures: ScoreFailure[] = [];
  for (const o of outcomes) if (o) ('schemaVersion' in o ? results : failures).push(o as never);
  return { results, failures, diagnostics };
}
