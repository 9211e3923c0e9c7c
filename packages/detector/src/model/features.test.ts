import { describe, expect, it } from 'vitest';
import { parseLink } from '../links';
import { fnv1a, hashFeatures } from './hash';
import { numberClass, textFeatureNames, textFeatures, textTokens } from './text-features';
import { hostLogit, MODELS } from './runtime';
import { hasPath, hostFeatureNames, hostFeatures, isKnownSitePage, isSharedPlatformPage, linkVectorOf, pathFeatureNames, pathFeatures } from './url-features';

const tokens = (s: string) => textTokens(s).tokens.map((t) => t.token);
const same = (a: string, b: string) => expect(textFeatureNames(a)).toEqual(textFeatureNames(b));

describe('hashing', () => {
  it('is FNV-1a 32-bit, fixed and platform-independent', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
    expect(fnv1a('foobar')).toBe(0xbf9cf968);
  });

  it('gives distinct sorted buckets of unit length, scaled down below the minimum count', () => {
    const v = hashFeatures(['a', 'b', 'a', 'c'], 10);
    expect([...v.idx]).toEqual([...v.idx].sort((x, y) => x - y));
    expect(new Set(v.idx).size).toBe(v.idx.length);
    expect([...v.val].reduce((s, x) => s + x * x, 0)).toBeCloseTo(1);
    const short = hashFeatures(['a'], 10, 4);
    expect(short.val[0]).toBeCloseTo(0.5);
    expect(hashFeatures([], 10).idx.length).toBe(0);
  });
});

describe('text featuriser', () => {
  it('is deterministic', () => {
    const s = 'URGENT! Your account is locked. Call 0800 123 4567 or visit http://bit.ly/x1 now.';
    expect(textFeatures(s)).toEqual(textFeatures(s));
    expect(textFeatureNames(s)).toEqual(textFeatureNames(s));
  });

  it('gives Enron-style spacing and case the same features as normal text', () => {
    same("you ' ll get it , won ' t you ? it ' s free", "You'll get it, won't you? It's FREE");
    same('do n\'t miss it', "Don't miss it");
    same('i \u2019m here', "I'm here");
  });

  it('maps digits and SpamHunter X masks of the same length to the same number class', () => {
    same('call XXXXXXXXXX now', 'call 0800123456 now');
    same('your code is 123456', 'your code is XXXXXX');
    expect(tokens('a 12 b 1234 c 123456 d 1234567 e 12345678901')).toEqual(['a', '#1', 'b', '#3', 'c', '#5', 'd', '#7', 'e', '#10']);
    expect(numberClass(6)).toBe('#5');
    expect(tokens('G-718204 3hr')).toEqual(['g', '#5', '0hr']);
  });

  it('replaces links by class tokens, never their domain', () => {
    const names = textFeatureNames('Pay here https://evil-paypal.example.xyz/login or bit.ly/abc');
    expect(names.some((n) => n.includes('evil') || n.includes('paypal') || n.includes('bit'))).toBe(false);
    expect(names).toEqual(expect.arrayContaining(['w:__url__', 'u:short', 'u:path', 'u:tld:rare']));
    expect(textFeatureNames('visit www.one.com')).toEqual(textFeatureNames('visit www.two.com'));
  });

  it('turns [EMAIL] into one token and ignores where things are (no offsets)', () => {
    expect(tokens('mail [EMAIL] now')).toEqual(['mail', '__email__', 'now']);
    same('  hello   world ', 'hello world');
  });

  it('stays bounded on huge input', () => {
    const names = textFeatureNames('word '.repeat(200_000));
    expect(names.length).toBeLessThan(20_000);
  });
});

describe('URL featuriser', () => {
  const link = (u: string) => parseLink(u, 0);

  it('gives the same host features with and without a path, www. or scheme', () => {
    const bare = hostFeatureNames(link('example.com'));
    expect(hostFeatureNames(link('https://example.com/account/login?next=/home'))).toEqual(bare);
    expect(hostFeatureNames(link('http://www.example.com/'))).toEqual(bare);
    expect(hostFeatures(link('https://example.com/a/b'))).toEqual(hostFeatures(link('example.com')));
  });

  it('describes the registrable domain, not ordinary subdomains', () => {
    expect(hostFeatureNames(link('https://docs.example.com/x'))).toEqual(hostFeatureNames(link('example.com')));
    expect(hostFeatureNames(link('http://a.b.c.example.com'))).toContain('sd:deep');
    expect(hostFeatureNames(link('http://203.0.113.5/x'))).toEqual(['h:ip']);
  });

  it('has path features only when there is a path or query', () => {
    expect(hasPath(link('example.com'))).toBe(false);
    expect(hasPath(link('https://example.com/'))).toBe(false);
    expect(pathFeatures(link('https://example.com/'))).toBeNull();
    expect(pathFeatureNames(link('https://example.com/'))).toEqual([]);
    expect(pathFeatureNames(link('http://x.com/a/b.php?u=victim@corp.com&r=https://y.com'))).toEqual(
      expect.arrayContaining(['p:any', 'px:php', 'pa:at', 'pa:embedded-url']),
    );
    // the words of the path, numbers and ids by class, the query's parameter names, the depth
    expect(pathFeatureNames(link('https://shop.example/wp-includes/secured/Verify.php?id=12345&token=a1b2c3d4e5f6'))).toEqual(
      expect.arrayContaining(['pd:2', 'pw:wp', 'pw:includes', 'pw:secured', 'pw:verify', 'pw:php', 'pq:id', 'pq:token']),
    );
    expect(pathFeatureNames(link('https://x.example/a/2024/ab12cd34ef56'))).toEqual(expect.arrayContaining(['pw:a', 'pw:#1', 'pw:~mix0']));
    expect(pathFeatureNames(link('https://example.com/signin'))).not.toEqual(pathFeatureNames(link('https://example.com/news')));
  });

  it('reads no path of a well-known site, a brand\'s own domain or someone\'s page on a platform', () => {
    // their login pages are their own: the words "signin" or "account" say nothing there
    for (const u of ['https://www.paypal.com/signin', 'https://www.dropbox.com/login', 'https://accounts.google.com/ServiceLogin', 'https://docs.google.com/forms/d/e/1FAIpQLSd/viewform']) {
      expect(linkVectorOf(link(u)).path, u).toBeNull();
    }
    // an unknown site's path is read, and so is a well-known name used as a subdomain elsewhere
    for (const u of ['https://mychart.eastsidefm.example/MyChart/Authentication/Login', 'https://paypal.com.secure-login.example/signin', 'https://user:x@paypal.com.evil.example/signin']) {
      expect(linkVectorOf(link(u)).path, u).not.toBeNull();
    }
    expect(isKnownSitePage(link('https://www.paypal.com@evil.example/signin'))).toBe(false);
  });
});

describe('pages on hosting platforms', () => {
  const link = (u: string) => parseLink(u, 0);

  it('marks someone\'s page on a platform as shared, not the platform\'s own pages or ordinary sites', () => {
    for (const u of ['https://paypal-login.web.app/', 'https://docs.google.com/forms/d/e/1FAIpQLSd/viewform', 'https://kocin.godaddysites.com']) {
      expect(isSharedPlatformPage(link(u)), u).toBe(true);
    }
    for (const u of ['https://www.netlify.com/blog', 'https://www.google.com/search?q=x', 'https://example.org/login', 'http://203.0.113.5/x']) {
      expect(isSharedPlatformPage(link(u)), u).toBe(false);
    }
  });

  it('lets neither the platform\'s name nor the page\'s judge a page on a hosting platform: the rules do', () => {
    expect(MODELS.host).not.toBeNull();
    const view = (u: string) => ({ host: hostFeatures(link(u)), shared: isSharedPlatformPage(link(u)) });
    expect(hostLogit(view('https://www.google.com/'))!).toBeLessThan(0);
    for (const u of ['https://sites.google.com/view/secure-docs-2026', 'https://my-bakery-shop.blogspot.com/', 'https://paypal-login.000webhostapp.com/']) {
      expect(hostLogit(view(u)), u).toBe(0);
    }
  });
});
