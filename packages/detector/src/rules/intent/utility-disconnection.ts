/** Threatens to cut off electricity, gas, water, phone or internet today unless you pay or call. */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

const SERVICE =
  '(?:electric(?:ity)?|power|gas|water|utility|utilities|light|meter|internet|broadband|wi-?fi|phone\\s+(?:line|service)|mobile\\s+service|cable|service|connection|con\\s?ed|pg&e|duke\\s+energy|british\\s+gas|edf|eon|octopus|electricity\\s+board|bescom|tneb|msedcl)';
const CUT = '(?:disconnect(?:ed|ion)?|cut\\s?-?off|shut\\s?-?off|shut\\s+off|shutoff|turned\\s+off|switched\\s+off|suspended|terminated)';
const WHEN = '(?:today|tonight|within\\s+\\d+|in\\s+\\d+\\s+(?:minutes|mins|hours|hrs)|at\\s+\\d{1,2}(?:[:.]\\d{2})?\\s*(?:am|pm)?|(?:past|over)[- ]?due|non[- ]?payment|unpaid|not\\s+(?:been\\s+)?(?:paid|updated)|unless|to\\s+avoid|avoid|final\\s+notice|pay\\s+now)';

/** Fires on a utility or service word with a disconnection and a deadline or payment condition. */
export const utilityDisconnection = intentRule({
  id: 'utility-disconnection',
  label: 'Threatens to cut off your electricity, gas, water or phone service unless you pay',
  severity: 'medium',
  routes: [[re(SERVICE), re(CUT), re(WHEN)]],
  unless: [re('(?:planned|scheduled)\\s+(?:work|maintenance|outage)|outage|restor(?:ed|ation)|sorry\\s+for\\s+the\\s+inconvenience')],
  window: 120,
});
