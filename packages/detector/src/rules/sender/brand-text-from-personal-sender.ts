/**
 * A text that opens in a brand's name ("USPS: your parcel...", "Chase Fraud Alert") sent from an
 * ordinary phone number or an email address. Companies text from short codes and registered
 * sender IDs; smishing comes from throwaway numbers and iMessage accounts.
 */
import { brandClaimedInText } from '../../brand-match';
import { parseSender } from '../../sender';
import { fact, type MessageRule } from '../types';

/**
 * Fires on a message that is not an email when its sender is a full phone number or an email
 * address and its opening introduces it as a brand (`brandClaimedInText`). Facts: the brand and the kind of sender.
 */
export const brandTextFromPersonalSender: MessageRule = {
  scope: 'message',
  id: 'brand-text-from-personal-sender',
  label: 'Message claims to be from a company but was sent from a personal number or email account',
  severity: 'medium',
  kinds: ['text'],
  detect(ctx) {
    if (ctx.input.source === 'email') return [];
    const sender = parseSender(ctx.input.sender);
    if (sender === null || (sender.kind !== 'phone' && sender.kind !== 'email')) return [];
    const brand = brandClaimedInText(ctx.content);
    if (brand === null) return [];
    return [fact(brand.name), fact(sender.kind === 'phone' ? 'phone number' : 'email address')];
  },
};
