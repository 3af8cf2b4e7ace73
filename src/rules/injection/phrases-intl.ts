/**
 * The same three moves in other common languages: dropping the evaluator's instructions, addressing
 * the evaluator, and asking for a top score for this skill. French, Spanish, German, Portuguese,
 * Italian, Russian, Chinese (simplified and traditional), Japanese and Korean. Patterns expect the
 * text after NFKC (full-width forms folded) with invisible characters removed.
 */
import { phrase, WE, word, type Phrase } from './phrase.js';

const sp = String.raw`[ \t]+`;
const os = String.raw`[ \t]*`;
const PUNCT = String.raw`[ \t]*(?:[:,!\u2013\u2014-]|$)`;

// French
const FR_EVAL = String.raw`(?:[ée]valuat(?:eur|rice)s?|correct(?:eur|rice)s?|examinat(?:eur|rice)s?|notat(?:eur|rice)s?|jury|juges?|relecteurs?|(?:ia|intelligence${sp}artificielle)${sp}qui${sp}(?:[ée]value|note|corrige|lit))`;
const FR_SELF = String.raw`(?:(?:[àa]${sp})?(?:cette${sp}(?:comp[ée]tence|skill|fiche)|ce${sp}(?:skill|fichier|document|plugin|module)))`;
const FR_TOP = String.raw`(?:(?:la${sp}|une${sp})?note${sp}(?:maximale|maximum|parfaite|la${sp}plus${sp}haute)|(?:un${sp})?score${sp}(?:parfait|maximal|maximum)|20${os}\/${os}20|10${os}\/${os}10|5${os}\/${os}5|la${sp}meilleure${sp}note)`;
// Spanish
const ES_EVAL = String.raw`(?:evaluador(?:a|es|as)?|calificador(?:a|es|as)?|corrector(?:a|es|as)?|revisor(?:a|es|as)?|jue(?:z|ces)|examinador(?:a|es|as)?)`;
const ES_SELF = String.raw`(?:(?:a${sp})?(?:esta${sp}(?:habilidad|skill|competencia)|este${sp}(?:skill|archivo|documento|plugin|fichero)))`;
const ES_TOP = String.raw`(?:(?:la${sp}|una${sp})?(?:puntuaci[óo]n|calificaci[óo]n|nota)${sp}(?:m[áa]xima|perfecta|m[áa]s${sp}alta)|10${os}\/${os}10|5${os}\/${os}5|un${sp}10${WE}|100${sp}puntos)`;
// German
const DE_EVAL = String.raw`(?:pr[üu]fer(?:in|innen)?|bewerter(?:in|innen)?|gutachter(?:in|innen)?|korrektor(?:in|en|innen)?|evaluator(?:in|en|innen)?|richter(?:in)?|ki-?(?:pr[üu]fer|bewerter|gutachter)|ki)`;
const DE_SELF = String.raw`(?:diese[mnrs]?${sp}(?:skill|dokument|plugin|datei|f[äa]higkeit))`;
const DE_TOP = String.raw`(?:(?:die${sp}|eine${sp})?(?:volle${sp}punktzahl|h[öo]chstpunktzahl|bestnote|h[öo]chstnote|bestbewertung|h[öo]chste${sp}(?:bewertung|note|punktzahl)|maximale${sp}punktzahl)|10${os}\/${os}10|5${os}\/${os}5|(?:die${sp})?note${sp}1${WE}|eine${sp}1${WE}|100${sp}punkte)`;
// Portuguese
const PT_EVAL = String.raw`(?:avaliador(?:a|es|as)?|corretor(?:a|es|as)?|examinador(?:a|es|as)?|ju[íi]z(?:es)?|revisor(?:a|es|as)?)`;
const PT_SELF = String.raw`(?:(?:a${sp}|para${sp})?(?:esta${sp}(?:habilidade|skill|compet[êe]ncia)|este${sp}(?:skill|arquivo|documento|plugin|ficheiro)))`;
const PT_TOP = String.raw`(?:(?:a${sp}|uma${sp})?(?:nota|pontua[çc][ãa]o|avalia[çc][ãa]o)${sp}(?:m[áa]xima|perfeita|mais${sp}alta|10)|10${os}\/${os}10|5${os}\/${os}5)`;
// Italian
const IT_EVAL = String.raw`(?:valutat(?:ore|rice|ori|rici)|corret(?:tore|trice|tori)|esaminat(?:ore|rice|ori)|giudic[ei]|revisor[ei])`;
const IT_SELF = String.raw`(?:(?:a${sp})?(?:questa${sp}(?:skill|competenza|abilit[àa])|questo${sp}(?:skill|file|documento|plugin)))`;
const IT_TOP = String.raw`(?:(?:il${sp}|un${sp})?(?:punteggio|voto)${sp}(?:massimo|pieno|perfetto|pi[ùu]${sp}alto)|10${os}\/${os}10|5${os}\/${os}5|30${sp}e${sp}lode|il${sp}massimo${WE})`;
// Russian
const RU_EVAL = String.raw`(?:оценщик(?:а|у|ов|ам|и)?|проверяющ(?:ий|его|ему|им|ие|их)|эксперт(?:а|у|ов|ам|ы)?|рецензент(?:а|у|ов|ам|ы)?|экзаменатор(?:а|у|ы)?|суд(?:ья|ьи|ье)|(?:ии|нейросеть|языковая${sp}модель),?${sp}(?:который|которая)${sp}(?:оценивает|проверяет|читает))`;
const RU_SELF = String.raw`(?:(?:этому|данному)${sp}(?:навыку|скиллу|файлу|документу|плагину)|(?:этот|данный)${sp}(?:навык|скилл|файл|документ|плагин))`;
const RU_TOP = String.raw`(?:(?:максимальн(?:ую|ый|ое)|высш(?:ую|ий|ее)|наивысш(?:ую|ий)|идеальн(?:ую|ый))${sp}(?:оценку|балл|рейтинг)|10${sp}из${sp}10|5${sp}из${sp}5|пят[её]рку|отлично|максимум)`;

// CJK: no spaces between words; the patterns allow optional ones.
const ZH_EVAL = String.raw`(?:评审(?:员|人员)?|評審(?:員|人員)?|评估(?:者|人员|员)|評估(?:者|人員|員)|评分(?:者|人员|员)|評分(?:者|人員|員)|评委|評委|审核员|審核員|阅卷人|閱卷人|考官|裁判)`;
const ZH_SELF = String.raw`(?:这个|這個|此|本|该|該)${os}(?:技能|文件|文档|文檔|插件|skill)`;
const ZH_TOP = String.raw`(?:满分|滿分|最高分|最高评分|最高評分|最高等级|最高等級|10${os}分|十分|五星|5${os}星|100${os}分)`;
const JA_EVAL = String.raw`(?:評価者|採点者|審査員|審査者|レビュアー|レビューア|査読者|評価ai|採点ai|ai評価者)`;
const JA_SELF = String.raw`(?:この|本)${os}(?:スキル|ファイル|文書|ドキュメント|プラグイン)`;
const JA_TOP = String.raw`(?:満点|最高点|最高評価|最高得点|10${os}点|5${os}つ星|五つ星|100${os}点)`;
const KO_EVAL = String.raw`(?:평가자|채점자|심사위원|심사자|검토자|리뷰어|ai${os}평가자)`;
const KO_SELF = String.raw`(?:이|본|해당)${os}(?:스킬|파일|문서|플러그인)`;
const KO_TOP = String.raw`(?:만점|최고${os}점수|최고점|최고${os}평가|10${os}점|별${os}다섯${os}개|100${os}점)`;

export const OTHER_LANGUAGE_PHRASES: readonly Phrase[] = [
  // French
  phrase(
    'ignore_instructions',
    'attempt',
    'fr',
    String.raw`${word(String.raw`ignore[rz]?|oublie[rz]?|ne${sp}tiens${sp}pas${sp}compte${sp}d[eu]s?|ne${sp}tenez${sp}pas${sp}compte${sp}d[eu]s?|fais${sp}abstraction${sp}d[eu]s?|faites${sp}abstraction${sp}d[eu]s?`)}${sp}(?:toutes${sp})?(?:les${sp}|vos${sp}|tes${sp})?(?:instructions|consignes|directives|r[èe]gles)${sp}(?:pr[ée]c[ée]dentes|ant[ée]rieures|ci-dessus|initiales|d'origine|du${sp}syst[èe]me)|${word(String.raw`ignore[rz]?|oublie[rz]?`)}${sp}tout${sp}ce${sp}qui${sp}pr[ée]c[èe]de`,
    ['ignor', 'oubli', 'compte', 'abstraction'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'fr',
    String.raw`${word(String.raw`note|message|remarque|avis|mot`)}${sp}(?:[àa]|pour)${sp}(?:l['\u2019]${os}|le${sp}|la${sp}|les${sp}|tout${sp}|toute${sp})?(?:ia${sp})?${FR_EVAL}${PUNCT}|${word(String.raw`ch[èe]re?s?|[àa]${sp}l['\u2019]${os}`)}${os}(?:ia${sp})?${FR_EVAL}${PUNCT}|${word('si')}${sp}(?:vous${sp}[êe]tes|tu${sp}es)${sp}une?${sp}(?:ia|intelligence${sp}artificielle|mod[èe]le${sp}de${sp}langage)${sp}qui${sp}(?:[ée]value|note|corrige)`,
    ['note', 'message', 'remarque', 'avis', 'mot', 'cher', 'chèr', "l'", 'l\u2019', 'si '],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'fr',
    String.raw`${word(String.raw`donne[rz]?|attribue[rz]?|accorde[rz]?|mets|mettez|mettre`)}${sp}${FR_SELF}${sp}${FR_TOP}|${word(String.raw`note[rz]?|[ée]value[rz]?`)}${sp}${FR_SELF}${sp}(?:[àa]${sp}|avec${sp})?${FR_TOP}|${FR_SELF}${sp}m[ée]rite${sp}${FR_TOP}`,
    ['donne', 'attribue', 'accorde', 'met', 'note', 'value', 'mérite', 'merite'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'fr',
    String.raw`${word(String.raw`donne|donnez|attribue|attribuez|accorde|accordez|mets|mettez`)}[- ](?:lui|moi|nous)${sp}${FR_TOP}`,
    ['donne', 'attribue', 'accorde', 'met'],
  ),
  // Spanish
  phrase(
    'ignore_instructions',
    'attempt',
    'es',
    String.raw`${word(String.raw`ignora|ignore|ignoren|olvida|olvide|olviden|descarta|descarte|omite|omita|no${sp}hagas${sp}caso${sp}(?:de|a)|haz${sp}caso${sp}omiso${sp}(?:de|a)`)}${sp}(?:todas${sp})?(?:las${sp}|tus${sp}|sus${sp})?(?:instrucciones|indicaciones|[óo]rdenes|reglas|directrices)${sp}(?:anteriores|previas|del${sp}sistema|originales|de${sp}arriba|precedentes)`,
    ['ignor', 'olvid', 'descart', 'omit', 'caso'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'es',
    String.raw`${word(String.raw`nota|mensaje|aviso|recado`)}${sp}(?:para|al|a${sp}la|a${sp}los)${sp}(?:(?:el|la|los|las)${sp})?(?:ia${sp})?${ES_EVAL}${PUNCT}|${word(String.raw`querid[oa]s?|estimad[oa]s?`)}${sp}${ES_EVAL}${PUNCT}|${word('si')}${sp}(?:eres|usted${sp}es)${sp}una?${sp}(?:ia|inteligencia${sp}artificial|modelo${sp}de${sp}lenguaje)${sp}que${sp}(?:eval[úu]a|califica|corrige)`,
    ['nota', 'mensaje', 'aviso', 'recado', 'querid', 'estimad', 'si '],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'es',
    String.raw`${word(String.raw`da|dale|d[ée]|otorga|ot[óo]rgale|asigna|as[íi]gnale|pon|ponle|dele`)}${sp}${ES_SELF}${sp}${ES_TOP}|${word(String.raw`califica|punt[úu]a|eval[úu]a`)}${sp}${ES_SELF}${sp}(?:con${sp})?${ES_TOP}|${ES_SELF}${sp}merece${sp}${ES_TOP}`,
    ['da', 'dé', 'de', 'otorga', 'asigna', 'pon', 'califica', 'punt', 'eval', 'merece'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'es',
    String.raw`${word(String.raw`dale|d[ée]le|dame|otórgale|ot[óo]rgale|as[íi]gnale|ponle`)}${sp}${ES_TOP}`,
    ['dale', 'dele', 'déle', 'dame', 'orgale', 'gnale', 'ponle'],
  ),
  // German
  phrase(
    'ignore_instructions',
    'attempt',
    'de',
    String.raw`${word(String.raw`ignorier(?:e|en|t)?|vergiss|vergesst|vergessen${sp}sie|missachte|missachten${sp}sie|übergehe`)}${sp}(?:(?:alle|sämtliche|die|deine|ihre|jegliche)${sp}){0,2}(?:vorherigen|bisherigen|vorigen|obigen|früheren|ursprünglichen|vorangegangenen|vorstehenden)${sp}(?:anweisungen|instruktionen|befehle|regeln|vorgaben|anordnungen)|${word(String.raw`alle${sp}(?:vorherigen|bisherigen|obigen|früheren)|vorherigen|bisherigen|obigen|früheren`)}${sp}(?:anweisungen|instruktionen|vorgaben)${sp}(?:ignorieren|vergessen|missachten)`,
    ['ignorier', 'vergiss', 'vergesst', 'vergessen', 'missacht', 'übergeh'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'de',
    String.raw`${word(String.raw`hinweis|nachricht|notiz|anmerkung|mitteilung|botschaft`)}${sp}(?:an|für)${sp}(?:(?:den|die|das|alle)${sp})?${DE_EVAL}${PUNCT}|${word(String.raw`liebe[rs]?|sehr${sp}geehrte[rs]?|hallo`)}${sp}${DE_EVAL}${PUNCT}|${word(String.raw`falls|wenn`)}${sp}(?:du|sie)${sp}eine${sp}(?:ki|künstliche${sp}intelligenz|sprachmodell)${sp}(?:bist|sind),?${sp}die${sp}(?:diese[nsm]?${sp}\p{L}+${sp})?(?:bewertet|prüft|benotet)`,
    [
      'hinweis',
      'nachricht',
      'notiz',
      'anmerkung',
      'mitteilung',
      'botschaft',
      'liebe',
      'geehrte',
      'hallo',
      'falls',
      'wenn',
    ],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'de',
    String.raw`${word(String.raw`gib|gebt|geben${sp}sie|vergib|vergebt|vergeben${sp}sie`)}${sp}${DE_SELF}${sp}${DE_TOP}|${word(String.raw`bewerte|bewertet|bewerten${sp}sie|benote|benoten${sp}sie`)}${sp}${DE_SELF}${sp}mit${sp}(?:der${sp})?${DE_TOP}|${DE_SELF}${sp}(?:verdient|bekommt|erhält)${sp}${DE_TOP}`,
    ['gib', 'gebt', 'geben', 'vergib', 'vergebt', 'vergeben', 'bewert', 'benot', 'verdient', 'bekommt', 'erhält'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'de',
    String.raw`${word(String.raw`gib|gebt|vergib`)}${sp}(?:ihm|ihr|mir|uns|es)${sp}${DE_TOP}`,
    ['gib', 'gebt', 'vergib'],
  ),
  // Portuguese
  phrase(
    'ignore_instructions',
    'attempt',
    'pt',
    String.raw`${word(String.raw`ignore|ignora|ignorem|esque[çc]a|esquece|esque[çc]am|desconsidere|desconsidera|despreze|despreza`)}${sp}(?:todas${sp})?(?:as${sp}|suas${sp}|tuas${sp})?(?:instru[çc][õo]es|orienta[çc][õo]es|regras|diretrizes|ordens)${sp}(?:anteriores|pr[ée]vias|acima|do${sp}sistema|originais|precedentes)`,
    ['ignor', 'esque', 'desconsider', 'despre'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'pt',
    String.raw`${word(String.raw`nota|mensagem|aviso|recado|observa[çc][ãa]o`)}${sp}(?:para|ao|[àa]|aos)${sp}(?:(?:o|a|os|as)${sp})?(?:ia${sp})?${PT_EVAL}${PUNCT}|${word(String.raw`car[oa]s?|prezad[oa]s?`)}${sp}${PT_EVAL}${PUNCT}|${word('se')}${sp}voc[êe]${sp}(?:[ée]|for)${sp}uma?${sp}(?:ia|intelig[êe]ncia${sp}artificial|modelo${sp}de${sp}linguagem)${sp}que${sp}(?:avalia|corrige|pontua)`,
    ['nota', 'mensagem', 'aviso', 'recado', 'observa', 'car', 'prezad', 'se voc'],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'pt',
    String.raw`${word(String.raw`d[êeá]|atribua|atribui|conceda|concede|coloque`)}${sp}${PT_SELF}${sp}${PT_TOP}|${word(String.raw`avalie|avalia|pontue`)}${sp}${PT_SELF}${sp}com${sp}(?:nota${sp})?(?:10|m[áa]xima|${PT_TOP})|${PT_SELF}${sp}merece${sp}${PT_TOP}`,
    ['dê', 'de ', 'dá', 'atribu', 'conced', 'coloque', 'avali', 'pontue', 'merece'],
  ),
  // Italian
  phrase(
    'ignore_instructions',
    'attempt',
    'it',
    String.raw`${word(String.raw`ignora|ignorate|ignori|dimentica|dimenticate|dimentichi|trascura|trascurate|non${sp}considerare|non${sp}tenere${sp}conto${sp}del?l?e`)}${sp}(?:tutte${sp})?(?:le${sp})?(?:istruzioni|indicazioni|regole|direttive|consegne)${sp}(?:precedenti|di${sp}sistema|del${sp}sistema|originali|sopra|iniziali)`,
    ['ignor', 'dimentic', 'trascur', 'considerare', 'conto'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'it',
    String.raw`${word(String.raw`nota|messaggio|avviso|appunto`)}${sp}(?:per|al|alla|ai|all['\u2019])${os}(?:(?:il|la|i|l['\u2019])${os})?(?:ia${sp})?${IT_EVAL}${PUNCT}|${word(String.raw`car[oa]|cari|gentile|egregio`)}${sp}${IT_EVAL}${PUNCT}|${word('se')}${sp}sei${sp}(?:un['\u2019]${os})?(?:ia|intelligenza${sp}artificiale|modello${sp}linguistico)${sp}che${sp}(?:valuta|corregge|giudica)`,
    ['nota', 'messaggio', 'avviso', 'appunto', 'car', 'gentile', 'egregio', 'se sei'],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'it',
    String.raw`${word(String.raw`dai|date|dia|assegna|assegnate|attribuisci|attribuite`)}${sp}${IT_SELF}${sp}${IT_TOP}|${word(String.raw`valuta|valutate`)}${sp}${IT_SELF}${sp}(?:con${sp})?${IT_TOP}|${IT_SELF}${sp}merita${sp}${IT_TOP}`,
    ['dai', 'date', 'dia', 'assegna', 'attribui', 'valuta', 'merita'],
  ),
  // Russian
  phrase(
    'ignore_instructions',
    'attempt',
    'ru',
    String.raw`${word(String.raw`игнорируй(?:те)?|проигнорируй(?:те)?|забудь(?:те)?|не${sp}обращай(?:те)?${sp}внимания${sp}на|отбрось(?:те)?`)}${sp}(?:все${sp})?(?:предыдущие|прежние|вышеуказанные|вышеизложенные|предшествующие|системные|исходные|свои)${sp}(?:инструкции|указания|правила|команды|установки)`,
    ['игнор', 'забуд', 'обращ', 'отбрось'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'ru',
    String.raw`${word(String.raw`примечание|заметка|сообщение|записка|обращение|послание`)}${sp}(?:для|к)${sp}${RU_EVAL}${PUNCT}|${word(String.raw`уважаем(?:ый|ая|ые)|дорог(?:ой|ая|ие)`)}${sp}${RU_EVAL}${PUNCT}|${word('если')}${sp}(?:ты|вы)${sp}(?:—${sp}|-${sp})?(?:ии|нейросеть|языковая${sp}модель),?${sp}(?:который|которая)${sp}(?:оценивает|проверяет)`,
    ['примечан', 'заметк', 'сообщен', 'записк', 'обращен', 'послан', 'уважаем', 'дорог', 'если'],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'ru',
    String.raw`${word(String.raw`поставь(?:те)?|дай(?:те)?|присвой(?:те)?|выставь(?:те)?`)}${sp}${RU_SELF}${sp}${RU_TOP}|${word('оцени')}(?:те)?${sp}${RU_SELF}${sp}(?:на${sp})?${RU_TOP}|${RU_SELF}${sp}(?:заслуживает|достоин)${sp}${RU_TOP}`,
    ['постав', 'дай', 'присвой', 'выстав', 'оцени', 'заслуж', 'достоин'],
  ),
  // Chinese
  phrase(
    'ignore_instructions',
    'attempt',
    'zh',
    String.raw`(?:忽略|忽视|忽視|无视|無視|不要理会|不要理會|忘记|忘記|忘掉|抛开|拋開)${os}(?:之前|先前|以上|上面|上述|前面|此前|原来|原來|原有|系统|系統)?${os}(?:的)?${os}(?:所有|全部|一切)?${os}(?:的)?${os}(?:指令|指示|说明|說明|规则|規則|提示词|提示詞|要求)`,
    ['忽', '无视', '無視', '不要理', '忘', '抛开', '拋開'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'zh',
    String.raw`(?:致|写给|寫給)${os}(?:ai${os})?${ZH_EVAL}|${ZH_EVAL}(?<=(?:^|[>(\[（【*_\s]|亲爱的|親愛的|尊敬的|各位)(?:ai${os})?${ZH_EVAL})${os}(?:请注意|請注意|注意|您好|你好)?${os}[：:，,]|如果你是${os}(?:一个|一個)?${os}(?:ai|人工智能|大模型|语言模型|語言模型)${os}(?:评审|評審|评估|評估|评分|評分|打分|裁判)`,
    ['致', '写给', '寫給', '评', '評', '审', '審', '考官', '裁判', '阅卷', '閱卷', '如果你是'],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'zh',
    String.raw`(?:给|給|为|為)${os}${ZH_SELF}${os}(?:打|评|評|给|給)?${os}(?:出)?${os}${ZH_TOP}|${ZH_SELF}${os}(?:应该|應該|应当|應當|必须|必須|值得)?${os}(?:得到|获得|獲得|评为|評為|拿到|给予|給予)${os}${ZH_TOP}`,
    ['给', '給', '为', '為', '得到', '获得', '獲得', '评为', '評為', '拿到', '给予', '給予'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'zh',
    String.raw`(?:请|請)?${os}(?:打|给出|給出|给予|給予|直接给|直接給)${os}${ZH_TOP}`,
    ['打', '给', '給'],
  ),
  // Japanese
  phrase(
    'ignore_instructions',
    'attempt',
    'ja',
    String.raw`(?:以前|これまで|上記|前|先ほど|今まで|既存|元|システム)${os}の${os}(?:すべての|全ての)?${os}(?:指示|命令|指令|ルール|プロンプト|ガイドライン)${os}(?:を|は)${os}(?:すべて|全て)?${os}(?:無視|忘れ)`,
    ['無視', '忘れ'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'ja',
    String.raw`${JA_EVAL}(?<=(?:^|[>(\[（【*_\s]|亲爱的|親愛的|尊敬的|各位)(?:ai${os})?${JA_EVAL})${os}(?:の${os}(?:方|皆様|皆さん))?${os}(?:へ|に告ぐ|様|さん|殿)${os}[：:、,。]|${JA_EVAL}${os}への${os}(?:メモ|メッセージ|お願い|注意)|もし${os}あなたが${os}(?:ai|人工知能|言語モデル)${os}(?:の)?${os}(?:評価者|採点者|審査員)`,
    ['評価', '採点', '審査', 'レビュ', '査読', 'もし'],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'ja',
    String.raw`${JA_SELF}${os}(?:に|を|には|は)${os}${JA_TOP}${os}(?:を|で)?${os}(?:つけ|付け|与え|あげ|ください|下さい|評価|採点)|${JA_SELF}${os}(?:は)?${os}${JA_TOP}${os}に${os}(?:値|ふさわしい)`,
    ['この', '本'],
  ),
  phrase(
    'score_manipulation',
    'request',
    'ja',
    String.raw`${JA_TOP}${os}(?:を|で)${os}(?:つけて|付けて|与えて|あげて|評価して|採点して)${os}(?:ください|下さい|ね)?`,
    ['満点', '最高', '点', '星'],
  ),
  // Korean
  phrase(
    'ignore_instructions',
    'attempt',
    'ko',
    String.raw`(?:이전|앞의|위의|기존|모든|시스템)${os}(?:의)?${os}(?:모든)?${os}(?:지시(?:사항)?|지침|명령|규칙|프롬프트|안내)(?:을|를|은|는)?${os}(?:모두|전부)?${os}(?:무시|잊어)`,
    ['무시', '잊어'],
    true,
  ),
  phrase(
    'addresses_evaluator',
    'attempt',
    'ko',
    String.raw`${KO_EVAL}(?<=(?:^|[>(\[（【*_\s]|亲爱的|親愛的|尊敬的|各位)(?:ai${os})?${KO_EVAL})${os}(?:님)?${os}(?:들)?${os}(?:에게|께|께서|들께)?${os}(?:알림|메모|참고|드립니다)?${os}[:：,，]|${KO_EVAL}${os}(?:님)?(?:에게|께)${os}(?:드리는|보내는)${os}(?:메모|메시지|말씀|부탁)|만약${os}당신이${os}(?:ai|인공지능|언어${os}모델)${os}(?:평가자|채점자|심사위원)`,
    ['평가', '채점', '심사', '검토', '리뷰', '만약'],
  ),
  phrase(
    'score_manipulation',
    'self-request',
    'ko',
    String.raw`${KO_SELF}(?:에|에게|을|를|은|는)?${os}${KO_TOP}(?:을|를|으로|로)?${os}(?:주세요|줘|주십시오|부여|매겨|평가|채점)`,
    ['이', '본', '해당'],
  ),
  phrase('score_manipulation', 'request', 'ko', String.raw`${KO_TOP}(?:을|를)${os}(?:주세요|줘|주십시오|부여해|매겨)`, [
    '만점',
    '최고',
    '점',
    '별',
  ]),
];
