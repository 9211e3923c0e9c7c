import { DEFAULT_NOTIFICATION_PREFERENCES, type MessageSource, type NotificationPreferences } from '@baitcheck/contracts';
import { THRESHOLDS } from '@baitcheck/detector';
import { describe, expect, it } from 'vitest';
import { alertTypeForScan, channelsFor, scoreThreshold, wantsType } from './decide.ts';

const prefs = (sensitivity: number, types: Partial<NotificationPreferences['types']> = {}, channels: Partial<NotificationPreferences['channels']> = {}): NotificationPreferences => ({
  types: { ...DEFAULT_NOTIFICATION_PREFERENCES.types, ...types },
  channels: { ...DEFAULT_NOTIFICATION_PREFERENCES.channels, ...channels },
  sensitivity,
});

const { suspicious: S, phishing: P } = THRESHOLDS;
const CLEAR_PHISHING = { threatLevel: 'phishing' as const, score: 0.99, source: 'sms' as const };
const PLAIN_PHISHING = { threatLevel: 'phishing' as const, score: P + (1 - P) / 4, source: 'sms' as const };
const SUSPICIOUS = { threatLevel: 'suspicious' as const, score: (S + P) / 2, source: 'sms' as const };
const NEAR_SUSPICIOUS = { threatLevel: 'safe' as const, score: S - 0.05, source: 'sms' as const };
const SAFE = { threatLevel: 'safe' as const, score: 0.05, source: 'sms' as const };

describe('the alerts decision table', () => {
  it('maps each sensitivity to a score threshold, falling as sensitivity rises', () => {
    const thresholds = [1, 2, 3, 4, 5].map(scoreThreshold);
    expect(thresholds).toEqual([P + (1 - P) / 2, P, S, S, S - 0.1]);
    for (let i = 1; i < thresholds.length; i++) expect(thresholds[i]!).toBeLessThanOrEqual(thresholds[i - 1]!);
  });

  // sensitivity → [clear phishing, plain phishing, suspicious, safe close to suspicious, safe]
  it.each([
    [1, ['phishing_alert', null, null, null, null]],
    [2, ['phishing_alert', 'phishing_alert', null, null, null]],
    [3, ['phishing_alert', 'phishing_alert', 'suspicious_content', null, null]],
    [4, ['phishing_alert', 'phishing_alert', 'phishing_alert', null, null]],
    [5, ['phishing_alert', 'phishing_alert', 'phishing_alert', 'suspicious_content', null]],
  ])('at sensitivity %i, with every type on', (sensitivity, expected) => {
    const got = [CLEAR_PHISHING, PLAIN_PHISHING, SUSPICIOUS, NEAR_SUSPICIOUS, SAFE].map((scan) => alertTypeForScan(scan, prefs(sensitivity)));
    expect(got).toEqual(expected);
  });

  it('tells nothing of a type switched off, and falls back to Suspicious Content when phishing alerts are off', () => {
    expect(alertTypeForScan(CLEAR_PHISHING, prefs(3, { phishing_alerts: false }))).toBeNull();
    expect(alertTypeForScan(SUSPICIOUS, prefs(3, { suspicious_content: false }))).toBeNull();
    // at Medium-High a suspicious message is a phishing alert; with those off, still Suspicious Content
    expect(alertTypeForScan(SUSPICIOUS, prefs(4, { phishing_alerts: false }))).toBe('suspicious_content');
    expect(alertTypeForScan(NEAR_SUSPICIOUS, prefs(5, { suspicious_content: false }))).toBeNull();
  });

  it('alerts a phishing verdict made by a blocked sender or a rule even when its score is lower', () => {
    // a verdict floored to phishing has at least the phishing threshold; one below it is still phishing
    expect(alertTypeForScan({ threatLevel: 'phishing', score: P, source: 'email' }, prefs(2))).toBe('phishing_alert');
    expect(alertTypeForScan({ threatLevel: 'phishing', score: P, source: 'email' }, prefs(1))).toBeNull();
  });

  const ALL = { push: true, email: true, sms: true };
  const everyChannel = prefs(3, {}, ALL);

  // type × channel: which outside channels each alert goes out on, for a message from a plugin
  it.each([
    ['phishing_alert', ['push', 'email', 'sms']],
    ['suspicious_content', ['push', 'email', 'sms']],
    ['security_update', ['push', 'email', 'sms']],
    ['tips_and_education', ['push', 'email']],
  ] as const)('sends a %s on %j when every channel is on and reachable', (type, expected) => {
    expect(channelsFor(type, type === 'security_update' || type === 'tips_and_education' ? 'event' : 'scan', 'sms', everyChannel, ALL)).toEqual(expected);
  });

  it.each(['push', 'email', 'sms'] as const)('sends nothing on %s when it is switched off, or cannot reach the person', (channel) => {
    const off = prefs(3, {}, { ...ALL, [channel]: false });
    expect(channelsFor('phishing_alert', 'scan', 'email', off, ALL)).not.toContain(channel);
    expect(channelsFor('phishing_alert', 'scan', 'email', everyChannel, { ...ALL, [channel]: false })).not.toContain(channel);
  });

  it.each<MessageSource>(['sms', 'email', 'slack', 'social'])('sends an alert about a %s message from a plugin outside the app', (source) => {
    expect(channelsFor('phishing_alert', 'scan', source, everyChannel, ALL)).toEqual(['push', 'email', 'sms']);
  });

  it('keeps a scan the person made in the app to the app: they are looking at it', () => {
    expect(channelsFor('phishing_alert', 'scan', 'manual', everyChannel, ALL)).toEqual([]);
    // an account event is told everywhere whatever the source
    expect(channelsFor('security_update', 'event', null, everyChannel, ALL)).toEqual(['push', 'email', 'sms']);
  });

  it('follows the spec defaults: push on, email and SMS off', () => {
    expect(channelsFor('phishing_alert', 'scan', 'sms', DEFAULT_NOTIFICATION_PREFERENCES, ALL)).toEqual(['push']);
    expect(wantsType('tips_and_education', DEFAULT_NOTIFICATION_PREFERENCES)).toBe(false);
    expect(wantsType('security_update', DEFAULT_NOTIFICATION_PREFERENCES)).toBe(true);
  });
});
