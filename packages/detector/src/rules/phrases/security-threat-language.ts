/** Spec phrase group 'Security threat language detected': suspended, compromised, verify, secure, unusual activity, suspicious. */
import { phraseRule } from '../phrase-rule';

/** Flags account-threat words (whole words, any case); "security" and "verified" do not count. */
export const securityThreatLanguage = phraseRule({
  id: 'security-threat-language',
  label: 'Security threat language detected',
  pattern: /\b(?:suspended|compromised|verify|secure|unusual\s+(?:[\w-]{1,20}\s+)?activity|suspicious)\b(?!['\u2019]\w|-)/gi,
});
