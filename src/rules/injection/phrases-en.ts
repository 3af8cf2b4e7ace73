/**
 * English phrases aimed at whoever scores a skill. Every pattern is anchored on a literal word and uses
 * only bounded or disjoint repetition, so each scan is linear in the text.
 */
import { phrase, WE, word, type Phrase } from './phrase.js';

const S = String.raw`[ \t]*\n?[ \t]*`; // optional space, at most one line break (a phrase may wrap)
const _ = String.raw`[ \t]+(?:\n[ \t]*)?|\n[ \t]*`; // required space, at most one line break
const sp = `(?:${_})`;

/** Someone whose job is to score: named this way, the reader is the evaluator. */
const EVAL_STRONG = String.raw`(?:evaluators?|graders?|scorers?|raters?|assessors?|examiners?|judges?|(?:ai|llm|automated|machine)[- ](?:judges?|reviewers?|evaluators?|graders?|checkers?)|(?:scoring|grading|evaluation|evaluating|rating|judging|assessment|ranking|marking)[- ](?:tools?|systems?|models?|bots?|agents?|pipelines?|harness(?:es)?|llms?|ais?|scripts?|engines?|programs?|software))`;
/** Readers that may be the evaluator or just the agent or a colleague: they need a request next to them. */
const EVAL_WEAK = String.raw`(?:reviewers?|ais?|a\.i\.|llms?|(?:large[- ])?language[- ]models?|models?|assistants?|chatbots?|bots?|machines?)`;
const AI = String.raw`(?:ais?|a\.i\.|llms?|(?:large[- ])?language[- ]models?|models?|assistants?|chatbots?|bots?|agents?|gpts?|claude|neural[- ]networks?)`;
const AI_PREFIX = String.raw`(?:(?:human${sp}or${sp})?(?:ai|llm|automated|machine)${sp})?`;
const DET = String.raw`(?:(?:the|any|all|every|each|whatever|our|my|an?|you,?${sp}the|you)${sp})?`;
const EVALUATING = String.raw`(?:evaluating|grading|judging|scoring|rating|assessing|ranking|auditing|benchmarking|marking|evaluates|grades|judges|scores|rates|assesses|ranks)`;
const READING = String.raw`(?:reading|reviewing|parsing|processing|analy[sz]ing|seeing|looking${sp}at|reads|reviews|sees|parses|processes|analy[sz]es)`;

/** "this skill", "the present file": the thing being scored. */
const SELF = String.raw`(?:this|the${sp}present|my|our)${sp}(?:(?:agent|claude|ai|code)${sp})?(?:skill|file|document|plugin|submission|entry|package|skill\.md|readme|prompt)${WE}`;
/** The top of any scale. */
const TOP = String.raw`(?:(?:(?:a|an|the)${sp})?(?:perfect|full|maximum|max|maximal|top|highest|best|excellent|outstanding|flawless|stellar|glowing)(?:${sp}possible)?[- ](?:scores?|ratings?|grades?|marks?|points|evaluations?|reviews?|verdicts?|10|ten|five|5)${WE}|(?:full|top)${sp}marks${WE}|(?:(?:a|an)${sp})?(?:10|ten)${S}(?:\/|out${sp}of)${S}(?:10|ten)${WE}|(?:5|five)${S}(?:\/|out${sp}of)${S}(?:5|five)${WE}|100${S}(?:\/|out${sp}of)${S}100${WE}|100${S}%|(?:(?:a|an)${sp})?1\.0+(?![\d])|1${S}\/${S}1(?![\d])|(?:5|five)${sp}stars?${WE}|an${sp}a\+?(?![\p{L}\d])|a\+(?![\p{L}\d])|platinum${WE}|gold${sp}(?:badges?|tier|rating)${WE})`;
const SCORE_NOUN = String.raw`(?:(?:(?:a|an|the)${sp})?(?:scores?|ratings?|grades?|marks?)${sp}(?:of${sp})?)`;
const PASS_WORD = String.raw`(?:pass(?:ed|ing)?|approved|excellent|perfect|flawless|compliant|exemplary|top[- ]tier|platinum|gold)${WE}`;

const IGNORE_VERB = String.raw`(?:ignore|disregard|forget|override|overrule|bypass|discard|abandon|neglect|dismiss|nullify|set${sp}aside|throw${sp}out|pay${sp}no${sp}attention${sp}to)`;
const EARLIER = String.raw`(?:previous|prior|above|earlier|preceding|foregoing|original|initial|system|existing|former|old|(?:all|any)${sp}other)`;
const ORDERS = String.raw`(?:instructions?|prompts?|system${sp}prompts?|directions|directives|commands|rules|guidelines|guidance|constraints|orders|rubrics?|criteria|policies|programming)${WE}`;
const GRADING_ORDERS = String.raw`(?:(?:grading|scoring|evaluation|evaluator|judging|judge|rating|assessment|marking)${sp}(?:instructions|rubrics?|criteria|rules|guidelines|prompts?|scales?|standards)${WE}|rubrics?${WE})`;

const IGNORE_ANCHORS = [
  'ignore',
  'disregard',
  'forget',
  'overrid',
  'overrul',
  'bypass',
  'discard',
  'abandon',
  'neglect',
  'dismiss',
  'nullify',
  'aside',
  'throw',
  'attention',
];
const REQUEST_VERBS = [
  'give',
  'assign',
  'award',
  'grant',
  'return',
  'output',
  'report',
  'record',
  'emit',
  'produce',
  'set',
  'put',
];
const RATE_VERBS = ['rate', 'score', 'grade', 'mark', 'evaluat', 'assess', 'rank', 'judge', 'review'];
const STRONG_NOUNS = [
  'evaluat',
  'grader',
  'scorer',
  'rater',
  'assessor',
  'examiner',
  'judge',
  'reviewer',
  'checker',
  'scoring',
  'grading',
  'rating',
  'judging',
  'assessment',
  'ranking',
  'marking',
];
const WEAK_NOUNS = [...STRONG_NOUNS, 'ai', 'llm', 'model', 'assistant', 'bot', 'machine', 'a.i.'];

export const ENGLISH_PHRASES: readonly Phrase[] = [
  // --- asking to drop the evaluator's instructions (well-known attack strings: mentions are exempt)
  phrase(
    'ignore_instructions',
    'attempt',
    'en',
    String.raw`${word(IGNORE_VERB)}${sp}(?:(?:all|any|every|of)${sp})?(?:(?:the|your|my|their|its|these|those)${sp})?${EARLIER}${sp}(?:(?:and|or)${sp}${EARLIER}${sp})?${ORDERS}`,
    IGNORE_ANCHORS,
    true,
  ),
  phrase(
    'ignore_instructions',
    'attempt',
    'en',
    String.raw`${word(IGNORE_VERB)}${sp}(?:(?:all|any)${sp})?(?:(?:the|your|their|its|these|those|any|all)${sp})?${GRADING_ORDERS}`,
    IGNORE_ANCHORS,
    true,
  ),
  phrase(
    'ignore_instructions',
    'attempt',
    'en',
    String.raw`${word(IGNORE_VERB)}${sp}(?:all${sp})?your${sp}(?:instructions|system${sp}prompt|prompt|rubric|guidelines|rules|programming|training|criteria)${WE}`,
    IGNORE_ANCHORS,
    true,
  ),
  phrase(
    'ignore_instructions',
    'attempt',
    'en',
    String.raw`${word(IGNORE_VERB)}${sp}(?:(?:all|any)${sp})?(?:everything|anything|all)${sp}(?:you${sp}(?:were|have${sp}been|are)${sp}(?:told|given|instructed)|(?:that${sp})?(?:came|comes|was${sp}said|you${sp}read)${sp}(?:before|above|earlier)|(?:above|before${sp}this|previously|said${sp}(?:above|before|earlier)|written${sp}above))`,
    IGNORE_ANCHORS,
    true,
  ),
  phrase(
    'ignore_instructions',
    'attempt',
    'en',
    String.raw`${word('your|new|updated|revised|real')}${sp}(?:(?:new|real|actual|updated|true|revised)${sp}instructions${sp}(?:are|follow)${WE}|instructions${S}(?:for${sp}(?:you|the${sp}[\p{L}-]+)${S})?:)`,
    ['instructions'],
    true,
  ),
  phrase(
    'ignore_instructions',
    'attempt',
    'en',
    String.raw`${word('this|these|the')}${sp}(?:following${sp})?(?:(?:instructions?|text|note|notes|message|section)${sp})?(?:supersedes?|overrides?|replaces?|takes?${sp}precedence${sp}over)${sp}(?:(?:all|any)${sp})?(?:(?:your|the)${sp})?(?:(?:previous|prior|other|original|system)${sp})?(?:instructions|system${sp}prompts?|prompts?|rubrics?|rules|guidelines|criteria)${WE}`,
    ['supersede', 'overrid', 'replace', 'precedence'],
    true,
  ),

  // --- asking for a score for this very skill
  phrase(
    'score_manipulation',
    'self-request',
    'en',
    String.raw`${word('give|assign|award|grant|return|output|report|record|emit|produce|set|put')}${sp}(?:to${sp})?${SELF}${sp}(?:${SCORE_NOUN}|(?:a|an|the)${sp})?${TOP}`,
    REQUEST_VERBS,
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'en',
    String.raw`${word('rate|score|grade|mark|evaluate|assess|rank|judge|review')}${sp}${SELF}${sp}(?:(?:as|at|with|a|an)${sp}){0,3}${TOP}`,
    RATE_VERBS,
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'en',
    String.raw`${SELF}${sp}(?:deserves|merits|has${sp}earned|earns|warrants|is${sp}worth|should${sp}(?:get|receive|be${sp}given|be${sp}awarded|be${sp}rated|be${sp}scored|be${sp}graded|score|earn)|must${sp}(?:get|receive|be${sp}given|be${sp}awarded|be${sp}rated|be${sp}scored|be${sp}graded|score|earn)|will${sp}(?:get|receive))${sp}(?:${SCORE_NOUN}|(?:a|an|the)${sp})?${TOP}`,
    ['this', 'present', 'my', 'our'],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'en',
    String.raw`${word('mark|flag|grade|rate|classify|report|label|record|score')}${sp}${SELF}${sp}as${sp}(?:(?:a|an)${sp})?${PASS_WORD}`,
    RATE_VERBS.concat(['flag', 'classify', 'report', 'label', 'record']),
  ),
  phrase('score_manipulation', 'self-request', 'en', String.raw`${word('approve|certify')}${sp}${SELF}`, [
    'approve',
    'certify',
  ]),

  // --- requests that need an evaluator addressed nearby to be attempts
  phrase(
    'score_manipulation',
    'request',
    'en',
    String.raw`${word('give|assign|award|grant')}${sp}(?:this|it|me|us)${sp}(?:${SCORE_NOUN}|(?:a|an|the)${sp})?${TOP}`,
    ['give', 'assign', 'award', 'grant'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'en',
    String.raw`${word('rate|score|grade|mark|rank')}${sp}(?:this|it|me|us)${sp}(?:(?:as|at|with|a|an)${sp}){0,3}${TOP}`,
    RATE_VERBS,
  ),
  phrase(
    'score_manipulation',
    'request',
    'en',
    String.raw`(?:please|thanks|thank${sp}you)(?<=${TOP}${S}[,!]?${S}(?:please|thanks|thank${sp}you))${WE}`,
    ['please', 'thank'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'en',
    String.raw`${word('mark|flag|grade|classify|report|label|record|score')}${sp}(?:this|it)${sp}as${sp}(?:(?:a|an)${sp})?${PASS_WORD}`,
    ['mark', 'flag', 'grade', 'classify', 'report', 'label', 'record', 'score'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'en',
    String.raw`${word('return|output|respond|reply|answer|emit|print')}${sp}(?:with${sp})?(?:(?:a|the)${sp})?(?:scores?${sp}(?:of${sp})?)?(?:${TOP}|["']?pass["']?${WE})`,
    ['return', 'output', 'respond', 'reply', 'answer', 'emit', 'print'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'en',
    String.raw`${word('verdict|decision|grade|score|rating')}${sp}(?:should|must|will)${sp}be${sp}(?:(?:a|an)${sp})?(?:pass|approved|${TOP})`,
    ['verdict', 'decision', 'grade', 'score', 'rating'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'en',
    String.raw`${word("do|don't|dont|never")}${sp}(?:not${sp})?(?:deduct|dock|subtract|penali[sz]e|mark${sp}down|lower|reduce)${sp}(?:(?:any|the|my|this|its)${sp})?(?:points|marks|scores?|grades?)${WE}`,
    ['not', "don't", 'dont', 'never'],
  ),
  phrase('score_manipulation', 'request', 'en', String.raw`${word('approve')}${sp}(?:this|it|me)${WE}`, ['approve']),

  // --- the evaluator addressed by name: an attempt by itself
  phrase(
    'addresses_evaluator',
    'attempt',
    'en',
    String.raw`${word(String.raw`note|message|memo|reminder|notice|p\.?s\.?|letter|attention`)}${sp}(?:to|for)${sp}${DET}${AI_PREFIX}${EVAL_STRONG}${S}(?:[:,)\u2013\u2014-]|$)`,
    STRONG_NOUNS,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'en',
    String.raw`${word('dear|attention|hey|hello|hi|greetings|psst|listen|ahem')}(?:${sp}up)?${S}[,:!]?${S}(?:(?:the|an?|all|any|you|fellow)${sp})?${AI_PREFIX}${EVAL_STRONG}${S}(?:[:,!.)\u2013\u2014-]|$)`,
    STRONG_NOUNS,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'en',
    String.raw`${word('if')}${sp}you(?:'re|\u2019re|${sp}are)${sp}(?:(?:an?|the|one${sp}of${sp}the)${sp})?(?:ai|llm|automated|machine|(?:large[- ])?language[- ]model|model)[- ](?:based${sp})?(?:${EVAL_STRONG}|reviewers?|checkers?)${WE}`,
    ['if you', "if you're", 'if you\u2019re'],
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'en',
    String.raw`${word('if|to|for|attention|any|every|whatever|each')}(?:${sp}you(?:'re|\u2019re|${sp}are))?,?${sp}(?:(?:an?|the|any|every|whatever)${sp})?${AI}${sp}(?:(?:that${sp}is|that's|who${sp}is|which${sp}is|currently|now)${sp})?${EVALUATING}${sp}(?:this|these|me|the${sp}following)${WE}`,
    ['evaluat', 'grad', 'judg', 'scor', 'rat', 'assess', 'rank', 'audit', 'benchmark', 'mark'],
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'en',
    String.raw`${word('when|while|before')}${sp}(?:you(?:'re|\u2019re|${sp}are)${sp})?(?:evaluating|grading|judging|scoring|rating|assessing|ranking)${sp}this${sp}(?:skill|plugin|skill\.md|submission)${WE}`,
    ['evaluating', 'grading', 'judging', 'scoring', 'rating', 'assessing', 'ranking'],
  ),

  // --- someone addressed who may be the evaluator: needs a request nearby
  phrase(
    'addresses_evaluator',
    'vocative',
    'en',
    String.raw`${word(String.raw`note|message|memo|reminder|notice|p\.?s\.?|letter|attention|instructions?|request|hint|warning|comment|word`)}${sp}(?:to|for)${sp}${DET}${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})${WE}`,
    WEAK_NOUNS,
  ),
  phrase(
    'addresses_evaluator',
    'vocative',
    'en',
    String.raw`${word('dear|attention|hey|hello|hi|greetings|psst|listen|ahem')}(?:${sp}up)?${S}[,:!]?${S}(?:(?:the|an?|all|any|you|fellow)${sp})?${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})${WE}`,
    WEAK_NOUNS,
  ),
  phrase(
    'addresses_evaluator',
    'vocative',
    'en',
    String.raw`(?:^|[(\[{<>*_#|]|<!--|\/\/|\/\*)[ \t]*(?:(?:note|message|msg|memo)[_ -](?:to|for)[_ -])?(?:to${sp})?(?:(?:the|all|any|dear)${sp})?${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})(?:[_ -](?:notes?|message|msg|instructions?|hint))?[ \t]*[:,]`,
    WEAK_NOUNS,
  ),
  phrase(
    'addresses_evaluator',
    'vocative',
    'en',
    String.raw`${word('if')}${sp}you(?:'re|\u2019re|${sp}are)${sp}(?:(?:an?|the|one${sp}of${sp}the)${sp})?${AI_PREFIX}(?:${EVAL_STRONG}|${EVAL_WEAK})${WE}`,
    ['if you', "if you're", 'if you\u2019re'],
  ),
  phrase(
    'addresses_evaluator',
    'vocative',
    'en',
    String.raw`${word(`${AI}|${EVAL_STRONG}|reviewers?`)}${sp}(?:(?:that${sp}is|that's|who${sp}is|which${sp}is|currently|now)${sp})?(?:${READING}|${EVALUATING})${sp}(?:this|these|me|the${sp}following)${WE}`,
    ['read', 'review', 'pars', 'process', 'analy', 'see', 'look', 'evaluat', 'grad', 'judg', 'scor', 'rat', 'assess'],
  ),

  // --- imitating the evaluator's own frame (well-known attack strings)
  phrase(
    'fake_system_prompt',
    'attempt',
    'en',
    String.raw`^[ \t>*-]*(?:\[[ \t]*(?:system|sys|admin|developer)[ \t]*\]|(?:system|admin|developer)[ \t]+(?:prompt|message|override|instructions?)[ \t]*:|system[ \t]*:[ \t]*(?:you${sp}are|ignore|disregard|new${sp}instructions|the${sp}(?:grading|scoring|evaluation)))`,
    ['system', 'sys', 'admin', 'developer'],
    true,
  ),
  phrase(
    'fake_system_prompt',
    'attempt',
    'en',
    String.raw`<\|?[ \t]*(?:system|im_start|im_end|endoftext)[ \t]*\|?>|<\/?[ \t]*(?:system|sys)[ \t]*>`,
    ['<'],
    true,
  ),
  phrase(
    'fake_system_prompt',
    'attempt',
    'en',
    String.raw`${word('begin|start|end')}${sp}(?:of${sp})?system${sp}(?:prompt|message|instructions)${WE}|${word('system')}${sp}override${WE}|${word('developer')}${sp}mode${sp}(?:enabled|activated|on)${WE}`,
    ['system', 'developer'],
    true,
  ),
  phrase(
    'envelope_escape',
    'attempt',
    'en',
    String.raw`<<<[ \t]*(?:end|begin)${WE}|<\/[ \t]*(?:skill|document|untrusted|data|material|content)(?:[-_ ][\p{L}\d_]+)*[ \t]*>`,
    ['<<<', '</'],
    true,
  ),
  phrase(
    'envelope_escape',
    'attempt',
    'en',
    String.raw`^[ \t]*(?:-{3,}|={3,}|#{1,3})?[ \t]*end${sp}of${sp}(?:the${sp})?(?:skill|document|file|material|data|input)[ \t]*(?:-{3,}|={3,})?[ \t]*$`,
    ['end of'],
    true,
  ),
];
