import { MAX_SENDER_LENGTH, TextScanResponseSchema, UrlScanResponseSchema } from '@baitcheck/contracts';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { eq, like } from 'drizzle-orm';
import { scanRequestKeys, sessions } from '../../db/schema.ts';
import { describeWithDatabases, type Visitor } from '../../test/harness.ts';
import { hashToken } from '../sessions/sessions.service.ts';
import { createScanRepository } from './scan.repository.ts';
import { createScanService, type PendingKey } from './scan.service.ts';
import { createFeedsRepository } from '../intel/feeds/feeds.repository.ts';
import { createFeedsService } from '../intel/feeds/feeds.service.ts';

const PHISHING_SMS =
  'URGENT: Your account has been suspended due to unusual activity. Verify now at http://paypal-account-verify.com/login within 24 hours or lose access.';
const SAFE_SMS = 'Hi Sam, are we still on for lunch tomorrow at noon? Let me know.';

/** A multipart/alternative email source: `headers`, then a plain-text part and an HTML part. */
const alternativeEmail = (headers: string[], plain: string, html: string) =>
  [
    ...headers,
    'MIME-Version: 1.0',
    'Content-Type: multipart/alternative; boundary=b',
    '',
    '--b',
    'Content-Type: text/plain; charset=utf-8',
    '',
    plain,
    '--b',
    'Content-Type: text/html; charset=utf-8',
    '',
    html,
    '--b--',
    '',
  ].join('\r\n');

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


describeWithDatabases('Idempotency-Key on POST /api/scan/text and /api/scan/url', (ctx) => {
  const KEY = 'Idempotency-Key';
  const post = (visitor: Visitor, path: string, body: unknown, key?: string) => visitor.request('POST', path, body, key === undefined ? {} : { [KEY]: key });
  const historyOf = async (visitor: Visitor) => (await visitor.get('/api/messages')).json() as { id: string }[];
  const keysOf = async (userKeyPrefix: string) =>
    (await ctx.database.db.select({ key: scanRequestKeys.key }).from(scanRequestKeys).where(like(scanRequestKeys.key, `${userKeyPrefix}%`))).map((r) => r.key);

  it('answers a repeat with the first result and stores one entry', async () => {
    const visitor = ctx.visitor();
    const body = { content: PHISHING_SMS, sender: '+1 555 0100', source: 'sms', enhancedAnalysis: true };
    const first = await post(visitor, '/api/scan/text', body, 'repeat-1');
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(visitor, '/api/scan/text', body, 'repeat-1');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect((await historyOf(visitor)).map((m) => m.id)).toEqual([first.json().message.id]);
    // a new key is a new scan
    const other = await post(visitor, '/api/scan/text', body, 'repeat-2');
    expect(other.json().message.id).not.toBe(first.json().message.id);
    expect(await historyOf(visitor)).toHaveLength(2);
  });

  it('stores one entry for a double submit that arrives at once, and every copy gets its result', async () => {
    const visitor = ctx.visitor();
    await visitor.patch('/api/notification-preferences', { sensitivity: 3 });
    const body = { content: 'Your parcel is held. Pay the fee at http://parcel-fee.example.top/pay', enhancedAnalysis: true };
    const responses = await Promise.all(Array.from({ length: 4 }, () => post(visitor, '/api/scan/text', body, 'double-click')));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(responses.map((r) => r.json().message.id));
    expect(ids.size).toBe(1);
    expect((await historyOf(visitor)).map((m) => m.id)).toEqual([...ids]);
  });

  it('does the same for a URL scan', async () => {
    const visitor = ctx.visitor();
    const body = { url: 'http://192.168.10.5/paypal/login', saveToHistory: true };
    const first = (await post(visitor, '/api/scan/url', body, 'url-key')).json();
    const again = await post(visitor, '/api/scan/url', body, 'url-key');
    expect(again.json()).toEqual(first);
    expect(await historyOf(visitor)).toHaveLength(1);
  });

  it('refuses the same key with another body, or on the other endpoint, with 409 IDEMPOTENCY_KEY_REUSED', async () => {
    const visitor = ctx.visitor();
    expect((await post(visitor, '/api/scan/text', { content: SAFE_SMS }, 'reused')).statusCode).toBe(200);
    const changed = await post(visitor, '/api/scan/text', { content: `${SAFE_SMS}!` }, 'reused');
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', message: expect.stringContaining('new key') });
    const url = await post(visitor, '/api/scan/url', { url: 'https://example.com/' }, 'reused');
    expect(url.statusCode).toBe(409);
    expect(await historyOf(visitor)).toHaveLength(1);
  });

  it("keeps keys per user: another visitor's same key is their own scan", async () => {
    const alice = ctx.visitor();
    const bob = ctx.visitor();
    const a = (await post(alice, '/api/scan/text', { content: PHISHING_SMS }, 'shared-key')).json();
    const b = await post(bob, '/api/scan/text', { content: PHISHING_SMS }, 'shared-key');
    expect(b.statusCode).toBe(200);
    expect(b.headers['idempotent-replayed']).toBeUndefined();
    expect(b.json().message.id).not.toBe(a.message.id);
    // with another body too: nothing of Alice's is revealed or refused
    expect((await post(bob, '/api/scan/text', { content: SAFE_SMS }, 'other-of-alice')).statusCode).toBe(200);
    expect((await historyOf(alice)).map((m) => m.id)).toEqual([a.message.id]);
    expect((await historyOf(bob)).map((m) => m.id)).toEqual([b.json().message.id, expect.any(String)].reverse());
  });

  it('accepts the key bare or as a quoted string, as the same key', async () => {
    const visitor = ctx.visitor();
    const first = (await post(visitor, '/api/scan/text', { content: SAFE_SMS }, 'b7e3c1d2-quoted')).json();
    const again = await post(visitor, '/api/scan/text', { content: SAFE_SMS }, '"b7e3c1d2-quoted"');
    expect(again.json().message.id).toBe(first.message.id);
  });

  it.each([
    ['empty', ''],
    ['too long', 'k'.repeat(129)],
    ['with a space', 'two words'],
    ['not ASCII', 'clé-1'],
    ['an unterminated quote', '"abc'],
    ['two values', 'a, b'],
  ])('refuses a key that is %s with 400 naming the header, before making anything', async (_name, key) => {
    const visitor = ctx.visitor();
    const res = await post(visitor, '/api/scan/text', { content: PHISHING_SMS }, key);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details).toEqual([{ field: 'Idempotency-Key', message: expect.stringContaining('1 to 128 visible ASCII characters') }]);
    // a newcomer got no guest and nothing was stored
    expect(visitor.cookie).toBeUndefined();
  });

  it('accepts a key of 128 characters', async () => {
    expect((await post(ctx.visitor(), '/api/scan/text', { content: SAFE_SMS }, 'k'.repeat(128))).statusCode).toBe(200);
  });

  it('scans again once the key is more than 24 hours old', async () => {
    const visitor = ctx.visitor();
    const first = (await post(visitor, '/api/scan/text', { content: SAFE_SMS }, 'day-old')).json();
    await ctx.database.db.update(scanRequestKeys).set({ createdAt: new Date(Date.now() - 25 * 60 * 60 * 1000) }).where(eq(scanRequestKeys.key, 'day-old'));
    const later = await post(visitor, '/api/scan/text', { content: SAFE_SMS }, 'day-old');
    expect(later.json().message.id).not.toBe(first.message.id);
    expect(await historyOf(visitor)).toHaveLength(2);
  });

  it("keeps each user's newest 100 keys", async () => {
    const { service, userId } = await serviceAndUser();
    for (let i = 0; i <= 100; i++) await service.once(userId, `bound-${String(i).padStart(3, '0')}`, 'text', { content: `Message ${i}` }, async () => ({ i }));
    const kept = await keysOf('bound-');
    expect(kept).toHaveLength(100);
    expect(kept).not.toContain('bound-000');
    expect(kept).toContain('bound-100');
  });

  it('scans with no key exactly as before, each request its own entry', async () => {
    const visitor = ctx.visitor();
    await post(visitor, '/api/scan/text', { content: SAFE_SMS });
    await post(visitor, '/api/scan/text', { content: SAFE_SMS });
    expect(await historyOf(visitor)).toHaveLength(2);
  });

  it('keeps no key, nor any copy of the result, for a scan the person chose not to save', async () => {
    const visitor = ctx.visitor();
    await visitor.patch('/api/notification-preferences', { sensitivity: 3 });
    const body = { content: 'My PIN is 4921, is this text a scam?', saveToHistory: false };
    const first = await post(visitor, '/api/scan/text', body, 'unsaved-key');
    const again = await post(visitor, '/api/scan/text', body, 'unsaved-key');
    expect([first.statusCode, again.statusCode]).toEqual([200, 200]);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await keysOf('unsaved-key')).toEqual([]);
    expect(await historyOf(visitor)).toEqual([]);
  });

  it('lets go of the key when its answer cannot be kept, so repeats neither hang nor poll', async () => {
    const { service, userId } = await serviceAndUser();
    // PostgreSQL keeps no NUL in JSON: the key's answer fails to be written
    await expect(service.once(userId, 'unkeepable', 'text', { content: 'x' }, async () => ({ text: 'a\u0000b' }))).rejects.toThrow();
    expect(await keysOf('unkeepable')).toEqual([]);
    expect((await service.once(userId, 'unkeepable', 'text', { content: 'x' }, async () => ({ text: 'ok' }))).value).toEqual({ text: 'ok' });
  });

  it('lets go of the key of a scan that failed, so a retry scans again', async () => {
    const { service, userId } = await serviceAndUser();
    const body = { content: SAFE_SMS };
    await expect(service.once(userId, 'retry-me', 'text', body, async () => Promise.reject(new Error('network down')))).rejects.toThrow('network down');
    expect(await keysOf('retry-me')).toEqual([]);
    let runs = 0;
    const scan = async () => ({ run: ++runs });
    expect(await service.once(userId, 'retry-me', 'text', body, scan)).toEqual({ value: { run: 1 }, replayed: false });
    expect(await service.once(userId, 'retry-me', 'text', body, scan)).toEqual({ value: { run: 1 }, replayed: true });
    expect(runs).toBe(1);
  });

  /** The scan service over the test database, and a user of it (a visitor's guest). */
  async function serviceAndUser() {
    const service = createScanService({ scanRepo: createScanRepository(ctx.database.db), blockedSenders: { listSenders: async () => [] } });
    const visitor = ctx.visitor();
    await visitor.patch('/api/notification-preferences', { sensitivity: 3 });
    const [row] = await ctx.database.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.idHash, hashToken(visitor.cookie!)));
    return { service, userId: row!.userId };
  }
});

describeWithDatabases('a pasted multipart/alternative email', (ctx) => {
  const HTML =
    '<p>Your PayPal account has been <b>suspended</b>. Verify your identity within 24 hours or it will be closed: <a href="http://paypa1-secure-login.top/verify">Log in to PayPal</a></p>';
  const email = (plain: string) =>
    alternativeEmail(['From: "Account Services" <notice@mail-notices.net>', 'To: you@example.com', 'Subject: Account notice', 'Date: Mon, 1 Jan 2024 10:00:00 +0000'], plain, HTML);

  it.each([
    ['a blank', ' '],
    ['a harmless', 'Hi, see you at lunch tomorrow.'],
  ])('is judged by its phishing HTML part behind %s text part, its link target kept', async (_name, plain) => {
    const res = await ctx.visitor().post('/api/scan/text', { content: email(plain) });
    expect(res.statusCode).toBe(200);
    expect(res.json().analysis.threatLevel).toBe('phishing');
    expect(res.json().message.content).toContain('[http://paypa1-secure-login.top/verify]');
  });
});

describeWithDatabases('lone UTF-16 surrogates in a scan (jsonb refuses them)', (ctx) => {
  const KEY = 'Idempotency-Key';
  const post = (visitor: Visitor, path: string, body: unknown, key?: string) => visitor.request('POST', path, body, key === undefined ? {} : { [KEY]: key });
  const historyOf = async (visitor: Visitor) => (await visitor.get('/api/messages')).json() as { id: string; content: string; threatDetails: { highlights: { text: string }[] } }[];

  it('scans a message holding one, with U+FFFD in its place, and a repeat with its Idempotency-Key stores no second copy', async () => {
    const visitor = ctx.visitor();
    // what the reviewer sent: {"content":"Your parcel \udc00 fee http://x.co"}
    const body = JSON.stringify({ content: 'Your parcel \udc00 fee http://x.co', saveToHistory: true });
    expect(body).toContain('\\udc00');
    const first = await visitor.request('POST', '/api/scan/text', body, { 'content-type': 'application/json', [KEY]: 'k1' });
    expect(first.statusCode).toBe(200);
    expect(first.json().message.content).toBe('Your parcel \ufffd fee http://x.co');
    const again = await visitor.request('POST', '/api/scan/text', body, { 'content-type': 'application/json', [KEY]: 'k1' });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await historyOf(visitor)).map((m) => m.id)).toEqual([first.json().message.id]);
  });

  it('scans a link holding one', async () => {
    const visitor = ctx.visitor();
    const res = await post(visitor, '/api/scan/url', { url: 'http://paypa1-login.com/\ud800', saveToHistory: true }, 'url-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().content).toBe('http://paypa1-login.com/\ufffd');
    expect((await historyOf(visitor)).map((m) => m.id)).toEqual([res.json().messageId]);
  });

  it('scans a message whose highlighted link holds one (kept in the threat details)', async () => {
    const visitor = ctx.visitor();
    const res = await post(visitor, '/api/scan/text', { content: 'URGENT: verify your PayPal account now at http://paypa1-login.com/\ud800login or it will be closed' });
    expect(res.statusCode).toBe(200);
    const link = res.json().analysis.highlights.find((h: { text: string }) => h.text.startsWith('http://paypa1-login.com/'));
    expect(link?.text).toContain('\ufffd');
    expect((await historyOf(visitor))[0]?.threatDetails.highlights).toContainEqual(expect.objectContaining({ text: link.text }));
  });

  it('scans a pasted email whose subject decodes to one (a UTF-16 encoded word cut mid-pair)', async () => {
    const visitor = ctx.visitor();
    const word = Buffer.from([0x41, 0, 0x00, 0xd8, 0x42, 0]).toString('base64');
    const content = `From: "Bank" <alert@bank-secure.com>\r\nTo: you@example.com\r\nSubject: =?UTF-16LE?B?${word}?=\r\nDate: Mon, 1 Jan 2024 10:00:00 +0000\r\n\r\nVerify your account at http://bank-secure.com/login\r\n`;
    const body = { content, saveToHistory: true };
    const first = await post(visitor, '/api/scan/text', body, 'email-1');
    expect(first.statusCode).toBe(200);
    expect(first.json().message.content.startsWith('A\ufffdB\n\n')).toBe(true);
    expect((await post(visitor, '/api/scan/text', body, 'email-1')).headers['idempotent-replayed']).toBe('true');
    expect(await historyOf(visitor)).toHaveLength(1);
  });

  it('scans a pasted email whose body is cut at the most a message holds in the middle of an emoji', async () => {
    const visitor = ctx.visitor();
    // the HTML part's numbered list makes more text than its source: with the plain part, past 100,000 characters
    const content = alternativeEmail(['From: a@example.com', 'To: b@example.com', 'Subject: Note'], 'a\u{1F600} '.repeat(12_000), `<ol>${'<li>b\u{1F600}'.repeat(6000)}</ol>`);
    const res = await post(visitor, '/api/scan/text', { content, saveToHistory: true }, 'cut-1');
    expect(res.statusCode).toBe(200);
    expect(res.json().message.content).toHaveLength(100_000);
    expect(res.json().message.content.endsWith('a\ufffd')).toBe(true);
    expect(await historyOf(visitor)).toHaveLength(1);
  });

  it('stores no copy of a scan whose Idempotency-Key answer cannot be kept, so a retry stores one', async () => {
    const repo = createScanRepository(ctx.database.db);
    // an answer PostgreSQL refuses (NUL in jsonb), whichever way the key is completed
    const poisoned = (response: unknown) => ({ ...(response as object), poison: 'a\u0000b' });
    let poison = true;
    const scanRepo: typeof repo = {
      ...repo,
      saveMessage: (message, max, completion) =>
        repo.saveMessage(message, max, completion && { key: completion.key, response: (id) => (poison ? poisoned(completion.response(id)) : completion.response(id)) }),
      completeKey: (userId, key, response) => repo.completeKey(userId, key, poison ? poisoned(response) : response),
    };
    const service = createScanService({ scanRepo, blockedSenders: { listSenders: async () => [] } });
    const visitor = ctx.visitor();
    await visitor.patch('/api/notification-preferences', { sensitivity: 3 });
    const [row] = await ctx.database.db.select({ userId: sessions.userId }).from(sessions).where(eq(sessions.idHash, hashToken(visitor.cookie!)));
    const userId = row!.userId;
    const req = { content: PHISHING_SMS, sender: '', source: 'manual' as const, saveToHistory: true };
    const scan = (pendingKey: PendingKey | null) => service.scanText(userId, req, { pendingKey });
    await expect(service.once(userId, 'poisoned', 'text', req, scan)).rejects.toThrow();
    expect(await historyOf(visitor)).toEqual([]);
    poison = false;
    const retry = await service.once(userId, 'poisoned', 'text', req, scan);
    expect((await historyOf(visitor)).map((m) => m.id)).toEqual([retry.value.message.id]);
  });
});
