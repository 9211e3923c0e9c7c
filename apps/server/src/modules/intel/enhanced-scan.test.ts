import { generateKeyPairSync } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { dkimSign } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/database.ts';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server.ts';
import { startRdapServer, type TestRdapServer } from '../../test/rdap-server.ts';

// Enhanced scans through the whole app, every outside source a real peer on 127.0.0.1.
const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;

/** An email source as a mail client's "show original" gives it: the receiving server's Received header, then the sender's. */
const emailSource = (from: string, subject: string, body: string, extra: string[] = []) =>
  [
    'Received: from mail.mybank-example.com (mail.mybank-example.com [192.0.2.25]) by mx.recipient.example with ESMTPS id abc123; Mon, 23 Nov 2026 09:00:00 +0000',
    `From: ${from}`,
    'To: jordan@recipient.example',
    `Subject: ${subject}`,
    'Date: Mon, 23 Nov 2026 08:59:58 +0000',
    'Message-ID: <m1@mybank-example.com>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...extra,
    '',
    body,
    '',
  ].join('\r\n');

describe('enhanced scans', () => {
  let dns: TestDnsServer;
  let rdap: TestRdapServer;
  let database: Database;
  let app: FastifyInstance;
  let hangingApp: FastifyInstance;

  beforeAll(async () => {
    dns = await startDnsServer({
      'mybank-example.com': { TXT: ['v=spf1 ip4:192.0.2.0/24 -all'], MX: [{ exchange: 'mx.mybank-example.com', priority: 10 }] },
      's1._domainkey.mybank-example.com': { TXT: [dkimRecord] },
      '_dmarc.mybank-example.com': { TXT: ['v=DMARC1; p=reject; rua=mailto:d@mybank-example.com'] },
    });
    rdap = await startRdapServer({ 'mybank-example.com': '2004-05-06T00:00:00Z', 'harbor-city-events.com': daysAgo(3) });
    database = await openDatabase({ kind: 'pglite' });
    const config = {
      cookieSecure: 'auto' as const,
      trustProxy: false,
      webDistDir: '/nonexistent',
      intelSources: ['feeds' as const, 'dns' as const, 'rdap' as const, 'safe-browsing' as const, 'virustotal' as const],
      dnsServers: [dns.address],
      rdapBootstrapUrl: rdap.bootstrapUrl,
    };
    app = await buildApp({ config: { ...config, intelBudgetMs: 3000 }, database, logger: false });
    hangingApp = await buildApp({ config: { ...config, intelBudgetMs: 400 }, database, logger: false });
  });
  afterAll(async () => {
    await app.close();
    await hangingApp.close();
    await database.close();
    await dns.close();
    await rdap.close();
  });

  const scan = (target: FastifyInstance, body: Record<string, unknown>) => target.inject({ method: 'POST', url: '/api/scan/text', payload: body });

  it('fills senderInfo from DNS and RDAP and names every source', async () => {
    const res = await scan(app, { content: 'Your statement for November is ready in online banking.', sender: 'MyBank <alerts@mybank-example.com>', source: 'email', enhancedAnalysis: true });
    expect(res.statusCode).toBe(200);
    const { analysis } = res.json();
    expect(analysis.enhanced).toBe(true);
    expect(analysis.threatData.senderInfo).toEqual({ hasSpf: true, hasDmarc: true, hasDkim: false, securityLevel: 'High', reputationScore: 90, creationDate: '2004-05-06T00:00:00.000Z' });
    expect(analysis.intelSources.map((s: { name: string; status: string }) => [s.name, s.status])).toEqual([
      ['Threat feeds', 'answered'],
      ['DNS', 'answered'],
      ['Domain age (RDAP)', 'answered'],
      ['Google Safe Browsing', 'not-configured'],
      ['VirusTotal', 'not-configured'],
    ]);
    expect(dns.queries).toEqual(expect.arrayContaining(['txt mybank-example.com', 'txt _dmarc.mybank-example.com', 'mx mybank-example.com']));
  });

  it('raises the verdict for a link to a domain registered days ago', async () => {
    const content = 'Photos from Saturday are up here: https://harbor-city-events.com/gallery';
    const basic = (await scan(app, { content, enhancedAnalysis: false })).json().analysis;
    const enhanced = (await scan(app, { content, enhancedAnalysis: true })).json().analysis;
    expect(enhanced.reasonDetails.map((r: { id: string }) => r.id)).toContain('new-domain');
    expect(basic.reasonDetails.map((r: { id: string }) => r.id)).not.toContain('new-domain');
    expect(enhanced.score).toBeGreaterThan(basic.score);
    expect(basic.threatLevel).toBe('safe');
    expect(enhanced.threatLevel).not.toBe('safe');
  });

  it('sends nothing anywhere for a basic scan', async () => {
    const dnsBefore = dns.queries.length;
    const rdapBefore = rdap.requests.length;
    const res = await scan(app, { content: 'Pay the toll now at https://toll-due-example.com/pay', sender: 'alerts@elsewhere-example.com', enhancedAnalysis: false });
    expect(res.json().analysis.enhanced).toBe(false);
    expect(res.json().analysis.intelSources).toBeUndefined();
    expect(dns.queries.length).toBe(dnsBefore);
    expect(rdap.requests.length).toBe(rdapBefore);
  });

  it('skips and names a hanging source without failing the scan', async () => {
    dns.hang.add('slow-sender-example.com');
    dns.hang.add('_dmarc.slow-sender-example.com');
    const started = Date.now();
    const res = await scan(hangingApp, { content: 'Lunch on Friday?', sender: 'friend@slow-sender-example.com', enhancedAnalysis: true });
    const took = Date.now() - started;
    expect(res.statusCode).toBe(200);
    const { analysis } = res.json();
    expect(analysis.intelSources.find((s: { name: string }) => s.name === 'DNS')).toMatchObject({ status: 'timed-out', detail: 'No answer within 0.4 s.' });
    expect(analysis.intelSources.find((s: { name: string }) => s.name === 'Threat feeds')).toMatchObject({ status: 'answered' });
    // the budget bounds the wait (generous margin: this asserts the bound, not a speed)
    expect(took).toBeLessThan(5000);
  });

  it('reads a pasted email source: judges its subject and body with From as the sender, and checks its signature', async () => {
    const plain = emailSource('MyBank <alerts@mybank-example.com>', 'Your November statement', 'Your statement for November is ready in online banking.');
    const { signatures } = await dkimSign(plain, { signTime: new Date(), signatureData: [{ signingDomain: 'mybank-example.com', selector: 's1', privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() }] } as never);
    // as a browser's text box sends it: line ends turned to LF
    const res = await scan(app, { content: (signatures + plain).replace(/\r\n/g, '\n'), source: 'manual', enhancedAnalysis: true, saveToHistory: true });
    const { message, analysis } = res.json();
    expect(message).toMatchObject({ content: 'Your November statement\n\nYour statement for November is ready in online banking.', sender: '"MyBank" <alerts@mybank-example.com>', source: 'manual' });
    expect(analysis.notes[0]).toMatch(/^This was read as a whole email/);
    expect(analysis.threatLevel).toBe('safe');
    expect(analysis.intelSources.find((s: { name: string }) => s.name.startsWith('Email authentication'))).toMatchObject({ status: 'answered' });
    expect(analysis.threatData.senderInfo).toMatchObject({ hasDkim: true, hasSpf: true, hasDmarc: true });
  });

  it('flags a pasted email its domain does not vouch for, even in a basic scan when its headers say so', async () => {
    const forged = emailSource('PayPal <service@paypal.com>', 'Account notice', 'Hello, please confirm your recent payment in your account.', [
      'Authentication-Results: mx.recipient.example; spf=fail smtp.mailfrom=paypal.com; dkim=none; dmarc=fail (p=REJECT) header.from=paypal.com',
      'Reply-To: paypal.support.desk@gmail.com',
    ]);
    const basic = (await scan(app, { content: forged, enhancedAnalysis: false })).json().analysis;
    const ids = basic.reasonDetails.map((r: { id: string }) => r.id);
    expect(ids).toEqual(expect.arrayContaining(['email-auth-failed', 'reply-to-mismatch']));
    expect(ids).not.toContain('official-sender-domain');
    expect(basic.threatLevel).not.toBe('safe');
    expect(basic.enhanced).toBe(false);
  });

  it('scans text that only mentions headers as it is', async () => {
    const text = 'From: Bank\nYour card is blocked, call 1-800-555-0199 now';
    const { message, analysis } = (await scan(app, { content: text, enhancedAnalysis: false })).json();
    expect(message.content).toBe(text);
    expect(analysis.notes ?? []).not.toContainEqual(expect.stringMatching(/whole email/));
  });

  it('a hostile pasted email cannot change how the server treats anyone (prototype pollution)', async () => {
    // the audit's reproduction: from then on every visitor's plain scan answered 400 until restart
    for (const key of ['__proto__', '__pro"to__"', '"__proto__"', '__pro\\to__', "__pro'to__'", '\\_\\_proto\\_\\_']) {
      const hostile = [`ARC-Authentication-Results: i=1; mx.example.com; dkim=pass header.${key}.useAdvancedScan=yes`, emailSource('Bank <alerts@mybank-example.com>', 'Your account', 'Please confirm your details.')].join('\r\n');
      const res = await scan(app, { content: hostile, source: 'email', enhancedAnalysis: true, saveToHistory: false });
      expect(res.statusCode, key).toBe(200);
      expect(({} as Record<string, unknown>).useAdvancedScan, key).toBeUndefined();
    }
    const second = await scan(app, { content: 'See you at 6?' });
    expect(second.statusCode).toBe(200);
    expect(second.json().analysis.threatLevel).toBe('safe');
  });

  it('gives a verdict, saved, for an email whose decoding makes NUL characters (=00, base64, encoded words)', async () => {
    const sources = [
      emailSource('Bank <alerts@mybank-example.com>', 'Account notice', 'Verify=00 your account now at http://paypa1-secure-login.top/verify', ['Content-Transfer-Encoding: quoted-printable']),
      emailSource('Bank <alerts@mybank-example.com>', '=?utf-8?q?Hel=00lo?=', 'Verify your account now.'),
      emailSource('=?utf-8?q?Ba=00nk?= <alerts@mybank-example.com>', 'Notice', 'Verify your account now.'),
      emailSource('Bank <alerts@mybank-example.com>', 'Notice', Buffer.from('Verify\u0000 your account now.').toString('base64'), ['Content-Transfer-Encoding: base64']),
    ];
    for (const content of sources) {
      const res = await scan(app, { content, enhancedAnalysis: false, saveToHistory: true });
      expect(res.statusCode, content.slice(0, 200)).toBe(200);
      const { message } = res.json();
      expect(message.id).toEqual(expect.any(String));
      expect(JSON.stringify(message)).not.toContain('\\u0000');
    }
  });

  it("stops one client at its share of a source's allowance, leaving the rest for everyone else", async () => {
    const shared = await buildApp({
      config: { cookieSecure: 'auto', trustProxy: false, webDistDir: '/nonexistent', intelSources: ['feeds', 'rdap'], rdapBootstrapUrl: rdap.bootstrapUrl, intelQuotas: { rdapPerMinute: 8 } },
      database,
      logger: false,
    });
    try {
      const rdapOf = async (remoteAddress: string, domain: string) => {
        const res = await shared.inject({ method: 'POST', url: '/api/scan/url', remoteAddress, payload: { url: `https://${domain}/login`, enhancedAnalysis: true } });
        expect(res.statusCode).toBe(200);
        return res.json().intelSources.find((s: { name: string }) => s.name.startsWith('Domain age')) as { status: string; detail?: string };
      };
      // a quarter of the registry's 8 a minute: 2 fresh domains, then "your share"
      expect((await rdapOf('198.51.100.66', 'fresh-one.com')).status).toBe('answered');
      expect((await rdapOf('198.51.100.66', 'fresh-two.com')).status).toBe('answered');
      const third = await rdapOf('198.51.100.66', 'fresh-three.com');
      expect(third).toMatchObject({ status: 'limited', detail: expect.stringMatching(/^Not asked: you have used your share of domain registry \(RDAP\) lookups for this minute/) });
      // someone else, elsewhere, is still answered
      expect((await rdapOf('203.0.113.80', 'fresh-four.com')).status).toBe('answered');
    } finally {
      await shared.close();
    }
  });
});
