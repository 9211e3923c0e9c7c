import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadCorpus } from './corpus.ts';
import { REPO_ROOT, assertDataDir, dataDir, loadSet, toRecord, urlFormOf } from './load.ts';
import { mapLabel } from './sources.ts';

describe('mapLabel', () => {
  it.each([
    ['ham', 'legit'],
    ['benign', 'legit'],
    ['spam', 'scam'],
    ['phishing', 'phishing'],
    [' Spam ', 'scam'],
  ] as const)('%s → %s', (input, out) => {
    expect(mapLabel(input)).toBe(out);
  });
  it('throws on an unknown label', () => {
    expect(() => mapLabel('maybe')).toThrow(/unknown label/);
  });
});

describe('dataDir', () => {
  it('defaults to <repo root>/../shared/data', () => {
    expect(dataDir({})).toBe(resolve(REPO_ROOT, '../shared/data'));
  });
  it('honours BAITCHECK_DATA_DIR', () => {
    expect(dataDir({ BAITCHECK_DATA_DIR: '/tmp/elsewhere' })).toBe('/tmp/elsewhere');
  });
  it('gives a clear error for a missing folder', () => {
    expect(() => assertDataDir('/nonexistent/baitcheck-data')).toThrow(/data folder not found.*\n.*BAITCHECK_DATA_DIR/);
    expect(() => loadSet('uci_sms_spam_collection', '/nonexistent/baitcheck-data')).toThrow(/data folder not found/);
  });
});

describe('toRecord', () => {
  it('builds an email record: subject + blank line + body, normalised', () => {
    const r = toRecord(
      'nazario_phishing_2015_2022',
      'email',
      { label: 'phishing', subject: 'Hi [NAME]', text: 'Mail [USER] at jose@monkey.org', orig_label: '1', sender_domain: 'ebay.com', date: '2016-01-01' },
      3,
    );
    expect(r).toEqual({
      id: 'nazario_phishing_2015_2022:3',
      set: 'nazario_phishing_2015_2022',
      channel: 'email',
      label: 'phishing',
      origLabel: '1',
      subject: 'Hi',
      text: 'Hi\n\nMail at [EMAIL]',
      sender: 'ebay.com',
      date: '2016-01-01',
    });
  });

  it('builds a URL record, refanged, with its form', () => {
    const r = toRecord('x', 'url', { label: 'phishing', url: 'hxxp://evil[.]top/a', form: 'url', host: 'evil.top' }, 1);
    expect(r).toMatchObject({ label: 'phishing', url: 'http://evil.top/a', text: 'http://evil.top/a', form: 'url' });
  });

  it('uses a row id when there is one (modern sets)', () => {
    expect(toRecord('modern-sms-legit', 'sms', { id: 'sms-legit-001', label: 'legit', text: 'ok', sender: 'Mom' }, 1)).toMatchObject({
      id: 'modern-sms-legit:sms-legit-001',
      sender: 'Mom',
    });
  });

  it.each([
    ['google.com', 'domain'],
    ['http://google.com/', 'url_root'],
    ['https://a.b/c?d', 'url'],
    ['a.b/c', 'url_noscheme'],
  ] as const)('urlFormOf %s', (u, f) => {
    expect(urlFormOf(u)).toBe(f);
  });
});

describe('loadCorpus on a tiny data folder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'baitcheck-data-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  mkdirSync(join(dir, 'sms'));
  mkdirSync(join(dir, 'url'));
  const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';
  writeFileSync(
    join(dir, 'sms/uci_sms_spam_collection.jsonl'),
    jsonl([
      { label: 'ham', text: 'Ok lar... Joking wif u oni...' },
      { label: 'spam', text: 'WINNER!! Claim £900 now' },
      { label: 'ham', text: 'Call me later' },
    ]),
  );
  writeFileSync(
    join(dir, 'sms/mendeley_sms_phishing_2022.jsonl'),
    jsonl([
      { label: 'ham', text: 'ok lar joking wif u oni' },
      { label: 'phishing', text: 'WINNER!! Claim \uFFFD900 now' },
      { label: 'spam', text: 'Call me later' },
    ]),
  );
  writeFileSync(
    join(dir, 'url/iscx_url_2016.csv'),
    'label,url,source,orig_label,date,form,host\nbenign,http://a.com/x,iscx,benign,2016,url,a.com\nphishing,"http://b.com/a,b",iscx,phishing,2016,url,b.com\n',
  );
  const sets = ['uci_sms_spam_collection', 'mendeley_sms_phishing_2022', 'iscx_url_2016'];

  it('dedupes across sets, merges and drops conflicts, and counts per side', () => {
    const { records, stats } = loadCorpus({ dataDir: dir, sets });
    expect(stats.rowsRead).toBe(8);
    expect(stats.duplicates).toBe(3);
    expect(stats.conflictsDropped).toBe(1);
    expect(stats.scamPhishingMerged).toBe(1);
    expect(records.map((r) => [r.id, r.label, r.alsoIn ?? []])).toEqual([
      ['uci_sms_spam_collection:1', 'legit', ['mendeley_sms_phishing_2022']],
      ['uci_sms_spam_collection:2', 'phishing', ['mendeley_sms_phishing_2022']],
      ['iscx_url_2016:1', 'legit', []],
      ['iscx_url_2016:2', 'phishing', []],
    ]);
    expect(records.find((r) => r.id === 'iscx_url_2016:2')?.url).toBe('http://b.com/a,b');
    const total = Object.values(stats.counts).flatMap((s) => Object.values(s).flatMap((l) => Object.values(l)));
    expect(total.reduce((a, b) => a + b, 0)).toBe(4);
  });

  it('filters by channel and split', () => {
    const all = loadCorpus({ dataDir: dir, sets, channels: ['sms'] }).records;
    expect(all.every((r) => r.channel === 'sms')).toBe(true);
    const dev = loadCorpus({ dataDir: dir, sets, split: 'dev' }).records;
    const train = loadCorpus({ dataDir: dir, sets, split: 'train' }).records;
    expect(dev.every((r) => r.split === 'dev')).toBe(true);
    expect(dev.length + train.length).toBe(4);
  });
});
