/**
 * The interactive review: the skill-evaluator agent's four questions per execution over node:readline (plain lines, so
 * a person, a pseudo-terminal or a test stream drives it alike). Each evaluation is saved the moment it is answered, so
 * quitting, Ctrl-C or a closed terminal loses at most the one being typed.
 */
import { createInterface, type Interface } from 'node:readline';
import {
  buildEvaluation,
  checkRating,
  FRICTION_QUESTION,
  NOTES_QUESTION,
  ratingQuestion,
  SUGGESTIONS_QUESTION,
  summarizeExecution,
  type ReviewOutcome,
} from '../logs/review.js';
import type { ReadEntry } from '../logs/read.js';
import type { QualitativeEvaluation } from '../logs/schema.js';

/** Writes `evaluation` into the line of `file` whose invocation id is `invocationId` (the locked store). */
export type SaveEvaluation = (file: string, invocationId: string, evaluation: QualitativeEvaluation) => unknown;

export interface SessionIo {
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  /** Whether input is a terminal: readline then echoes and edits lines itself. */
  terminal: boolean;
}

export interface SessionOptions {
  ref: string;
  logDir: string;
  executions: readonly ReadEntry[];
  save: SaveEvaluation;
  now: () => Date;
  signal?: AbortSignal | undefined;
}

/**
 * How a session ended: every execution offered, `q`, Ctrl-C, the input closed (Ctrl-D), or the store refused a save.
 */
export type SessionEnd = 'done' | 'quit' | 'interrupted' | 'closed' | 'save-failed';

export interface SessionResult {
  end: SessionEnd;
  outcome: ReviewOutcome;
  /** Why the save failed ('save-failed'). */
  error?: unknown;
}

const INTERRUPT = Symbol('interrupt');
const CLOSED = Symbol('closed');
type Answer = string | typeof INTERRUPT | typeof CLOSED;

/**
 * One line at a time from readline, with Ctrl-C (readline's SIGINT in raw mode, or the CLI's abort signal) and end of
 * input as answers of their own.
 */
class LineSource {
  private readonly queued: Answer[] = [];
  private waiting: ((answer: Answer) => void) | undefined;
  private ended: Answer | undefined;

  constructor(
    private readonly rl: Interface,
    signal: AbortSignal | undefined,
  ) {
    rl.on('line', (line) => this.push(line));
    rl.on('close', () => this.finish(CLOSED));
    rl.on('SIGINT', () => this.finish(INTERRUPT));
    signal?.addEventListener('abort', () => this.finish(INTERRUPT), { once: true });
  }

  private push(answer: Answer): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = undefined;
      resolve(answer);
    } else this.queued.push(answer);
  }

  private finish(answer: Answer): void {
    // Ctrl-C wins over the close that follows it.
    if (this.ended === undefined) this.ended = answer;
    if (this.waiting) this.push(this.ended);
  }

  ask(prompt: string): Promise<Answer> {
    const next = this.queued.shift() ?? this.ended;
    if (next !== undefined) {
      return Promise.resolve(next);
    }
    this.rl.setPrompt(prompt);
    this.rl.prompt();
    return new Promise((resolve) => (this.waiting = resolve));
  }
}

class Stop {
  constructor(readonly end: SessionEnd) {}
}

export async function runReviewSession(io: SessionIo, options: SessionOptions): Promise<SessionResult> {
  const rl = createInterface({ input: io.input, output: io.output, terminal: io.terminal });
  const lines = new LineSource(rl, options.signal);
  const say = (text: string): void => void io.output.write(`${text}\n`);
  const outcome: ReviewOutcome = { ref: options.ref, saved: [], skipped: 0, notReached: 0, logDir: options.logDir };
  const total = options.executions.length;

  /**
   * One line, or a Stop for Ctrl-C and end of input. A prompt echo is missing when input is not a terminal, so the
   * answer is echoed there.
   */
  const line = async (prompt: string): Promise<string> => {
    const answer = await lines.ask(prompt);
    if (answer === INTERRUPT) throw new Stop('interrupted');
    if (answer === CLOSED) throw new Stop('closed');
    if (!io.terminal) say(answer);
    return answer;
  };

  const multiLine = async (question: string, first: string): Promise<string[]> => {
    say(question);
    const items: string[] = [];
    for (let prompt = first; ; prompt = '> ') {
      const text = await line(prompt);
      if (text.trim() === '') return items;
      items.push(text);
    }
  };

  let index = 0;
  try {
    for (; index < total; index++) {
      const read = options.executions[index]!;
      say('');
      say(`Evaluating ${index + 1}/${total}...`);
      say(summarizeExecution(read.entry));
      say('');
      say(ratingQuestion());
      let rating: number | undefined;
      while (rating === undefined) {
        const answer = (await line('Rating (1-5, s to skip, q to quit): ')).trim().toLowerCase();
        if (answer === 's' || answer === 'skip') break;
        if (answer === 'q' || answer === 'quit') throw new Stop('quit');
        const checked = checkRating(answer);
        if (checked.ok) rating = checked.rating;
        else say(checked.message);
      }
      if (rating === undefined) {
        outcome.skipped++;
        say('Skipped.');
        continue;
      }
      say('');
      const friction = await multiLine(FRICTION_QUESTION, 'Friction: ');
      const suggestions = await multiLine(SUGGESTIONS_QUESTION, 'Suggestions: ');
      say(NOTES_QUESTION);
      const notes = await line('Notes: ');
      const evaluation = buildEvaluation({ rating, friction, suggestions, notes }, options.now());
      try {
        await options.save(read.file, read.entry.invocation_id, evaluation);
      } catch (saveError) {
        outcome.notReached = total - index;
        return { end: 'save-failed', outcome, error: saveError };
      }
      outcome.saved.push(evaluation);
      say(`Evaluation saved (${index + 1}/${total}).`);
    }
    return { end: 'done', outcome };
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    // The execution being answered counts as not reached: nothing of it was saved.
    outcome.notReached = total - index;
    return { end: error.end, outcome };
  } finally {
    rl.close();
  }
}
