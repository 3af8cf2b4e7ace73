import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Module layers (docs/architecture.md "Module layers"): every import in src/ goes down this table or stays at its
 * own rank, and no two folders import each other, directly or round a loop. A folder of a higher rank may import
 * one of a lower rank; folders of the same rank may import each other only without forming a cycle. A new folder
 * must be given a rank here and in the document, so its place in the flow is a decision, not an accident.
 */
const MODULE_RANKS: Readonly<Record<string, number>> = {
  // Root files: errors.ts and version.ts are shared by everything; index.ts is the library's entry point.
  errors: 0,
  version: 0,
  util: 0,
  // The dated lists that change with Claude Code (tool names, secret formats).
  data: 0,
  events: 0,
  stats: 0,
  // Names, weights, zod schemas, the plan, the layer output contract, the agent runner table.
  model: 1,
  parse: 2,
  // LLM backends, reliability, pricing, the response cache, the assembled stack (createProvider), the run's cost
  // ledger and the classifier of Claude Code's failures.
  providers: 2,
  // Skill execution logs (hooks, review, LEARNINGS): schema, paths, locked JSONL store; scores nothing.
  logs: 2,
  // Static checks and rules, the rule registry, rule configuration, validation, the static layer's body.
  rules: 3,
  // Agent runs: runners, the run project and install, the sandbox every run starts in, the batch executor.
  agent: 3,
  score: 4,
  // Layer 2 and the judge toolkit (judge/kit), calibration against the logs' ratings.
  judge: 5,
  reporters: 5,
  // The Monte Carlo layer's body: prompts, runs through agent/, grading through judge/kit, statistics.
  'monte-carlo': 6,
  // Elo ratings and the corpus they are rated against: judged through judge/kit.
  rank: 6,
  // skill-creator's eval workflow, by step: runs the agent, grades through judge/kit, aggregates with stats.
  evals: 7,
  // The results store (SQLite through @libsql/client): records runs, answers history and --only-changed.
  store: 7,
  // The settings table, the config file and the providers built from the settings.
  config: 7,
  // The score pipeline: plan, context, the layer contract, table and entries (pipeline/layers/), finalise.
  pipeline: 8,
  // The pages: the evals review viewer (static page and 127.0.0.1 server) and the marketplace dashboard.
  web: 8,
  api: 9,
  // Scale-out: score plans as BullMQ jobs on Redis, and the worker that runs them through the pipeline.
  queue: 9,
  // Whether scores predict what skills measurably do: scores a folder of tasks through api/ and correlates.
  validity: 9,
  index: 10,
  cli: 10,
};

const SRC = resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The module a file belongs to: its top folder under src/, or the root file's own name. */
function moduleOf(file: string): string {
  const parts = relative(SRC, file).split(sep);
  return parts.length > 1 ? (parts[0] ?? '') : (parts[0] ?? '').replace(/\.ts$/, '');
}

/** Relative module specifiers of static imports, re-exports (type-only ones too) and dynamic imports. */
function relativeImports(text: string): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  const pattern =
    /^[ \t]*(?:import|export)\s[^;]*?\bfrom\s+['"](\.{1,2}\/[^'"]+)['"]|^[ \t]*import\s+['"](\.{1,2}\/[^'"]+)['"]|\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/gms;
  for (const match of text.matchAll(pattern)) {
    const specifier = match[1] ?? match[2] ?? match[3];
    if (specifier === undefined) continue;
    found.push({ specifier, line: text.slice(0, match.index).split('\n').length });
  }
  return found;
}

interface ModuleEdge {
  from: string;
  to: string;
  /** `src/x/y.ts:12 -> ../z/w.js`, for the failure message. */
  where: string;
}

function moduleEdges(): ModuleEdge[] {
  const edges: ModuleEdge[] = [];
  for (const file of sourceFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const { specifier, line } of relativeImports(text)) {
      const target = resolve(dirname(file), specifier);
      const from = moduleOf(file);
      const to = moduleOf(target);
      if (from !== to) edges.push({ from, to, where: `${relative(resolve(SRC, '..'), file)}:${line} -> ${specifier}` });
    }
  }
  return edges;
}

/** Folder cycles: strongly connected components of more than one module (Tarjan's algorithm). */
function moduleCycles(edges: readonly ModuleEdge[]): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of edges) {
    if (!graph.has(from)) graph.set(from, new Set());
    if (!graph.has(to)) graph.set(to, new Set());
    graph.get(from)?.add(to);
  }
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop();
        if (member === undefined) break;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return components;
}

/**
 * The provider layer knows nothing of the response cache that wraps it: only the assembled stack and the package
 * entry (src/providers/provider-stack.ts, package-entry.ts) import src/providers/cache/.
 */
function providerLayerImportsOfCache(): string[] {
  const folder = join(SRC, 'providers');
  const assembly = new Set(['provider-stack.ts', 'package-entry.ts']);
  const found: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts') || assembly.has(entry.name)) continue;
    for (const { specifier, line } of relativeImports(readFileSync(join(folder, entry.name), 'utf8'))) {
      if (specifier.startsWith('./cache/')) found.push(`src/providers/${entry.name}:${line}`);
    }
  }
  return found;
}

describe('module layers', () => {
  const edges = moduleEdges();

  it('finds the imports it checks (the parser is not blind)', () => {
    // A few edges every version of the code has; if the pattern broke, the checks below would pass vacuously.
    expect(edges.length).toBeGreaterThan(100);
    expect(edges.some((e) => e.from === 'cli' && e.to === 'api')).toBe(true);
    expect(edges.some((e) => e.from === 'parse' && e.to === 'model')).toBe(true);
    expect(
      relativeImports(
        "const x = await import('../a/b.js');\nexport type { T } from './t.js';\nimport './side.js';",
      ).map((i) => i.specifier),
    ).toEqual(['../a/b.js', './t.js', './side.js']);
  });

  it('gives every module under src/ a rank', () => {
    const modules = new Set(sourceFiles(SRC).map(moduleOf));
    const unranked = [...modules].filter((m) => MODULE_RANKS[m] === undefined);
    expect(unranked, 'add these folders to MODULE_RANKS here and to docs/architecture.md').toEqual([]);
  });

  it('has no import from a lower-ranked module to a higher-ranked one', () => {
    const upward = edges
      .filter((e) => (MODULE_RANKS[e.from] ?? Infinity) < (MODULE_RANKS[e.to] ?? -Infinity))
      .map((e) => `${e.where} (${e.from} ${MODULE_RANKS[e.from]} imports ${e.to} ${MODULE_RANKS[e.to]})`);
    expect(upward).toEqual([]);
  });

  it('has no cycle between modules', () => {
    const cycles = moduleCycles(edges).map((cycle) => {
      const members = new Set(cycle);
      return `${cycle.join(' <-> ')}: ${edges
        .filter((e) => members.has(e.from) && members.has(e.to))
        .map((e) => e.where)
        .join('; ')}`;
    });
    expect(cycles).toEqual([]);
  });

  it('the four back-edges of issue 8 are gone', () => {
    const named = (from: string, to: string) =>
      edges.filter((e) => e.where.startsWith(from) && e.where.includes(to)).map((e) => e.where);
    expect(named('src/rules/checks/default/injection-attempt.ts', 'judge/')).toEqual([]);
    expect(named('src/rules/static-layer.ts', 'score/')).toEqual([]);
    expect(named('src/score/tips.ts', 'reporters/')).toEqual([]);
    expect(providerLayerImportsOfCache()).toEqual([]);
  });

  it('detects a cycle and an upward import when there is one', () => {
    const loop: ModuleEdge[] = [
      { from: 'providers', to: 'cache', where: 'a' },
      { from: 'cache', to: 'providers', where: 'b' },
      { from: 'cli', to: 'api', where: 'c' },
    ];
    expect(moduleCycles(loop)).toEqual([['cache', 'providers']]);
    expect((MODULE_RANKS.providers ?? 0) < (MODULE_RANKS.judge ?? 0)).toBe(true);
  });
});
