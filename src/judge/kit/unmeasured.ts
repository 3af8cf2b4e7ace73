/**
 * What a judge output did not measure, as the lines the `judge` commands print on stderr: items with no result
 * (an unusable reply, a provider failure) and results measured only in part (a panel judge that failed, a skipped
 * criterion, a comparison judged in one order). Either makes the command's run partial (exit 3).
 */
import type { JudgeOutput } from './render.js';
import type { BatchFailure } from './report-schemas.js';

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
const itemLine = (f: BatchFailure): string =>
  `item ${f.index + 1}${f.id !== undefined ? ` (id ${f.id})` : ''}: ${oneLine(f.reason)}`;

/** What a judge output failed to measure, one line each (empty when everything was measured). */
export function notMeasured(value: JudgeOutput): string[] {
  if (!('kind' in value)) return [];
  switch (value.kind) {
    case 'score-batch':
    case 'compare-batch':
      return value.failed.map(itemLine);
    case 'direct':
    case 'panel':
    case 'pairwise':
      return value.status === 'unmeasured'
        ? [oneLine(value.kind === 'panel' ? value.warnings.join('; ') : (value.reason ?? 'unmeasured'))]
        : [];
    case 'screened':
      return value.final.status === 'unmeasured' ? notMeasured(value.final) : [];
    case 'calibration':
      return value.unmeasured > 0
        ? [`${value.unmeasured} of ${value.n} labelled items (left out of the agreement metrics)`]
        : [];
    default:
      return [];
  }
}

/**
 * What a judge output measured only in part, one line each: a panel judge that failed, a skipped criterion, a
 * comparison pass without a verdict. Like an unmeasured item, it makes the run partial (exit 3).
 */
export function measuredInPart(value: JudgeOutput): string[] {
  if (!('kind' in value)) return [];
  switch (value.kind) {
    case 'score-batch':
    case 'compare-batch':
      return value.partial.map(itemLine);
    case 'direct':
    case 'panel':
    case 'pairwise':
      return value.gaps.map(oneLine);
    case 'screened':
      return measuredInPart(value.final);
    default:
      return [];
  }
}
