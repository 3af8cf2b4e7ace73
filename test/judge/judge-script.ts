/**
 * A scripted judge for the scripted model server. It routes on the structured-output name each request
 * carries (the Anthropic forced tool or the OpenAI json_schema name) and reads the REAL prompt text, so
 * the layer's prompt wiring is exercised: routing decisions look at the request the router was shown
 * and at the candidate's description in the listing it was shown.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OUTPUT_CRITERIA } from '../../src/monte-carlo/grade.js';
import { parseSkill } from '../../src/parse/skill.js';
import type { SkillDocument } from '../../src/parse/skill.js';
import { requestText } from '../support/model-server.js';
import type { Reply, Script, ScriptRequest } from '../support/model-server.js';
import type { ReplyUsage } from '../support/model-wire.js';

export const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'judge');

export async function loadFixture(name: string): Promise<SkillDocument> {
  const parsed = await parseSkill(path.join(FIXTURES, name));
  if (!parsed.ok) throw new Error(`fixture ${name} does not parse`);
  return parsed.skill;
}

export function schemaNameOf(request: ScriptRequest): string | undefined {
  const body = request.body as {
    tool_choice?: { name?: string };
    response_format?: { json_schema?: { name?: string } };
  };
  // Prompt-only structured output (Claude Code, OpenAI prompt mode) names the format in the instruction.
  return (
    body.tool_choice?.name ??
    body.response_format?.json_schema?.name ??
    /Respond with ONLY a JSON value \(format "([\w-]+)"\)/.exec(requestText(request))?.[1]
  );
}

/** Text between `<<<BEGIN label nonce>>>` and its matching end marker (first occurrence). */
export function enveloped(text: string, label: string): string | undefined {
  const match = new RegExp(`<<<BEGIN ${label} ([0-9a-f]{16})>>>\\n([\\s\\S]*?)\\n<<<END ${label} \\1>>>`).exec(text);
  return match?.[2];
}

const STOP = new Set(['about', 'after', 'their', 'there', 'these', 'which', 'while', 'would', 'asks']);

/** Words of five letters or more from the candidate's line of the listing. */
export function descriptionWords(listing: string, candidate: string): string[] {
  const line = listing.split('\n').find((l) => l.startsWith(`- ${candidate}: `)) ?? '';
  return [
    ...new Set(
      line
        .slice(candidate.length + 4)
        .toLowerCase()
        .match(/[a-z]{5,}/g) ?? [],
    ),
  ].filter((w) => !STOP.has(w));
}

export interface JudgeScriptOptions {
  /** Candidate skill name the router looks for in the listing. */
  candidate: string;
  shouldTrigger: string[];
  nearMisses: string[];
  /** Score per rubric dimension; may depend on the requested model and how often this exact request was seen. */
  score: (dimension: string, model: string, seen: number) => number;
  /** Replace the answer for a schema (e.g. an invalid one). */
  override?: (schemaName: string, request: ScriptRequest) => Reply | undefined;
  delayMs?: number;
}

export const CSV_SHOULD_TRIGGER = [
  'Summarise sales.csv for me',
  'Give me the totals of every column in q3.csv',
  'Write a markdown overview of expenses.csv',
  'Can you summarise this spreadsheet export?',
  'What is in orders.csv?', // mentions no description word: the router misses it (a false negative)
];
export const CSV_NEAR_MISSES = [
  'Draw charts of my stock portfolio from the broker API', // shares "charts": a false trigger
  'Write a report on our incident last night', // shares "report": a false trigger
  'Convert this JSON file to YAML',
  'Fix the SQL query that joins users and orders',
  'Rename the columns in my pandas DataFrame',
];

export function judgeScript(options: JudgeScriptOptions): Script {
  const seen = new Map<string, number>();
  return (request) => {
    const name = schemaNameOf(request) ?? '';
    const delay = options.delayMs === undefined ? {} : { delayMs: options.delayMs };
    const overridden = options.override?.(name, request);
    if (overridden !== undefined) return overridden;
    const text = requestText(request);
    if (name === 'judge_triggering_prompts') {
      return {
        json: {
          analysis: 'summaries of CSV files, not charts of live data',
          shouldTrigger: options.shouldTrigger,
          nearMisses: options.nearMisses,
        },
        ...delay,
      };
    }
    if (name === 'judge_trigger_decision') {
      const listing = enveloped(text, 'SKILL-LISTING') ?? '';
      const userRequest = (enveloped(text, 'USER-REQUEST') ?? '').toLowerCase();
      const hit = descriptionWords(listing, options.candidate).some((w) => userRequest.includes(w));
      return {
        json: {
          reasoning: hit ? 'the description covers it' : 'no description covers it',
          skill: hit ? options.candidate : 'none',
        },
        ...delay,
      };
    }
    const dimension = name.replace(/^judge_/, '');
    const key = JSON.stringify(request.body);
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    const score = options.score(dimension, String(request.body.model), count);
    return {
      json: {
        ...(dimension === 'output_quality'
          ? { simulatedTasks: [{ task: 'summarise a.csv', outcome: 'a correct report' }] }
          : {}),
        evidence: [`SKILL.md: "${dimension}" looks fine`],
        reasoning: `scripted ${dimension}`,
        score,
        suggestion: 'add an example report',
      },
      ...delay,
    };
  };
}

/** The scripted scores of the default tests. */
export const SCRIPTED_SCORES: Record<string, number> = {
  orchestration_fitness: 0.85,
  output_quality: 0.75,
  scope_calibration: 0.65,
  code_template_quality: 0.95,
};

/** The Monte Carlo grader's call (the judge kit's direct scoring of an agent's output). */
export const isDirectScore = (request: ScriptRequest): boolean => schemaNameOf(request) === 'direct_score';

/**
 * The Monte Carlo grader's verdict: every criterion of its rubric at `score` out of 5 (4 normalises to 0.75, 5 to
 * 1), with the usage the reply reports when given.
 */
export function directVerdict(score: number, usage?: Partial<ReplyUsage>): Reply {
  return {
    json: {
      scores: OUTPUT_CRITERIA.map(({ name }) => ({
        criterion: name,
        evidence: ['"Release notes: done."'],
        justification: 'scripted',
        score,
        improvement: 'more detail',
      })),
      summary: { assessment: 'scripted', strengths: [], weaknesses: [], priorities: [] },
    },
    ...(usage ? { usage } : {}),
  };
}
