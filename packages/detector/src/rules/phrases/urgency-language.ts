/** Spec phrase group 'Urgency language detected': urgent, immediate, alert, attention, act now, action required. */
import { phraseRule } from '../phrase-rule';

/** Flags urgency words (whole words, any case). */
export const urgencyLanguage = phraseRule({
  id: 'urgency-language',
  label: 'Urgency language detected',
  pattern: /\b(?:urgent(?:ly)?|immediate(?:ly)?|alert|attention|act\s+now|action\s+required)\b(?!['\u2019]\w)/gi,
});
