import { createHash, generateKeyPairSync } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { dkimSign } from 'mailauth';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../../../test/dns-server.ts';
import {
  authenticateRawEmail,
  headersForMailauth,
  MAX_ADDRESS_FIELD_CHARS,
  MAX_DKIM_SIGNATURES,
  MAX_HEADER_FIELDS,
  MAX_HEADER_LINES,
  MAX_RECEIVED_FIELD_CHARS,
  MAX_RECEIVED_FIELDS,
  MAX_SIGNATURE_FIELD_CHARS,
  MAX_SIGNED_FIELDS,
  sendingServerOf,
} from './email-auth.ts';
import { headerFieldsOf } from './email-source.ts';

// Each test signs with a key made here and publishes it, with SPF and DMARC, on a real DNS server
// on 127.0.0.1; nothing leaves the machine.
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const dkimRecord = `v=DKIM1; k=rsa; p=${publicKey.export({ type: 'spki', format: 'der' }).toString('base64')}`;
const privatePem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

/** `example.com` signs its mail and lists 192.0.2.0/24; `example.org` publishes p=reject and lists 198.51.100.0/24 but never signs. */
const ZONE = {
  's1._domainkey.example.com': { TXT: [dkimRecord] },
  'example.com': { TXT: ['v=spf1 ip4:192.0.2.0/24 -all'] },
  '_dmarc.example.com': { TXT: ['v=DMARC1; p=reject; rua=mailto:dmarc@example.com'] },
  'example.org': { TXT: ['v=spf1 ip4:198.51.100.0/24 -all'] },
  '_dmarc.example.org': { TXT: ['v=DMARC1; p=reject'] },
  'example.net': { TXT: ['v=spf1 ip4:203.0.113.0/24 ~all'] },
  '_dmarc.example.net': { TXT: ['v=DMARC1; p=quarantine'] },
};

let dns: TestDnsServer;
const resolvers: Resolver[] = [];

/** A resolver asking only the test's DNS server. */
function resolverFor(opts: { timeout?: number; tries?: number } = {}) {
  const r = new Resolver({ timeout: opts.timeout ?? 2000, tries: opts.tries ?? 1 });
  r.setServers([dns.address]);
  resolvers.push(r);
  return (name: string, rrtype: string) => r.resolve(name, rrtype);
}

beforeAll(async () => {
  dns = await startDnsServer(ZONE);
});
afterAll(async () => {
  for (const r of resolvers) r.cancel();
  await dns.close();
});

const crlf = (lines: string[]) => lines.join('\r\n');

function message(from: string, body: string, extra: string[] = []): string {
  return crlf([
    `From: ${from}`,
    'To: jane@example.net',
    'Subject: Your statement is ready',
    'Date: Tue, 05 Mar 2024 10:11:10 +0000',
    'Message-ID: <m1@mail.example>',
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    ...extra,
    '',
    body,
    '',
  ]);
}

async function signed(source: string, domain = 'example.com', maxBodyLength?: number): Promise<string> {
  const { signatures, errors } = await dkimSign(source, {
    // one signing time: without it mailauth rounds the clock twice (for the signed header and the
    // written one), and a half-second boundary between the two broke about 1 signature in 250
    signTime: new Date(),
    signatureData: [{ signingDomain: domain, selector: 's1', privateKey: privatePem, ...(maxBodyLength === undefined ? {} : { maxBodyLength }) }],
  } as never);
  expect(errors).toEqual([]);
  return signatures + source;
}

/** The Received header the recipient's server adds on top, naming the server that connected. */
const received = (ip: string, helo = 'mail.sender.example') =>
  crlf([`Received: from ${helo} (${helo}. [${ip}])`, '\tby mx.recipient.example with ESMTPS id 4Tq1;', '\tTue, 05 Mar 2024 10:11:12 +0000', '']);
const returnPath = (address: string) => `Return-Path: <${address}>\r\n`;

describe('authenticateRawEmail', () => {
  it('passes DKIM, SPF and DMARC (aligned) for a message signed by its From domain and sent from a listed server', async () => {
    const source = received('192.0.2.25') + returnPath('bounce@example.com') + (await signed(message('"Example Bank" <alerts@example.com>', 'Your statement is ready.')));
    const r = await authenticateRawEmail(source, { resolver: resolverFor() });
    expect(r).toMatchObject({
      fromDomain: 'example.com',
      sendingIp: '192.0.2.25',
      dkim: { result: 'pass', domain: 'example.com', aligned: true },
      spf: { result: 'pass', domain: 'example.com' },
      dmarc: { result: 'pass', policy: 'reject' },
    });
    expect(dns.queries).toEqual(expect.arrayContaining(['txt s1._domainkey.example.com', 'txt example.com', 'txt _dmarc.example.com']));
  });

  it('fails DKIM when the body was changed after signing, and DMARC with it when SPF does not align', async () => {
    const original = await signed(message('alerts@example.com', 'Pay your bill at https://example.com/bill'));
    const altered = original.replace('https://example.com/bill', 'https://example-billing.top/pay');
    const r = await authenticateRawEmail(received('198.51.100.7') + returnPath('bounce@example.com') + altered, { resolver: resolverFor() });
    expect(r.dkim).toMatchObject({ result: 'fail', domain: 'example.com', aligned: true });
    expect(r.dkim.reason).toMatch(/changed after it was signed/);
    expect(r.spf.result).toBe('fail');
    expect(r.dmarc).toMatchObject({ result: 'fail', policy: 'reject' });
    // the untouched message still passes
    expect((await authenticateRawEmail(received('192.0.2.25') + original, { resolver: resolverFor() })).dkim.result).toBe('pass');
  });

  it('fails DMARC for a p=reject From domain with no valid signature', async () => {
    const unsigned = received('203.0.113.50', 'smtp.cheap-host.example') + returnPath('x@cheap-host.example') + message('"Example Org Security" <security@example.org>', 'Verify your account now.');
    const r = await authenticateRawEmail(unsigned, { resolver: resolverFor() });
    expect(r).toMatchObject({ fromDomain: 'example.org', sendingIp: '203.0.113.50', dkim: { result: 'none', aligned: false }, dmarc: { result: 'fail', policy: 'reject' } });
    // a signature by someone else's domain does not align either
    const foreign = received('192.0.2.25') + returnPath('bounce@example.com') + (await signed(message('security@example.org', 'Verify your account now.'), 'example.com'));
    const f = await authenticateRawEmail(foreign, { resolver: resolverFor() });
    expect(f.dkim).toMatchObject({ result: 'pass', domain: 'example.com', aligned: false });
    expect(f.spf).toMatchObject({ result: 'pass', domain: 'example.com' });
    expect(f.dmarc).toMatchObject({ result: 'fail', policy: 'reject' });
  });

  it("checks SPF for the Received header's address against the domain's ip4: list", async () => {
    const body = message('news@example.net', 'Hello');
    const pass = await authenticateRawEmail(received('203.0.113.9') + returnPath('bounce@example.net') + body, { resolver: resolverFor() });
    expect(pass.spf).toMatchObject({ result: 'pass', domain: 'example.net' });
    const soft = await authenticateRawEmail(received('192.0.2.99') + returnPath('bounce@example.net') + body, { resolver: resolverFor() });
    expect(soft.spf).toMatchObject({ result: 'softfail', domain: 'example.net' });
    expect(soft.dmarc).toMatchObject({ result: 'fail', policy: 'quarantine' });
    const hard = await authenticateRawEmail(received('192.0.2.99') + returnPath('bounce@example.org') + message('a@example.org', 'Hello'), { resolver: resolverFor() });
    expect(hard.spf).toMatchObject({ result: 'fail', domain: 'example.org' });
  });

  it('says SPF was not checked when no Received header names the sending server, and leaves DMARC undecided', async () => {
    const r = await authenticateRawEmail(returnPath('x@example.org') + message('security@example.org', 'Hello'), { resolver: resolverFor() });
    expect(r.sendingIp).toBeNull();
    expect(r.spf.result).toBe('none');
    expect(r.spf.reason).toMatch(/no Received header/);
    expect(r.dmarc.result).toBe('none');
    expect(r.dmarc.policy).toBe('reject');
    expect(r.dmarc.reason).toMatch(/SPF could not be checked/);
    // an aligned signature still decides DMARC
    const signedOnly = await authenticateRawEmail(await signed(message('alerts@example.com', 'Hi')), { resolver: resolverFor() });
    expect(signedOnly).toMatchObject({ sendingIp: null, dkim: { result: 'pass', aligned: true }, spf: { result: 'none' }, dmarc: { result: 'pass' } });
  });

  it('reports temperror, without throwing, when the DNS server does not answer', async () => {
    const source = received('192.0.2.25') + returnPath('bounce@example.com') + (await signed(message('alerts@example.com', 'Hello')));
    for (const name of ['s1._domainkey.example.com', 'example.com', '_dmarc.example.com']) dns.hang.add(name);
    try {
      const started = Date.now();
      const byResolver = await authenticateRawEmail(source, { resolver: resolverFor({ timeout: 300, tries: 1 }) });
      expect(byResolver.dkim.result).toBe('temperror');
      expect(byResolver.spf.result).toBe('temperror');
      expect(byResolver.dmarc.result).toBe('temperror');
      // a resolver slower than our patience: the signal gives up for it
      const bySignal = await authenticateRawEmail(source, { resolver: resolverFor({ timeout: 20_000, tries: 1 }), signal: AbortSignal.timeout(300) });
      expect([bySignal.dkim.result, bySignal.spf.result, bySignal.dmarc.result]).toEqual(['temperror', 'temperror', 'temperror']);
      const byTimeout = await authenticateRawEmail(source, { resolver: resolverFor({ timeout: 20_000, tries: 1 }), timeoutMs: 300 });
      expect(byTimeout.dkim.result).toBe('temperror');
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      dns.hang.clear();
    }
  });

  it('reports temperror for a server failure or a resolver that throws anything', async () => {
    const source = received('192.0.2.25') + returnPath('bounce@example.com') + (await signed(message('alerts@example.com', 'Hello')));
    dns.fail.add('s1._domainkey.example.com');
    try {
      expect((await authenticateRawEmail(source, { resolver: resolverFor() })).dkim.result).toBe('temperror');
    } finally {
      dns.fail.clear();
    }
    const throwsNull = await authenticateRawEmail(source, {
      resolver: () => {
        throw null;
      },
    });
    expect(throwsNull).toMatchObject({ dkim: { result: 'temperror' }, spf: { result: 'temperror' }, dmarc: { result: 'temperror' } });
    const rejectsString = await authenticateRawEmail(source, { resolver: () => Promise.reject('boom') });
    expect(rejectsString.dkim.result).toBe('temperror');
  });

  it('never lets a pasted header pollute Object.prototype, in any spelling of the key', async () => {
    // mailauth's parser drops quotes and backslashes from keys and splits them on dots, so every
    // one of these reached it as __proto__ (or constructor.prototype) before ARC fields were removed
    const spellings = [
      'header.__proto__.polluted=yes',
      'header.__pro"to__".polluted=yes',
      'header."__proto__".polluted=yes',
      "header.__pro'to__'.polluted=yes",
      'header.__pro\\to__.polluted=yes',
      'header.\\_\\_proto\\_\\_.polluted=yes',
      'header.constructor.prototype.polluted=yes',
      '__proto__.polluted=yes',
      'header.__pro"t"o__.polluted=yes',
    ];
    const fields = ['ARC-Authentication-Results', 'arc-authentication-results', '  ARC-Authentication-Results ', 'ARC-Seal', 'ARC-Message-Signature', 'Authentication-Results', 'DKIM-Signature'];
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    for (const spelling of spellings) {
      for (const field of fields) {
        for (const place of ['first', 'folded', 'last', 'lf-only'] as const) {
          const hostile = place === 'folded' ? `${field}: i=1; mx.example.org; dkim=pass\r\n\t${spelling}` : `${field}: i=1; mx.example.org; dkim=pass ${spelling}`;
          const head = place === 'last' ? [received('192.0.2.25').trimEnd(), hostile] : [hostile, received('192.0.2.25').trimEnd()];
          let source = crlf([...head, '']) + message('a@example.org', 'Hello');
          if (place === 'lf-only') source = source.replaceAll('\r\n', '\n');
          const r = await authenticateRawEmail(source, { resolver: resolverFor() });
          expect(r.fromDomain, `${field} ${spelling} (${place})`).toBe('example.org');
          const probe = {} as Record<string, unknown>;
          expect(probe.polluted, `${field} ${spelling} (${place})`).toBeUndefined();
        }
      }
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});

describe('headersForMailauth', () => {
  it('keeps the first five DKIM-Signature fields and drops the rest', () => {
    const sigs = Array.from({ length: 8 }, (_, i) => `DKIM-Signature: v=1; d=d${i}.example; s=s;\r\n\tb=AAAA`);
    const out = headersForMailauth(crlf([...sigs, 'From: a@example.org', '', 'body'])) ?? '';
    expect(out.match(/DKIM-Signature/g)).toHaveLength(MAX_DKIM_SIGNATURES);
    expect(out).toContain('d=d4.example');
    expect(out).not.toContain('d=d5.example');
    expect(out).toMatch(/b=AAAA\r\nFrom: a@example.org\r\n\r\nbody$/);
  });

  it('removes every ARC field, folded or not, at the top, in the middle and last, and nothing else', () => {
    const source = crlf([
      ' ARC-Seal: i=1; cv=none',
      'From: a@example.org',
      'arc-message-signature : i=1; h=from',
      '\tbh=AAAA; b=BBBB',
      'Subject: Hi',
      'ARC-Authentication-Results: i=1; mx; dkim=pass',
      '',
      'ARC-Seal: this is the body, not a header',
      '',
    ]);
    expect(headersForMailauth(source)).toBe(crlf(['From: a@example.org', 'Subject: Hi', '', 'ARC-Seal: this is the body, not a header', '']));
    const plain = message('a@example.org', 'Hello');
    expect(headersForMailauth(plain)).toBe(plain);
    expect(headersForMailauth('ARC-Seal: i=1\nFrom: a@example.org\n\nbody')).toBe('From: a@example.org\n\nbody');
    expect(headersForMailauth('From: a@example.org\nARC-Seal: i=1')).toBe('From: a@example.org');
  });

  it('asks DNS a bounded number of times, however many signatures an email carries', async () => {
    const before = dns.queries.length;
    const body = 'Our deals this week.\r\n';
    // a body hash that matches, so each signature goes on to ask DNS for the key it names
    const bh = createHash('sha256').update(body).digest('base64');
    const sigs = Array.from({ length: 600 }, (_, i) => `DKIM-Signature: v=1; a=rsa-sha256; c=simple/simple; d=attacker${i}.example; s=s${i}; h=from:subject; bh=${bh}; b=AAAA`);
    // before the cap, 600 key queries and more
    const source = crlf([received('192.0.2.25').trimEnd(), ...sigs, 'From: news@example.com', 'Subject: Deals', '', body]);
    const r = await authenticateRawEmail(source, { resolver: resolverFor() });
    expect(r.fromDomain).toBe('example.com');
    // MAX_DNS_QUERIES_PER_EMAIL at most
    expect(dns.queries.length - before).toBeLessThanOrEqual(20);
  });

  it('drops a signature listing more names than any real one, and hands over no email of thousands of fields', async () => {
    const huge = `DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=s1; h=${Array.from({ length: MAX_SIGNED_FIELDS + 1 }, () => 'z').join(':')}; bh=AAAA; b=AAAA`;
    const fine = 'DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=s1; h=from:to:subject; bh=AAAA; b=AAAA';
    expect(headersForMailauth(crlf([huge, fine, 'From: a@example.org', '', 'body']))).toBe(crlf([fine, 'From: a@example.org', '', 'body']));
    const many = crlf([...Array.from({ length: MAX_HEADER_FIELDS + 1 }, (_, i) => `X-Filler-${i}: a`), 'From: a@example.org', '', 'body']);
    expect(headersForMailauth(many)).toBeNull();
    const r = await authenticateRawEmail(received('192.0.2.25') + many, { resolver: resolverFor() });
    expect(r.dkim).toMatchObject({ result: 'temperror', reason: expect.stringMatching(/more than 1000 header fields/) });
    expect(r.fromDomain).toBe('example.org');
  });

  it('hands over no email of more header lines than any real one: one field folded thousands of times', async () => {
    const folded = crlf(['From: a@example.org', 'To: jane@example.net', `X-Filler: a${'\r\n b'.repeat(MAX_HEADER_LINES)}`, '', 'body']);
    expect(headersForMailauth(folded)).toBeNull();
    expect(headersForMailauth(crlf(['From: a@example.org', `X-Filler: a${'\r\n b'.repeat(MAX_HEADER_LINES - 3)}`, '', 'body']))).not.toBeNull();
    const r = await authenticateRawEmail(received('192.0.2.25') + folded, { resolver: resolverFor() });
    expect(r.dkim).toMatchObject({ result: 'temperror', reason: expect.stringMatching(/more than 1000 header fields or 5000 header lines/) });
  });

  it('does not check a signature with a body-length tag (l=), and writes nothing to stdout for it', async () => {
    const log = vi.spyOn(console, 'log');
    try {
      const body = 'Your statement is ready.';
      const original = await signed(message('"Example Bank" <alerts@example.com>', body), 'example.com', body.length + 2);
      // a phishing paragraph appended after the signed part, and the same signature over a body shorter than l=
      const extended = original.replace(/\r\n$/, '\r\nAlso verify your account at http://example-com.verify-now.example/login\r\n');
      const shortened = original.replace(`${body}\r\n`, 'Short.\r\n');
      for (const source of [extended, shortened]) {
        const r = await authenticateRawEmail(received('192.0.2.25') + returnPath('bounce@example.com') + source, { resolver: resolverFor() });
        expect(r.dkim).toMatchObject({ result: 'none', reason: expect.stringContaining('l= tag') });
        // SPF passes and aligns here, so DMARC still passes
        expect(r.dmarc.result).toBe('pass');
      }
      // sent from a server the domain does not list: DMARC is undecided, not called forged
      const elsewhere = await authenticateRawEmail(received('198.51.100.9') + shortened, { resolver: resolverFor() });
      expect(elsewhere.dmarc).toMatchObject({ result: 'none', reason: expect.stringContaining('l=') });
      expect(log).not.toHaveBeenCalled();
    } finally {
      log.mockRestore();
    }
  });

  it('keeps a DKIM signature verifiable wherever ARC fields were', async () => {
    const arc = crlf(['ARC-Seal: i=1; a=rsa-sha256; t=1; cv=none; d=example.org; s=s1; b=AAAA', 'ARC-Authentication-Results: i=1; mx.example.org; dkim=pass', '']);
    const signedMessage = await signed(message('"Example Bank" <alerts@example.com>', 'Your statement is ready.'));
    const headerEnd = signedMessage.indexOf('\r\n\r\n');
    for (const source of [
      received('192.0.2.25') + arc + signedMessage,
      received('192.0.2.25') + signedMessage.slice(0, headerEnd + 2) + arc.slice(0, -2) + signedMessage.slice(headerEnd),
    ]) {
      const r = await authenticateRawEmail(source, { resolver: resolverFor() });
      expect(r.dkim).toMatchObject({ result: 'pass', domain: 'example.com', aligned: true });
    }
  });
});

describe('headersForMailauth: header fields longer or more numerous than real mail carries', () => {
  // the reviewer's: one `Received: a` and 48,500 ` b` held the event loop for 1.8 s in mailauth's
  // Received parser (quadratic in its words); ten of them, 18 s
  const hostileReceived = `Received: a${' b'.repeat(48_500)}`;

  it('drops Received fields longer than a real one, and the check runs on the rest', async () => {
    const signedMessage = await signed(message('"Example Bank" <alerts@example.com>', 'Your statement is ready.'));
    const source = received('192.0.2.25') + returnPath('bounce@example.com') + `${hostileReceived}\r\n`.repeat(10) + signedMessage;
    const prepared = headersForMailauth(source) ?? '';
    expect(prepared).not.toContain(' b b b');
    expect(prepared.startsWith(received('192.0.2.25') + returnPath('bounce@example.com') + 'DKIM-Signature:')).toBe(true);
    const r = await authenticateRawEmail(source, { resolver: resolverFor() });
    expect(r).toMatchObject({ sendingIp: '192.0.2.25', dkim: { result: 'pass', aligned: true }, spf: { result: 'pass' }, dmarc: { result: 'pass' } });
    // a real one is kept, folded or not
    const real = crlf(['Received: from mail-sor-f41.google.com (mail-sor-f41.google.com. [209.85.220.41])', '        by mx.google.com with SMTPS id a1sor123.2024.03.05.02.11.12', '        for <jane@example.net>', '        (Google Transport Security);', '        Tue, 05 Mar 2024 02:11:12 -0800 (PST)', '']);
    expect(real.length).toBeLessThan(MAX_RECEIVED_FIELD_CHARS);
    expect(headersForMailauth(real + signedMessage)).toBe(real + signedMessage);
  });

  it(`hands over the bottom-most ${MAX_RECEIVED_FIELDS} Received fields at most`, () => {
    const hops = Array.from({ length: MAX_RECEIVED_FIELDS + 10 }, (_, i) => `Received: from hop${i}.example by hop${i + 1}.example; Tue, 5 Mar 2024 10:00:00 +0000`);
    const prepared = headersForMailauth(crlf([...hops, 'From: a@example.org', '', 'body'])) ?? '';
    expect(prepared.match(/^Received:/gm)).toHaveLength(MAX_RECEIVED_FIELDS);
    expect(prepared).not.toContain('from hop9.example');
    expect(prepared.startsWith('Received: from hop10.example')).toBe(true);
    expect(prepared.endsWith('from hop59.example by hop60.example; Tue, 5 Mar 2024 10:00:00 +0000\r\nFrom: a@example.org\r\n\r\nbody')).toBe(true);
  });

  it('does not check an email whose From lists more than a real one holds (mailauth reads it in quadratic time)', async () => {
    // 60,000 addresses: nodemailer's address parser, inside mailauth, took seconds
    const hostile = crlf(['From: alerts@example.com' + ', b'.repeat(60_000), 'To: jane@example.net', 'Subject: Hi', '', 'body']);
    expect(headersForMailauth(hostile)).toBeNull();
    const r = await authenticateRawEmail(received('192.0.2.25') + hostile, { resolver: resolverFor() });
    expect(r).toMatchObject({ dkim: { result: 'temperror', reason: expect.stringMatching(/From header longer than any real one/) }, dmarc: { result: 'temperror' } });
    const longName = `From: "${'Example Bank '.repeat(150)}" <alerts@example.com>`;
    expect(longName.length).toBeLessThan(MAX_ADDRESS_FIELD_CHARS);
    expect(headersForMailauth(crlf([longName, '', 'body']))).not.toBeNull();
  });

  it('drops a Return-Path longer than a real one (it is never read), and the check runs on the rest', async () => {
    const signedMessage = await signed(message('"Example Bank" <alerts@example.com>', 'Your statement is ready.'));
    const source = received('192.0.2.25') + `Return-Path: ${'bounce@example.com, '.repeat(30_000)}\r\n` + signedMessage;
    expect(headersForMailauth(source)).toBe(received('192.0.2.25') + signedMessage);
    const r = await authenticateRawEmail(source, { resolver: resolverFor() });
    expect(r).toMatchObject({ dkim: { result: 'pass', aligned: true }, dmarc: { result: 'pass' } });
  });

  it('does not check a DKIM signature longer than a real one', () => {
    const fine = 'DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=s1; h=from:to:subject; bh=AAAA; b=AAAA';
    const huge = `DKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=s1; h=from; bh=AAAA; b=${'A'.repeat(MAX_SIGNATURE_FIELD_CHARS)}`;
    expect(headersForMailauth(crlf([huge, fine, 'From: a@example.org', '', 'body']))).toBe(crlf([fine, 'From: a@example.org', '', 'body']));
  });
});

describe('sendingServerOf', () => {
  const serverOf = (headers: string) => sendingServerOf(headerFieldsOf(`${headers}\r\n\r\nbody`));

  it('takes the top-most Received header with a bracketed address in its from clause', () => {
    expect(
      serverOf(
        crlf([
          'Received: by 2002:a05:6a10:a0c8 with SMTP id x8csp1; Tue, 5 Mar 2024 02:11:12 -0800',
          'Received: from mail-out.sender.example (mail-out.sender.example. [192.0.2.10])',
          '        by mx.google.com with ESMTPS id a1si123',
          '        for <jane@example.net>; Tue, 05 Mar 2024 02:11:12 -0800 (PST)',
          'Received: from [10.1.2.3] (helo=laptop) by mail-out.sender.example; Tue, 5 Mar 2024',
        ]),
      ),
    ).toEqual({ ip: '192.0.2.10', helo: 'mail-out.sender.example' });
  });

  it('passes over relays inside the provider, reads IPv6 and stops at the by clause', () => {
    expect(
      serverOf(
        crlf([
          'Received: from filter.internal ([127.0.0.1]) by mx.example.net; Tue, 5 Mar 2024',
          'Received: from relay.internal (relay.internal [10.0.0.5]) by filter.internal; Tue, 5 Mar 2024',
          'Received: from mx6.sender.example (mx6.sender.example [IPv6:2001:db8::25]) by relay.internal; Tue, 5 Mar 2024',
        ]),
      ),
    ).toEqual({ ip: '2001:db8::25', helo: 'mx6.sender.example' });
    expect(serverOf('Received: from a.example (a.example) by b.example (b.example [192.0.2.77]); Tue, 5 Mar 2024')).toBeNull();
    expect(serverOf('Received: from [192.0.2.5] by mx.example.net; Tue, 5 Mar 2024')).toEqual({ ip: '192.0.2.5', helo: null });
  });

  it('is null without such a header (a sent-folder copy, Microsoft-style unbracketed addresses)', () => {
    expect(serverOf('From: a@example.com')).toBeNull();
    expect(serverOf('Received: from BN8PR12MB (2603:10b6:408:6a::33) by SA1PR12MB with HTTPS; Tue, 5 Mar 2024')).toBeNull();
    expect(serverOf('Received: (qmail 1234 invoked from network [192.0.2.1]); Tue, 5 Mar 2024')).toBeNull();
    expect(serverOf('Received: from x.example ([999.1.1.1]) by y.example; Tue, 5 Mar 2024')).toBeNull();
  });
});
