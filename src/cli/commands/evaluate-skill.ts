/**
 * `plugin-eval evaluate-skill <plugin:skill>`: a person rates logged executions of a skill, on a terminal (the
 * skill-evaluator agent's four questions) or from a script (`--invocation ID --rating N ...`). Every save goes through
 * the locked store, so a hook appending to the same day file at that moment loses nothing (the reference's plain
 * rewrite could).
 */
import { InputError, PluginEvalError, UsageError } from '../../errors.js';
import { optionalNumberFlag } from '../../config/numbers.js';
import { logsRoot, parseSkillRef, skillLogDir, type SkillRef } from '../../logs/paths.js';
import { readLogs, type ReadEntry, type ReadLogsResult } from '../../logs/read.js';
import {
  buildEvaluation,
  checkRating,
  describeMode,
  humanTime,
  isCalendarDate,
  nothingToReviewMessage,
  RECENT_DAYS,
  reviewSummary,
  seconds,
  selectForReview,
  type ReviewMode,
} from '../../logs/review.js';
import { savedRating, unevaluatedList } from '../../logs/review-report.js';
import { RATING_LABELS } from '../../logs/schema.js';
import { EXIT } from '../exit-codes.js';
import { runReviewSession, type SaveEvaluation, type SessionIo } from '../review-session.js';
import type { Ui } from '../ui.js';
import { visibleControls } from '../../util/text.js';
import { renderSummary, summaryOutput } from '../../reporters/summary-output.js';

export interface EvaluateSkillFlags {
  recent?: boolean;
  all?: boolean;
  date?: string;
  days?: string;
  batch?: boolean;
  list?: boolean;
  invocation?: string;
  rating?: string;
  friction?: string[];
  suggestion?: string[];
  notes?: string;
  replace?: boolean;
  output?: 'text' | 'json';
  logsDir?: string;
}

/** The outside world of the command; tests pass their own streams, clock and store. */
export interface EvaluateSkillDeps {
  io?: SessionIo;
  now?: () => Date;
  save?: SaveEvaluation;
  env?: NodeJS.ProcessEnv;
}

const processIo = (): SessionIo => ({
  input: process.stdin,
  output: process.stdout,
  terminal: Boolean(process.stdin.isTTY),
});

/** The locked store's save, loaded only when something is saved. */
const storeSave: SaveEvaluation = async (file, invocationId, evaluation) =>
  (await import('../../logs/store.js')).saveEvaluation(file, invocationId, evaluation);

/**
 * A save whose failures name the file: the store's refusals already do; anything else (a lock that stays busy is
 * the lock's own error type) would otherwise surface as an "unexpected error".
 */
const namingFailures =
  (save: SaveEvaluation): SaveEvaluation =>
  async (file, invocationId, evaluation) => {
    try {
      return await save(file, invocationId, evaluation);
    } catch (error) {
      if (error instanceof PluginEvalError) throw error;
      throw new InputError(
        `${file}: could not save the evaluation of ${invocationId} ` +
          `(${error instanceof Error ? error.message : String(error)}); the file is unchanged`,
        file,
        error,
      );
    }
  };

function modeOf(flags: EvaluateSkillFlags): ReviewMode {
  const chosen = [flags.recent && '--recent', flags.all && '--all', flags.date !== undefined && '--date'].filter(
    Boolean,
  );
  if (chosen.length > 1)
    throw new UsageError(`evaluate-skill: ${chosen.join(' and ')} choose different executions; give one of them`);
  if (flags.days !== undefined && (flags.all || flags.date !== undefined))
    throw new UsageError('evaluate-skill: --days sets the --recent window; it does not go with --all or --date');
  if (flags.all) return { kind: 'all' };
  if (flags.date !== undefined) {
    if (!isCalendarDate(flags.date))
      throw new UsageError(
        `evaluate-skill: --date ${JSON.stringify(flags.date)}: expected a calendar date YYYY-MM-DD (UTC), e.g. ` +
          `2026-01-08`,
      );
    return { kind: 'date', date: flags.date };
  }
  const days = optionalNumberFlag('evaluate-skill: --days', flags.days, { whole: true, min: 1 }) ?? RECENT_DAYS;
  return { kind: 'recent', days };
}

/** The skill-evaluator agent's "no logs" message, with where this tool looked and what moves that folder. */
function noLogsError(ref: SkillRef, dir: string, logs: ReadLogsResult): InputError {
  const unreadable =
    logs.badLines.length > 0
      ? [`${logs.badLines.length} line(s) there could not be read; the first: ${badLineText(logs.badLines[0]!)}`]
      : [];
  return new InputError(
    [
      `No execution logs found for skill: ${ref.ref}`,
      `Looked in: ${dir}`,
      ...unreadable,
      'This skill may not have been executed yet, or logging is not enabled.',
      'Check:',
      '- Skill name format (should be plugin:skill-name)',
      '- The logging hooks are installed: plugin-eval hooks status',
      '- The logs folder: --logs-dir DIR, or CLAUDE_HOME (logs live in $CLAUDE_HOME/skills/logs, default ' +
        '~/.claude/skills/logs)',
    ].join('\n'),
    dir,
  );
}

const badLineText = (bad: { file: string; line: number; reason: string }): string =>
  `${bad.file}:${bad.line}: ${bad.reason}`;

export async function runEvaluateSkill(
  rawRef: string,
  flags: EvaluateSkillFlags,
  ui: Ui,
  deps: EvaluateSkillDeps = {},
): Promise<number> {
  const ref = parseSkillRef(rawRef);
  if (ref === undefined)
    throw new UsageError(
      `evaluate-skill: ${JSON.stringify(rawRef)} is not a skill reference; expected plugin:skill-name (e.g. ` +
        `imbue:proof-of-work), each part letters, digits, - or _`,
    );
  const answers = {
    rating: flags.rating,
    friction: flags.friction?.length,
    suggestion: flags.suggestion?.length,
    notes: flags.notes,
    replace: flags.replace,
  };
  const given = Object.entries(answers).filter(([, v]) => v !== undefined && v !== false);
  if (flags.invocation === undefined && given.length > 0)
    throw new UsageError(
      `evaluate-skill: --${given[0]![0]} answers for one execution: give it with --invocation ID (list them ` +
        `with --list)`,
    );
  if (flags.invocation !== undefined && flags.rating === undefined)
    throw new UsageError(
      'evaluate-skill: --invocation needs --rating 1-5 (and optionally --friction, --suggestion, --notes)',
    );
  if (summaryOutput(flags.output).structured && flags.invocation === undefined && !flags.list)
    throw new UsageError(
      'evaluate-skill: --output json goes with --invocation or --list; the review itself asks on a terminal',
    );
  const mode = modeOf(flags);
  const now = deps.now ?? (() => new Date());
  const save = namingFailures(deps.save ?? storeSave);

  const root = logsRoot({ logsDir: flags.logsDir, env: deps.env });
  const dir = skillLogDir(root, ref);
  const logs = readLogs(root, { ref });
  if (logs.entries.length === 0) throw noLogsError(ref, dir, logs);
  if (logs.badLines.length > 0) {
    ui.stderr(
      `plugin-eval: ${logs.badLines.length} unreadable log line(s) skipped, e.g. ${badLineText(logs.badLines[0]!)}`,
    );
  }

  if (flags.invocation !== undefined) return rateOne(ref, logs.entries, flags, ui, now, save);

  // Kept by --all (sorted last), but in no --recent or --date window: said, so that a window never hides them silently.
  if (mode.kind !== 'all' && logs.undated.length > 0) {
    ui.stderr(
      `plugin-eval: ${logs.undated.length} execution(s) left out of the window: their timestamp is not a date ` +
        `(--all includes them), e.g. ${badLineText(logs.undated[0]!)}`,
    );
  }
  const selection = selectForReview(logs.entries, mode, now());
  if (flags.list) return listExecutions(ref, selection.toReview, mode, flags, ui);
  if (selection.toReview.length === 0) throw new InputError(nothingToReviewMessage(ref.ref, mode, selection), dir);

  const io = deps.io ?? processIo();
  if (!io.terminal) {
    throw new UsageError(
      [
        'evaluate-skill: the review asks its questions on a terminal, and standard input is not one.',
        'From a script, rate one execution at a time:',
        `  plugin-eval evaluate-skill ${ref.ref} --invocation ID --rating 1-5 [--friction TEXT]... ` +
          `[--suggestion TEXT]... [--notes TEXT]`,
        `(the IDs: plugin-eval evaluate-skill ${ref.ref} --list --output json)`,
      ].join('\n'),
    );
  }
  const offered = flags.batch ? selection.toReview : selection.toReview.slice(0, 1);
  const say = (text: string): void => void io.output.write(`${text}\n`);
  const window = describeMode(mode);
  say(`Found ${selection.toReview.length} unevaluated execution(s) of ${ref.ref}${window ? ` ${window}` : ''}.`);
  if (!flags.batch && selection.toReview.length > 1)
    say(`Reviewing the newest; --batch reviews all ${selection.toReview.length}.`);

  const result = await runReviewSession(io, {
    ref: ref.ref,
    logDir: dir,
    executions: offered,
    save,
    now,
    signal: ui.signal,
  });
  if (result.end === 'interrupted')
    say(
      `\nInterrupted. Evaluations already saved stay saved (${result.outcome.saved.length}); the one being ` +
        `answered was not saved.`,
    );
  if (result.end === 'closed') say('\nInput ended. The one being answered was not saved.');
  if (result.end === 'save-failed')
    ui.stderr(
      `plugin-eval: could not save the ` +
        `evaluation: ${result.error instanceof Error ? result.error.message : String(result.error)}`,
    );
  say('');
  say(reviewSummary(result.outcome));
  const left = selection.toReview.length - result.outcome.saved.length - result.outcome.skipped;
  if (!flags.batch && left > 0 && result.end === 'done')
    say(`\n${left} more unevaluated: plugin-eval evaluate-skill ${ref.ref} --batch`);
  if (result.end === 'interrupted') return EXIT.INTERRUPTED;
  return result.end === 'save-failed' ? EXIT.INPUT : EXIT.OK;
}

/** The non-interactive form: one execution, answers from flags. */
async function rateOne(
  ref: SkillRef,
  entries: readonly ReadEntry[],
  flags: EvaluateSkillFlags,
  ui: Ui,
  now: () => Date,
  save: SaveEvaluation,
): Promise<number> {
  const id = flags.invocation!;
  const checked = checkRating(flags.rating!);
  if (!checked.ok)
    throw new UsageError(
      `evaluate-skill: --rating ${JSON.stringify(flags.rating)}: ${checked.message.replace('\n', '. ')}`,
    );
  const found = entries.find((read) => read.entry.invocation_id === id);
  if (found === undefined) {
    throw new InputError(
      `evaluate-skill: no execution of ${ref.ref} has invocation id ${JSON.stringify(id)} (${entries.length} ` +
        `logged; list the unevaluated ones with --list --all)`,
    );
  }
  const previous = found.entry.qualitative_evaluation;
  if (previous !== null && !flags.replace) {
    throw new InputError(
      `evaluate-skill: ${id} was already evaluated at ${previous.evaluated_at} (rating ${previous.rating}); ` +
        `pass --replace to overwrite it`,
      found.file,
    );
  }
  const evaluation = buildEvaluation(
    {
      rating: checked.rating,
      friction: flags.friction ?? [],
      suggestions: flags.suggestion ?? [],
      notes: flags.notes ?? '',
    },
    now(),
  );
  await save(found.file, id, evaluation);
  const saved = savedRating(ref.ref, { invocationId: id, file: found.file, replaced: previous !== null, evaluation });
  ui.stdout(
    renderSummary(
      flags.output,
      saved,
      () =>
        `Evaluation saved: ${id} rated ${checked.rating}/5 ` +
        `(${RATING_LABELS[checked.rating]})${previous !== null ? `, replacing rating ${previous.rating}` : ''}\nIn: ${found.file}\n`,
    ),
  );
  return EXIT.OK;
}

/** `--list`: the executions a review would offer, for scripts to pick IDs from. */
function listExecutions(
  ref: SkillRef,
  toReview: readonly ReadEntry[],
  mode: ReviewMode,
  flags: EvaluateSkillFlags,
  ui: Ui,
): number {
  const window = describeMode(mode);
  const text = (): string =>
    `${toReview.length} unevaluated execution(s) of ${ref.ref}${window ? ` ${window}` : ''}\n` +
    toReview
      .map(
        ({ entry }) =>
          `${visibleControls(`${entry.invocation_id}  ${humanTime(entry.timestamp)}`)}  ${seconds(entry.duration_ms)}  ${entry.outcome}\n`,
      )
      .join('');
  ui.stdout(renderSummary(flags.output, unevaluatedList(ref.ref, mode, toReview), text));
  return EXIT.OK;
}
