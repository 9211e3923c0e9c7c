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
    // Baitcheck's own plans and billing
    ['How do I change my subscription?', 'billing'],
    ['How do I get a refund for my subscription?', 'billing'],
    ['Can I get a refund of my Baitcheck payment?', 'billing'],
    ['Which plan is right for my family?', 'billing'],
    ['I want to see the plans', 'billing'],
    ['How much does Premium cost?', 'billing'],
    ['How do I upgrade?', 'billing'],
    ['Please cancel my subscription', 'billing'],
    ['Do I get more scans with Premium?', 'billing'],
    // a payment that may be anyone's: safety first, then Baitcheck's billing
    ['My payment did not go through', 'payment'],
    ['Question about billing', 'payment'],
    ['Can I get a refund', 'payment'],
    // scams and scanning
    ['Is this phishing', 'security'],
    ['How does a scan work', 'security'],
    ['What counts as a threat', 'security'],
    ['I think I was scammed', 'security'],
    ['Is this link safe?', 'security'],
    ['Is Baitcheck a scam?', 'security'],
    // the app's alert settings
    ['I never get a notification', 'notifications'],
    ['Too many alerts', 'notifications'],
    ['How do I turn on alerts?', 'notifications'],
    ['I get no alerts from Baitcheck', 'notifications'],
    ['Hello there', 'other'],
    ['', 'other'],
  ])('%j → %s', (message, topic) => {
    expect(matchTopic(message)).toBe(topic);
  });

  // What a frightened person writes: none of it may get the prices, the alert settings, or "wait for an email".
  it.each<string>([
    'I got an alert from my bank saying my account is locked',
    'A text says I am owed a tax refund',
    'I typed my card number into the website',
    'My bank account is locked what do I do',
    'I am scared I have been hacked',
    'help',
    'HELP!!',
    'I gave them the code they texted me',
    'I got a message from my son asking for money',
    'Someone called about fraud on my account',
    'I paid the delivery fee for a parcel',
    'I am worried, it looked urgent',
    'I entered my password on a website',
    'There is an alert from PayPal about a payment',
  ])('%j → the safety reply', (message) => {
    expect(matchTopic(message)).toBe('security');
  });

  it('never answers a message about someone else\'s subscription or payment with Baitcheck\'s prices', () => {
    expect(matchTopic('my Amazon subscription payment failed')).toBe('payment');
    expect(matchTopic('Your subscription has been renewed for $399')).toBe('payment');
    expect(replyText(chooseReply('my Amazon subscription payment failed').parts)).not.toContain('$');
  });

  it('leads with safety when a message about Baitcheck\'s plan also shows signs of a scam', () => {
    expect(matchTopic('I paid for Premium with my card but I am still on Basic')).toBe('payment');
    expect(matchTopic('A text says my Baitcheck subscription payment failed, click the link')).toBe('payment');
  });

  it.each<string>([
    'Is this a real person?',
    'Can I speak to a human please',
    'am I talking to a human',
    'Can I talk to someone',
    'I want to speak to an agent',
    'Are you a bot?',
    'are you real',
    'Is anyone there?',
    'human',
    'I was scammed, can I talk to a real person?',
  ])('%j → a straight answer that no person is here', (message) => {
    expect(matchTopic(message)).toBe('human');
  });

  it('does not take a question about a message for a question about the chat', () => {
    expect(matchTopic('I got a text, is it real?')).toBe('security');
    expect(matchTopic('A person texted me a link')).toBe('security');
  });

  it('matches whole words only, not words that merely contain a topic word', () => {
    expect(matchTopic('What a scandal')).toBe('other'); // scan
    expect(matchTopic('Greetings from planet Earth')).toBe('other'); // plan
    expect(matchTopic('I work at LinkedIn')).toBe('other'); // link
    expect(matchTopic('alertness')).toBe('other'); // alert
    expect(matchTopic('prepayment')).toBe('other'); // payment
    expect(matchTopic('That was helpful')).toBe('other'); // help
    expect(matchTopic('a bankside view')).toBe('other'); // bank
  });

  it('ignores case and punctuation around the word', () => {
    expect(matchTopic('PLANS?!')).toBe('billing');
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
  const afterClicking = { text: 'what to do after clicking a link', href: '/knowledge-base?article=after-clicking-a-link' };
  const assistant = { text: 'Virtual Assistant', href: '/account?tab=assistant' };
  const contactSupport = { text: 'Contact Support', href: '/contact-support' };

  it('gives each topic its reply, with real links into the app', () => {
    expect(chooseReply('refund for my subscription please')).toEqual({ topic: 'billing', parts: CANNED_REPLIES.billing });
    expect(links(CANNED_REPLIES.billing)).toEqual([
      { text: 'Upgrade page', href: '/subscription' },
      { text: 'Manage Subscription', href: manageSubscriptionHref },
      contactSupport,
    ]);
    expect(links(chooseReply('is this a scam').parts)).toEqual([afterClicking, { text: 'Scan', href: '/scan' }, assistant]);
    expect(links(chooseReply('Can I get a refund').parts)).toEqual([
      { text: 'Scan', href: '/scan' },
      { text: 'Upgrade page', href: '/subscription' },
      { text: 'Manage Subscription', href: manageSubscriptionHref },
      contactSupport,
    ]);
    expect(links(chooseReply('alerts').parts)).toEqual([{ text: 'Settings', href: '/settings?tab=notifications' }]);
    expect(links(chooseReply('hi').parts)).toEqual([afterClicking, assistant, contactSupport]);
    expect(links(chooseReply('Is this a real person?').parts)).toEqual([contactSupport, assistant]);
  });

  it('tells anyone who may have been caught to call the bank now: the safety, payment, human and general replies', () => {
    const urgent = 'If you shared card or bank details or paid someone, call your bank now on the number on the back of your card.';
    for (const message of ['I typed my card number into the website', 'Can I get a refund', 'Is this a real person?', 'hello']) {
      expect(replyText(chooseReply(message).parts)).toContain(urgent);
    }
    // the safety reply says it first
    expect(replyText(chooseReply('I typed my card number into the website').parts).startsWith(urgent)).toBe(true);
  });

  it('answers "is this a real person?" with a plain no, and where a person is', () => {
    const text = replyText(chooseReply('Is this a real person?').parts);
    expect(text.startsWith('No. This chat is an automated preview: no person reads it')).toBe(true);
    expect(text).toContain('To reach a person, write to Contact Support.');
  });

  it('promises no answer time: the server may have no email to answer from', () => {
    for (const parts of Object.values(CANNED_REPLIES)) {
      expect(replyText(parts)).not.toMatch(/\bhours?\b|usually|by email/i);
    }
  });

  it("states the plans' prices and the money-back window from the plans themselves", () => {
    const text = replyText(CANNED_REPLIES.billing);
    expect(text).toContain(`$${PLANS.premium.price} a month`);
    expect(text).toContain(`$${PLANS.family.price} a month`);
    expect(text).toContain('within 14 days of your first payment');
  });

  it('says where alerts show and where they are set up, and no longer that none are sent', () => {
    const text = replyText(CANNED_REPLIES.notifications);
    expect(text).toContain('New alerts show under the bell at the top of the app.');
    expect(text).toContain('Alerts about scans you make yourself show only in the app.');
    expect(text).not.toContain('does not send alerts yet');
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
