import { describe, expect, it } from 'vitest';
import { dedupe } from './corpus.ts';
import { DEV_PERCENT, fnv1a32, splitKey, splitOf } from './split.ts';
import type { DataRecord } from './types.ts';

const rec = (over: Partial<DataRecord>): DataRecord => ({
  id: 'x:1',
  set: 'x',
  channel: 'sms',
  label: 'legit',
  origLabel: 'ham',
  text: '',
  ...over,
});

describe('fnv1a32', () => {
  it('matches the published test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });
});

describe('splitOf', () => {
  it('is deterministic and depends only on the text, not the set, id or label', () => {
    const a = rec({ set: 'uci_sms_spam_collection', id: 'u:1', text: 'WINNER!! Claim your £900 prize now', label: 'scam' });
    const b = rec({ set: 'mendeley_sms_phishing_2022', id: 'm:7', text: 'winner claim your \uFFFD900 prize NOW', label: 'phishing' });
    expect(splitKey(a)).toBe(splitKey(b));
    expect(splitOf(a)).toBe(splitOf(b));
    expect(splitOf(a)).toBe(splitOf({ ...a }));
  });

  it('puts every URL on one host on one side', () => {
    const urls = ['http://evil.top/a', 'https://www.evil.top/b?c=1', 'evil.top', 'hxxp://evil[.]top/login'];
    const sides = new Set(urls.map((url) => splitOf(rec({ channel: 'url', url, text: url }))));
    expect(sides.size).toBe(1);
  });

  it('sends about DEV_PERCENT% to dev', () => {
    let dev = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) if (splitOf(rec({ text: `message number ${i} about something` })) === 'dev') dev++;
    expect(dev / n).toBeGreaterThan(DEV_PERCENT / 100 - 0.02);
    expect(dev / n).toBeLessThan(DEV_PERCENT / 100 + 0.02);
  });
});

describe('dedupe', () => {
  it('keeps the first copy, records the other sets, merges scam/phishing, drops legit/threat conflicts', () => {
    const rows = [
      rec({ set: 'a', id: 'a:1', text: 'Hello there', label: 'legit' }),
      rec({ set: 'b', id: 'b:1', text: 'hello, THERE!', label: 'legit' }),
      rec({ set: 'a', id: 'a:2', text: 'Win a prize', label: 'scam' }),
      rec({ set: 'b', id: 'b:2', text: 'win a prize', label: 'phishing' }),
      rec({ set: 'a', id: 'a:3', text: 'Call me', label: 'legit' }),
      rec({ set: 'b', id: 'b:3', text: 'call me', label: 'scam' }),
      rec({ set: 'a', id: 'a:4', text: 'Call me', label: 'legit', channel: 'email' }),
    ];
    const { records, stats } = dedupe(rows);
    expect(records.map((r) => [r.id, r.label, r.alsoIn ?? []])).toEqual([
      ['a:1', 'legit', ['b']],
      ['a:2', 'phishing', ['b']],
      ['a:4', 'legit', []],
    ]);
    expect(stats).toEqual({ duplicates: 3, conflictsDropped: 1, scamPhishingMerged: 1 });
  });

  it('never splits a deduped item: dev and train share no key', () => {
    const rows = ['Your parcel is held', 'YOUR PARCEL IS HELD!', 'see you soon', 'See you soon.'].map((text, i) =>
      rec({ id: `s:${i}`, set: i % 2 ? 'b' : 'a', text }),
    );
    const { records } = dedupe(rows);
    const dev = new Set(records.filter((r) => splitOf(r) === 'dev').map(splitKey));
    const train = new Set(records.filter((r) => splitOf(r) === 'train').map(splitKey));
    for (const k of dev) expect(train.has(k)).toBe(false);
    expect(records).toHaveLength(2);
  });
});
