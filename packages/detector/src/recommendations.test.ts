import { describe, expect, it } from 'vitest';
import { contactBrand, RECOMMENDATIONS, recommend, SCAM_ADVICE, scamAdvice } from './recommendations';
import { INTENT_RULES } from './rules/intent';
import type { Reason, Severity } from './types';

const reason = (id: string, severity: Severity = 'high', brand?: string): Reason => ({
  id,
  label: id,
  severity,
  evidence: brand ? [{ start: 0, end: 0, text: brand }] : [{ start: 0, end: 4, text: 'text' }],
});

describe('recommend', () => {
  it('gives a safe result at most one gentle line', () => {
    expect(recommend('safe', [], 0)).toEqual([]);
    expect(recommend('safe', [reason('urgency-language', 'low')], 0)).toEqual([RECOMMENDATIONS.safe]);
    expect(recommend('safe', [], 1)).toEqual([RECOMMENDATIONS.safeLinks]);
    expect(recommend('safe', [reason('gift-card-payment')], 1)).toEqual([RECOMMENDATIONS.safeButCareful]);
  });

  it('tells a phishing target with a link not to click, to go to the brand, and to report', () => {
    const out = recommend('phishing', [reason('brand-outside-domain', 'high', 'Netflix'), reason('login-path', 'low')], 1);
    expect(out[0]).toBe(RECOMMENDATIONS.dontClick);
    expect(out).toContain(contactBrand('Netflix'));
    expect(out).toContain(RECOMMENDATIONS.neverShareCodes);
    expect(out[out.length - 1]).toBe(RECOMMENDATIONS.blockReport);
  });

  it.each([
    ['gift-card-payment', 'No real company or agency asks for payment in gift cards'],
    ['family-emergency', 'Call your relative on the number you already have'],
    ['unpaid-toll', "Check your balance on your toll agency's official website or app"],
    ['fraud-alert-callback', 'Call the number on the back of your card'],
    ['sextortion', 'Do not pay'],
    ['job-task-offer', 'Real employers do not hire by text'],
    ['investment-promise', 'Guaranteed or very high returns'],
    ['parcel-redelivery-fee', "carrier's official website"],
  ])('fits the advice to a %s scam', (id, words) => {
    const out = recommend('phishing', [reason(id)], 0);
    expect(out[0]).toBe(RECOMMENDATIONS.dontReply);
    expect(out[1]).toContain(words);
  });

  it('does not send a person-to-person scam to "the company", but keeps it for company scams', () => {
    expect(recommend('suspicious', [reason('family-emergency')], 0)).not.toContain(RECOMMENDATIONS.contactOfficial);
    expect(recommend('suspicious', [reason('unpaid-toll')], 0)).toContain(RECOMMENDATIONS.contactOfficial);
  });

  it('gives at most two scam-type sentences, most severe reason first, without repeats', () => {
    const reasons = [reason('gift-card-payment'), reason('secrecy-request', 'medium'), reason('wire-or-p2p-payment', 'medium'), reason('prize-claim', 'medium')];
    expect(scamAdvice(reasons)).toEqual([SCAM_ADVICE['gift-card-payment'], SCAM_ADVICE['secrecy-request']]);
    const out = recommend('phishing', [reason('prize-claim'), reason('reward-language', 'low')], 0);
    expect(out.filter((l) => l === RECOMMENDATIONS.prizes)).toHaveLength(1);
  });

  it('has advice for every scam-intent rule except the combining signals and trust rules', () => {
    const withoutAdvice = INTENT_RULES.filter((r) => r.polarity !== 'trust' && SCAM_ADVICE[r.id] === undefined).map((r) => r.id);
    expect(withoutAdvice).toEqual(['callback-phone-number']);
  });

  it('speaks of whoever sent a link scanned on its own, not of "the message"', () => {
    const phishing = recommend('phishing', [reason('brand-outside-domain', 'high', 'PayPal')], 1, 'url');
    expect(phishing[0]).toBe(RECOMMENDATIONS.dontClick);
    expect(phishing[phishing.length - 1]).toBe(RECOMMENDATIONS.blockReportLink);
    expect(phishing).not.toContain(RECOMMENDATIONS.blockReport);
    const suspicious = recommend('suspicious', [reason('free-hosting', 'medium')], 1, 'url');
    expect(suspicious.slice(0, 2)).toEqual([RECOMMENDATIONS.checkLinkFirst, RECOMMENDATIONS.verifyLinkSource]);
    expect(suspicious).toContain(SCAM_ADVICE['free-hosting']);
    expect(suspicious).not.toContain(RECOMMENDATIONS.verifySender);
    expect(suspicious).toContain(RECOMMENDATIONS.contactOfficialLink);
    expect(suspicious).not.toContain(RECOMMENDATIONS.contactOfficial);
    expect(suspicious[suspicious.length - 1]).toBe(RECOMMENDATIONS.blockReportLink);
    // a message keeps the message's lines
    expect(recommend('suspicious', [reason('free-hosting', 'medium')], 1)).toContain(RECOMMENDATIONS.verifySender);
  });

  it('names a blocked sender', () => {
    expect(recommend('suspicious', [reason('blocked-sender', 'medium')], 0)).toContain(RECOMMENDATIONS.blockedSender);
  });
});
