import type { Severity } from '../../model/diagnostic.js';
import type { AntiPatternFlag, Methodology, SubScoreName } from '../../model/dimensions.js';
import type { SkillEdit } from '../../model/result.js';
import type { SkillDocument } from '../../parse/skill.js';

/** Something a check noticed: a reason behind its score, or a problem to fix. */
export interface Finding {
  ruleId: string;
  message: string;
  severity: Severity;
  /** SKILL.md line (1-based) when the finding points at one. */
  line?: number;
  column?: number;
  /** Another file, when the finding is about it (a dead link target, an empty reference file). */
  file?: string;
}

/** One term of a check's formula as its ScoreBuilder applied it: points (earned or not) or a scale. */
export type FormulaStep =
  | { op: 'add'; points: number; why: string; earned: boolean }
  | { op: 'scale'; factor: number; floor: number };

export interface CheckOutcome {
  /** In [0, 1]. */
  score: number;
  /** Short human-readable reasons for the score, in the order they were applied. */
  evidence: string[];
  findings: Finding[];
  /** The terms the score was computed from, so a tip can evaluate the check's own formula with one term changed. */
  formula?: { steps: readonly FormulaStep[]; cap: number };
}

/**
 * A change a check or rule can see would raise its own score, computed from this skill: never something the skill
 * already has. The check says what its own formula gives once the change is made (`gain`); a rule says how many
 * of its instances the change removes. Nothing re-scores the skill, and a tip that gains nothing is dropped.
 */
export interface Improvement {
  /** Stable id, "<check id or flag>/<what>". */
  id: string;
  /**
   * What to do, from the fixed tip texts (src/rules/checks/improvements/tip-text.ts): the author's words appear
   * only quoted, never rewritten into a sentence.
   */
  action: string;
  /** What to write, from fixed text and the target's own name only; absent when only the author can write it. */
  example?: string;
  /** The change as mechanical edits, when it is one (a key set, lines deleted, a fixed section appended). */
  edits?: SkillEdit[];
  /** A check's offer: the rise in the check's own score (0-1) once the change is made, by its own formula. */
  gain?: number;
  /** A rule's offer: the instances the change removes (default: all that were found). */
  removes?: number;
}

/** One static sub-score: metadata plus a pure function of the parsed skill. */
export interface StaticCheck {
  id: string;
  subScore: SubScoreName;
  methodology: Methodology;
  description: string;
  run(skill: SkillDocument): CheckOutcome;
  /** Changes that would raise this check's score (default methodology); `outcome` is `run(skill)`. */
  improve?(skill: SkillDocument, outcome: CheckOutcome): Improvement[];
}

export interface AntiPatternInstance {
  flag: AntiPatternFlag;
  description: string;
  severity: number;
  line?: number;
  file?: string;
}

/** One anti-pattern detector: each instance it returns costs 5% of the composite (floored at 50%). */
export interface AntiPatternRule {
  flag: AntiPatternFlag;
  methodology: Methodology;
  description: string;
  /** The severity PluginEval's methodology gives; PluginEval reports it but its penalty ignores it. */
  severity: number;
  fix: string;
  /** Its severity in the rule registry and docs/rules.md: 'warning' unless set. */
  ruleSeverity?: Severity;
  /** The validation rule that reports the same problem as a diagnostic (file, line, column), when there is one. */
  diagnostic?: string;
  /**
   * Why the flag withholds any badge in the default methodology, whatever the composite (text for the badge's
   * reason); absent: the flag only costs its 5%.
   */
  disqualifies?: string;
  detect(skill: SkillDocument): AntiPatternInstance[];
  /** Changes that remove the instances `detect` found (called only when there are some). */
  improve?(skill: SkillDocument, instances: AntiPatternInstance[]): Improvement[];
}
