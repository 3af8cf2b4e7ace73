/**
 * SARIF 2.1.0 log: one run, diagnostics as results at their error/warning/note level, anti-patterns as warnings
 * located at SKILL.md (or the file the anti-pattern names). Artifact URIs are the target path joined with the
 * file, relative URIs when the target path is relative (as code-scanning uploads expect). With the run log
 * (`options.run`), discovery diagnostics and the diagnostics of targets that could not be scored are results too.
 */
import { REGISTRY } from '../rules/checks/index.js';
import type { AntiPatternFlag } from '../model/dimensions.js';
import type { Severity } from '../model/diagnostic.js';
import { belowThreshold, cancelledNote, gapText, runProblems, runSpendLine } from './shared.js';
import { upliftSummary, upliftText } from './uplift-line.js';
import type { Diagnostic } from '../model/diagnostic.js';
import type { Reporter } from './types.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
export type SarifLevel = 'error' | 'warning' | 'note';
type Level = SarifLevel;

/** Diagnostic severities as SARIF levels (shared with validate's SARIF output). */
export const LEVELS: Readonly<Record<Severity, Level>> = { error: 'error', warning: 'warning', info: 'note' };

/** One-line descriptions of the anti-pattern rules, from the rules themselves (default methodology first). */
export const ANTI_PATTERN_DESCRIPTIONS: Readonly<Record<AntiPatternFlag, string>> = Object.freeze(
  Object.fromEntries(
    [...REGISTRY.compat.antiPatterns, ...REGISTRY.default.antiPatterns].map((r) => [r.flag, r.description]),
  ) as Record<AntiPatternFlag, string>,
);

interface SarifRule {
  id: string;
  shortDescription: { text: string };
  defaultConfiguration: { level: Level };
  properties?: Record<string, unknown>;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string };
      region?: { startLine: number; startColumn?: number };
    };
  }[];
  properties?: Record<string, unknown>;
}

function isAbsolute(p: string): boolean {
  return p.startsWith('/') || /^[A-Za-z]:\//.test(p);
}

/** Target path joined with a file relative to it, as a URI reference (file:// when absolute). */
export function artifactUri(targetPath: string, file: string): string {
  const target = targetPath.replace(/\\/g, '/').replace(/\/+$/, '');
  const f = file.replace(/\\/g, '/');
  let joined: string;
  if (isAbsolute(f) || target === '' || target === '.' || f === target || f.startsWith(`${target}/`)) joined = f;
  else joined = f === '' || f === '.' ? target : `${target}/${f}`;
  const segments = joined.split('/').filter((s, i) => s !== '.' && !(s === '' && i > 0));
  const encoded = segments.map((s, i) => (i === 0 && /^[A-Za-z]:$/.test(s) ? s : encodeURIComponent(s))).join('/');
  if (joined.startsWith('/')) return `file://${encoded}`;
  if (/^[A-Za-z]:\//.test(joined)) return `file:///${encoded}`;
  return encoded;
}

/** A SARIF region for a 1-based line and column; none for line 0 (the whole file). */
export function region(
  line: number | undefined,
  column: number | undefined,
): { region?: { startLine: number; startColumn?: number } } {
  if (!line || line < 1) return {};
  return { region: column && column >= 1 ? { startLine: line, startColumn: column } : { startLine: line } };
}

export const sarifReporter: Reporter = (results, options) => {
  const rules: SarifRule[] = [];
  const ruleIndex = new Map<string, number>();
  const indexOf = (id: string, make: () => SarifRule): number => {
    let i = ruleIndex.get(id);
    if (i === undefined) {
      i = rules.push(make()) - 1;
      ruleIndex.set(id, i);
    }
    return i;
  };

  const sarifResults: SarifResult[] = [];
  const pushDiagnostic = (targetPath: string, d: Diagnostic) => {
    const level = LEVELS[d.severity];
    sarifResults.push({
      ruleId: d.ruleId,
      ruleIndex: indexOf(d.ruleId, () => ({
        id: d.ruleId,
        shortDescription: { text: d.ruleId },
        defaultConfiguration: { level },
      })),
      level,
      message: { text: d.message },
      locations: [
        {
          physicalLocation: { artifactLocation: { uri: artifactUri(targetPath, d.file) }, ...region(d.line, d.column) },
        },
      ],
    });
  };
  // Discovery problems and unscorable targets belong to no result; their files are already relative to the
  // working folder, like the targets' paths.
  const problems = runProblems(options.run);
  const cancelled = cancelledNote(options.run, results.length);
  const spent = runSpendLine(options.run);
  for (const d of problems.discovery) pushDiagnostic('', d);
  for (const f of problems.failures) for (const d of f.diagnostics) pushDiagnostic('', d);
  for (const r of results) {
    for (const d of r.diagnostics) pushDiagnostic(r.target.path, d);
    for (const ap of r.antiPatterns) {
      const id = `anti-pattern/${ap.flag}`;
      const file = ap.file ?? (r.target.kind === 'skill' ? 'SKILL.md' : '');
      sarifResults.push({
        ruleId: id,
        ruleIndex: indexOf(id, () => ({
          id,
          shortDescription: { text: ANTI_PATTERN_DESCRIPTIONS[ap.flag] },
          defaultConfiguration: { level: 'warning' },
          properties: { tags: ['anti-pattern'] },
        })),
        level: 'warning',
        message: { text: `${ap.flag}: ${ap.description} (composite penalty: 5% per instance)` },
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: artifactUri(r.target.path, file) },
              ...region(ap.line, undefined),
            },
          },
        ],
        properties: { severity: ap.severity },
      });
    }
  }

  const log = {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: { name: 'plugin-eval', version: options.toolVersion, semanticVersion: options.toolVersion, rules },
        },
        // Layers the depth asked for that did not run are said plainly, as tool notifications.
        invocations: [
          {
            // What the run spent (and the --max-cost it ran under), as the other formats print it.
            ...(spent === undefined
              ? {}
              : {
                  properties: {
                    spent,
                    ...(options.run?.spend
                      ? {
                          spentUsd: options.run.spend.spentUsd,
                          maxCostUsd: options.run.spend.maxCostUsd,
                          capReached: options.run.spend.reached,
                        }
                      : {}),
                  },
                }),
            // A partial run did not do everything it set out to (exit code 3), nor did one with a target it could not
            // score (exit code 2). A rating that failed calls kept from being measured is partial too (exit code 3).
            executionSuccessful:
              cancelled === undefined &&
              problems.failures.length === 0 &&
              results.every((r) => r.measurement.status === 'complete' && r.elo?.infrastructureFailure !== true),
            toolExecutionNotifications: [
              ...(cancelled === undefined
                ? []
                : [{ level: 'error', descriptor: { id: 'cancelled' }, message: { text: cancelled } }]),
              ...problems.failures.map((f) => ({
                level: 'error',
                descriptor: { id: 'not-scored' },
                message: { text: `${f.target.path}: could not be scored: ${f.reason}` },
              })),
              ...results.flatMap((r) => [
                ...r.layersNotRun.map((l) => ({
                  level: 'warning',
                  descriptor: { id: `layer-not-run/${l.name}` },
                  message: { text: `${r.target.path}: the ${l.name} layer did not run: ${l.reason}` },
                })),
                ...r.measurement.gaps.map((g) => ({
                  level: 'error',
                  descriptor: { id: `not-measured/${g.layer}` },
                  message: { text: `${r.target.path}: ${gapText(r, g)}` },
                })),
                // certify's rating when there is none: an error when failed calls are why (exit code 3), a note when
                // the set-up is (no corpus index yet, too few references, a plugin), as on stderr.
                ...(r.elo?.status === 'unmeasured'
                  ? [
                      {
                        level: r.elo.infrastructureFailure ? 'error' : 'note',
                        descriptor: { id: 'not-measured/elo' },
                        message: { text: `${r.target.path}: Elo not measured: ${r.elo.reason ?? 'no rating'}` },
                      },
                    ]
                  : []),
                ...(r.uplift?.status === 'not-measured'
                  ? [
                      {
                        level: 'note',
                        descriptor: { id: 'not-measured/uplift' },
                        message: { text: `${r.target.path}: ${upliftText(r.uplift)}` },
                      },
                    ]
                  : []),
              ]),
            ],
          },
        ],
        results: sarifResults,
        properties: {
          scores: results.map((r) => ({
            path: r.target.path,
            kind: r.target.kind,
            // Whether the skill helps, when measured: ahead of the form scores, with the interval and the counts.
            ...(r.uplift ? { uplift: upliftSummary(r.uplift) } : {}),
            composite: r.composite.score,
            badge: r.composite.badge,
            badgeDecision: r.composite.badgeDecision,
            coverage: r.composite.coverage,
            confidenceLabel: r.composite.confidenceLabel,
            measurement: r.measurement.status,
            ...(r.elo
              ? {
                  elo: {
                    status: r.elo.status,
                    rating: r.elo.rating,
                    ...(r.elo.reason !== undefined ? { reason: r.elo.reason } : {}),
                  },
                }
              : {}),
            ...(r.reusedFrom ? { reusedFrom: r.reusedFrom } : {}),
            ...(r.human ? { humanRating: { mean: r.human.meanRating, ratings: r.human.ratings } } : {}),
            ...(options.threshold === undefined ? {} : { belowThreshold: belowThreshold(r, options.threshold) }),
          })),
        },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
};
