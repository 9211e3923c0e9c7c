/** Trust: an email from one of the official domains of a brand it names: "Chase <no.reply.alerts@chase.com>". */
import { brandClaimedBy, brandsInText, isOfficialDomain } from '../../brand-match';
import { BRANDS } from '../../data/brands';
import { FREE_MAIL_DOMAINS } from '../../data/free-mail';
import { parseSender } from '../../sender';
import { fact, type MessageRule } from '../types';
import { emailAuthFailed } from './email-auth-failed';

/** Characters of the message where the brand must be named when the sender's name does not. */
const OPENING_CHARS = 600;

/**
 * Trust signal: the sender's email domain (or bare sender domain) is an official domain of a
 * brand that the sender's name or the message's opening names. Free-mail domains never count
 * (gmail.com is Google's, not the writer's). Sender addresses can be forged, so this only
 * lowers the score; mail authentication is `threatData.senderInfo`'s. Quiet when the pasted email
 * failed its domain's authentication (`email-auth-failed`): a forged `service@paypal.com` must not
 * earn trust from the very address it forged. Fact: "<brand>: <domain>".
 */
export const officialSenderDomain: MessageRule = {
  scope: 'message',
  id: 'official-sender-domain',
  label: "Sent from the official email domain of the company it names",
  severity: 'medium',
  polarity: 'trust',
  kinds: ['text'],
  detect(ctx) {
    const sender = parseSender(ctx.input.sender);
    if (sender === null || (sender.kind !== 'email' && sender.kind !== 'domain')) return [];
    const reg = sender.registrableDomain;
    if (reg === null || FREE_MAIL_DOMAINS.has(reg)) return [];
    if (emailAuthFailed.detect(ctx).length > 0) return [];
    const owners = BRANDS.filter((b) => isOfficialDomain(b, sender.domain));
    if (owners.length === 0) return [];
    const claimed = brandClaimedBy(sender.displayName) ?? brandClaimedBy(sender.localPart, 'local-part');
    const named = claimed !== null ? [claimed] : brandsInText(ctx.content.slice(0, OPENING_CHARS));
    const brand = owners.find((b) => named.includes(b));
    return brand === undefined ? [] : [fact(`${brand.name}: ${sender.domain}`)];
  },
};
