/** Spec phrase group 'Suspicious link instructions': click here, tap here, click the link, tap this link. */
import { phraseRule } from '../phrase-rule';

/** Flags instructions to click or tap a link ("click here", "tap this link", "click on the link"...). */
export const linkInstructions = phraseRule({
  id: 'link-instructions',
  label: 'Suspicious link instructions',
  pattern: /\b(?:click|tap)\s+(?:on\s+)?(?:here|(?:the|this)\s+link)\b/gi,
});
