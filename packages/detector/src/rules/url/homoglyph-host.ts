/** Look-alike letters from other alphabets in a host: "pаypal.com" with a Cyrillic "а", "аррӏе.com" written all in Cyrillic. */
import { hasConfusableChar, skeleton } from '../../data/confusables';
import { unicodeHost } from '../../links';
import { fact, type LinkRule } from '../types';

const LATIN = /[a-z]/;
const OTHER_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}]/u;
const NON_ASCII = /[^\x00-\x7f]/;
const ASCII_LETTERS = /^[a-z0-9-]+$/;

/**
 * Fires when a label of the host, decoded from punycode, mixes Latin letters with letters of
 * another alphabet that imitate them, or is written wholly in look-alike letters so that it reads
 * as a Latin name ("аррӏе" reads "apple"). International names in one script (bücher.de,
 * пример.рф) stay quiet. Facts: the host as a person sees it and the name it reads as.
 */
export const homoglyphHost: LinkRule = {
  scope: 'link',
  id: 'homoglyph-host',
  label: 'Link uses look-alike letters from another alphabet in its address',
  severity: 'high',
  category: 'lookalike-domain',
  detect(link) {
    if (link.host === null || link.isIp) return null;
    const shown = unicodeHost(link.host);
    if (!NON_ASCII.test(shown)) return null;
    for (const label of shown.split('.')) {
      if (!NON_ASCII.test(label) || !hasConfusableChar(label)) continue;
      const mixed = LATIN.test(label) && OTHER_SCRIPT.test(label);
      const reads = skeleton(label);
      const wholeLookalike = OTHER_SCRIPT.test(label) && ASCII_LETTERS.test(reads);
      if (mixed || wholeLookalike) return [fact(shown), fact(shown.split('.').map((l) => (NON_ASCII.test(l) ? skeleton(l) : l)).join('.'))];
    }
    return null;
  },
};
