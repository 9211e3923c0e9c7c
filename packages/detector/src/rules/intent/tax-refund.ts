/** A tax refund or tax debt from a tax agency (IRS, HMRC, CRA, ATO, Income Tax) with a claim, verify or pay ask. */
import { intentRule } from './lib/intent-rule';
import { APOS, re } from './lib/words';

const AGENCY =
  '(?:irs|i\\.r\\.s|internal\\s+revenue(?:\\s+service)?|hmrc|hm\\s+revenue|cra|canada\\s+revenue(?:\\s+agency)?|ato|australian\\s+taxation\\s+office|income\\s?tax(?:\\s+(?:dept|department))?|tax\\s+(?:office|department|dept|authority|agency|administration)|revenue\\s+(?:agency|service)|inland\\s+revenue|mygov|gov\\.uk|ird|sars|tax)';
const MONEY =
  '(?:(?:tax\\s+)?(?:refund|rebate|reimbursement)s?|tax\\s+(?:return\\s+)?(?:credit|payment)|(?:outstanding|unpaid|overdue|back)\\s+(?:tax(?:es)?|balance)|tax\\s+(?:debt|arrears|owed|evasion|fraud)|(?:owe|owed|due)\\s+(?:\\w+\\s+)?(?:taxes|tax))';
const ASK =
  '(?:claim|verify|submit|apply|confirm|update|provide|receive|collect|redeem|call|reply|click|tap|pay|settle|fill|complete|within\\s+\\d+|before\\s+\\d|eligible|entitled|due\\s+(?:a|to)|approved|pending|waiting|arrest|warrant|lawsuit|legal)';

/** Fires on a tax agency or "tax" with a refund or tax debt and an ask to claim, verify or pay. */
export const taxRefund = intentRule({
  id: 'tax-refund',
  label: 'Claims a tax refund or tax debt and asks you to claim, verify or pay',
  severity: 'high',
  routes: [[re(AGENCY), re(MONEY), { re: re(ASK), notNegated: true }]],
  unless: [re(`(?:return|refund)\\s+(?:was|has\\s+been)\\s+(?:accepted|received|processed|issued|deposited)|check\\s+(?:your\\s+|the\\s+)?refund\\s+status|where${APOS}s\\s+my\\s+refund`)],
  window: 160,
});
