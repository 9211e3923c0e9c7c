/** A link to a sign-in, verification or payment page: where credentials and card numbers are stolen. */
import type { Span } from '../../types';
import { fact, type LinkRule } from '../types';

const CREDENTIAL_WORD =
  /(?:^|[^a-z])(log-?in|sign-?in|signon|verify|verification|validate|confirm|unlock|reactivate|password|passcode|credentials?|billing|payment|webscr|authenticate|wallet)(?![a-z])/;

/** Fires when the path or query names a credential or payment step; the fact is the word. */
export const loginPath: LinkRule = {
  scope: 'link',
  id: 'login-path',
  label: 'Link leads to a sign-in, verification or payment page',
  severity: 'low',
  category: 'credential-page',
  detect(link): Span[] | null {
    if (link.rest.length < 3) return null;
    const m = CREDENTIAL_WORD.exec(link.rest.length > 1024 ? link.rest.slice(0, 1024) : link.rest);
    return m === null || m[1] === undefined ? null : [fact(m[1])];
  },
};
