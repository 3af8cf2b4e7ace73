/**
 * Differential test against Claude Code's own plugin validator: the shipped `claude plugin validate --json` and
 * plugin-eval's `validate --output json` over the shared corpus's plugins and the probes in
 * test/fixtures/claude-parity, compared per plugin and per class of finding (error, warning or ok). Every
 * disagreement must be one docs/rules.md lists with its reason; a new one, or a listed one that is gone, fails.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { cli } from './support/cli.js';
import {
  claudeVerdicts,
  ourVerdicts,
  pluginFolders,
  runClaudeValidate,
  type FindingClass,
  type OurDiagnostic,
  type Verdicts,
} from './support/claude-validate.js';
import { CORPUS_DIR } from './support/corpus.js';
import { tempTree } from './support/tmp.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIXTURES = path.join(ROOT, 'test/fixtures');
const PROBES = path.join(FIXTURES, 'claude-parity');
const CORPUS_PLUGINS = path.join(CORPUS_DIR, 'claude-plugins-official');
/** SKILL.md is held to the Agent Skills spec (its own parity table): only the plugin's own files are compared here. */
const COMPARED: readonly FindingClass[] = ['manifest', 'hooks', 'mcp', 'agents', 'commands'];

/** Rows of the Markdown table under `heading` in docs/rules.md, each as its cells (backticks removed). */
function docTable(doc: string, heading: string): string[][] {
  const start = doc.indexOf(`\n${heading}\n`);
  expect(start, `docs/rules.md has no "${heading}"`).toBeGreaterThan(-1);
  const after = doc.slice(start + heading.length + 2);
  const lines = after.split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim().replace(/`/g, '')),
    );
  }
  return rows;
}

const name = (folder: string) =>
  folder.startsWith(PROBES) ? path.relative(FIXTURES, folder) : path.relative(CORPUS_DIR, folder);

describe('parity with `claude plugin validate` (the shipped Claude Code binary)', () => {
  const folders = [...pluginFolders(CORPUS_PLUGINS), ...pluginFolders(PROBES)];
  const doc = readFileSync(path.join(ROOT, 'docs/rules.md'), 'utf8');
  const ignored = new Set(docTable(doc, '### Rules Claude Code has no counterpart for').map((r) => r[0]!));
  const allowed = docTable(doc, '### Where plugin-eval and Claude Code disagree').map((r) => r.slice(0, 4).join(' '));
  const disagreements: string[] = [];
  const agreeing: string[] = [];

  beforeAll(async () => {
    const home = tempTree('plugin-eval-claude-home-').root;
    const [claude, ours] = await Promise.all([
      runClaudeValidate(folders, { home, concurrency: 4 }),
      cli('validate', '--output', 'json', ...folders),
    ]);
    const report = JSON.parse(ours.stdout) as { diagnostics: OurDiagnostic[] };
    for (const folder of folders) {
      const theirs: Verdicts = claudeVerdicts(claude.get(folder)!);
      const mine = ourVerdicts(folder, report.diagnostics, ignored);
      let same = true;
      for (const cls of COMPARED) {
        const a = theirs[cls] ?? 'ok';
        const b = mine[cls] ?? 'ok';
        if (a === b) continue;
        same = false;
        disagreements.push(`${name(folder)} ${cls} ${a} ${b}`);
      }
      if (same) agreeing.push(name(folder));
    }
    console.log(`claude parity: ${agreeing.length} of ${folders.length} plugins agree`);
  });

  it('runs over the corpus plugins and every probe', () => {
    expect(folders.filter((f) => f.startsWith(CORPUS_PLUGINS)).length).toBe(15);
    expect(folders.filter((f) => f.startsWith(PROBES)).length).toBeGreaterThanOrEqual(25);
  });

  it('disagrees only where docs/rules.md says why', () => {
    expect(disagreements.sort()).toEqual([...allowed].sort());
  });
});
