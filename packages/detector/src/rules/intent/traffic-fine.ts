/** Claims an unpaid traffic, parking or vehicle-tax fine, or a licence suspension, and asks you to pay. */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

const VEHICLE =
  '(?:dmv|dvla|dhsmv|rto|driver[\'\\u2019]?s?\\s+licen[cs]e|driving\\s+licen[cs]e|licen[cs]e|vehicle\\s+(?:tax|registration)|registration|traffic\\s+(?:tickets?|violations?|fines?|citations?|offen[cs]es?)|parking\\s+(?:tickets?|violations?|fines?|penalty|penalties|charges?|notices?)|pcn|penalty\\s+charge\\s+notice|e-?challan|speeding\\s+(?:ticket|fine)|red\\s+light\\s+(?:camera|violation)|camera\\s+violation|citation)';
const OWED = '(?:unpaid|outstanding|overdue|past[- ]due|pending|suspen(?:ded|sion)|revoked|fines?|penalt(?:y|ies)|failed|owed?|violations?)';
const PAY = '(?:pay|settle|avoid|update|click|visit|within\\s+\\d|before|by\\s+\\d|today|immediately|court|increase[sd]?|rising|double)';

/** Fires on a vehicle or traffic word with an unpaid or suspended state and a pay/avoid ask. */
export const trafficFine = intentRule({
  id: 'traffic-fine',
  label: 'Claims you owe a traffic or parking fine, or that your licence will be suspended, and asks you to pay',
  severity: 'medium',
  routes: [[re(VEHICLE), re(OWED), { re: re(PAY), notNegated: true }]],
  unless: [re('appointment\\s+(?:is\\s+)?(?:confirmed|scheduled|booked)|renewal\\s+reminder\\s+from|has\\s+been\\s+paid|payment\\s+(?:was\\s+|has\\s+been\\s+)?received')],
  window: 140,
});
