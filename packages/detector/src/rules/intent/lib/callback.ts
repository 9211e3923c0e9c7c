/** Patterns for "call us at <number>" shared by the callback-number rules. */
import { CALL_VERB, PHONE } from './words';

/**
 * A call instruction followed, within a few words, by a phone number ("call our fraud team now at
 * 1-888-402-7731", "ring us on 020 3808 1146", "contact our billing team at +1 (855) 702-1133").
 */
export const CALL_NUMBER = `${CALL_VERB}\\b[^.!?\\n\\d]{0,50}?${PHONE}`;
