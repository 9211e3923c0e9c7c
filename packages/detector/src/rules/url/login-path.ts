/** A link to a sign-in, verification or payment page: where credentials and card numbers are stolen. */
import type { Span } from '../../types';
import { fact, type LinkRule } from '../types';
import { officialBrandDomain } from './official-brand-domain';
import { wellKnownDomain } from './well-known-domain';

const CREDENTIAL_WORD =
  /(?:^|[^a-z])(log-?in|sign-?in|signon|verify|verification|validate|confirm|unlock|reactivate|password|passcode|credentials?|billing|payment|webscr|authenticate|wallet)(?![a-z])/;

/**
 * Fires when the path or query names a credential or payment step, on a website that is neither
 * well known nor the official site of the brand involved (a bank's own sign-in page is where a
 * person should sign in); the fact is the word.
 */
export const loginPath: LinkRule = {
  scope: 'link',
  id: 'login-path',
  label: 'Link leads to a sign-in, verification or payment page',
  severity: 'medium',
  category: 'credential-page',
  detect(link, ctx): Span[] | null {
    if (link.rest.length < 3) return null;
    const m = CREDENTIAL_WORD.exec(link.rest.length > 1024 ? link.rest.slice(0, 1024) : link.rest);
    if (m === null || m[1] === undefined) return null;
    if (wellKnownDomain.detect(link, ctx) !== null || officialBrandDomain.detect(link, ctx) !== null) return null;
    return [fact(m[1])];
  },
};
