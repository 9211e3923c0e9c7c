import { describe, expect, it } from 'vitest';
import { analyze } from './index';
import { MAX_ANALYSED_CHARS, MAX_EVIDENCE_PER_RULE, MAX_LINKS } from './limits';
import { expectWellFormed } from './test-support/well-formed';
import type { AnalyzeInput } from './types';

/** A deterministic pseudo-random generator (no clock, reproducible junk). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function check(input: AnalyzeInput) {
  const a = analyze(input);
  expectWellFormed(a, input.content);
  return a;
}

describe('hostile input', () => {
  it('handles megabytes of text, looking only at the first part', () => {
    const unit = 'URGENT verify your account at http://paypa1.xyz/login now. ';
    const content = unit.repeat(Math.ceil((3 * MAX_ANALYSED_CHARS) / unit.length));
    const a = check({ kind: 'text', content });
    expect(a.threatLevel).toBe('phishing');
    expect(a.links).toHaveLength(MAX_LINKS);
    for (const r of a.reasons) expect(r.evidence.length).toBeLessThanOrEqual(MAX_EVIDENCE_PER_RULE);
  });

  it('reads masked digits and long blank runs in linear time (one request once held the server for minutes)', () => {
    // "XXXX…X0": the masked-number pattern could split the run of X's in exponentially many ways
    for (const n of [40, 60, 200]) check({ kind: 'text', content: `Bonjour, merci beaucoup pour votre aide hier soir. ${'X'.repeat(n)}0` });
    check({ kind: 'text', content: `Please reply ${'X '.repeat(2_000)}X0` });
    // a keyword of an intent pattern, then tens of thousands of blanks of every kind
    for (const blank of [' ', '\t', '\u2003', '\u3000', '\n']) {
      for (const word of ['your account', 'press ctrl', 'A/C', 'AVLBAL.']) check({ kind: 'text', content: `${word}${blank.repeat(60_000)}x` });
    }
  });

  it('handles a megabyte-long URL scan and a megabyte without spaces', () => {
    check({ kind: 'url', content: `https://example.com/${'a'.repeat(2_000_000)}` });
    check({ kind: 'text', content: 'a'.repeat(2_000_000) });
    check({ kind: 'text', content: 'a.'.repeat(1_000_000) });
    check({ kind: 'text', content: 'a-'.repeat(1_000_000) });
    check({ kind: 'text', content: 'http://'.repeat(300_000) });
    check({ kind: 'text', content: `${'www.'.repeat(200_000)}x` });
    check({ kind: 'text', content: 'unusual '.repeat(200_000) });
    check({ kind: 'text', content: '1 '.repeat(500_000) });
  });

  it('handles binary junk and odd Unicode', () => {
    const next = rng(42);
    for (let round = 0; round < 20; round++) {
      let s = '';
      for (let i = 0; i < 5_000; i++) s += String.fromCharCode(Math.floor(next() * 0x10000));
      check({ kind: round % 2 === 0 ? 'text' : 'url', content: s });
    }
    check({ kind: 'text', content: '\uD800 lone \uDC00 surrogates \uD83D http://exa\uD800mple.com/\uDFFF urgent' });
    check({ kind: 'url', content: 'http://\uD800.com/' });
    check({ kind: 'text', content: '\u0000\u0001\u202e\u200b\ufeff www.\u202egoogle.com \ud83d\ude00' });
    check({ kind: 'text', content: 'Z\u0351\u0368\u0342A\u0350L\u034aG\u0344O'.repeat(10_000) });
  });

  it('handles thousands of links, analysing the first ones', () => {
    const content = Array.from({ length: 5_000 }, (_, i) => `http://10.0.${i % 256}.${i % 200}/paypal/login`).join('\n');
    const a = check({ kind: 'text', content });
    expect(a.links).toHaveLength(MAX_LINKS);
    expect(a.links[0]!.text).toBe('http://10.0.0.0/paypal/login');
    expect(a.threatLevel).toBe('phishing');
  });

  it('handles options of the wrong shape without throwing', () => {
    const input: AnalyzeInput = { kind: 'text', content: 'see http://evil-site.xyz/x', sender: 'x' };
    for (const options of [null, 5, 'x', { blockedSenders: 'x' }, { intel: null }, { intel: { knownPhishingHosts: 'evil-site.xyz' } }, { now: 5 }]) {
      const a = analyze(input, options as never);
      expectWellFormed(a, input.content);
      expect(a.threatData?.domainInfo?.lastChecked).toBe('');
    }
  });

  it('handles inputs of the wrong shape without throwing', () => {
    const odd = [
      null,
      undefined,
      {},
      { kind: 'text' },
      { kind: 'fax', content: 'urgent' },
      { kind: 'text', content: 12345 },
      { kind: 'url', content: null },
      { kind: 'text', content: 'hi', sender: 42 },
    ] as unknown as AnalyzeInput[];
    for (const input of odd) {
      const a = analyze(input, { blockedSenders: null as unknown as string[] });
      expect(['safe', 'suspicious', 'phishing']).toContain(a.threatLevel);
    }
    const throwing = {
      get kind(): string {
        throw new Error('boom');
      },
      content: 'x',
    } as unknown as AnalyzeInput;
    const failed = analyze(throwing);
    expect(failed.threatLevel).toBe('suspicious');
    expect(failed.reasons.map((r) => r.id)).toEqual(['analysis-error']);
    const a = analyze({ kind: 'text', content: 'hi', sender: 'x' }, { blockedSenders: [null, 5, 'X'] as unknown as string[] });
    expect(a.reasons.map((r) => r.id)).toEqual(['blocked-sender']);
  });
});
