import { MAX_SENDER_LENGTH, TextScanResponseSchema, UrlScanResponseSchema } from '@baitcheck/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { describeWithDatabases } from '../../test/harness.ts';
import { createFeedsRepository } from '../intel/feeds/feeds.repository.ts';
import { createFeedsService } from '../intel/feeds/feeds.service.ts';

const PHISHING_SMS =
  'URGENT: Your account has been suspended due to unusual activity. Verify now at http://paypal-account-verify.com/login within 24 hours or lose access.';
const SAFE_SMS = 'Hi Sam, are we still on for lunch tomorrow at noon? Let me know.';

function fieldsOf(body: { error: { details?: { field: string }[] } }): string[] {
  return (body.error.details ?? []).map((d) => d.field);
}

describeWithDatabases('POST /api/scan/text', (ctx) => {
  it('returns { message, analysis } and stores the scan in the history', async () => {
    const visitor = ctx.visitor();
    const res = await visitor.post('/api/scan/text', { content: PHISHING_SMS, sender: ' +1 555 0100 ', source: 'sms' });
    expect(res.statusCode).toBe(200);
    const body = TextScanResponseSchema.parse(res.json());
    expect(body.message).toEqual({ id: expect.any(String), content: PHISHING_SMS, sender: '+1 555 0100', source: 'sms' });
    expect(body.analysis.threatLevel).not.toBe('safe');
    expect(body.analysis.reasons).toContain('Urgency language detected');
    expect(body.analysis.content).toBe(PHISHING_SMS);
    expect(body.analysis.enhanced).toBe(false);
    for (const h of body.analysis.highlights) expect(PHISHING_SMS.slice(h.start, h.end)).toBe(h.text);

    const history = (await visitor.get('/api/messages')).json();
    expect(history).toHaveLength(1);
    const stored = { id: body.message.id, kind: 'text', sender: '+1 555 0100', source: 'sms', threatLevel: body.analysis.threatLevel };
    expect(history[0]).toMatchObject({ ...stored, threatDetails: { reasons: body.analysis.reasons } });
    // the list carries what the history shows; the whole message has the rest
    expect((await visitor.get(`/api/messages/${body.message.id}`)).json()).toMatchObject({ ...stored, threatDetails: { reasons: body.analysis.reasons, score: body.analysis.score } });
  });

  it('calls an ordinary message safe with no reasons', async () => {
    const res = await ctx.visitor().post('/api/scan/text', { content: SAFE_SMS });
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis).toMatchObject({ threatLevel: 'safe', reasons: [] });
    expect(res.json().message.source).toBe('manual');
  });

  it('does not store the scan when saveToHistory is false', async () => {
    const visitor = ctx.visitor();
    const res = await visitor.post('/api/scan/text', { content: SAFE_SMS, saveToHistory: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.id).toBeNull();
    expect((await visitor.get('/api/messages')).json()).toEqual([]);
  });

  it('runs the enhanced scan, whichever spelling asked for it, and names the sources it asked', async () => {
    for (const flag of ['enhancedAnalysis', 'useAdvancedScan']) {
      const res = await ctx.visitor().post('/api/scan/text', { content: SAFE_SMS, [flag]: true });
      expect(res.statusCode).toBe(200);
      expect(res.json().analysis).toMatchObject({ enhanced: true, intelSources: [{ name: 'Threat feeds', status: 'answered' }] });
    }
    const basic = (await ctx.visitor().post('/api/scan/text', { content: SAFE_SMS, enhancedAnalysis: false })).json().analysis;
    expect(basic.enhanced).toBe(false);
    expect(basic.intelSources).toBeUndefined();
  });

  it('flags a link on an imported threat feed in an enhanced scan only, naming the feed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'baitcheck-scan-feed-'));
    try {
      const feed = join(dir, 'feed.txt');
      writeFileSync(feed, 'northfield-parcel-centre.com\nhttp://bit.ly/3xYzQ\n');
      await createFeedsService({ repo: createFeedsRepository(ctx.database.db) }).importFeed('test-feed', feed);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const content = 'Your parcel is waiting, book a slot: https://track.northfield-parcel-centre.com/slot';
    const enhanced = (await ctx.visitor().post('/api/scan/text', { content, enhancedAnalysis: true })).json().analysis;
    expect(enhanced.threatLevel).toBe('phishing');
    expect(enhanced.reasonDetails[0].id).toBe('known-phishing-host');
    expect(enhanced.threatData.domainInfo).toMatchObject({ domain: 'northfield-parcel-centre.com', malicious: true });
    expect(enhanced.threatData.domainInfo.sources).toEqual(['Baitcheck engine', 'Threat feed: test-feed']);
    const basic = (await ctx.visitor().post('/api/scan/text', { content })).json().analysis;
    expect(basic.reasonDetails.map((r: { id: string }) => r.id)).not.toContain('known-phishing-host');
    // a listed address on a shortener, and only that one
    const short = (await ctx.visitor().post('/api/scan/url', { url: 'https://bit.ly/3xYzQ', useAdvancedScan: true })).json();
    expect(short.reasonDetails[0].id).toBe('known-phishing-url');
    const other = (await ctx.visitor().post('/api/scan/url', { url: 'https://bit.ly/4aBcD', useAdvancedScan: true })).json();
    expect(other.reasonDetails.map((r: { id: string }) => r.id)).not.toContain('known-phishing-url');
  });

  it('accepts `text` in place of `content` (plugin scanning)', async () => {
    const res = await ctx.visitor().post('/api/scan/text', { text: SAFE_SMS, source: 'social' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ content: SAFE_SMS, source: 'social' });
  });

  it('names a blocked sender in the reasons, matching case-insensitively', async () => {
    const visitor = ctx.visitor();
    expect((await visitor.post('/api/blocked-senders', { sender: 'Promo@Example.com' })).statusCode).toBe(201);
    const res = await visitor.post('/api/scan/text', { content: SAFE_SMS, sender: 'promo@example.COM' });
    expect(res.statusCode).toBe(200);
    const ids = res.json().analysis.reasonDetails.map((r: { id: string }) => r.id);
    expect(ids).toContain('blocked-sender');
    expect(res.json().analysis.threatLevel).not.toBe('safe');

    const other = await ctx.visitor().post('/api/scan/text', { content: SAFE_SMS, sender: 'promo@example.com' });
    expect(other.json().analysis.reasonDetails.map((r: { id: string }) => r.id)).not.toContain('blocked-sender');
  });

  it('stops naming a sender as soon as it is unblocked', async () => {
    const visitor = ctx.visitor();
    const ids = async () => (await visitor.post('/api/scan/text', { content: SAFE_SMS, sender: 'Bulk <bulk@example.com>' })).json().analysis.reasonDetails.map((r: { id: string }) => r.id);
    expect(await ids()).not.toContain('blocked-sender');
    const blocked = (await visitor.post('/api/blocked-senders', { sender: 'bulk@example.com' })).json();
    expect(await ids()).toContain('blocked-sender');
    await visitor.delete(`/api/blocked-senders/${blocked.id}`);
    expect(await ids()).not.toContain('blocked-sender');
  });

  it('stores every one of many concurrent scans', async () => {
    const visitor = ctx.visitor();
    // a session first (reading makes none): concurrent first writes would each make a guest
    await visitor.patch('/api/notification-preferences', { sensitivity: 3 });
    const responses = await Promise.all(Array.from({ length: 30 }, (_, i) => visitor.post('/api/scan/text', { content: `Message number ${i}` })));
    const ids = responses.map((r) => r.json().message.id);
    expect(new Set(ids).size).toBe(30);
    const stored = (await visitor.get('/api/messages')).json().map((m: { id: string }) => m.id);
    expect(new Set(stored)).toEqual(new Set(ids));
  });

  it.each([
    ['empty content', { content: '' }, 'content'],
    ['whitespace content', { content: ' \n\t ' }, 'content'],
    ['missing content', { sender: 'x' }, 'content'],
    ['content of the wrong type', { content: 42 }, 'content'],
    ['unknown source', { content: 'hello', source: 'carrier-pigeon' }, 'source'],
    ['saveToHistory of the wrong type', { content: 'hello', saveToHistory: 'yes' }, 'saveToHistory'],
    ['enhancedAnalysis of the wrong type', { content: 'hello', enhancedAnalysis: 1 }, 'enhancedAnalysis'],
    ['sender too long', { content: 'hello', sender: 'a'.repeat(MAX_SENDER_LENGTH + 1) }, 'sender'],
  ])('rejects %s with 400 naming the field', async (_name, body, field) => {
    const visitor = ctx.visitor();
    const res = await visitor.post('/api/scan/text', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res.json())).toContain(field);
    expect((await visitor.get('/api/messages')).json()).toEqual([]);
  });

  it('uses the spec sentence for empty content', async () => {
    const res = await ctx.visitor().post('/api/scan/text', { content: '   ' });
    expect(res.json().error.details).toContainEqual({ field: 'content', message: 'Please enter a message to scan.' });
  });
});

describeWithDatabases('POST /api/scan/url', (ctx) => {
  it('returns the analysis with the history id and stores a URL scan with an empty sender', async () => {
    const visitor = ctx.visitor();
    const url = 'http://192.168.10.5/paypal/login';
    const res = await visitor.post('/api/scan/url', { url: ` ${url} `, source: 'email' });
    expect(res.statusCode).toBe(200);
    const body = UrlScanResponseSchema.parse(res.json());
    expect(body.content).toBe(url);
    expect(body.messageId).toEqual(expect.any(String));
    expect(body.threatLevel).not.toBe('safe');
    expect(body.enhanced).toBe(false);

    const [stored] = (await visitor.get('/api/messages')).json();
    expect(stored).toMatchObject({ id: body.messageId, kind: 'url', sender: '', content: url, source: 'email' });
  });

  it('does not store the scan when saveToHistory is false', async () => {
    const visitor = ctx.visitor();
    const res = await visitor.post('/api/scan/url', { url: 'https://www.wikipedia.org/', saveToHistory: false, useAdvancedScan: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ messageId: null, enhanced: true, threatLevel: 'safe' });
    expect((await visitor.get('/api/messages')).json()).toEqual([]);
  });

  it.each([
    ['a javascript: URL', { url: 'javascript:alert(1)' }],
    ['an ftp: URL', { url: 'ftp://x' }],
    ['a data: URL', { url: 'data:text/html,<script>alert(1)</script>' }],
    ['text that is not a URL', { url: 'not a url' }],
    ['an empty URL', { url: '' }],
    ['a missing URL', {}],
    ['a URL of the wrong type', { url: ['http://a.com'] }],
  ])('rejects %s with 400 naming the url field', async (_name, body) => {
    const res = await ctx.visitor().post('/api/scan/url', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(fieldsOf(res.json())).toContain('url');
  });

  it('uses the spec sentence for an invalid URL', async () => {
    const res = await ctx.visitor().post('/api/scan/url', { url: 'javascript:alert(1)' });
    expect(res.json().error.details).toContainEqual({ field: 'url', message: 'Please enter a valid URL starting with http:// or https://' });
  });
});

