/**
 * The drill-down of one result: findings (diagnostics with file:line, anti-patterns), each dimension's evidence
 * and the layers that measured it, tips biggest gain first, measurement gaps and the Elo rating. Texts only; the
 * page script places them with textContent.
 */
import { DIMENSIONS } from '../../model/dimensions.js';
import type { DimensionResult, ScoreResult } from '../../model/result.js';
import {
  coverageText,
  gapText,
  layersNotRunText,
  location,
  sortDiagnostics,
  tipGain,
  tipRemoves,
  tipSubject,
  tipWhere,
} from '../../reporters/shared.js';
import { formatDimensionScore } from '../../score/display.js';
import { upliftLine } from '../../reporters/uplift-line.js';
import type { DimensionDetail, SkillDetail } from './model.js';

/** What an unmeasured score is shown as, everywhere: never a number. */
export const NOT_MEASURED = 'not measured';

/** "triggering_accuracy" -> "Triggering accuracy" */
export function dimensionLabel(name: string): string {
  const words = name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function dimensionDetail(d: DimensionResult): DimensionDetail {
  const layers = Object.entries(d.layers).map(([layer, score]) => `${layer} ${formatDimensionScore(score)}`);
  const notes: string[] = [];
  if (!d.measured || d.score === null)
    notes.push(`Not measured${d.unmeasuredReason ? `: ${d.unmeasuredReason}` : ''}.`);
  for (const [layer, reason] of Object.entries(d.notMeasuredBy ?? {}))
    notes.push(`${layer} ran and did not measure it: ${reason}`);
  return {
    label: dimensionLabel(d.name),
    text: d.measured && d.score !== null ? formatDimensionScore(d.score) : NOT_MEASURED,
    grade: d.measured ? d.grade : null,
    layers: layers.length > 0 ? `measured by ${layers.join(', ')}` : 'measured by no layer',
    evidence: d.evidence,
    notes,
  };
}

function eloDetail(result: ScoreResult): SkillDetail['elo'] {
  const elo = result.elo;
  if (!elo) return null;
  if (elo.status === 'unmeasured' || elo.rating === null)
    return { summary: `Elo not measured${elo.reason ? `: ${elo.reason}` : ''}`, notes: elo.notes };
  const interval =
    elo.ciLow !== null && elo.ciHigh !== null
      ? `, 95% interval ${Math.round(elo.ciLow)}–${Math.round(elo.ciHigh)}`
      : '';
  const bt = elo.bradleyTerry;
  const fit =
    bt?.status === 'measured' && bt.rating !== null
      ? `; Bradley-Terry ${Math.round(bt.rating)}` +
        (bt.ciLow !== null && bt.ciHigh !== null
          ? `, 95% interval ${Math.round(bt.ciLow)}–${Math.round(bt.ciHigh)}`
          : '')
      : '';
  const record = `${elo.wins} won, ${elo.losses} lost, ${elo.ties} tied of ${elo.matches} measured matchups${elo.unmeasured > 0 ? ` (${elo.unmeasured} unmeasured)` : ''}`;
  return { summary: `Elo ${Math.round(elo.rating)} (online${interval})${fit}: ${record}`, notes: elo.notes };
}

export function skillDetail(result: ScoreResult, trendText: string): SkillDetail {
  const byOrder = [...result.dimensions].sort((a, b) => DIMENSIONS.indexOf(a.name) - DIMENSIONS.indexOf(b.name));
  const gaps = result.measurement.gaps.map((g) => gapText(result, g));
  if (result.layersNotRun.length > 0) gaps.push(`Layers not run: ${layersNotRunText(result)}`);
  return {
    confidence: result.composite.confidenceLabel,
    coverage: coverageText(result),
    penalty:
      result.composite.penalty < 1
        ? `anti-pattern penalty ×${result.composite.penalty.toFixed(2)} (raw ` +
          `composite ${result.composite.rawScore.toFixed(1)})`
        : 'no anti-pattern penalty',
    dimensions: byOrder.map(dimensionDetail),
    diagnostics: sortDiagnostics(result.diagnostics).map((d) => ({
      where: location(d.file, d.line, d.column),
      severity: d.severity,
      rule: d.ruleId,
      message: d.message,
    })),
    antiPatterns: result.antiPatterns.map((a) => ({
      flag: a.flag,
      where: a.file ? location(a.file, a.line) : '',
      description: a.description,
    })),
    tips: [...result.tips]
      .sort((a, b) => b.gain - a.gain)
      .map((t) => {
        const removes = tipRemoves(t);
        return {
          gain: tipGain(t),
          subject: `${tipSubject(t)}${result.target.kind === 'plugin' ? ` in ${tipWhere(t)}` : ''}${removes ? ` (${removes})` : ''}`,
          action: t.action,
          example: t.example ?? null,
        };
      }),
    gaps,
    elo: eloDetail(result),
    uplift: upliftLine(result) ?? null,
    trendText,
  };
}
