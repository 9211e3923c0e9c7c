/**
 * Whether a message gives the reader something to act on besides its words: a phone number or a
 * short code to call or text, an amount of money, a web address (or words pointing to one), or a
 * keyword to reply with. With its links, and the requests the rules
 * recognise, this is what a scam needs from the reader; a message without any of them (a note
 * from a relative, a greeting) can only be judged by its wording.
 */

import { PHONE } from './rules/intent/lib/words';

/** Characters read: a scam gives its number or price early. */
const READ_CHARS = 4_000;

/**
 * Four or more digits, in one run or split by spaces, dots or dashes (a phone number, a short
 * code such as 7726 or 80086); SpamHunter's masked digits (`XXXX`) count as digits. Each
 * repetition must start with its separator (or be one digit): `(?:[\s-]?X+)*` let a run of X's be
 * cut into groups in exponentially many ways, and "XXXX…X0" (32 X's) held the server for 22 s.
 */
const NUMBER = /(?<![\p{L}\d])(?:\+?\d(?:[\s.-]?\d){3,}|X{3,}(?:[\s-]X+)*)(?![\p{L}\d])/u;

/** A currency sign or code next to a number: $5, 1,91 €, EUR 20, Rp 50.000, R$ 10, 20 zł. */
const AMOUNT =
  /[$£€₹¥₩₽]\s?\d|\d(?:[\d.,]*\d)?\s?(?:[$£€₹¥₩₽]|zł)|\b(?:usd|eur|gbp|inr|rs|rp|idr|mxn|brl|r\$|cop|ars|clp|pen|chf|sek|nok|dkk|pln)\.?\s?\d|\d\s?(?:usd|eur|euros?|gbp|dollars?|pesos?|reais|rupees?|rupiah|rs)\b/i;

/**
 * A web address written out but not parseable as a link: copied or retyped with a space or a lost
 * colon ("http //bit.ly/x", "www. example"); the engine's link finder rightly skips these, but the
 * message still sends the reader to a website.
 */
const BROKEN_LINK = /\bhttps?\s*(?::\s*)?\/\s?\/|\bwww\s?\.\s?[a-z0-9]/i;

/**
 * Words that send the reader to a link: "click", "tap here", "the link", "URL", "enlace", "lien",
 * "clicca", "klik", 点击, 링크, リンク. A copied message often loses its link but keeps the words
 * that point to it.
 */
const LINK_WORDS =
  /(?<![\p{L}\d])(?:click|klik|klikk?en|clic|cliquez|cliquer|clicca|cliccare|klicken|tap\s+here|tippen|toque|toca|enlace|lien|link|liga|tautan|url)(?![\p{L}\d])|点击|點擊|链接|鏈接|网址|網址|클릭|링크|リンク|クリック/iu;

/**
 * An instruction to reply or text a keyword, in capitals: "reply YES", "text STOP", "balas YA",
 * "responde ALTA", "envía GANA", "ketik REG". The keyword is what an automated sender reads.
 */
const REPLY_KEYWORD =
  /(?<![\p{L}\d])(?:reply|text|txt|send|balas|ketik|kirim|responde|responda|contesta|env[ií]a|envie|manda|r[ée]pondez|envoyez|antwoord|stuur|rispondi|invia|antworten\s+sie|senden\s+sie)\s+(?:[\p{L}\d]{1,12}\s+){0,2}?([A-Za-z]{2,10})(?![\p{L}\d])/giu;

/** Keywords that only stop or explain a sender's messages ("Reply STOP to opt out"). */
const OPT_OUT_KEYWORDS: ReadonlySet<string> = new Set(['STOP', 'END', 'QUIT', 'CANCEL', 'UNSUBSCRIBE', 'STOPALL', 'HELP', 'INFO', 'ARRET', 'BAJA', 'PARAR']);

/** True when a reply instruction names a keyword in capitals (opt-out keywords too, unless `exceptOptOut`). */
function asksForReplyKeyword(text: string, exceptOptOut = false): boolean {
  REPLY_KEYWORD.lastIndex = 0;
  for (let m = REPLY_KEYWORD.exec(text), n = 0; m !== null && n < 50; m = REPLY_KEYWORD.exec(text), n++) {
    const word = m[1] ?? '';
    if (word === word.toUpperCase() && !(exceptOptOut && OPT_OUT_KEYWORDS.has(word))) return true;
  }
  return false;
}

/**
 * True when `text` holds a phone number, a short code, an amount of money, a web address, words
 * pointing to a link, or a keyword to reply with.
 */
export function givesNumberAmountOrLink(text: string): boolean {
  const head = typeof text === 'string' ? text.slice(0, READ_CHARS) : '';
  return AMOUNT.test(head) || givesWayToRespond(head);
}

/** An email address to write to (the data's `[EMAIL]` placeholder included). */
const EMAIL_ADDRESS = /[\p{L}\d._%+-]{1,64}@[\p{L}\d-]{1,63}(?:\.[\p{L}\d-]{1,63})+|\[EMAIL\]/u;

/** A file to open: "open the attached file", "see the attachment", "download the document". */
const ATTACHMENT = /\battach(?:ed|ment|ments)\b|\b(?:open|download|view)\s+(?:the\s+)?(?:file|document|doc|invoice|pdf)\b/i;

/** A button's words, where an email's link was ("LOGIN HERE", "Verify now", "Renew here", "Restore now"). */
const BUTTON_WORDS =
  /\b(?:log\s?-?in|sign\s?-?in|verify|validate|restore|renew|update|confirm|re-?activate|activate|unlock|upgrade|cancel\s+de-?activation)\s+(?:here|now|below|today)\b/i;

/** Digits a premium-rate number or a reference runs to, whatever follows ("08700621170150p"). */
const LONG_DIGITS = /\d{7,}/;

/** A phone number to call: eight digits or more in groups (amounts, dates and codes do not qualify). */
const PHONE_NUMBER = new RegExp(PHONE);

/**
 * True when `text` (a message with its links blanked out) gives the reader a way to reach the
 * sender besides its links: a phone number to call, an email address to write to, a file to open,
 * or a keyword to reply with other than an opt-out ("Reply STOP"). Words pointing to the links
 * ("click here", "log in below") point to those links, and order numbers, prices and codes are not
 * a way to reach anyone.
 */
export function givesWayToRespondBesidesLinks(text: string): boolean {
  const head = typeof text === 'string' ? text.slice(0, READ_CHARS) : '';
  return PHONE_NUMBER.test(head) || BROKEN_LINK.test(head) || EMAIL_ADDRESS.test(head) || ATTACHMENT.test(head) || asksForReplyKeyword(head, true);
}

/**
 * True when `text` gives the reader a way to reach the sender or to be reached: a phone number or
 * short code, a web address or words pointing to a link or a button, an email address, a file to
 * open, or a keyword to reply with (a price alone is not one).
 */
export function givesWayToRespond(text: string): boolean {
  const head = typeof text === 'string' ? text.slice(0, READ_CHARS) : '';
  return (
    NUMBER.test(head) ||
    LONG_DIGITS.test(head) ||
    BROKEN_LINK.test(head) ||
    LINK_WORDS.test(head) ||
    EMAIL_ADDRESS.test(head) ||
    ATTACHMENT.test(head) ||
    BUTTON_WORDS.test(head) ||
    asksForReplyKeyword(head)
  );
}
