import { describe, expect, it } from 'vitest';
import type { Reason, Severity, ThreatLevel } from '@baitcheck/contracts';
import { makeAnalysis } from '@/testing/fixtures';
import { ALL_RULES, analyze } from '@baitcheck/detector';
import { knowsReason, whatToDoNow } from './what-to-do';

const reason = (id: string, severity: Severity = 'high'): Reason => ({ id, label: id, severity, evidence: [] });

const DOMAIN = {
  domainInfo: {
    reputationScore: 10,
    domain: 'x.top',
    categories: [],
    malicious: true,
    suspicious: false,
    sources: ['Baitcheck engine'],
    lastChecked: '2025-01-05T15:04:00.000Z',
  },
};

function advise(
  ids: string[],
  { level = 'phishing', link = false, kind = 'text', content }: { level?: ThreatLevel; link?: boolean; kind?: 'text' | 'url'; content?: string } = {},
) {
  return whatToDoNow(
    makeAnalysis({
      threatLevel: level,
      reasonDetails: ids.map((id) => reason(id)),
      threatData: link ? DOMAIN : null,
      recommendations: ['First recommendation.'],
      ...(content === undefined ? {} : { content }),
    }),
    kind,
  );
}

const PAYPAL_LIMITED = `Your account has been limited

We noticed unusual activity on your PayPal account. Your account access has been limited until you verify your information.

Please click here to verify within 24 hours or your account will be permanently suspended:
http://paypal-account-verify.secure-paypa1.com/login`;

describe('whatToDoNow', () => {
  it.each([
    ['a parcel-fee text with a link', ['parcel-redelivery-fee', 'brand-outside-domain'], true, "Don't tap the link or pay anything. If you already paid, call your bank now."],
    ['a locked-account text with a sign-in link', ['brand-outside-domain', 'login-path', 'account-locked'], true, "Don't tap the link or give any code, password or card details. If you already entered details, call your bank."],
    ['a one-time-code request', ['otp-code-request'], false, "Don't give any code, password or card details. If you already gave them, call your bank."],
    ['a fraud alert with a number to call', ['fraud-alert-callback', 'callback-phone-number'], false, "Don't call the number in it. If you already called them, contact your bank on the number on your card."],
    ['a tech-support scare', ['tech-support-scare', 'remote-access-request'], false, "Don't let anyone connect to your device or call the number in it. If someone already connected, turn the device off and call your bank."],
    ['a "Hi Mum" text', ['family-emergency'], false, "Don't send money until you have called them on the number you already have for them."],
    ['a prize text with only word-list signs', ['reward-language', 'urgency-language', 'text-model'], false, "Don't reply or do what it asks. Delete it."],
    ['a wrong-number opener', ['wrong-number-opener'], false, "If you don't know them, don't reply: block the number."],
  ])('fits %s', (_name, ids, link, expected) => {
    expect(advise(ids, { link })).toBe(expected);
  });

  it('asks for a check, not alarm, on a suspicious result', () => {
    expect(advise(['url-shortener'], { level: 'suspicious', link: true })).toBe(
      "Don't tap the link until you have checked with whoever it says it is from, in a way you already know.",
    );
    expect(advise(['url-shortener'], { level: 'suspicious', kind: 'url' })).toBe(
      "Don't open this link until you have checked with whoever sent it, in a way you already know.",
    );
  });

  it('speaks of opening the link on a link scan', () => {
    expect(advise(['typosquat-domain', 'login-path'], { kind: 'url' })).toBe(
      "Don't open this link or give any code, password or card details. If you already entered details, call your bank.",
    );
  });

  it('gives no orders on a safe result, and uses the first recommendation when reasons have no ids', () => {
    expect(advise(['time-pressure'], { level: 'safe' })).toBeNull();
    expect(advise([])).toBe('First recommendation.');
  });

  it('knows every message rule the engine has, or lists it here as one that asks for nothing', () => {
    // Word lists, warnings about the sender and trust signs: they say how a message looks, not
    // what it asks of the person, so they add no action. A new engine rule must be placed in
    // what-to-do.ts or here, or the advice would silently miss what it asks.
    const asksNothing = new Set([
      'urgency-language', 'reward-language', 'security-threat-language', 'link-instructions', 'time-pressure', 'suspicious-url',
      'secrecy-request', 'otp-notice', 'never-ask-notice', 'official-channel-advice', 'transaction-notice',
      'blocked-sender', 'brand-sender-mismatch', 'free-mail-brand', 'lookalike-sender-domain', 'brand-text-from-personal-sender',
      'international-phone-sender', 'short-code-sender', 'email-auth-failed', 'reply-to-mismatch', 'return-path-mismatch', 'official-sender-domain',
    ]);
    const messageRules = ALL_RULES.filter((rule) => !('category' in rule)).map((rule) => rule.id);
    expect(messageRules.length).toBeGreaterThan(40);
    expect(messageRules.filter((id) => !knowsReason(id) && !asksNothing.has(id))).toEqual([]);
  });

  it('says nothing of paying for a sign-in lure that threatens closure but asks for no money', () => {
    // The engine's own reasons for the PayPal "account limited" email a reviewer scanned.
    const ids = analyze({ kind: 'text', content: PAYPAL_LIMITED, sender: 'PayPal Service <service@paypal.com>', source: 'email' }).reasons.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['threat-of-consequence', 'account-locked', 'login-path']));
    const advice = advise(ids, { link: true, content: PAYPAL_LIMITED });
    expect(advice).toBe("Don't tap the link or give any code, password or card details. If you already entered details, call your bank.");
    expect(advice).not.toMatch(/paid|pay/);
  });

  it('counts a threat as a demand for money when the message speaks of paying', () => {
    expect(advise(['threat-of-consequence'], { content: 'Final warning: pay the outstanding amount or face prosecution.' })).toBe(
      "Don't pay anything. If you already paid, call your bank now.",
    );
    expect(advise(['threat-of-consequence'], { content: 'Notice of debt: you owe $1,230. Legal action will begin in 24 hours unless you call.' })).toBe(
      "Don't pay anything. If you already paid, call your bank now.",
    );
    expect(advise(['threat-of-consequence'], { content: 'Your account will be closed within 24 hours if you do not verify.' })).toBe(
      "Don't reply or do what it asks. Delete it.",
    );
  });

  it('follows up only on what the first sentence named', () => {
    // Three asks: the link and the details are named, so the follow-up is about details, not money.
    expect(advise(['parcel-redelivery-fee', 'login-path'], { link: true })).toBe(
      "Don't tap the link or give any code, password or card details. If you already entered details, call your bank.",
    );
  });

  it('asks for no code or password on a locked-account or code request in another language', () => {
    for (const id of ['foreign-credential-request', 'foreign-account-locked']) {
      expect(advise([id])).toBe("Don't give any code, password or card details. If you already gave them, call your bank.");
    }
  });
});
