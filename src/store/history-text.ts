/**
 * The trend of one target as text: a sparkline of the composite, then one line per recorded result with markers
 * where the content changed and for results that were reused rather than measured.
 */
import type { HistoryPoint, SkillHistory } from './types.js';

const BARS = '▁▂▃▄▅▆▇█';

/**
 * One bar per value, scaled between the lowest and highest value shown (the range is printed beside it, so a small
 * change that fills the height is read for what it is). Equal values are a flat middle line.
 */
export function sparkline(values: readonly number[]): string {
  if (values.length === 0) return '';
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values
    .map((v) => {
      if (hi === lo) return BARS[3];
      const step = Math.round(((v - lo) / (hi - lo)) * (BARS.length - 1));
      return BARS[step];
    })
    .join('');
}

const shortDate = (iso: string): string => iso.replace('T', ' ').slice(0, 16);
const pad = (text: string, width: number): string => text.padEnd(width);

/** What changed at this point: the content (a new segment of the trend), and whether it was measured at all. */
function markers(point: HistoryPoint, previous: HistoryPoint | undefined): string {
  const marks: string[] = [];
  if (previous !== undefined && previous.contentHash !== point.contentHash) marks.push('content changed');
  if (point.composite === null) marks.push('not scored');
  if (point.reused) marks.push('reused (not measured again)');
  if (point.partial) marks.push('partial');
  return marks.join(', ');
}

export function formatHistoryText(history: SkillHistory): string {
  const points = history.points;
  // A result with nothing scored has no composite: it is a row below, never a point of the trend.
  const composites = points.flatMap((p) => (p.composite === null ? [] : [p.composite]));
  const first = composites[0];
  const last = composites[composites.length - 1];
  const trend =
    first === undefined || last === undefined
      ? 'no composite (nothing scored)'
      : `${first.toFixed(1)} -> ${last.toFixed(1)} ` +
        `(range ${Math.min(...composites).toFixed(1)}-${Math.max(...composites).toFixed(1)})`;
  const lines = [
    `${history.target.name} (${history.target.kind}) ${history.target.key}`,
    `composite ${sparkline(composites)}  ${points.length} result${points.length === 1 ? '' : 's'}, ${trend}`,
    '',
    `${pad('date (UTC)', 17)} ${pad('composite', 9)} ${pad('badge', 8)} ${pad('depth', 8)} ${pad('method', 7)} ${pad('coverage', 8)} ${pad('content', 8)}  ` +
      `note`,
  ];
  points.forEach((p, i) => {
    const row = [
      pad(shortDate(p.recordedAt), 17),
      pad(p.composite === null ? '—' : p.composite.toFixed(1), 9),
      pad(p.badge, 8),
      pad(p.depth, 8),
      pad(p.methodology, 7),
      pad(`${Math.round(p.coverage * 100)}%`, 8),
      pad(p.contentHash.slice(0, 8), 8),
    ].join(' ');
    const note = markers(p, points[i - 1]);
    lines.push(note ? `${row}  ${note}` : row.trimEnd());
  });
  return `${lines.join('\n')}\n`;
}
