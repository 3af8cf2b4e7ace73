/**
 * `evals compare` against the scripted model server (real Anthropic SDK through ANTHROPIC_BASE_URL). The scripted
 * comparator reads the outputs between the envelope markers, so it really sees them in the blind order: an output's
 * `[quality=N]` marker becomes its six rubric scores, unless the judge is told to be position-biased.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blindOrder } from '../../src/evals/compare/compare.js';
import { Analysis, Comparison } from '../../src/evals/index.js';
import { cli } from '../support/cli.js';
import {
  requestText,
  startModelServer,
  type ModelServer,
  type Reply,
  type ScriptRequest,
} from '../support/model-server.js';
import { tempTree } from '../support/tmp.js';
import { toolOf } from '../judgekit/fake-judge.js';
import { writeEvalMetadata, writeRun } from './golden-workspace.js';

const tree = tempTree('plugin-eval-compare-');
let server: ModelServer;
const saved = { ...process.env };

type Mode = 'quality' | 'biased' | 'bad';
let mode: Mode = 'quality';

function shown(text: string, label: string): string {
  const m = new RegExp(`<<<BEGIN ${label} (\\w+)>>>\\n([\\s\\S]*?)\\n<<<END ${label} \\1>>>`).exec(text);
  if (!m) throw new Error(`no ${label} in the prompt`);
  return m[2]!;
}

const side = (score: number, name: string) => ({
  content: { correctness: score, completeness: score, accuracy: score },
  structure: { organization: score, formatting: score, usability: score },
  strengths: [`${name} strength`],
  weaknesses: [`${name} weakness`],
});

function script(request: ScriptRequest): Reply {
  const text = requestText(request);
  const tool = toolOf(request);
  if (tool === 'blind_comparison') {
    const qa = Number(/\[quality=(\d)\]/.exec(shown(text, 'OUTPUT_A'))?.[1] ?? 3);
    const qb = Number(/\[quality=(\d)\]/.exec(shown(text, 'OUTPUT_B'))?.[1] ?? 3);
    if (mode === 'bad')
      return { json: { task_rubric: [], A: side(9, 'a'), B: side(1, 'b'), winner: 'A', reasoning: 'out of scale' } };
    // A maximally position-biased judge: whatever is shown first wins.
    const [sa, sb] = mode === 'biased' ? [5, 2] : [qa, qb];
    return {
      json: {
        task_rubric: ['names the ocean'],
        A: side(sa, 'shown A'),
        B: side(sb, 'shown B'),
        winner: sa > sb ? 'A' : sb > sa ? 'B' : 'TIE',
        reasoning: `shown A scored ${sa}, shown B scored ${sb}`,
      },
    };
  }
  if (tool === 'post_hoc_analysis') {
    const winnerSkill = shown(text, 'WINNER_SKILL');
    return {
      json: {
        winner_strengths: [`winner skill says: ${winnerSkill.trim().split('\n').pop()}`],
        loser_weaknesses: ['vague step 3'],
        instruction_following: {
          winner: { score: 9, issues: [] },
          loser: { score: 6, issues: ['skipped the template'] },
        },
        improvement_suggestions: [
          {
            priority: 'high',
            category: 'instructions',
            suggestion: 'spell out step 3',
            expected_impact: 'fewer misses',
          },
        ],
        transcript_insights: {
          winner_execution_pattern: 'read skill -> followed steps',
          loser_execution_pattern: 'improvised',
        },
      },
    };
  }
  return { text: 'unexpected request' };
}

beforeAll(async () => {
  server = await startModelServer(script);
  process.env.ANTHROPIC_API_KEY = 'test-key';
  process.env.ANTHROPIC_BASE_URL = server.url;
});
afterAll(async () => {
  process.env = saved;
  await server.close();
});

/** eval-1 with a good run (A, new skill) and a weak one (B, old skill), each with grading.json and a transcript. */
function workspace(name: string) {
  const evalDir = tree.dir(`${name}/iteration-1/eval-1`);
  writeEvalMetadata(evalDir, 1, 'Ocean report');
  const a = path.join(evalDir, 'with_skill', 'run-1');
  const b = path.join(evalDir, 'old_skill', 'run-1');
  writeRun(a, { verdicts: { 'names the ocean': true, 'has a table': true } }, 'with_skill');
  writeRun(b, { verdicts: { 'names the ocean': true, 'has a table': false } }, 'old_skill');
  tree.write(`${name}/iteration-1/eval-1/with_skill/run-1/outputs/answer.md`, 'The Pacific. | depth |\n[quality=5]\n');
  tree.write(`${name}/iteration-1/eval-1/old_skill/run-1/outputs/answer.md`, 'Some ocean.\n[quality=2]\n');
  tree.write(
    `${name}/iteration-1/eval-1/with_skill/run-1/transcript.md`,
    '## Eval Prompt\ntask 1\n## Steps\nRead SKILL.md',
  );
  const skillA = tree.write(`${name}/skills/new/SKILL.md`, '---\nname: ocean\n---\nUse the depth template.\n');
  const skillB = tree.write(`${name}/skills/old/SKILL.md`, '---\nname: ocean\n---\nProcess appropriately.\n');
  // The default output folder is beside A's run: its configuration folder.
  return {
    a,
    b,
    skillA: path.dirname(skillA),
    skillB: path.dirname(skillB),
    out: path.join(evalDir, 'with_skill'),
    evalDir,
  };
}

const readComparison = (dir: string) =>
  Comparison.parse(JSON.parse(readFileSync(path.join(dir, 'comparison.json'), 'utf8')));

describe('evals compare: blind comparator', () => {
  it('the two seeds used here draw both assignments', () => {
    expect(blindOrder(7).shownA).toBe('A');
    expect(blindOrder(1).shownA).toBe('B');
  });

  it.each([7, 1])(
    "seed %i: the assignment is recorded, the judge sees that order, and the winner is reported in the caller's terms",
    async (seed) => {
      mode = 'quality';
      const ws = workspace(`q${seed}`);
      const before = server.requests.length;
      const out = await cli(
        'evals',
        'compare',
        ws.a,
        ws.b,
        '--seed',
        String(seed),
        '--no-cache',
        '--no-analyzer',
        '--output',
        'json',
      );
      expect(out.code, out.stderr).toBe(0);
      const c = readComparison(ws.out);
      const order = blindOrder(seed);
      expect(c.blind).toMatchObject({ A: order.shownA, B: order.shownB, seed, winner_source: 'rubric' });
      // The first request showed the caller's order.shownA as "A": its output is the one with that quality marker.
      const first = requestText(server.requests[before]!);
      expect(shown(first, 'OUTPUT_A')).toContain(order.shownA === 'A' ? '[quality=5]' : '[quality=2]');
      expect(server.requests.length - before).toBe(2);
      // Whatever the blind order, the better output is the caller's A.
      expect(c.winner).toBe('A');
      expect(c.rubric.A).toMatchObject({ content_score: 5, structure_score: 5, overall_score: 10 });
      expect(c.rubric.B).toMatchObject({ content_score: 2, structure_score: 2, overall_score: 4 });
      // Both passes' strengths, from whichever position A was shown in.
      expect([...c.output_quality.A.strengths].sort()).toEqual(['shown A strength', 'shown B strength']);
      expect(c.expectation_results).toMatchObject({
        A: { passed: 2, total: 2, pass_rate: 1 },
        B: { passed: 1, total: 2, pass_rate: 0.5 },
      });
      const passes = (c.blind as unknown as { passes: { shown_as_A: string; winner: string; model_winner: string }[] })
        .passes;
      expect(passes.map((p) => [p.shown_as_A, p.winner, p.model_winner])).toEqual([
        [order.shownA, 'A', 'A'],
        [order.shownB, 'A', 'A'],
      ]);
    },
  );

  it('a position-biased judge: two passes disagree -> TIE, no analysis; one pass -> the side shown first, un-blinded', async () => {
    mode = 'biased';
    const ws = workspace('biased');
    const out = await cli('evals', 'compare', ws.a, ws.b, '--seed', '1', '--no-cache');
    expect(out.code, out.stderr).toBe(0);
    const c = readComparison(ws.out);
    expect(c.winner).toBe('TIE');
    expect((c.blind as { winner_source: string }).winner_source).toBe('position disagreement');
    expect(out.stdout).toMatch(/no analysis\.json: the comparison is a TIE/);
    expect(existsSync(path.join(ws.out, 'analysis.json'))).toBe(false);
    for (const seed of [7, 1]) {
      const single = await cli(
        'evals',
        'compare',
        ws.a,
        ws.b,
        '--seed',
        String(seed),
        '--single-pass',
        '--no-analyzer',
        '--no-cache',
      );
      expect(single.code, single.stderr).toBe(0);
      // The judge always picks what it was shown as "A": the caller's side drawn for that seed.
      expect(readComparison(ws.out).winner).toBe(blindOrder(seed).shownA);
    }
  });

  it('an unusable reply (scores off the 1-5 scale, also after the repair request): exit 3, no comparison.json', async () => {
    mode = 'bad';
    const ws = workspace('bad');
    const out = await cli('evals', 'compare', ws.a, ws.b, '--seed', '7', '--no-cache');
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(
      /could not measure: the comparator's reply \(pass 1\) was unusable: [\s\S]*nothing was written/,
    );
    expect(existsSync(path.join(ws.out, 'comparison.json'))).toBe(false);
  });

  it('bad input: a folder without outputs/, no task prompt (exit 2)', async () => {
    mode = 'quality';
    const ws = workspace('input');
    expect((await cli('evals', 'compare', tree.dir('input/nothing'), ws.b, '--no-cache')).stderr).toMatch(
      /no outputs\/ folder/,
    );
    rmSync(path.join(ws.evalDir, 'eval_metadata.json'));
    const out = await cli('evals', 'compare', ws.a, ws.b, '--no-cache');
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/no task prompt.*--prompt/);
  });
});

describe('evals compare: a side that measured nothing', () => {
  it('an infrastructure run, or a run of an evals run iteration cut short: could not measure (exit 3) saying so, no model call, nothing written', async () => {
    mode = 'quality';
    const ws = workspace('unmeasured');
    writeRun(ws.b, { infra: 'the run did not end within 600000 ms' }, 'old_skill');
    const before = server.requests.length;
    const infra = await cli('evals', 'compare', ws.a, ws.b, '--seed', '7', '--no-cache');
    expect(infra.code).toBe(3);
    expect(infra.stderr).toContain(
      `${ws.b}: the run ended in an infrastructure error (timeout: the run did not end within 600000 ms), so it ` +
        `has no output to compare`,
    );
    // Its outputs/ (here still on disk) are not the skill's output.
    expect(infra.stderr).not.toMatch(/no outputs\/ folder/);

    const cut = workspace('cut');
    tree.write('cut/iteration-1/evals_run.json', '{"kind": "evals-run"}');
    rmSync(path.join(cut.b, 'run.json'), { force: true });
    writeRun(cut.a, { verdicts: { 'names the ocean': true }, model: 'haiku' }, 'with_skill');
    const out = await cli('evals', 'compare', cut.a, cut.b, '--seed', '7', '--no-cache');
    expect(out.code).toBe(3);
    expect(out.stderr).toMatch(/cut short: no run\.json .*nothing was written/);
    expect(server.requests.length).toBe(before);
    for (const dir of [ws.out, cut.out]) expect(existsSync(path.join(dir, 'comparison.json'))).toBe(false);
  });
});

describe('evals compare: post-hoc analyzer', () => {
  it("writes analysis.json naming the winner's skill, after reading both skills un-blinded", async () => {
    mode = 'quality';
    const ws = workspace('analyze');
    const out = await cli(
      'evals',
      'compare',
      path.join(ws.a, 'outputs'),
      ws.b,
      '--seed',
      '1',
      '--skill-a',
      ws.skillA,
      '--skill-b',
      ws.skillB,
      '--out',
      tree.dir('analyze/report'),
      '--no-cache',
    );
    expect(out.code, out.stderr).toBe(0);
    const analysis = Analysis.parse(
      JSON.parse(readFileSync(path.join(tree.root, 'analyze/report/analysis.json'), 'utf8')),
    );
    expect(analysis.comparison_summary).toMatchObject({ winner: 'A', winner_skill: ws.skillA, loser_skill: ws.skillB });
    // The scripted analyzer quotes the last line of the skill it was given as the winner's: A's.
    expect(analysis.winner_strengths).toEqual(['winner skill says: Use the depth template.']);
    expect(analysis.improvement_suggestions[0]).toMatchObject({ priority: 'high', category: 'instructions' });
    expect(existsSync(path.join(tree.root, 'analyze/report/comparison.json'))).toBe(true);
  });
});
