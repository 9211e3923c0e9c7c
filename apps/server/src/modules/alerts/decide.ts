import type { AlertType, MessageSource, NotificationPreferences, ThreatLevel } from '@baitcheck/contracts';
import { THRESHOLDS } from '@baitcheck/detector';
import type { AlertChannel } from '../../db/schema.ts';

/**
 * The alerts' decision table (issue 19): which alert, if any, a scan or an event raises for a
 * person, and on which channels it goes. Pure: the service reads the preferences and the
 * channels' availability and hands them in. The README's "Real-time alerts" table says the same.
 */

/** The preference switch of each alert type (spec section 3 names them in the plural). */
export const PREFERENCE_OF: Record<AlertType, keyof NotificationPreferences['types']> = {
  phishing_alert: 'phishing_alerts',
  security_update: 'security_updates',
  suspicious_content: 'suspicious_content',
  tips_and_education: 'tips_and_education',
};

/**
 * The lowest score each sensitivity alerts at, and what a message at or above it is told as.
 * 1 Low: only the clearest phishing (halfway between the phishing threshold and certainty).
 * 2 Medium-Low: every phishing verdict. 3 Medium: suspicious messages too, as Suspicious Content.
 * 4 Medium-High: suspicious messages as phishing alerts. 5 High: also safe messages close to
 * suspicious (within 0.1 of its threshold), as Suspicious Content.
 */
export function scoreThreshold(sensitivity: number): number {
  const { suspicious, phishing } = THRESHOLDS;
  switch (Math.min(Math.max(Math.round(sensitivity), 1), 5)) {
    case 1:
      return phishing + (1 - phishing) / 2;
    case 2:
      return phishing;
    case 3:
    case 4:
      return suspicious;
    default:
      return Math.max(0, suspicious - 0.1);
  }
}

/** A scan that was kept in History, as the alerts service sees it. */
export interface ScanEvent {
  threatLevel: ThreatLevel;
  score: number;
  source: MessageSource;
}

/**
 * The alert type a scan raises at these preferences, or null for none: a phishing verdict at or
 * above the sensitivity's score is a phishing alert; a suspicious one (or, at High, a safe one
 * close to suspicious) is a phishing alert at Medium-High and above when phishing alerts are on,
 * else Suspicious Content when that is on. One type per message: it is told once.
 */
export function alertTypeForScan(scan: ScanEvent, prefs: NotificationPreferences): AlertType | null {
  const sensitivity = prefs.sensitivity;
  if (scan.score < scoreThreshold(sensitivity) && scan.threatLevel !== 'phishing') return null;
  if (scan.threatLevel === 'phishing') {
    // a blocked sender or a rule's floor makes a verdict phishing whatever the score: still phishing
    if (sensitivity === 1 && scan.score < scoreThreshold(1)) return null;
    return prefs.types.phishing_alerts ? 'phishing_alert' : null;
  }
  if (sensitivity >= 4 && scan.threatLevel === 'suspicious' && prefs.types.phishing_alerts) return 'phishing_alert';
  return sensitivity >= 3 && prefs.types.suspicious_content ? 'suspicious_content' : null;
}

/** Whether an account event or a tip is wanted at these preferences. */
export function wantsType(type: AlertType, prefs: NotificationPreferences): boolean {
  return prefs.types[PREFERENCE_OF[type]];
}

/** Where one alert may go outside the app, for this person on this server. */
export interface ChannelReach {
  /** A browser subscription or an app's token is registered. */
  push: boolean;
  /** An SMTP server is set up and the person has an account email. */
  email: boolean;
  /** Twilio's Messages API is set up and the person has a confirmed phone. */
  sms: boolean;
}

/**
 * The outside channels an alert goes out on: each channel switched on in the preferences and able
 * to reach the person. A scan the person made in the app (source `manual`) is listed in the app
 * only: they are looking at its result. Tips go by push and email only (a text costs money and a
 * tip is not urgent).
 */
export function channelsFor(type: AlertType, origin: 'scan' | 'event', source: MessageSource | null, prefs: NotificationPreferences, reach: ChannelReach): AlertChannel[] {
  if (origin === 'scan' && source === 'manual') return [];
  const out: AlertChannel[] = [];
  if (prefs.channels.push && reach.push) out.push('push');
  if (prefs.channels.email && reach.email) out.push('email');
  if (prefs.channels.sms && reach.sms && type !== 'tips_and_education') out.push('sms');
  return out;
}
