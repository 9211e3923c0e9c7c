/** Sign-in or account words strung together in a subdomain of an unrelated site: "secure-login-verify.example.com", "recover-account-x.shop.net". */
import { officialBrandOfHost } from '../../brand-match';
import { hostingPlatformOf } from '../../data/hosting-platforms';
import { WELL_KNOWN_DOMAINS } from '../../data/well-known';
import { subdomainOf } from '../../links';
import { fact, type LinkRule } from '../types';

/**
 * Words of a sign-in, verification, recovery or payment page. `auth` only as a whole part of a
 * label ("auth-sso", not "author"); not "support", "help", "online" or "banking": ordinary sites
 * name their own subdomains so (support.example.com, online.examplecu.org).
 */
const ACCOUNT_WORD =
  /log-?in|loggin|logon|sign-?in|signon|passw(?:or)?d|passcode|verif(?:y|ication)|validat(?:e|ion)|secure|account|unlock|recover|wallet|billing|webmail|airdrop|giveaway|(?:^|[.-])auth(?:[.-]|$)|authenticat|update|confirm|invoice|payment|suspend|restore|reactivat|unusual|limited|refund|claim|reward/g;

/** A subdomain longer than this, or with this many hyphenated parts, is a sentence, not a service name. */
const LONG_SUBDOMAIN = 20;
const MANY_PARTS = 3;

/**
 * Fires when the subdomain part of a host (in front of its registrable domain, `www` aside) holds
 * two different account words ("secure-login", "accountverify.update"), or one in a long,
 * many-part or numbered subdomain ("help-center-account-93814"), on a domain that is neither well
 * known, nor a brand's own, nor a hosting platform (`account-words-on-hosting` covers those).
 * A site names its own sign-in page "login.example.com", one word; a phishing kit on a hacked or
 * throwaway domain strings the lure together in front of it. In the data: 2,000 phishing hosts,
 * no legitimate one. Facts: the words.
 */
export const accountWordsInSubdomain: LinkRule = {
  scope: 'link',
  id: 'account-words-in-subdomain',
  label: 'Link strings sign-in or account words together in front of an unrelated website',
  severity: 'medium',
  category: 'credential-page',
  detect(link) {
    const sub = subdomainOf(link).slice(0, 253);
    if (sub === '' || link.isIp || link.host === null || link.registrableDomain === null) return null;
    if (WELL_KNOWN_DOMAINS.has(link.registrableDomain) || hostingPlatformOf(link.host, link.rest) !== null || officialBrandOfHost(link) !== null) return null;
    const words = [...new Set((sub.match(ACCOUNT_WORD) ?? []).map((w) => w.replace(/[.-]/g, '')))];
    if (words.length === 0) return null;
    const sentence = sub.length > LONG_SUBDOMAIN || sub.split(/[.-]/).length >= MANY_PARTS || /\d{3}/.test(sub);
    return words.length >= 2 || sentence ? words.slice(0, 3).map((w) => fact(w)) : null;
  },
};
