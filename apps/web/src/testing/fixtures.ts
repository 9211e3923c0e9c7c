import type { CurrentUser, Message, MessageStats, ProtectionSettings, ScanAnalysis, ScanUsage, Subscription } from '@baitcheck/contracts';

export const GUEST: CurrentUser = { kind: 'guest', email: null, createdAt: '2025-03-01T12:00:00.000Z' };
export const ACCOUNT: CurrentUser = { kind: 'account', email: 'sam@example.com', createdAt: '2025-01-05T12:00:00.000Z' };

/** A visitor on the free plan. */
export const BASIC_SUBSCRIPTION: Subscription = { plan: 'basic', status: 'none', currentPeriodEnd: null, cancelAtPeriodEnd: false, refundableUntil: null, provider: 'test', moneyBackUsed: false, basicScansPerDay: 10 };

/** An active Premium subscription renewing on 5 March 2026. */
export function makePremium(overrides: Partial<Subscription> = {}): Subscription {
  return { plan: 'premium', status: 'active', currentPeriodEnd: '2026-03-05T12:00:00.000Z', cancelAtPeriodEnd: false, refundableUntil: null, provider: 'test', moneyBackUsed: false, basicScansPerDay: 10, ...overrides };
}

/** Today's scans on Basic: 10 a day, `used` of them made, counted again from the reader's next midnight. */
export function makeScanUsage(used: number, overrides: Partial<ScanUsage> = {}): ScanUsage {
  const midnight = new Date();
  midnight.setHours(24, 0, 0, 0);
  return { plan: 'basic', limit: 10, used, remaining: Math.max(0, 10 - used), resetsAt: midnight.toISOString(), timeZone: 'UTC', ...overrides };
}

/** An API error answer for `mockApi`. */
export const failWith = (status: number, code: string, message: string, details?: { field: string; message: string }[]) => ({
  status,
  body: { error: { code, message, ...(details ? { details } : {}) } },
});

export const PHISHING_TEXT = 'URGENT: your account is suspended. Click here http://paypa1-secure.com/login now';

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: 'm1',
    sender: '+15551234',
    content: PHISHING_TEXT,
    source: 'sms',
    kind: 'text',
    threatLevel: 'phishing',
    scanDate: '2025-01-05T15:04:00.000Z',
    threatDetails: {
      reasons: ['Urgency language detected', 'Suspicious URL detected'],
      reasonDetails: [
        { id: 'urgency-language', label: 'Urgency language detected', severity: 'low', evidence: [{ start: 0, end: 6, text: 'URGENT' }] },
        {
          id: 'suspicious-url',
          label: 'Suspicious URL detected',
          severity: 'high',
          evidence: [{ start: 46, end: 76, text: 'http://paypa1-secure.com/login' }],
        },
      ],
      highlights: [
        { start: 0, end: 6, text: 'URGENT', reasonId: 'urgency-language' },
        { start: 46, end: 76, text: 'http://paypa1-secure.com/login', reasonId: 'suspicious-url' },
      ],
      recommendations: ['Do not click the link.'],
      checks: [],
      notes: [],
    },
    ...overrides,
  };
}

export function makeAnalysis(overrides: Partial<ScanAnalysis> = {}): ScanAnalysis {
  const m = makeMessage();
  return {
    threatLevel: 'phishing',
    score: 0.9,
    reasons: m.threatDetails.reasons,
    reasonDetails: m.threatDetails.reasonDetails,
    highlights: m.threatDetails.highlights,
    recommendations: m.threatDetails.recommendations,
    checks: m.threatDetails.checks,
    notes: m.threatDetails.notes,
    content: m.content,
    threatData: null,
    enhanced: true,
    ...overrides,
  };
}

export function makeStats(overrides: Partial<MessageStats> = {}): MessageStats {
  return {
    phishing: 3,
    suspicious: 2,
    safe: 7,
    windowDays: 30,
    lastSevenDays: [
      { date: '2025-01-01', phishing: 0, suspicious: 0, safe: 1 },
      { date: '2025-01-02', phishing: 1, suspicious: 0, safe: 0 },
      { date: '2025-01-03', phishing: 0, suspicious: 0, safe: 0 },
      { date: '2025-01-04', phishing: 0, suspicious: 1, safe: 2 },
      { date: '2025-01-05', phishing: 2, suspicious: 1, safe: 4 },
      { date: '2025-01-06', phishing: 0, suspicious: 0, safe: 0 },
      { date: '2025-01-07', phishing: 0, suspicious: 0, safe: 0 },
    ],
    ...overrides,
  };
}

export const SETTINGS: ProtectionSettings = {
  smsProtection: true,
  emailProtection: true,
  socialMediaProtection: false,
  onDeviceScanning: false,
};
