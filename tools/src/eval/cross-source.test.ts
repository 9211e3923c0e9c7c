import { describe, expect, it } from 'vitest';
import { SOURCE_SETS } from '../data/sources.ts';
import { formatCrossSource, sourceGroups } from './cross-source.ts';

describe('sourceGroups', () => {
  it('leaves out together the sets that share messages, a collector or a feed, and every other set alone', () => {
    const groups = sourceGroups([
      { name: 'uci_sms_spam_collection', channel: 'sms' },
      { name: 'mendeley_sms_phishing_2022', channel: 'sms' },
      { name: 'nus_sms_corpus_ham_20k', channel: 'sms' },
      { name: 'nazario_phishing_2004_2006', channel: 'email' },
      { name: 'nazario_phishing_2015_2022', channel: 'email' },
      { name: 'openphish_hostnames_2023_05', channel: 'url' },
    ]);
    expect(groups).toEqual([
      { name: 'uci_sms_spam_collection+mendeley_sms_phishing_2022', channel: 'sms', sets: ['uci_sms_spam_collection', 'mendeley_sms_phishing_2022'] },
      { name: 'nus_sms_corpus_ham_20k', channel: 'sms', sets: ['nus_sms_corpus_ham_20k'] },
      { name: 'nazario_phishing_2004_2006+nazario_phishing_2015_2022', channel: 'email', sets: ['nazario_phishing_2004_2006', 'nazario_phishing_2015_2022'] },
      // a group's other set is not in the list: the group is the one set
      { name: 'openphish_hostnames_2023_05', channel: 'url', sets: ['openphish_hostnames_2023_05'] },
    ]);
  });

  it('puts every shared set in exactly one group of its own channel', () => {
    const groups = sourceGroups();
    const placed = groups.flatMap((g) => g.sets);
    expect([...placed].sort()).toEqual(SOURCE_SETS.map((s) => s.name).sort());
    for (const g of groups) for (const name of g.sets) expect(SOURCE_SETS.find((s) => s.name === name)?.channel).toBe(g.channel);
  });
});

describe('formatCrossSource', () => {
  it('prints the held-out figures beside the seen ones, a dash where a rate has no rows', () => {
    const m = (legit: number, threats: number, recall: number | null, fpr: number | null) => ({
      n: legit + threats,
      legit,
      scam: threats,
      phishing: 0,
      recall,
      fpr,
      phishingAsPhishing: null,
      accuracy: null,
      precision: null,
      f1: null,
    });
    const out = formatCrossSource([{ key: 'sms/nus_sms_corpus_ham_20k', heldOut: m(20000, 0, null, 0.0125), seen: m(2000, 0, null, 0.001) }]);
    const [head, row] = out.split('\n');
    expect(head).toMatch(/held-out source\s+legit\s+threats\s+recall\s+FPR/);
    expect(row).toMatch(/^sms\/nus_sms_corpus_ham_20k\s+20000\s+0\s+—\s+1\.3%\s+—\s+\|\s+—\s+0\.1%$/);
  });
});
