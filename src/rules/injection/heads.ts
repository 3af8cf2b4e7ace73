/**
 * Heads that address the grader (structure.ts's module comment says what a head is), and the word-boundary pieces
 * the head and request patterns share. A head is read only around a request, so this runs on little of a text.
 */

/** Longest head considered (characters and words): an address is short. */
const MAX_HEAD = 120;
const MAX_HEAD_WORDS = 14;

/**
 * A letter or digit of the alphabetic scripts, in lower case (the views are lower-cased). Spelled as ranges,
 * not `${LETTERS}`: Unicode property classes made these patterns cost ~70 ms to compile, on every process's first
 * scan; CJK text is not in the class, so a Latin word touching it ("本文件的AI请注意") still has its boundary.
 */
export const W = String.raw`[0-9a-z\u00aa\u00b5\u00ba\u00c0-\u024f\u0370-\u03ff\u0400-\u052f]`;
export const LETTER_RANGES = String.raw`a-z\u00c0-\u024f\u0400-\u052f`;
export const LETTERS = `[${LETTER_RANGES}]`;
export const R = `(?!${W})`;
/**
 * One of the words of `alternation`, starting a word. The boundary is checked after the literal (as
 * phrase.ts `word` does): a pattern that starts with a literal lets the engine skip to candidates, a
 * leading look-behind runs at every position (7 times slower here).
 */
export const word = (alternation: string, boundary = W): string =>
  `(?:${alternation})(?<=(?<!${boundary})(?:${alternation}))`;
const SCRIPT = W;
const LR = R;

/** Someone whose job is to score, in the languages of the phrase tables. */
const STRONG_ROLE = new RegExp(
  `${word(String.raw`evaluators?|graders?|judges?|markers?|scorers?|raters?|assessors?|examiners?|jur(?:y|ies)|[ée]valuat(?:eur|rice)s?|correct(?:eur|rice)s?|examinat(?:eur|rice)s?|notat(?:eur|rice)s?|juges?|pr[üu]fer(?:in|innen)?|bewerter(?:in|innen)?|gutachter(?:in|innen)?|korrektor(?:in|en|innen)?|evaluador(?:a|es|as)?|calificador(?:a|es|as)?|corrector(?:a|es|as)?|jue(?:z|ces)|jurado|examinador(?:a|es|as)?|valutat(?:ore|rice|ori|rici)|corret(?:tore|trice|tori)|esaminat(?:ore|rice|ori)|giudic[ei]|avaliador(?:a|es|as)?|corretor(?:a|es|as)?|ju[íi]z(?:es)?|оценщик${LETTERS}*|проверяющ${LETTERS}*|экзаменатор${LETTERS}*|суд(?:ья|ьи|ье|ьям)|рецензент${LETTERS}*`, SCRIPT)}${LR}|评审|評審|评委|評委|评分员|评分者|評分者|阅卷|閱卷|考官|裁判|採点者|評価者|審査員|審査者|査読者|채점자|평가자|심사위원|심사자`,
  '',
);
/** Roles that are often a label for the agent itself (a code reviewer): one cue only. */
const MEDIUM_ROLE = new RegExp(
  `${word(String.raw`reviewers?|critics?|checkers?|auditors?|referees?|moderators?|inspectors?|relecteurs?|relectrices?|revisor(?:a|es|as)?|revisor[ei]`, SCRIPT)}${LR}|レビュアー|レビューア|검토자|리뷰어|审核员|審核員`,
  '',
);
/** An AI reader. */
const AGENT = new RegExp(
  `${word(String.raw`ai|a\.i|llms?|models?|assistants?|bots?|agents?|gpts?|claude|systems?|machines?|automated|automatic|chatbots?|(?:large\s+)?language\s+models?|ia|ki|[${LETTER_RANGES}-]*modell${LETTERS}*|modelos?|modell[oi]|mod[èe]les?|ии|нейросет${LETTERS}*|модел${LETTERS}*|ии-${LETTERS}+`, SCRIPT)}${LR}|模型|人工智能|大模型|モデル|人工知能|모델|인공지능`,
  '',
);
/** Scoring, or reading this text, as what the addressee is doing. */
const ACTIVITY = new RegExp(
  `${word(String.raw`grading|marking|scoring|rating|evaluating|assessing|reviewing|judging|checking|auditing|evaluations?|assessments?|grades|marks|scores|rates|evaluates|assesses|reviews|checks|(?:reading|reads|processing|parsing|analy[sz]ing|looking\s+at|sees|seeing)\s+(?:this|these|me)|tasked\s+with|in\s+charge\s+of|[ée]valu(?:ation|e|ant|er)|notation|note|corrige|bewert${LETTERS}*|prüf(?:t|end${LETTERS}*|ung)|benot${LETTERS}*|califica${LETTERS}*|eval[úu]a${LETTERS}*|revisa|valuta${LETTERS}*|corregge|giudica|avalia${LETTERS}*|pontua|оценива${LETTERS}*|проверя${LETTERS}*`, SCRIPT)}${LR}|打分|评分|評分|评估|評估|审核|審核|阅读|閱讀|採点|评判|評判|評価|審査|채점|평가|심사|검토`,
  '',
);
/** A greeting, or a word that turns what follows into an address. */
const LEAD = new RegExp(
  `${word(String.raw`dear|hey|hi|hello|psst|attn|attention|to|for|notice|message|memo|instructions?|reminder|whoever|anyone|any|every|all|[àa]|au|aux|pour|cher|ch[èe]re?s?|quiconque|an|f[üu]r|liebe[rs]?|hallo|al|para|querid[oa]s?|estimad[oa]s?|alla|per|car[oa]|cari|ao|aos|prezad[oa]s?|для|уважаем${LETTERS}*|дорог${LETTERS}*`, SCRIPT)}${LR}|致|写给|寫給|请注意|請注意|へ|様|殿|에게|께`,
  '',
);

/** Characters that end a head. */
const HEAD_END = new Set([
  ':',
  '\uff1a',
  ',',
  '\uff0c',
  '\u3001',
  '!',
  '\uff01',
  ';',
  '\uff1b',
  '>',
  '\u2014',
  '\u2013',
]);
/** Characters after which a new head may start (besides head ends): line, sentence, bracket and quote starts. */
const HEAD_RESET = new Set([
  '\n',
  '(',
  '[',
  '{',
  '"',
  '\u201c',
  '\u201d',
  '\u00ab',
  '\u00bb',
  '\u300c',
  '\u300d',
  '\uff08',
  '\u3010',
  '*',
  '_',
  '#',
  '|',
  '`',
  '=',
]);
const SENTENCE_END = new Set(['.', '?', '\u3002', '\uff1f']);
/** A modal after the subject ends a third-person head ("Evaluators must not ..."). */
const MODAL = new RegExp(
  String.raw`${word(String.raw`should|must|shall|will|needs?\s+to|has\s+to|have\s+to|is\s+to|are\s+to|ought\s+to|(?:is|are)\s+(?:instructed|asked|required|expected|told|directed)\s+to|muss|müssen|sollte?n?|doit|doivent|debe|deben|deve|devono|должн${LETTERS}*`)}${R}`,
  'g',
);
/** After a comma, a relative pronoun continues the head ("An das Sprachmodell, das diesen Skill bewertet:"). */
const RELATIVE = new RegExp(
  String.raw`^\s*(?:that|who|which|whose|qui|que|das|die|der|welche[rs]?|che|quem|котор${LETTERS}*)${R}`,
  '',
);

/**
 * A greeting or "to"/"for" counts only at the start of the head ("To the model ...", not "text addressed to the AI").
 */
const LEAD_REACH = 16;
/** A head that opens a subordinate clause ("When the judge scores an answer 10/10, ...") addresses nobody. */
const SUBORDINATE = new RegExp(
  `^${word(String.raw`when|whenever|while|before|after|because|since|unless|once|as|although|though|where|whether|until|if(?!\s+you(?:'re|\u2019re|\s+are)${R})|quand|lorsque|wenn|als|cuando|quando|если|когда`)}${R}`,
  '',
);

/** Whether `head` names whoever scores (see the module comment). */
function addressesGrader(head: string): boolean {
  const words = head.split(/\s+/).filter((w) => w !== '').length;
  if (words === 0 || words > MAX_HEAD_WORDS || SUBORDINATE.test(head)) return false;
  if (STRONG_ROLE.test(head)) return true;
  const cues = Number(MEDIUM_ROLE.test(head)) + Number(AGENT.test(head)) + Number(ACTIVITY.test(head));
  return cues >= 2 || (cues === 1 && LEAD.test(head.slice(0, LEAD_REACH)));
}

/** Heads that address the grader in text[from, to), as spans of `whole`. One pass; each head is bounded. */
export function vocatives(whole: string, from: number, to: number): { start: number; end: number }[] {
  const text = whole.slice(from, to);
  const out: { start: number; end: number }[] = [];
  const modals = [...text.matchAll(MODAL)].map((m) => [m.index, m.index + m[0].length] as const);
  let nextModal = 0;
  let start = 0;
  const evaluate = (end: number): void => {
    if (end - start <= MAX_HEAD) {
      const head = text.slice(start, end);
      const lead = head.search(/[\p{L}\p{N}]/u);
      if (lead !== -1 && addressesGrader(head.slice(lead))) out.push({ start: from + start + lead, end: from + end });
    }
  };
  for (let i = 0; i < text.length; i++) {
    while (nextModal < modals.length && modals[nextModal]![0] < i) nextModal++;
    const modal = modals[nextModal];
    if (modal !== undefined && modal[0] === i) {
      evaluate(i);
      start = modal[1];
      i = modal[1] - 1;
      continue;
    }
    const ch = text[i] as string;
    if (HEAD_END.has(ch)) {
      // Commas inside a head that goes on with a relative clause do not end it.
      if ((ch === ',' || ch === '\uff0c') && RELATIVE.test(text.slice(i + 1, i + 24))) continue;
      evaluate(i);
      start = i + 1;
    } else if (HEAD_RESET.has(ch) || (SENTENCE_END.has(ch) && /[\s\u3000]|$/.test(text[i + 1] ?? ''))) {
      start = i + 1;
    } else if (ch === '<' && text.startsWith('<!--', i)) {
      start = i + 4;
      i += 3;
    }
  }
  return out;
}
