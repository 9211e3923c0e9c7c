import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IntelProvider } from '../../modules/intel/enrich.ts';
import { startDnsServer, type TestDnsServer } from '../../test/dns-server.ts';
import { createDnsProvider, parseDnsServers } from './dns-provider.ts';

let server: TestDnsServer;

beforeAll(async () => {
  server = await startDnsServer({
    'bank.test': { TXT: ['v=spf1 include:_spf.bank.test -all', 'google-site-verification=abc'], MX: [{ exchange: 'mx1.bank.test', priority: 10 }] },
    '_dmarc.bank.test': { TXT: ['v=DMARC1; p=reject; rua=mailto:dmarc@bank.test'] },
    // SPF split in two strings (joined with nothing between them), among other TXT records
    'shop.test': { TXT: ['MS=ms12345', ['v=sp', 'f1 ip4:192.0.2.0/24 ~all'], 'apple-domain-verification=x'], MX: [{ exchange: 'mail.shop.test', priority: 5 }] },
    '_dmarc.shop.test': { TXT: ['v=DMARC1;p=none;pct=100'] },
    // a "null MX": the domain says it takes no mail
    'nomail.test': { TXT: ['v=spf1 -all'], MX: [{ exchange: '.', priority: 0 }] },
    '_dmarc.nomail.test': { TXT: ['v=DMARC1; p=QUARANTINE'] },
    'odd.test': { TXT: ['v=spf10 is not spf', 'verification v=spf1'], MX: [{ exchange: 'mx.odd.test', priority: 1 }] },
    '_dmarc.odd.test': { TXT: ['v=DMARC1; p=whatever'] },
    // two DMARC records: receivers apply neither (RFC 7489 section 6.6.3)
    'twice.test': { TXT: ['v=spf1 -all'] },
    '_dmarc.twice.test': { TXT: ['v=DMARC1; p=reject', 'unrelated', 'v=DMARC1; p=none'] },
    // exists, but publishes nothing (NODATA for every type)
    'bare.test': { A: ['192.0.2.1'] },
    'partial.test': { TXT: ['v=spf1 mx -all'], MX: [{ exchange: 'mx.partial.test', priority: 10 }] },
    '_dmarc.partial.test': { TXT: ['v=DMARC1; p=reject'] },
    'slow-a.test': { TXT: ['v=spf1 -all'] },
    'slow-b.test': { TXT: ['v=spf1 -all'] },
  });
});

afterAll(async () => {
  await server.close();
});

function provider(options: Parameters<typeof createDnsProvider>[0] = {}): IntelProvider {
  return createDnsProvider({ servers: [server.address], ...options });
}

function look(p: IntelProvider, senderDomain: string | undefined, signal = new AbortController().signal) {
  return p.lookup(senderDomain === undefined ? { links: [] } : { links: [], senderDomain }, signal);
}

/** The queries the server saw about `domain` (its TXT, MX and its `_dmarc` TXT). */
function queriesFor(domain: string): string[] {
  return server.queries.filter((q) => {
    const name = q.slice(q.indexOf(' ') + 1);
    return name === domain || name === `_dmarc.${domain}`;
  });
}

describe('createDnsProvider', () => {
  it('reads SPF, an enforcing DMARC policy and MX', async () => {
    const p = provider();
    expect(p.name).toBe('DNS');
    expect(p.unavailable()).toBeNull();
    expect(await look(p, 'bank.test')).toEqual({ facts: {}, sender: { hasSpf: true, hasDmarc: true, dmarcPolicy: 'reject', hasMx: true } });
    expect(queriesFor('bank.test').sort()).toEqual(['mx bank.test', 'txt _dmarc.bank.test', 'txt bank.test']);
  });

  it('answers all false for a domain that does not exist', async () => {
    expect(await look(provider(), 'ghost.test')).toEqual({ facts: {}, sender: { hasSpf: false, hasDmarc: false, hasMx: false } });
  });

  it('answers all false for a domain that exists but publishes nothing', async () => {
    expect(await look(provider(), 'bare.test')).toEqual({ facts: {}, sender: { hasSpf: false, hasDmarc: false, hasMx: false } });
  });

  it('finds SPF split in several strings among other TXT records, and DMARC p=none', async () => {
    expect(await look(provider(), 'shop.test')).toEqual({ facts: {}, sender: { hasSpf: true, hasDmarc: true, dmarcPolicy: 'none', hasMx: true } });
  });

  it('takes a null MX for no mail, and reads the policy whatever its case', async () => {
    expect(await look(provider(), 'nomail.test')).toEqual({ facts: {}, sender: { hasSpf: true, hasDmarc: true, dmarcPolicy: 'quarantine', hasMx: false } });
  });

  it('ignores TXT records that only look like SPF, and keeps a DMARC record with an unknown policy', async () => {
    const answer = await look(provider(), 'odd.test');
    expect(answer).toEqual({ facts: {}, sender: { hasSpf: false, hasDmarc: true, hasMx: true } });
    expect(answer.sender).not.toHaveProperty('dmarcPolicy');
  });

  it('counts two DMARC records as none', async () => {
    expect(await look(provider(), 'twice.test')).toEqual({ facts: {}, sender: { hasSpf: true, hasDmarc: false, hasMx: false } });
  });

  it('asks nothing without a sender domain, nor for names that cannot be hostnames', async () => {
    const p = provider();
    const before = server.queries.length;
    for (const name of [undefined, 'not a domain', 'evil.test;rm', `${'a'.repeat(60)}.`.repeat(5) + 'test', 'x..test', '192.0.2.1', '', '.']) {
      expect(await look(p, name)).toEqual({ facts: {} });
    }
    expect(server.queries.length).toBe(before);
  });

  it('serves a second lookup from the cache, under one name whatever the case and trailing dot', async () => {
    const p = provider();
    const first = await look(p, 'partial.test');
    expect(queriesFor('partial.test')).toHaveLength(3);
    expect(await look(p, 'Partial.TEST.')).toEqual(first);
    expect(queriesFor('partial.test')).toHaveLength(3);
    // another provider has its own cache
    await look(provider(), 'partial.test');
    expect(queriesFor('partial.test')).toHaveLength(6);
  });

  it('forgets a positive answer after cacheTtlMs and an all-false one after negativeTtlMs', async () => {
    let now = 1_000_000;
    const p = provider({ clock: () => now, cacheTtlMs: 60_000, negativeTtlMs: 5_000 });
    await look(p, 'bank.test');
    await look(p, 'nowhere.test');
    const bank = queriesFor('bank.test').length;
    expect(queriesFor('nowhere.test')).toHaveLength(3);

    now += 4_999;
    await look(p, 'bank.test');
    await look(p, 'nowhere.test');
    expect(queriesFor('bank.test')).toHaveLength(bank);
    expect(queriesFor('nowhere.test')).toHaveLength(3);

    now += 1;
    await look(p, 'bank.test');
    await look(p, 'nowhere.test');
    expect(queriesFor('bank.test')).toHaveLength(bank);
    expect(queriesFor('nowhere.test')).toHaveLength(6);

    now += 55_000;
    expect(await look(p, 'bank.test')).toMatchObject({ sender: { hasSpf: true, dmarcPolicy: 'reject' } });
    expect(queriesFor('bank.test')).toHaveLength(bank + 3);
  });

  it('evicts beyond maxEntries', async () => {
    const p = provider({ maxEntries: 1 });
    await look(p, 'evict-a.test');
    await look(p, 'evict-b.test');
    await look(p, 'evict-a.test');
    expect(queriesFor('evict-a.test')).toHaveLength(6);
  });

  it('shares one set of queries between lookups of a domain at the same time', async () => {
    const p = provider();
    const answers = await Promise.all([look(p, 'shared.test'), look(p, 'SHARED.test'), look(p, 'shared.test.')]);
    expect(answers.every((a) => a.sender?.hasSpf === false)).toBe(true);
    expect(queriesFor('shared.test')).toHaveLength(3);
  });

  it('fails, naming the cause, when the server does not answer, and caches nothing', async () => {
    server.hang.add('hang.test');
    server.hang.add('_dmarc.hang.test');
    try {
      const p = provider({ timeoutMs: 50 });
      await expect(look(p, 'hang.test')).rejects.toThrow('DNS lookups for hang.test failed: ETIMEOUT');
      const asked = queriesFor('hang.test').length;
      await expect(look(p, 'hang.test')).rejects.toThrow(/ETIMEOUT/);
      expect(queriesFor('hang.test').length).toBeGreaterThan(asked);
    } finally {
      server.hang.delete('hang.test');
      server.hang.delete('_dmarc.hang.test');
    }
  });

  it('fails when every query gets SERVFAIL', async () => {
    server.fail.add('broken.test');
    server.fail.add('_dmarc.broken.test');
    try {
      await expect(look(provider(), 'broken.test')).rejects.toThrow('DNS lookups for broken.test failed: ESERVFAIL');
    } finally {
      server.fail.delete('broken.test');
      server.fail.delete('_dmarc.broken.test');
    }
  });

  it('leaves a field unknown when its query gets SERVFAIL, and does not cache that answer', async () => {
    server.fail.add('_dmarc.partial.test');
    const p = provider();
    try {
      const answer = await look(p, 'partial.test');
      expect(answer).toEqual({ facts: {}, sender: { hasSpf: true, hasMx: true } });
      expect(answer.sender).not.toHaveProperty('hasDmarc');
    } finally {
      server.fail.delete('_dmarc.partial.test');
    }
    expect(await look(p, 'partial.test')).toEqual({ facts: {}, sender: { hasSpf: true, hasDmarc: true, dmarcPolicy: 'reject', hasMx: true } });
  });

  it('rejects promptly on abort, and does not cache the cancelled lookup', async () => {
    server.hang.add('slow-a.test');
    server.hang.add('_dmarc.slow-a.test');
    const p = provider({ timeoutMs: 100 });
    try {
      const controller = new AbortController();
      const started = performance.now();
      const pending = look(p, 'slow-a.test', controller.signal);
      setTimeout(() => controller.abort(), 30);
      // with the signal's reason, well before c-ares would give up (ETIMEOUT after some 800 ms)
      await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
      expect(performance.now() - started).toBeLessThan(400);
      // the queries were cancelled: no retry reaches the server
      const sent = queriesFor('slow-a.test').length;
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(queriesFor('slow-a.test')).toHaveLength(sent);
      const aborted = new AbortController();
      aborted.abort();
      await expect(look(p, 'slow-a.test', aborted.signal)).rejects.toThrow();
    } finally {
      server.hang.delete('slow-a.test');
      server.hang.delete('_dmarc.slow-a.test');
    }
    const asked = queriesFor('slow-a.test').length;
    expect(await look(p, 'slow-a.test')).toEqual({ facts: {}, sender: { hasSpf: true, hasDmarc: false, hasMx: false } });
    expect(queriesFor('slow-a.test').length).toBe(asked + 3);
  });

  it('does not cancel other lookups when one is aborted', async () => {
    // both domains hang at first; c-ares' retry (after timeoutMs) is answered once released
    for (const name of ['slow-a.test', 'slow-b.test']) server.hang.add(name);
    const p = provider({ timeoutMs: 100 });
    const quitter = new AbortController();
    const abandoned = look(p, 'slow-a.test', quitter.signal);
    const sameDomain = look(p, 'slow-a.test');
    const otherDomain = look(p, 'slow-b.test');
    await new Promise((resolve) => setTimeout(resolve, 30));
    quitter.abort();
    await expect(abandoned).rejects.toThrow();
    for (const name of ['slow-a.test', 'slow-b.test']) server.hang.delete(name);
    expect(await sameDomain).toMatchObject({ sender: { hasSpf: true } });
    expect(await otherDomain).toMatchObject({ sender: { hasSpf: true } });
  });

  it('refuses a bad server address at creation', () => {
    expect(() => createDnsProvider({ servers: ['dns.example'] })).toThrow();
  });
});

describe('parseDnsServers', () => {
  it('reads IPv4 and IPv6 addresses with optional ports', () => {
    expect(parseDnsServers('')).toEqual([]);
    expect(parseDnsServers('  ')).toEqual([]);
    expect(parseDnsServers(' 1.1.1.1 , 127.0.0.1:5353,[::1]:53,  2001:db8::1,[2001:db8::2] ')).toEqual([
      '1.1.1.1',
      '127.0.0.1:5353',
      '[::1]:53',
      '2001:db8::1',
      '2001:db8::2',
    ]);
  });

  it('throws naming the bad entry', () => {
    for (const bad of ['dns.google', '1.1.1', '256.1.1.1', '1.1.1.1:0', '1.1.1.1:65536', '1.1.1.1:x', '[1.1.1.1]:53', '[::1]:', '::1]:53', 'localhost:53']) {
      expect(() => parseDnsServers(`8.8.8.8, ${bad}`), bad).toThrow(`"${bad}"`);
    }
  });

  it('gives what the provider can use', async () => {
    const p = createDnsProvider({ servers: parseDnsServers(` ${server.address} `) });
    expect(await look(p, 'bank.test')).toMatchObject({ sender: { hasSpf: true } });
  });
});
