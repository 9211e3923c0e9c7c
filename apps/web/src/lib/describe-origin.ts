import type { MessageSummary } from '@baitcheck/contracts';
import { revealHidden } from './reveal-hidden';

/**
 * Where a stored scan came from, as History and Recent Alerts show it: the sender, else
 * 'URL Scan' for a link and 'Message · no sender given' for a message pasted without one (the
 * spec's rule, 'URL Scan' for any empty sender, called a pasted text a link).
 */
export function describeOrigin(message: Pick<MessageSummary, 'sender' | 'kind'>): string {
  const sender = message.sender.trim();
  if (sender) return revealHidden(sender);
  return message.kind === 'url' ? 'URL Scan' : 'Message · no sender given';
}
