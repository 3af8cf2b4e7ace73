/**
 * The measured uplift as one plain line, the first thing every report says of a result that has one (text wraps
 * it, Markdown and HTML escape it): the uplift with its interval, the win rate and the counts behind them, or why it
 * was not measured. Nothing when no uplift was asked for.
 */
import type { Uplift } from '../model/uplift.js';
import type { ScoreResult } from '../model/result.js';

const signed = (n: number): string => `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(2)}`;
const count = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the uplift's counts rest on, e.g. "6 wins, 0 losses, 2 ties (1 split by position) over 8 comparisons of 4 prompts". */
function countsText(u: Uplift): string {
  if (u.source === 'evals')
    return `${u.wins} of ${count(u.comparisons, 'eval')} better in the candidate, ${u.losses} worse, ${u.ties} the same`;
  const splits = u.splits > 0 ? ` (${u.splits} split by position)` : '';
  const lost = u.unmeasured > 0 ? `; ${u.unmeasured} unmeasured (infrastructure), not counted` : '';
  return (
    `${count(u.wins, 'win')}, ${u.losses} loss${u.losses === 1 ? '' : 'es'}, ${count(u.ties, 'tie')}${splits} ` +
    `over ${count(u.comparisons, 'comparison')} of ${count(u.prompts, 'prompt')}${lost}`
  );
}

/** "Uplift +0.50 (95% CI +0.17 to +0.83) · win rate 75% · ...", or "Uplift not measured: REASON". */
export function upliftText(u: Uplift): string {
  const what =
    u.source === 'evals' ? `Uplift (evals pass rate, ${u.configurations ?? 'with minus without'})` : 'Uplift';
  if (u.status !== 'measured' || u.uplift === null) return `${what} not measured: ${u.reason ?? 'no comparison'}`;
  const ci = u.low !== null && u.high !== null ? ` (95% CI ${signed(u.low)} to ${signed(u.high)})` : '';
  const winRate = u.winRate !== null ? ` · win rate ${Math.round(u.winRate * 100)}%` : '';
  return `${what} ${signed(u.uplift)}${ci}${winRate} · ${countsText(u)}`;
}

export function upliftLine(result: Pick<ScoreResult, 'uplift'>): string | undefined {
  return result.uplift === undefined ? undefined : upliftText(result.uplift);
}

/** The uplift's figures without the comparison records, with its line: what a summary format carries. */
export function upliftSummary(u: Uplift): Omit<Uplift, 'records'> & { text: string } {
  const { records: _records, ...figures } = u;
  return { ...figures, text: upliftText(u) };
}
