/** Rules about who sent the message. */
import type { MessageRule } from '../types';
import { blockedSender } from './blocked-sender';

/** Sender rules over the whole message. */
export const SENDER_RULES: readonly MessageRule[] = [blockedSender];
