import { describe, expect, it } from 'vitest';
import { PLANS } from '@baitcheck/contracts/lite';
import { manageSubscriptionHref } from '@/config/paths';
import {
  CANNED_REPLIES,
  LIVE_CHAT_REPLY_DELAY_MAX_MS,
  LIVE_CHAT_REPLY_DELAY_MIN_MS,
  chooseReply,
  matchTopic,
  replyDelayMs,
  replyText,
  type ReplyPart,
  type ReplyTopic,
} from './canned-replies';

const links = (parts: readonly ReplyPart[]) => parts.flatMap((p) => (typeof p === 'string' ? [] : [p]));

describe('matchTopic', () => {
  it.each<[string, ReplyTopic]>([
    // the spec's topics and the brief's words
    ['How do I change my subscription?', 'billing'],
    ['My payment did not go through', 'billing'],
    ['Question about billing', 'billing'],
    ['Can I get a refund', 'billing'],
    ['Which plan is right for my family?', 'billing'],
    ['I want to see the plans', 'billing'],
    ['Is this phishing', 'security'],
    ['How does a scan work', 'security'],
    ['What counts as a threat', 'security'],
    ['I think I was scammed', 'security'],
    ['Is this link safe?', 'security'],
    ['I never get a notification', 'notifications'],
    ['Too many alerts', 'notifications'],
    ['Hello there', 'other'],
    ['', 'other'],
  ])('%j → %s', (message, topic) => {
    expect(matchTopic(message)).toBe(topic);
  });

  it('matches whole words only, not words that merely contain a topic word', () => {
    expect(matchTopic('What a scandal')).toBe('other'); // scan
    expect(matchTopic('Greetings from planet Earth')).toBe('other'); // plan
    expect(matchTopic('I work at LinkedIn')).toBe('other'); // link
    expect(matchTopic('alertness')).toBe('other'); // alert
    expect(matchTopic('prepayment')).toBe('other'); // payment
  });

  it('ignores case and punctuation around the word', () => {
    expect(matchTopic('REFUND?!')).toBe('billing');
    expect(matchTopic('(phishing)')).toBe('security');
    expect(matchTopic('alerts,notifications')).toBe('notifications');
    expect(matchTopic('re-scan please')).toBe('security');
  });

  it('answers a message naming several topics with the safety reply first, then billing, then notifications', () => {
    expect(matchTopic('My Netflix subscription payment failed, is this a scam?')).toBe('security');
    expect(matchTopic('Do alerts come with the Premium plan?')).toBe('billing');
  });
});

describe('chooseReply', () => {
  it('gives each topic its reply, with real links into the app', () => {
    expect(chooseReply('refund please')).toEqual({ topic: 'billing', parts: CANNED_REPLIES.billing });
    expect(links(CANNED_REPLIES.billing)).toEqual([
      { text: 'Upgrade page', href: '/subscription' },
      { text: 'Manage Subscription', href: manageSubscriptionHref },
      { text: 'Contact Support', href: '/contact-support' },
    ]);
    expect(links(chooseReply('is this a scam').parts)).toEqual([
      { text: 'Scan', href: '/scan' },
      { text: 'Virtual Assistant', href: '/account?tab=assistant' },
    ]);
    expect(links(chooseReply('alerts').parts)).toEqual([{ text: 'Settings', href: '/settings?tab=notifications' }]);
    expect(links(chooseReply('hi').parts)).toEqual([{ text: 'Contact Support', href: '/contact-support' }]);
  });

  it("states the plans' prices and the money-back window from the plans themselves", () => {
    const text = replyText(CANNED_REPLIES.billing);
    expect(text).toContain(`$${PLANS.premium.price} a month`);
    expect(text).toContain(`$${PLANS.family.price} a month`);
    expect(text).toContain('within 14 days of your first payment');
  });

  it('says alerts are not sent yet (true of the product today)', () => {
    expect(replyText(CANNED_REPLIES.notifications)).toContain('Baitcheck does not send alerts yet');
  });
});

describe('replyText', () => {
  it("joins the parts, a link's words in place", () => {
    expect(replyText(['Go to ', { text: 'Scan', href: '/scan' }, ' now.'])).toBe('Go to Scan now.');
  });
});

describe('replyDelayMs', () => {
  it('spreads the typing time over 1.5 to 3 seconds', () => {
    expect(LIVE_CHAT_REPLY_DELAY_MIN_MS).toBe(1500);
    expect(LIVE_CHAT_REPLY_DELAY_MAX_MS).toBe(3000);
    expect(replyDelayMs(() => 0)).toBe(1500);
    expect(replyDelayMs(() => 0.5)).toBe(2250);
    expect(replyDelayMs(() => 0.9999999)).toBe(3000);
  });

  it('stays within the range whatever the random source gives', () => {
    expect(replyDelayMs(() => -1)).toBe(1500);
    expect(replyDelayMs(() => 7)).toBe(3000);
    for (let i = 0; i < 200; i += 1) {
      const ms = replyDelayMs();
      expect(ms).toBeGreaterThanOrEqual(1500);
      expect(ms).toBeLessThanOrEqual(3000);
    }
  });
});
