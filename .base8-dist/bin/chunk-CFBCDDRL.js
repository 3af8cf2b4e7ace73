import { createRequire as __pluginEvalCreateRequire } from 'node:module';
const require = __pluginEvalCreateRequire(import.meta.url);

// src/rules/injection/normalise.ts
var INVISIBLE_RANGES = [
  [173, 173],
  [847, 847],
  [1564, 1564],
  [4447, 4448],
  [6068, 6069],
  [6155, 6158],
  [8203, 8207],
  [8234, 8238],
  [8288, 8292],
  [8294, 8303],
  [12644, 12644],
  [65024, 65039],
  [65279, 65279],
  [65440, 65440]
];
var isInvisible = (code) => INVISIBLE_RANGES.some(([lo, hi]) => code >= lo && code <= hi);
var CONFUSABLES = {
  // Cyrillic lower case
  \u0430: "a",
  \u0432: "b",
  \u0435: "e",
  \u0451: "e",
  \u0437: "3",
  \u0456: "i",
  \u0457: "i",
  \u0458: "j",
  \u043A: "k",
  \u043C: "m",
  \u043D: "h",
  \u043E: "o",
  \u043F: "n",
  \u0440: "p",
  \u0441: "c",
  \u0442: "t",
  \u0443: "y",
  \u0445: "x",
  \u0455: "s",
  "\u0501": "d",
  "\u051B": "q",
  "\u051D": "w",
  \u04BB: "h",
  "\u04CF": "l",
  \u0261: "g",
  "\u050D": "g",
  \u04AF: "y",
  \u0475: "v",
  "\uA647": "i",
  // Cyrillic upper case
  \u0410: "A",
  \u0412: "B",
  \u0415: "E",
  \u0401: "E",
  \u0417: "3",
  \u0406: "I",
  \u0407: "I",
  \u0408: "J",
  \u041A: "K",
  \u041C: "M",
  \u041D: "H",
  \u041E: "O",
  \u0420: "P",
  \u0421: "C",
  \u0422: "T",
  \u0423: "Y",
  \u0425: "X",
  \u0405: "S",
  "\u0500": "D",
  "\u051A": "Q",
  "\u051C": "W",
  \u04BA: "H",
  \u04C0: "I",
  \u04AE: "Y",
  \u0474: "V",
  // Greek
  \u03B1: "a",
  \u03B2: "b",
  \u03B3: "y",
  \u03B5: "e",
  \u03B9: "i",
  \u03BA: "k",
  \u03BD: "v",
  \u03BF: "o",
  \u03C1: "p",
  \u03C4: "t",
  \u03C5: "u",
  \u03C7: "x",
  \u03C9: "w",
  \u03F2: "c",
  \u03F3: "j",
  \u0391: "A",
  \u0392: "B",
  \u0395: "E",
  \u0396: "Z",
  \u0397: "H",
  \u0399: "I",
  \u039A: "K",
  \u039C: "M",
  \u039D: "N",
  \u039F: "O",
  \u03A1: "P",
  \u03A4: "T",
  \u03A5: "Y",
  \u03A7: "X",
  "\u03F9": "C",
  // Latin look-alikes outside ASCII that NFKC keeps
  \u0131: "i",
  "\u0237": "j",
  \u0251: "a",
  \u0269: "i",
  \u026A: "i",
  \u029F: "l",
  "\u1D00": "a",
  "\u1D04": "c",
  "\u1D05": "d",
  "\u1D07": "e",
  \u0262: "g",
  \u029C: "h",
  "\u1D0A": "j",
  "\u1D0B": "k",
  "\u1D0D": "m",
  \u0274: "n",
  "\u1D0F": "o",
  "\u1D18": "p",
  \u0280: "r",
  "\uA731": "s",
  "\u1D1B": "t",
  "\u1D1C": "u",
  "\u1D20": "v",
  "\u1D21": "w",
  \u028F: "y",
  "\u1D22": "z"
};
var CONFUSABLE_CHARS = new RegExp(`[${Object.keys(CONFUSABLES).join("")}]`, "g");
function originalOffset(view, offset) {
  if (view.origin === void 0) return offset;
  if (offset < view.origin.length) return view.origin[offset];
  return view.origin.length === 0 ? 0 : view.origin[view.origin.length - 1] + 1;
}
function normaliseForDetection(text) {
  if (!/[\u0080-\uffff]/.test(text)) return { text, origin: void 0 };
  const parts = [];
  let origin = new Int32Array(text.length + 16);
  let size = 0;
  const put = (offset) => {
    if (size === origin.length) {
      const grown = new Int32Array(origin.length * 2);
      grown.set(origin);
      origin = grown;
    }
    origin[size++] = offset;
  };
  let last = 0;
  for (const run of text.matchAll(/[\u0080-\uffff]+/g)) {
    const start = run.index;
    for (let i = last; i < start; i++) put(i);
    parts.push(text.slice(last, start));
    const kept = [];
    let stripped = "";
    const value = run[0];
    for (let i = 0; i < value.length; i++) {
      const ch = value[i];
      if (isInvisible(ch.charCodeAt(0))) continue;
      stripped += ch;
      kept.push(start + i);
    }
    const folded = stripped.normalize("NFKC");
    parts.push(folded);
    if (folded.length === kept.length) for (const k of kept) put(k);
    else for (let i = 0; i < folded.length; i++) put(kept[Math.min(kept.length - 1, Math.floor(i * kept.length / folded.length))] ?? start);
    last = start + value.length;
  }
  for (let i = last; i < text.length; i++) put(i);
  parts.push(text.slice(last));
  return { text: parts.join(""), origin: origin.slice(0, size) };
}
function hasConfusables(text) {
  CONFUSABLE_CHARS.lastIndex = 0;
  return CONFUSABLE_CHARS.test(text);
}
function latinise(view) {
  return { text: view.text.replace(CONFUSABLE_CHARS, (ch) => CONFUSABLES[ch] ?? ch), origin: view.origin };
}

// src/rules/injection/phrase.ts
function phrase(kind, role, language, source, anchors, generic = false) {
  return { kind, role, language, re: new RegExp(source, PHRASE_FLAGS), anchors, ...generic ? { generic } : {} };
}
var PHRASE_FLAGS = "gmuy";
function word(alternation) {
  return `(?:${alternation})(?<=(?<![\\p{L}\\p{N}])(?:${alternation}))`;
}
var WE = String.raw`(?![\p{L}\p{N}])`;

// src/rules/injection/phrases-en.ts
var S = String.raw`[ \t]*\n?[ \t]*`;
var _ = String.raw`[ \t]+(?:\n[ \t]*)?|\n[ \t]*`;
var sp = `(?:${_})`;
var EVAL_STRONG = String.raw`(?:evaluators?|graders?|scorers?|raters?|assessors?|examiners?|judges?|(?:ai|llm|automated|machine)[- ](?:judges?|reviewers?|evaluators?|graders?|checkers?)|(?:scoring|grading|evaluation|evaluating|rating|judging|assessment|ranking|marking)[- ](?:tools?|systems?|models?|bots?|agents?|pipelines?|harness(?:es)?|llms?|ais?|scripts?|engines?|programs?|software))`;
var EVAL_WEAK = String.raw`(?:reviewers?|ais?|a\.i\.|llms?|(?:large[- ])?language[- ]models?|models?|assistants?|chatbots?|bots?|machines?)`;
var AI = String.raw`(?:ais?|a\.i\.|llms?|(?:large[- ])?language[- ]models?|models?|assistants?|chatbots?|bots?|agents?|gpts?|claude|neural[- ]networks?)`;
var AI_PREFIX = String.raw`(?:(?:human${sp}or${sp})?(?:ai|llm|automated|machine)${sp})?`;
var DET = String.raw`(?:(?:the|any|all|every|each|whatever|our|my|an?|you,?${sp}the|you)${sp})?`;
var EVALUATING = String.raw`(?:evaluating|grading|judging|scoring|rating|assessing|ranking|auditing|benchmarking|marking|evaluates|grades|judges|scores|rates|assesses|ranks)`;
var READING = String.raw`(?:reading|reviewing|parsing|processing|analy[sz]ing|seeing|looking${sp}at|reads|reviews|sees|parses|processes|analy[sz]es)`;
var SELF = String.raw`(?:this|the${sp}present|my|our)${sp}(?:(?:agent|claude|ai|code)${sp})?(?:skill|file|document|plugin|submission|entry|package|skill\.md|readme|prompt)${WE}`;
var TOP = String.raw`(?:(?:(?:a|an|the)${sp})?(?:perfect|full|maximum|max|maximal|top|highest|best|excellent|outstanding|flawless|stellar|glowing)(?:${sp}possible)?[- ](?:scores?|ratings?|grades?|marks?|points|evaluations?|reviews?|verdicts?|10|ten|five|5)${WE}|(?:full|top)${sp}marks${WE}|(?:(?:a|an)${sp})?(?:10|ten)${S}(?:\/|out${sp}of)${S}(?:10|ten)${WE}|(?:5|five)${S}(?:\/|out${sp}of)${S}(?:5|five)${WE}|100${S}(?:\/|out${sp}of)${S}100${WE}|100${S}%|(?:(?:a|an)${sp})?1\.0+(?![\d])|1${S}\/${S}1(?![\d])|(?:5|five)${sp}stars?${WE}|an${sp}a\+?(?![\p{L}\d])|a\+(?![\p{L}\d])|platinum${WE}|gold${sp}(?:badges?|tier|rating)${WE})`;
var SCORE_NOUN = String.raw`(?:(?:(?:a|an|the)${sp})?(?:scores?|ratings?|grades?|marks?)${sp}(?:of${sp})?)`;
var PASS_WORD = String.raw`(?:pass(?:ed|ing)?|approved|excellent|perfect|flawless|compliant|exemplary|top[- ]tier|platinum|gold)${WE}`;
var IGNORE_VERB = String.raw`(?:ignore|disregard|forget|override|overrule|bypass|discard|abandon|neglect|dismiss|nullify|set${sp}aside|throw${sp}out|pay${sp}no${sp}attention${sp}to)`;
var EARLIER = String.raw`(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|existing|former|old|(?:all|any)${sp}other)`;
var ORDERS = String.raw`(?:instructions?|prompts?|system${sp}prompts?|directions|directives|commands|rules|guidelines|guidance|constraints|orders|rubrics?|criteria|policies|programming)${WE}`;
var GRADING_ORDERS = String.raw`(?:(?:grading|scoring|evaluation|evaluator|judging|judge|rating|assessment|marking)${sp}(?:instructions|rubrics?|criteria|rules|guidelines|prompts?|scales?|standards)${WE}|rubrics?${WE})`;
var IGNORE_ANCHORS = ["ignore", "disregard", "forget", "overrid", "overrul", "bypass", "discard", "abandon", "neglect", "dismiss", "nullify", "aside", "throw", "attention"];
var REQUEST_VERBS = ["give", "assign", "award", "grant", "return", "output", "report", "record", "emit", "produce", "set", "put"];
var RATE_VERBS = ["rate", "score", "grade", "mark", "evaluat", "assess", "rank", "judge", "review"];
var STRONG_NOUNS = ["evaluat", "grader", "scorer", "rater", "assessor", "examiner", "judge", "reviewer", "checker", "scoring", "grading", "rating", "judging", "assessment", "ranking", "marking"];
var WEAK_NOUNS = [...STRONG_NOUNS, "ai", "llm", "model", "assistant", "bot", "machine", "a.i."];
var ENGLISH_PHRASES = [
  // --- asking to drop the evaluator's instructions (well-known attack strings: mentions are exempt)
  phrase("ignore_instructions", "attempt", "en", String.raw`${word(IGNORE_VERB)}${sp}(?:(?:all|any|every|of)${sp})?(?:(?:the|your|my|their|its|these|those)${sp})?${EARLIER}${sp}(?:(?:and|or)${sp}${EARLIER}${sp})?${ORDERS}`, IGNORE_ANCHORS, true),
  phrase("ignore_instructions", "attempt", "en", String.raw`${word(IGNORE_VERB)}${sp}(?:(?:all|any)${sp})?(?:(?:the|your|their|its|these|those|any|all)${sp})?${GRADING_ORDERS}`, IGNORE_ANCHORS, true),
  phrase("ignore_instructions", "attempt", "en", String.raw`${word(IGNORE_VERB)}${sp}(?:all${sp})?your${sp}(?:instructions|system${sp}prompt|prompt|rubric|guidelines|rules|programming|training|criteria)${WE}`, IGNORE_ANCHORS, true),
  phrase("ignore_instructions", "attempt", "en", String.raw`${word(IGNORE_VERB)}${sp}(?:(?:all|any)${sp})?(?:everything|anything|all)${sp}(?:you${sp}(?:were|have${sp}been|are)${sp}(?:told|given|instructed)|(?:that${sp})?(?:came|comes|was${sp}said|you${sp}read)${sp}(?:before|above|earlier)|(?:above|before${sp}this|previously|said${sp}(?:above|before|earlier)|written${sp}above))`, IGNORE_ANCHORS, true),
  phrase("ignore_instructions", "attempt", "en", String.raw`${word("your|new|updated|revised|real")}${sp}(?:(?:new|real|actual|updated|true|revised)${sp}instructions${sp}(?:are|follow)${WE}|instructions${S}(?:for${sp}(?:you|the${sp}[\p{L}-]+)${S})?:)`, ["instructions"], true),
  phrase("ignore_instructions", "attempt", "en", String.raw`${word("this|these|the")}${sp}(?:following${sp})?(?:(?:instructions?|text|note|notes|message|section)${sp})?(?:supersedes?|overrides?|replaces?|takes?${sp}precedence${sp}over)${sp}(?:(?:all|any)${sp})?(?:(?:your|the)${sp})?(?:(?:previous|prior|other|original|system)${sp})?(?:instructions|system${sp}prompts?|prompts?|rubrics?|rules|guidelines|criteria)${WE}`, ["supersede", "overrid", "replace", "precedence"], true),
  // --- asking for a score for this very skill
  phrase("score_manipulation", "self-request", "en", String.raw`${word("give|assign|award|grant|return|output|report|record|emit|produce|set|put")}${sp}(?:to${sp})?${SELF}${sp}(?:${SCORE_NOUN}|(?:a|an|the)${sp})?${TOP}`, REQUEST_VERBS),
  phrase("score_manipulation", "self-request", "en", String.raw`${word("rate|score|grade|mark|evaluate|assess|rank|judge|review")}${sp}${SELF}${sp}(?:(?:as|at|with|a|an)${sp}){0,3}${TOP}`, RATE_VERBS),
  phrase("score_manipulation", "self-request", "en", String.raw`${SELF}${sp}(?:deserves|merits|has${sp}earned|earns|warrants|is${sp}worth|should${sp}(?:get|receive|be${sp}given|be${sp}awarded|be${sp}rated|be${sp}scored|be${sp}graded|score|earn)|must${sp}(?:get|receive|be${sp}given|be${sp}awarded|be${sp}rated|be${sp}scored|be${sp}graded|score|earn)|will${sp}(?:get|receive))${sp}(?:${SCORE_NOUN}|(?:a|an|the)${sp})?${TOP}`, ["this", "present", "my", "our"]),
  phrase("score_manipulation", "self-request", "en", String.raw`${word("mark|flag|grade|rate|classify|report|label|record|score")}${sp}${SELF}${sp}as${sp}(?:(?:a|an)${sp})?${PASS_WORD}`, RATE_VERBS.concat(["flag", "classify", "report", "label", "record"])),
  phrase("score_manipulation", "self-request", "en", String.raw`${word("approve|certify")}${sp}${SELF}`, ["approve", "certify"]),
  // --- requests that need an evaluator addressed nearby to be attempts
  phrase("score_manipulation", "request", "en", String.raw`${word("give|assign|award|grant")}${sp}(?:this|it|me|us)${sp}(?:${SCORE_NOUN}|(?:a|an|the)${sp})?${TOP}`, ["give", "assign", "award", "grant"]),
  phrase("score_manipulation", "request", "en", String.raw`${word("rate|score|grade|mark|rank")}${sp}(?:this|it|me|us)${sp}(?:(?:as|at|with|a|an)${sp}){0,3}${TOP}`, RATE_VERBS),
  phrase("score_manipulation", "request", "en", String.raw`(?:please|thanks|thank${sp}you)(?<=${TOP}${S}[,!]?${S}(?:please|thanks|thank${sp}you))${WE}`, ["please", "thank"]),
  phrase("score_manipulation", "request", "en", String.raw`${word("mark|flag|grade|classify|report|label|record|score")}${sp}(?:this|it)${sp}as${sp}(?:(?:a|an)${sp})?${PASS_WORD}`, ["mark", "flag", "grade", "classify", "report", "label", "record", "score"]),
  phrase("score_manipulation", "request", "en", String.raw`${word("return|output|respond|reply|answer|emit|print")}${sp}(?:with${sp})?(?:(?:a|the)${sp})?(?:scores?${sp}(?:of${sp})?)?(?:${TOP}|["']?pass["']?${WE})`, ["return", "output", "respond", "reply", "answer", "emit", "print"]),
  phrase("score_manipulation", "request", "en", String.raw`${word("verdict|decision|grade|score|rating")}${sp}(?:should|must|will)${sp}be${sp}(?:(?:a|an)${sp})?(?:pass|approved|${TOP})`, ["verdict", "decision", "grade", "score", "rating"]),
  phrase("score_manipulation", "request", "en", String.raw`${word("do|don't|dont|never")}${sp}(?:not${sp})?(?:deduct|dock|subtract|penali[sz]e|mark${sp}down|lower|reduce)${sp}(?:(?:any|the|my|this|its)${sp})?(?:points|marks|scores?|grades?)${WE}`, ["not", "don't", "dont", "never"]),
  phrase("score_manipulation", "request", "en", String.raw`${word("approve")}${sp}(?:this|it|me)${WE}`, ["approve"]),
  // --- the evaluator addressed by name: an attempt by itself
  phrase("addresses_evaluator", "attempt", "en", String.raw`${word(String.raw`note|message|memo|reminder|notice|p\.?s\.?|letter|attention`)}${sp}(?:to|for)${sp}${DET}${AI_PREFIX}${EVAL_STRONG}${S}(?:[:,)\u2013\u2014-]|$)`, STRONG_NOUNS),
  phrase("addresses_evaluator", "attempt", "en", String.raw`${word("dear|attention|hey|hello|hi|greetings|psst|listen|ahem")}(?:${sp}up)?${S}[,:!]?${S}(?:(?:the|an?|all|any|you|fellow)${sp})?${AI_PREFIX}${EVAL_STRONG}${S}(?:[:,!.)\u2013\u2014-]|$)`, STRONG_NOUNS),
  phrase("addresses_evaluator", "attempt", "en", String.raw`${word("if")}${sp}you(?:'re|\u2019re|${sp}are)${sp}(?:(?:an?|the|one${sp}of${sp}the)${sp})?(?:ai|llm|automated|machine|(?:large[- ])?language[- ]model|model)[- ](?:based${sp})?(?:${EVAL_STRONG}|reviewers?|checkers?)${WE}`, ["if you", "if you're", "if you\u2019re"]),
  phrase("addresses_evaluator", "attempt", "en", String.raw`${word("if|to|for|attention|any|every|whatever|each")}(?:${sp}you(?:'re|\u2019re|${sp}are))?,?${sp}(?:(?:an?|the|any|every|whatever)${sp})?${AI}${sp}(?:(?:that${sp}is|that's|who${sp}is|which${sp}is|currently|now)${sp})?${EVALUATING}${sp}(?:this|these|me|the${sp}following)${WE}`, ["evaluat", "grad", "judg", "scor", "rat", "assess", "rank", "audit", "benchmark", "mark"]),
  phrase("addresses_evaluator", "attempt", "en", String.raw`${word("when|while|before")}${sp}(?:you(?:'re|\u2019re|${sp}are)${sp})?(?:evaluating|grading|judging|scoring|rating|assessing|ranking)${sp}this${sp}(?:skill|plugin|skill\.md|submission)${WE}`, ["evaluating", "grading", "judging", "scoring", "rating", "assessing", "ranking"]),
  // --- someone addressed who may be the evaluator: needs a request nearby
  phrase("addresses_evaluator", "vocative", "en", String.raw`${word(String.raw`note|message|memo|reminder|notice|p\.?s\.?|letter|attention|instructions?|request|hint|warning|comment|word`)}${sp}(?:to|for)${sp}${DET}${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})${WE}`, WEAK_NOUNS),
  phrase("addresses_evaluator", "vocative", "en", String.raw`${word("dear|attention|hey|hello|hi|greetings|psst|listen|ahem")}(?:${sp}up)?${S}[,:!]?${S}(?:(?:the|an?|all|any|you|fellow)${sp})?${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})${WE}`, WEAK_NOUNS),
  phrase("addresses_evaluator", "vocative", "en", String.raw`(?:^|[(\[{<>*_#|]|<!--|\/\/|\/\*)[ \t]*(?:(?:note|message|msg|memo)[_ -](?:to|for)[_ -])?(?:to${sp})?(?:(?:the|all|any|dear)${sp})?${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})(?:[_ -](?:notes?|message|msg|instructions?|hint))?[ \t]*[:,]`, WEAK_NOUNS),
  phrase("addresses_evaluator", "vocative", "en", String.raw`${word("if")}${sp}you(?:'re|\u2019re|${sp}are)${sp}(?:(?:an?|the|one${sp}of${sp}the)${sp})?${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})${WE}`, ["if you", "if you're", "if you\u2019re"]),
  phrase("addresses_evaluator", "vocative", "en", String.raw`${word(`${AI}|${EVAL_STRONG}|reviewers?`)}${sp}(?:(?:that${sp}is|that's|who${sp}is|which${sp}is|currently|now)${sp})?(?:${READING}|${EVALUATING})${sp}(?:this|these|me|the${sp}following)${WE}`, ["read", "review", "pars", "process", "analy", "see", "look", "evaluat", "grad", "judg", "scor", "rat", "assess"]),
  // --- imitating the evaluator's own frame (well-known attack strings)
  phrase("fake_system_prompt", "attempt", "en", String.raw`^[ \t>*-]*(?:\[[ \t]*(?:system|sys|admin|developer)[ \t]*\]|(?:system|admin|developer)[ \t]+(?:prompt|message|override|instructions?)[ \t]*:|system[ \t]*:[ \t]*(?:you${sp}are|ignore|disregard|new${sp}instructions|the${sp}(?:grading|scoring|evaluation)))`, ["system", "sys", "admin", "developer"], true),
  phrase("fake_system_prompt", "attempt", "en", String.raw`<\|?[ \t]*(?:system|im_start|im_end|endoftext)[ \t]*\|?>|<\/?[ \t]*(?:system|sys)[ \t]*>`, ["<"], true),
  phrase("fake_system_prompt", "attempt", "en", String.raw`${word("begin|start|end")}${sp}(?:of${sp})?system${sp}(?:prompt|message|instructions)${WE}|${word("system")}${sp}override${WE}|${word("developer")}${sp}mode${sp}(?:enabled|activated|on)${WE}`, ["system", "developer"], true),
  phrase("envelope_escape", "attempt", "en", String.raw`<<<[ \t]*(?:end|begin)${WE}|<\/[ \t]*(?:skill|document|untrusted|data|material|content)(?:[-_ ][\p{L}\d_]+)*[ \t]*>`, ["<<<", "</"], true),
  phrase("envelope_escape", "attempt", "en", String.raw`^[ \t]*(?:-{3,}|={3,}|#{1,3})?[ \t]*end${sp}of${sp}(?:the${sp})?(?:skill|document|file|material|data|input)[ \t]*(?:-{3,}|={3,})?[ \t]*$`, ["end of"], true)
];

// src/rules/injection/phrases-intl.ts
var sp2 = String.raw`[ \t]+`;
var os = String.raw`[ \t]*`;
var PUNCT = String.raw`[ \t]*(?:[:,!\u2013\u2014-]|$)`;
var FR_EVAL = String.raw`(?:[ée]valuat(?:eur|rice)s?|correct(?:eur|rice)s?|examinat(?:eur|rice)s?|notat(?:eur|rice)s?|jury|juges?|relecteurs?|(?:ia|intelligence${sp2}artificielle)${sp2}qui${sp2}(?:[ée]value|note|corrige|lit))`;
var FR_SELF = String.raw`(?:(?:[àa]${sp2})?(?:cette${sp2}(?:comp[ée]tence|skill|fiche)|ce${sp2}(?:skill|fichier|document|plugin|module)))`;
var FR_TOP = String.raw`(?:(?:la${sp2}|une${sp2})?note${sp2}(?:maximale|maximum|parfaite|la${sp2}plus${sp2}haute)|(?:un${sp2})?score${sp2}(?:parfait|maximal|maximum)|20${os}\/${os}20|10${os}\/${os}10|5${os}\/${os}5|la${sp2}meilleure${sp2}note)`;
var ES_EVAL = String.raw`(?:evaluador(?:a|es|as)?|calificador(?:a|es|as)?|corrector(?:a|es|as)?|revisor(?:a|es|as)?|jue(?:z|ces)|examinador(?:a|es|as)?)`;
var ES_SELF = String.raw`(?:(?:a${sp2})?(?:esta${sp2}(?:habilidad|skill|competencia)|este${sp2}(?:skill|archivo|documento|plugin|fichero)))`;
var ES_TOP = String.raw`(?:(?:la${sp2}|una${sp2})?(?:puntuaci[óo]n|calificaci[óo]n|nota)${sp2}(?:m[áa]xima|perfecta|m[áa]s${sp2}alta)|10${os}\/${os}10|5${os}\/${os}5|un${sp2}10${WE}|100${sp2}puntos)`;
var DE_EVAL = String.raw`(?:pr[üu]fer(?:in|innen)?|bewerter(?:in|innen)?|gutachter(?:in|innen)?|korrektor(?:in|en|innen)?|evaluator(?:in|en|innen)?|richter(?:in)?|ki-?(?:pr[üu]fer|bewerter|gutachter)|ki)`;
var DE_SELF = String.raw`(?:diese[mnrs]?${sp2}(?:skill|dokument|plugin|datei|f[äa]higkeit))`;
var DE_TOP = String.raw`(?:(?:die${sp2}|eine${sp2})?(?:volle${sp2}punktzahl|h[öo]chstpunktzahl|bestnote|h[öo]chstnote|bestbewertung|h[öo]chste${sp2}(?:bewertung|note|punktzahl)|maximale${sp2}punktzahl)|10${os}\/${os}10|5${os}\/${os}5|(?:die${sp2})?note${sp2}1${WE}|eine${sp2}1${WE}|100${sp2}punkte)`;
var PT_EVAL = String.raw`(?:avaliador(?:a|es|as)?|corretor(?:a|es|as)?|examinador(?:a|es|as)?|ju[íi]z(?:es)?|revisor(?:a|es|as)?)`;
var PT_SELF = String.raw`(?:(?:a${sp2}|para${sp2})?(?:esta${sp2}(?:habilidade|skill|compet[êe]ncia)|este${sp2}(?:skill|arquivo|documento|plugin|ficheiro)))`;
var PT_TOP = String.raw`(?:(?:a${sp2}|uma${sp2})?(?:nota|pontua[çc][ãa]o|avalia[çc][ãa]o)${sp2}(?:m[áa]xima|perfeita|mais${sp2}alta|10)|10${os}\/${os}10|5${os}\/${os}5)`;
var IT_EVAL = String.raw`(?:valutat(?:ore|rice|ori|rici)|corret(?:tore|trice|tori)|esaminat(?:ore|rice|ori)|giudic[ei]|revisor[ei])`;
var IT_SELF = String.raw`(?:(?:a${sp2})?(?:questa${sp2}(?:skill|competenza|abilit[àa])|questo${sp2}(?:skill|file|documento|plugin)))`;
var IT_TOP = String.raw`(?:(?:il${sp2}|un${sp2})?(?:punteggio|voto)${sp2}(?:massimo|pieno|perfetto|pi[ùu]${sp2}alto)|10${os}\/${os}10|5${os}\/${os}5|30${sp2}e${sp2}lode|il${sp2}massimo${WE})`;
var RU_EVAL = String.raw`(?:оценщик(?:а|у|ов|ам|и)?|проверяющ(?:ий|его|ему|им|ие|их)|эксперт(?:а|у|ов|ам|ы)?|рецензент(?:а|у|ов|ам|ы)?|экзаменатор(?:а|у|ы)?|суд(?:ья|ьи|ье)|(?:ии|нейросеть|языковая${sp2}модель),?${sp2}(?:который|которая)${sp2}(?:оценивает|проверяет|читает))`;
var RU_SELF = String.raw`(?:(?:этому|данному)${sp2}(?:навыку|скиллу|файлу|документу|плагину)|(?:этот|данный)${sp2}(?:навык|скилл|файл|документ|плагин))`;
var RU_TOP = String.raw`(?:(?:максимальн(?:ую|ый|ое)|высш(?:ую|ий|ее)|наивысш(?:ую|ий)|идеальн(?:ую|ый))${sp2}(?:оценку|балл|рейтинг)|10${sp2}из${sp2}10|5${sp2}из${sp2}5|пят[её]рку|отлично|максимум)`;
var ZH_EVAL = String.raw`(?:评审(?:员|人员)?|評審(?:員|人員)?|评估(?:者|人员|员)|評估(?:者|人員|員)|评分(?:者|人员|员)|評分(?:者|人員|員)|评委|評委|审核员|審核員|阅卷人|閱卷人|考官|裁判)`;
var ZH_SELF = String.raw`(?:这个|這個|此|本|该|該)${os}(?:技能|文件|文档|文檔|插件|skill)`;
var ZH_TOP = String.raw`(?:满分|滿分|最高分|最高评分|最高評分|最高等级|最高等級|10${os}分|十分|五星|5${os}星|100${os}分)`;
var JA_EVAL = String.raw`(?:評価者|採点者|審査員|審査者|レビュアー|レビューア|査読者|評価ai|採点ai|ai評価者)`;
var JA_SELF = String.raw`(?:この|本)${os}(?:スキル|ファイル|文書|ドキュメント|プラグイン)`;
var JA_TOP = String.raw`(?:満点|最高点|最高評価|最高得点|10${os}点|5${os}つ星|五つ星|100${os}点)`;
var KO_EVAL = String.raw`(?:평가자|채점자|심사위원|심사자|검토자|리뷰어|ai${os}평가자)`;
var KO_SELF = String.raw`(?:이|본|해당)${os}(?:스킬|파일|문서|플러그인)`;
var KO_TOP = String.raw`(?:만점|최고${os}점수|최고점|최고${os}평가|10${os}점|별${os}다섯${os}개|100${os}점)`;
var OTHER_LANGUAGE_PHRASES = [
  // French
  phrase("ignore_instructions", "attempt", "fr", String.raw`${word(String.raw`ignore[rz]?|oublie[rz]?|ne${sp2}tiens${sp2}pas${sp2}compte${sp2}d[eu]s?|ne${sp2}tenez${sp2}pas${sp2}compte${sp2}d[eu]s?|fais${sp2}abstraction${sp2}d[eu]s?|faites${sp2}abstraction${sp2}d[eu]s?`)}${sp2}(?:toutes${sp2})?(?:les${sp2}|vos${sp2}|tes${sp2})?(?:instructions|consignes|directives|r[èe]gles)${sp2}(?:pr[ée]c[ée]dentes|ant[ée]rieures|ci-dessus|initiales|d'origine|du${sp2}syst[èe]me)|${word(String.raw`ignore[rz]?|oublie[rz]?`)}${sp2}tout${sp2}ce${sp2}qui${sp2}pr[ée]c[èe]de`, ["ignor", "oubli", "compte", "abstraction"], true),
  phrase("addresses_evaluator", "attempt", "fr", String.raw`${word(String.raw`note|message|remarque|avis|mot`)}${sp2}(?:[àa]|pour)${sp2}(?:l['\u2019]${os}|le${sp2}|la${sp2}|les${sp2}|tout${sp2}|toute${sp2})?(?:ia${sp2})?${FR_EVAL}${PUNCT}|${word(String.raw`ch[èe]re?s?|[àa]${sp2}l['\u2019]${os}`)}${os}(?:ia${sp2})?${FR_EVAL}${PUNCT}|${word("si")}${sp2}(?:vous${sp2}[êe]tes|tu${sp2}es)${sp2}une?${sp2}(?:ia|intelligence${sp2}artificielle|mod[èe]le${sp2}de${sp2}langage)${sp2}qui${sp2}(?:[ée]value|note|corrige)`, ["note", "message", "remarque", "avis", "mot", "cher", "ch\xE8r", "l'", "l\u2019", "si "]),
  phrase("score_manipulation", "self-request", "fr", String.raw`${word(String.raw`donne[rz]?|attribue[rz]?|accorde[rz]?|mets|mettez|mettre`)}${sp2}${FR_SELF}${sp2}${FR_TOP}|${word(String.raw`note[rz]?|[ée]value[rz]?`)}${sp2}${FR_SELF}${sp2}(?:[àa]${sp2}|avec${sp2})?${FR_TOP}|${FR_SELF}${sp2}m[ée]rite${sp2}${FR_TOP}`, ["donne", "attribue", "accorde", "met", "note", "value", "m\xE9rite", "merite"]),
  phrase("score_manipulation", "request", "fr", String.raw`${word(String.raw`donne|donnez|attribue|attribuez|accorde|accordez|mets|mettez`)}[- ](?:lui|moi|nous)${sp2}${FR_TOP}`, ["donne", "attribue", "accorde", "met"]),
  // Spanish
  phrase("ignore_instructions", "attempt", "es", String.raw`${word(String.raw`ignora|ignore|ignoren|olvida|olvide|olviden|descarta|descarte|omite|omita|no${sp2}hagas${sp2}caso${sp2}(?:de|a)|haz${sp2}caso${sp2}omiso${sp2}(?:de|a)`)}${sp2}(?:todas${sp2})?(?:las${sp2}|tus${sp2}|sus${sp2})?(?:instrucciones|indicaciones|[óo]rdenes|reglas|directrices)${sp2}(?:anteriores|previas|del${sp2}sistema|originales|de${sp2}arriba|precedentes)`, ["ignor", "olvid", "descart", "omit", "caso"], true),
  phrase("addresses_evaluator", "attempt", "es", String.raw`${word(String.raw`nota|mensaje|aviso|recado`)}${sp2}(?:para|al|a${sp2}la|a${sp2}los)${sp2}(?:(?:el|la|los|las)${sp2})?(?:ia${sp2})?${ES_EVAL}${PUNCT}|${word(String.raw`querid[oa]s?|estimad[oa]s?`)}${sp2}${ES_EVAL}${PUNCT}|${word("si")}${sp2}(?:eres|usted${sp2}es)${sp2}una?${sp2}(?:ia|inteligencia${sp2}artificial|modelo${sp2}de${sp2}lenguaje)${sp2}que${sp2}(?:eval[úu]a|califica|corrige)`, ["nota", "mensaje", "aviso", "recado", "querid", "estimad", "si "]),
  phrase("score_manipulation", "self-request", "es", String.raw`${word(String.raw`da|dale|d[ée]|otorga|ot[óo]rgale|asigna|as[íi]gnale|pon|ponle|dele`)}${sp2}${ES_SELF}${sp2}${ES_TOP}|${word(String.raw`califica|punt[úu]a|eval[úu]a`)}${sp2}${ES_SELF}${sp2}(?:con${sp2})?${ES_TOP}|${ES_SELF}${sp2}merece${sp2}${ES_TOP}`, ["da", "d\xE9", "de", "otorga", "asigna", "pon", "califica", "punt", "eval", "merece"]),
  phrase("score_manipulation", "request", "es", String.raw`${word(String.raw`dale|d[ée]le|dame|otórgale|ot[óo]rgale|as[íi]gnale|ponle`)}${sp2}${ES_TOP}`, ["dale", "dele", "d\xE9le", "dame", "orgale", "gnale", "ponle"]),
  // German
  phrase("ignore_instructions", "attempt", "de", String.raw`${word(String.raw`ignorier(?:e|en|t)?|vergiss|vergesst|vergessen${sp2}sie|missachte|missachten${sp2}sie|übergehe`)}${sp2}(?:(?:alle|sämtliche|die|deine|ihre|jegliche)${sp2}){0,2}(?:vorherigen|bisherigen|vorigen|obigen|früheren|ursprünglichen|vorangegangenen|vorstehenden)${sp2}(?:anweisungen|instruktionen|befehle|regeln|vorgaben|anordnungen)|${word(String.raw`alle${sp2}(?:vorherigen|bisherigen|obigen|früheren)|vorherigen|bisherigen|obigen|früheren`)}${sp2}(?:anweisungen|instruktionen|vorgaben)${sp2}(?:ignorieren|vergessen|missachten)`, ["ignorier", "vergiss", "vergesst", "vergessen", "missacht", "\xFCbergeh"], true),
  phrase("addresses_evaluator", "attempt", "de", String.raw`${word(String.raw`hinweis|nachricht|notiz|anmerkung|mitteilung|botschaft`)}${sp2}(?:an|für)${sp2}(?:(?:den|die|das|alle)${sp2})?${DE_EVAL}${PUNCT}|${word(String.raw`liebe[rs]?|sehr${sp2}geehrte[rs]?|hallo`)}${sp2}${DE_EVAL}${PUNCT}|${word(String.raw`falls|wenn`)}${sp2}(?:du|sie)${sp2}eine${sp2}(?:ki|künstliche${sp2}intelligenz|sprachmodell)${sp2}(?:bist|sind),?${sp2}die${sp2}(?:diese[nsm]?${sp2}\p{L}+${sp2})?(?:bewertet|prüft|benotet)`, ["hinweis", "nachricht", "notiz", "anmerkung", "mitteilung", "botschaft", "liebe", "geehrte", "hallo", "falls", "wenn"]),
  phrase("score_manipulation", "self-request", "de", String.raw`${word(String.raw`gib|gebt|geben${sp2}sie|vergib|vergebt|vergeben${sp2}sie`)}${sp2}${DE_SELF}${sp2}${DE_TOP}|${word(String.raw`bewerte|bewertet|bewerten${sp2}sie|benote|benoten${sp2}sie`)}${sp2}${DE_SELF}${sp2}mit${sp2}(?:der${sp2})?${DE_TOP}|${DE_SELF}${sp2}(?:verdient|bekommt|erhält)${sp2}${DE_TOP}`, ["gib", "gebt", "geben", "vergib", "vergebt", "vergeben", "bewert", "benot", "verdient", "bekommt", "erh\xE4lt"]),
  phrase("score_manipulation", "request", "de", String.raw`${word(String.raw`gib|gebt|vergib`)}${sp2}(?:ihm|ihr|mir|uns|es)${sp2}${DE_TOP}`, ["gib", "gebt", "vergib"]),
  // Portuguese
  phrase("ignore_instructions", "attempt", "pt", String.raw`${word(String.raw`ignore|ignora|ignorem|esque[çc]a|esquece|esque[çc]am|desconsidere|desconsidera|despreze|despreza`)}${sp2}(?:todas${sp2})?(?:as${sp2}|suas${sp2}|tuas${sp2})?(?:instru[çc][õo]es|orienta[çc][õo]es|regras|diretrizes|ordens)${sp2}(?:anteriores|pr[ée]vias|acima|do${sp2}sistema|originais|precedentes)`, ["ignor", "esque", "desconsider", "despre"], true),
  phrase("addresses_evaluator", "attempt", "pt", String.raw`${word(String.raw`nota|mensagem|aviso|recado|observa[çc][ãa]o`)}${sp2}(?:para|ao|[àa]|aos)${sp2}(?:(?:o|a|os|as)${sp2})?(?:ia${sp2})?${PT_EVAL}${PUNCT}|${word(String.raw`car[oa]s?|prezad[oa]s?`)}${sp2}${PT_EVAL}${PUNCT}|${word("se")}${sp2}voc[êe]${sp2}(?:[ée]|for)${sp2}uma?${sp2}(?:ia|intelig[êe]ncia${sp2}artificial|modelo${sp2}de${sp2}linguagem)${sp2}que${sp2}(?:avalia|corrige|pontua)`, ["nota", "mensagem", "aviso", "recado", "observa", "car", "prezad", "se voc"]),
  phrase("score_manipulation", "self-request", "pt", String.raw`${word(String.raw`d[êeá]|atribua|atribui|conceda|concede|coloque`)}${sp2}${PT_SELF}${sp2}${PT_TOP}|${word(String.raw`avalie|avalia|pontue`)}${sp2}${PT_SELF}${sp2}com${sp2}(?:nota${sp2})?(?:10|m[áa]xima|${PT_TOP})|${PT_SELF}${sp2}merece${sp2}${PT_TOP}`, ["d\xEA", "de ", "d\xE1", "atribu", "conced", "coloque", "avali", "pontue", "merece"]),
  // Italian
  phrase("ignore_instructions", "attempt", "it", String.raw`${word(String.raw`ignora|ignorate|ignori|dimentica|dimenticate|dimentichi|trascura|trascurate|non${sp2}considerare|non${sp2}tenere${sp2}conto${sp2}del?l?e`)}${sp2}(?:tutte${sp2})?(?:le${sp2})?(?:istruzioni|indicazioni|regole|direttive|consegne)${sp2}(?:precedenti|di${sp2}sistema|del${sp2}sistema|originali|sopra|iniziali)`, ["ignor", "dimentic", "trascur", "considerare", "conto"], true),
  phrase("addresses_evaluator", "attempt", "it", String.raw`${word(String.raw`nota|messaggio|avviso|appunto`)}${sp2}(?:per|al|alla|ai|all['\u2019])${os}(?:(?:il|la|i|l['\u2019])${os})?(?:ia${sp2})?${IT_EVAL}${PUNCT}|${word(String.raw`car[oa]|cari|gentile|egregio`)}${sp2}${IT_EVAL}${PUNCT}|${word("se")}${sp2}sei${sp2}(?:un['\u2019]${os})?(?:ia|intelligenza${sp2}artificiale|modello${sp2}linguistico)${sp2}che${sp2}(?:valuta|corregge|giudica)`, ["nota", "messaggio", "avviso", "appunto", "car", "gentile", "egregio", "se sei"]),
  phrase("score_manipulation", "self-request", "it", String.raw`${word(String.raw`dai|date|dia|assegna|assegnate|attribuisci|attribuite`)}${sp2}${IT_SELF}${sp2}${IT_TOP}|${word(String.raw`valuta|valutate`)}${sp2}${IT_SELF}${sp2}(?:con${sp2})?${IT_TOP}|${IT_SELF}${sp2}merita${sp2}${IT_TOP}`, ["dai", "date", "dia", "assegna", "attribui", "valuta", "merita"]),
  // Russian
  phrase("ignore_instructions", "attempt", "ru", String.raw`${word(String.raw`игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|не${sp2}обращай(?:те)?${sp2}внимания${sp2}на|отбрось(?:те)?`)}${sp2}(?:все${sp2})?(?:предыдущие|прежние|вышеуказанные|вышеизложенные|предшествующие|системные|исходные|свои)${sp2}(?:инструкции|указания|правила|команды|установки)`, ["\u0438\u0433\u043D\u043E\u0440", "\u0437\u0430\u0431\u0443\u0434", "\u043E\u0431\u0440\u0430\u0449", "\u043E\u0442\u0431\u0440\u043E\u0441\u044C"], true),
  phrase("addresses_evaluator", "attempt", "ru", String.raw`${word(String.raw`примечание|заметка|сообщение|записка|обращение|послание`)}${sp2}(?:для|к)${sp2}${RU_EVAL}${PUNCT}|${word(String.raw`уважаем(?:ый|ая|ые)|дорог(?:ой|ая|ие)`)}${sp2}${RU_EVAL}${PUNCT}|${word("\u0435\u0441\u043B\u0438")}${sp2}(?:ты|вы)${sp2}(?:—${sp2}|-${sp2})?(?:ии|нейросеть|языковая${sp2}модель),?${sp2}(?:который|которая)${sp2}(?:оценивает|проверяет)`, ["\u043F\u0440\u0438\u043C\u0435\u0447\u0430\u043D", "\u0437\u0430\u043C\u0435\u0442\u043A", "\u0441\u043E\u043E\u0431\u0449\u0435\u043D", "\u0437\u0430\u043F\u0438\u0441\u043A", "\u043E\u0431\u0440\u0430\u0449\u0435\u043D", "\u043F\u043E\u0441\u043B\u0430\u043D", "\u0443\u0432\u0430\u0436\u0430\u0435\u043C", "\u0434\u043E\u0440\u043E\u0433", "\u0435\u0441\u043B\u0438"]),
  phrase("score_manipulation", "self-request", "ru", String.raw`${word(String.raw`поставь(?:те)?|дай(?:те)?|присвой(?:те)?|выставь(?:те)?`)}${sp2}${RU_SELF}${sp2}${RU_TOP}|${word("\u043E\u0446\u0435\u043D\u0438")}(?:те)?${sp2}${RU_SELF}${sp2}(?:на${sp2})?${RU_TOP}|${RU_SELF}${sp2}(?:заслуживает|достоин)${sp2}${RU_TOP}`, ["\u043F\u043E\u0441\u0442\u0430\u0432", "\u0434\u0430\u0439", "\u043F\u0440\u0438\u0441\u0432\u043E\u0439", "\u0432\u044B\u0441\u0442\u0430\u0432", "\u043E\u0446\u0435\u043D\u0438", "\u0437\u0430\u0441\u043B\u0443\u0436", "\u0434\u043E\u0441\u0442\u043E\u0438\u043D"]),
  // Chinese
  phrase("ignore_instructions", "attempt", "zh", String.raw`(?:忽略|忽视|忽視|无视|無視|不要理会|不要理會|忘记|忘記|忘掉|抛开|拋開)${os}(?:之前|先前|以上|上面|上述|前面|此前|原来|原來|原有|系统|系統)?${os}(?:的)?${os}(?:所有|全部|一切)?${os}(?:的)?${os}(?:指令|指示|说明|說明|规则|規則|提示词|提示詞|要求)`, ["\u5FFD", "\u65E0\u89C6", "\u7121\u8996", "\u4E0D\u8981\u7406", "\u5FD8", "\u629B\u5F00", "\u62CB\u958B"], true),
  phrase("addresses_evaluator", "attempt", "zh", String.raw`(?:致|写给|寫給)${os}(?:ai${os})?${ZH_EVAL}|${ZH_EVAL}(?<=(?:^|[>(\[（【*_\s]|亲爱的|親愛的|尊敬的|各位)(?:ai${os})?${ZH_EVAL})${os}(?:请注意|請注意|注意|您好|你好)?${os}[：:，,]|如果你是${os}(?:一个|一個)?${os}(?:ai|人工智能|大模型|语言模型|語言模型)${os}(?:评审|評審|评估|評估|评分|評分|打分|裁判)`, ["\u81F4", "\u5199\u7ED9", "\u5BEB\u7D66", "\u8BC4", "\u8A55", "\u5BA1", "\u5BE9", "\u8003\u5B98", "\u88C1\u5224", "\u9605\u5377", "\u95B1\u5377", "\u5982\u679C\u4F60\u662F"]),
  phrase("score_manipulation", "self-request", "zh", String.raw`(?:给|給|为|為)${os}${ZH_SELF}${os}(?:打|评|評|给|給)?${os}(?:出)?${os}${ZH_TOP}|${ZH_SELF}${os}(?:应该|應該|应当|應當|必须|必須|值得)?${os}(?:得到|获得|獲得|评为|評為|拿到|给予|給予)${os}${ZH_TOP}`, ["\u7ED9", "\u7D66", "\u4E3A", "\u70BA", "\u5F97\u5230", "\u83B7\u5F97", "\u7372\u5F97", "\u8BC4\u4E3A", "\u8A55\u70BA", "\u62FF\u5230", "\u7ED9\u4E88", "\u7D66\u4E88"]),
  phrase("score_manipulation", "request", "zh", String.raw`(?:请|請)?${os}(?:打|给出|給出|给予|給予|直接给|直接給)${os}${ZH_TOP}`, ["\u6253", "\u7ED9", "\u7D66"]),
  // Japanese
  phrase("ignore_instructions", "attempt", "ja", String.raw`(?:以前|これまで|上記|前|先ほど|今まで|既存|元|システム)${os}の${os}(?:すべての|全ての)?${os}(?:指示|命令|指令|ルール|プロンプト|ガイドライン)${os}(?:を|は)${os}(?:すべて|全て)?${os}(?:無視|忘れ)`, ["\u7121\u8996", "\u5FD8\u308C"], true),
  phrase("addresses_evaluator", "attempt", "ja", String.raw`${JA_EVAL}(?<=(?:^|[>(\[（【*_\s]|亲爱的|親愛的|尊敬的|各位)(?:ai${os})?${JA_EVAL})${os}(?:の${os}(?:方|皆様|皆さん))?${os}(?:へ|に告ぐ|様|さん|殿)${os}[：:、,。]|${JA_EVAL}${os}への${os}(?:メモ|メッセージ|お願い|注意)|もし${os}あなたが${os}(?:ai|人工知能|言語モデル)${os}(?:の)?${os}(?:評価者|採点者|審査員)`, ["\u8A55\u4FA1", "\u63A1\u70B9", "\u5BE9\u67FB", "\u30EC\u30D3\u30E5", "\u67FB\u8AAD", "\u3082\u3057"]),
  phrase("score_manipulation", "self-request", "ja", String.raw`${JA_SELF}${os}(?:に|を|には|は)${os}${JA_TOP}${os}(?:を|で)?${os}(?:つけ|付け|与え|あげ|ください|下さい|評価|採点)|${JA_SELF}${os}(?:は)?${os}${JA_TOP}${os}に${os}(?:値|ふさわしい)`, ["\u3053\u306E", "\u672C"]),
  phrase("score_manipulation", "request", "ja", String.raw`${JA_TOP}${os}(?:を|で)${os}(?:つけて|付けて|与えて|あげて|評価して|採点して)${os}(?:ください|下さい|ね)?`, ["\u6E80\u70B9", "\u6700\u9AD8", "\u70B9", "\u661F"]),
  // Korean
  phrase("ignore_instructions", "attempt", "ko", String.raw`(?:이전|앞의|위의|기존|모든|시스템)${os}(?:의)?${os}(?:모든)?${os}(?:지시(?:사항)?|지침|명령|규칙|프롬프트|안내)(?:을|를|은|는)?${os}(?:모두|전부)?${os}(?:무시|잊어)`, ["\uBB34\uC2DC", "\uC78A\uC5B4"], true),
  phrase("addresses_evaluator", "attempt", "ko", String.raw`${KO_EVAL}(?<=(?:^|[>(\[（【*_\s]|亲爱的|親愛的|尊敬的|各位)(?:ai${os})?${KO_EVAL})${os}(?:님)?${os}(?:들)?${os}(?:에게|께|께서|들께)?${os}(?:알림|메모|참고|드립니다)?${os}[:：,，]|${KO_EVAL}${os}(?:님)?(?:에게|께)${os}(?:드리는|보내는)${os}(?:메모|메시지|말씀|부탁)|만약${os}당신이${os}(?:ai|인공지능|언어${os}모델)${os}(?:평가자|채점자|심사위원)`, ["\uD3C9\uAC00", "\uCC44\uC810", "\uC2EC\uC0AC", "\uAC80\uD1A0", "\uB9AC\uBDF0", "\uB9CC\uC57D"]),
  phrase("score_manipulation", "self-request", "ko", String.raw`${KO_SELF}(?:에|에게|을|를|은|는)?${os}${KO_TOP}(?:을|를|으로|로)?${os}(?:주세요|줘|주십시오|부여|매겨|평가|채점)`, ["\uC774", "\uBCF8", "\uD574\uB2F9"]),
  phrase("score_manipulation", "request", "ko", String.raw`${KO_TOP}(?:을|를)${os}(?:주세요|줘|주십시오|부여해|매겨)`, ["\uB9CC\uC810", "\uCD5C\uACE0", "\uC810", "\uBCC4"])
];

// src/rules/injection/prefixes.ts
var Unsupported = class extends Error {
};
var WHITE = /* @__PURE__ */ new Set([" ", "	", "\n", "\r"]);
var SPECIAL = /* @__PURE__ */ new Set([..."\\^$.|?*+()[]{}"]);
var QUANTIFIER = /* @__PURE__ */ new Set([..."?*+{"]);
var SHORT = 3;
var EMPTY = [{ s: "", open: true, line: false }];
var UNKNOWN = [{ s: "", open: false, line: false }];
var MAX_CLASS = 12;
var MAX_PATHS = 32;
function dedupe(items) {
  const seen = /* @__PURE__ */ new Map();
  for (const it of items) seen.set(`${it.open ? 1 : 0}${it.line ? 1 : 0}${it.s}`, it);
  return [...seen.values()];
}
var close = (items) => dedupe(items.map((it) => ({ ...it, open: false })));
var Parser = class {
  constructor(src, limit) {
    this.src = src;
    this.limit = limit;
  }
  src;
  limit;
  i = 0;
  parse() {
    const items = this.disjunction();
    if (this.i !== this.src.length) throw new Unsupported(`unexpected ${this.src[this.i]}`);
    return items;
  }
  peek() {
    return this.src[this.i];
  }
  disjunction() {
    let items = this.alternative();
    while (this.peek() === "|") {
      this.i++;
      items = dedupe([...items, ...this.alternative()]);
    }
    return items;
  }
  alternative() {
    let items = EMPTY;
    while (this.i < this.src.length && this.peek() !== "|" && this.peek() !== ")") {
      if (!items.some((it) => it.open)) {
        this.skip(true);
        break;
      }
      items = this.seq(items, this.term());
    }
    return items;
  }
  /**
   * Move to the end of the current alternative (`atBar`) or group: the next `|` or `)` outside any
   * nested group or class. The source is a valid pattern (it compiled), so only escapes, classes and
   * parentheses need tracking.
   */
  skip(atBar) {
    let depth = 0;
    for (; this.i < this.src.length; this.i++) {
      const ch = this.src[this.i];
      if (ch === "\\") this.i++;
      else if (ch === "[") {
        for (this.i++; this.i < this.src.length && this.src[this.i] !== "]"; this.i++) if (this.src[this.i] === "\\") this.i++;
      } else if (ch === "(") depth++;
      else if (ch === ")") {
        if (depth === 0) return;
        depth--;
      } else if (ch === "|" && depth === 0 && atBar) return;
    }
  }
  /** Every path of `a` followed by every path of `b`. */
  seq(a, b) {
    const only = b.length === 1 ? b[0] : void 0;
    if (only !== void 0 && only.s !== "" && !only.line && !WHITE.has(only.s[0])) {
      return a.map((x) => {
        if (!x.open) return x;
        const s = x.s + only.s;
        return s.length >= this.limit ? { s: s.slice(0, this.limit), open: false, line: x.line } : { s, open: only.open, line: x.line };
      });
    }
    const fanOut = a.filter((x) => x.open).length * b.length > MAX_PATHS;
    const out = [];
    for (const x of a) {
      if (!x.open || fanOut && x.s !== "") {
        out.push({ ...x, open: false });
        continue;
      }
      for (const y of b) {
        if (x.s.length >= SHORT && WHITE.has(y.s[0])) {
          out.push({ ...x, open: false });
          continue;
        }
        const s = x.s + y.s;
        const line = x.line || y.line && x.s === "";
        out.push(s.length >= this.limit ? { s: s.slice(0, this.limit), open: false, line } : { s, open: y.open, line });
      }
    }
    return dedupe(out);
  }
  term() {
    const ch = this.peek();
    if (ch === "^") {
      this.i++;
      return [{ s: "", open: true, line: true }];
    }
    if (ch === "$") {
      this.i++;
      return EMPTY;
    }
    if (ch === "\\" && (this.src[this.i + 1] === "b" || this.src[this.i + 1] === "B")) {
      this.i += 2;
      return EMPTY;
    }
    if (this.src.startsWith("(?=", this.i) || this.src.startsWith("(?!", this.i) || this.src.startsWith("(?<=", this.i) || this.src.startsWith("(?<!", this.i)) {
      this.i += this.src[this.i + 2] === "<" ? 4 : 3;
      this.skip(false);
      this.expect(")");
      return EMPTY;
    }
    return this.quantified(this.atom());
  }
  expect(ch) {
    if (this.peek() !== ch) throw new Unsupported(`expected ${ch}`);
    this.i++;
  }
  atom() {
    const ch = this.peek();
    if (ch === "(") {
      if (this.src.startsWith("(?:", this.i)) this.i += 3;
      else if (this.src.startsWith("(?<", this.i)) throw new Unsupported("named group");
      else if (this.src.startsWith("(?", this.i)) throw new Unsupported("group modifier");
      else this.i += 1;
      const inner = this.disjunction();
      this.expect(")");
      return inner;
    }
    if (ch === "[") return this.charClass();
    if (ch === ".") {
      this.i++;
      return UNKNOWN;
    }
    if (ch === "\\") return this.escape(false).items;
    if ("*+?{})]|".includes(ch)) throw new Unsupported(`unexpected ${ch}`);
    let end = this.i + 1;
    while (end < this.src.length && !SPECIAL.has(this.src[end]) && !WHITE.has(this.src[end]) && !WHITE.has(ch)) end++;
    if (end < this.src.length && end - this.i > 1 && QUANTIFIER.has(this.src[end])) end--;
    if (end < this.src.length && end > this.i + 1 && /[\udc00-\udfff]/.test(this.src[end])) end--;
    const lit = end === this.i + 1 ? String.fromCodePoint(this.src.codePointAt(this.i)) : this.src.slice(this.i, end);
    this.i += lit.length;
    return [{ s: lit, open: true, line: false }];
  }
  /** An escape: a literal character (`chars` set) or a class the analysis does not expand. */
  escape(inClass) {
    this.i++;
    const e = this.peek();
    if (e === void 0) throw new Unsupported("trailing backslash");
    this.i++;
    const lit = (c) => ({ items: [{ s: c, open: true, line: false }], chars: [c] });
    if (e === "n") return lit("\n");
    if (e === "t") return lit("	");
    if (e === "r") return lit("\r");
    if (e === "f") return lit("\f");
    if (e === "v") return lit("\v");
    if (e === "u") {
      if (this.peek() === "{") {
        const end = this.src.indexOf("}", this.i);
        if (end === -1) throw new Unsupported("bad \\u{}");
        const cp = parseInt(this.src.slice(this.i + 1, end), 16);
        this.i = end + 1;
        return lit(String.fromCodePoint(cp));
      }
      const hex = this.src.slice(this.i, this.i + 4);
      if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new Unsupported("bad \\u");
      this.i += 4;
      return lit(String.fromCharCode(parseInt(hex, 16)));
    }
    if (e === "x") {
      const hex = this.src.slice(this.i, this.i + 2);
      if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new Unsupported("bad \\x");
      this.i += 2;
      return lit(String.fromCharCode(parseInt(hex, 16)));
    }
    if (e === "p" || e === "P") {
      const end = this.src.indexOf("}", this.i);
      if (this.peek() !== "{" || end === -1) throw new Unsupported("bad \\p");
      this.i = end + 1;
      return { items: UNKNOWN };
    }
    if ("dDsSwW".includes(e)) return { items: UNKNOWN };
    if (/[0-9]/.test(e) || e === "k" || e === "c") throw new Unsupported(`escape \\${e}`);
    if (inClass && e === "b") return lit("\b");
    if (!"^$\\.*+?()[]{}|/-".includes(e)) throw new Unsupported(`escape \\${e}`);
    return lit(e);
  }
  charClass() {
    this.i++;
    if (this.peek() === "^") {
      this.skipClass();
      return UNKNOWN;
    }
    const chars = [];
    let unknown = false;
    let prev;
    while (this.peek() !== "]") {
      if (this.i >= this.src.length) throw new Unsupported("unterminated class");
      let c;
      if (this.peek() === "\\") {
        const e = this.escape(true);
        if (e.chars === void 0) {
          unknown = true;
          prev = void 0;
          continue;
        }
        c = e.chars[0];
      } else if (this.peek() === "-" && prev !== void 0 && this.src[this.i + 1] !== "]") {
        this.i++;
        const hiCh = this.peek() === "\\" ? this.escape(true).chars?.[0] : this.takeCodePoint();
        if (hiCh === void 0) throw new Unsupported("bad range");
        const lo = prev.codePointAt(0);
        const hi = hiCh.codePointAt(0);
        if (hi - lo > MAX_CLASS) unknown = true;
        else for (let cp = lo + 1; cp <= hi; cp++) chars.push(String.fromCodePoint(cp));
        prev = void 0;
        continue;
      } else {
        c = this.takeCodePoint();
      }
      chars.push(c);
      prev = c;
    }
    this.i++;
    if (unknown || chars.length > MAX_CLASS) return UNKNOWN;
    return [...new Set(chars)].map((s) => ({ s, open: true, line: false }));
  }
  takeCodePoint() {
    const c = String.fromCodePoint(this.src.codePointAt(this.i));
    this.i += c.length;
    return c;
  }
  skipClass() {
    while (this.peek() !== "]") {
      if (this.i >= this.src.length) throw new Unsupported("unterminated class");
      if (this.peek() === "\\") this.escape(true);
      else this.i++;
    }
    this.i++;
  }
  /** A quantifier after an atom: the first round is modelled, a second only as far as its first round. */
  quantified(atom) {
    const q = this.peek();
    let min;
    let max;
    if (q === "?") [min, max] = [0, 1];
    else if (q === "*") [min, max] = [0, Infinity];
    else if (q === "+") [min, max] = [1, Infinity];
    else if (q === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(this.src.slice(this.i));
      if (!m) throw new Unsupported("bad quantifier");
      min = Number(m[1]);
      max = m[2] === void 0 ? min : m[3] === "" ? Infinity : Number(m[3]);
      this.i += m[0].length - 1;
    } else return atom;
    this.i++;
    if (this.peek() === "?") this.i++;
    if (max === 0) return EMPTY;
    const rounds = max === 1 ? atom : this.seq(atom, dedupe([...EMPTY, ...close(atom)]));
    return min === 0 ? dedupe([...EMPTY, ...rounds]) : rounds;
  }
};
function startSet(source, limit = 6) {
  let items;
  try {
    items = new Parser(source, limit).parse();
  } catch (e) {
    if (e instanceof Unsupported) return void 0;
    throw e;
  }
  const lineStarts = items.some((it) => it.line);
  const found = /* @__PURE__ */ new Set();
  for (const it of items) {
    if (it.line) continue;
    if (it.s === "") return void 0;
    found.add(it.s);
  }
  const literals = [...found].filter((s) => ![...found].some((t) => t !== s && s.startsWith(t)));
  return { literals, lineStarts };
}

// src/rules/injection/scan.ts
var StartTrie = class {
  ascii = new Int32Array(128 * 64);
  other = /* @__PURE__ */ new Map();
  /** Per node: patterns whose start literal ends there, and patterns one of whose anchors ends there. */
  starts = [void 0];
  anchors = [void 0];
  get size() {
    return this.starts.length;
  }
  flagCache;
  /** Per node, HAS_STARTS and HAS_ANCHORS bits (built once, after the last `add`). */
  flags() {
    if (this.flagCache === void 0) {
      this.flagCache = new Uint8Array(this.size);
      for (let node = 0; node < this.size; node++) {
        this.flagCache[node] = (this.starts[node] ? HAS_STARTS : 0) | (this.anchors[node] ? HAS_ANCHORS : 0);
      }
    }
    return this.flagCache;
  }
  next(node, code) {
    return code < 128 ? this.ascii[node * 128 + code] : this.other.get(node * 65536 + code) ?? 0;
  }
  add(literal, pattern, table) {
    this.flagCache = void 0;
    let node = 0;
    for (let i = 0; i < literal.length; i++) {
      const code = literal.charCodeAt(i);
      let child = this.next(node, code);
      if (child === 0) {
        child = this.size;
        this.starts.push(void 0);
        this.anchors.push(void 0);
        if (code < 128) {
          if ((child + 1) * 128 > this.ascii.length) {
            const grown = new Int32Array(this.ascii.length * 2);
            grown.set(this.ascii);
            this.ascii = grown;
          }
          this.ascii[node * 128 + code] = child;
        } else this.other.set(node * 65536 + code, child);
      }
      node = child;
    }
    const list = this[table][node] ??= [];
    if (!list.includes(pattern)) list.push(pattern);
  }
};
var HAS_STARTS = 1;
var HAS_ANCHORS = 2;
var PhraseScanner = class {
  constructor(phrases) {
    this.phrases = phrases;
    phrases.forEach((p, n) => {
      if (!p.re.sticky) throw new Error(`phrase pattern ${p.re.source.slice(0, 40)} is not sticky`);
      for (const anchor of p.anchors) this.trie.add(anchor, n, "anchors");
      const starts = startSetOf(p);
      if (starts === void 0) {
        this.whole.set(n, new RegExp(p.re.source, p.re.flags.replace("y", "")));
        return;
      }
      for (const literal of starts.literals) this.trie.add(literal, n, "starts");
      if (starts.lineStarts) this.lineStart.push(n);
    });
  }
  phrases;
  trie = new StartTrie();
  /** Non-sticky copies of the patterns whose start set is unknown (searched over the whole text), by number. */
  whole = /* @__PURE__ */ new Map();
  /** Patterns that may match at any line start. */
  lineStart = [];
  /**
   * One pass over the text: which patterns have an anchor in it, and where start literals occur (as
   * pairs of position and trie node; node -1 stands for a line start).
   */
  walk(text) {
    const { ascii, other, anchors } = this.trie;
    const flags = this.trie.flags();
    const anchored = new Uint8Array(this.phrases.length);
    let hits = new Int32Array(1024);
    let count = 0;
    const lineStarts = this.lineStart.length > 0;
    const n = text.length;
    let previous = 10;
    for (let i = 0; i < n; i++) {
      const first = text.charCodeAt(i);
      if (count + 4 > hits.length) {
        const grown = new Int32Array(hits.length * 2);
        grown.set(hits);
        hits = grown;
      }
      if (lineStarts && (previous === 10 || previous === 13 || previous === 8232 || previous === 8233)) {
        hits[count++] = i;
        hits[count++] = -1;
      }
      previous = first;
      let node = first < 128 ? ascii[first] : other.get(first) ?? 0;
      for (let j = i + 1; node !== 0; j++) {
        const flag = flags[node];
        if (flag !== 0) {
          if ((flag & HAS_STARTS) !== 0) {
            if (count + 2 > hits.length) {
              const grown = new Int32Array(hits.length * 2);
              grown.set(hits);
              hits = grown;
            }
            hits[count++] = i;
            hits[count++] = node;
          }
          if ((flag & HAS_ANCHORS) !== 0) for (const p of anchors[node]) anchored[p] = 1;
        }
        if (j >= n) break;
        const code = text.charCodeAt(j);
        node = code < 128 ? ascii[node * 128 + code] : other.get(node * 65536 + code) ?? 0;
      }
    }
    return { hits, count, anchored };
  }
  matches(text) {
    const { hits, count, anchored } = this.walk(text);
    const candidates = this.phrases.map(() => []);
    for (let h = 0; h < count; h += 2) {
      const at = hits[h];
      const node = hits[h + 1];
      for (const p of node === -1 ? this.lineStart : this.trie.starts[node]) {
        if (anchored[p] === 0) continue;
        const list = candidates[p];
        if (list[list.length - 1] !== at) list.push(at);
      }
    }
    const out = [];
    this.phrases.forEach((phrase2, p) => {
      if (anchored[p] === 0) return;
      const whole = this.whole.get(p);
      if (whole !== void 0) {
        for (const m of text.matchAll(whole)) out.push({ index: m.index, text: m[0], phrase: phrase2 });
        return;
      }
      const re = phrase2.re;
      let from = 0;
      for (const at of candidates[p]) {
        if (at < from) continue;
        re.lastIndex = at;
        const m = re.exec(text);
        if (m === null) continue;
        out.push({ index: at, text: m[0], phrase: phrase2 });
        from = at + Math.max(1, m[0].length);
      }
    });
    return out;
  }
};
var startSets = /* @__PURE__ */ new WeakMap();
function startSetOf(p) {
  if (!startSets.has(p)) startSets.set(p, startSet(p.re.source));
  return startSets.get(p);
}
var scanners = /* @__PURE__ */ new WeakMap();
function phraseMatches(text, phrases) {
  let scanner = scanners.get(phrases);
  if (scanner === void 0) scanners.set(phrases, scanner = new PhraseScanner(phrases));
  return scanner.matches(text);
}

// src/rules/injection/detect.ts
var INJECTION_PHRASES = [...ENGLISH_PHRASES, ...OTHER_LANGUAGE_PHRASES];
var MAX_EXCERPT = 160;
var VOCATIVE_BEFORE = 240;
var VOCATIVE_AFTER = 160;
var BLANK_LINE = /\n[ \t]*\r?\n/;
var MENTION_NEAR = /(?:such as|like|e\.g\.|i\.e\.|for example|for instance|phrases?|strings?|wording|text|attacks?|attackers?|injections?|payloads?|jailbreaks?|malicious|adversarial|untrusted|hostile|detect\w*|flag(?:s|ged|ging)?|block\w*|reject\w*|refus\w*|watch (?:out )?for|look (?:out )?for|contain\w*|says?|saying|said|tells?|telling|told|asks?|asking|asked|attempts?|tries|trying|instructs?|as in|called|known as|classic|typical|patterns?|warn\w*|saniti[sz]\w*|filter\w*|quoted|literal|never|not|don'?t|cannot|can'?t|won'?t|input|inputs|content|documents?|web ?pages?|e-?mails?|tool (?:output|result)s?|user messages?)(?![\p{L}\p{N}])/iu;
var MENTION_FAR = /(?:attacks?|attackers?|injections?|payloads?|jailbreaks?|malicious|adversarial|untrusted|hostile|such as|e\.g\.|for example|for instance|phrases|strings)(?![\p{L}\p{N}])/iu;
var CONDITION_AFTER = /^[ \t]*,?[ \t]*(?:only[ \t]+)?(?:if|when|unless|once|provided|as long as)(?![\p{L}\p{N}])(?![ \t]+you(?:'re|\u2019re|[ \t]+are))/iu;
var CONDITION_BEFORE = /(?:^|[\s(])(?:if|when|unless|once)(?![\p{L}\p{N}])(?![ \t]+you(?:'re|\u2019re|[ \t]+are)[ \t]+(?:an?[ \t]+)?(?:ai|llm|model|language model|evaluator|grader|judge|reviewer|assistant))[^.!?\n]*,[ \t]*$/iu;
var QUOTE_PAIRS = { '"': '"', "\u201C": "\u201D", "\u201E": "\u201C", "\u2018": "\u2019", "\xAB": "\xBB", "\u2039": "\u203A", "\u300C": "\u300D", "\u300E": "\u300F", "`": "`", "'": "'" };
var isWordChar = (ch) => ch !== void 0 && /[\p{L}\p{N}]/u.test(ch);
function quotedSpans(line) {
  const spans = [];
  const hopeless = /* @__PURE__ */ new Set();
  for (let i = 0; i < line.length; i++) {
    const open = line[i];
    const close2 = QUOTE_PAIRS[open];
    if (close2 === void 0 || hopeless.has(open)) continue;
    if ((open === "'" || open === "\u2018") && isWordChar(line[i - 1])) continue;
    let j = line.indexOf(close2, i + 1);
    while (j !== -1 && (close2 === "'" || close2 === "\u2019") && isWordChar(line[j + 1])) j = line.indexOf(close2, j + 1);
    if (j === -1) {
      hopeless.add(open);
      continue;
    }
    spans.push([i, j]);
    i = j;
  }
  return spans;
}
function introducedByProse(before) {
  if (/\]\([^()\s]*[ \t]+$/.test(before)) return false;
  const rest = before.replace(/^[ \t]*\[[^\]]*\]:[ \t]*(?:<[^>]*>|#|\S+)?[ \t]*\(?[ \t]*$/, "").replace(/^[ \t]*(?:[-*+>]+[ \t]*|\d+[.)][ \t]*)*/, "").replace(/^[\p{L}\p{N}_-]+[ \t]*:[ \t]*[>|]?[ \t]*$/u, "");
  return /[\p{L}\p{N}]/u.test(rest.replace(/<!--/g, ""));
}
var LineIndex = class {
  constructor(text) {
    this.text = text;
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
    this.fenced = new Uint8Array(this.starts.length);
    let fence;
    for (let n = 0; n < this.starts.length; n++) {
      const line = this.line(n);
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
      if (fence) {
        this.fenced[n] = 1;
        if (marker && marker[1][0] === fence.ch && marker[1].length >= fence.len && line.slice(marker[0].length).trim() === "") fence = void 0;
      } else if (marker && !(marker[1][0] === "`" && line.slice(marker[0].length).includes("`"))) {
        this.fenced[n] = 1;
        fence = { ch: marker[1][0], len: marker[1].length };
      }
    }
  }
  text;
  starts = [0];
  fenced;
  quotes = /* @__PURE__ */ new Map();
  /** 0-based line index of an offset. */
  lineOf(offset) {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (this.starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }
  cache = /* @__PURE__ */ new Map();
  line(n) {
    let line = this.cache.get(n);
    if (line === void 0) {
      const end = n + 1 < this.starts.length ? this.starts[n + 1] - 1 : this.text.length;
      this.cache.set(n, line = this.text.slice(this.starts[n], end).replace(/\r$/, ""));
    }
    return line;
  }
  /** Whether [start, end) lies inside a quotation that prose on its line introduces. */
  mentionedInQuotes(start, end) {
    const n = this.lineOf(start);
    const lineStart = this.starts[n];
    let spans = this.quotes.get(n);
    if (spans === void 0) this.quotes.set(n, spans = quotedSpans(this.line(n)));
    const from = start - lineStart;
    const to = end - lineStart;
    let lo = 0;
    let hi = spans.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (spans[mid][0] < from) lo = mid + 1;
      else hi = mid;
    }
    const span = spans[lo - 1];
    if (span === void 0 || to > span[1]) return false;
    return introducedByProse(this.line(n).slice(Math.max(0, span[0] - 300), span[0]));
  }
};
function sentenceBefore(text, lineStart, offset) {
  const before = text.slice(Math.max(lineStart, offset - 200), offset);
  const cut = Math.max(before.lastIndexOf(". "), before.lastIndexOf("! "), before.lastIndexOf("? "));
  return cut === -1 ? before : before.slice(cut + 2);
}
function paragraphBefore(text, offset) {
  let before = text.slice(Math.max(0, offset - 300), offset);
  const blank = before.search(/\n[ \t]*\n(?![\s\S]*\n[ \t]*\n)/);
  if (blank !== -1) {
    const head = before.slice(0, blank);
    const previous = head.slice(head.lastIndexOf("\n") + 1);
    before = (/^#{1,6}\s|:\s*$/.test(previous) ? `${previous}
` : "") + before.slice(blank);
  }
  const heading = before.lastIndexOf("\n#");
  return heading === -1 ? before : before.slice(heading + 1);
}
function lowerSameLength(text) {
  const lower = text.replace(/\u0130/g, "I").toLowerCase();
  if (lower.length === text.length) return lower;
  let out = "";
  for (const ch of text) {
    const l = ch.toLowerCase();
    out += l.length === ch.length ? l : ch;
  }
  return out;
}
function matchesIn(view, phrases) {
  const out = [];
  for (const m of phraseMatches(lowerSameLength(view.text), phrases)) {
    if (m.text.length === 0) continue;
    const lead = m.text.search(/[\p{L}\p{N}<[|]/u);
    const from = m.index + Math.max(0, lead);
    out.push({ start: originalOffset(view, from), end: originalOffset(view, m.index + m.text.length - 1) + 1, phrase: m.phrase });
  }
  return out;
}
function detectInjection(text) {
  const view = normaliseForDetection(text);
  const located = matchesIn(view, INJECTION_PHRASES);
  if (hasConfusables(view.text)) located.push(...matchesIn(latinise(view), ENGLISH_PHRASES));
  if (located.length === 0) return [];
  const lines = new LineIndex(text);
  const attempts = [];
  const vocatives = [];
  const requests = [];
  for (const hit of located) {
    const n = lines.lineOf(hit.start);
    if (lines.fenced[n] === 1 && hit.phrase.role !== "self-request") continue;
    if (lines.mentionedInQuotes(hit.start, hit.end)) continue;
    const lineStart = lines.starts[n];
    if (hit.phrase.generic && (MENTION_NEAR.test(sentenceBefore(text, lineStart, hit.start)) || MENTION_FAR.test(paragraphBefore(text, hit.start)))) continue;
    if (hit.phrase.language === "en" && (hit.phrase.role === "request" || hit.phrase.role === "self-request")) {
      if (CONDITION_AFTER.test(text.slice(hit.end, hit.end + 60)) || CONDITION_BEFORE.test(sentenceBefore(text, lineStart, hit.start))) continue;
    }
    if (hit.phrase.role === "vocative") vocatives.push(hit);
    else if (hit.phrase.role === "request") requests.push(hit);
    else attempts.push(hit);
  }
  vocatives.sort((a, b) => a.start - b.start);
  const addressed = (r) => {
    let lo = 0;
    let hi = vocatives.length;
    while (lo < hi) {
      const mid = lo + hi >> 1;
      if (vocatives[mid].start < r.start) lo = mid + 1;
      else hi = mid;
    }
    const before = vocatives[lo - 1];
    const after = vocatives[lo];
    if (before && r.start - before.end <= VOCATIVE_BEFORE && !BLANK_LINE.test(text.slice(before.end, r.start))) return true;
    return after !== void 0 && after.start - r.end <= VOCATIVE_AFTER && !BLANK_LINE.test(text.slice(r.end, after.start));
  };
  attempts.push(...requests.filter(addressed));
  const seen = /* @__PURE__ */ new Set();
  const findings = [];
  for (const hit of attempts.sort((a, b) => a.start - b.start)) {
    const n = lines.lineOf(hit.start);
    const key = `${n}\0${hit.phrase.kind}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const raw = lines.line(n).trim();
    findings.push({
      line: n + 1,
      column: hit.start - lines.starts[n] + 1,
      excerpt: raw.length > MAX_EXCERPT ? `${raw.slice(0, MAX_EXCERPT - 3)}...` : raw,
      kind: hit.phrase.kind,
      language: hit.phrase.language
    });
  }
  return findings;
}

// src/rules/injection-attempt.ts
import path from "node:path";
var KIND_WORDS = {
  ignore_instructions: "asks the evaluator to ignore or replace its instructions",
  score_manipulation: "asks for a score, grade or pass",
  addresses_evaluator: "addresses the evaluator",
  fake_system_prompt: "imitates a system prompt",
  envelope_escape: "tries to close the data envelope the judge reads the skill in"
};
var memo = /* @__PURE__ */ new WeakMap();
var injectionAttemptRule = {
  id: "INJECTION_ATTEMPT",
  flag: "INJECTION_ATTEMPT",
  description: 'Text addressed to an evaluator, grader, judge or "AI reading this" that asks for a score, a verdict or a pass, or to ignore its instructions (SKILL.md, frontmatter, comments, link titles, references/).',
  severity: 0.2,
  fix: "Remove text addressed to graders; a skill speaks to the agent that uses it. To discuss injection, quote the phrase in a sentence that introduces it.",
  /** Every attempt in the skill, SKILL.md first, then reference files in path order. Pure (memoised per document). */
  find(skill) {
    const hit = memo.get(skill);
    if (hit) return hit;
    const sources = [{ rel: skill.fileName, file: skill.file, text: skill.text }, ...skill.references.map((r) => ({ rel: r.rel, file: path.posix.join(skill.displayPath, r.rel), text: r.text }))];
    const hits = sources.flatMap(({ rel, file, text }) => detectInjection(text).map((f) => ({ file, rel, line: f.line, column: f.column, kind: f.kind, language: f.language, excerpt: f.excerpt })));
    memo.set(skill, hits);
    return hits;
  },
  /** One sentence for reports: where, what and the text. */
  describe(hit) {
    const language = hit.language === "en" ? "" : ` (${hit.language})`;
    return `Injection attempt in ${hit.rel} line ${hit.line}, column ${hit.column}: ${KIND_WORDS[hit.kind]}${language}: "${hit.excerpt}". A skill that tries to steer its evaluator gets no badge.`;
  }
};

export {
  detectInjection,
  injectionAttemptRule
};
//# sourceMappingURL=chunk-CFBCDDRL.js.map
