/**
 * The characters that change the direction of the text around them without being seen (the
 * Arabic letter mark, left-to-right and right-to-left marks, embeddings, overrides and isolates).
 * Scammers put one in a sender so "Bank\u202Egnp.exe" reads "Bankexe.png".
 */
const DIRECTION_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** What is shown in place of each one: the person sees that something was hidden there. */
export const HIDDEN_MARK = '[hidden character]';

/**
 * `text` as it may be shown: each invisible direction control replaced by {@link HIDDEN_MARK},
 * so a sender reads as it was typed and never as the disguise it was made to look like. The web
 * app shows senders this way, and so does the readable copy of 'Download my data'.
 */
export function revealHidden(text: string): string {
  return text.replace(DIRECTION_CONTROLS, HIDDEN_MARK);
}
