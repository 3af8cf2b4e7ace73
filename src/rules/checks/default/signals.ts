import type { MarkdownFacts } from '../../../parse/markdown.js';
import type { SkillDocument } from '../../../parse/skill.js';
import { filesUnder } from '../../../parse/skill.js';
import { normaliseRelative } from '../../../util/paths.js';
import { lastOf } from '../../../util/last-of.js';
import { countMatches } from '../../../util/text.js';
import { DIRECTIVE } from '../shared/directives.js';

/**
 * Shared, memoised measurements for the default methodology. Everything here reads the Markdown tree, so
 * nothing inside code fences counts as prose, a heading or a table.
 */
export interface Signals {
  /** Non-blank prose lines (code excluded), trimmed. */
  prose: string[];
  /** MUST/NEVER/ALWAYS in prose (OVER_CONSTRAINED and token efficiency both read it). */
  directives: number;
  /** normaliseLine() of each prose line, same order. */
  normalised: string[];
  /** Prose joined with newlines, and lowercased. */
  proseText: string;
  proseLower: string;
  /**
   * Non-empty normalised lines, how many of them are distinct, and how many have three words or more (substantive):
   * counted in the one pass that finds the distinct lines, for the checks and tips that read repetition.
   */
  nonEmptyLines: number;
  distinctNonEmptyLines: number;
  substantiveLines: number;
  /** Share of substantive prose lines that are not a near-duplicate of an earlier one (1 = all distinct). */
  distinctRatio: number;
  /** How much the content can be trusted: 1 for ordinary text, falling towards 0 as filler takes over. */
  integrity: number;
  /** Non-empty text files in references/ (any depth). */
  referenceFiles: string[];
  emptyReferenceFiles: string[];
  /** Non-empty files in assets/. */
  assetFiles: string[];
  emptyAssetFiles: string[];
  /** Targets of relative links in prose, normalised to skill-relative paths without anchors. */
  linkedPaths: Set<string>;
  lineCount: number;
}

const cache = new WeakMap<SkillDocument, Signals>();

/**
 * Runs of anything but letters (ASCII and the common non-ASCII letter blocks), each to become one space. A run that
 * already is one space is not matched (most runs are the space between two words, and replacing each by itself took
 * half the pass): a run of two or more is taken whole by the greedy repeat, a lone character that is not a space by
 * the second branch. Each position is looked at once, so it stays linear.
 */
const NOT_LETTERS =
  /[^a-z\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]{2,}|[^ a-z\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]/g;

/**
 * Lowercase, turn digits, punctuation and list markers into spaces and collapse them, so "Step 3: do X." and
 * "Step 4: do X!" compare equal. (A plain character class: the Unicode-property version dominated scoring time.)
 */
export function normaliseLine(line: string): string {
  return line.toLowerCase().replace(NOT_LETTERS, ' ').trim();
}

/** NOT_LETTERS that keeps line breaks, for normalising a whole body in one pass. */
const NOT_LETTERS_OR_NEWLINE =
  /[^a-z\n\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]{2,}|[^ a-z\n\u00c0-\u024f\u0370-\u1fff\u2c00-\u2dff\u3040-\ud7ff\uf900-\ufdcf]/g;

/** At least three words (two spaces) in a normalised line; cheaper than splitting. */
export function hasThreeWords(line: string): boolean {
  const first = line.indexOf(' ');
  return first !== -1 && line.indexOf(' ', first + 1) !== -1;
}

export function signals(skill: SkillDocument): Signals {
  const hit = cache.get(skill);
  if (hit) return hit;
  const md = skill.markdown;
  const result: Signals = { ...proseSignals(md), ...fileSignals(skill, md) };
  cache.set(skill, result);
  return result;
}

type ProseSignals = Pick<
  Signals,
  | 'prose'
  | 'directives'
  | 'normalised'
  | 'proseText'
  | 'proseLower'
  | 'nonEmptyLines'
  | 'distinctNonEmptyLines'
  | 'substantiveLines'
  | 'distinctRatio'
  | 'integrity'
>;

/** Lowercased prose normalised line by line in one regex pass (the pattern never crosses a line break). */
const normaliseAll = (lower: string): string[] =>
  lower
    .replace(NOT_LETTERS_OR_NEWLINE, ' ')
    .split('\n')
    .map((l) => l.trim());

function proseSignals(md: MarkdownFacts): ProseSignals {
  const prose = md.proseTexts;
  const proseText = prose.join('\n');
  const proseLower = proseText.toLowerCase();
  const normalised = normaliseAll(proseLower);
  // Only lines with some substance take part in the duplicate count: table rules, "---" and one-word lines
  // repeat in any well-formed document. One set of the non-empty lines serves both counts (a line's substance is
  // a property of the line, so its first occurrence decides whether it adds a distinct substantive line).
  let nonEmpty = 0;
  let substantive = 0;
  let distinctSubstantive = 0;
  const distinct = new Set<string>();
  for (const line of normalised) {
    if (line === '') continue;
    nonEmpty++;
    const threeWords = hasThreeWords(line);
    if (threeWords) substantive++;
    const seen = distinct.size;
    distinct.add(line);
    if (threeWords && distinct.size !== seen) distinctSubstantive++;
  }
  return {
    prose,
    directives: countMatches(proseText, DIRECTIVE),
    normalised,
    proseText,
    proseLower,
    nonEmptyLines: nonEmpty,
    distinctNonEmptyLines: distinct.size,
    substantiveLines: substantive,
    ...integrityOf(distinctSubstantive, substantive),
  };
}

function integrityOf(distinct: number, substantive: number): Pick<Signals, 'distinctRatio' | 'integrity'> {
  const distinctRatio = substantive === 0 ? 1 : distinct / substantive;
  // Real skills keep >= 90% distinct lines; below 80% the text is padded, and the bonuses it earns shrink in
  // proportion.
  return { distinctRatio, integrity: Math.min(1, distinctRatio / 0.8) };
}

function linkedPathsOf(md: MarkdownFacts): Set<string> {
  const linkedPaths = new Set<string>();
  for (const link of md.links) {
    if (link.path !== undefined && !link.path.startsWith('/')) linkedPaths.add(normaliseRelative(link.path));
  }
  for (const code of md.inlineCode) {
    if (/^(?:\.\/)?(?:references|assets|scripts)\/[^\s]+$/.test(code.value))
      linkedPaths.add(normaliseRelative(code.value));
  }
  return linkedPaths;
}

function fileSignals(skill: SkillDocument, md: MarkdownFacts): Omit<Signals, keyof ProseSignals> {
  // .gitkeep-style placeholders keep a folder in git; they are not content and not padding.
  const real = (f: { rel: string }) => !/(^|\/)\.(?:gitkeep|keep)$/.test(f.rel);
  const refs = filesUnder(skill, 'references').filter((f) => !f.binary && real(f));
  const assets = filesUnder(skill, 'assets').filter(real);
  const isEmpty = (f: { size: number; blank?: boolean }) => f.size === 0 || f.blank === true;
  return {
    referenceFiles: refs.filter((f) => !isEmpty(f)).map((f) => f.rel),
    emptyReferenceFiles: refs.filter(isEmpty).map((f) => f.rel),
    assetFiles: assets.filter((f) => !isEmpty(f)).map((f) => f.rel),
    emptyAssetFiles: assets.filter(isEmpty).map((f) => f.rel),
    linkedPaths: linkedPathsOf(md),
    // File lines = frontmatter lines + body lines, without scanning the text again.
    lineCount: skill.bodyStartLine - 1 + md.lineCount,
  };
}

const NEGATION = /\b(?:not|never|don't|do not|doesn't|does not|avoid|except|unless|no need to|instead of)\b/i;

/** Trigger phrases, as PluginEval looks for them plus "use for"/"use to" forms. */
const TRIGGER =
  /\b(?:should\s+be\s+)?use[ds]?\s+(?:this\s+skill\s+)?(?:immediately\s+)?(?:when|after|before|whenever|for|to)\b|\buse\s+proactively\b|\btrigger(?:s|ed)?\s+(?:when|on)\b|\bauto[-\s]?loads?\s+(?:when|on)\b|\bwhen\s+the\s+user\s+(?:asks|wants|needs|mentions|says)\b/gi;

export interface TriggerAnalysis {
  readonly positive: readonly string[];
  readonly negated: readonly string[];
}

const CLAUSE_END = new Set(['.', ';', '!', '?', ':', '\n']);
const NEGATION_ALL = new RegExp(NEGATION.source, 'gi');
const BLANK = /\s/;

/**
 * Split a description into clauses and keep trigger phrases whose clause does not negate them. One forward pass:
 * the clause start, the last comma and the last negation are carried along as the matches advance (searching
 * backwards from every match was quadratic on a long description full of trigger phrases). Kept for the last
 * description: the frontmatter check, the anti-pattern rules and the description tip read one skill's in turn.
 */
export const analyseTriggers: (description: string) => TriggerAnalysis = lastOf(computeTriggers);

function computeTriggers(description: string): TriggerAnalysis {
  const positive: string[] = [];
  const negated: string[] = [];
  const negations = [...description.matchAll(NEGATION_ALL)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  let clauseStart = 0; // just after the last clause-ending character before the scan position
  let afterComma = false; // a comma in this clause with only blanks after it so far
  let scanned = 0;
  let nextNegation = 0;
  let lastNegationStart = -1; // start of the last negation that ends before the current match
  for (const m of description.matchAll(TRIGGER)) {
    for (; scanned < m.index; scanned++) {
      const ch = description[scanned]!;
      if (CLAUSE_END.has(ch)) {
        clauseStart = scanned + 1;
        afterComma = false;
      } else if (ch === ',') afterComma = true;
      else if (afterComma && !BLANK.test(ch)) afterComma = false;
    }
    while (nextNegation < negations.length && negations[nextNegation]!.end <= m.index)
      lastNegationStart = negations[nextNegation++]!.start;
    // "..., use when X" starts a new clause at the comma; "do not use for X, or when Y" does not.
    const clauseNegated = !afterComma && lastNegationStart >= clauseStart;
    (clauseNegated ? negated : positive).push(m[0]);
  }
  return { positive, negated };
}

const ACTIVATION_WORDS =
  /\b(?:use|used|uses|trigger|triggers|invoke|invoked|proactively|automatically|always|whenever|activate|activates)\b/gi;
const OVERBROAD = /\b(?:anything|everything|any task|every task|all tasks|always use)\b/i;

export interface StuffingAnalysis {
  readonly stuffed: boolean;
  readonly reasons: readonly string[];
}

/**
 * Descriptions written for the scorer rather than the model: piles of activation words, repeats, catch-alls. Kept
 * for the last description, as analyseTriggers.
 */
export const analyseStuffing: (description: string) => StuffingAnalysis = lastOf(computeStuffing);

function computeStuffing(description: string): StuffingAnalysis {
  const words = description.toLowerCase().match(/[a-z][a-z'-]*/g) ?? [];
  const reasons: string[] = [];
  const activation = description.match(ACTIVATION_WORDS)?.length ?? 0;
  if (activation >= 5 && activation / Math.max(1, words.length) > 0.08)
    reasons.push(`${activation} activation words in ${words.length}`);
  // Topic words repeat in honest descriptions ("agent" nine times in plugin-dev's agent skill), so only
  // activation vocabulary, clause counts and catch-all claims are treated as signs of writing for the scorer.
  const whenClauses = description.match(/\bwhen\b/gi)?.length ?? 0;
  if (whenClauses >= 7) reasons.push(`${whenClauses} "when" clauses`);
  // A catch-all alone can be an honest (if vague) description; with a pile of activation words it is gaming.
  if (OVERBROAD.test(description) && activation >= 4) reasons.push('claims to apply to anything');
  return { stuffed: reasons.length > 0, reasons };
}
