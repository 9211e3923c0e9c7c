import { describe, expect, it } from 'vitest';
import { detectFeedFormat, FeedFormatError, parseFeed, type FeedEntry } from './parse-feed.ts';

const PHISHTANK_HEADER = 'phish_id,url,phish_detail_url,submission_time,verified,verification_time,online,target';

const PHISHTANK_CSV = [
  PHISHTANK_HEADER,
  '8412345,https://secure-login.example-bank.com/verify,http://www.phishtank.com/phish_detail.php?phish_id=8412345,2024-05-01T10:00:00+00:00,yes,2024-05-01T10:05:00+00:00,yes,Other',
  // A URL with a comma and a doubled quote must come out whole.
  '8412346,"http://paypa1-account.com/signin?a=1,2&q=""x""",http://www.phishtank.com/phish_detail.php?phish_id=8412346,2024-05-01T11:00:00+00:00,yes,2024-05-01T11:05:00+00:00,yes,"PayPal, Inc."',
  '8412347,HTTP://WWW.Apple-ID-Locked.NET./unlock,http://www.phishtank.com/phish_detail.php?phish_id=8412347,2024-05-01T12:00:00+00:00,yes,2024-05-01T12:05:00+00:00,yes,Apple',
  '',
].join('\r\n');

const PHISHTANK_JSON = JSON.stringify([
  {
    phish_id: '8412345',
    url: 'https://secure-login.example-bank.com/verify',
    phish_detail_url: 'http://www.phishtank.com/phish_detail.php?phish_id=8412345',
    submission_time: '2024-05-01T10:00:00+00:00',
    verified: 'yes',
    online: 'yes',
    details: [{ ip_address: '203.0.113.7', cidr_block: '203.0.113.0/24' }],
    target: 'Other',
  },
  { phish_id: '8412348', url: 'http://bücher-login.de/konto', target: 'Other' },
  { phish_id: '8412349', target: 'Missing URL' },
  { phish_id: '8412350', url: 42 },
  'not an object',
  { phish_id: '8412351', url: 'https://secure-login.example-bank.com/verify' },
]);

const URLHAUS_CSV = `################################################################
# abuse.ch URLhaus Database Dump (CSV - recent URLs only)      #
# Last updated: 2024-05-01 12:00:00 (UTC)                      #
#                                                              #
# Terms Of Use: https://urlhaus.abuse.ch/api/                  #
################################################################
#
# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter
"2854001","2024-05-01 11:59:06","http://117.206.89.37:33415/i","online","2024-05-01 11:59:06","malware_download","32-bit,elf,mips,Mozi","https://urlhaus.abuse.ch/url/2854001/","geenensp"
"2854000","2024-05-01 11:58:01","https://invoice-docs.example.org/files/inv.zip","online","2024-05-01 11:58:01","malware_download","zip","https://urlhaus.abuse.ch/url/2854000/","abuse_ch"
"2853999","2024-05-01 11:57:00"
"2853998","2024-05-01 11:56:00","ftp://files.example.net/x.exe","offline","","malware_download","exe","https://urlhaus.abuse.ch/url/2853998/","abuse_ch"
`;

const OPENPHISH_PLAIN = [
  '# OpenPhish community feed',
  '// mirrored list',
  '',
  'https://login-microsoftonline.example.com/common/oauth2',
  '  hxxps://wallet-connect[.]example[.]io/claim  ',
  'hXXp://185.220.101.4/amazon/signin',
  'verify-account(.)example-shop[dot]com/update',
  'hxxp[:]//netflix-billing[.]example[.]net/pay',
  'phish-host.example.com',
  'Example-Bank.COM.',
  'example.com:8443/portal',
  'not a url at all',
  'javascript:alert(1)',
  'ftp://files.example.net/doc',
  'just-a-word',
  'https://login-microsoftonline.example.com/common/oauth2',
  'phish-host.example.com',
].join('\n');

describe('detectFeedFormat', () => {
  it.each([
    ['PhishTank CSV', PHISHTANK_CSV, 'phishtank-csv'],
    ['PhishTank CSV with a BOM', `\ufeff${PHISHTANK_CSV}`, 'phishtank-csv'],
    ['PhishTank JSON', PHISHTANK_JSON, 'phishtank-json'],
    ['pretty-printed JSON', `\n  [\n  {\n "url": "http://a.example.com/" } ]`, 'phishtank-json'],
    ['an empty JSON array', '[]', 'phishtank-json'],
    ['a JSON object', '{"url": "http://a.example.com/"}', 'phishtank-json'],
    ['URLhaus CSV with its comment header', URLHAUS_CSV, 'urlhaus-csv'],
    ['URLhaus rows without comments', '"1","2024-05-01 00:00:00","http://a.example.com/x","online","","malware_download","","",""\n', 'urlhaus-csv'],
    ['URLhaus comments only', '# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n', 'urlhaus-csv'],
    ['an OpenPhish list', OPENPHISH_PLAIN, 'plain'],
    ['a list of hosts', 'a.example.com\nb.example.com\n', 'plain'],
    ['a URL with commas', 'http://a.example.com/x,y,z\n', 'plain'],
    ['a list with ordinary comments', '# my list\nhttp://a.example.com/\n', 'plain'],
    ['empty text', '', 'plain'],
    ['a defanged IPv6-looking line is not JSON', '[2001:db8::1]\n', 'plain'],
  ] as const)('reads %s as %s', (_name, text, expected) => {
    expect(detectFeedFormat(text)).toBe(expected);
  });
});

describe('parseFeed: plain lists', () => {
  it('refangs, normalises, keeps bare hosts, skips junk with line numbers and removes duplicates', () => {
    const feed = parseFeed(OPENPHISH_PLAIN);
    expect(feed.format).toBe('plain');
    expect(feed.entries).toEqual<FeedEntry[]>([
      { url: 'https://login-microsoftonline.example.com/common/oauth2', host: 'login-microsoftonline.example.com' },
      { url: 'https://wallet-connect.example.io/claim', host: 'wallet-connect.example.io' },
      { url: 'http://185.220.101.4/amazon/signin', host: '185.220.101.4' },
      { url: 'http://verify-account.example-shop.com/update', host: 'verify-account.example-shop.com' },
      { url: 'http://netflix-billing.example.net/pay', host: 'netflix-billing.example.net' },
      { url: null, host: 'phish-host.example.com' },
      { url: null, host: 'example-bank.com' },
      { url: 'http://example.com:8443/portal', host: 'example.com' },
    ]);
    expect(feed.skipped).toBe(4);
    expect(feed.skippedExamples).toEqual([
      { line: 12, reason: 'contains whitespace' },
      { line: 13, reason: 'unsupported scheme "javascript"' },
      { line: 14, reason: 'unsupported scheme "ftp"' },
      { line: 15, reason: 'not a URL or host name' },
    ]);
  });

  it.each([
    ['an IDN host in a URL', 'http://Bücher.example/Login', { url: 'http://xn--bcher-kva.example/Login', host: 'xn--bcher-kva.example' }],
    ['an IDN bare host', 'bücher.example', { url: null, host: 'xn--bcher-kva.example' }],
    ['a punycode TLD', 'xn--80ak6aa92e.xn--p1ai', { url: null, host: 'xn--80ak6aa92e.xn--p1ai' }],
    ['a bare IPv4 host', '192.0.2.10', { url: null, host: '192.0.2.10' }],
    ['an IPv6 URL', 'http://[2001:DB8::1]:8080/x', { url: 'http://[2001:db8::1]:8080/x', host: '[2001:db8::1]' }],
    ['a host with a query and no path', 'example.org?next=1', { url: 'http://example.org/?next=1', host: 'example.org' }],
    ['a URL with user info', 'http://paypal.com@evil.example.com/', { url: 'http://paypal.com@evil.example.com/', host: 'evil.example.com' }],
    ['a default port', 'https://example.org:443/a', { url: 'https://example.org/a', host: 'example.org' }],
    ['a Windows line ending', 'https://example.org/a\r', { url: 'https://example.org/a', host: 'example.org' }],
  ])('reads %s', (_name, line, expected) => {
    const feed = parseFeed(line, 'plain');
    expect(feed.skippedExamples).toEqual([]);
    expect(feed.entries).toEqual([expected]);
  });

  it.each([
    ['a bare word', 'localhost', 'not a URL or host name'],
    ['a number', '12345', 'not a URL or host name'],
    ['a numeric TLD', 'example.123', 'not a URL or host name'],
    ['an email address', 'victim@example.com', 'not a URL or host name'],
    ['a port that is not a number', 'example.com:http/x', 'not a URL or host name'],
    ['an impossible IPv4 address', '999.1.1.1', 'invalid URL'],
    ['a URL with a space', 'http://example.com/a b', 'contains whitespace'],
    ['a single-label URL host', 'http://intranet/login', 'not a valid host name'],
    ['a host with characters DNS cannot hold', 'http://pay!pal.example.com/', 'not a valid host name'],
    ['a mailto link', 'mailto:someone@example.com', 'unsupported scheme "mailto"'],
    ['a data URL', 'data:text/html,<h1>', 'unsupported scheme "data"'],
    ['a host over 253 characters', `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example.com`, 'host longer than 253 characters'],
    ['a label over 63 characters', `http://${'a'.repeat(64)}.example.com/`, 'not a valid host name'],
    ['a URL over 4096 characters', `http://example.com/${'a'.repeat(4096)}`, 'longer than 4096 characters'],
  ])('skips %s', (_name, line, reason) => {
    const feed = parseFeed(`http://ok.example.com/\n${line}\n`, 'plain');
    expect(feed.entries).toEqual([{ url: 'http://ok.example.com/', host: 'ok.example.com' }]);
    expect(feed.skipped).toBe(1);
    expect(feed.skippedExamples).toEqual([{ line: 2, reason }]);
  });

  it('keeps a bare host and a URL on that host as two entries', () => {
    const feed = parseFeed('evil.example.com\nhttp://evil.example.com/\nEVIL.example.com.\nhttp://EVIL.example.com./\n');
    expect(feed.entries).toEqual([
      { url: null, host: 'evil.example.com' },
      { url: 'http://evil.example.com/', host: 'evil.example.com' },
    ]);
    expect(feed.skipped).toBe(0);
  });

  it.each([
    ['empty text', ''],
    ['blank lines', '\n\n   \r\n'],
    ['comments only', '# nothing today\n// really nothing\n'],
  ])('returns no entries for %s', (_name, text) => {
    expect(parseFeed(text)).toEqual({ format: 'plain', entries: [], skipped: 0, skippedExamples: [] });
  });

  it('counts 100,000 junk lines as skipped and keeps only 20 examples', () => {
    const junk = Array.from({ length: 100_000 }, (_, i) => (i % 2 === 0 ? `junk line ${i}` : `%%%${i}`)).join('\n');
    const feed = parseFeed(junk);
    expect(feed.entries).toEqual([]);
    expect(feed.skipped).toBe(100_000);
    expect(feed.skippedExamples).toHaveLength(20);
    expect(feed.skippedExamples[0]).toEqual({ line: 1, reason: 'contains whitespace' });
    expect(feed.skippedExamples[19]).toEqual({ line: 20, reason: 'not a URL or host name' });
  });

  it('stops taking entries at the limit and counts the rest as skipped', () => {
    const feed = parseFeed('a.example.com\nb.example.com\na.example.com\n# comment\nc.example.com\nd.example.com\n', 'plain', { maxEntries: 2 });
    expect(feed.entries.map((e) => e.host)).toEqual(['a.example.com', 'b.example.com']);
    expect(feed.skipped).toBe(3);
    expect(feed.skippedExamples.map((s) => s.line)).toEqual([3, 5, 6]);
    expect(feed.skippedExamples[0]?.reason).toBe('over the limit of 2 entries');
  });
});

describe('parseFeed: PhishTank CSV', () => {
  it('reads the url column, with quoted commas and doubled quotes', () => {
    const feed = parseFeed(PHISHTANK_CSV);
    expect(feed.format).toBe('phishtank-csv');
    expect(feed.entries).toEqual([
      { url: 'https://secure-login.example-bank.com/verify', host: 'secure-login.example-bank.com' },
      { url: 'http://paypa1-account.com/signin?a=1,2&q=%22x%22', host: 'paypa1-account.com' },
      { url: 'http://www.apple-id-locked.net/unlock', host: 'www.apple-id-locked.net' },
    ]);
    expect(feed.skipped).toBe(0);
  });

  it('finds the url column wherever the header puts it', () => {
    const feed = parseFeed('target,url,phish_id\nOther,http://a.example.com/x,1\n', 'phishtank-csv');
    expect(feed.entries).toEqual([{ url: 'http://a.example.com/x', host: 'a.example.com' }]);
  });

  it('reads a quoted field across lines and keeps line numbers true after it', () => {
    const text = [
      PHISHTANK_HEADER,
      '1,http://a.example.com/,d,t,yes,t,yes,"Multi',
      'line target"',
      '2,not a url,d,t,yes,t,yes,Other',
      '3,http://a.example.com/,d,t,yes,t,yes,Other',
      '4',
    ].join('\n');
    const feed = parseFeed(text);
    expect(feed.entries).toEqual([{ url: 'http://a.example.com/', host: 'a.example.com' }]);
    expect(feed.skippedExamples).toEqual([
      { line: 4, reason: 'not a URL or host name' },
      { line: 6, reason: 'no url field' },
    ]);
  });

  it('skips a line with an unterminated quote and reads on from the next line', () => {
    const text = [PHISHTANK_HEADER, '1,"http://broken.example.com/,d', '2,http://b.example.com/,d', ''].join('\n');
    const feed = parseFeed(text, 'phishtank-csv');
    expect(feed.entries).toEqual([{ url: 'http://b.example.com/', host: 'b.example.com' }]);
    expect(feed.skippedExamples).toEqual([{ line: 2, reason: 'unterminated quoted field' }]);
  });

  it('does not let a line break inside a quoted url turn into a different host', () => {
    const feed = parseFeed(`${PHISHTANK_HEADER}\n1,"http://exa\nmple.com/",d\n`);
    expect(feed.entries).toEqual([]);
    expect(feed.skippedExamples).toEqual([{ line: 2, reason: 'contains control characters' }]);
  });

  it.each([
    ['a header without a url column', 'phish_id,link\n1,http://a.example.com/\n', /no "url" column/],
    ['empty text', '', /no header/],
    ['an unreadable header', '"phish_id,url\n', /header is unreadable/],
  ])('throws FeedFormatError for %s', (_name, text, message) => {
    const error = catchError(() => parseFeed(text, 'phishtank-csv'));
    expect(error).toBeInstanceOf(FeedFormatError);
    expect(error).toMatchObject({ code: 'FEED_FORMAT_INVALID', name: 'FeedFormatError' });
    expect((error as Error).message).toMatch(message);
  });
});

describe('parseFeed: PhishTank JSON', () => {
  it('reads url fields, ignores the rest, and skips records without a string url', () => {
    const feed = parseFeed(PHISHTANK_JSON);
    expect(feed.format).toBe('phishtank-json');
    expect(feed.entries).toEqual([
      { url: 'https://secure-login.example-bank.com/verify', host: 'secure-login.example-bank.com' },
      { url: 'http://xn--bcher-login-thb.de/konto', host: 'xn--bcher-login-thb.de' },
    ]);
    expect(feed.skipped).toBe(3);
    expect(feed.skippedExamples).toEqual([
      { line: 3, reason: 'no url field' },
      { line: 4, reason: 'no url field' },
      { line: 5, reason: 'no url field' },
    ]);
  });

  it('reads a file that starts with a byte order mark', () => {
    expect(parseFeed('\ufeff[{"url":"http://a.example.com/"}]').entries).toEqual([{ url: 'http://a.example.com/', host: 'a.example.com' }]);
  });

  it.each([
    ['truncated JSON', '[{"url": "http://a.example.com/"},', undefined, /not valid JSON/],
    ['an object instead of an array', '{"url": "http://a.example.com/"}', undefined, /not an array/],
    ['empty text when JSON is asked for', '', 'phishtank-json' as const, /not valid JSON/],
    ['a plain list read as JSON', 'http://a.example.com/\n', 'phishtank-json' as const, /not valid JSON/],
  ])('throws FeedFormatError for %s', (_name, text, format, message) => {
    const error = catchError(() => parseFeed(text, format));
    expect(error).toBeInstanceOf(FeedFormatError);
    expect((error as FeedFormatError).code).toBe('FEED_FORMAT_INVALID');
    expect((error as Error).message).toMatch(message);
  });
});

describe('parseFeed: URLhaus CSV', () => {
  it('skips the comment block and reads the third column', () => {
    const feed = parseFeed(URLHAUS_CSV);
    expect(feed.format).toBe('urlhaus-csv');
    expect(feed.entries).toEqual([
      { url: 'http://117.206.89.37:33415/i', host: '117.206.89.37' },
      { url: 'https://invoice-docs.example.org/files/inv.zip', host: 'invoice-docs.example.org' },
    ]);
    expect(feed.skippedExamples).toEqual([
      { line: 11, reason: 'no url field' },
      { line: 12, reason: 'unsupported scheme "ftp"' },
    ]);
  });

  it('ignores an uncommented header row and blank lines, and removes duplicates', () => {
    const text = [
      'id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter',
      '"1","2024-05-01","http://a.example.com/x","online","","malware_download","","",""',
      '',
      '"2","2024-05-01","http://a.example.com/x","online","","malware_download","","",""',
    ].join('\r\n');
    const feed = parseFeed(text, 'urlhaus-csv');
    expect(feed.entries).toEqual([{ url: 'http://a.example.com/x', host: 'a.example.com' }]);
    expect(feed.skipped).toBe(0);
  });

  it('returns no entries for a dump with only its comment header', () => {
    expect(parseFeed('# id,dateadded,url\n#\n')).toEqual({ format: 'urlhaus-csv', entries: [], skipped: 0, skippedExamples: [] });
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}
