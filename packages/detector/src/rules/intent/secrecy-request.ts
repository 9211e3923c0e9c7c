/** Asks you to keep a money request secret or not to call ("keep it quiet", "don't tell Mum", "I'm in a meeting"). */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

const SECRET = `(?:keep\\s+(?:this|it)\\s+(?:quiet|between\\s+us|confidential|secret|to\\s+yourself|private)|(?:please\\s+)?don${APOS}?t\\s+tell\\s+(?:anyone|anybody|mom|mum|dad|the\\s+others|your\\s+\\w+)|do\\s+not\\s+tell\\s+(?:anyone|anybody|mom|mum|dad)|(?:please\\s+)?(?:don${APOS}?t|do\\s+not)\\s+call(?:\\s+me)?[,.!]?\\s+(?:i${APOS}?m|i\\s+am|just\\s+text)|i${APOS}?m\\s+in\\s+(?:a\\s+meeting|meetings)\\s+(?:and|so|right\\s+now|all\\s+day)|time[- ]sensitive\\s+and\\s+confidential|can${APOS}?t\\s+talk\\s+(?:right\\s+)?now|(?:strictly\\s+)?confidential\\s+(?:request|matter|task)|ceo${APOS}?s?\\s+orders|(?:be|stay)\\s+discreet)`;
const MONEY = '(?:money|transfer|payments?|pay|invoices?|wire|gift\\s?cards?|bank\\s+details|bail|cash|[$£€₹]\\s?\\d[\\d,.]*|buy\\s+(?:some|me)|vendor|supplier)';

/** Fires on a request for secrecy or for no call near a money, payment or favour request. */
export const secrecyRequest = intentRule({
  id: 'secrecy-request',
  label: 'Asks you to keep a money request secret or not to call',
  severity: 'medium',
  routes: [[re(SECRET), re(MONEY)]],
  window: 200,
});
