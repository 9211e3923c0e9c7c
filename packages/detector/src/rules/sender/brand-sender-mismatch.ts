/** An email whose sender name claims a brand ("PayPal <service@intl-paypal.com>") but whose address is not on the brand's domains. */
import { brandClaimedBy, isOfficialDomain } from '../../brand-match';
import { FREE_MAIL_DOMAINS } from '../../data/free-mail';
import { parseSender } from '../../sender';
import { fact, type MessageRule } from '../types';

/**
 * Fires when an email sender's display name or local part claims a brand (`brandClaimedBy`) and
 * the address's domain is not one of that brand's official domains. Free-mail addresses are
 * `free-mail-brand`'s. Facts: the brand and the domain it really came from.
 */
export const brandSenderMismatch: MessageRule = {
  scope: 'message',
  id: 'brand-sender-mismatch',
  label: 'Sender claims to be a company but writes from an address that is not the company’s',
  severity: 'high',
  kinds: ['text', 'url'],
  detect(ctx) {
    const sender = parseSender(ctx.input.sender);
    if (sender === null || sender.kind !== 'email' || sender.registrableDomain === null) return [];
    if (FREE_MAIL_DOMAINS.has(sender.registrableDomain)) return [];
    const brand = brandClaimedBy(sender.displayName) ?? brandClaimedBy(sender.localPart, 'local-part');
    if (brand === null || isOfficialDomain(brand, sender.domain)) return [];
    return [fact(brand.name), fact(sender.domain)];
  },
};
