/**
 * Renderers: pure functions from a judgekit output to Markdown or terminal text. Each output kind
 * is described once as blocks (headings, paragraphs, lists, tables); the two serialisers differ
 * only in syntax, so the Markdown and text views never drift apart.
 */
import type {
  BatchFailure,
  BiasReport,
  CalibrationReport,
  CompareBatch,
  PanelResult,
  ScoreBatch,
  ScoreItemResult,
} from './report-schemas.js';
import { describeCost, sumUsage } from '../../providers/pricing.js';
import type { CallCost, DirectScoreResult, JudgeInfo, PairwiseResult, Rubric } from './schemas.js';
import { METRIC_DECIMALS, SCREEN_DECIMALS } from './thresholds.js';

export type JudgeOutput =
  | ScoreItemResult
  | ScoreBatch
  | PairwiseResult
  | CompareBatch
  | CalibrationReport
  | BiasReport
  | Rubric;

type Block = { h: string } | { p: string } | { list: string[] } | { table: { head: string[]; rows: string[][] } };

const num = (v: number | null | undefined, digits = 2): string =>
  v === null || v === undefined ? '-' : Number.isFinite(v) ? v.toFixed(digits) : String(v);
const pct = (v: number | null | undefined): string =>
  v === null || v === undefined ? '-' : `${(100 * v).toFixed(0)}%`;
const judgeLine = (j: JudgeInfo): Block => ({
  p: `Judge: ${j.model} (${j.provider}); prompt ${j.prompt.template} #${j.prompt.hash}`,
});
/**
 * Calls, tokens and cost under the usage ledger's rules: cache hits are not charged, an unknown price is "unpriced",
 * calls without usage reported are in no token count and make the cost unknown.
 */
const usageText = (u: CallCost): string =>
  `${u.calls} call(s), ${u.cachedCalls} from cache; ${u.inputTokens} input / ${u.outputTokens} output tokens` +
  `${u.cachedCalls > 0 ? ` (+ ${u.cachedInputTokens} / ${u.cachedOutputTokens} cached, not charged)` : ''}` +
  `${u.unreportedCalls + u.cachedUnreportedCalls > 0 ? `, not counting ${u.unreportedCalls + u.cachedUnreportedCalls} call(s) without usage reported` : ''}` +
  `; cost ${describeCost(u)}`;
const usageLine = (u: CallCost): Block => ({ p: `Usage: ${usageText(u)}` });

/** A result measured only in part says so under its heading, with what is missing (exit code 3). */
function gapBlocks(gaps: readonly string[]): Block[] {
  if (gaps.length === 0) return [];
  return [
    { p: 'PARTIAL: measured only in part (exit code 3); the scores rest on what was measured' },
    { list: [...gaps] },
  ];
}

function directBlocks(r: DirectScoreResult, title = 'Direct score'): Block[] {
  const blocks: Block[] = [{ h: `${title}${r.id !== undefined ? ` ${r.id}` : ''}` }];
  if (r.status === 'unmeasured') blocks.push({ p: `UNMEASURED: ${r.reason ?? ''}` });
  blocks.push(...gapBlocks(r.gaps));
  blocks.push({
    p:
      `Weighted ${num(r.weightedScore)} / ${r.scale}  (mean ${num(r.overallScore)}, ` +
      `normalised ${num(r.normalisedScore)})${r.lengthNormalised ? ', length-normalised' : ''}`,
  });
  blocks.push({
    table: {
      head: ['criterion', 'weight', 'score', 'justification', 'improvement'],
      rows: r.scores.map((s) => [
        s.criterion,
        num(s.weight, 2),
        s.score === null ? 'n/a' : num(s.score, s.score % 1 === 0 ? 0 : 2),
        s.justification + (s.adjustments.length ? ` [${s.adjustments.join('; ')}]` : ''),
        s.improvement,
      ]),
    },
  });
  if (r.summary) blocks.push({ p: r.summary.assessment });
  if (r.warnings.length) blocks.push({ list: r.warnings.map((w) => `warning: ${w}`) });
  blocks.push(judgeLine(r.judge), usageLine(r.cost));
  return blocks;
}

function panelBlocks(r: PanelResult): Block[] {
  return [
    { h: `Panel of ${r.judges.length} judges${r.id !== undefined ? ` ${r.id}` : ''}` },
    ...gapBlocks(r.gaps),
    { p: `Weighted mean score ${num(r.weightedScore)} / ${r.scale} (judge stdev ${num(r.judgeStdev)})` },
    {
      table: {
        head: ['criterion', ...r.judges.map((j) => j.judge.model), 'mean', '95% CI', 'stdev', 'agreement'],
        rows: r.criteria.map((c) => [
          c.criterion,
          ...c.scores.map((s) => num(s, 0)),
          num(c.mean, 2),
          c.ciLow === null || c.ciHigh === null ? '-' : `${num(c.ciLow, 2)}-${num(c.ciHigh, 2)}`,
          num(c.stdev),
          pct(c.agreement),
        ]),
      },
    },
    ...(r.warnings.length ? [{ list: r.warnings }] : []),
    usageLine(r.cost),
  ];
}

function itemBlocks(r: ScoreItemResult): Block[] {
  if (r.kind === 'direct') return directBlocks(r);
  if (r.kind === 'panel') return panelBlocks(r);
  const head: Block = {
    p:
      `Screen ${r.screen.judge.model}: ${num(r.screenScore, SCREEN_DECIMALS)} vs threshold ${r.threshold} ` +
      `-> ${r.decidedBy === 'screen' ? 'decided by the screen' : 'escalated to the judge'}`,
  };
  const blocks = r.final.kind === 'panel' ? panelBlocks(r.final) : directBlocks(r.final);
  if (r.decidedBy === 'screen') return [head, ...blocks];
  // Escalated: the final result's usage line leaves out the screen's call, so the item's total follows.
  return [head, ...blocks, { p: `Screen and judge together: ${usageText(sumUsage([r.screen.cost, r.final.cost]))}` }];
}

/**
 * What the passes say about position: agreement needs two usable passes; fewer is "not checked", not "inconsistent".
 */
function consistencyText(r: PairwiseResult): string {
  if (r.consistent) return 'consistent across orders';
  const usable = r.passes.filter((p) => p.winner !== null).length;
  if (usable < 2) return `consistency across orders not checked (${usable} usable pass)`;
  return `INCONSISTENT across orders${r.leaning ? `, leaning ${r.leaning}` : ''}`;
}

function pairwiseBlocks(r: PairwiseResult): Block[] {
  const verdict = r.likert ?? r.winner;
  return [
    { h: `Pairwise comparison${r.id !== undefined ? ` ${r.id}` : ''}` },
    ...gapBlocks(r.gaps),
    { p: `Winner: ${verdict}  confidence ${num(r.confidence)}  ${consistencyText(r)}` },
    {
      table: {
        head: ['pass', 'order', 'as judged', 'mapped back', 'confidence', 'reasoning'],
        rows: r.passes.map((p) => [
          String(p.pass),
          p.order,
          p.rawVerdict ?? 'n/a',
          p.likert ?? p.winner ?? 'unmeasured',
          num(p.confidence),
          p.reasoning || p.reason || '',
        ]),
      },
    },
    {
      table: {
        head: ['criterion', 'winner', 'votes A/B/TIE'],
        rows: r.criteria.map((c) => [c.criterion, c.winner, `${c.votes.A}/${c.votes.B}/${c.votes.TIE}`]),
      },
    },
    ...(r.warnings.length ? [{ list: r.warnings.map((w) => `warning: ${w}`) }] : []),
    judgeLine(r.judge),
    usageLine(r.cost),
  ];
}

function biasBlocks(r: BiasReport): Block[] {
  const rows: string[][] = [];
  if (r.position) {
    rows.push([
      'first-position win rate',
      pct(r.position.firstPositionRate),
      `z = ${num(r.position.z)}, p = ${num(r.position.p, 4)}${r.position.biased ? ' (biased)' : ''}`,
    ]);
    rows.push(['position consistency', pct(r.position.consistency), '']);
  }
  if (r.length)
    rows.push([
      `length (${r.length.basis})`,
      `rho ${num(r.length.rho, METRIC_DECIMALS)}`,
      `p = ${num(r.length.p, 4)}${r.length.level ? `, ${r.length.level}` : ''}`,
    ]);
  if (r.lengthControlled)
    rows.push([
      'LC win rate of A',
      `${num(r.lengthControlled.lcWinRate, 1)}%`,
      `raw ${num(r.lengthControlled.winRate, 1)}%`,
    ]);
  return [
    { h: `Bias report (${r.n} items)` },
    { table: { head: ['check', 'value', 'detail'], rows } },
    { list: r.findings },
  ];
}

function calibrationBlocks(r: CalibrationReport): Block[] {
  return [
    {
      h:
        `Calibration against human labels (${r.mode}, ${r.n} ` +
        `items${r.unmeasured ? `, ${r.unmeasured} unmeasured` : ''})`,
    },
    { p: `Overall: ${r.overall ?? 'n/a'}` },
    {
      table: {
        head: ['metric', 'value', 'level', 'bands'],
        rows: r.metrics.map((m) => [m.metric, num(m.value, 3), m.level ?? '-', m.note ?? '']),
      },
    },
    { h: `Disagreements (${r.disagreements.length})` },
    {
      table: {
        head: ['item', 'human', 'judge', 'why'],
        rows: r.disagreements.map((d) => [
          d.id ?? String(d.index + 1),
          String(d.human),
          typeof d.judge === 'number' ? num(d.judge) : String(d.judge),
          d.reasoning,
        ]),
      },
    },
    judgeLine(r.judge),
    usageLine(r.cost),
  ];
}

function rubricBlocks(r: Rubric): Block[] {
  return [
    { h: `Rubric: ${r.criterion} (1-${r.scale.max}, ${r.strictness}${r.domain ? `, ${r.domain}` : ''})` },
    ...(r.description ? [{ p: r.description }] : []),
    {
      table: {
        head: ['score', 'label', 'description', 'characteristics'],
        rows: r.levels.map((l) => [String(l.score), l.label, l.description, l.characteristics.join('; ')]),
      },
    },
    { list: r.scoringGuidelines },
    { list: r.edgeCases.map((e) => `${e.situation}: ${e.guidance}`) },
    ...(r.warnings.length ? [{ list: r.warnings.map((w) => `warning: ${w}`) }] : []),
  ];
}

const itemLine = (f: BatchFailure): string =>
  `item ${f.index + 1}${f.id !== undefined ? ` (id ${f.id})` : ''}: ${f.reason}`;

/** A partial batch says so first: which items were not measured, or measured only in part, and why (the rest stand). */
function failedBlocks(failed: readonly BatchFailure[], partial: readonly BatchFailure[]): Block[] {
  const blocks: Block[] = [];
  if (failed.length > 0)
    blocks.push(
      { p: `PARTIAL: ${failed.length} item(s) not measured (exit code 3); every other item is kept` },
      { list: failed.map(itemLine) },
    );
  if (partial.length > 0)
    blocks.push(
      {
        p:
          `PARTIAL: ${partial.length} item(s) measured only in part (exit code 3); their scores rest on what was ` +
          `measured`,
      },
      { list: partial.map(itemLine) },
    );
  return blocks;
}

function blocksOf(value: JudgeOutput): Block[] {
  if (!('kind' in value)) return rubricBlocks(value);
  switch (value.kind) {
    case 'direct':
    case 'panel':
    case 'screened':
      return itemBlocks(value);
    case 'pairwise':
      return pairwiseBlocks(value);
    case 'bias':
      return biasBlocks(value);
    case 'calibration':
      return calibrationBlocks(value);
    case 'score-batch':
      return [
        {
          h:
            `Scored ${value.items.length} items: mean weighted ` +
            `score ${num(value.meanWeightedScore)}${value.unmeasured ? `, ${value.unmeasured} unmeasured` : ''}`,
        },
        ...failedBlocks(value.failed, value.partial),
        ...value.items.flatMap(itemBlocks),
        ...(value.bias ? biasBlocks(value.bias) : []),
      ];
    case 'compare-batch': {
      const lc = value.lengthControlled;
      return [
        { h: `Compared ${value.items.length} pairs: A ${value.wins.A}, B ${value.wins.B}, ties ${value.wins.TIE}` },
        {
          p:
            `Win rate of ` +
            `A ${num(value.weightedWinRate, 1)}%${lc ? `, length-controlled ${num(lc.lcWinRate, 1)}%` : ''}`,
        },
        ...failedBlocks(value.failed, value.partial),
        ...value.items.flatMap(pairwiseBlocks),
        ...(value.bias ? biasBlocks(value.bias) : []),
      ];
    }
  }
}

const mdCell = (s: string): string => s.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');

export function renderMarkdown(value: JudgeOutput): string {
  const out: string[] = [];
  for (const b of blocksOf(value)) {
    if ('h' in b) out.push(`## ${b.h}`);
    else if ('p' in b) out.push(b.p);
    else if ('list' in b) {
      if (b.list.length) out.push(b.list.map((l) => `- ${l}`).join('\n'));
    } else {
      out.push(
        [
          `| ${b.table.head.map(mdCell).join(' | ')} |`,
          `|${b.table.head.map(() => ' --- ').join('|')}|`,
          ...b.table.rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`),
        ].join('\n'),
      );
    }
  }
  return `${out.join('\n\n')}\n`;
}

const cut = (s: string, width: number): string => {
  const flat = s.replace(/\s+/g, ' ');
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
};

export function renderText(value: JudgeOutput): string {
  const out: string[] = [];
  for (const b of blocksOf(value)) {
    if ('h' in b) out.push(`\n${b.h}\n${'='.repeat(Math.min(b.h.length, 80))}`);
    else if ('p' in b) out.push(b.p);
    else if ('list' in b) out.push(...b.list.map((l) => `  * ${l}`));
    else {
      const rows = [b.table.head, ...b.table.rows].map((r) => r.map((c) => cut(c, 48)));
      const widths = b.table.head.map((_h, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
      for (const r of rows)
        out.push(
          r
            .map((c, i) => c.padEnd(widths[i] ?? 0))
            .join('  ')
            .trimEnd(),
        );
    }
  }
  return `${out.join('\n').trim()}\n`;
}

export function renderJson(value: JudgeOutput): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

export const renderers = { text: renderText, markdown: renderMarkdown, json: renderJson } as const;
export type OutputFormat = keyof typeof renderers;
