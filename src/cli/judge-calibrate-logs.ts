/**
 * `judge calibrate --from-logs [--skill plugin:skill] [--logs-dir DIR]`: the judge rates the logged executions people
 * rated; agreement is reported (src/judge/calibrate-from-logs.ts). Exit 0 with a report; 3 when fewer than the minimum
 * of executions could be both rated and judged (nothing is claimed from too few); 2 for a bad --skill or no logs.
 */
import { writeFileAtomic } from '../util/atomic-write.js';
import { UsageError } from '../errors.js';
import {
  MIN_RATED_FOR_CALIBRATION,
  calibrateFromLogs,
  ratedExecutions,
  renderLogCalibrationText,
  tooFewRated,
} from '../judge/calibrate-from-logs.js';
import { loadAllLogs } from '../logs/learnings.js';
import { logsRoot, parseSkillRef } from '../logs/paths.js';
import { EXIT } from './exit-codes.js';
import type { Provider } from '../providers/index.js';
import { renderSummary } from '../reporters/summary-output.js';

export interface CalibrateFromLogsFlags {
  skill?: string;
  logsDir?: string;
  output: 'text' | 'json' | 'markdown';
  out?: string;
}

export interface CalibrateFromLogsDeps {
  judge: () => Promise<{ provider: Provider; model: string }>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  setExit?: (code: number) => void;
  env?: NodeJS.ProcessEnv;
  /** Ctrl-C: calls in flight and queued are cancelled (exit 130). */
  signal?: AbortSignal;
}

export async function runCalibrateFromLogs(flags: CalibrateFromLogsFlags, deps: CalibrateFromLogsDeps): Promise<void> {
  const ref = flags.skill === undefined ? undefined : parseSkillRef(flags.skill);
  if (flags.skill !== undefined && ref === undefined)
    throw new UsageError(`--skill must be plugin:skill (letters, digits, _ and -), got "${flags.skill}"`);
  const root = logsRoot({
    ...(flags.logsDir !== undefined ? { logsDir: flags.logsDir } : {}),
    env: deps.env ?? process.env,
  });
  const read = loadAllLogs(root, ref);
  if (read.badLines.length > 0)
    deps.stderr.write(
      `plugin-eval: judge: ${read.badLines.length} unreadable log line(s) skipped, ` +
        `e.g. ${read.badLines[0]!.file}:${read.badLines[0]!.line}: ${read.badLines[0]!.reason}\n`,
    );
  // Too few ratings: said without building a judge (no credentials needed to learn that).
  const report =
    ratedExecutions(read.entries).rated.length < MIN_RATED_FOR_CALIBRATION
      ? tooFewRated(read.entries, MIN_RATED_FOR_CALIBRATION, { model: '(not run)', provider: '(not run)' })
      : await deps
          .judge()
          .then(({ provider, model }) =>
            calibrateFromLogs(provider, read.entries, { model, ...(deps.signal ? { signal: deps.signal } : {}) }),
          );
  // Markdown is the text report: it has no tables of its own yet.
  const text = renderSummary(flags.output, report, () => renderLogCalibrationText(report));
  if (flags.out === undefined) deps.stdout.write(text);
  else await writeFileAtomic(flags.out, text);
  for (const u of report.unmeasured)
    deps.stderr.write(
      `plugin-eval: judge: not measured: ${u.skill} ${u.invocationId}: ${u.reason.replace(/\s+/g, ' ')}\n`,
    );
  if (!report.enough) {
    // Too few rated, or enough rated but too few of them judged (judge calls failed): say which number fell short.
    const short =
      report.rated < report.minRated
        ? `${report.rated} rated execution(s)`
        : `${report.n} of ${report.rated} rated execution(s) judged`;
    deps.stderr.write(
      `plugin-eval: judge: agreement not measured (exit 3): ${short}; at least ${report.minRated} needed\n`,
    );
    deps.setExit?.(EXIT.NOT_MEASURED);
  }
}
