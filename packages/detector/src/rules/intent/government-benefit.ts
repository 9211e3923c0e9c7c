/**
 * A government payment or benefit (stimulus, grant, relief, Medicare, Social Security, SNAP,
 * student-loan forgiveness, energy rebate) you are "eligible" for or will lose, with a claim, apply,
 * verify or call ask.
 */
import { intentRule } from './lib/intent-rule';
import { re } from './lib/words';

const PROGRAM =
  '(?:stimulus(?:\\s+(?:check|payment))?|(?:relief|government|federal|covid|economic)\\s+(?:grant|payment|fund|funds|check|aid)|grants?|benefits?|medicare|medicaid|social\\s+security|ssa|ssn|snap|ebt|fema|disaster\\s+(?:assistance|relief)|student\\s+loans?(?:\\s+(?:forgiveness|discharge|relief))?|loan\\s+forgiveness|housing\\s+(?:aid|assistance|grant)|rental\\s+assistance|energy\\s+(?:bill\\s+)?(?:rebate|support|grant|payment)|cost\\s+of\\s+living\\s+payment|universal\\s+credit|centrelink|dwp|pension|unemployment|welfare|child\\s+tax\\s+credit|rebate)';
const STATUS =
  '(?:eligible|qualif(?:y|ies|ied)|approved|selected|pending|waiting|ready|unclaimed|owed|entitled|awarded|(?:will\\s+be|has\\s+been|have\\s+been|is|are|being)\\s+(?:suspended|terminated|cancell?ed|stopped|blocked|locked|frozen|revoked|on\\s+hold)|will\\s+(?:stop|end|expire)|expir(?:e|es|ing))';
const ASK =
  '(?:claim|apply|verify|confirm|reply|respond|call|provide|send|submit|update|renew|register|click|tap|visit|receive|collect|redeem|press\\s+\\d|speak\\s+to)';

/** Fires on a government programme word with an eligibility or threatened-status word and an ask. */
export const governmentBenefit = intentRule({
  id: 'government-benefit',
  label: 'Claims you qualify for (or will lose) a government payment or benefit and asks you to act',
  severity: 'medium',
  routes: [[re(PROGRAM), re(STATUS), { re: re(ASK), notNegated: true }]],
  window: 160,
});
