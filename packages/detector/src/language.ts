/**
 * A cheap guess of a message's language, to say when the text rules (written for English) do not
 * cover it. Script ranges first (Devanagari, CJK, Arabic, Cyrillic... are not English), then the
 * share of English function words against those of other Latin-script languages. Short texts and
 * codes are 'unknown', and the text rules still apply to them. Reads at most
 * {@link LANGUAGE_SAMPLE_CHARS} characters; no allocation beyond the words of that sample.
 */

/** What {@link detectLanguage} returns. */
export interface LanguageGuess {
  /** `en` for English, `other` for another language, `unknown` when the text is too short or mixed to tell. */
  code: 'en' | 'other' | 'unknown';
  /** True when the English text rules are meaningful for the text (English or unknown). */
  textRulesApply: boolean;
}

/** Characters of the message the guess reads. */
export const LANGUAGE_SAMPLE_CHARS = 2_000;

/** Below this many letters (outside links) a text is too short to tell. */
const MIN_LETTERS = 12;
/** Below this many words the stop-word ratios say little. */
const MIN_WORDS = 4;
/** Share of letters in a non-Latin script above which a text is not English. */
const FOREIGN_SCRIPT_SHARE = 0.3;
/** Share of words that must be function words of a language to call it. */
const STOP_SHARE = 0.12;

const ENGLISH = new Set(
  (
    'the a an and or but if of to in on at by for from with about as into is are was were be been being am do does did done have has had ' +
    'i you he she it we they me him her us them my your his its our their this that these those there here what which who whom whose when where why how ' +
    'not no yes all any some can could will would shall should may might must just so than then too very also only now please ' +
    'thanks thank hi hello hey dear ok okay u ur im dont cant wont pls plz lol get got go going come send call text reply click ' +
    'today tomorrow now new need want know see time one up out back still'
  ).split(' '),
);

/** Short words that are also Singlish, Hinglish or chat particles ("ok lah", "he noes la", "jana hai ke"). */
const AMBIGUOUS = new Set(['la', 'le', 'lo', 'ma', 'di', 'ke', 'o', 'e', 'je', 'te', 'op', 'ne', 'al', 'se', 'es', 'mi', 'tu']);

const OTHER = new Set(
  (
    // Spanish
    'el la los las un una unos unas y o de del que en es por para con su sus se lo al como pero más mas muy este esta estos ' +
    'usted ustedes nosotros hola gracias tu tus mi mis son está esta favor cuenta ' +
    // French
    'le les des du et ou est une pour dans avec sur pas vous nous je il elle ce cette ces qui au aux votre vos mon ma mes bonjour merci sont ' +
    // German
    'der die das und oder ist ein eine einen dem den nicht mit von zu auf für sie ich du wir ihr sind bitte danke ihre ihren hallo auch ' +
    // Portuguese, Italian
    'o os um uma não nao com para seu sua você voce obrigado olá il lo gli di che è non per una sono ciao grazie ' +
    // Dutch
    'het een en van ik je niet op te dat zijn met voor u uw dank ' +
    // Indonesian / Malay
    'dan yang di ke dari ini itu untuk dengan anda kami tidak ada akan atau pada juga sudah bisa'
  ).split(' ').filter((w) => !ENGLISH.has(w) && !AMBIGUOUS.has(w)),
);

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
const WORD = /[a-z\u00c0-\u024f]+(?:['\u2019][a-z]+)?/gi;

/**
 * Guesses whether `text` is English. Short texts, codes and mixed texts are `unknown` (text rules
 * still apply); text in another script or with the function words of another language is `other`.
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
  if (letters > 0 && foreign / letters > FOREIGN_SCRIPT_SHARE && foreign >= 4) return { code: 'other', textRulesApply: false };
  if (letters < MIN_LETTERS) return unknown();

  let words = 0;
  let en = 0;
  let other = 0;
  WORD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = WORD.exec(sample)) !== null) {
    const w = m[0].toLowerCase().replace('\u2019', "'");
    words++;
    if (ENGLISH.has(w) || ENGLISH.has(w.replace("'", ''))) en++;
    else if (OTHER.has(w)) other++;
  }
  if (words < MIN_WORDS) return unknown();
  const enShare = en / words;
  const otherShare = other / words;
  if (otherShare >= STOP_SHARE && otherShare > enShare) return { code: 'other', textRulesApply: false };
  if (enShare >= STOP_SHARE && enShare >= otherShare) return { code: 'en', textRulesApply: true };
  return unknown();
}

function unknown(): LanguageGuess {
  return { code: 'unknown', textRulesApply: true };
}
