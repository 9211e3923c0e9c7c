import { describe, expect, it } from 'vitest';
import { SOURCE_SETS } from '../data/sources.ts';
import { errorOf, formatCrossSource, sourceGroups } from './cross-source.ts';

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

describe('errorOf', () => {
  const group = { name: 'g', channel: 'sms' as const, sets: ['s'] };
  const rec = (label: 'legit' | 'scam' | 'phishing') => ({ id: 's:1', set: 's', channel: 'sms' as const, label, origLabel: label, text: 'x'.repeat(700) });
  const result = (threatLevel: string) => ({ threatLevel, score: 61, reasons: [{ id: 'urgency', label: 'Urgent language' }] });

  it('keeps a threat called safe and a legit message not called safe, with its first reason and the text cut', () => {
    expect(errorOf(rec('scam'), group, { ...result('safe'), reasons: [] })).toEqual({ group: 'g', id: 's:1', label: 'scam', verdict: 'safe', score: 61, reason: null, text: 'x'.repeat(600) });
    expect(errorOf(rec('legit'), group, result('suspicious'))).toMatchObject({ label: 'legit', verdict: 'suspicious', reason: 'urgency: Urgent language' });
  });

  it('keeps nothing the engine got right: a threat flagged either way, a legit message called safe', () => {
    expect(errorOf(rec('phishing'), group, result('suspicious'))).toBeNull();
    expect(errorOf(rec('scam'), group, result('phishing'))).toBeNull();
    expect(errorOf(rec('legit'), group, result('safe'))).toBeNull();
  });
});
