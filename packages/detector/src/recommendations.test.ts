import { describe, expect, it } from 'vitest';
import { analyze } from './analyze';
import { adviceFor, contactBrand, RECOMMENDATIONS, recommend, SCAM_ADVICE, scamAdvice } from './recommendations';
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

  it('does not send a person-to-person scam to "the company", nor repeat it after advice that already says where to check', () => {
    expect(recommend('suspicious', [reason('family-emergency')], 0)).not.toContain(RECOMMENDATIONS.contactOfficial);
    expect(recommend('suspicious', [reason('romance-opener')], 0)).not.toContain(RECOMMENDATIONS.contactOfficial);
    // the toll advice already says "your toll agency's official website or app"
    expect(recommend('suspicious', [reason('unpaid-toll')], 0)).not.toContain(RECOMMENDATIONS.contactOfficial);
    // with no advice saying where, the general line is given
    expect(recommend('suspicious', [reason('otp-code-request')], 0)).toContain(RECOMMENDATIONS.contactOfficial);
    expect(recommend('suspicious', [reason('text-model', 'medium')], 1)).toContain(RECOMMENDATIONS.contactOfficial);
    // nor to "the company" when none is in play: no scam kind, no link, no account threat ("Resend please")
    expect(recommend('suspicious', [reason('text-model', 'medium')], 0)).not.toContain(RECOMMENDATIONS.contactOfficial);
  });

  it('answers a threat by what it threatens: the police for an arrest, the account for a closure', () => {
    const threat = (...words: string[]): Reason => ({ id: 'threat-of-consequence', label: 'x', severity: 'medium', evidence: words.map((text, i) => ({ start: i * 10, end: i * 10 + text.length, text })) });
    expect(adviceFor(threat('arrest warrant', 'immediately'))).toBe(SCAM_ADVICE['threat-of-consequence']);
    expect(adviceFor(threat('legal action', 'unless'))).toBe(SCAM_ADVICE['threat-of-consequence']);
    expect(adviceFor(threat('within 24 hours', 'account will be permanently suspended'))).toBe(SCAM_ADVICE['account-locked']);
    expect(adviceFor(threat('licence will be suspended', 'unless'))).toBe(SCAM_ADVICE['traffic-fine']);
    expect(adviceFor(threat('disconnected', 'within 2 hours'))).toBe(SCAM_ADVICE['utility-disconnection']);
  });

  it('does not ask a stranger\'s target to "check with the sender"', () => {
    expect(recommend('suspicious', [reason('wrong-number-opener')], 0)).not.toContain(RECOMMENDATIONS.verifySender);
    // a relative on a "new number" is checked on the number the person already has
    expect(recommend('suspicious', [reason('family-emergency')], 0)).toContain(RECOMMENDATIONS.verifySender);
  });

  it('promises nothing about prizes unless a prize was promised', () => {
    const words = (...texts: string[]): Reason => ({ id: 'reward-language', label: 'x', severity: 'low', evidence: texts.map((text) => ({ start: 0, end: text.length, text })) });
    expect(recommend('suspicious', [reason('investment-promise', 'medium'), words('free')], 0)).not.toContain(RECOMMENDATIONS.prizes);
    expect(recommend('suspicious', [reason('text-model', 'medium'), words('Congratulations', 'won')], 0)).toContain(RECOMMENDATIONS.prizes);
  });

  it('gives at most two scam-type sentences, most severe reason first, without repeats', () => {
    const reasons = [reason('gift-card-payment'), reason('secrecy-request', 'medium'), reason('wire-or-p2p-payment', 'medium'), reason('prize-claim', 'medium')];
    expect(scamAdvice(reasons)).toEqual([SCAM_ADVICE['gift-card-payment'], SCAM_ADVICE['secrecy-request']]);
    const out = recommend('phishing', [reason('prize-claim'), reason('reward-language', 'low')], 0);
    expect(out.filter((l) => l === RECOMMENDATIONS.prizes)).toHaveLength(1);
  });

  it('has advice for every scam-intent rule except the combining signals and trust rules', () => {
    const withoutAdvice = INTENT_RULES.filter((r) => r.polarity !== 'trust' && adviceFor({ id: r.id, label: r.label, severity: r.severity, evidence: [] }) === null).map((r) => r.id);
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
    // the free-hosting advice already says to type the company's own address
    expect(suspicious).not.toContain(RECOMMENDATIONS.contactOfficialLink);
    expect(suspicious).not.toContain(RECOMMENDATIONS.contactOfficial);
    const shortened = recommend('suspicious', [reason('url-shortener', 'medium')], 1, 'url');
    expect(shortened).toContain(RECOMMENDATIONS.contactOfficialLink);
    expect(shortened).not.toContain(RECOMMENDATIONS.contactOfficial);
    expect(suspicious[suspicious.length - 1]).toBe(RECOMMENDATIONS.blockReportLink);
    // a message keeps the message's lines
    expect(recommend('suspicious', [reason('free-hosting', 'medium')], 1)).toContain(RECOMMENDATIONS.verifySender);
  });

  it('names a blocked sender', () => {
    expect(recommend('suspicious', [reason('blocked-sender', 'medium')], 0)).toContain(RECOMMENDATIONS.blockedSender);
  });
});

/** What the engine recommends for a message, end to end. */
const advise = (content: string, source: 'sms' | 'email' = 'sms') => analyze({ kind: 'text', content, source });

describe('recommendations fit the message', () => {
  const POLICE = SCAM_ADVICE['threat-of-consequence'] as string;

  it('an account-limited email: the account and the brand, never the police', () => {
    const a = advise(
      'PayPal: Your account has been limited. We noticed unusual activity on your account. To restore access, please confirm your information within 24 hours or your account will be permanently suspended. Log in: https://paypal-resolution-center.com/login',
      'email',
    );
    expect(a.threatLevel).toBe('phishing');
    expect(a.recommendations).toEqual([
      RECOMMENDATIONS.dontClick,
      RECOMMENDATIONS.alreadyClicked,
      SCAM_ADVICE['account-locked'],
      contactBrand('PayPal'),
      RECOMMENDATIONS.neverShareCodes,
      RECOMMENDATIONS.blockReport,
    ]);
    expect(a.recommendations).not.toContain(POLICE);
  });

  it('a parcel fee text: the carrier, not codes, prizes or the police', () => {
    const a = advise('Royal Mail: Your parcel is awaiting delivery. A £1.45 redelivery fee is due. Pay now: https://royalmail-redelivery.info/pay');
    expect(a.recommendations).toEqual([
      RECOMMENDATIONS.dontClick,
      RECOMMENDATIONS.alreadyClicked,
      SCAM_ADVICE['parcel-redelivery-fee'],
      contactBrand('Royal Mail'),
      RECOMMENDATIONS.blockReport,
    ]);
  });

  it('a bank one-time-code request: never share the code, said once', () => {
    const a = advise('HSBC: We have blocked a suspicious payment of £950. To cancel it, reply with the 6-digit verification code we just sent to your phone.');
    expect(a.threatLevel).not.toBe('safe');
    expect(a.recommendations).toContain(SCAM_ADVICE['otp-code-request']);
    expect(a.recommendations).not.toContain(RECOMMENDATIONS.neverShareCodes);
    expect(a.recommendations).not.toContain(RECOMMENDATIONS.dontClick);
    expect(a.recommendations).not.toContain(POLICE);
  });

  it('a wrong-number opener: stop chatting and block, no company and no "check with the sender"', () => {
    const a = advise("Hi, is this Linda? It's Sarah from yoga, are we still on for Thursday?");
    expect(a.threatLevel).toBe('suspicious');
    expect(a.recommendations).toEqual([SCAM_ADVICE['wrong-number-opener'], RECOMMENDATIONS.blockReport]);
  });

  it('a crypto investment pitch: returns and the move to WhatsApp, no company, no prizes', () => {
    const a = advise(
      'Hi! I made $4,800 this week on a crypto trading platform my mentor recommends. Guaranteed 30% daily returns, start with just $200 in bitcoin. Add me on WhatsApp +44 7700 900123',
    );
    expect(a.threatLevel).not.toBe('safe');
    expect(a.recommendations).toEqual([
      RECOMMENDATIONS.dontReply,
      SCAM_ADVICE['investment-promise'],
      SCAM_ADVICE['move-to-other-app'],
      RECOMMENDATIONS.blockReport,
    ]);
  });

  it('an arrest threat from the "IRS": the tax office and the police, said once each', () => {
    const a = advise('IRS: A warrant has been issued for your arrest over unpaid taxes. Call 1-888-555-0199 immediately to avoid legal action.');
    expect(a.recommendations).toContain(SCAM_ADVICE['tax-refund']);
    expect(a.recommendations).toContain(POLICE);
    expect(a.recommendations).not.toContain(RECOMMENDATIONS.contactOfficial);
  });

  it('a safe message: nothing to do', () => {
    const a = advise("Hi Mum, I'll be home at 8, do you need anything from the shop?");
    expect(a.threatLevel).toBe('safe');
    expect(a.recommendations).toEqual([]);
  });
});
