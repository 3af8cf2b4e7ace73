/**
 * Static detection of prompt injection aimed at the evaluator: text in a skill that tries to steer the
 * judge instead of the agent. A skill legitimately talks to the agent ("You are ...", "Always ..."), so
 * these patterns look for what only makes sense against a grader: overriding earlier instructions,
 * asking for a score, addressing an evaluator, imitating a system prompt or closing a data envelope.
 * Each finding carries a 1-based line and column so the static layer can report INJECTION_ATTEMPT.
 */

export interface InjectionFinding {
  /** 1-based line in the given text. */
  line: number;
  /** 1-based column of the match start. */
  column: number;
  /** The matched line, trimmed and shortened. */
  excerpt: string;
  kind: InjectionKind;
}

export type InjectionKind =
  | 'ignore_instructions'
  | 'score_manipulation'
  | 'addresses_evaluator'
  | 'fake_system_prompt'
  | 'envelope_escape';

const EVALUATOR = String.raw`(?:evaluators?|judges?|graders?|reviewers?|assessors?|scorers?|raters?|auditors?)`;
const AI_READER = String.raw`(?:${EVALUATOR}|ai|llm|language model|model|assistant)`;
const TOP_SCORE = String.raw`(?:1\.0+|1(?:\.0)?\s*/\s*1|10\s*/\s*10|5\s*/\s*5|100(?:\s*/\s*100|\s*%)?|perfect|full marks|maximum|max|highest|top|an?\s+a\+?)`;

/**
 * Each pattern with `anchors`: lowercase words one of which every match must contain. A pattern runs only
 * when the text contains an anchor, which skips most of the fifteen scans on an ordinary skill.
 */
// Patterns anchored at a line start use [ \t] rather than \s: \s also matches newlines, so `^\s*x?\s*word`
// re-scanned every following blank line from every line start (cubic on a file of blank or code lines); and two
// optional runs of blanks in a row (`[ \t]*x?[ \t]*`) split a long run of spaces every possible way (quadratic).
const PATTERNS: readonly { kind: InjectionKind; re: RegExp; anchors: readonly string[] }[] = [
  {
    kind: 'ignore_instructions',
    re: /\b(?:ignore|disregard|forget|override|bypass|skip)\s+(?:all\s+|any\s+|the\s+|your\s+|these\s+|of\s+)*(?:previous|prior|above|earlier|preceding|foregoing|original|system|other)\s+(?:instructions?|prompts?|directions?|rules|guidelines|context|messages?)\b/i,
    anchors: ['ignore', 'disregard', 'forget', 'override', 'bypass', 'skip'],
  },
  { kind: 'ignore_instructions', re: /\b(?:new|updated|real)\s+instructions\s*(?:for\s+(?:you|the\s+\w+))?\s*:/i, anchors: ['instructions'] },
  { kind: 'score_manipulation', re: new RegExp(String.raw`\b(?:rate|score|grade|mark|evaluate|assess|rank)\s+(?:this|it|me|the\s+skill|this\s+skill|this\s+(?:file|document|plugin))\s+(?:as\s+|at\s+|with\s+|a\s+)*${TOP_SCORE}`, 'i'), anchors: ['rate', 'score', 'grade', 'mark', 'evaluate', 'assess', 'rank'] },
  { kind: 'score_manipulation', re: /\b(?:give|assign|award|return|output)\s+(?:this|it|me|the\s+skill|this\s+skill)\s+(?:a\s+|an\s+|the\s+)?(?:perfect|full|maximum|max|top|highest|10\/10|5\/5|1\.0)\s+(?:score|rating|grade|marks?|points)\b/i, anchors: ['give', 'assign', 'award', 'return', 'output'] },
  { kind: 'score_manipulation', re: /\b(?:perfect|maximum|highest|full)\s+(?:score|rating|grade)\s+(?:of\s+\S+\s+)?(?:is\s+)?(?:required|expected|mandatory|deserved)\b/i, anchors: ['perfect', 'maximum', 'highest', 'full'] },
  { kind: 'score_manipulation', re: /\bscore\s*(?:=|:)\s*1\.0\b(?!\s*[-–]|\s*\))/i, anchors: ['score'] },
  { kind: 'addresses_evaluator', re: new RegExp(String.raw`\b(?:dear|attention|hey|hello)\s+${AI_READER}\b`, 'i'), anchors: ['dear', 'attention', 'hey', 'hello'] },
  { kind: 'addresses_evaluator', re: new RegExp(String.raw`\b(?:(?:note|message|instructions?)\s+(?:to|for)|to)\s+(?:the\s+|any\s+|all\s+)?(?:ai\s+|llm\s+|automated\s+)?${EVALUATOR}\s*[:,]`, 'i'), anchors: ['evaluator', 'judge', 'grader', 'reviewer', 'assessor', 'scorer', 'rater', 'auditor'] },
  { kind: 'addresses_evaluator', re: new RegExp(String.raw`\bif\s+you\s+are\s+(?:an?\s+|the\s+)?(?:ai\s+|llm\s+|automated\s+)?(?:${EVALUATOR}|(?:ai|llm|model|language model)\s+(?:evaluating|grading|judging|scoring|reviewing|assessing))\b`, 'i'), anchors: ['if you are'] },
  { kind: 'addresses_evaluator', re: /\b(?:when|while)\s+(?:you\s+are\s+)?(?:evaluating|grading|judging|scoring|rating|assessing)\s+this\s+(?:skill|file|document|plugin)\b/i, anchors: ['evaluating', 'grading', 'judging', 'scoring', 'rating', 'assessing'] },
  { kind: 'fake_system_prompt', re: /^[ \t]*(?:\[[ \t]*(?:system|sys|admin|developer)[ \t]*\]|(?:system|admin|developer)[ \t]*(?:prompt|message|override)?[ \t]*:)/im, anchors: ['system', 'sys', 'admin', 'developer'] },
  { kind: 'fake_system_prompt', re: /<\|?\s*(?:system|im_start|im_end|endoftext)\s*\|?>|<\/?\s*(?:system|sys)\s*>/i, anchors: ['<'] },
  { kind: 'fake_system_prompt', re: /\b(?:begin|start|end)\s+(?:of\s+)?system\s+(?:prompt|message|instructions)\b|\bsystem\s+override\b|\bdeveloper\s+mode\s+(?:enabled|activated|on)\b/i, anchors: ['system', 'developer'] },
  { kind: 'envelope_escape', re: /<<<\s*(?:END|BEGIN)\b|<\/\s*(?:skill|document|untrusted|data|material|content)(?:[-_ ]\w+)*\s*>/i, anchors: ['<<<', '</'] },
  { kind: 'envelope_escape', re: /^[ \t]*(?:(?:-{3,}|={3,}|#{1,3})[ \t]*)?end[ \t]+of[ \t]+(?:the[ \t]+)?(?:skill|document|file|material|data|input)[ \t]*(?:(?:-{3,}|={3,})[ \t]*)?\r?$/im, anchors: ['end of'] },
];

// Global copies compiled once: building fifteen regexes per call cost more than running them.
const GLOBAL_PATTERNS = PATTERNS.map(({ kind, re, anchors }) => ({ kind, anchors, re: new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`) }));

// One pass of all patterns together answers "anything here at all?"; almost every skill says no, and one
// scan costs half of fifteen. Anchors then skip the patterns that cannot match.
const ANY_PATTERN = new RegExp(PATTERNS.map(({ re }) => `(?:${re.source})`).join('|'), 'im');

const MAX_EXCERPT = 160;

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/** Findings in reading order; one per line and kind (a line matching two patterns of a kind reports once). */
export function detectInjection(text: string): InjectionFinding[] {
  if (!ANY_PATTERN.test(text)) return [];
  const starts = lineStarts(text);
  const lines = text.split('\n');
  const seen = new Set<string>();
  const findings: InjectionFinding[] = [];
  const lower = text.toLowerCase();
  for (const { kind, re: global, anchors } of GLOBAL_PATTERNS) {
    if (!anchors.some((a) => lower.includes(a))) continue;
    for (const match of text.matchAll(global)) {
      // A phrase in quotes is being mentioned (a skill warning about injection), not used.
      if (/["'`\u201c\u2018]/.test(text.charAt(match.index - 1))) continue;
      const offset = match.index + (match[0].length - match[0].trimStart().length);
      let line = 1;
      for (let lo = 0, hi = starts.length - 1; lo <= hi; ) {
        const mid = (lo + hi) >> 1;
        if ((starts[mid] as number) <= offset) { line = mid + 1; lo = mid + 1; } else hi = mid - 1;
      }
      const key = `${line}\u0000${kind}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const raw = (lines[line - 1] ?? '').replace(/\r$/, '').trim();
      findings.push({
        line,
        column: offset - (starts[line - 1] as number) + 1,
        excerpt: raw.length > MAX_EXCERPT ? `${raw.slice(0, MAX_EXCERPT - 3)}...` : raw,
        kind,
      });
    }
  }
  return findings.sort((a, b) => a.line - b.line || a.column - b.column);
}
