/** A familiar domain written in front of the real one: "usps.com-tracking.top", "chase.com.secure-logon.info", "ezpassny-com.pay.top". */
import { fact, type LinkRule } from '../types';

/** `.com`, `.org`... followed by a dot or a hyphen, or a hyphenated "-com" label end, before the real suffix. */
const EMBEDDED = /(?:^|[.-])[a-z0-9][a-z0-9-]*[.-](co\.uk|gov\.uk|com|net|org|gov|edu)(?=[.-]|$)/;

/**
 * Fires when the part of the host before its public suffix contains a domain-looking piece such
 * as `name.com.` or `name.com-` or `name-com.`: the host starts like a familiar address and goes
 * somewhere else. Fact: the embedded piece.
 */
export const embeddedDomain: LinkRule = {
  scope: 'link',
  id: 'embedded-domain',
  label: "Link starts with a familiar website's address but goes to a different website",
  severity: 'high',
  category: 'obfuscated-url',
  detect(link) {
    const host = link.host;
    const suffix = link.publicSuffix;
    if (host === null || suffix === null || link.isIp || host.length > 253) return null;
    const before = host.slice(0, host.length - suffix.length - 1).replace(/^www\./, '');
    const m = EMBEDDED.exec(before);
    if (m === null) return null;
    const piece = m[0].replace(/^[.-]/, '');
    return [fact(piece)];
  },
};
