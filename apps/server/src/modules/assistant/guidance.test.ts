import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultContent, type ContentArticle } from '../../content/load-content.ts';

/**
 * The assistant's guidance is the content folder's articles (`content/articles/`); the loader
 * checks their format and `content/content.test.ts` what the Knowledge Base needs. This is what
 * the assistant needs of them: every scam type and situation it must explain, no step that asks
 * for a secret, and an article that answers each question of its test set.
 */
const GUIDANCE = defaultContent().articles;
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The scam types the assistant must be able to explain, one article each (issue 6). */
const REQUIRED_SCAM_TYPES = [
  'phishing-emails',
  'smishing-text-scams',
  'unpaid-toll-texts',
  'parcel-delivery-fee-texts',
  'fake-bank-fraud-alerts',
  'account-locked-or-suspended',
  'one-time-code-requests',
  'gift-card-payment-demands',
  'crypto-investment-pig-butchering',
  'wrong-number-and-romance-openers',
  'hi-mum-family-emergency',
  'job-and-task-scams',
  'tech-support-and-fake-renewal-invoices',
  'tax-refund-impersonation',
  'government-benefit-scams',
  'prize-and-lottery-scams',
  'sextortion-emails',
  'marketplace-overpayment-scams',
  'qr-code-phishing',
  'fake-shopping-sites',
  'social-media-account-recovery-scams',
  'voice-cloning-ai-calls',
  'moving-chat-to-whatsapp-telegram',
];

/** Situations after a scam, protection topics, reporting countries and product topics the issue asks for. */
const REQUIRED_OTHERS = [
  'after-clicking-a-link',
  'after-entering-a-password',
  'after-giving-a-one-time-code',
  'after-paying-by-card',
  'after-paying-by-bank-transfer',
  'after-paying-with-gift-cards',
  'after-paying-in-crypto',
  'after-giving-remote-access',
  'after-sharing-personal-details',
  'hacked-email-or-social-account',
  'strong-passwords-and-password-manager',
  'two-factor-authentication',
  'passkeys',
  'keep-devices-updated',
  'check-a-link-safely',
  'verify-a-caller',
  'protect-older-relatives',
  'family-code-word',
  'report-scams-us',
  'report-scams-uk',
  'report-scams-canada',
  'report-scams-australia',
  'report-scams-ireland',
  'report-scams-india',
  'report-scams-eu',
  'report-to-platforms',
  'tell-your-bank',
  'baitcheck-verdicts',
  'baitcheck-plans-and-prices',
  'baitcheck-history-retention',
  'baitcheck-scan-limits',
  'baitcheck-enhanced-scan-privacy',
  'baitcheck-report-wrong-verdict',
  'baitcheck-block-sender',
  'baitcheck-accounts',
  'baitcheck-accessibility',
  'baitcheck-upgrade',
  'baitcheck-cancel-and-refund',
  'baitcheck-change-password',
  'baitcheck-delete-your-data',
  'baitcheck-family-plan',
  'baitcheck-family-dashboard',
  'baitcheck-on-device-scanning',
  'baitcheck-source-plugins',
  'baitcheck-contact-support',
];

/** Verbs of handing something over, within a few words of a secret: "read me the code", "send your password". */
const HAND_OVER_SECRET =
  /\b(?:send|share|give|tell|read(?: out)?|forward|provide|hand over|disclose|reveal|say)\b(?:\s+\S+){0,4}?\s+(?:(?:one-time|verification|security|login|2fa)\s+)?(?<!\bqr\s)(?:password|passwords|passcode|pin|code|codes|otp)\b/i;
const NEGATION = /\b(?:never|not|no one|nobody|without|refuse|ignore)\b|n't\b/i;
const TO_US = /\b(?:to|with)\s+(?:us|baitcheck|our (?:team|support))\b/i;
const SECRET = /\b(?:password|passwords|passcode|pin|code|codes|otp)\b/i;

/** The sentences of `text` that ask the reader to hand over a password or a code, or to send one to us. */
function sharingRequests(text: string): string[] {
  return text
    .split(/(?<=[.;!?])\s+|:\s+/)
    .filter((sentence) => {
      if (NEGATION.test(sentence)) return false;
      return HAND_OVER_SECRET.test(sentence) || (TO_US.test(sentence) && SECRET.test(sentence));
    });
}

const byId = new Map(GUIDANCE.map((a) => [a.id, a]));

/** What the assistant answers with: the title, summary and steps (not the signs). */
function answerText(a: ContentArticle): string {
  return [a.title, a.summary, ...a.steps].join('\n').toLowerCase();
}

describe('guidance corpus', () => {
  it('has at least 45 articles, each with something to answer', () => {
    expect(GUIDANCE.length).toBeGreaterThanOrEqual(45);
    for (const a of GUIDANCE) {
      expect(a.summary.trim().length, a.id).toBeGreaterThan(40);
      expect(a.steps.length, a.id).toBeGreaterThan(0);
      expect(a.keywords.length, a.id).toBeGreaterThan(0);
    }
  });

  it('never asks the reader, in a step, to share a password or a code', () => {
    const offending = GUIDANCE.flatMap((a) => a.steps.flatMap((step) => sharingRequests(step).map((s) => `${a.id}: ${s}`)));
    expect(offending).toEqual([]);
  });

  it('recognises a request to share a secret (the check above works)', () => {
    expect(sharingRequests('Read me the code we just sent you.')).toHaveLength(1);
    expect(sharingRequests('Send your password to us so we can check.')).toHaveLength(1);
    expect(sharingRequests('Please tell the agent your one-time code.')).toHaveLength(1);
    expect(sharingRequests('Never tell anyone a code that was sent to you.')).toEqual([]);
    expect(sharingRequests('Read the whole text that came with the code.')).toEqual([]);
    expect(sharingRequests('Your phone camera can read QR codes.')).toEqual([]);
  });

  it('covers every common scam type, one article each', () => {
    for (const id of REQUIRED_SCAM_TYPES) {
      expect(byId.get(id)?.kind, id).toBe('scam-type');
    }
  });

  it('covers the situations after a scam, protection, reporting by country and the product', () => {
    for (const id of REQUIRED_OTHERS) expect(byId.has(id), id).toBe(true);
    const regions = new Set(GUIDANCE.filter((a) => a.kind === 'reporting').map((a) => a.region));
    for (const r of ['US', 'UK', 'CA', 'AU', 'IE', 'IN', 'EU']) expect(regions.has(r), r).toBe(true);
  });

  it('answers about the plans, limits and retention with their figures (title, summary, steps)', () => {
    const text = (id: string) => answerText(byId.get(id)!);
    expect(text('baitcheck-plans-and-prices')).toMatch(/\$7\.99/);
    expect(text('baitcheck-plans-and-prices')).toMatch(/\$14\.99/);
    expect(text('baitcheck-plans-and-prices')).toMatch(/up to 5 members/);
    for (const days of ['7 days', '30 days', '90 days']) expect(text('baitcheck-history-retention')).toContain(days);
    expect(text('baitcheck-scan-limits')).toMatch(/daily limit/);
    expect(text('baitcheck-scan-limits')).toMatch(/\b10\b/);
    expect(text('baitcheck-enhanced-scan-privacy')).toMatch(/basic scan .*sends nothing/);
    expect(text('baitcheck-cancel-and-refund')).toMatch(/within 14 days/);
  });
});

interface EvalQuestion {
  id: string;
  question: string;
  history?: { role: 'user' | 'assistant'; content: string }[];
  before?: string[];
  mustContain: string[];
  mustNotContain?: string[];
  aboutMessage?: boolean;
  kind: 'guidance' | 'scan' | 'follow-up' | 'clarify' | 'refuse';
}

describe('assistant eval questions', () => {
  const questions = JSON.parse(readFileSync(new URL('./eval/questions.json', import.meta.url), 'utf8')) as EvalQuestion[];

  it('are well formed, with unique ids', () => {
    expect(questions.length).toBeGreaterThanOrEqual(48);
    expect(new Set(questions.map((q) => q.id)).size).toBe(questions.length);
    for (const q of questions) {
      expect(q.id, q.id).toMatch(KEBAB);
      expect(q.question.trim(), q.id).not.toBe('');
      expect(['guidance', 'scan', 'follow-up', 'clarify', 'refuse'], q.id).toContain(q.kind);
      expect(q.mustContain.length, q.id).toBeGreaterThan(0);
      for (const m of q.mustContain) for (const alt of m.split('|')) expect(alt.trim(), q.id).not.toBe('');
      // a follow-up comes after something: turns written out, or questions asked first
      if (q.kind === 'follow-up') expect((q.history?.length ?? 0) + (q.before?.length ?? 0), q.id).toBeGreaterThan(0);
      for (const earlier of q.before ?? []) expect(earlier.trim(), q.id).not.toBe('');
      for (const m of q.mustNotContain ?? []) for (const alt of m.split('|')) expect(alt.trim(), q.id).not.toBe('');
      for (const turn of q.history ?? []) {
        expect(['user', 'assistant'], q.id).toContain(turn.role);
        expect(turn.content.trim(), q.id).not.toBe('');
      }
    }
  });

  it('hold conversations: follow-ups that refer to the message, and new questions after a check that must not', () => {
    const sequences = questions.filter((q) => (q.before?.length ?? 0) > 0);
    expect(sequences.filter((q) => q.aboutMessage === true).length).toBeGreaterThanOrEqual(4);
    expect(sequences.filter((q) => q.aboutMessage === false).length).toBeGreaterThanOrEqual(4);
  });

  it('have enough of each kind', () => {
    const count = (kind: EvalQuestion['kind']) => questions.filter((q) => q.kind === kind).length;
    expect(count('guidance')).toBeGreaterThanOrEqual(30);
    expect(count('scan')).toBeGreaterThanOrEqual(8);
    expect(count('follow-up')).toBeGreaterThanOrEqual(4);
    expect(count('clarify')).toBeGreaterThanOrEqual(3);
    expect(count('refuse')).toBeGreaterThanOrEqual(3);
  });

  it('ask guidance facts that one article states in its answer (title, summary, steps)', () => {
    const texts = GUIDANCE.map(answerText);
    const unanswerable = questions
      .filter((q) => q.kind === 'guidance')
      .filter((q) => !texts.some((t) => q.mustContain.every((m) => m.split('|').some((alt) => t.includes(alt.toLowerCase())))))
      .map((q) => q.id);
    expect(unanswerable).toEqual([]);
  });
});
