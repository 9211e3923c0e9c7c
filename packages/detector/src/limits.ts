/**
 * Bounds that keep the engine's time and memory in check on hostile input. One place, so the
 * engine, the rules and the tests agree.
 */

/** Characters of content the text rules and link detection look at; the rest is ignored. */
export const MAX_ANALYSED_CHARS = 1_000_000;

/** Links found and analysed per input; later links are not reported. */
export const MAX_LINKS = 50;

/** Evidence spans one rule reports at most. */
export const MAX_EVIDENCE_PER_RULE = 20;

/** Characters of one link's text that link detection takes at most. */
export const MAX_LINK_CHARS = 2048;
