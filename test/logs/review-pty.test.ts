/**
 * evaluate-skill as a person uses it: the built CLI on a real pseudo-terminal (test/support/pty-drive.py, python's
 * pty.fork), answers typed after the question shows, Enter as the terminal sends it (CR). Checks what the screen
 * showed and what the log files hold afterwards. Run `npm run build` first (npm test does).
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { logFileFor, parseLogFile, parseSkillRef, type LogEntry } from '../../src/logs/index.js';
import { tempTree } from '../support/tmp.js';
import { HANG_LIMIT_MS } from '../support/cpu-time.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = path.join(ROOT, 'dist/bin/plugin-eval.js');
const DRIVER = path.join(ROOT, 'test/support/pty-drive.py');
const tree = tempTree('plugin-eval-review-pty-');
const REF = parseSkillRef('imbue:proof')!;
const HOUR = 3_600_000;

type Step = { expect: string } | { send: string } | { signal: number };
interface Screen {
  screen: string;
  code: number;
  failed: { step: number; expect: string } | null;
}

/** The terminal's text without readline's cursor moves, lines joined with \n. */
const CSI = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*[A-Za-z]`, 'g');
const plain = (screen: string): string => screen.replace(CSI, '').replace(/\r+\n/g, '\n').replace(/\r/g, '');

async function onTerminal(args: string[], steps: Step[], env: Record<string, string> = {}): Promise<Screen> {
  const script = { argv: [process.execPath, BIN, ...args], steps, env: { NO_COLOR: '1', ...env }, timeout: 30 };
  const { stdout } = await promisify(execFile)('python3', [DRIVER, JSON.stringify(script)], { maxBuffer: 8 << 20 });
  return JSON.parse(stdout) as Screen;
}

/** Four executions of imbue:proof: three in the last hours (newest first: n1, n2, n3), one a month old. */
function logs(name: string): { root: string; files: string[]; raw: Map<string, string> } {
  const root = tree.dir(name);
  const raw = new Map<string, string>();
  const files = new Set<string>();
  const now = Date.now();
  for (const [id, ago] of [
    ['old', 30 * 24 * HOUR],
    ['n3', 3 * HOUR],
    ['n2', 2 * HOUR],
    ['n1', HOUR],
  ] as const) {
    const end = new Date(now - ago);
    const line = JSON.stringify({
      timestamp: end.toISOString(),
      invocation_id: id,
      skill: REF.ref,
      plugin: REF.plugin,
      skill_name: REF.skill,
      duration_ms: 2345,
      outcome: id === 'n2' ? 'partial' : 'success',
      context: { session_id: `sess-${id}`, output_preview: `output of ${id}` },
      error: null,
      qualitative_evaluation: null,
    });
    const file = logFileFor(root, REF, end);
    tree.write(path.relative(tree.root, file), `${existsSync(file) ? readFileSync(file, 'utf8') : ''}${line}\n`);
    raw.set(id, line);
    files.add(file);
  }
  return { root, files: [...files], raw };
}

/** Every line of the skill's files, parsed with the schema, by invocation id, with its raw text. */
function saved(files: readonly string[]): Map<string, { entry: LogEntry; text: string }> {
  const out = new Map<string, { entry: LogEntry; text: string }>();
  for (const file of files) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const parsed = parseLogFile(file);
    expect(parsed.badLines).toEqual([]);
    for (const r of parsed.entries) out.set(r.entry.invocation_id, { entry: r.entry, text: lines[r.line - 1]! });
  }
  return out;
}

describe('evaluate-skill on a terminal', () => {
  it(
    'a batch review: a bad rating asked again, multi-line friction, a skip, a summary; each answer saved in its line',
    async () => {
      expect(existsSync(BIN), 'run `npm run build` first (npm test does)').toBe(true);
      const { root, files, raw } = logs('batch');
      // A multi-line answer: each line typed after its prompt ("Friction: ", then "> "), then Enter on an empty line.
      const lines = (items: string[]): Step[] => [
        ...items.flatMap((item): Step[] => [{ send: `${item}\r` }, { expect: '> ' }]),
        { send: '\r' },
      ];
      const rate = (rating: string, friction: string[], suggestions: string[], notes: string): Step[] => [
        { expect: 'Rating (1-5, s to skip, q to quit): ' },
        { send: `${rating}\r` },
        { expect: 'Friction: ' },
        ...lines(friction),
        { expect: 'Suggestions: ' },
        ...lines(suggestions),
        { expect: 'Notes: ' },
        { send: `${notes}\r` },
      ];
      const run = await onTerminal(
        ['evaluate-skill', 'imbue:proof', '--logs-dir', root, '--batch'],
        [
          { expect: 'Evaluating 1/3...' },
          { expect: 'Rating (1-5, s to skip, q to quit): ' },
          { send: '7\r' },
          { expect: 'Invalid rating: must be 1-5' },
          ...rate(
            '4',
            ['Needed to clarify what evidence meant', '- Too long'],
            ['Add examples of evidence'],
            'Otherwise worked well',
          ),
          { expect: 'Evaluating 2/3...' },
          { expect: 'Rating (1-5, s to skip, q to quit): ' },
          { send: 's\r' },
          { expect: 'Evaluating 3/3...' },
          ...rate('2', [], [], ''),
          { expect: 'Average rating: 3.0/5.0' },
        ],
      );
      const screen = plain(run.screen);
      expect(run.failed, screen).toBeNull();
      expect(run.code, screen).toBe(0);
      expect(screen).toContain('Found 3 unevaluated execution(s) of imbue:proof in the last 7 days.');
      expect(screen).toMatch(
        /Evaluating 1\/3\.\.\.\nExecution at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(2\.3s, success\)\n {2}Context: output of n1\n {2}Session: sess-n1\n/,
      );
      expect(screen).toContain(
        '5 - Exceptional (exceeded expectations)\n4 - Effective (achieved goal with minor friction)\n3 - Adequate ' +
          '(worked but had inefficiencies)\n2 - Poor (partial failure or workarounds needed)\n1 - Failed (did not ' +
          'achieve intended outcome)',
      );
      expect(screen).toContain('What friction did you encounter? (Press Enter twice to finish)');
      expect(screen).toContain(
        'Invalid rating: must be 1-5\nPlease enter a number between 1 and 5.\nRating (1-5, s to skip, q to quit): 4',
      );
      expect(screen).toContain('Context: output of n2'); // the skipped one was shown before it was skipped
      expect(screen).toContain('Executions evaluated: 2, skipped: 1');
      expect(screen).toContain(`Evaluations saved to: ${path.join(root, 'imbue', 'proof')}`);
      expect(screen).not.toContain('sess-old');

      const after = saved(files);
      expect(after.get('n1')!.entry.qualitative_evaluation).toMatchObject({
        rating: 4,
        friction_points: ['Needed to clarify what evidence meant', 'Too long'],
        improvement_suggestions: ['Add examples of evidence'],
        evaluator_notes: 'Otherwise worked well',
        evaluator: 'human',
      });
      expect(after.get('n3')!.entry.qualitative_evaluation).toMatchObject({
        rating: 2,
        friction_points: [],
        improvement_suggestions: [],
        evaluator_notes: '',
      });
      // Skipped and out-of-window executions keep their bytes.
      expect(after.get('n2')!.text).toBe(raw.get('n2'));
      expect(after.get('old')!.text).toBe(raw.get('old'));
    },
    HANG_LIMIT_MS,
  );

  it(
    'Ctrl-C halfway through the second execution: the first stays saved, the second is not, exit 130',
    async () => {
      const { root, files, raw } = logs('interrupt');
      const run = await onTerminal(
        ['evaluate-skill', 'imbue:proof', '--logs-dir', root, '--batch'],
        [
          { expect: 'Rating (1-5, s to skip, q to quit): ' },
          { send: '5\r' },
          { expect: 'Friction: ' },
          { send: '\r' },
          { expect: 'Suggestions: ' },
          { send: '\r' },
          { expect: 'Notes: ' },
          { send: 'great\r' },
          { expect: 'Evaluating 2/3...' },
          { expect: 'Rating (1-5, s to skip, q to quit): ' },
          { send: '3\r' },
          { expect: 'Friction: ' },
          { send: 'half a thou' },
          { send: '\x03' },
          { expect: 'Interrupted.' },
        ],
      );
      const screen = plain(run.screen);
      expect(run.failed, screen).toBeNull();
      expect(run.code, screen).toBe(130);
      expect(screen).toContain('Evaluations already saved stay saved (1); the one being answered was not saved.');
      expect(screen).toContain('Executions evaluated: 1, not reached: 2');
      expect(screen).not.toMatch(/\n\s+at /);
      const lines = saved(files);
      expect(lines.get('n1')!.entry.qualitative_evaluation).toMatchObject({ rating: 5, evaluator_notes: 'great' });
      for (const id of ['n2', 'n3', 'old']) expect(lines.get(id)!.text, id).toBe(raw.get(id));
    },
    HANG_LIMIT_MS,
  );

  it(
    'SIGINT from outside (kill -INT) at a question: exit 130, nothing written',
    async () => {
      const { root, files, raw } = logs('sigint');
      const run = await onTerminal(
        ['evaluate-skill', 'imbue:proof', '--logs-dir', root],
        [{ expect: 'Rating (1-5, s to skip, q to quit): ' }, { signal: 2 }, { expect: 'Interrupted.' }],
      );
      expect(run.failed, plain(run.screen)).toBeNull();
      expect(run.code).toBe(130);
      expect(plain(run.screen)).toContain('Reviewing the newest; --batch reviews all 3.');
      const lines = saved(files);
      for (const id of ['n1', 'n2', 'n3', 'old']) expect(lines.get(id)!.text, id).toBe(raw.get(id));
    },
    HANG_LIMIT_MS,
  );

  it(
    'without a terminal and without --invocation: exit 2 and how to run it from a script',
    async () => {
      const { root } = logs('piped');
      const child = spawn(process.execPath, [BIN, 'evaluate-skill', 'imbue:proof', '--logs-dir', root], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.stdin.end('4\n');
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(2);
      expect(stderr).toContain('standard input is not one');
      expect(stderr).toContain('plugin-eval evaluate-skill imbue:proof --invocation ID --rating 1-5');
    },
    HANG_LIMIT_MS,
  );
});
