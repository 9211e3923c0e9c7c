/** Scam-intent rules: what the message asks the person to do, not only which words it uses. */
import type { MessageRule } from '../types';

/** Scam-intent rules over the whole message. */
export const INTENT_RULES: readonly MessageRule[] = [];
