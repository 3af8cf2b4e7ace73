import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../src/cli/run.js';
import { SETTINGS } from '../src/config/settings.js';

/**
 * The README and docs as a new user follows them: every flag the README's tables name exists and every flag the
 * commands offer is documented, the defaults the settings table gives are the ones documented, every
 * environment variable is listed, and code samples import what the package exports from where it exports it
 * (they used to import `./judgekit/index.js`, a path inside this repository).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const README = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
const PKG = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  exports: Record<string, { import: string }>;
};

async function commands(): Promise<Map<string, Command>> {
  const ui = { stdout() {}, stderr() {}, color: false, stderrIsTTY: false, quiet: true, width: 80, signal: undefined };
  const program = await buildProgram(ui, () => {});
  return new Map(program.commands.map((c) => [c.name(), c]));
}

/** The long flags a command shows in --help (hidden ones and --help aside). */
function visibleFlags(command: Command): string[] {
  return command.options
    .filter((o) => !o.hidden && o.long !== undefined)
    .map((o) => o.long!)
    .sort();
}

/** The README's `score` option table: its rows, as [first cell, last cell]. */
function scoreTable(): [string, string][] {
  const start = README.indexOf('`score` options:');
  const rows = README.slice(start).split('\n').slice(1);
  const table = rows.slice(rows.findIndex((l) => l.startsWith('|')));
  return table
    .slice(
      2,
      table.findIndex((l) => !l.startsWith('|')),
    )
    .map((l) => {
      const cells = l.split(/(?<!\\)\|/).slice(1, -1);
      return [cells[0] ?? '', cells.at(-1) ?? ''];
    });
}

const flagsIn = (text: string): string[] => [...text.matchAll(/(?<![\w-])--[a-z][a-z-]*/g)].map((m) => m[0]);

describe('README against the command line', () => {
  it("the score table names exactly the flags of score (and certify's own)", async () => {
    const cmds = await commands();
    const documented = new Set(scoreTable().flatMap(([flags]) => flagsIn(flags)));
    const score = visibleFlags(cmds.get('score')!);
    const certifyOnly = visibleFlags(cmds.get('certify')!).filter((f) => !score.includes(f));
    expect(score.filter((f) => !documented.has(f))).toEqual([]);
    expect([...documented].filter((f) => !score.includes(f)).sort()).toEqual(certifyOnly);
  });

  it('the validate paragraph names exactly the flags of validate', async () => {
    const paragraph = README.slice(README.indexOf('`validate` options:')).split('\n\n')[0]!;
    const documented = new Set(flagsIn(paragraph.slice(0, paragraph.indexOf('The config file'))));
    expect([...documented].sort()).toEqual(visibleFlags((await commands()).get('validate')!));
  });

  it("the score table's defaults are the settings table's", () => {
    const rows = scoreTable();
    const checked: string[] = [];
    for (const spec of SETTINGS) {
      if (spec.flag === undefined) continue;
      const value = spec.default('score');
      // Paths (the store, the corpus) are the user's folders, written in the table with their variables.
      if ((typeof value !== 'string' && typeof value !== 'number') || String(value).includes(path.sep)) continue;
      const row = rows.find(([flags]) => flagsIn(flags).includes(spec.flag!));
      if (row === undefined) continue;
      expect(row[1], `${spec.flag}'s default`).toContain(String(value));
      checked.push(spec.flag);
    }
    expect(checked).toEqual(
      expect.arrayContaining([
        '--depth',
        '--methodology',
        '--jobs',
        '--threads',
        '--judges',
        '--concurrency',
        '--budget-tokens',
        '--ci-width',
        '--runner',
      ]),
    );
  });

  it('every environment variable of the settings table is listed in the README and docs/configuration.md', () => {
    const configuration = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    const variables = SETTINGS.flatMap((s) => (s.env === undefined ? [] : [s.env]));
    expect(variables.filter((v) => !README.includes(`\`${v}\``))).toEqual([]);
    expect(variables.filter((v) => !configuration.includes(`\`${v}\``))).toEqual([]);
  });

  it("docs/configuration.md's settings table has a row per setting, with its flag, variable and config key", () => {
    const configuration = readFileSync(path.join(ROOT, 'docs/configuration.md'), 'utf8');
    const table = configuration
      .slice(configuration.indexOf('| setting | flag |'))
      .split('\n\n')[0]!
      .split('\n')
      .slice(2);
    const rows = table.map((l) =>
      l
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );
    expect(rows.map((r) => r[0]).sort()).toEqual(SETTINGS.map((s) => s.key).sort());
    for (const spec of SETTINGS) {
      const row = rows.find((r) => r[0] === spec.key)!;
      if (spec.flag !== undefined) expect(flagsIn(row[1]!), `${spec.key}'s flag`).toContain(spec.flag);
      if (spec.env !== undefined) expect(row[2], `${spec.key}'s variable`).toContain(`\`${spec.env}\``);
      if (spec.config !== undefined)
        expect(row[3], `${spec.key}'s config key`).toContain(`\`${spec.config.join('.')}\``);
    }
  });
});

/** Markdown files a user reads: the README and every page under docs/. */
function markdownFiles(): string[] {
  const out = [path.join(ROOT, 'README.md')];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) out.push(full);
    }
  };
  walk(path.join(ROOT, 'docs'));
  return out;
}

describe('code samples in the docs', () => {
  const samples = markdownFiles().flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/```(?:ts|js|mjs|typescript|javascript)\n([\s\S]*?)```/g)].flatMap(
      (block) =>
        [...(block[1] ?? '').matchAll(/import\s*\{([^}]*)\}\s*from\s*'([^']+)'/g)].map((m) => ({
          file: path.relative(ROOT, file),
          names: (m[1] ?? '')
            .split(',')
            .map((n) => n.trim().replace(/^type\s+/, ''))
            .filter(Boolean),
          from: m[2] ?? '',
        })),
    ),
  );

  it('there are samples to check', () => {
    expect(samples.length).toBeGreaterThanOrEqual(3);
  });

  it("import from the package's entry points, and only names those entry points export", async () => {
    const entries = new Map(
      Object.entries(PKG.exports).map(([key, e]) => [key === '.' ? PKG.name : `${PKG.name}/${key.slice(2)}`, e.import]),
    );
    for (const sample of samples) {
      const target = entries.get(sample.from);
      expect(target, `${sample.file}: import from '${sample.from}', not an entry point of the package`).toBeDefined();
      // The entry point's source (dist/x/index.js is built from src/x/index.ts).
      const source = path.join(ROOT, target!.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts'));
      const mod = (await import(pathToFileURL(source).href)) as Record<string, unknown>;
      const types = readFileSync(source, 'utf8');
      for (const name of sample.names) {
        const exported = name in mod || new RegExp(`export (type )?\\{[^}]*\\b${name}\\b`).test(types);
        expect(exported, `${sample.file}: ${name} is not exported by ${sample.from}`).toBe(true);
      }
    }
  });
});
