/**
 * Closed-class words (articles, prepositions, pronouns, auxiliaries, conjunctions) of the common Latin-script
 * languages. Every natural language spends a large share of its running text on such words; a list of
 * keywords, dictionary words or lorem ipsum hardly uses them. A skill is measured against the language whose
 * list covers the most of its prose, so a skill written in Spanish is not read as English salad.
 */
const LISTS: Readonly<Record<string, string>> = {
  english:
    'a an the and or but nor so yet if then than because while although though unless until since as of to in ' +
    'on at by ' +
    'for from with without within into onto upon about above below over under between among through during ' +
    'before after ' +
    'against across along around behind beyond near off out up down via per is are was were be been being am do ' +
    'does did ' +
    "doing done have has had having can could will would shall should may might must not no it its it's this " +
    'that these ' +
    'those there here which who whom whose what when where why how i me my we us our you your he him his she ' +
    'her they ' +
    'them their all any each every some such both either neither other another more most much many few less only own ' +
    "same just also very too again once even still well don't doesn't isn't aren't can't won't whether",
  spanish:
    'de la que el en y a los se del las un por con no una su para es al lo como más pero sus le ya o este ' +
    'porque esta ' +
    'entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni contra ' +
    'otros ese ' +
    'eso ante ellos e esto antes algunos qué unos yo otro otras otra él tanto esa estos mucho nada muchos cual ' +
    'poco ella ' +
    'estar estas algunas algo mi mis tu tus te está están ser son fue era si',
  french:
    'de la le et les des en un une du que qui est pas pour dans ce il au sur ne se plus par avec son sa ses à a ' +
    'ou mais ' +
    'comme on tout nous vous je elle ils elles leur leurs cette ces aux y été être avoir sont était fait si ont ' +
    'aussi ' +
    'sans sous même entre l d qu n s c j lorsque quand',
  german:
    'der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es an werden aus er ' +
    'hat dass ' +
    'sie nach wird bei einer um am sind noch wie einem über einen so zum war haben nur oder aber vor zur bis ' +
    'mehr durch ' +
    'man sein wurde sei kann wenn ich du wir ihr diese dieser dieses kein keine',
  portuguese:
    'de a o que e do da em um para é com não uma os no se na por mais as dos como mas foi ao ele das tem à seu ' +
    'sua ou ser ' +
    'quando muito há nos já está eu também só pelo pela até isso ela entre era depois sem mesmo aos ter seus ' +
    'quem nas me ' +
    'esse eles estão você este esta',
  italian:
    'di e il la che è per un in del non una sono le si con i da al lo della dei gli come ma più nel alla ha anche se ' +
    'questo ci ne o suo sua quando io tu noi voi loro essere stato era molto delle degli nella sul sulla questa',
  dutch:
    'de en van het een in is dat op te zijn met voor niet aan er om ook als dan maar bij of uit nog door naar ' +
    'kan wordt ' +
    'worden die wat wij ik je hij zij we deze dit geen',
  swedish:
    'och i att det som en på är av för med till den har de inte om ett han men var jag sig från vi så kan man ' +
    'när hon ' +
    'under också efter eller nu sin där vid mot ska skulle kommer ut får finns vara hade alla andra mycket än här då ' +
    'sedan över bara in blir upp även vad hur mer detta',
  polish:
    'i w nie na się z do to że jest o jak ale po co tak za od a ze czy przez dla tylko już jego być może są jej ' +
    'ich oraz ' +
    'gdy który która które jeśli lub też przy jako bardzo jednak',
  czech:
    'a v se na je že s z do o to k i ve ale jako za by pro jsou tak po jak který která které nebo co ještě už ' +
    'jsem jeho od ' +
    'jen když také bude byl být jsme',
  turkish:
    've bir bu da de için ile çok daha gibi olarak ama ne o en kadar sonra var yok mi ise her şey olan ya veya ' +
    'değil ki ' +
    'bu şu ben sen biz siz onlar',
  indonesian:
    'yang dan di ini itu dengan untuk tidak dari dalam akan pada juga ke ada bisa atau karena oleh saya kita ' +
    'anda sudah ' +
    'jika sebagai lebih harus adalah telah',
  vietnamese:
    'và của là có được trong cho không các những với một này để khi đã thì từ như cũng ra đến về sẽ nếu tôi bạn chúng',
};

export const LANGUAGES: readonly string[] = Object.freeze(Object.keys(LISTS));

/**
 * word -> bit mask of the languages (LANGUAGES order) that list it: one lookup per word, whatever the language count.
 */
export const FUNCTION_WORD_LANGUAGES: ReadonlyMap<string, number> = (() => {
  const map = new Map<string, number>();
  LANGUAGES.forEach((lang, bit) => {
    for (const w of LISTS[lang]!.split(' ')) map.set(w, (map.get(w) ?? 0) | (1 << bit));
  });
  return map;
})();

/** English words that cannot follow "the" or "an": prepositions, conjunctions, pronouns, auxiliaries, articles. */
export const CANNOT_FOLLOW_ARTICLE: ReadonlySet<string> = new Set(
  (
    'the a an of to in on at by for from with into onto upon about as than and or but nor if because while although ' +
    'unless i me you he him she we us they them it is are was were be been am do does did can could will would shall ' +
    'should may might must has have had not'
  ).split(' '),
);
