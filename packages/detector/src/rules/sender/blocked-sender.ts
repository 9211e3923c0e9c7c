/** The input's sender is on the user's blocked list (`options.blockedSenders`). */
import type { Span } from '../../types';
import { listSetCache } from '../../list-cache';
import { fact, type MessageRule } from '../types';

const ANGLE_ADDRESS = /<([^<>\s]{1,320})>\s*$/;
const blockedSet = listSetCache((sender) => normaliseSender(sender));

/** A sender as compared against the blocked list: trimmed and lower-cased. */
export function normaliseSender(sender: string): string {
  return sender.trim().toLowerCase();
}

/**
 * Fires when the sender, trimmed and case-insensitively, is blocked; for "Name <address>" the
 * address alone counts too. The evidence is the sender as given.
 */
export const blockedSender: MessageRule = {
  scope: 'message',
  id: 'blocked-sender',
  label: 'Sender is on your blocked list',
  severity: 'high',
  kinds: ['text', 'url'],
  detect(ctx): Span[] {
    const sender = ctx.input.sender;
    const list = ctx.options.blockedSenders;
    if (typeof sender !== 'string' || !Array.isArray(list) || list.length === 0) return [];
    const key = normaliseSender(sender);
    if (key.length === 0) return [];
    const set = blockedSet(list);
    const address = ANGLE_ADDRESS.exec(key)?.[1];
    return set.has(key) || (address !== undefined && set.has(address)) ? [fact(sender.trim())] : [];
  },
};
