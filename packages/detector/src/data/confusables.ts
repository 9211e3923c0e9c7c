/**
 * Characters and letter pairs that imitate Latin letters in a host name, and the "skeleton" of a
 * name: what it looks like once every imitation is read as the letter it imitates
 * ("раураl" → "paypal", "paypa1" → "paypal", "rnicrosoft" → "microsoft"). A compact subset of
 * Unicode's confusables (UTS #39) for the scripts phishing uses: Cyrillic, Greek, Armenian,
 * Latin letters with marks, full-width forms, and digits read as letters.
 */

/** Single characters that imitate a Latin letter, mapped to that letter. */
export const CONFUSABLE_CHARS: Readonly<Record<string, string>> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ԁ: 'd', ѕ: 's', ӏ: 'l', һ: 'h', ԛ: 'q', ԝ: 'w', ү: 'y', ɡ: 'g', ь: 'b', ո: 'n',
  // Armenian
  ս: 'u', օ: 'o', հ: 'h', զ: 'q', ց: 'g',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ω: 'w', γ: 'y',
  // Latin with marks and look-alike Latin letters
  á: 'a', à: 'a', â: 'a', ä: 'a', ã: 'a', å: 'a', ā: 'a', ą: 'a', ç: 'c', ć: 'c', č: 'c', ď: 'd', đ: 'd',
  é: 'e', è: 'e', ê: 'e', ë: 'e', ē: 'e', ė: 'e', ę: 'e', ě: 'e', ğ: 'g', ġ: 'g', ħ: 'h',
  í: 'i', ì: 'i', î: 'i', ï: 'i', ī: 'i', į: 'i', ı: 'i', ķ: 'k', ĺ: 'l', ļ: 'l', ľ: 'l', ł: 'l',
  ñ: 'n', ń: 'n', ņ: 'n', ň: 'n', ó: 'o', ò: 'o', ô: 'o', ö: 'o', õ: 'o', ø: 'o', ō: 'o', ő: 'o',
  ŕ: 'r', ř: 'r', ś: 's', ş: 's', š: 's', ș: 's', ţ: 't', ť: 't', ț: 't',
  ú: 'u', ù: 'u', û: 'u', ü: 'u', ū: 'u', ů: 'u', ű: 'u', ų: 'u', ý: 'y', ÿ: 'y', ź: 'z', ż: 'z', ž: 'z',
  ȧ: 'a', ạ: 'a', ả: 'a', ǎ: 'a', ḃ: 'b', ċ: 'c', ḋ: 'd', ḍ: 'd', ẹ: 'e', ḟ: 'f', ḣ: 'h', ị: 'i', ǐ: 'i',
  ḳ: 'k', ḷ: 'l', ṁ: 'm', ṅ: 'n', ṇ: 'n', ọ: 'o', ȯ: 'o', ǒ: 'o', ṗ: 'p', ṙ: 'r', ṡ: 's', ṣ: 's', ṫ: 't', ṭ: 't',
  ụ: 'u', ǔ: 'u', ṿ: 'v', ẇ: 'w', ẋ: 'x', ẏ: 'y', ỳ: 'y', ẓ: 'z',
  ɑ: 'a', ɩ: 'i', ɪ: 'i', ʟ: 'l', ɴ: 'n', ʀ: 'r', ꜱ: 's', ᴠ: 'v', ᴡ: 'w', ᴢ: 'z', ⅼ: 'l', ⅰ: 'i',
};

/** Digits and signs read as letters ("paypa1", "m1crosoft", "g00gle", "amaz0n"). */
export const DIGIT_LOOKALIKES: Readonly<Record<string, string>> = { '0': 'o', '1': 'l', '3': 'e', '4': 'a', '5': 's', '7': 't', '8': 'b', '$': 's' };

/** Letter pairs that read as one letter at a glance. */
export const LETTER_PAIRS: readonly (readonly [pair: string, letter: string])[] = [
  ['rn', 'm'],
  ['vv', 'w'],
  ['cl', 'd'],
];

const CHAR_RE = new RegExp(`[${Object.keys(CONFUSABLE_CHARS).join('')}]`, 'gu');
const FULLWIDTH_RE = /[\uff01-\uff5e]/g;
const DIGIT_RE = /[0134578$]/g;
const NON_ASCII_RE = /[^\x00-\x7f]/;
/** Combining marks: "gogl̴e" and "coinbȧse" read as "gogle" and "coinbase" once they are gone. */
const MARKS_RE = /\p{M}/gu;

/** Folds look-alike characters (not digits) to the Latin letters they imitate; full-width forms to ASCII. */
export function foldConfusableChars(s: string): string {
  if (!NON_ASCII_RE.test(s)) return s;
  return s
    .replace(FULLWIDTH_RE, (c) => String.fromCharCode((c.codePointAt(0) as number) - 0xfee0))
    .toLowerCase()
    .replace(CHAR_RE, (c) => CONFUSABLE_CHARS[c] ?? c)
    .normalize('NFD')
    .replace(MARKS_RE, '');
}

/** True when `s` has a character that imitates a Latin letter (not counting digits). */
export function hasConfusableChar(s: string): boolean {
  CHAR_RE.lastIndex = 0;
  const found = NON_ASCII_RE.test(s) && CHAR_RE.test(s);
  CHAR_RE.lastIndex = 0;
  return found;
}

/**
 * The skeleton of a name: look-alike characters folded, digits read as letters, and `rn`, `vv`
 * read as `m`, `w`. Two names with the same skeleton look alike. (`cl`→`d` is left to
 * {@link LETTER_PAIRS} users: it is too common in ordinary words to fold always.)
 */
export function skeleton(s: string): string {
  let out = foldConfusableChars(s.toLowerCase());
  if (/[0134578$]/.test(out)) out = out.replace(DIGIT_RE, (c) => DIGIT_LOOKALIKES[c] ?? c);
  if (out.includes('rn') || out.includes('vv')) out = out.replace(/rn/g, 'm').replace(/vv/g, 'w');
  return out;
}
