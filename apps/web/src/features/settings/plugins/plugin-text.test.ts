import { describe, expect, it } from 'vitest';
import { describeActivity, describeAgo, describeConfirmation, describeExpiry, formatPhoneNumber } from './plugin-text';

const NOW = new Date('2026-03-05T15:00:00.000Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000).toISOString();

describe('plugin wording', () => {
  it("says what a plugin received: 'Last message 5 minutes ago · 12 scanned · 1 waiting'", () => {
    expect(describeActivity({ lastMessageAt: ago(300), scanned: 12, waiting: 1 }, true, NOW)).toBe('Last message 5 minutes ago · 12 scanned · 1 waiting');
    expect(describeActivity({ lastMessageAt: ago(10), scanned: 1, waiting: 0 }, true, NOW)).toBe('Last message just now · 1 scanned');
    expect(describeActivity({ lastMessageAt: null, scanned: 0, waiting: 0 }, true, NOW)).toBe('No messages yet · 0 scanned');
    // never used: nothing to say
    expect(describeActivity({ lastMessageAt: null, scanned: 0, waiting: 0 }, false, NOW)).toBe('');
    // disconnected since: what it did still shows
    expect(describeActivity({ lastMessageAt: ago(2 * 86_400), scanned: 3, waiting: 0 }, false, NOW)).toBe('Last message 2 days ago · 3 scanned');
  });

  it('says how long ago in the largest whole unit, a date past a week', () => {
    expect(describeAgo(ago(59), NOW)).toBe('just now');
    expect(describeAgo(ago(60), NOW)).toBe('1 minute ago');
    expect(describeAgo(ago(3600), NOW)).toBe('1 hour ago');
    expect(describeAgo(ago(5 * 3600 + 59), NOW)).toBe('5 hours ago');
    expect(describeAgo(ago(86_400), NOW)).toBe('1 day ago');
    expect(describeAgo('2026-02-01T12:00:00.000Z', NOW)).toBe('on Feb 1');
  });

  it('groups North American numbers and leaves the others as the server gave them', () => {
    expect(formatPhoneNumber('+15550100100')).toBe('+1 555 010 0100');
    expect(formatPhoneNumber('+447700900123')).toBe('+447700900123');
  });

  it('says what to text, from where, and until when', () => {
    const confirmation = { code: 'Baitcheck 123456', sendTo: '+15550100100', expiresAt: new Date(NOW.getTime() + 30 * 60_000).toISOString() };
    expect(describeConfirmation({ id: 'sms', configuration: { phoneNumber: '+15550100199' } }, confirmation)).toBe('Text “Baitcheck 123456” to +1 555 010 0100 from +1 555 010 0199.');
    expect(describeConfirmation({ id: 'sms', configuration: {} }, confirmation)).toBe('Text “Baitcheck 123456” to +1 555 010 0100 from your phone.');
    expect(describeConfirmation({ id: 'slack', configuration: {} }, { ...confirmation, sendTo: '#general' })).toBe('Post “Baitcheck 123456” in #general, as a message of its own.');
    expect(describeExpiry(confirmation.expiresAt, NOW)).toMatch(/^The code works until \d{1,2}:\d{2} (AM|PM) \(in 30 minutes\)\.$/);
  });
});
