import { connect, type AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { MAX_BODY_BYTES } from '@baitcheck/contracts';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './http/session.ts';
import { buildTestApp, describeWithDatabases } from './test/harness.ts';

/** A pino logger at `level` whose lines land in `lines`, parsed. */
function captureLogs(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level }, sink) };
}

describeWithDatabases('cross-cutting behaviour', (ctx) => {
  describe('sessions', () => {
    it('gives a visitor an httpOnly, SameSite=Lax session cookie on the first write and keeps it', async () => {
      const read = await ctx.app.inject({ method: 'GET', url: '/api/protection-settings' });
      expect(read.statusCode).toBe(200);
      expect(read.cookies).toHaveLength(0);
      const res = await ctx.app.inject({ method: 'PATCH', url: '/api/protection-settings', payload: { smsProtection: false } });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie).toBeDefined();
      expect(cookie!.httpOnly).toBe(true);
      expect(cookie!.sameSite).toBe('Lax');
      expect(cookie!.path).toBe('/');
      expect(cookie!.secure).toBeFalsy();
      expect(cookie!.value).toMatch(/^[A-Za-z0-9_-]{43}$/);

      const again = await ctx.app.inject({ method: 'GET', url: '/api/protection-settings', cookies: { [SESSION_COOKIE]: cookie!.value } });
      expect(again.statusCode).toBe(200);
      expect(again.json().smsProtection).toBe(false);
      // A known, fresh session needs no new cookie.
      expect(again.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    });

    it('names the cookie __Host-… when it is Secure (https through a trusted proxy), for the whole site and no Domain, and reads it back', async () => {
      const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: true, webDistDir: '/nonexistent' }, database: ctx.database });
      try {
        const https = { 'x-forwarded-proto': 'https' };
        const res = await app.inject({ method: 'PATCH', url: '/api/protection-settings', headers: https, payload: { emailProtection: false } });
        expect(res.cookies.map((c) => c.name)).toEqual([SECURE_SESSION_COOKIE]);
        const cookie = res.cookies[0]!;
        expect(cookie).toMatchObject({ name: '__Host-bc_session', secure: true, path: '/', httpOnly: true });
        expect(cookie.domain).toBeUndefined();
        expect(res.headers['strict-transport-security']).toContain('max-age=');
        const again = await app.inject({ method: 'GET', url: '/api/protection-settings', headers: https, cookies: { [SECURE_SESSION_COOKIE]: cookie.value } });
        expect(again.json().emailProtection).toBe(false);
      } finally {
        await app.close();
      }
    });

    it('names the cookie __Host-… whenever COOKIE_SECURE=true, plain http or not', async () => {
      const app = await buildApp({ config: { cookieSecure: 'true', trustProxy: false, webDistDir: '/nonexistent' }, database: ctx.database });
      try {
        const res = await app.inject({ method: 'PATCH', url: '/api/protection-settings', payload: { smsProtection: false } });
        expect(res.cookies.map((c) => [c.name, c.secure, c.path, c.domain])).toEqual([['__Host-bc_session', true, '/', undefined]]);
      } finally {
        await app.close();
      }
    });

    it('warns once when a request says X-Forwarded-Proto: https but TRUST_PROXY is not set', async () => {
      const { lines, logger } = captureLogs('warn');
      const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent' }, database: ctx.database, logger });
      try {
        await app.inject({ method: 'GET', url: '/api/health' });
        expect(lines.filter((l) => String(l.msg).includes('TRUST_PROXY'))).toHaveLength(0);
        for (let i = 0; i < 3; i++) await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
        expect(lines.filter((l) => String(l.msg).includes('TRUST_PROXY'))).toHaveLength(1);
      } finally {
        await app.close();
      }
    });

    it('stores only a hash of the token, never the token itself', async () => {
      const visitor = ctx.visitor();
      await visitor.patch('/api/protection-settings', { smsProtection: true });
      const result = await ctx.database.db.execute(sql`select id_hash from sessions`);
      const hashes = (result as unknown as { rows: { id_hash: string }[] }).rows.map((r) => r.id_hash);
      expect(hashes.length).toBeGreaterThan(0);
      expect(hashes).not.toContain(visitor.cookie);
      expect(hashes.every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    });

    it('treats a forged or unknown cookie as no session, and replaces it on the first write', async () => {
      const forged = { [SESSION_COOKIE]: 'A'.repeat(43) };
      const read = await ctx.app.inject({ method: 'GET', url: '/api/messages', cookies: forged });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual([]);
      expect(read.cookies).toHaveLength(0);
      const write = await ctx.app.inject({ method: 'PATCH', url: '/api/protection-settings', cookies: forged, payload: { smsProtection: true } });
      const cookie = write.cookies.find((c) => c.name === SESSION_COOKIE);
      expect(cookie?.value).toBeDefined();
      expect(cookie!.value).not.toBe('A'.repeat(43));
    });

    it('creates no session for the health probe or unknown API paths', async () => {
      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ status: 'ok', database: ctx.database.driver });
      expect(health.cookies).toHaveLength(0);
      const unknown = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
      expect(unknown.cookies).toHaveLength(0);
    });
  });

  describe('errors', () => {
    it('answers unknown /api paths with a JSON 404', async () => {
      const res = await ctx.visitor().get('/api/does-not-exist');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
    });

    it('answers a wrong method on a known path with 405 and the methods it allows', async () => {
      const list = await ctx.visitor().request('PUT', '/api/messages');
      expect(list.statusCode).toBe(405);
      expect(list.json().error.code).toBe('METHOD_NOT_ALLOWED');
      expect(list.headers.allow).toBe('GET, HEAD');
      const one = await ctx.visitor().request('PATCH', '/api/messages/some-id');
      expect(one.statusCode).toBe(405);
      expect(one.headers.allow).toBe('GET, DELETE, HEAD');
      const settings = await ctx.visitor().request('POST', '/api/protection-settings');
      expect(settings.headers.allow).toBe('GET, PATCH, HEAD');
      expect((await ctx.visitor().request('GET', '/api/messages/a/b')).statusCode).toBe(404);
    });

    it('answers malformed JSON with 400 INVALID_JSON', async () => {
      const res = await ctx.visitor().request('POST', '/api/scan/text', '{"content": "hi"', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'INVALID_JSON', message: expect.any(String) } });
    });

    it('answers an empty JSON body with 400 INVALID_JSON', async () => {
      const res = await ctx.visitor().request('POST', '/api/scan/text', '', { 'content-type': 'application/json' });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('INVALID_JSON');
    });

    it('answers a body over 1 MB with 413 and stays up', async () => {
      const visitor = ctx.visitor();
      const res = await visitor.request('POST', '/api/scan/text', JSON.stringify({ content: 'x'.repeat(MAX_BODY_BYTES + 10) }), {
        'content-type': 'application/json',
      });
      expect(res.statusCode).toBe(413);
      expect(res.json().error.code).toBe('PAYLOAD_TOO_LARGE');
      expect((await visitor.get('/api/health')).statusCode).toBe(200);
    });

    it('answers a non-JSON content type with 415', async () => {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
        const res = await ctx.visitor().request('POST', '/api/scan/text', 'content=hello', { 'content-type': type });
        expect(res.statusCode, type).toBe(415);
        expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it('accepts JSON with a charset parameter', async () => {
      const res = await ctx.visitor().request('POST', '/api/scan/text', '{"content":"See you soon"}', { 'content-type': 'application/json; charset=utf-8' });
      expect(res.statusCode).toBe(200);
    });

    it('answers a JSON body that is not an object with 400 naming the problem', async () => {
      for (const body of ['[]', '"text"', 'null', '42']) {
        const res = await ctx.visitor().request('POST', '/api/scan/text', body, { 'content-type': 'application/json' });
        expect(res.statusCode, body).toBe(400);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(res.json().error.details.length).toBeGreaterThan(0);
      }
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP and the usual hardening headers, and no-store on the API', async () => {
      const res = await ctx.visitor().get('/api/messages');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['strict-transport-security']).toBeUndefined();
    });

    it('sends no-store on an API answer reached by a percent-encoded path too', async () => {
      const res = await ctx.visitor().get('/%61pi/contact-support');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toHaveProperty('accountEmail');
      expect(res.headers['cache-control']).toBe('no-store');
    });
  });

  describe('without a web build', () => {
    it('answers GET / with a page that says to run npm run build', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('npm run build');
      expect(res.headers['content-security-policy']).toBeDefined();
    });
  });
});

describe('unexpected failures', () => {
  it('answers 500 INTERNAL with the request id, logs the cause with that id, never echoes it, and keeps serving', async () => {
    const { lines, logger } = captureLogs('error');
    const database = await openDatabase({ kind: 'pglite' });
    const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent' }, database, logger });
    try {
      const ok = await app.inject({ method: 'PATCH', url: '/api/protection-settings', payload: { smsProtection: true } });
      const cookie = ok.cookies[0]!;
      // Break the database under the running app: the next query fails in a way no route expects.
      await database.close();

      const res = await app.inject({ method: 'GET', url: '/api/messages?limit=1', cookies: { [cookie.name]: cookie.value } });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toEqual({ error: { code: 'INTERNAL', message: 'Something went wrong on our side. Please try again.', requestId: res.headers['x-request-id'] } });
      expect(res.body).not.toMatch(/closed|pglite|select/i);
      const logged = lines.find((l) => l.msg === 'unhandled error');
      expect(logged?.reqId).toBe(res.headers['x-request-id']);
      expect(JSON.stringify(logged?.err)).toBeTruthy();

      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().error.code).toBe('SERVICE_UNAVAILABLE');
    } finally {
      await app.close();
    }
  });

  it("answers a malformed path in the API's error shape, not the framework's", async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const app = await buildTestApp(database);
    try {
      const res = await app.inject({ method: 'GET', url: '/api/messages/%ZZ' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: expect.any(String) } });
      expect(res.body).not.toMatch(/FST_|statusCode/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('answers 503 in the API error shape once the app is closing', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const app = await buildTestApp(database);
    await app.ready();
    const closed = app.close();
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    await closed;
    await database.close();
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SERVICE_UNAVAILABLE');
  });
});

describeWithDatabases('deeply nested JSON', (ctx) => {
  it.each([
    ['400,000 nested arrays', `{"content":${'['.repeat(400_000)}${']'.repeat(400_000)}}`],
    ['150,000 nested objects', `{"content":"hi","x":${'{"a":'.repeat(150_000)}1${'}'.repeat(150_000)}}`],
    ['33 levels in the assistant history', JSON.stringify({ query: 'hi', history: [{ role: 'user', content: JSON.parse('['.repeat(33) + ']'.repeat(33)) }] })],
  ])('refuses %s with 400 and keeps serving', async (_, body) => {
    const visitor = ctx.visitor();
    const url = body.includes('"query"') ? '/api/assistant/chat' : '/api/scan/text';
    const res = await visitor.request('POST', url, body, { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: '', message: expect.stringContaining('levels deep') }] });
    expect((await visitor.request('POST', '/api/scan/text', { content: 'See you at 6?' })).statusCode).toBe(200);
  });
});

describeWithDatabases('NUL characters', (ctx) => {
  it.each([
    ['POST', '/api/scan/text', { content: 'hi\u0000there' }, 'content'],
    ['POST', '/api/scan/text', { content: 'hi', sender: 'a\u0000' }, 'sender'],
    ['POST', '/api/blocked-senders', { sender: 'x\u0000' }, 'sender'],
    ['POST', '/api/reports', { content: 'a', note: '\u0000' }, 'note'],
    ['DELETE', '/api/messages/a%00b', undefined, 'id'],
  ] as const)('%s %s refuses a NUL character with 400 naming the field', async (method, url, body, field) => {
    const res = await ctx.visitor().request(method, url, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([{ field, message: expect.stringContaining('NUL') }]);
  });
});

describe('closing', () => {
  it('waits for a request in progress, but cuts a connection still open after the grace period', async () => {
    const database = await openDatabase({ kind: 'pglite' });
    const app = await buildApp({ config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', host: '127.0.0.1' }, database, logger: false, shutdownGraceMs: 300 });
    try {
      await app.listen({ host: '127.0.0.1', port: 0 });
      const { port } = app.server.address() as AddressInfo;
      // a client that announces a body and stops sending half-way: its request never ends
      const socket = connect(port, '127.0.0.1');
      await new Promise((resolve) => socket.once('connect', resolve));
      const ended = new Promise((resolve) => socket.once('close', resolve));
      socket.write('POST /api/scan/text HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"content":"half');
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await app.close();
      // not before the grace period, and not the Node default of 5 minutes either
      expect(Date.now() - started).toBeGreaterThanOrEqual(250);
      expect(Date.now() - started).toBeLessThan(10_000);
      await ended;
    } finally {
      await database.close();
    }
  });
});
