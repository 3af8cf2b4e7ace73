import path from 'node:path';
import { allSections, inlineLinks } from '../../../parse/markdown.js';
import { fileLine, type SkillDocument } from '../../../parse/skill.js';
import type { SkillEdit } from '../../../model/result.js';
import type { AntiPatternInstance, Improvement } from '../types.js';
import { hasThreeWords, signals } from '../default/signals.js';
import { replaceOccurrences } from '../../../util/multi-search.js';
import { skillLines } from './edits.js';
import { tipText } from './tip-text.js';

/** Builders of the body edits that improvements share (a check and a rule often offer the same fix). */

/** A new section at the end of SKILL.md. */
export function appendSection(heading: string, body: string): SkillEdit {
  return { op: 'append', file: 'SKILL.md', text: `## ${heading}\n\n${body}\n` };
}

/** Lowercase MUST/ALWAYS/NEVER in prose after the first `keep`, line by line (code is left alone). */
export function softenDirectives(
  skill: SkillDocument,
  keep: number,
): { edits: SkillEdit[]; softened: number; firstLine?: number } {
  const lines = skillLines(skill.text);
  const edits: SkillEdit[] = [];
  let seen = 0;
  let softened = 0;
  let firstLine: number | undefined;
  const { proseTexts, proseTextLines } = skill.markdown;
  proseTexts.forEach((prose, k) => {
    if (!/\b(?:MUST|NEVER|ALWAYS)\b/.test(prose)) return;
    const n = fileLine(skill, proseTextLines[k]! + 1);
    const original = lines[n - 1] ?? '';
    let changed = false;
    const next = original.replace(/\b(MUST|NEVER|ALWAYS)\b/g, (w) => {
      seen++;
      if (seen <= keep) return w;
      softened++;
      changed = true;
      return w.toLowerCase();
    });
    if (changed) {
      firstLine ??= n;
      edits.push({ op: 'replace-lines', file: 'SKILL.md', start: n, end: n, text: next });
    }
  });
  return { edits, softened, ...(firstLine !== undefined ? { firstLine } : {}) };
}

/**
 * Delete prose lines that repeat an earlier line (after normalising numbers and punctuation). Headings and table
 * rows are kept: deleting them would break the document's structure.
 */
export function dropRepeatedLines(skill: SkillDocument): { edits: SkillEdit[]; lines: number[] } {
  const seen = new Set<string>();
  const out: number[] = [];
  // The signals hold normaliseLine() of every non-blank prose line, in order: normalised[k] is proseTexts[k]'s.
  const { normalised, nonEmptyLines, distinctNonEmptyLines } = signals(skill);
  // A deleted line repeats an earlier one's key, a non-empty normalised line: none does when all are distinct.
  if (distinctNonEmptyLines === nonEmptyLines) return { edits: [], lines: [] };
  const { proseTexts, proseTextLines } = skill.markdown;
  for (let k = 0; k < proseTexts.length; k++) {
    const t = proseTexts[k]!;
    const key = normalised[k]!;
    if (t.startsWith('#') || t.startsWith('|') || !hasThreeWords(key)) continue;
    if (seen.has(key)) out.push(fileLine(skill, proseTextLines[k]! + 1));
    else seen.add(key);
  }
  return {
    edits: out.map((n) => ({ op: 'replace-lines' as const, file: 'SKILL.md', start: n, end: n, text: null })),
    lines: out,
  };
}

/** "column-types" from "Column types". */
function slug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 48) || 'details'
  );
}

/**
 * Move the longest H2 section (at least `minLines` lines, and not the only one) into references/<slug>.md and
 * leave a link in its place: the progressive-disclosure fix both the check and BLOATED_SKILL ask for.
 */
export function moveLongestSection(skill: SkillDocument, id: string, minLines = 20): Improvement | undefined {
  const h2 = allSections(skill.markdown.root).filter((s) => s.heading!.depth === 2);
  if (h2.length < 2) return undefined;
  const longest = [...h2].sort((a, b) => b.endLine - b.startLine - (a.endLine - a.startLine))[0]!;
  const length = longest.endLine - longest.startLine + 1;
  if (length < minLines) return undefined;
  const title = longest.heading!.text.replace(/[`*_[\]]/g, '').trim();
  const existing = new Set(skill.files.map((f) => f.rel));
  let rel = `references/${slug(title)}.md`;
  for (let i = 2; existing.has(rel); i++) rel = `references/${slug(title)}-${i}.md`;
  const start = fileLine(skill, longest.startLine);
  const end = fileLine(skill, longest.endLine);
  const lines = skillLines(skill.text);
  const moved = lines.slice(start, end).join('\n').trim();
  if (moved === '') return undefined;
  const link = `See [${title}](${rel}) for the details.`;
  return {
    id,
    action: tipText('moveSection', signals(skill).lineCount, length, title, start, end, rel),
    edits: [
      { op: 'write-file', file: rel, text: `# ${title}\n\n${moved}\n` },
      { op: 'replace-lines', file: 'SKILL.md', start, end, text: `${lines[start - 1]}\n\n${link}\n` },
    ],
  };
}

/** Non-empty reference files that SKILL.md does not link, listed under a new "References" section. */
export function linkReferenceFiles(skill: SkillDocument, id: string): Improvement | undefined {
  const s = signals(skill);
  const unlinked = s.referenceFiles.filter((f) => !s.linkedPaths.has(f)).slice(0, 10);
  if (unlinked.length === 0) return undefined;
  const body = unlinked.map((f) => `- [${path.posix.basename(f, path.posix.extname(f))}](${f})`).join('\n');
  return {
    id,
    action: tipText('unlinkedReferences', unlinked.length, unlinked),
    edits: [appendSection('References', body)],
  };
}

/** What a bare path becomes when it is taken out of a line: its last name (a skill's folder name, a file's stem). */
const shortName = (target: string): string =>
  path.posix.basename(target.replace(/\/SKILL\.md$/, '')).replace(/\.md$/, '');

/**
 * A line with every link to one of `targets` replaced by the link's text, and each target that has no link there
 * replaced wherever it appears bare by its last name. One pass over the line however many targets it has: a line
 * of 50,000 dead links would otherwise be searched 50,000 times.
 */
export function lineWithoutReferences(line: string, targets: readonly string[]): string {
  const wanted = new Set(targets);
  const linked = new Set<string>();
  let kept = '';
  let copied = 0;
  if (line.includes('](')) {
    for (const link of inlineLinks(line)) {
      if (!wanted.has(link.url)) continue;
      linked.add(link.url);
      kept += line.slice(copied, link.start) + link.text;
      copied = link.end;
    }
  }
  kept += line.slice(copied);
  const bare = new Map([...wanted].filter((t) => !linked.has(t)).map((t) => [t, shortName(t)]));
  return bare.size === 0 ? kept : replaceOccurrences(kept, bare);
}

/** One edit per line that takes every listed reference out of it (several on one line are one edit). */
export function referencesRemoved(skill: SkillDocument, targets: ReadonlyMap<number, readonly string[]>): SkillEdit[] {
  const lines = skillLines(skill.text);
  return [...targets].flatMap(([n, refs]) => {
    const original = lines[n - 1];
    if (original === undefined) return [];
    const text = lineWithoutReferences(original, refs);
    return text === original ? [] : [{ op: 'replace-lines' as const, file: 'SKILL.md', start: n, end: n, text }];
  });
}

/**
 * Delete the lines anti-pattern instances point at (SKILL.md, or a file of the skill when the instance names one):
 * for rules whose instance is the offending line itself.
 */
export function deleteFlaggedLines(
  skill: SkillDocument,
  instances: readonly AntiPatternInstance[],
  id: string,
): Improvement[] {
  const prefix = `${skill.displayPath}/`;
  const targets = new Map<string, Set<number>>();
  let placed = 0;
  for (const i of instances) {
    if (i.line === undefined || i.line < 1) continue;
    const file =
      i.file === undefined || i.file === skill.file
        ? 'SKILL.md'
        : i.file.startsWith(prefix)
          ? i.file.slice(prefix.length)
          : undefined;
    if (file === undefined) continue;
    targets.set(file, (targets.get(file) ?? new Set()).add(i.line));
    placed++;
  }
  if (targets.size === 0) return [];
  return [
    {
      id,
      action: tipText(
        'injection',
        [...targets.keys()],
        [...targets.values()].flatMap((lines) => [...lines].sort((a, b) => a - b)),
      ),
      edits: [...targets].flatMap(([file, lines]) =>
        [...lines].map((n) => ({ op: 'replace-lines' as const, file, start: n, end: n, text: null })),
      ),
      removes: placed,
    },
  ];
}
