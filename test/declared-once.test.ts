/**
 * The lists a contributor extends are declared once: the badges (model/badges.ts), the agent runner kinds
 * (model/runner-kinds.ts) and the output formats (the reporters tables). Each test reads src/ for a second
 * declaration or a branch on a name, and checks that what is derived from a table matches it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AGENT_RUNNER_KINDS, AGENT_RUNNER_TABLE } from '../src/model/runner-kinds.js';
import { AWARDED_BADGES, BADGE_ORDER } from '../src/model/badges.js';
import { BadgeName } from '../src/model/result.js';
import { REPORTER_FORMATS, REPORTER_NAMES, REPORTERS } from '../src/reporters/index.js';
import { SUMMARY_OUTPUT_TABLE, SUMMARY_OUTPUTS } from '../src/reporters/summary-output.js';
import { VALIDATE_OUTPUT_FORMATS, VALIDATE_OUTPUTS, VALIDATE_REPORTERS } from '../src/reporters/validate/index.js';
import { BADGES } from '../src/score/grades.js';
import { HistoryPoint } from '../src/store/schema.js';

const SRC = path.join(import.meta.dirname, '..', 'src');

function sourceFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** `file:line: text` of each line of src/ matching `pattern`, outside the files allowed to. */
function occurrences(pattern: RegExp, allowed: readonly string[] = []): string[] {
  return sourceFiles().flatMap((file) => {
    const rel = path.relative(SRC, file);
    if (allowed.includes(rel)) return [];
    return readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${rel}:${i + 1}: ${line.trim()}`] : []));
  });
}

describe('the badge list', () => {
  it('is written out in model/badges.ts only', () => {
    expect(occurrences(/'platinum',\s*'gold'/, ['model/badges.ts'])).toEqual([]);
  });

  it('is what the result schema, the store schema and the badge rules use', () => {
    expect(BadgeName.options).toEqual([...BADGE_ORDER]);
    expect(HistoryPoint.shape.badge.options).toEqual([...BADGE_ORDER]);
    expect([...BADGES, 'none']).toEqual([...BADGE_ORDER]);
    expect(AWARDED_BADGES).not.toContain('none');
  });
});

describe('the agent runner kinds', () => {
  it("are named in the runner table, the runner factory and each runner's own file only; nothing branches on a kind", () => {
    const allowed = [
      'model/runner-kinds.ts',
      'model/runner-kinds.generated.ts',
      'agent/runners.ts',
      'agent/claude-agent-runner.ts',
      'monte-carlo/estimate.ts',
    ];
    expect(occurrences(/'claude-agent-sdk'/, allowed)).toEqual([]);
    expect(occurrences(/[!=]==\s*'(messages|claude-agent-sdk)'|'(messages|claude-agent-sdk)'\s*[!=]==/)).toEqual([]);
  });

  it("are the table's keys", () => {
    expect(AGENT_RUNNER_KINDS).toEqual(Object.keys(AGENT_RUNNER_TABLE));
  });
});

describe('the output formats', () => {
  it('come from the reporters tables: no command tests --output by name', () => {
    expect(occurrences(/\boutput\s*[!=]==\s*'/)).toEqual([]);
    expect(occurrences(/'text',\s*'json',\s*'jsonl'/)).toEqual([]);
  });

  it('are not listed again in cli/: each --output takes its choices from its table', () => {
    const inCli = occurrences(/\.choices\(\[[^\]]*'json'/).filter((line) => line.startsWith('cli/'));
    expect(inCli).toEqual([]);
  });

  it("each table's names are its rows, with a reporter for each", () => {
    expect(REPORTER_NAMES).toEqual(Object.keys(REPORTER_FORMATS));
    expect(Object.keys(REPORTERS).sort()).toEqual([...REPORTER_NAMES].sort());
    expect(VALIDATE_OUTPUTS).toEqual(Object.keys(VALIDATE_OUTPUT_FORMATS));
    expect(Object.keys(VALIDATE_REPORTERS).sort()).toEqual([...VALIDATE_OUTPUTS].sort());
    expect(SUMMARY_OUTPUTS).toEqual(Object.keys(SUMMARY_OUTPUT_TABLE));
  });
});
