import { describe, expect, it } from 'vitest';
import { normalizeMessage, normalizeUrl, refang } from './normalize';

describe('the normaliser shared by training and inference', () => {
  it('is idempotent, so the engine may normalise text that training already normalised', () => {
    for (const s of ['Dear [NAME], write to a.b@example.com now', 'hxxp://evil[.]top/login?u=x@y.com', 'cafe\u0301  ok']) {
      expect(normalizeMessage(normalizeMessage(s))).toBe(normalizeMessage(s));
      expect(normalizeUrl(normalizeUrl(s))).toBe(normalizeUrl(s));
    }
  });

  it('leaves no address and no collector placeholder for a model to learn', () => {
    const out = normalizeMessage('[USER] your mailbox jose@monkey.org is full, [NAME]');
    expect(out).not.toMatch(/@|\[NAME\]|\[USER\]/);
    expect(out).toContain('[EMAIL]');
  });

  it('refangs defanged links but keeps the user@host trick of a URL visible', () => {
    expect(refang('hxxps://paypal[.]com[.]evil(.)top')).toBe('https://paypal.com.evil.top');
    expect(normalizeUrl('http://paypal.com@evil.top/a?e=v@c.com')).toBe('http://paypal.com@evil.top/a?e=[EMAIL]');
  });

  it('stays linear on hostile input', () => {
    const s = `${'a'.repeat(300_000)}@${'b.'.repeat(100_000)}`;
    expect(normalizeMessage(s).length).toBeGreaterThan(0);
  });
});
