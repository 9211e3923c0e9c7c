/**
 * Claims a parcel is held, undeliverable or has an incomplete address, and asks for a small fee or
 * for the address to be "updated" (USPS, Royal Mail, Evri, DHL, FedEx...).
 */
import { intentRule } from './lib/intent-rule';
import { APOS, PARCEL, re } from './lib/words';

const FEE =
  '(?:(?:unpaid|pending|outstanding|small|additional|required|remaining)\\s+(?:\\w+\\s+)?(?:fee|charge|duty|duties|payment)|(?:re-?delivery|re-?shipping|shipping|customs|delivery|handling|postage|clearance|release|storage|import|rescheduling|re-?scheduling|warehouse|redistribution)\\s+(?:fee|charge|duty|duties|costs?)s?|pay\\s+(?:the\\s+|a\\s+|an\\s+)?(?:\\w+\\s+){0,2}?(?:fee|duty|duties|charge)s?|fee\\s+of\\s+[$£€₹]?\\d)';
const PROBLEM = `(?:(?:incomplete|invalid|incorrect|wrong|missing|insufficient|unclear|inaccurate|unverified|unconfirmed)\\s+(?:\\w+\\s+){0,2}?(?:address|postcode|post\\s+code|zip(?:\\s+code)?|house\\s+number|street\\s+number|information|info|details)|address\\s+(?:was|is)\\s+(?:wrong|incorrect|incomplete|invalid|missing)|(?:could\\s*not|couldn${APOS}?t|cannot|can${APOS}?t|unable\\s+to|failed\\s+to|was\\s+not|wasn${APOS}?t|were\\s+unable\\s+to)\\s+(?:be\\s+)?deliver(?:ed)?|undeliverable|(?:delivery|package|parcel|shipment)\\s+(?:has\\s+been\\s+|is\\s+|was\\s+)?(?:suspended|paused|halted|stopped)|delivery\\s+(?:failed|attempt\\s+failed|was\\s+unsuccessful|exception)|failed\\s+delivery|(?:on|put\\s+on)\\s+hold|(?:is|was|been|being)\\s+held|awaiting\\s+(?:customs|clearance|payment)|(?:will\\s+be|being)\\s+returned(?:\\s+to\\s+(?:the\\s+)?sender)?|(?:stuck|waiting)\\s+at\\s+(?:the\\s+)?(?:depot|warehouse|customs))`;
const ASK = '(?:update|confirm|correct|verify|re-?schedule|rearrange|re-?arrange|arrange|schedule|release|reply|click|tap|visit|pay|fill|provide|submit|follow\\s+the\\s+link|download|open\\s+the\\s+attach\\w*)';

/** Fires on a parcel word with a fee demand, or with a delivery problem and an ask to update or pay. */
export const parcelRedeliveryFee = intentRule({
  id: 'parcel-redelivery-fee',
  label: 'Claims a parcel is held and asks for a fee or your address details',
  severity: 'high',
  routes: [
    [re(PARCEL), { re: re(FEE), notNegated: true }, re(ASK)],
    [re(PARCEL), re(PROBLEM), { re: re(ASK), notNegated: true }],
  ],
  unless: [re('(?:was|has\\s+been|been)\\s+delivered\\s+(?:to|in|at|on)|out\\s+for\\s+delivery|ready\\s+for\\s+(?:pick\\s?-?up|collection)')],
  window: 160,
});
