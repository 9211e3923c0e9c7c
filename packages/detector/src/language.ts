/**
 * A cheap guess of a message's language, to say when the text rules and the text model (made for
 * English) do not cover it. Script ranges first (Devanagari, CJK, Arabic, Cyrillic... are not
 * English); then, for Latin script, the words: how many are common English words against how many
 * are common words of one other language (Spanish, French, German, Portuguese, Italian, Dutch,
 * Indonesian and Malay, Hindi or Urdu written in Latin letters), plus the letters and punctuation
 * English does not use (ñ, ã, ß, ¿). A few foreign words in an English text ("the fiesta at the
 * taco place") do not make it foreign: a language is called only with positive evidence for it.
 * Short texts and codes are 'unknown', and the English rules and model still apply to them.
 * Reads at most {@link LANGUAGE_SAMPLE_CHARS} characters; no allocation beyond the words of that
 * sample.
 */

/** What {@link detectLanguage} returns. */
export interface LanguageGuess {
  /** `en` for English, `other` for another language, `unknown` when the text is too short or mixed to tell. */
  code: 'en' | 'other' | 'unknown';
  /** True when the English text rules and model are meaningful for the text (English or unknown). */
  textRulesApply: boolean;
}

/** Characters of the message the guess reads. */
export const LANGUAGE_SAMPLE_CHARS = 2_000;

/** Below this many letters (outside links) a text is too short to tell. */
const MIN_LETTERS = 12;
/** Below this many words the word shares say little. */
const MIN_WORDS = 4;
/** Share of letters in a non-Latin script above which a text is not English. */
const FOREIGN_SCRIPT_SHARE = 0.3;
/** Share of words that must belong to a language to call it. */
const CALL_SHARE = 0.2;
/** Share of English words under which a text with any foreign evidence is not English. */
const WEAK_ENGLISH = 0.12;

/** Common English words: function words, chat spellings and everyday verbs and nouns of messages. */
const ENGLISH = new Set(
  (
    'the an and or but if of to in on at by for from with about as into onto over under after before is are was were be been being ' +
    'am do does did done doing have has had having i you he she it we they him her us them my your his its our their mine yours ' +
    'this that these those there here what which who whom whose when where why how not yes all any some can could will would shall ' +
    'should may might must just so than then too very also only now please thanks thank hi hello hey dear ok okay u ur im ive ill ' +
    'id youre dont cant wont didnt doesnt isnt wasnt aint lets thats whats theres pls plz lol omg get got gets go goes going gone ' +
    'went come comes coming came send sent call called calling text reply click today tomorrow tonight yesterday new need needs ' +
    'want wants know knew see saw time one two up out back still again good great nice well really much many more most some ' +
    'something anything nothing everything someone anyone every each other our ours make made take took give gave say said said ' +
    'tell told think thought look looking love like home work way day week month year night morning today let sure right just ' +
    'been being would could your youll youve were weve theyre account payment pay paid money bank card order delivery package ' +
    'parcel password code link message number phone email address update verify confirm free win winner prize claim offer ' +
    'customer service please contact sorry miss meet later soon next last first after never always already yet why because ' +
    'though although while until since did does doing should shall here there where when'
  ).split(' '),
);

/**
 * Words of two languages ("no", "me", "te", "a", "die", "was", "come", "son") count for neither:
 * they are as likely in English as in the other language.
 */
const AMBIGUOUS = new Set(
  (
    'a i o e y no me te se si de do di da la le lo el en es et un al as at ne je tu mi ma op men man die was will war also so hat ' +
    'fast gift kind come son pan sale con pro per ok mama papa mom dad bus taxi hotel pizza cafe menu photo video radio internet ' +
    'sms online app wifi email ke ko na to hum main par bat hai ha da'
  ).split(' '),
);

/** Common words of other languages written in Latin letters, by language; English words are removed at load. */
const OTHER_LANGUAGES: Readonly<Record<string, string>> = {
  es:
    'el los las una unos unas y del que por para con su sus lo como pero más mas muy este esta estos estas ese esa eso ' +
    'usted ustedes nosotros hola gracias tus mis son está estás estoy estamos están eres soy somos fue era ser estar hay ' +
    'tengo tienes tiene tenemos quieres quiero puedes puedo puede hacer hago hace voy vas va vamos ir ver vienes viene ' +
    'llego llegó llegar casa mamá papá hijo hija hermano hermana abuela abuelo amigo amiga hoy mañana ayer noche día días ' +
    'bien bueno buena buenos buenas gracias favor cuenta tarjeta banco número mensaje enlace ahora también aquí allí ' +
    'cuando donde dónde qué quién cómo porque porqué pues nada todo todos todas algo alguien mucho mucha poco otro otra ' +
    'siempre nunca ya aún todavía sí ni sin sobre entre hasta desde hacia contra según durante cada mismo misma ' +
    'quieres compre comprar dinero pago pagar datos clave contraseña código cliente estimado estimada servicio gratis ' +
    'te quiero besos saludos cita semana mes año hora horas minutos luego después antes',
  fr:
    'les des du et ou est une pour dans avec sur pas vous nous il elle ce cette ces qui au aux votre vos mon ma mes ' +
    'bonjour merci sont suis es sommes êtes ai as avons avez ont fait faire être avoir va vais allons aller vient ' +
    'chez comme mais donc car très bien bon bonne nuit jour soir matin demain hier aujourd hui maman papa chérie ' +
    'coucou salut bisous oui non rien tout tous toute toutes quelque chose aussi encore déjà toujours jamais ' +
    'je tu il on leur leurs lui eux ici où quand pourquoi comment quoi que qu quel quelle ' +
    'colis compte carte banque numéro lien cliquez confirmer votre vos mot passe code client cher chère madame monsieur ' +
    'rentre prenne pain veux peux peut dois doit faut merci rendez vous semaine heure heures',
  de:
    'der die das und oder ist ein eine einen einem einer dem den des nicht mit von zu auf für sie ich du wir ihr sind bitte ' +
    'danke ihre ihren ihrem hallo auch aber noch nur schon sehr gut guten morgen abend nacht heute gestern bin bist hat ' +
    'haben habe hast wird werden kann kannst können muss müssen soll sollen will wollen mama papa schatz liebe lieber ' +
    'komme kommst kommt kommen gehe gehst geht gehen nach hause zum zur vom beim im ins am um bis bei aus wie was wo wann ' +
    'warum wer wen wem dass ob wenn weil denn doch mal ja nein kein keine keinen nichts alles etwas mein meine meinen dein ' +
    'deine sein seine unser unsere euer eure konto karte bank nummer link paket sendung zahlung gebühr bestätigen ' +
    'sehr geehrte geehrter kunde kundin ihr ihre später etwas gegen abholen bahnhof zug verspätung geburtstag',
  pt:
    'os um uma não nao com para seu sua você voce vocês obrigado obrigada olá ola oi mãe mae pai filho filha casa ' +
    'chego chegar quer quero pode posso fazer vai vou vamos está estou estamos são sou é era ser ter tenho tem temos ' +
    'isso isto esse essa este esta aqui ali muito muita pouco mais menos também tambem já ainda sempre nunca nada tudo ' +
    'bom boa dia noite amanhã amanha hoje ontem beijos beijo abraço abraços pão pao às as dos das no na nos nas pelo pela ' +
    'conta cartão cartao banco número numero mensagem senha código codigo cliente prezado prezada seus suas meu minha ' +
    'almoçar almoco juntos quando onde como porque porquê por favor agora depois antes semana hora horas',
  it:
    'il gli di che è non per una sono ciao grazie della delle dello degli nel nella nei con sul sulla ma anche come più ' +
    'molto bene buono buona buongiorno buonasera notte domani ieri oggi mamma papà casa arrivo arrivi verso otto compro ' +
    'io tu lui lei noi voi loro mio mia tuo tua suo sua nostro vostro questo questa quello quella qui qua dove quando ' +
    'perché cosa chi sei siamo siete ho hai abbiamo avete hanno fare vado vai andiamo vediamo davanti scuola ' +
    'conto carta banca numero codice cliente gentile sua suoi confermare dati entro ore clicca qui',
  nl:
    'het een en van ik je niet op dat zijn met voor uw dank jij wij zij hij ze er naar bij uit om ook maar nog wel ' +
    'al als dan toch zo heel veel goed goede dag nacht morgen vandaag gisteren thuis huis mam pap ben bent is zal zullen ' +
    'kan kunnen moet moeten wil willen heb hebt heeft hebben kom komt komen ga gaat gaan brood meenemen uur acht waar wanneer ' +
    'waarom wat wie hoe geen niets alles iets mijn jouw zijn haar onze jullie hun rekening kaart bank nummer pakket betaling ' +
    'bevestigen geachte klant',
  id:
    'yang dan dari ini itu untuk dengan anda kami tidak ada akan atau pada juga sudah bisa saya kamu aku kita mereka sama ' +
    'lagi belum sekarang segera hanya mau apa kalau tapi karena bagi oleh dalam harus dapat hari selamat terima kasih ' +
    'silakan silahkan sudah sampai nanti besok kemarin rumah ibu bapak mama papa kak adik anak teman yuk ayo dong deh ' +
    'sih nih kok banget juga gak nggak tidak ya iya tolong mohon nomor rekening kartu kode akun hadiah pulsa transfer ' +
    'klik info hubungi balas ketik kirim dapatkan bonus gratis paket ' +
    // shortened and service words of carriers' and banks' texts ("Yth. Pelanggan, nikmati kuota...")
    'yg utk dgn dg dr aja nya kalo pake buat jadi udah dulu kan tp lg jd mulai baru berlaku nikmati pelanggan yth pesan ' +
    'kunjungi pemenang resmi isi ulang kuota cuma telah semua mendapatkan terpilih undian tunai nelpon buruan maaf ' +
    'informasi terbaru tarif layanan pemberitahuan saldo tagihan sisa aktif hingga berikut melalui menjadi',
  hi:
    'hai hain ho hoon hun ka ki kaa kee mein mujhe tujhe aap aapka aapki aapke tum tumhara tumhari tera teri mera meri mere ' +
    'kya kyun kyon kab kahan kaise kaun nahi nahin nhi bhi toh aur lekin yaar bhai behen didi accha acha achha theek thik ' +
    'kar karo karna karein kijiye dijiye raha rahi rahe gaya gayi gaye hoga hogi jayega jaega jaaega wala wali wale abhi ' +
    'kal aaj ghar khana kuch sab bahut bohot ji haan mummy papa ammi abbu humein hamara hamari ye yeh woh wo kripya apna ' +
    'apne apni rupaye paise paisa milte chai peete aaoge puch bana rakhna ke liye baad pehle phir fir jaldi',
};

/** The word lists above, each without English or ambiguous words. */
const OTHER: ReadonlyArray<ReadonlySet<string>> = Object.values(OTHER_LANGUAGES).map(
  (words) => new Set(words.split(' ').filter((w) => w !== '' && !ENGLISH.has(w) && !AMBIGUOUS.has(w))),
);

/** Letters that English writes only in borrowed words: ñ, ã, õ, ç, ß, ä, ö, ü, è, ê, à... */
const FOREIGN_LETTERS = /[ñãõçßäöüèêëàâîïôûùœáíóúåæøł]/i;
/** Punctuation only Spanish writes. */
const SPANISH_PUNCTUATION = /[¿¡]/;

/** True for a code point in a script other than Latin that writes a language (not symbols or emoji). */
function isForeignScript(cp: number): boolean {
  return (
    (cp >= 0x0370 && cp <= 0x03ff) || // Greek
    (cp >= 0x0400 && cp <= 0x052f) || // Cyrillic
    (cp >= 0x0590 && cp <= 0x06ff) || // Hebrew, Arabic
    (cp >= 0x0750 && cp <= 0x077f) || // Arabic supplement
    (cp >= 0x0900 && cp <= 0x0dff) || // Indic scripts (Devanagari ... Sinhala)
    (cp >= 0x0e00 && cp <= 0x0eff) || // Thai, Lao
    (cp >= 0x1000 && cp <= 0x109f) || // Myanmar
    (cp >= 0x10a0 && cp <= 0x10ff) || // Georgian
    (cp >= 0x1100 && cp <= 0x11ff) || // Hangul Jamo
    (cp >= 0x3040 && cp <= 0x30ff) || // Hiragana, Katakana
    (cp >= 0x3400 && cp <= 0x9fff) || // CJK
    (cp >= 0xac00 && cp <= 0xd7af) || // Hangul
    (cp >= 0xfb50 && cp <= 0xfdff) || // Arabic presentation forms
    (cp >= 0xfe70 && cp <= 0xfeff) // Arabic presentation forms B
  );
}

/** True for a Latin letter (ASCII or Latin-1/Extended-A accented). */
function isLatinLetter(cp: number): boolean {
  return (cp >= 0x41 && cp <= 0x5a) || (cp >= 0x61 && cp <= 0x7a) || (cp >= 0xc0 && cp <= 0x24f && cp !== 0xd7 && cp !== 0xf7);
}

/** Links and addresses say nothing about the language. */
const NOT_WORDS = /\b(?:https?:\/\/|www\.)\S*|\S+@\S+|\S+\.(?:com|net|org|co|uk|io|info|xyz|top|ly|gl|me)\S*/gi;
/** A word of Latin letters (apostrophes kept, so "don't" stays one word). */
const WORD = /[a-z\u00c0-\u024f]+(?:['\u2019][a-z\u00c0-\u024f]+)?/gi;

/**
 * Guesses whether `text` is English. Short texts, codes and mixed texts are `unknown` (the English
 * rules and model still apply); text in another script, or whose words are those of another
 * language, is `other`.
 */
export function detectLanguage(text: string): LanguageGuess {
  const sample = (typeof text === 'string' ? text : '').slice(0, LANGUAGE_SAMPLE_CHARS).replace(NOT_WORDS, ' ');
  let latin = 0;
  let foreign = 0;
  for (const ch of sample) {
    const cp = ch.codePointAt(0) ?? 0;
    if (isLatinLetter(cp)) latin++;
    else if (isForeignScript(cp)) foreign++;
  }
  const letters = latin + foreign;
  if (letters > 0 && foreign / letters > FOREIGN_SCRIPT_SHARE && foreign >= 4) return OTHER_LANGUAGE;
  if (letters < MIN_LETTERS) return UNKNOWN;

  let words = 0;
  let en = 0;
  let accented = 0;
  const perLanguage = new Array<number>(OTHER.length).fill(0);
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(sample)) !== null) {
    const w = m[0].toLowerCase().replace('\u2019', "'");
    words++;
    if (AMBIGUOUS.has(w)) continue;
    const bare = w.replace("'", '');
    if (ENGLISH.has(w) || ENGLISH.has(bare)) {
      en++;
      continue;
    }
    let known = false;
    // "aujourd'hui", "l'adresse", "qu'il": the parts around an apostrophe
    for (const part of w.includes("'") ? [bare, ...w.split("'")] : [w]) {
      OTHER.forEach((list, i) => {
        if (list.has(part)) {
          perLanguage[i] = (perLanguage[i] ?? 0) + 1;
          known = true;
        }
      });
      if (known) break;
    }
    if (!known && FOREIGN_LETTERS.test(w)) accented++;
  }
  if (words < MIN_WORDS) return UNKNOWN;
  const enShare = en / words;
  const best = Math.max(...perLanguage);
  const punctuation = SPANISH_PUNCTUATION.test(sample) ? 1 : 0;
  // accented letters back a language's own words; alone (mojibake, a borrowed "café") they count once
  const otherShare = (best + Math.min(accented, best + 1) + punctuation) / words;
  if (otherShare >= CALL_SHARE && otherShare > enShare) return OTHER_LANGUAGE;
  if (otherShare >= CALL_SHARE / 2 && best >= 2 && enShare < WEAK_ENGLISH) return OTHER_LANGUAGE;
  if (enShare >= WEAK_ENGLISH && enShare >= otherShare) return ENGLISH_LANGUAGE;
  return UNKNOWN;
}

const ENGLISH_LANGUAGE: LanguageGuess = Object.freeze({ code: 'en', textRulesApply: true });
const OTHER_LANGUAGE: LanguageGuess = Object.freeze({ code: 'other', textRulesApply: false });
const UNKNOWN: LanguageGuess = Object.freeze({ code: 'unknown', textRulesApply: true });
