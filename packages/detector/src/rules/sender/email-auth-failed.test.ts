import { describe, expect, it } from 'vitest';
import { analyze } from '../../analyze';
import { buildContext } from '../../context';
import { THRESHOLDS } from '../../scoring';
import { expectWellFormed } from '../../test-support/well-formed';
import type { AnalyzeInput, EmailAuthFacts } from '../../types';
import { emailAuthFailed } from './email-auth-failed';

const base: EmailAuthFacts = { fromAddress: 'service@paypal.com', fromDomain: 'paypal.com', replyTo: [], returnPath: null, source: 'verified' };
const auth = (extra: Partial<EmailAuthFacts>): EmailAuthFacts => ({ ...base, ...extra });
const detect = (emailAuth: unknown) =>
  emailAuthFailed.detect(buildContext({ kind: 'text', content: 'Hello', source: 'email' }, { intel: { emailAuth: emailAuth as EmailAuthFacts } })).map((e) => e.text);

describe('email-auth-failed', () => {
  it.each([
    [auth({ dmarc: 'fail', dmarcPolicy: 'reject' }), ['paypal.com', 'DMARC fail (policy reject)']],
    [auth({ dmarc: 'fail', dmarcPolicy: 'none', dkim: 'fail', spf: 'softfail' }), ['paypal.com', 'DMARC fail (policy none)', 'DKIM fail', 'SPF softfail']],
    [auth({ dmarc: 'FAIL', dmarcPolicy: 'Quarantine', dkim: 'none', spf: 'fail', source: 'header' }), ['paypal.com', 'DMARC fail (policy quarantine)', 'SPF fail']],
    [auth({ dmarc: 'fail' }), ['paypal.com', 'DMARC fail']],
    // no DMARC verdict: a failed signature and a server the domain does not list
    [auth({ fromDomain: 'small-shop.example', dkim: 'fail', spf: 'fail' }), ['small-shop.example', 'DKIM fail', 'SPF fail']],
    [auth({ fromDomain: 'small-shop.example', dmarc: 'none', dkim: 'fail', spf: 'softfail' }), ['small-shop.example', 'DKIM fail', 'SPF softfail']],
    [auth({ fromDomain: 'small-shop.example', dmarc: 'permerror', dkim: 'fail', spf: 'fail' }), ['small-shop.example', 'DKIM fail', 'SPF fail']],
  ] as const)('fires on %j', (facts, expected) => {
    expect(detect(facts)).toEqual(expected);
  });

  it.each([
    auth({}),
    auth({ dmarc: 'pass', dkim: 'pass', spf: 'pass' }),
    auth({ dmarc: 'none', dkim: 'none', spf: 'none' }),
    auth({ dmarc: 'temperror', dkim: 'temperror', spf: 'temperror' }),
    // DMARC could not be looked up: nothing is known, even with failures below it
    auth({ dmarc: 'temperror', dkim: 'fail', spf: 'fail' }),
    // forwarding breaks SPF; the signature still vouches for the message
    auth({ dkim: 'pass', spf: 'fail' }),
    auth({ dmarc: 'pass', dkim: 'pass', spf: 'softfail' }),
    // one failure alone without DMARC is not enough (a mailing list footer breaks DKIM)
    auth({ dkim: 'fail', spf: 'pass' }),
    auth({ dkim: 'fail', spf: 'neutral' }),
    auth({ dkim: 'none', spf: 'fail' }),
    auth({ dkim: 'fail', spf: 'fail', dmarc: 'pass' }),
    auth({ dmarc: 'fail', fromDomain: '' }),
    { dmarc: 'fail' },
    { fromDomain: 42, dmarc: 'fail' },
    'dmarc=fail',
    null,
    undefined,
  ])('stays quiet on %j', (facts) => {
    expect(detect(facts)).toEqual([]);
  });
});

describe('email-auth-failed through analyze', () => {
  const mail = (content: string, sender: string): AnalyzeInput => ({ kind: 'text', content, sender, source: 'email' });
  const content =
    'Dear customer, we noticed unusual activity on your account. Please review your recent transactions at https://www.paypal.com/signin to keep your account safe.';

  it('turns a safe-looking message whose From fails DMARC into a warning, with the failure as its first reason', () => {
    const input = mail(content, 'PayPal <service@paypal.com>');
    const without = analyze(input);
    expect(without.threatLevel).toBe('safe');
    const a = analyze(input, { intel: { emailAuth: auth({ dmarc: 'fail', dmarcPolicy: 'reject', spf: 'fail' }) } });
    expectWellFormed(a, content);
    expect(a.threatLevel).not.toBe('safe');
    expect(a.score).toBeGreaterThanOrEqual(THRESHOLDS.suspicious);
    expect(a.score).toBeGreaterThan(without.score);
    expect(a.reasons[0]?.id).toBe('email-auth-failed');
    expect(a.reasons[0]?.evidence.map((e) => e.text)).toEqual(['paypal.com', 'DMARC fail (policy reject)', 'SPF fail']);
  });

  it('makes even a harmless-looking email at least suspicious when its From is forged', () => {
    const input = mail('Hi Sam, the invoice for March is attached. Thanks, Dana', 'Dana <dana@paypal.com>');
    expect(analyze(input).threatLevel).toBe('safe');
    const a = analyze(input, { intel: { emailAuth: auth({ dmarc: 'fail', dmarcPolicy: 'reject' }) } });
    expect(a.threatLevel).toBe('suspicious');
    expect(a.reasons.map((r) => r.id)).toContain('email-auth-failed');
  });

  it('changes nothing when everything passes: a pass is no evidence that a message is safe', () => {
    const facts = auth({ dmarc: 'pass', dmarcPolicy: 'reject', dkim: 'pass', dkimDomain: 'paypal.com', spf: 'pass', returnPath: 'bounce@paypal.com' });
    for (const text of [content, 'Hi Sam, the invoice for March is attached. Thanks, Dana']) {
      const input = mail(text, 'PayPal <service@paypal.com>');
      expect(analyze(input, { intel: { emailAuth: facts } })).toEqual(analyze(input));
    }
  });

  it('leaves a display name imitating a brand from a free mailbox to the sender rules, whatever the authentication', () => {
    const input = mail('Your account needs attention. Reply with your details.', '"PayPal Service" <paypal.service.team@gmail.com>');
    const facts: EmailAuthFacts = {
      fromAddress: 'paypal.service.team@gmail.com',
      fromDomain: 'gmail.com',
      replyTo: [],
      returnPath: 'paypal.service.team@gmail.com',
      dkim: 'pass',
      dkimDomain: 'gmail.com',
      spf: 'pass',
      dmarc: 'pass',
      source: 'header',
    };
    const a = analyze(input, { intel: { emailAuth: facts } });
    const ids = a.reasons.map((r) => r.id);
    expect(ids).toContain('free-mail-brand');
    expect(a.reasons.find((r) => r.id === 'free-mail-brand')?.evidence.map((e) => e.text)).toEqual(['PayPal', 'gmail.com']);
    expect(ids).not.toContain('email-auth-failed');
    expect(ids).not.toContain('return-path-mismatch');
    expect(a.threatLevel).not.toBe('safe');
  });
});
