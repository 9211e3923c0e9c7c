/** Spec phrase group 'Artificial time pressure': a number followed by a time unit, expires, limited time. */
import { phraseRule } from '../phrase-rule';

/** Flags deadlines: "24 hours", "10 mins", "48h", "expires", "limited time" (whole words, any case). */
export const timePressure = phraseRule({
  id: 'time-pressure',
  label: 'Artificial time pressure',
  pattern:
    /(?<![\w.,])\d{1,4}(?:\s|-)?(?:seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?)\b|\b(?:expires|expiring|limited\s+time)\b/gi,
});
