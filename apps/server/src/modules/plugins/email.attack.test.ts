import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { describeWithDatabases, makeVisitor } from '../../test/harness.ts';
import { signUp } from '../../test/plans.ts';

/**
 * The email plugin's sign-in connects where a person says: IPv6 addresses that lead into a
 * network's own IPv4 space through a translator (local-use NAT64, 6to4, SIIT's IPv4-translated
 * form, Teredo) were let through by the address guard. Each is refused before any connection,
 * with the same sentence as a private address.
 */
const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false };

describeWithDatabases('the email sign-in under attack (SSRF)', (ctx) => {
  let strict: FastifyInstance;
  beforeAll(async () => {
    strict = await buildApp({ config: { ...BASE, plugins: { imap: { timeoutMs: 1_000 } } }, database: ctx.database, logger: false });
  });
  afterAll(async () => {
    await strict?.close();
  });

  it.each([
    ['local-use NAT64 to 10.0.0.1', '[64:ff9b:1::a00:1]'],
    ['6to4 around 127.0.0.1', '[2002:7f00:1::]'],
    ['6to4 around 169.254.169.254', '2002:a9fe:a9fe::1'],
    ['SIIT IPv4-translated 127.0.0.1', '[::ffff:0:7f00:1]'],
    ['Teredo', '[2001:0:4136:e378:8000:63bf:80ff:fffe]'],
  ])('refuses %s (%s) as a private address', async (_label, host) => {
    const person = makeVisitor(strict);
    await signUp(person);
    const res = await person.post('/api/plugins/email/auth', { host, port: 993, secure: true, username: 'ann', password: 'app-password-never-echoed' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({ code: 'PLUGIN_AUTH_FAILED', message: expect.stringContaining('private or local network address') });
    expect(res.body).not.toContain('app-password-never-echoed');
  });
});
