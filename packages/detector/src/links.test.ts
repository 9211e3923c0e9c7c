import { describe, expect, it } from 'vitest';
import { inputLinks } from './input-links';
import { MAX_LINKS } from './limits';
import { decodePunycodeLabel, findLinks, parseLink, scanLinks, subdomainOf, unicodeHost } from './links';

const texts = (s: string) => scanLinks(s).map((l) => l.text);

describe('scanLinks', () => {
  it.each([
    ['Go to https://example.com/a?b=1 now', ['https://example.com/a?b=1']],
    ['HTTP://EXAMPLE.COM', ['HTTP://EXAMPLE.COM']],
    ['Visit www.example.org.', ['www.example.org']],
    ['Track at bit.ly/abc, thanks', ['bit.ly/abc']],
    ['paypal-login.xyz is fake', ['paypal-login.xyz']],
    ['(see https://en.wikipedia.org/wiki/Foo_(bar))', ['https://en.wikipedia.org/wiki/Foo_(bar)']],
    ['(see https://example.com/x)', ['https://example.com/x']],
    ['"https://example.com/q?x=1";', ['https://example.com/q?x=1']],
    ['Is it amazon.co.uk? Or sub.example.com!', ['amazon.co.uk', 'sub.example.com']],
    ['Host http://192.168.4.1/login here', ['http://192.168.4.1/login']],
    ['A port example.com:8080/path ok', ['example.com:8080/path']],
    ['Unicode p\u0430ypal.com too', ['p\u0430ypal.com']],
  ])('finds the links in %j', (text, expected) => {
    expect(texts(text)).toEqual(expected);
  });

  it.each([
    'Open file.txt or index.html',
    'e.g. this, i.e. that',
    'Version 1.2.3 is out',
    'Mail me at bob@example.com',
    'Read readme.md and run setup.py',
    'no links here at all',
    'ftp://example.com/file',
    'http://',
    'www.invalid',
    'john.smith said hi',
  ])('finds no link in %j', (text) => {
    expect(scanLinks(text)).toEqual([]);
  });

  it('reports span, normalised url, host and registrable domain', () => {
    const text = 'Hi! Check WWW.Example.co.uk/Path now';
    const [link] = scanLinks(text);
    expect(link).toMatchObject({
      start: 10,
      end: 32,
      text: 'WWW.Example.co.uk/Path',
      url: 'http://www.example.co.uk/Path',
      host: 'www.example.co.uk',
      registrableDomain: 'example.co.uk',
    });
    expect(text.slice(link!.start, link!.end)).toBe(link!.text);
  });

  it('gives IP hosts no registrable domain', () => {
    expect(scanLinks('http://10.0.0.1/x')[0]).toMatchObject({ host: '10.0.0.1', registrableDomain: null });
  });

  it(`stops after ${MAX_LINKS} links but keeps the first ones`, () => {
    const text = Array.from({ length: 3000 }, (_, i) => `https://site${i}.example.com/p`).join(' ');
    const links = scanLinks(text);
    expect(links).toHaveLength(MAX_LINKS);
    expect(links[0]!.text).toBe('https://site0.example.com/p');
    expect(links[MAX_LINKS - 1]!.text).toBe(`https://site${MAX_LINKS - 1}.example.com/p`);
  });
});

describe('findLinks (public)', () => {
  it('returns only the public fields', () => {
    expect(findLinks('see bit.ly/x')).toEqual([
      { start: 4, end: 12, text: 'bit.ly/x', url: 'http://bit.ly/x', host: 'bit.ly', registrableDomain: 'bit.ly' },
    ]);
    expect(findLinks(undefined as unknown as string)).toEqual([]);
  });
});

describe('parseLink', () => {
  it('adds a scheme and never throws on an unparsable link', () => {
    expect(parseLink('example.com/x', 0).url).toBe('http://example.com/x');
    const bad = parseLink('http://exa mple.com', 0);
    expect(bad.host).toBeNull();
    expect(bad.registrableDomain).toBeNull();
  });

  it('rejects hosts longer than a DNS name can be, and parses long links from their start', () => {
    expect(parseLink(`http://${'a'.repeat(300)}.com/`, 0).host).toBeNull();
    const long = parseLink(`https://example.com/${'x'.repeat(10_000)}`, 5);
    expect(long).toMatchObject({ start: 5, end: 5 + 20 + 10_000, host: 'example.com', registrableDomain: 'example.com' });
  });

  it('uses private suffixes for the registrable domain', () => {
    expect(parseLink('https://evil.github.io/x', 0).registrableDomain).toBe('evil.github.io');
  });
});

describe('inline links (data:, javascript:)', () => {
  it('finds data: and javascript: links with their scheme and no host', () => {
    const found = scanLinks('open data:text/html;base64,PHNjcmlwdD4= or javascript:alert(1) now');
    expect(found.map((l) => [l.text, l.scheme, l.host, l.registrableDomain])).toEqual([
      ['data:text/html;base64,PHNjcmlwdD4=', 'data', null, null],
      ['javascript:alert(1)', 'javascript', null, null],
    ]);
  });
  it('leaves ordinary words with a colon alone', () => {
    expect(texts('metadata: none. data: 5GB used. JavaScript: the good parts')).toEqual([]);
  });
  it('parses a data: URL scan', () => {
    expect(parseLink('DATA:,hello', 0)).toMatchObject({ scheme: 'data', host: null, url: 'DATA:,hello' });
  });
});

describe('ports and schemes', () => {
  it('keeps a non-default port and drops the default one', () => {
    expect(parseLink('https://example.com:8443/x', 0)).toMatchObject({ scheme: 'https', port: '8443' });
    expect(parseLink('http://example.com:80/x', 0)).toMatchObject({ scheme: 'http', port: '' });
    expect(parseLink('example.com/x', 0)).toMatchObject({ scheme: 'http', port: '' });
  });
});

describe('unicodeHost', () => {
  it.each([
    ['xn--pypal-4ve.com', 'p\u0430ypal.com'],
    ['xn--bcher-kva.de', 'b\u00fccher.de'],
    ['www.example.com', 'www.example.com'],
    ['xn--!!!.com', 'xn--!!!.com'],
  ])('shows %s as %s', (host, shown) => {
    expect(unicodeHost(host)).toBe(shown);
  });
  it('never throws on a label that decodes out of range', () => {
    expect(() => decodePunycodeLabel('xn--99999999999')).not.toThrow();
    expect(decodePunycodeLabel(`xn--${'z'.repeat(59)}`).length).toBeLessThanOrEqual(63);
  });
});

describe('subdomainOf', () => {
  it('gives the labels in front of the registrable domain, without a leading www', () => {
    const sub = (u: string) => subdomainOf(parseLink(u, 0));
    expect(sub('https://www.secure-login.a.example.com/x')).toBe('secure-login.a');
    expect(sub('https://www2.example.com/')).toBe('');
    expect(sub('https://example.co.uk/')).toBe('');
    expect(sub('https://mail.example.co.uk/')).toBe('mail');
    expect(sub('https://wwwinfo.example.com/')).toBe('wwwinfo');
    expect(sub('http://192.168.0.1/')).toBe('');
  });
});

describe('inputLinks', () => {
  it('gives the URL of a URL scan, refanged, and the links of a text', () => {
    expect(inputLinks({ kind: 'url', content: ' hxxps://evil-parcel[.]top/pay ' }).map((l) => [l.url, l.registrableDomain])).toEqual([['https://evil-parcel.top/pay', 'evil-parcel.top']]);
    expect(inputLinks({ kind: 'text', content: 'Pay at https://a.example-pay.com/x or www.b-pay.net today' }).map((l) => l.host)).toEqual(['a.example-pay.com', 'www.b-pay.net']);
    expect(inputLinks({ kind: 'text', content: 'no links here' })).toEqual([]);
  });
});
