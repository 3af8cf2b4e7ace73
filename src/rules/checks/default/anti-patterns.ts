import path from 'node:path';
import { fileLine, pathIndex } from '../../../parse/skill.js';
import type { AntiPatternInstance, AntiPatternRule } from '../types.js';
import { crossReferences } from './cross-references.js';
import { normaliseRelative } from '../../../util/paths.js';
import { analyseStuffing, analyseTriggers, signals } from './signals.js';
import {
  dropRepeatedLines,
  moveLongestSection,
  referencesRemoved,
  softenDirectives,
} from '../improvements/body-edits.js';
import { descriptionImprovement } from '../improvements/description.js';
import { tipExample, tipText } from '../improvements/tip-text.js';
import { repeatedLinesImprovement } from './token-efficiency.js';
import { SKILL_LINE_LIMIT } from './progressive-disclosure.js';
import type { Improvement } from '../types.js';

const some = (i: Improvement | undefined): Improvement[] => (i ? [i] : []);

/**
 * PluginEval's six anti-patterns with its flaws fixed, plus three that catch gaming of the static layer (the other
 * two, INJECTION_ATTEMPT and LOW_INFORMATION_PROSE, have modules of their own). Each is one row of ../table.ts.
 */

export const overConstrained: AntiPatternRule = {
  flag: 'OVER_CONSTRAINED',
  methodology: 'default',
  description: 'More than 15 MUST/ALWAYS/NEVER directives in prose (code excluded).',
  severity: 0.1,
  fix: 'Explain the reason instead of shouting; keep hard constraints for safety and correctness.',
  detect(skill) {
    const n = signals(skill).directives;
    return n > 15
      ? [
          {
            flag: 'OVER_CONSTRAINED',
            severity: 0.1,
            description: `${n} MUST/ALWAYS/NEVER directives in prose (more than 15).`,
          },
        ]
      : [];
  },
  improve(skill) {
    const soft = softenDirectives(skill, 15);
    return soft.edits.length === 0
      ? []
      : [
          {
            id: 'OVER_CONSTRAINED/soften',
            action: tipText('overConstrained', signals(skill).directives, 15, soft.softened),
            example: tipExample('softened', '', soft.firstLine ?? 1, soft.softened),
            edits: soft.edits,
          },
        ];
  },
};

export const emptyDescription: AntiPatternRule = {
  flag: 'EMPTY_DESCRIPTION',
  methodology: 'default',
  description: 'Description missing, not a string, or shorter than 20 characters.',
  severity: 0.2,
  fix: 'Write a 60-120 character description: what the skill does, then "Use when..." with two or more contexts.',
  detect(skill) {
    const n = skill.description.trim().length;
    return n < 20
      ? [
          {
            flag: 'EMPTY_DESCRIPTION',
            severity: 0.2,
            line: skill.frontmatter.keyLines.description ?? 1,
            description: `Description is ${n} characters (under 20); the agent cannot tell when to use the skill.`,
          },
        ]
      : [];
  },
  improve: (skill) => some(descriptionImprovement(skill, 'EMPTY_DESCRIPTION/rewrite')),
};

export const missingTrigger: AntiPatternRule = {
  flag: 'MISSING_TRIGGER',
  methodology: 'default',
  description: 'No non-negated trigger phrase ("Use when...") in the description.',
  severity: 0.15,
  fix:
    'Add "Use this skill when..." followed by specific situations; "Do not use when..." alone does not say when ' +
    'to use it.',
  detect(skill) {
    const data = skill.frontmatter.data ?? {};
    if (data['disable-model-invocation'] === true) return [];
    if (typeof data.paths === 'string' && data.paths.length > 0) return [];
    const t = analyseTriggers(skill.description);
    if (t.positive.length > 0) return [];
    const negatedNote = t.negated.length > 0 ? ` Its only trigger phrase is negated ("${t.negated[0]}").` : '';
    return [
      {
        flag: 'MISSING_TRIGGER',
        severity: 0.15,
        line: skill.frontmatter.keyLines.description ?? 1,
        description: `Description has no trigger phrase such as "Use when ...".${negatedNote}`,
      },
    ];
  },
  improve: (skill) => some(descriptionImprovement(skill, 'MISSING_TRIGGER/rewrite')),
};

export const bloatedSkill: AntiPatternRule = {
  flag: 'BLOATED_SKILL',
  methodology: 'default',
  description: 'SKILL.md over 500 lines with no non-empty reference file to move detail into.',
  severity: 0.1,
  fix: 'Move detail into references/*.md and link each file from SKILL.md.',
  detect(skill) {
    const s = signals(skill);
    return s.lineCount > SKILL_LINE_LIMIT && s.referenceFiles.length === 0
      ? [
          {
            flag: 'BLOATED_SKILL',
            severity: 0.1,
            description: `SKILL.md is ${s.lineCount} lines and references/ holds no non-empty file.`,
          },
        ]
      : [];
  },
  improve: (skill) => some(moveLongestSection(skill, 'BLOATED_SKILL/move-section')),
};

const ORPHAN_PREFIX = "Link to '";
const ORPHAN_SUFFIX = "' does not resolve to a file in references/.";
const orphanDescription = (url: string): string => `${ORPHAN_PREFIX}${url}${ORPHAN_SUFFIX}`;
/** The link an ORPHAN_REFERENCE instance is about, read back from its description. */
const orphanUrl = (description: string): string | undefined =>
  description.startsWith(ORPHAN_PREFIX) && description.endsWith(ORPHAN_SUFFIX)
    ? description.slice(ORPHAN_PREFIX.length, -ORPHAN_SUFFIX.length)
    : undefined;

export const orphanReference: AntiPatternRule = {
  flag: 'ORPHAN_REFERENCE',
  methodology: 'default',
  description:
    'A prose link into references/ (anchors and query strings ignored, nested paths allowed) whose file does ' +
    'not exist.',
  severity: 0.05,
  fix: 'Create the missing reference file or fix the link.',
  detect(skill) {
    const { files: present, dirsWithFiles } = pathIndex(skill);
    const out: AntiPatternInstance[] = [];
    for (const link of skill.markdown.links) {
      if (link.path === undefined) continue;
      const target = normaliseRelative(link.path);
      if (!target.startsWith('references/')) continue;
      if (present.has(target) || dirsWithFiles.has(target)) continue;
      out.push({
        flag: 'ORPHAN_REFERENCE',
        severity: 0.05,
        line: fileLine(skill, link.line),
        file: path.posix.join(skill.displayPath, target),
        description: orphanDescription(link.url),
      });
    }
    return out;
  },
  improve(skill, instances) {
    const byLine = new Map<number, Set<string>>();
    for (const l of skill.markdown.links) {
      if (l.path === undefined) continue;
      const line = fileLine(skill, l.line);
      byLine.set(line, (byLine.get(line) ?? new Set()).add(l.url));
    }
    // All of a line's orphan links go in one edit, so two on one line are both removed.
    const perLine = new Map<number, string[]>();
    for (const i of instances) {
      const url = orphanUrl(i.description);
      if (i.line === undefined || url === undefined || !byLine.get(i.line)?.has(url)) continue;
      const urls = perLine.get(i.line) ?? [];
      perLine.set(i.line, urls);
      urls.push(url);
    }
    const edits = referencesRemoved(skill, perLine);
    if (edits.length === 0) return [];
    const fixed = new Set(edits.map((e) => (e.op === 'replace-lines' ? e.start : 0)));
    return [
      {
        id: 'ORPHAN_REFERENCE/unlink',
        action: tipText(
          'orphanReferences',
          instances.length,
          instances.map((i) => i.line ?? 0),
        ),
        edits,
        removes: [...perLine].filter(([line]) => fixed.has(line)).reduce((n, [, urls]) => n + urls.length, 0),
      },
    ];
  },
};

export const deadCrossRef: AntiPatternRule = {
  flag: 'DEAD_CROSS_REF',
  methodology: 'default',
  description: 'A path-style reference to a sibling skill or plugin agent that does not exist.',
  severity: 0.05,
  fix: 'Point the reference at an existing skill folder or agents/<name>.md, or remove it.',
  detect(skill) {
    return crossReferences(skill)
      .filter((r) => !r.resolved)
      .map((r) => ({
        flag: 'DEAD_CROSS_REF' as const,
        severity: 0.05,
        line: r.line,
        description: `Reference to ${r.kind} '${r.target}' (${r.text}) cannot be resolved.`,
      }));
  },
  improve(skill) {
    const dead = crossReferences(skill).filter((r) => !r.resolved);
    const perLine = new Map<number, string[]>();
    for (const r of dead) {
      const texts = perLine.get(r.line) ?? [];
      perLine.set(r.line, texts);
      texts.push(r.text);
    }
    const edits = referencesRemoved(skill, perLine);
    if (edits.length === 0) return [];
    const fixed = new Set(edits.map((e) => (e.op === 'replace-lines' ? e.start : 0)));
    return [
      {
        id: 'DEAD_CROSS_REF/remove',
        action: tipText(
          'deadReferences',
          dead.length,
          dead.map((r) => r.text),
        ),
        edits,
        removes: dead.filter((r) => fixed.has(r.line)).length,
      },
    ];
  },
};

export const keywordStuffing: AntiPatternRule = {
  flag: 'KEYWORD_STUFFING',
  methodology: 'default',
  description:
    'A description piled with activation words, repeated terms or catch-all claims, written for a scorer rather ' +
    'than the model.',
  severity: 0.15,
  fix:
    'Say plainly what the skill does and the specific situations it is for; the agent routes on meaning, not ' +
    'keywords.',
  // A description written to game activation misleads the agent that routes on it, as text aimed at the evaluator
  // misleads the score: no badge rests on it. No real skill of the shared corpus or the validity set trips it.
  disqualifies: 'a keyword-stuffed description',
  detect(skill) {
    const s = analyseStuffing(skill.description);
    return s.stuffed
      ? [
          {
            flag: 'KEYWORD_STUFFING',
            severity: 0.15,
            line: skill.frontmatter.keyLines.description ?? 1,
            description: `Description looks keyword-stuffed: ${s.reasons.join('; ')}.`,
          },
        ]
      : [];
  },
  improve: (skill) => some(descriptionImprovement(skill, 'KEYWORD_STUFFING/rewrite')),
};

export const fillerContent: AntiPatternRule = {
  flag: 'FILLER_CONTENT',
  methodology: 'default',
  description: 'More than 20% of substantive prose lines repeat an earlier line (numbers and punctuation ignored).',
  severity: 0.15,
  fix: 'Remove padding; every line loaded into context should tell the agent something new.',
  detect(skill) {
    const s = signals(skill);
    return s.distinctRatio < 0.8
      ? [
          {
            flag: 'FILLER_CONTENT',
            severity: 0.15,
            description:
              `Only ${(s.distinctRatio * 100).toFixed(0)}% of substantive prose lines are distinct; the rest is ` +
              `repetition.`,
          },
        ]
      : [];
  },
  improve(skill) {
    const repeated = dropRepeatedLines(skill);
    if (repeated.lines.length === 0) return [];
    // The deleted lines repeat earlier ones: the distinct lines stay, the substantive total shrinks.
    const s = signals(skill);
    const substantive = s.substantiveLines;
    const distinct = s.distinctRatio * substantive;
    const after = distinct / Math.max(1, substantive - repeated.lines.length);
    return [
      {
        ...repeatedLinesImprovement('FILLER_CONTENT/delete-repeats', repeated),
        removes: after >= 0.8 ? 1 : 0,
      },
    ];
  },
};

export const emptyReferenceFile: AntiPatternRule = {
  flag: 'EMPTY_REFERENCE_FILE',
  methodology: 'default',
  description: 'An empty file in references/ or assets/ (it earns nothing and suggests padding).',
  severity: 0.05,
  fix: 'Fill the file or delete it.',
  detect(skill) {
    const s = signals(skill);
    return [...s.emptyReferenceFiles, ...s.emptyAssetFiles].map((rel) => ({
      flag: 'EMPTY_REFERENCE_FILE' as const,
      severity: 0.05,
      file: path.posix.join(skill.displayPath, rel),
      description: `${rel} is empty.`,
    }));
  },
  improve(skill) {
    const s = signals(skill);
    const empty = [...s.emptyReferenceFiles, ...s.emptyAssetFiles];
    return empty.length === 0
      ? []
      : [
          {
            id: 'EMPTY_REFERENCE_FILE/delete',
            action: tipText('emptyFiles', empty.length, empty),
            edits: empty.map((file) => ({ op: 'delete-file' as const, file })),
          },
        ];
  },
};
