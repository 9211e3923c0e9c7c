/**
 * A donation appeal (disaster relief, a sick child, a fundraiser) that asks for the money by gift
 * card, crypto, wire or a payment app to a person: real charities take donations on their own site.
 */
import { intentRule } from './lib/intent-rule';
import { CRYPTO, re } from './lib/words';

const APPEAL =
  '(?:donat(?:e|ion|ions|ing)|fundrais(?:er|ing)|charity|relief\\s+(?:fund|effort)|victims?|orphans?|earthquake|hurricane|wildfire|flood(?:ing)?\\s+victims|sick\\s+(?:child|kid|baby)|medical\\s+(?:bills?|treatment)\\s+for|help\\s+(?:the\\s+)?(?:families|children|victims))';
const RAIL = `(?:gift\\s?cards?|${CRYPTO}|zelle|cash\\s?app|venmo|western\\s+union|money\\s?gram|wire\\s+transfer|paypal\\s+friends|(?:my|his|her|our)\\s+(?:personal\\s+)?(?:account|cash\\s?app|venmo|paypal))`;

/** Fires on a donation appeal with a payment by gift card, crypto, wire or a payment app. */
export const fakeCharity = intentRule({
  id: 'fake-charity',
  label: 'A donation appeal that asks for gift cards, crypto or a transfer to a person',
  severity: 'medium',
  routes: [[re(APPEAL), { re: re(`(?:via|by|through|with|using|in|to|on)\\s+(?:[\\w-]+\\s+){0,4}?${RAIL}|${RAIL}\\s+(?:address|id|tag|handle|below|here)`), notNegated: true }]],
  window: 200,
});
