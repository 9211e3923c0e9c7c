const HTTP_LINK = /\bhttps?:\/\/[^\s<>"'`]+/i;
const TRAILING_PUNCTUATION = /[.,;:!?)\]}>'"]+$/;

/**
 * The first http(s) link in `text`, without the sentence punctuation that often follows it, or
 * null when there is none. Only links starting with http count (spec section 2).
 */
export function findFirstHttpLink(text: string): string | null {
  const match = HTTP_LINK.exec(text);
  if (!match) return null;
  let link = match[0];
  // Keep a closing bracket that belongs to the link, e.g. wiki/Foo_(bar).
  while (TRAILING_PUNCTUATION.test(link)) {
    const last = link[link.length - 1]!;
    if (last === ')' && (link.match(/\(/g)?.length ?? 0) >= (link.match(/\)/g)?.length ?? 0)) break;
    link = link.slice(0, -1);
  }
  return /^https?:\/\/[^/]/i.test(link) ? link : null;
}
