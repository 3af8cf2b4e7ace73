/**
 * User JSON and JSON Lines files are read through parse/json-reader.ts (or, for messages of their own, parse/json.ts's
 * parseJsonText beneath it). This lists every other `JSON.parse(` in src/ with why it may stay, so a new hand-written
 * parse of a file shows up here; an entry whose call is gone fails too, so the list cannot go stale.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SRC_DIR, sourceFiles } from '../support/source-files.js';

const ALLOWED: Record<string, string> = {
  'parse/json.ts': 'the parser under the reader',
  'parse/json-duplicates.ts': 'decodes one key string while scanning for duplicate keys',
  'parse/json-reader.ts': 'the reader itself (JSON Lines, one line at a time)',
  'parse/simple-yaml.ts': 'decodes a double-quoted YAML scalar, not a file',
  'providers/structured.ts': 'a model reply, not a file',
  'providers/cache/store.ts': 'our own cache rows',
  'store/sqlite-store.ts': 'our own database rows',
  'store/migrations.ts': 'our own database rows',
  'store/journal-fold.ts': 'our own journal lines, checked against their schema; a torn line is skipped with a warning',
  'queue/unreadable-jobs.ts': 'only asks whether job data in Redis parses, to fail the job that does not',
  'logs/hook-entry.ts': 'the hook input Claude Code writes on stdin',
  'logs/hook.ts': 'our own pending-call records and lines of the transcript Claude Code writes; a bad line is skipped',
  'logs/store.ts': 'our own log lines, a bad one skipped',
  'evals/grade/programmatic.ts':
    'a json_path expectation on an agent output already read within its bound; not JSON is the verdict',
  'rules/security/claude-settings.ts': 'a rule over a skill file already read within its bound; not JSON is a finding',
  'rules/validation/hook-quoting-fix.ts':
    'a fix reads back the one string literal it edits, and a hooks file validate already read and located',
  'rules/validation/json-fix-input.ts':
    'a fix starts from a manifest validate already read and located; not JSON means no fix, never a guess',
  'rules/validation/path-prefix-fix.ts': 'a fix reads back its own edited text to check it means what it should',
  'rules/injection/scan.ts': 'our generated scanner tables',
  'web/viewer/server.ts': 'a request body from the viewer page',
  'web/viewer/page-script.ts': 'browser code reading its page data and localStorage',
  'web/viewer/browser/dom.ts': 'browser code reading its page data',
  'web/viewer/browser/feedback.ts': 'browser code reading localStorage',
  'web/dashboard/page-script.ts': 'browser code reading its page data',
};

/** Files of src/ with a `JSON.parse(` call outside comments. */
function parseSites(): string[] {
  return sourceFiles()
    .filter((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .some((line) => /JSON\.parse\(/.test(line) && !/^\s*(\/\/|\*|\/\*)/.test(line)),
    )
    .map((file) => path.relative(SRC_DIR, file).split(path.sep).join('/'))
    .sort();
}

describe('JSON.parse in src/', () => {
  it('is called only where the list says why', () => {
    expect(parseSites().filter((rel) => !Object.hasOwn(ALLOWED, rel))).toEqual([]);
  });

  it('is still called in every listed file (the list does not outlive its reasons)', () => {
    expect(Object.keys(ALLOWED).sort()).toEqual(parseSites());
  });
});
