import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { postgresLimiters } from '../../http/limit-windows.ts';
import { DATABASES } from '../../test/databases.ts';
import { clientShare, createLookupQuota, LookupLimitError, lookupsFor, quotaFetch } from './lookup-limits.ts';

describe('createLookupQuota', () => {
  it('lets the allowance through, then refuses with a sentence naming the source and when it is back', async () => {
    const quota = createLookupQuota('VirusTotal', { perMinute: 2, perDay: 10 });
    await quota.take();
    await quota.take();
    const refused = await quota.take().catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(LookupLimitError);
    expect((refused as LookupLimitError).message).toMatch(/^Not asked: this server has used its allowance of VirusTotal lookups for this minute; asked again in \d+ seconds\.$/);
    expect((refused as LookupLimitError).retryAfterMs).toBeGreaterThan(0);
  });

  it('says "today" when the day is used up', async () => {
    const quota = createLookupQuota('Google Safe Browsing', { perDay: 1 });
    await quota.take();
    await expect(quota.take()).rejects.toThrow(/for today; asked again in \d+ hours/);
  });

  it('spends several requests at once (the three DNS queries of a domain)', async () => {
    const quota = createLookupQuota('DNS', { perMinute: 7 });
    await quota.take(3);
    await quota.take(3);
    await expect(quota.take(3)).rejects.toBeInstanceOf(LookupLimitError);
  });

  it('keeps each source its own allowance', async () => {
    const a = createLookupQuota('A', { perMinute: 1 });
    const b = createLookupQuota('B', { perMinute: 1 });
    await a.take();
    await expect(b.take()).resolves.toBeUndefined();
  });
});

describe("a client's share of a source", () => {
  it('is a quarter of a minute, a tenth of a day, at least one', () => {
    expect(clientShare(4, 60)).toBe(1);
    expect(clientShare(60, 60)).toBe(15);
    expect(clientShare(500, 86_400)).toBe(50);
    expect(clientShare(3, 86_400)).toBe(1);
  });

  it('stops one user at their share and leaves the rest for everyone else', async () => {
    const quota = createLookupQuota('Registry', { perMinute: 8 });
    const mallory = { user: 'u-mallory', address: '198.51.100.7' };
    await lookupsFor(mallory, async () => {
      await quota.take();
      await quota.take();
      const refused = await quota.take().catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(LookupLimitError);
      expect((refused as Error).message).toMatch(/^Not asked: you have used your share of Registry lookups for this minute; asked again in \d+ seconds\.$/);
    });
    // another visitor still gets theirs, and the server's allowance was not spent on the refusal
    await lookupsFor({ user: 'u-alice', address: '203.0.113.9' }, async () => {
      await quota.take();
      await quota.take();
    });
    // 4 of the server's 8 are spent (2 each): outside any client (a scheduled job) the other 4 remain
    for (let i = 0; i < 4; i++) await quota.take();
    await expect(quota.take()).rejects.toThrow(/this server has used its allowance/);
  });

  it('counts an address however many guests it makes', async () => {
    const quota = createLookupQuota('VirusTotal', { perMinute: 4 });
    await lookupsFor({ user: 'guest-1', address: '198.51.100.0' }, () => quota.take());
    const second = await lookupsFor({ user: 'guest-2', address: '198.51.100.0' }, () => quota.take().catch((e: unknown) => e));
    expect(second).toBeInstanceOf(LookupLimitError);
    await expect(lookupsFor({ user: 'guest-3', address: '192.0.2.1' }, () => quota.take())).resolves.toBeUndefined();
  });
});

describe('quotaFetch', () => {
  it('never sends a request past the allowance', async () => {
    let sent = 0;
    const fetchImpl = quotaFetch(createLookupQuota('X', { perMinute: 1 }), async () => {
      sent += 1;
      return new Response('{}');
    });
    await fetchImpl('http://127.0.0.1:9/');
    await expect(fetchImpl('http://127.0.0.1:9/')).rejects.toBeInstanceOf(LookupLimitError);
    expect(sent).toBe(1);
  });
});

const postgres = DATABASES.find((d) => d.name === 'postgres');

describe.skipIf(!postgres)('a source’s allowance on PostgreSQL (several instances, issue 21)', () => {
  let database: Database;
  beforeAll(async () => {
    database = await postgres!.open();
  });
  afterAll(() => database?.close());

  it('is one allowance for every instance on the database, the clients’ shares too', async () => {
    // two instances: each its own quota object, one store
    const limiters = postgresLimiters(database.postgres!.pool);
    const [one, two] = [createLookupQuota('VirusTotal', { perMinute: 4, perDay: 500 }, limiters), createLookupQuota('VirusTotal', { perMinute: 4, perDay: 500 }, limiters)];
    await one.take();
    await two.take();
    await one.take();
    await two.take();
    await expect(one.take()).rejects.toThrow(/this server has used its allowance of VirusTotal lookups for this minute/);
    await expect(two.take()).rejects.toBeInstanceOf(LookupLimitError);
    // a client's share (one a minute of 4) is counted across instances as well
    const share = [createLookupQuota('RDAP', { perMinute: 8 }, limiters), createLookupQuota('RDAP', { perMinute: 8 }, limiters)];
    const client = { user: 'someone', address: '198.51.100.7' };
    await lookupsFor(client, () => share[0]!.take());
    await lookupsFor(client, () => share[0]!.take());
    await expect(lookupsFor(client, () => share[1]!.take())).rejects.toThrow(/you have used your share of RDAP lookups for this minute/);
  });
});
