import type { SkillDocument } from '../../../parse/skill.js';
import type { Improvement } from '../types.js';
import { analyseStuffing, analyseTriggers } from '../default/signals.js';

/** Use-case clauses after a comma, as the frontmatter check counts them. */
export const USE_CASES =
  /,\s*(?:or\s+)?(?:when|for|during|implementing|building|creating|debugging|testing|deploying|configuring|setting up)\s+([^,.;]+)/gi;

const TRIGGER_START =
  /\b(?:use|used|invoke|trigger)\b(?:\s+(?:this\s+skill|it|me))?(?:\s+(?:proactively|immediately))?\s+(?:when|whenever|for|to|before|after|if)\b/i;
const KEPT_STARTS =
  /^(?:when|for|during|implementing|building|creating|debugging|testing|deploying|configuring|setting up)\b/i;
const SWAPPED_STARTS = /^(?:whenever|if|while|before|after|once|as)\s+/i;
/** Gerund headings that name a part of the document, not a task. */
const NOT_TASKS = new Set([
  'troubleshooting',
  'getting',
  'contributing',
  'licensing',
  'naming',
  'warning',
  'warnings',
  'heading',
  'pricing',
  'something',
  'anything',
  'everything',
  'nothing',
]);
const MAX_CONTEXTS = 4;

/** "when X" form of one situation from the description or a heading. */
function asContext(part: string): string | undefined {
  const text = part
    .trim()
    .replace(/^(?:or|and)\s+/i, '')
    .replace(/[.;:!?]+$/, '')
    .trim();
  if (text.split(/\s+/).length < 2) return undefined;
  if (KEPT_STARTS.test(text)) return text.charAt(0).toLowerCase() + text.slice(1);
  if (SWAPPED_STARTS.test(text)) return `when ${text.replace(SWAPPED_STARTS, '')}`;
  return `when ${text}`;
}

/** Verbs that continue "the user asks to ..." when a list leaves the subject out ("asks to pair, approve someone"). */
const SUBJECT = /^(?:the\s+user|users?|you|they|someone|claude|the\s+agent)\b/i;
const LEAD = /^(.*?\b(?:asks?|wants?|needs?|tries|try|says?|requests?)\s+(?:to|for|about)?)\s*/i;
const THIRD_PERSON_VERB =
  /^(?:asks|wants|needs|pastes|mentions|says|shares|requests|types|runs|tries|provides|opens|uploads|describes|reports)\b/i;

/**
 * The clause's situations, each a whole clause: split at commas, semicolons and "or when ..." outside quotes;
 * a part that leaves out the subject or the verb of the first ("the user asks to pair, approve someone") gets
 * them back ("the user asks to approve someone"); a part with an unbalanced quote is dropped.
 */
function situations(clause: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < clause.length; i++) {
    const ch = clause[i]!;
    if (ch === '"' || ch === '\u201c' || ch === '\u201d')
      quoted = ch === '\u201c' ? true : ch === '\u201d' ? false : !quoted;
    const rest = clause.slice(i);
    const orWhen = !quoted && /^\s+or\s+(?=when\b|for\b|if\b|before\b|after\b|while\b)/i.exec(rest);
    if (!quoted && (ch === ',' || ch === ';')) {
      parts.push(current);
      current = '';
    } else if (orWhen) {
      parts.push(current);
      current = '';
      i += orWhen[0].length - 1;
    } else current += ch;
  }
  parts.push(current);
  const cleaned = parts
    .map((p) =>
      p
        .trim()
        .replace(/^(?:or|and)\s+/i, '')
        .trim(),
    )
    .filter((p) => p !== '');
  const first = (cleaned[0] ?? '').replace(/^(?:when|whenever|if)\s+/i, '');
  const subject = SUBJECT.exec(first)?.[0];
  const lead = subject ? LEAD.exec(first)?.[1] : undefined;
  return cleaned
    .map((part, i) => {
      if (i === 0 || KEPT_STARTS.test(part) || SWAPPED_STARTS.test(part) || SUBJECT.test(part)) return part;
      if (subject && THIRD_PERSON_VERB.test(part)) return `${subject} ${part}`;
      return lead ? `${lead} ${part}` : part;
    })
    .filter((part) => (part.match(/"/g) ?? []).length % 2 === 0);
}

/** Situations this skill is for, from its own text: its trigger clause first, then task-like (gerund) headings. */
function contextsOf(skill: SkillDocument, clause: string): string[] {
  const out: string[] = [];
  const add = (c: string | undefined) => {
    if (c && !out.some((o) => o.toLowerCase() === c.toLowerCase())) out.push(c);
  };
  for (const part of situations(clause)) add(asContext(part));
  for (const h of skill.markdown.headings) {
    if (h.depth < 2 || h.depth > 3) continue;
    const words = h.text.replace(/[`*_]/g, '').trim().split(/\s+/);
    const first = (words[0] ?? '').toLowerCase();
    if (words.length >= 2 && /^[a-z]{3,}ing$/.test(first) && !NOT_TASKS.has(first))
      add(`when ${h.text.replace(/[`*_]/g, '').trim().toLowerCase()}`);
  }
  return out.slice(0, MAX_CONTEXTS);
}

const NOT_VERBS = new Set([
  'this',
  'these',
  'its',
  'is',
  'has',
  'was',
  'does',
  'as',
  'us',
  'plus',
  'status',
  'always',
  'sometimes',
]);

/** "profiling" from "Profiles", "running" from "Runs"; undefined when the word does not look like a verb. */
function gerund(word: string): string | undefined {
  const w = word.toLowerCase();
  if (!/^[a-z]{3,}s$/.test(w) || w.endsWith('ss') || NOT_VERBS.has(w)) return undefined;
  if (w.endsWith('ies')) return `${w.slice(0, -3)}ying`;
  if (/(?:ss|sh|ch|x|z)es$/.test(w)) return `${w.slice(0, -2)}ing`;
  const base = w.slice(0, -1);
  if (base.endsWith('e') && !base.endsWith('ee')) return `${base.slice(0, -1)}ing`;
  // One-syllable consonant-vowel-consonant words double the last letter (run -> running).
  if (/^[^aeiou]*[aeiou][^aeiouwxy]$/.test(base)) return `${base}${base.slice(-1)}ing`;
  return `${base}ing`;
}

/**
 * "for profiling a CSV file" from "Profiles a CSV file and reports ...": a purpose as its first use (skills, agents).
 */
export function purposeAsUse(what: string): string | undefined {
  const m = /^([A-Za-z]+)\s+(.+?)(?:\s+and\s+|[,;:]|\.(?:\s|$)|$)/.exec(
    what.replace(/^(?:this|the)\s+(?:skill|tool|agent)\s+/i, ''),
  );
  // "Agents are ..." opens with a noun, not a verb: no purpose can be read from it.
  const verb = m && !/^(?:are|is|was|were|have|has|can|will)\b/i.test(m[2]!) ? gerund(m[1]!) : undefined;
  return verb && m![2]!.trim().split(/\s+/).length >= 1 ? `for ${verb} ${m![2]!.trim()}` : undefined;
}

/** The first prose sentence of the body, for a skill whose description says nothing. */
function firstSentence(skill: SkillDocument): string | undefined {
  for (const line of skill.markdown.proseLines) {
    const t = line.trim();
    if (
      t === '' ||
      t.startsWith('#') ||
      t.startsWith('|') ||
      t.startsWith('>') ||
      t.startsWith('<') ||
      /^[-*+]\s|^\d+[.)]\s/.test(t)
    )
      continue;
    const sentence = /^(.+?[.!?])(?:\s|$)/.exec(t)?.[1] ?? t;
    if (sentence.split(/\s+/).length >= 5) return sentence;
  }
  return undefined;
}

/**
 * The description rewritten from the skill's own words: what it does (the current text before its trigger, or
 * the body's first sentence when the description is empty), then "Use when" with each situation after a comma
 * ("..., when cleaning data, or when checking an export"), which is the form the router and the check read.
 * Undefined when the skill gives nothing to build it from.
 */
export function rewrittenDescription(skill: SkillDocument): string | undefined {
  const description = skill.description.replace(/\s+/g, ' ').trim();
  const start = TRIGGER_START.exec(description);
  // "This skill should be used when ...": the words before the trigger are part of it, not what the skill does.
  let what = (start ? description.slice(0, start.index) : description)
    .replace(/\b(?:(?:this|the)\s+(?:skill|agent)|it)\s+should\s+be\s*$/i, '')
    .trim();
  let clause = '';
  if (start) {
    const rest = description.slice(start.index + start[0].length);
    const end = /[.!?](?:\s|$)/.exec(rest);
    clause = `${start[0].split(/\s+/).pop()} ${end ? rest.slice(0, end.index) : rest}`;
    const after = end ? rest.slice(end.index + 1).trim() : '';
    if (after !== '') what = `${what} ${after}`.trim();
  }
  if (what.length < 20) what = firstSentence(skill) ?? what;
  if (what === '') return undefined;
  if (!/[.!?]$/.test(what)) what = `${what}.`;
  // The purpose leads, so every situation after it follows a comma (the form the check counts as a use case).
  const lead = purposeAsUse(what);
  const contexts = [
    ...(lead ? [lead] : []),
    ...contextsOf(skill, clause).slice(0, lead ? MAX_CONTEXTS - 1 : MAX_CONTEXTS),
  ];
  if (contexts.length === 0) return undefined;
  const list =
    contexts.length === 1 ? contexts[0]! : `${contexts.slice(0, -1).join(', ')}, or ${contexts[contexts.length - 1]}`;
  const rewritten = `${what} Use ${list}.`.replace(/\s+/g, ' ');
  if (rewritten.length > 1024 || analyseStuffing(rewritten).stuffed) return undefined;
  return rewritten === description ? undefined : rewritten;
}

/** What the description lacks, in the frontmatter check's own terms. */
export function descriptionGaps(description: string): string[] {
  const gaps: string[] = [];
  const n = description.trim().length;
  if (n < 100) gaps.push(`it is ${n} characters (100 or more scores best)`);
  const stuffing = analyseStuffing(description);
  if (stuffing.stuffed) gaps.push(`it reads as keyword-stuffed (${stuffing.reasons.join('; ')})`);
  const triggers = analyseTriggers(description);
  if (triggers.positive.length === 0)
    gaps.push(
      triggers.negated.length > 0 ? 'its only trigger phrase is negated' : 'it has no trigger phrase ("Use when ...")',
    );
  const contexts = new Set([...description.matchAll(USE_CASES)].map((m) => m[1]!.trim().toLowerCase()));
  if (contexts.size < 3)
    gaps.push(`it lists ${contexts.size} situation(s) after a comma (", when ...", 3 or more score best)`);
  if (!/\b(when\s+\w+ing|for\s+\w+ing|during\s+\w+ing)\b/i.test(description))
    gaps.push('no situation names an activity ("when reviewing ...")');
  return gaps;
}

/** The description rewrite as an improvement, offered by the frontmatter check and the description anti-patterns. */
export function descriptionImprovement(skill: SkillDocument, id: string): Improvement | undefined {
  const rewritten = rewrittenDescription(skill);
  if (!rewritten) return undefined;
  const gaps = descriptionGaps(skill.description);
  return {
    id,
    action:
      `Rewrite the ` +
      `description: ${gaps.length > 0 ? gaps.join('; ') : 'its situations are not in the form the router reads'}. ` +
      `Say what the skill does, then "Use for <its purpose>, when <situation>, ..., or when <situation>", each ` +
      `situation after a comma.`,
    example: `description: ${JSON.stringify(rewritten)}`,
    edits: [{ op: 'set-frontmatter', key: 'description', value: rewritten }],
  };
}
