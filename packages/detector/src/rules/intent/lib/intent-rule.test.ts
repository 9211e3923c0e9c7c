import { describe, expect, it } from 'vitest';
import { buildContext } from '../../../context';
import { MAX_EVIDENCE_PER_RULE } from '../../../limits';
import { INTENT_RULES } from '../index';
import { INTENT_SCAN_CHARS, intentRule, matchRoute, MAX_WHITESPACE_RUN, partMatches, scanText } from './intent-rule';
import { re } from './words';

const ctx = (content: string) => buildContext({ kind: 'text', content });

describe('intent rules helper', () => {
  it('matches parts only within the window, ignoring matches inside links', () => {
    const route = [re('gift\\s+cards?'), re('send\\s+(?:me\\s+)?the\\s+codes')];
    expect(matchRoute(route, ctx('Buy gift cards and send me the codes')).map((s) => s.text)).toEqual(['gift cards', 'send me the codes']);
    expect(matchRoute(route, ctx(`Buy gift cards. ${'x '.repeat(300)} send me the codes`), 100)).toEqual([]);
    expect(matchRoute([re('gift\\s+cards?')], ctx('see https://example.com/gift-cards now'))).toEqual([]);
  });

  it('skips negated asks but not "if not you"', () => {
    const rule = intentRule({ id: 'x', label: 'x', severity: 'low', routes: [[{ re: re('share\\s+your\\s+pin'), notNegated: true }]] });
    expect(rule.detect(ctx('Never share your PIN'))).toEqual([]);
    expect(rule.detect(ctx('We will never ask you to share your PIN'))).toEqual([]);
    expect(rule.detect(ctx('If not you, share your PIN')).length).toBe(1);
    expect(rule.detect(ctx('Your card will be blocked if you do not share your PIN')).length).toBe(1);
  });

  it('rejects patterns without the g flag', () => {
    expect(() => intentRule({ id: 'x', label: 'x', severity: 'low', routes: [[/gift/i]] })).toThrow();
  });
});

describe('intent rules on hostile input', () => {
  const triggers =
    'Hi Mum new number send gift cards codes bitcoin wallet address call 1-888-402-7731 unpaid toll E-ZPass pay now parcel held fee update address account suspended verify refund claim your password PIN code whatsapp me ';
  const big = triggers.repeat(Math.ceil(200_000 / triggers.length));
  const junk = 'a'.repeat(200_000) + ' ' + '1-'.repeat(50_000) + ' ' + 'send '.repeat(20_000);

  it.each([['200 KB of trigger words', big], ['200 KB of junk and near-misses', junk]])('finishes with bounded evidence on %s', (_name, text) => {
    const c = ctx(text);
    for (const rule of INTENT_RULES) {
      const evidence = rule.detect(c);
      expect(evidence.length).toBeLessThanOrEqual(MAX_EVIDENCE_PER_RULE);
      for (const e of evidence) {
        expect(e.end).toBeLessThanOrEqual(INTENT_SCAN_CHARS);
        expect(text.slice(e.start, e.end)).toBe(e.text);
      }
    }
  });
});

describe('the text the intent rules read', () => {
  it('cuts a run of whitespace to its first characters, keeping every offset', () => {
    const content = `your account${' '.repeat(1_000)}number 1234`;
    const text = scanText(ctx(content));
    expect(text).toHaveLength(content.length);
    expect(text.slice(12, 12 + MAX_WHITESPACE_RUN)).toBe(' '.repeat(MAX_WHITESPACE_RUN));
    expect(text.slice(12 + MAX_WHITESPACE_RUN, 12 + 1_000)).not.toMatch(/\s/);
    expect(text.slice(12 + 1_000)).toBe('number 1234');
  });

  it('leaves ordinary spacing alone, and evidence is the content itself', () => {
    const content = `Dear customer,\n\n\n    your account   is   locked.${'\t'.repeat(10)}Call now`;
    const context = ctx(content);
    expect(scanText(context)).toBe(content);
    const [match] = partMatches(re('account\\s+is\\s+locked'), context);
    expect(match).toEqual({ start: content.indexOf('account'), end: content.indexOf('locked') + 6, text: 'account   is   locked' });
  });
});
