/** Hand-built ScoreResult fixtures for the reporter tests, validated against the schema so they stay in sync. */
import { DIMENSIONS, DIMENSION_WEIGHTS, type DimensionName } from '../../src/model/dimensions.js';
import { ScoreResult, type AntiPatternResult, type DimensionResult } from '../../src/model/result.js';
import type { Diagnostic } from '../../src/model/diagnostic.js';
import { antiPatternPenalty } from '../../src/model/anti-pattern-penalty.js';
import { seedGrade } from '../../src/score/grades.js';
import { decideBadge } from '../../src/score/badge-policy.js';
import { coverageOf } from '../../src/score/coverage.js';
import type { Methodology } from '../../src/model/dimensions.js';
import type { ReporterOptions } from '../../src/reporters/index.js';

// A terminal (paths may be shortened to fit); test/reporters/text.test.ts also checks the whole-path output for pipes.
export const OPTIONS: ReporterOptions = {
  color: false,
  width: 80,
  cutPaths: true,
  format: 'native',
  toolVersion: '0.1.0',
};

/** Static sub-scores and dimension scores of PluginEval's `context-engineering/skills/evaluation` (quick depth). */
const EVALUATION_SUBS = {
  frontmatter_quality: 0.6499999999999999,
  orchestration_wiring: 0.75,
  progressive_disclosure: 0.75,
  structural_completeness: 0.65,
  token_efficiency: 0.9803680981595092,
  ecosystem_coherence: 0.5,
  harness_portability: 1.0,
};
const EVALUATION_DIMS: Partial<Record<DimensionName, number>> = {
  triggering_accuracy: 0.6499999999999999,
  orchestration_fitness: 0.7500000000000001,
  progressive_disclosure: 0.7500000000000001,
  token_efficiency: 0.9803680981595092,
  structural_completeness: 0.65,
  ecosystem_coherence: 0.5,
};

export interface SkillSpec {
  path: string;
  name?: string;
  /** Static-layer dimension scores; dimensions left out are unmeasured. */
  dims?: Partial<Record<DimensionName, number>>;
  antiPatterns?: AntiPatternResult[];
  diagnostics?: Diagnostic[];
  layerScore?: number;
  lineCount?: number;
  /** compat (the default here: these are PluginEval's numbers) decides the badge by the composite alone. */
  methodology?: Methodology;
}

function dimensions(dims: Partial<Record<DimensionName, number>>): DimensionResult[] {
  const measuredWeight = DIMENSIONS.reduce((s, n) => s + (dims[n] !== undefined ? DIMENSION_WEIGHTS[n] : 0), 0);
  return DIMENSIONS.map((name) => {
    const score = dims[name];
    return score === undefined
      ? {
          name,
          weight: DIMENSION_WEIGHTS[name],
          effectiveWeight: 0,
          measured: false,
          score: null,
          grade: null,
          layers: {},
          ciLow: null,
          ciHigh: null,
          evidence: [],
          unmeasuredReason: 'no layer that ran measures this dimension',
        }
      : {
          name,
          weight: DIMENSION_WEIGHTS[name],
          effectiveWeight: DIMENSION_WEIGHTS[name] / measuredWeight,
          measured: true,
          score,
          grade: seedGrade(score),
          layers: { static: score },
          ciLow: null,
          ciHigh: null,
          evidence: [`static: ${score.toFixed(2)}`, `static: +0.10 the reason ${name} scored`],
        };
  });
}

export function skillResult(spec: SkillSpec): ScoreResult {
  const dims = dimensions(spec.dims ?? EVALUATION_DIMS);
  const antiPatterns = spec.antiPatterns ?? [];
  const raw = dims.reduce((s, d) => s + (d.score ?? 0) * d.effectiveWeight, 0) * 100;
  const penalty = antiPatternPenalty(antiPatterns.length);
  const score = raw * penalty;
  const methodology = spec.methodology ?? 'compat';
  const coverage = coverageOf(dims);
  const badgeDecision = decideBadge({
    methodology,
    composite: score,
    elo: null,
    coverage,
    layersRun: ['static'],
    measuredBy: { static: dims.filter((d) => d.measured).map((d) => d.name) },
    antiPatterns,
  });
  // One tip per measured dimension below A, with a made-up gain that shrinks down the list (reporters keep the order).
  const tips = dims
    .filter((d) => d.measured && d.grade !== null && d.grade !== 'A')
    .map((d, i) => ({
      id: `${d.name}/example`,
      source: 'check' as const,
      dimension: d.name,
      target: { kind: 'skill' as const, path: spec.path },
      gain: 5 - i,
      gainBasis: 'check' as const,
      action: `Raise ${d.name} by doing the thing its evidence asks for.`,
      example: `## ${d.name}\n\nthe exact text to add`,
      edits: [{ op: 'append' as const, file: 'SKILL.md', text: `## ${d.name}\n\nthe exact text to add\n` }],
    }));
  return ScoreResult.parse({
    schemaVersion: 1,
    tool: { name: 'plugin-eval', version: '0.1.0' },
    target: {
      path: spec.path,
      kind: 'skill',
      name: spec.name ?? spec.path.split('/').pop(),
      lineCount: spec.lineCount ?? 232,
    },
    methodology,
    depth: 'standard',
    layersRequested: ['static', 'judge'],
    layersRun: ['static'],
    layersNotRun: [{ name: 'judge', reason: 'no provider configured (set ANTHROPIC_API_KEY or pass --provider)' }],
    composite: {
      score,
      rawScore: raw,
      penalty,
      badge: badgeDecision.badge,
      confidenceLabel: 'Estimated',
      ciLow: null,
      ciHigh: null,
      elo: null,
      coverage,
      badgeDecision,
    },
    dimensions: dims,
    layers: [
      {
        name: 'static',
        score: (spec.layerScore ?? 0.7287331288343559) * penalty,
        durationMs: 12.5,
        dimensionsMeasured: dims.filter((d) => d.measured).map((d) => d.name),
        subScores: Object.fromEntries(Object.entries(EVALUATION_SUBS).map(([k, v]) => [k, { score: v, evidence: [] }])),
        antiPatterns,
      },
    ],
    antiPatterns,
    usage: null,
    tips,
    diagnostics: spec.diagnostics ?? [],
    durationMs: 15.2,
  });
}

export const DEAD_REF: AntiPatternResult = {
  flag: 'DEAD_CROSS_REF',
  description:
    "Cross-reference to skill/agent 'skill-name' cannot be resolved. Dead links degrade ecosystem coherence.",
  severity: 0.05,
  file: 'SKILL.md',
  line: 42,
};
export const ORPHAN: AntiPatternResult = {
  flag: 'ORPHAN_REFERENCE',
  description:
    "SKILL.md links to 'references/, examples/, scripts/' which does not exist. Dead reference links waste " +
    'context and confuse the model.',
  severity: 0.05,
};

/** A single skill with anti-patterns, warnings and an error. */
export function troubledSkill(): ScoreResult {
  return skillResult({
    path: 'plugins/plugin-dev/skills/skill-development',
    dims: {
      triggering_accuracy: 0.56,
      orchestration_fitness: 0.9,
      progressive_disclosure: 0.65,
      token_efficiency: 0.9350877192982456,
      structural_completeness: 0.75,
      ecosystem_coherence: 0.75,
    },
    layerScore: 0.7413578947368422,
    antiPatterns: [ORPHAN, DEAD_REF, DEAD_REF, { ...DEAD_REF, line: 97 }, { ...DEAD_REF, line: 130 }],
    diagnostics: [
      {
        file: 'SKILL.md',
        line: 3,
        column: 14,
        severity: 'error',
        ruleId: 'frontmatter/yaml-syntax',
        message:
          'Unexpected end of flow mapping: the description contains an unquoted colon followed by a very long ' +
          'explanation that will need wrapping at eighty columns',
      },
      {
        file: 'SKILL.md',
        line: 0,
        column: 0,
        severity: 'warning',
        ruleId: 'structure/no-examples',
        message: 'No Examples section',
      },
      {
        file: 'references/guide.md',
        line: 12,
        column: 0,
        severity: 'info',
        ruleId: 'links/external',
        message: 'External link',
      },
    ],
  });
}

/** A plugin result with two skills and one agent. */
export function pluginResult(): ScoreResult {
  const base = skillResult({ path: 'plugins/plugin-dev', name: 'plugin-dev', antiPatterns: [ORPHAN] });
  return ScoreResult.parse({
    ...base,
    target: { path: 'plugins/plugin-dev', kind: 'plugin', name: 'plugin-dev' },
    components: [
      {
        kind: 'skill',
        name: 'agent-development',
        path: 'skills/agent-development',
        score: 72.81825174825174,
        staticScore: 0.7281825174825174,
        evidence: [],
      },
      {
        kind: 'skill',
        name: 'skill-development',
        path: 'skills/skill-development',
        score: 54.386961722488024,
        staticScore: 0.5560184210526317,
        evidence: [],
      },
      {
        kind: 'agent',
        name: 'plugin-validator',
        path: 'agents/plugin-validator.md',
        score: 0.7999999999999999,
        staticScore: 0.7999999999999999,
        evidence: [],
      },
      {
        kind: 'command',
        name: 'create-plugin',
        path: 'commands/create-plugin.md',
        score: 1,
        staticScore: 1,
        evidence: [],
      },
    ],
  });
}

export function manyResults(): ScoreResult[] {
  return [
    skillResult({ path: 'skills/middling' }),
    troubledSkill(),
    skillResult({
      path: 'skills/excellent',
      dims: {
        triggering_accuracy: 0.95,
        orchestration_fitness: 0.92,
        progressive_disclosure: 1,
        token_efficiency: 1,
        structural_completeness: 0.9,
        ecosystem_coherence: 0.85,
      },
    }),
    skillResult({
      path: 'skills/a/very/long/path/that/goes/on/and/on/and/on/beyond/the/width/of/any/sane/terminal/SKILL-dir',
    }),
  ];
}

export const HOSTILE_PATH = `skills/<script>alert("x")</script> & 'q' | pipe`;

/** A result whose strings carry markup, quotes, pipes and a control character. */
export function hostileResult(): ScoreResult {
  return skillResult({
    path: HOSTILE_PATH,
    name: '<b>bold</b>',
    antiPatterns: [{ ...ORPHAN, description: 'links to <img src=x onerror=alert(1)> which does not exist' }],
    diagnostics: [
      {
        file: 'SKILL.md',
        line: 1,
        column: 1,
        severity: 'error',
        ruleId: 'x/<rule>&',
        message: 'bad <script>alert(1)</script> | "quoted" & \u0007bell',
      },
    ],
  });
}
