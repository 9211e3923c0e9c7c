import { describe, expect, it } from 'vitest';
import { buildContext } from '../../context';
import type { EmailAuthFacts } from '../../types';
import { returnPathMismatch } from './return-path-mismatch';

const facts = (fromAddress: string, returnPath: string | null, extra: Partial<EmailAuthFacts> = {}): EmailAuthFacts => ({
  fromAddress,
  fromDomain: fromAddress.slice(fromAddress.lastIndexOf('@') + 1),
  replyTo: [],
  returnPath,
  source: 'verified',
  ...extra,
});
const detect = (emailAuth: unknown) =>
  returnPathMismatch.detect(buildContext({ kind: 'text', content: 'Hello', source: 'email' }, { intel: { emailAuth: emailAuth as EmailAuthFacts } })).map((e) => e.text);

describe('return-path-mismatch', () => {
  it.each([
    // nothing vouches for the From domain
    [facts('service@paypal.com', 'bounce@mailer.cheap-hosting.ru'), ['mailer.cheap-hosting.ru', 'paypal.com']],
    [facts('service@paypal.com', '<bounce@mailer.cheap-hosting.ru>', { dkim: 'none', spf: 'pass', dmarc: 'fail' }), ['mailer.cheap-hosting.ru', 'paypal.com']],
    // a signature, but by another domain (the sending service's own), and no DMARC pass
    [facts('news@acme-widgets.com', 'bounces+123@em.sendgrid.net', { dkim: 'pass', dkimDomain: 'sendgrid.net', dmarc: 'none' }), ['em.sendgrid.net', 'acme-widgets.com']],
    // the From domain's signature failed
    [facts('alerts@acme-widgets.com', 'x@bulk-mailer.example', { dkim: 'fail', dkimDomain: 'acme-widgets.com' }), ['bulk-mailer.example', 'acme-widgets.com']],
    // a pass reported without its signing domain and no DMARC pass: alignment unknown
    [facts('alerts@acme-widgets.com', 'x@bulk-mailer.example', { dkim: 'pass', source: 'header' }), ['bulk-mailer.example', 'acme-widgets.com']],
  ] as const)('fires on %j', (f, expected) => {
    expect(detect(f)).toEqual(expected);
  });

  it.each([
    // bulk mail through a provider, signed by the From domain (aligned DKIM)
    facts('news@acme-widgets.com', 'bounces+123@em.sendgrid.net', { dkim: 'pass', dkimDomain: 'acme-widgets.com', spf: 'pass', dmarc: 'pass' }),
    facts('news@acme-widgets.com', 'bounces+123@em.sendgrid.net', { dkim: 'pass', dkimDomain: 'mail.acme-widgets.com', dmarc: 'none' }),
    facts('news@mail.acme-widgets.com', '0100018c@amazonses.com', { dkim: 'pass', dkimDomain: 'acme-widgets.com' }),
    // DMARC pass with another envelope can only be an aligned signature
    facts('news@acme-widgets.com', 'bounce@mcsv.net', { dmarc: 'pass', source: 'header' }),
    // same registrable domain, or one brand's domains
    facts('service@paypal.com', 'bounce@paypal.com'),
    facts('no-reply@email.acme-widgets.com', 'bounces@bounce.acme-widgets.com'),
    facts('shipment-tracking@amazon.com', '0100018c@amazonses.com'),
    // no envelope, or the null sender of bounces
    facts('service@paypal.com', null),
    facts('service@paypal.com', '<>'),
    facts('service@paypal.com', ''),
    { fromAddress: 'a@b.com', fromDomain: 'b.com', replyTo: [], returnPath: 42, source: 'header' },
    { fromAddress: 'a@b.com', fromDomain: null, replyTo: [], returnPath: 'x@c.com', source: 'header' },
    null,
    undefined,
  ])('stays quiet on %j', (f) => {
    expect(detect(f)).toEqual([]);
  });
});
