/** An email from a domain that imitates a brand's or a popular site's: "account@amaz0n-account-verify.com", "support@steamcommunnity.com". */
import { brandsInHost, lookalikeDomain } from '../../brand-match';
import { FREE_MAIL_DOMAINS } from '../../data/free-mail';
import { WELL_KNOWN_DOMAINS } from '../../data/well-known';
import { parseLink } from '../../links';
import { parseSender } from '../../sender';
import { fact, type MessageRule } from '../types';

const isWellKnown = (domain: string): boolean => WELL_KNOWN_DOMAINS.has(domain);

/**
 * Fires when the sender's email domain is a look-alike of a brand's or well-known domain
 * (`lookalikeDomain`: look-alike characters, one typing change) or carries a brand's name without
 * being the brand's ("chaseonline-security.com"). Well-known and free-mail domains never count.
 * Facts: the imitated domain or brand, and the sender's domain.
 */
export const lookalikeSenderDomain: MessageRule = {
  scope: 'message',
  id: 'lookalike-sender-domain',
  label: "Sender's address imitates a well-known company's address",
  severity: 'high',
  kinds: ['text', 'url'],
  detect(ctx) {
    const sender = parseSender(ctx.input.sender);
    if (sender === null || (sender.kind !== 'email' && sender.kind !== 'domain')) return [];
    const reg = sender.registrableDomain;
    if (reg === null || FREE_MAIL_DOMAINS.has(reg) || WELL_KNOWN_DOMAINS.has(reg)) return [];
    const link = parseLink(`http://${sender.domain}/`, 0);
    const look = lookalikeDomain(link, isWellKnown);
    if (look !== null) return [fact(look.target), fact(sender.domain)];
    const brands = brandsInHost(link);
    return brands.length === 0 ? [] : [fact(brands[0]?.name ?? ''), fact(sender.domain)];
  },
};
