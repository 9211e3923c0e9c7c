import { API_ROUTES } from '@baitcheck/contracts';
import { count } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type AppDeps } from '../app.ts';
import type { Database } from '../db/database.ts';
import { users } from '../db/schema.ts';
import { DATABASES } from '../test/databases.ts';
import { makeVisitor } from '../test/harness.ts';
import { DEFAULT_CLIENT_RATE_LIMITS, LIMITED_ROUTES, ROUTES_WITH_OWN_LIMITS } from './rate-limits.ts';

const factory = DATABASES[0]!;

describe('per-client rate limits', () => {
  let database: Database;
  const apps: FastifyInstance[] = [];
  const build = async (config: Partial<AppDeps['config']> = {}) => {
    const app = await buildApp({
      config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', clientRateLimits: { scansPerMinute: 3, scansPerDay: 5, assistantPerMinute: 2, listsPerMinute: 4, addressMultiplier: 2 }, ...config },
      database,
    });
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    database = await factory.open();
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await database.close();
  });

  it('answer 429 RATE_LIMITED with Retry-After once a session has used its scans of the minute', async () => {
    const app = await build();
    const visitor = makeVisitor(app);
    for (let i = 0; i < 3; i++) expect((await visitor.post('/api/scan/text', { content: `hello ${i}` })).statusCode).toBe(200);
    const refused = await visitor.post('/api/scan/url', { url: 'https://example.com/' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/Too many scans.*Try again in \d+ seconds/) });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // another session on the same address still has its own
    expect((await makeVisitor(app).post('/api/scan/text', { content: 'hi' })).statusCode).toBe(200);
    // and nothing was stored for the refused one
    expect((await visitor.get('/api/messages')).json()).toHaveLength(3);
  });

  it('let a client make only so many enhanced scans: past them a scan still answers, asking only the local feeds', async () => {
    const app = await build({ intelSources: ['feeds', 'rdap'], rdapBootstrapUrl: 'http://127.0.0.1:9/never-asked.json', clientRateLimits: { scansPerMinute: 30, enhancedPerMinute: 2, enhancedPerDay: 10, addressMultiplier: 5 } });
    const visitor = makeVisitor(app);
    const sources = async (content: string) => {
      const res = await visitor.post('/api/scan/text', { content, enhancedAnalysis: true, saveToHistory: true });
      expect(res.statusCode).toBe(200);
      return res.json().analysis.intelSources as { name: string; status: string; detail?: string }[];
    };
    for (const i of [1, 2]) {
      const rdap = (await sources(`Visit https://shop-${i}.example.com/ today`)).find((s) => s.name === 'Domain age (RDAP)');
      expect(rdap?.status).toBe('failed');
      // the visitor reads a plain sentence, never the server's own addresses or error codes
      expect(rdap?.detail).not.toMatch(/127\.0\.0\.1|never-asked|ECONNREFUSED|https?:/);
    }
    const third = await sources('Visit https://shop-3.example.com/ today');
    expect(third).toEqual([
      expect.objectContaining({ name: 'Threat feeds', status: 'answered' }),
      { name: 'Domain age (RDAP)', status: 'limited', detail: expect.stringMatching(/^Not asked: you have made many enhanced scans in a short time, so outside sources are asked again in \d+ seconds\./) },
    ]);
    // a basic scan spends nothing of it, and another session has its own
    expect((await visitor.post('/api/scan/text', { content: 'See you at 6?', enhancedAnalysis: false })).statusCode).toBe(200);
    const other = await makeVisitor(app).post('/api/scan/text', { content: 'Visit https://shop-4.example.com/', enhancedAnalysis: true });
    expect(other.json().analysis.intelSources.find((s: { name: string }) => s.name === 'Domain age (RDAP)').status).not.toBe('limited');
  });

  it('count per address too, whatever the cookie: a client dropping its cookie gets the multiple, then 429', async () => {
    const app = await build();
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) codes.push((await app.inject({ method: 'POST', url: '/api/scan/text', payload: { content: `x ${i}`, saveToHistory: false }, remoteAddress: '192.0.2.10' })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // another address is not affected
    expect((await app.inject({ method: 'POST', url: '/api/scan/text', payload: { content: 'y', saveToHistory: false }, remoteAddress: '192.0.2.11' })).statusCode).toBe(200);
  });

  it('count IPv6 clients by their /64', async () => {
    const app = await build();
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await app.inject({ method: 'POST', url: '/api/assistant/chat', payload: { query: 'What is phishing?' }, remoteAddress: `2001:db8:aa:bb::${(i + 1).toString(16)}` })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 429, 429, 429]);
    expect((await app.inject({ method: 'POST', url: '/api/assistant/chat', payload: { query: 'What is phishing?' }, remoteAddress: '2001:db8:aa:cc::1' })).statusCode).toBe(200);
  });

  it('limit list reads and keep a daily scan budget', async () => {
    const app = await build({ clientRateLimits: { scansPerMinute: 100, scansPerDay: 2, listsPerMinute: 2, addressMultiplier: 10 } });
    const visitor = makeVisitor(app);
    await visitor.post('/api/scan/text', { content: 'one' });
    await visitor.post('/api/scan/text', { content: 'two' });
    const third = await visitor.post('/api/scan/text', { content: 'three' });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3600);
    expect(third.json().error.message).toMatch(/hours/);
    const lists = [];
    for (const url of ['/api/messages', '/api/reports', '/api/blocked-senders']) lists.push((await visitor.get(url)).statusCode);
    expect(lists).toEqual([200, 200, 429]);
    // a route that is not limited still answers
    expect((await visitor.get('/api/protection-settings')).statusCode).toBe(200);
  });

  it('limit every state-changing route (reports, blocked senders and the settings were not, and filled the disk)', () => {
    const writes = Object.values(API_ROUTES)
      .filter((r) => r.method !== 'GET')
      .map((r) => `${r.method} ${r.path}`);
    expect(writes.filter((route) => !LIMITED_ROUTES.has(route) && !ROUTES_WITH_OWN_LIMITS.has(route))).toEqual([]);
  });

  it('give each session and address a budget of changes a minute and a day; deletions count only in the minute', async () => {
    const app = await build({ clientRateLimits: { writesPerMinute: 4, writesPerDay: 6, addressMultiplier: 10 } });
    const visitor = makeVisitor(app);
    const codes: number[] = [];
    codes.push((await visitor.post('/api/reports', { content: 'a scam' })).statusCode);
    codes.push((await visitor.post('/api/blocked-senders', { sender: 'Scammer' })).statusCode);
    codes.push((await visitor.patch('/api/protection-settings', { smsProtection: false })).statusCode);
    codes.push((await visitor.patch('/api/notification-preferences', { sensitivity: 2 })).statusCode);
    const refused = await visitor.post('/api/reports', { content: 'one more' });
    expect(codes).toEqual([201, 201, 200, 200]);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many changes in a short time\. Try again in \d+ seconds\.$/) });
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    // a deletion too, within the minute
    expect((await visitor.delete('/api/messages/any-id')).statusCode).toBe(429);
    // nothing of the refused one was stored
    expect((await visitor.get('/api/reports')).json()).toHaveLength(1);
  });

  it('count a deletion in the minute only: a history is deleted one by one beyond the day’s budget of stored changes', async () => {
    const app = await build({ clientRateLimits: { writesPerMinute: 100, writesPerDay: 2, addressMultiplier: 10 } });
    const visitor = makeVisitor(app);
    expect((await visitor.post('/api/reports', { content: 'a scam' })).statusCode).toBe(201);
    expect((await visitor.post('/api/reports', { content: 'another' })).statusCode).toBe(201);
    const third = await visitor.post('/api/blocked-senders', { sender: 'Scammer' });
    expect(third.statusCode).toBe(429);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(3600);
    for (let i = 0; i < 5; i++) expect((await visitor.delete(`/api/messages/gone-${i}`)).statusCode).toBe(404);
  });

  it('let one address (IPv6: its /64) make only so many new guests an hour: a cookieless flood is refused before any row', async () => {
    const app = await build({ clientRateLimits: { newGuestsPerHour: 3 } });
    const rows = async () => Number((await database.db.select({ n: count() }).from(users))[0]?.n ?? 0);
    const before = await rows();
    const patch = (remoteAddress: string, cookie?: string) =>
      app.inject({ method: 'PATCH', url: '/api/notification-preferences', remoteAddress, payload: { sensitivity: 2 }, ...(cookie ? { headers: { cookie } } : {}) });
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await patch(`2001:db8:5:6::${i + 1}`));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 429, 429, 429]);
    expect(answers[3]!.json().error).toMatchObject({ code: 'RATE_LIMITED', message: expect.stringMatching(/^Too many new visitors from your network in a short time\. Try again in (59|60) minutes\.$/) });
    expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(3500);
    expect(answers[3]!.cookies).toEqual([]);
    expect(await rows()).toBe(before + 3);
    // the guests it made carry on; another address makes its own; reading makes none, so is never refused
    const cookie = `bc_session=${answers[0]!.cookies[0]!.value}`;
    expect((await patch('2001:db8:5:6::1', cookie)).statusCode).toBe(200);
    expect((await patch('2001:db8:5:7::1')).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/messages', remoteAddress: '2001:db8:5:6::9' })).statusCode).toBe(200);
    // a scan not saved needs no guest either
    expect((await app.inject({ method: 'POST', url: '/api/scan/text', remoteAddress: '2001:db8:5:6::9', payload: { content: 'hi', saveToHistory: false } })).statusCode).toBe(200);
  });

  it('are sized for people: 30 new guests an hour per address, 60 changes a minute and 500 a day per session', () => {
    expect(DEFAULT_CLIENT_RATE_LIMITS).toMatchObject({ newGuestsPerHour: 30, writesPerMinute: 60, writesPerDay: 500 });
  });

  it('count a request whose connection is gone before its limits are counted (request.ip undefined) instead of failing it as an unhandled error (found by the fuzzer)', async () => {
    const errors: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) if ((JSON.parse(line) as { level: number }).level >= 50) errors.push(line);
        done();
      },
    });
    const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent' }, database, logger: pino({ level: 'error' }, sink) });
    apps.push(app);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    // whole headers (the route's hooks start), then a chunked body the parser refuses: it answers 400 and closes the connection while the hooks still run
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => socket.end('POST /api/scan/text HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n'));
      socket.on('data', () => undefined);
      socket.on('close', () => resolve());
    });
    // the hooks finish after the connection closed: wait for them
    for (let waited = 0; waited < 1_000 && errors.length === 0; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toEqual([]);
  });

  it('are off with rateLimits: false (RATE_LIMITS=off, the benchmarks)', async () => {
    const app = await build({ rateLimits: false });
    const visitor = makeVisitor(app);
    for (let i = 0; i < 8; i++) expect((await visitor.post('/api/scan/text', { content: `hello ${i}`, saveToHistory: false })).statusCode).toBe(200);
    // nor is the making of guests
    for (let i = 0; i < DEFAULT_CLIENT_RATE_LIMITS.newGuestsPerHour + 5; i++) expect((await makeVisitor(app).patch('/api/notification-preferences', { sensitivity: 2 })).statusCode).toBe(200);
  });
});
