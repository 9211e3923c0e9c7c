import { describe, expect, it } from 'vitest';
import { buildStarterFeed } from './build-starter-feed.ts';

describe('buildStarterFeed', () => {
  it('writes a named phishing host once, as a bare host, whatever URLs of it the lists hold', () => {
    expect(buildStarterFeed(['login-secure-paypa1.com', 'http://login-secure-paypa1.com/', 'https://www.login-secure-paypa1.com'])).toEqual(['login-secure-paypa1.com']);
  });

  it('keeps a page on a shared platform or a shortener as its exact URL, never the platform', () => {
    expect(buildStarterFeed(['https://sites.google.com/view/paypal-verify', 'https://bit.ly/3xYzAb', 'sites.google.com'])).toEqual([
      'https://sites.google.com/view/paypal-verify',
      'https://bit.ly/3xYzAb',
    ]);
  });

  it('drops well-known sites and keeps someone’s own subdomain on a platform as a host', () => {
    expect(buildStarterFeed(['google.com', 'paypal-login.weebly.com'])).toEqual(['paypal-login.weebly.com']);
  });

  it('stops at the cap', () => {
    expect(buildStarterFeed(['a-phish.top', 'b-phish.top', 'c-phish.top'], 2)).toEqual(['a-phish.top', 'b-phish.top']);
  });
});
