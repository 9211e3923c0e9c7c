import { describe, expect, it } from 'vitest';
import { analyze } from '../../analyze';
import { buildContext } from '../../context';
import type { EmailAuthFacts } from '../../types';
import { replyToMismatch } from './reply-to-mismatch';

const facts = (fromAddress: string, replyTo: readonly string[]): EmailAuthFacts => ({
  fromAddress,
  fromDomain: fromAddress.slice(fromAddress.lastIndexOf('@') + 1),
  replyTo,
  returnPath: null,
  source: 'header',
});
const detect = (emailAuth: unknown) =>
  replyToMismatch.detect(buildContext({ kind: 'text', content: 'Hello', source: 'email' }, { intel: { emailAuth: emailAuth as EmailAuthFacts } })).map((e) => e.text);

describe('reply-to-mismatch', () => {
  it.each([
    // the strong case: a company's From, replies to a free mailbox
    [facts('service@paypal.com', ['paypal.refunds.desk@gmail.com']), ['paypal.refunds.desk@gmail.com', 'paypal.com']],
    [facts('ceo@acme-widgets.com', ['ceo.acme.private@outlook.com']), ['ceo.acme.private@outlook.com', 'acme-widgets.com']],
    // the free mailbox is reported before another company's address
    [facts('billing@acme-widgets.com', ['billing@acme-invoices.net', 'acme.billing@yahoo.com']), ['acme.billing@yahoo.com', 'acme-widgets.com']],
    [facts('support@bank.example.co.uk', ['claims@bank-claims-desk.com']), ['claims@bank-claims-desk.com', 'bank.example.co.uk']],
    // free mailbox to another free mailbox (a hijacked account's replies go elsewhere)
    [facts('jess.photos@gmail.com', ['jess.photos.new@yahoo.com']), ['jess.photos.new@yahoo.com', 'gmail.com']],
    [facts('News@Example.COM', ['  Team@Other-Example.org ']), ['Team@Other-Example.org', 'example.com']],
  ] as const)('fires on %j', (f, expected) => {
    expect(detect(f)).toEqual(expected);
  });

  it.each([
    facts('service@paypal.com', []),
    facts('service@paypal.com', ['help@paypal.com']),
    // a subdomain of the same registrable domain
    facts('no-reply@email.acme-widgets.com', ['support@acme-widgets.com']),
    facts('alerts@acme-widgets.com', ['team@help.acme-widgets.com']),
    facts('a@bank.example.co.uk', ['b@mail.bank.example.co.uk']),
    // one brand's own domains
    facts('no-reply@accounts.google.com', ['someone@gmail.com']),
    facts('account-security-noreply@accountprotection.microsoft.com', ['support@outlook.com']),
    facts('service@paypal.com', ['service@paypal.me']),
    facts('jess@gmail.com', ['jess@googlemail.com']),
    // nothing to compare
    facts('service@paypal.com', ['undisclosed-recipients']),
    { fromAddress: 'a@b.com', fromDomain: 'b.com', replyTo: 'x@gmail.com', returnPath: null, source: 'header' },
    { fromAddress: 'a@b.com', fromDomain: '', replyTo: ['x@gmail.com'], returnPath: null, source: 'header' },
    { fromAddress: 'a@b.com', fromDomain: 'b.com', replyTo: [42, null], returnPath: null, source: 'header' },
    null,
    undefined,
  ])('stays quiet on %j', (f) => {
    expect(detect(f)).toEqual([]);
  });

  it('adds to the score of an email through analyze', () => {
    const input = { kind: 'text' as const, content: 'Hi, could you send me the updated schedule for next week? Thanks, Dana', sender: 'Acme Billing <billing@acme-widgets.com>', source: 'email' as const };
    const plain = analyze(input);
    const a = analyze(input, { intel: { emailAuth: facts('billing@acme-widgets.com', ['acme.billing.dept@gmail.com']) } });
    expect(a.reasons.map((r) => r.id)).toContain('reply-to-mismatch');
    expect(a.score).toBeGreaterThan(plain.score);
  });
});
