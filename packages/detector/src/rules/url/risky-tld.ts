/** A link on a top-level domain that abuse reports name as heavily used for phishing (".top", ".xyz", ".icu"...). */
import { RISKY_TLDS } from '../../data/risky-tlds';
import { fact, type LinkRule } from '../types';

/**
 * Fires when the host's public suffix, or its last label, is on the risky-TLD list
 * (`data/risky-tlds.ts`) with the `high` tier. Medium: with nothing else it does not make a
 * warning (many sites on these TLDs are harmless), but it adds up with the host model and other
 * signs; the data put its weight at the medium cap. Fact: the TLD.
 */
export const riskyTld: LinkRule = {
  scope: 'link',
  id: 'risky-tld',
  label: 'Link uses a domain ending often used by scam websites',
  severity: 'medium',
  category: 'risky-tld',
  detect(link) {
    const suffix = link.publicSuffix;
    if (suffix === null || link.isIp) return null;
    const last = suffix.slice(suffix.lastIndexOf('.') + 1);
    const key = RISKY_TLDS.has(suffix) ? suffix : last;
    return RISKY_TLDS.get(key) === 'high' ? [fact(`.${key}`)] : null;
  },
};
