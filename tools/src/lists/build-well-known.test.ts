import { describe, expect, it } from 'vitest';
import { buildWellKnown, isUserContentDomain, renderModule } from './build-well-known.ts';

describe('buildWellKnown', () => {
  it('keeps registrable domains in order, once, without user-content domains', () => {
    const hosts = ['google.com', 'www.google.com', 'mail.google.com', 'bbc.co.uk', 'weebly.com', 'bit.ly', 'foo.blogspot.com', 'nic.xn--p1ai', 'x'];
    expect(buildWellKnown(hosts)).toEqual(['google.com', 'bbc.co.uk', 'nic.xn--p1ai']);
  });
  it('asks the engine which domains hold users’ content', () => {
    expect(isUserContentDomain('netlify.app')).toBe(true);
    expect(isUserContentDomain('tinyurl.com')).toBe(true);
    expect(isUserContentDomain('wikipedia.org')).toBe(false);
  });
  it('renders a module whose text has no dots', () => {
    const src = renderModule(['window.edu.ru', 'example.com'], 2);
    expect(src).toContain('"window edu ru\\nexample com"');
    expect(src).not.toMatch(/window\.edu/);
  });
});
