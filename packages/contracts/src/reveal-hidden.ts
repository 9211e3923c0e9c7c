/**
 * Characters that are there without being seen:
 * - those that change the direction of the text around them (the Arabic letter mark,
 *   left-to-right and right-to-left marks, embeddings, overrides and isolates): scammers put one
 *   in a sender so "Bank\u202Egnp.exe" reads "Bankexe.png";
 * - those that take no room or look like nothing (zero-width space, word joiner and the
 *   invisible operators, byte-order mark, soft hyphen, Mongolian vowel separator, the Hangul
 *   fillers): "paypal\u200B.com" reads "paypal.com" and is not it (the attack review).
 * The zero-width joiner and non-joiner stay: emoji ("👩‍👧") and several scripts need them.
 */
const HIDDEN_CHARACTERS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\u200B\u2060-\u2064\uFEFF\u00AD\u180E\u115F\u1160\u3164\uFFA0]/g;

/** What is shown in place of each one: the person sees that something was hidden there. */
export const HIDDEN_MARK = '[hidden character]';

/**
 * `text` as it may be shown: each invisible character ({@link HIDDEN_CHARACTERS}) replaced by {@link HIDDEN_MARK},
 * so a sender reads as it was typed and never as the disguise it was made to look like. The web
 * app shows senders this way, and so does the readable copy of 'Download my data'.
 */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN_CHARACTERS, HIDDEN_MARK);
}
