/**
 * LEARNINGS.md in the reference aggregator's layout (title, header lines, `## Pinned Learnings`,
 * `## High-Impact Issues`, `## Slow Execution`, `## Low User Ratings`, `## Skill Performance Summary`), plus an
 * `## Improvement Queue` table. Where the reference strips the pinned section's whitespace on every regeneration,
 * ours is kept byte for byte: everything between the `## Pinned Learnings` line and the next `## ` heading outside
 * a code fence is the user's, including blank lines and separators.
 */
import { ISSUE_RULES, type Aggregate, type SkillSummary } from './aggregate.js';
import type { QueueItem } from './improve.js';

export const PINNED_HEADING = '## Pinned Learnings';
const PINNED_HEADING_LINE = /^ {0,3}#{1,3}[ \t]+pinned[ \t]+learnings[ \t#]*$/i;

/** The body a new pinned section starts with. */
export const EMPTY_PINNED_BODY =
  '\n<!-- Notes written here are kept verbatim each time LEARNINGS.md is regenerated. -->\n\n---\n\n';

/** The pinned section's body (after its heading line), verbatim; undefined when the file has none. */
export function extractPinned(markdown: string): string | undefined {
  const lines = markdown.split(/(?<=\n)/);
  // Found however the user spelled the heading ("## Pinned learnings", "# PINNED LEARNINGS"): a section missed
  // here is a section the regeneration deletes. It is written back as PINNED_HEADING.
  const start = lines.findIndex((l) => PINNED_HEADING_LINE.test(l.replace(/\r?\n$/, '')));
  if (start === -1) return undefined;
  let body = '';
  let fence: string | undefined;
  for (const line of lines.slice(start + 1)) {
    const fenceMatch = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fenceMatch) {
      if (fence === undefined) fence = fenceMatch[1];
      else if (fenceMatch[1]!.startsWith(fence)) fence = undefined;
    }
    if (fence === undefined && /^## /.test(line)) break;
    body += line;
  }
  return body;
}

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)}s`;
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ');
const oneLine = (text: string, max: number): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max)}...` : flat;
};

export interface LearningsOptions {
  now: Date;
  days: number;
  /** The existing pinned body (extractPinned), kept verbatim. */
  pinned?: string | undefined;
  queue?: readonly QueueItem[];
}

function highImpact(skills: readonly SkillSummary[]): string[] {
  const flagged = skills.flatMap((s) => s.issues.map((issue) => ({ s, issue })));
  if (flagged.length === 0) return [];
  // High severity first, then the skill name, so the file is stable between runs on the same logs.
  const rank = (severity: string): number => (severity === 'high' ? 0 : severity === 'medium' ? 1 : 2);
  flagged.sort(
    (a, b) =>
      rank(a.issue.severity) - rank(b.issue.severity) || (a.s.skill < b.s.skill ? -1 : a.s.skill > b.s.skill ? 1 : 0),
  );
  const lines = ['## High-Impact Issues', '', 'Skills with significant problems requiring attention.', ''];
  for (const { s, issue } of flagged.slice(0, 10)) {
    lines.push(
      `### ${s.skill}`,
      `**Type**: ${issue.kind}`,
      `**Severity**: ${issue.severity}`,
      `**Detail**: ${issue.detail}`,
    );
    if (s.recentErrors.length > 0)
      lines.push('**Recent Errors**:', ...s.recentErrors.map((e) => `- ${oneLine(e.error, 100)}`));
    if (s.topFriction.length > 0)
      lines.push(
        '**Common Friction**:',
        ...s.topFriction.map((f) => `- ${f.label}${f.count > 1 ? ` (${f.count}x)` : ''}`),
      );
    lines.push('');
  }
  return [...lines, '---', ''];
}

function slow(skills: readonly SkillSummary[]): string[] {
  const slowSkills = skills
    .filter((s) => s.avgDurationMs > ISSUE_RULES.slowAvgMs)
    .sort((a, b) => b.avgDurationMs - a.avgDurationMs);
  if (slowSkills.length === 0) return [];
  return [
    '## Slow Execution',
    '',
    `Skills exceeding ${ISSUE_RULES.slowAvgMs / 1000}s average execution time.`,
    '',
    '| Skill | Avg Duration | Max Duration | Executions |',
    '|-------|--------------|--------------|------------|',
    ...slowSkills
      .slice(0, 10)
      .map((s) => `| \`${s.skill}\` | ${seconds(s.avgDurationMs)} | ${seconds(s.maxDurationMs)} | ${s.total} |`),
    '',
    '---',
    '',
  ];
}

function lowRated(skills: readonly SkillSummary[]): string[] {
  const low = skills
    .filter((s) => s.avgRating !== null && s.avgRating < ISSUE_RULES.lowRatedBelow)
    .sort((a, b) => a.avgRating! - b.avgRating!);
  if (low.length === 0) return [];
  const lines = [
    '## Low User Ratings',
    '',
    `Skills with < ${ISSUE_RULES.lowRatedBelow}/5.0 average rating from evaluations.`,
    '',
  ];
  for (const s of low) {
    lines.push(`### ${s.skill} - ${s.avgRating!.toFixed(1)}/5.0 (${s.ratings} review${s.ratings === 1 ? '' : 's'})`);
    if (s.topFriction.length > 0)
      lines.push(
        '**Common Friction**:',
        ...s.topFriction.map((f) => `- ${f.label}${f.count > 1 ? ` (${f.count}x)` : ''}`),
      );
    if (s.suggestions.length > 0)
      lines.push(
        '**Improvement Suggestions**:',
        ...s.suggestions.map((f) => `- ${f.label}${f.count > 1 ? ` (${f.count}x)` : ''}`),
      );
    lines.push('');
  }
  return [...lines, '---', ''];
}

function queueSection(queue: readonly QueueItem[]): string[] {
  if (queue.length === 0) return [];
  return [
    '## Improvement Queue',
    '',
    'Priority = frequency (1-5) x impact (1-3) / ease (1-3); > 5 implement, 2-5 discuss, < 2 defer ' +
      '(docs/logs/learnings.md).',
    '',
    '| Priority | Band | Skill | Item | F | I | E |',
    '|----------|------|-------|------|---|---|---|',
    ...queue
      .slice(0, 20)
      .map(
        (q) =>
          `| ${q.priority.toFixed(2)} | ${q.band} | \`${q.skill}\` | ${cell(oneLine(q.title, 120))} ` +
          `| ${q.frequency} | ${q.impact} | ${q.ease} |`,
      ),
    '',
    '---',
    '',
  ];
}

function summary(skills: readonly SkillSummary[]): string[] {
  const top = [...skills].sort((a, b) => b.total - a.total || (a.skill < b.skill ? -1 : 1)).slice(0, 20);
  return [
    '## Skill Performance Summary',
    '',
    '| Skill | Executions | Success Rate | Avg Duration | Rating |',
    '|-------|------------|--------------|--------------|--------|',
    ...top.map(
      (s) =>
        `| \`${s.skill}\` | ${s.total} | ${(s.successRate * 100).toFixed(1)}% | ${seconds(s.avgDurationMs)} ` +
        `| ${s.avgRating === null ? 'N/A' : `${s.avgRating.toFixed(1)}/5.0`} |`,
    ),
  ];
}

export function renderLearnings(result: Aggregate, options: LearningsOptions): string {
  const stamp = options.now.toISOString().replace('T', ' ').slice(0, 19);
  const head = [
    '# Skill Performance Learnings',
    '',
    `**Last Updated**: ${stamp} UTC`,
    `**Analysis Period**: Last ${options.days} days`,
    `**Skills Analyzed**: ${result.skills.length}`,
    `**Total ` +
      `Executions**: ${result.executions}${result.syntheticExcluded > 0 ? ` (${result.syntheticExcluded} synthetic excluded)` : ''}`,
    '',
    '---',
    '',
  ].join('\n');
  const body = options.pinned ?? EMPTY_PINNED_BODY;
  // A pinned section at the very end of a file may lack its last newline; the next heading needs a line of its own.
  const pinned = `${PINNED_HEADING}\n${body}${body === '' || body.endsWith('\n') ? '' : '\n'}`;
  const rest = [
    ...highImpact(result.skills),
    ...slow(result.skills),
    ...lowRated(result.skills),
    ...queueSection(options.queue ?? []),
    ...summary(result.skills),
    '',
    '---',
    '',
    '*Generated by plugin-eval logs aggregate*',
    '',
  ].join('\n');
  return `${head}\n${pinned}${rest}`;
}
