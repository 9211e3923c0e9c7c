import { describe, expect, it } from 'vitest';
import { buildContext } from '../../context';
import { linkRuleTable } from '../../test-support/rule-table';
import { officialBrandDomain } from './official-brand-domain';

linkRuleTable(officialBrandDomain, {
  fires: [
    ['https://www.paypal.com/signin', ['PayPal: paypal.com']],
    ['https://www.amazon.co.uk/gp/your-account', ['Amazon: amazon.co.uk']],
    ['https://tools.usps.com/go/TrackConfirmAction', ['USPS: usps.com']],
    ['https://accounts.google.com/signin', ['Google: google.com']],
  ],
  quiet: [
    'https://paypal-login.web.app/',
    'https://sites.google.com/view/microsoft-verify',
    'https://www.nytimes.com/',
    'http://paypal.com@evil.example/',
    'https://paypa1.com/',
    'https://www.amazon-security-alert.com/',
  ],
});

describe('official-brand-domain in messages', () => {
  const detect = (content: string) => {
    const ctx = buildContext({ kind: 'text', content });
    return ctx.links.map((l) => officialBrandDomain.detect(l, ctx));
  };
  it('trusts the named brand’s own link', () => {
    expect(detect('Chase: your statement is ready at https://www.chase.com/statements')).toEqual([[{ start: 0, end: 0, text: 'Chase: chase.com' }]]);
    expect(detect('Verizon: Your bill is ready. View at vzw.com/mybill')).toEqual([[{ start: 0, end: 0, text: 'Verizon: vzw.com' }]]);
  });
  it('does not trust a link the named brand does not own', () => {
    expect(detect('Chase: your account is locked, go to https://chase-secure.top/x')).toEqual([null]);
    expect(detect('USPS: pay the fee at https://sites.google.com/view/usps')).toEqual([null]);
  });
});
