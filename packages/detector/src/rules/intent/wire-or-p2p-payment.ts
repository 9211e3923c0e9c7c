/**
 * Asks for money by wire, bank transfer to a person, or a peer-to-peer app (Zelle, Venmo, Cash
 * App, Western Union, MoneyGram, UPI): payments that cannot be reversed.
 */
import { intentRule } from './lib/intent-rule';
import { GAP, re } from './lib/words';

const RAIL =
  '(?:zelle|venmo|cash\\s?app|western\\s+union|money\\s?gram|wire(?:\\s+transfer)?|bank\\s+(?:transfer|deposit)|direct\\s+transfer|upi|paypal\\s+(?:friends|f&f)|apple\\s+cash|remitly|world\\s?remit|xoom|ria\\s+money|wise\\s+transfer|gcash|paytm)';
const PAY = '(?:pay|paying|send|sending|transfer|wire|deposit|payments?|remit|settle)';
const NEW_ACCOUNT = '(?:this|the\\s+following|our|a\\s+new|the\\s+new|a\\s+safe|the\\s+safe|a\\s+secure|a\\s+temporary|their\\s+new)\\s+(?:bank\\s+)?(?:account|acct)';

/** Fires on a payment verb with a rail ("pay via Zelle"), or a transfer to a new or "safe" account. */
export const wireOrP2pPayment = intentRule({
  id: 'wire-or-p2p-payment',
  label: 'Asks you to send money by wire transfer or a payment app like Zelle',
  severity: 'medium',
  routes: [
    [{ re: re(`${PAY}\\s+${GAP}\\b(?:via|by|through|with|using|on|over|in|thru|to\\s+(?:my|our|this))\\s+(?:a\\s+|the\\s+|this\\s+|my\\s+|our\\s+)?${RAIL}`), notNegated: true }],
    [{ re: re(`(?:send|wire|transfer|move|deposit|pay|payments?|remit)\\s+${GAP}\\b(?:to|into)\\s+${NEW_ACCOUNT}`), notNegated: true }],
    [re('(?:changed|updated|new|different)\\s+(?:their\\s+|our\\s+|its\\s+|the\\s+|my\\s+)?(?:bank(?:ing)?|account|payment|remittance|wire)\\s+(?:account|details|information|info|instructions)'), re('invoices?|payments?|pay|transfers?|wire|remit|process')],
    [re('(?:process|make|send|arrange|initiate|handle)\\s+(?:a|an|the|this)\\s+(?:urgent\\s+|quick\\s+|same[- ]day\\s+)?(?:wire(?:\\s+transfer)?|bank\\s+transfer|transfer|payment)'), re('confidential|time[- ]sensitive|discreet|quietly|new\\s+(?:vendor|supplier|payee|beneficiary|account|bank)')],
    [re(RAIL), re('upgrade\\s+(?:to\\s+)?(?:a\\s+|your\\s+)?(?:business|premium|merchant)\\s+account|(?:business|merchant)\\s+account\\s+(?:fee|upgrade)')],
    [{ re: re(`${RAIL}\\s+(?:me|us)\\b|(?:my|our)\\s+(?:zelle|venmo|cash\\s?app|upi)\\s+(?:is|id|tag|handle|number)`), notNegated: true }, re('urgent(?:ly)?|asap|right\\s+away|today|fee|deposit|release|unlock|owe|pay\\s+you\\s+back|emergency')],
  ],
  window: 160,
});
