/** A text naming a company, sent from a phone number of a far-away country: "+63 915 ... The Toll Roads: your invoice...". */
import { brandClaimedInText } from '../../brand-match';
import { parseSender } from '../../sender';
import { fact, type MessageRule } from '../types';

/**
 * Country calling codes of the markets the engine's brands mostly serve (North America, the UK,
 * Ireland, Australia, New Zealand, India, Singapore, South Africa). A number from elsewhere naming
 * one of those brands is odd, though travellers and expatriates exist: a weak signal.
 */
const HOME_CODES: readonly string[] = ['1', '44', '353', '61', '64', '91', '65', '27'];

/**
 * Fires on a non-email message from a phone number in international format whose country code is
 * not one of {@link HOME_CODES} when its opening introduces it as a brand (`brandClaimedInText`). Facts: the country code and the brand.
 */
export const internationalPhoneSender: MessageRule = {
  scope: 'message',
  id: 'international-phone-sender',
  label: 'Message about a company comes from a foreign phone number',
  severity: 'low',
  kinds: ['text'],
  detect(ctx) {
    if (ctx.input.source === 'email') return [];
    const sender = parseSender(ctx.input.sender);
    if (sender === null || sender.kind !== 'phone' || !sender.international) return [];
    if (HOME_CODES.some((code) => sender.digits.startsWith(code))) return [];
    const brand = brandClaimedInText(ctx.content);
    return brand === null ? [] : [fact(`+${sender.digits.slice(0, 3)}`), fact(brand.name)];
  },
};
