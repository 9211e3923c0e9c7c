/**
 * An email whose replies go somewhere else than its sender: "From: PayPal <service@paypal.com>"
 * with "Reply-To: paypal.refunds@gmail.com". Spoofing the From address gets the email trusted;
 * the Reply-To is where the scammer actually reads the answers.
 */
import { parse } from 'tldts';
import { isOfficialDomain } from '../../brand-match';
import { BRANDS } from '../../data/brands';
import { FREE_MAIL_DOMAINS } from '../../data/free-mail';
import { fact, type MessageRule } from '../types';

/** Reply-To addresses looked at. */
const MAX_REPLY_TO = 10;

/** The domain of an address, lower-case, or '' when it has none. */
function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at === -1 ? '' : address.slice(at + 1).trim().toLowerCase().replace(/\.$/, '');
}

/** The registrable domain of `domain` (public-suffix list), or the domain itself when the suffix is unknown. */
function registrableOf(domain: string): string {
  const info = parse(domain, { allowPrivateDomains: true, extractHostname: false });
  return (info.isIcann === true || info.isPrivate === true) && info.domain !== null ? info.domain : domain;
}

/** True when both domains are official domains of one brand (google.com and gmail.com, microsoft.com and outlook.com). */
function sameBrand(a: string, b: string): boolean {
  return BRANDS.some((brand) => isOfficialDomain(brand, a) && isOfficialDomain(brand, b));
}

/**
 * Fires when a Reply-To address (`options.intel.emailAuth.replyTo`) is on another registrable
 * domain than the From address, unless both domains are the same brand's. A reply going to a free
 * mailbox while the From is a company's is the strong case and is reported first. Facts: the
 * Reply-To address and the From domain.
 */
export const replyToMismatch: MessageRule = {
  scope: 'message',
  id: 'reply-to-mismatch',
  label: "Replies would go to a different address than the sender's",
  severity: 'medium',
  kinds: ['text'],
  detect(ctx) {
    const auth: unknown = ctx.options.intel?.emailAuth;
    if (auth === null || typeof auth !== 'object') return [];
    const { fromDomain, replyTo } = auth as Record<string, unknown>;
    if (typeof fromDomain !== 'string' || !Array.isArray(replyTo)) return [];
    const from = fromDomain.trim().toLowerCase().replace(/\.$/, '');
    if (from === '') return [];
    const fromReg = registrableOf(from);
    const fromFree = FREE_MAIL_DOMAINS.has(fromReg);
    let found: { address: string; strong: boolean } | null = null;
    for (const raw of replyTo.slice(0, MAX_REPLY_TO)) {
      if (typeof raw !== 'string') continue;
      const address = raw.trim();
      const domain = domainOf(address);
      if (domain === '') continue;
      const reg = registrableOf(domain);
      if (reg === fromReg || sameBrand(from, domain)) continue;
      const strong = !fromFree && FREE_MAIL_DOMAINS.has(reg);
      if (found === null || (strong && !found.strong)) found = { address, strong };
    }
    return found === null ? [] : [fact(found.address), fact(from)];
  },
};
