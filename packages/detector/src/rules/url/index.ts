/** Rules applied to each link: the URL of a URL scan, and every link found in a text. */
import type { LinkRule } from '../types';
import { atSignInUrl } from './at-sign-in-url';
import { brandInPath } from './brand-in-path';
import { brandOutsideDomain } from './brand-outside-domain';
import { ipHost } from './ip-host';
import { knownPhishingHost } from './known-phishing-host';
import { loginPath } from './login-path';
import { punycodeHost } from './punycode-host';
import { urlShortener } from './url-shortener';

/** Link rules. */
export const URL_RULES: readonly LinkRule[] = [knownPhishingHost, ipHost, atSignInUrl, brandOutsideDomain, brandInPath, punycodeHost, urlShortener, loginPath];
