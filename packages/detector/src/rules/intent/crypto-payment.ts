/** Asks for payment in crypto-currency: bitcoin, USDT, a crypto ATM or a wallet address. */
import { intentRule } from './lib/intent-rule';
import { CRYPTO, GAP, re } from './lib/words';

const PAY = '(?:pay|paying|send|deposit|transfer|top\\s+up|fund|buy|purchase|load|convert)';

/** Fires on a payment verb with a crypto-currency, a crypto ATM or a wallet address. */
export const cryptoPayment = intentRule({
  id: 'crypto-payment',
  label: 'Asks you to pay in bitcoin or another crypto-currency',
  severity: 'high',
  routes: [
    [{ re: re(`${PAY}\\s+${GAP}\\b(?:in|with|via|using|as|through|to\\s+(?:this|my|our|the\\s+following))\\s+(?:\\w+\\s+){0,2}?${CRYPTO}`), notNegated: true }],
    [{ re: re(`(?<!(?:your|the|a|of|my|our|his|her)\\s)${PAY}\\s+(?:me\\s+|us\\s+)?(?:\\S+\\s+){0,2}?${CRYPTO}\\b(?!\\s+(?:price|prices|market|news|rate|rates)\\b)`), notNegated: true }],
    [{ re: re(`(?:to|into|at|via|using|use|visit|through|in)\\s+(?:the\\s+|a\\s+|this\\s+|any\\s+|nearest\\s+|local\\s+){0,3}(?:bitcoin|btc|crypto(?:currency)?|coin)\\s+atms?|(?:send|pay|transfer|deposit|top\\s+up)\\s+[^.!?\\n]{0,40}?(?:wallet|deposit|payment|btc|bitcoin|usdt|crypto)\\s+address|qr\\s+code\\s+(?:below\\s+)?(?:to|and)\\s+(?:pay|deposit|send)`), notNegated: true }],
    [re(`(?:paid|salary|payment|commission|withdraw(?:al)?)\\s+(?:\\w+\\s+){0,2}?(?:in|via|with)\\s+${CRYPTO}`)],
  ],
});
