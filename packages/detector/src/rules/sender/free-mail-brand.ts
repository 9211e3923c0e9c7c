/** A company, bank or government office writing from a free mailbox: "Norton Billing <norton.billing.team@gmail.com>". */
import { brandClaimedBy } from '../../brand-match';
import { FREE_MAIL_DOMAINS } from '../../data/free-mail';
import { parseSender } from '../../sender';
import { fact, type MessageRule } from '../types';

/**
 * Words by which a sender's name claims to be an organisation's office rather than a person:
 * banks, billing and security desks, IT and HR, government, lotteries, executives (CEO fraud).
 */
const ORGANISATION_WORD =
  /(?:^|[^a-z])(bank(?:ing)?|billing|security|helpdesk|help desk|it support|tech support|customer (?:support|service|care)|support team|payroll|lottery|compensation|claims? (?:office|department|dept)|refunds?|customs|government|ministry|agency|administrator|webmail|mailbox|verification|fraud|accounts? (?:department|dept|team)|hr (?:department|dept|manager)|human resources|ceo|cfo|irs|treasury|revenue|federal|police|court)(?![a-z])/;

/**
 * Fires when an email comes from a free or consumer mailbox (`data/free-mail.ts`) while its
 * display name or local part claims a brand or an organisation's office. Facts: what is
 * claimed and the mailbox provider.
 */
export const freeMailBrand: MessageRule = {
  scope: 'message',
  id: 'free-mail-brand',
  label: 'Sender claims to be a company or office but writes from a free email account',
  severity: 'high',
  kinds: ['text', 'url'],
  detect(ctx) {
    const sender = parseSender(ctx.input.sender);
    if (sender === null || sender.kind !== 'email' || sender.registrableDomain === null) return [];
    if (!FREE_MAIL_DOMAINS.has(sender.registrableDomain)) return [];
    const brand = brandClaimedBy(sender.displayName) ?? brandClaimedBy(sender.localPart, 'local-part');
    if (brand !== null) return [fact(brand.name), fact(sender.registrableDomain)];
    const who = `${sender.displayName.toLowerCase()} ${sender.localPart.replace(/[._-]+/g, ' ')}`;
    const m = ORGANISATION_WORD.exec(who);
    return m === null ? [] : [fact(m[1] as string), fact(sender.registrableDomain)];
  },
};
