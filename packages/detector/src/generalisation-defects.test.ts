/**
 * The defects issue 15 names, each a message a person meets: the verdict each must get, and that
 * a warning always shows a reason a person can check (not only the spec's word lists).
 */
import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { PHRASE_RULES } from './rules/phrases/index';
import type { AnalyzeInput } from './types';

const WORD_LISTS = new Set(PHRASE_RULES.map((r) => r.id));
const sms = (content: string): AnalyzeInput => ({ kind: 'text', content, source: 'sms' });

function verdict(input: AnalyzeInput) {
  const a = analyze(input);
  if (a.threatLevel !== 'safe') {
    // every warning explains itself with something besides a word list, with evidence
    const checkable = a.reasons.filter((r) => !WORD_LISTS.has(r.id));
    expect(checkable.length, JSON.stringify(a.reasons)).toBeGreaterThan(0);
    for (const r of checkable) expect(r.evidence.length).toBeGreaterThan(0);
  }
  return a;
}

describe('issue 15 defects', () => {
  it('1. keeps a warning the models found when the only rules left are word lists, and shows the models as reasons', () => {
    const wf = verdict(sms("WELLS FARGO: To finish adding MARK T as an authorized user, reply Y. Didn't request this? Visit https://wf-secureonline.com/ to protect your account."));
    expect(wf.threatLevel).not.toBe('safe');
    expect(wf.reasons.map((r) => r.id)).toEqual(expect.arrayContaining(['url-model']));
    const diet = verdict(sms('Lose 30 lbs in 4 weeks with this one trick doctors hate! Jason see it here: slimfastfix.co/x9'));
    expect(diet.threatLevel).not.toBe('safe');
  });

  it('2. flags a "purchase you did not make, call this number" alert', () => {
    const a = verdict(sms('Your Chase card was used for $612.40 at BestBuy.com. If this was not you, call us now at 1-888-555-0142 to cancel.'));
    expect(a.threatLevel).not.toBe('safe');
    expect(a.reasons.map((r) => r.id)).toContain('fraud-alert-callback');
  });

  it('3. flags a stranger\'s "we met, remember me?" opener', () => {
    const a = verdict(sms("Hello Kevin, it's Jenna. We met at the wine tasting in Sonoma last spring, remember me?"));
    expect(a.threatLevel).toBe('suspicious');
    expect(a.reasons.map((r) => r.id)).toContain('wrong-number-opener');
  });

  it('4. calls a promotion with no link, no ask and no payment at most suspicious, and keeps a bank\'s own warning safe', () => {
    expect(verdict(sms('MTN: Recharge N500 today and get 100% bonus airtime valid for 3 days. Dial *888# to check your bonus balance.')).threatLevel).not.toBe('phishing');
    expect(verdict(sms('GTBank will never ask for your PIN, password or OTP by phone, SMS or email. Do not disclose them to anyone.')).threatLevel).toBe('safe');
  });

  it('5. treats an unknown shortener scanned alone as suspicious', () => {
    const a = verdict({ kind: 'url', content: 'https://t2m.io/Kq83Jd' });
    expect(a.threatLevel).toBe('suspicious');
    expect(a.reasons.map((r) => r.id)).toContain('shortener-shape');
  });
});
