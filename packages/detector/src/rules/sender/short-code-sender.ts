/** Trust: a text from a short code ("28777", "653-89"). Short codes are leased to registered businesses, so smishing seldom uses them. */
import { parseSender } from '../../sender';
import { fact, type MessageRule } from '../types';

/**
 * Trust signal on a non-email message whose sender is a 3-6 digit short code. Weak: it says the
 * sender is a registered business, not that the message is harmless. Fact: the code.
 */
export const shortCodeSender: MessageRule = {
  scope: 'message',
  id: 'short-code-sender',
  label: 'Sent from a short code used by registered businesses',
  severity: 'low',
  polarity: 'trust',
  kinds: ['text'],
  detect(ctx) {
    if (ctx.input.source === 'email') return [];
    const sender = parseSender(ctx.input.sender);
    return sender !== null && sender.kind === 'short-code' ? [fact(sender.digits)] : [];
  },
};
