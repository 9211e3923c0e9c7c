/** Rules applied to each link: the URL of a URL scan, and every link found in a text. */
import type { LinkRule } from '../types';
import { accountWordsInSubdomain } from './account-words-in-subdomain';
import { accountWordsOnHosting } from './account-words-on-hosting';
import { atSignInUrl } from './at-sign-in-url';
import { brandInPath } from './brand-in-path';
import { brandInSubdomainOfHosting } from './brand-in-subdomain-of-hosting';
import { brandOutsideDomain } from './brand-outside-domain';
import { cmsInternalsPath } from './cms-internals-path';
import { dataUri } from './data-uri';
import { embeddedDomain } from './embedded-domain';
import { freeHosting } from './free-hosting';
import { generatedNameOnHosting } from './generated-name-on-hosting';
import { hashFolderPath } from './hash-folder-path';
import { homoglyphHost } from './homoglyph-host';
import { ipHost } from './ip-host';
import { ipfsLink } from './ipfs-link';
import { knownPhishingHost } from './known-phishing-host';
import { knownPhishingUrl } from './known-phishing-url';
import { loginPath } from './login-path';
import { longOrEncodedUrl } from './long-or-encoded-url';
import { manySubdomains } from './many-subdomains';
import { newDomain } from './new-domain';
import { oddPort } from './odd-port';
import { officialBrandDomain } from './official-brand-domain';
import { punycodeHost } from './punycode-host';
import { randomLookingHost } from './random-looking-host';
import { riskyTld } from './risky-tld';
import { typosquatDomain } from './typosquat-domain';
import { urlShortener } from './url-shortener';
import { shortenerShape } from './shortener-shape';
import { wellKnownDomain } from './well-known-domain';

/** Link rules: risk rules first, then the trust rules (`polarity: 'trust'`). */
export const URL_RULES: readonly LinkRule[] = [
  knownPhishingHost,
  knownPhishingUrl,
  newDomain,
  ipHost,
  atSignInUrl,
  dataUri,
  brandOutsideDomain,
  typosquatDomain,
  homoglyphHost,
  brandInSubdomainOfHosting,
  accountWordsOnHosting,
  accountWordsInSubdomain,
  generatedNameOnHosting,
  embeddedDomain,
  brandInPath,
  cmsInternalsPath,
  hashFolderPath,
  punycodeHost,
  ipfsLink,
  urlShortener,
  shortenerShape,
  freeHosting,
  manySubdomains,
  oddPort,
  riskyTld,
  randomLookingHost,
  longOrEncodedUrl,
  loginPath,
  wellKnownDomain,
  officialBrandDomain,
];
