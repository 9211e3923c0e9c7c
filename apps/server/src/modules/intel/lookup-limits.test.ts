import { describe, expect, it } from 'vitest';
import { createLookupQuota, LookupLimitError, quotaFetch } from './lookup-limits.ts';

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
