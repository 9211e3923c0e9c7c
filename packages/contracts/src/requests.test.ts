import { describe, expect, it } from 'vitest';
import {
  CreateReportRequestSchema,
  MessageStatsQuerySchema,
  MessagesQuerySchema,
  ProtectionSettingsPatchSchema,
  TextScanRequestSchema,
  TimeZoneSchema,
  UrlScanRequestSchema,
  wantsAdvancedScan,
} from './requests';
import { VALIDATION_MESSAGES, MAX_CONTENT_LENGTH, isHttpUrl, buildPath, API_ROUTES, BASIC_SCANS_PER_DAY, PLANS, TIME_ZONE_HEADER } from './lite';
import { ScanUsageSchema } from './billing';
import { ENDPOINTS } from './endpoints';
import { ERROR_CATALOGUE, ErrorBodySchema, toFieldIssues } from './errors';

describe('TextScanRequestSchema', () => {
  it('applies the spec defaults', () => {
    expect(TextScanRequestSchema.parse({ content: 'hello' })).toEqual({ content: 'hello', sender: '', source: 'manual', saveToHistory: true });
  });

  it('rejects empty and whitespace-only content with the spec message', () => {
    for (const content of ['', '   \n\t']) {
      const r = TextScanRequestSchema.safeParse({ content });
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.contentRequired);
      expect(r.error?.issues[0]?.path).toEqual(['content']);
    }
  });

  it('rejects missing content, wrong types and unknown sources', () => {
    expect(TextScanRequestSchema.safeParse({}).success).toBe(false);
    expect(TextScanRequestSchema.safeParse({ content: 42 }).success).toBe(false);
    expect(TextScanRequestSchema.safeParse({ content: 'x', source: 'fax' }).success).toBe(false);
    expect(TextScanRequestSchema.safeParse({ content: 'x', saveToHistory: 'yes' }).success).toBe(false);
    expect(TextScanRequestSchema.safeParse(null).success).toBe(false);
    expect(TextScanRequestSchema.safeParse(['content']).success).toBe(false);
  });

  it('accepts `text` as plugins send it, and trims the sender', () => {
    expect(TextScanRequestSchema.parse({ text: 'hi', sender: '  Bob ', source: 'sms' })).toMatchObject({ content: 'hi', sender: 'Bob', source: 'sms' });
  });

  it('caps the content length', () => {
    expect(TextScanRequestSchema.safeParse({ content: 'a'.repeat(MAX_CONTENT_LENGTH) }).success).toBe(true);
    const r = TextScanRequestSchema.safeParse({ content: 'a'.repeat(MAX_CONTENT_LENGTH + 1) });
    expect(r.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.contentTooLong);
  });
});

describe('UrlScanRequestSchema and isHttpUrl', () => {
  it('accepts http and https URLs only', () => {
    expect(UrlScanRequestSchema.parse({ url: ' https://example.com/a ' }).url).toBe('https://example.com/a');
    for (const url of ['javascript:alert(1)', 'ftp://example.com', 'example.com', 'http://', 'data:text/html,hi', '']) {
      const r = UrlScanRequestSchema.safeParse({ url });
      expect(r.success, url).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.urlInvalid);
    }
    expect(isHttpUrl('http://192.168.0.1:8080/x')).toBe(true);
  });

  it('defaults saveToHistory on and source manual', () => {
    expect(UrlScanRequestSchema.parse({ url: 'http://a.com' })).toEqual({ url: 'http://a.com', saveToHistory: true, source: 'manual' });
  });
});

describe('wantsAdvancedScan', () => {
  it('honours either spelling, enhancedAnalysis first, off by default', () => {
    expect(wantsAdvancedScan({})).toBe(false);
    expect(wantsAdvancedScan({ useAdvancedScan: true })).toBe(true);
    expect(wantsAdvancedScan({ enhancedAnalysis: false, useAdvancedScan: true })).toBe(false);
  });
});

describe('query and patch schemas', () => {
  it('coerces and bounds the messages limit', () => {
    expect(MessagesQuerySchema.parse({ limit: '5' }).limit).toBe(5);
    expect(MessagesQuerySchema.safeParse({ limit: '0' }).success).toBe(false);
    expect(MessagesQuerySchema.safeParse({ limit: 'abc' }).success).toBe(false);
    expect(MessagesQuerySchema.safeParse({ threatLevel: 'dangerous' }).success).toBe(false);
  });

  it('validates time zones', () => {
    expect(MessageStatsQuerySchema.parse({}).tz).toBe('UTC');
    expect(MessageStatsQuerySchema.parse({ tz: 'Europe/London' }).tz).toBe('Europe/London');
    expect(MessageStatsQuerySchema.safeParse({ tz: 'Mars/Olympus' }).success).toBe(false);
  });

  it('takes one or more booleans and nothing else on PATCH', () => {
    expect(ProtectionSettingsPatchSchema.parse({ smsProtection: false })).toEqual({ smsProtection: false });
    expect(ProtectionSettingsPatchSchema.safeParse({}).success).toBe(false);
    expect(ProtectionSettingsPatchSchema.safeParse({ smsProtection: 'off' }).success).toBe(false);
    expect(ProtectionSettingsPatchSchema.safeParse({ admin: true }).success).toBe(false);
  });

  it('needs a message id or content to report', () => {
    expect(CreateReportRequestSchema.safeParse({}).success).toBe(false);
    expect(CreateReportRequestSchema.parse({ messageId: 'abc' }).kind).toBe('report');
    expect(CreateReportRequestSchema.parse({ content: 'win a prize', kind: 'false_positive' }).kind).toBe('false_positive');
  });
});

describe('the time zone and the daily scan limit', () => {
  it('accepts IANA zones in any letter case and refuses others', () => {
    expect(TimeZoneSchema.safeParse('Europe/Paris').success).toBe(true);
    expect(TimeZoneSchema.safeParse('america/new_york').success).toBe(true);
    expect(TimeZoneSchema.safeParse('UTC').success).toBe(true);
    expect(TimeZoneSchema.safeParse('Mars/Olympus_Mons').success).toBe(false);
    expect(TimeZoneSchema.safeParse('Europe/Paris'.padEnd(65, 'x')).success).toBe(false);
    expect(MessageStatsQuerySchema.parse({})).toEqual({ tz: 'UTC' });
    expect(TIME_ZONE_HEADER).toBe('X-Time-Zone');
  });

  it('describes the scans left today: a number on Basic, null where there is no limit', () => {
    const basic = { plan: 'basic', limit: BASIC_SCANS_PER_DAY, used: 10, remaining: 0, resetsAt: '2026-03-11T04:00:00.000Z', timeZone: 'America/New_York' };
    expect(ScanUsageSchema.parse(basic)).toEqual(basic);
    expect(ScanUsageSchema.safeParse({ ...basic, plan: 'premium', limit: null, remaining: null }).success).toBe(true);
    expect(ScanUsageSchema.safeParse({ ...basic, remaining: -1 }).success).toBe(false);
    expect(ScanUsageSchema.safeParse({ ...basic, limit: 0 }).success).toBe(false);
    expect(PLANS.basic.scansPerDay).toBe(10);
    expect(ERROR_CATALOGUE.SCAN_LIMIT_REACHED).toMatchObject({ status: 429, message: expect.stringMatching(/midnight, your time\. Premium has no daily limit/) });
    expect(ENDPOINTS.scanUsage).toMatchObject({ method: 'GET', path: '/api/scan-usage', status: 200 });
  });
});

describe('errors and endpoints', () => {
  it('maps zod issues to field issues', () => {
    const r = UrlScanRequestSchema.safeParse({ url: 'nope' });
    expect(toFieldIssues(r.error!)).toEqual([{ field: 'url', message: VALIDATION_MESSAGES.urlInvalid }]);
  });

  it('has a status and message for every code, and an error body shape', () => {
    for (const [code, entry] of Object.entries(ERROR_CATALOGUE)) {
      expect(entry.status, code).toBeGreaterThanOrEqual(400);
      expect(entry.message.length, code).toBeGreaterThan(10);
    }
    expect(ErrorBodySchema.safeParse({ error: { code: 'NOT_FOUND', message: 'x' } }).success).toBe(true);
    expect(ErrorBodySchema.safeParse({ error: { code: 'NOPE', message: 'x' } }).success).toBe(false);
  });

  it('uses the spec paths and fills parameters safely', () => {
    expect(ENDPOINTS.scanText.path).toBe('/api/scan/text');
    expect(ENDPOINTS.deleteMessage.path).toBe('/api/messages/:id');
    expect(buildPath(ENDPOINTS.deleteMessage.path, { id: 'a/b c' })).toBe('/api/messages/a%2Fb%20c');
    expect(() => buildPath(ENDPOINTS.deleteMessage.path)).toThrow(/id/);
    expect(Object.keys(ENDPOINTS).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });
});
