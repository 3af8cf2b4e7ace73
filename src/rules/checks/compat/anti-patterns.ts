import path from 'node:path';
import { pathIndex, topLevelFiles } from '../../../parse/skill.js';
import { lineLocator } from '../../../util/text.js';
import type { AntiPatternRule } from '../types.js';
import { COMPAT_CROSS_REF, COMPAT_TRIGGER, compatView } from './view.js';

/**
 * PluginEval 0.1.x's six anti-pattern detectors, in its reporting order. Each instance costs 5% in the
 * penalty whatever its severity (PluginEval ignores severities).
 */
export const overConstrained: AntiPatternRule = {
  flag: 'OVER_CONSTRAINED',
  methodology: 'compat',
  description: 'More than 15 MUST/ALWAYS/NEVER directives in SKILL.md.',
  severity: 0.1,
  fix: 'Replace directive language with explanations; keep hard constraints for safety and correctness.',
  detect(skill) {
    const n = compatView(skill).directives;
    return n > 15
      ? [
          {
            flag: 'OVER_CONSTRAINED',
            severity: 0.1,
            description:
              `SKILL.md has ${n} MUST/ALWAYS/NEVER directives (more than 15). Over-prescriptive instructions ` +
              `reduce model flexibility and waste tokens.`,
          },
        ]
      : [];
  },
};

export const emptyDescription: AntiPatternRule = {
  flag: 'EMPTY_DESCRIPTION',
  methodology: 'compat',
  description: 'Frontmatter description shorter than 20 characters.',
  severity: 0.2,
  fix: 'Write a 60-120 character description with a "Use this skill when..." clause and two or more contexts.',
  detect(skill) {
    const n = compatView(skill).description.trim().length;
    return n < 20
      ? [
          {
            flag: 'EMPTY_DESCRIPTION',
            severity: 0.2,
            description:
              `Skill description is ${n} characters (under 20). Without a meaningful description the skill cannot ` +
              `be selected.`,
          },
        ]
      : [];
  },
};

export const missingTrigger: AntiPatternRule = {
  flag: 'MISSING_TRIGGER',
  methodology: 'compat',
  description: 'Description lacks a trigger phrase such as "Use when...".',
  severity: 0.15,
  fix: 'Start the description\'s second sentence with "Use this skill when..." followed by specific scenarios.',
  detect(skill) {
    const view = compatView(skill);
    const fm = view.frontmatter;
    if (fm['disable-model-invocation'] === true) return [];
    if (typeof fm.paths === 'string' && fm.paths.length > 0) return [];
    if (COMPAT_TRIGGER.test(view.description)) return [];
    return [
      {
        flag: 'MISSING_TRIGGER',
        severity: 0.15,
        description:
          'Skill description lacks a recognised trigger phrase (e.g. "Use when …", "This skill should be used ' +
          'when …", "Use after …", "Auto-loads when …"). Without one, the model cannot determine when to invoke ' +
          'the skill.',
      },
    ];
  },
};

export const bloatedSkill: AntiPatternRule = {
  flag: 'BLOATED_SKILL',
  methodology: 'compat',
  description: 'SKILL.md over 800 lines with no references/ folder.',
  severity: 0.1,
  fix: 'Move detailed material into references/ and link it from SKILL.md.',
  detect(skill) {
    const { lineCount } = compatView(skill);
    return lineCount > 800 && !skill.hasReferencesDir
      ? [
          {
            flag: 'BLOATED_SKILL',
            severity: 0.1,
            description:
              `SKILL.md is ${lineCount} lines with no references/ directory. The whole file loads on every ` +
              `invocation.`,
          },
        ]
      : [];
  },
};

/**
 * Matches of PluginEval's /\(references\/([^)]+)\)/g, found with indexOf: the regex re-scanned to the end of the
 * text from every `(references/` that has no `)` after it (quadratic on a file of them).
 */
function* referenceLinks(content: string): Generator<{ index: number; target: string }> {
  const open = '(references/';
  for (let at = content.indexOf(open); at !== -1; ) {
    const close = content.indexOf(')', at + open.length);
    if (close === -1) return; // no later start can find a `)` either
    if (close === at + open.length) {
      at = content.indexOf(open, at + 1); // `(references/)`: the capture needs one character
      continue;
    }
    yield { index: at, target: content.slice(at + open.length, close) };
    at = content.indexOf(open, close + 1);
  }
}

export const orphanReference: AntiPatternRule = {
  flag: 'ORPHAN_REFERENCE',
  methodology: 'compat',
  description:
    "A `(references/...)` link whose file is not directly in references/ (PluginEval's name for a dead link).",
  severity: 0.05,
  fix: 'Create the missing reference file or remove the link.',
  detect(skill) {
    if (!skill.hasReferencesDir) return [];
    const view = compatView(skill);
    const present = new Set(topLevelFiles(skill, 'references').map((f) => path.posix.basename(f.rel).toLowerCase()));
    const out: ReturnType<AntiPatternRule['detect']> = [];
    const lineOf = lineLocator(view.content);
    for (const m of referenceLinks(view.content)) {
      const target = m.target;
      if (present.has(path.posix.basename(target).toLowerCase())) continue;
      out.push({
        flag: 'ORPHAN_REFERENCE',
        severity: 0.05,
        line: lineOf(m.index),
        description:
          `SKILL.md links to '${target}' which does not exist. Dead reference links waste context and confuse the ` +
          `model.`,
      });
    }
    return out;
  },
};

export const deadCrossRef: AntiPatternRule = {
  flag: 'DEAD_CROSS_REF',
  methodology: 'compat',
  description: 'A skills/... path that does not resolve from the skills folder.',
  severity: 0.05,
  fix: 'Fix the path to the referenced skill or agent, or remove the reference.',
  detect(skill) {
    const view = compatView(skill);
    const out: ReturnType<AntiPatternRule['detect']> = [];
    const index = pathIndex(skill);
    for (const m of view.body.matchAll(COMPAT_CROSS_REF)) {
      const ref = m[1]!;
      const resolves = ref.startsWith('sub-skills/')
        ? index.dirs.has(ref) || index.files.has(ref)
        : skill.context.siblings.has(ref.replace(/^skills?\//, ''));
      if (resolves) continue;
      const name = ref.replace(/^skills?\//, '');
      out.push({
        flag: 'DEAD_CROSS_REF',
        severity: 0.05,
        description: `Cross-reference to skill/agent '${name}' cannot be resolved. Dead links degrade ecosystem coherence.`,
      });
    }
    return out;
  },
};
