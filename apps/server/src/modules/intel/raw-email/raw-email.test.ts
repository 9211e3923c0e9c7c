import { analyze } from '@baitcheck/detector';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/app-error.ts';
import { parseAuthenticationResults } from './authentication-results.ts';
import { authenticateRawEmail, type EmailAuthResult } from './email-auth.ts';
import { MAX_CONTENT_LENGTH, MAX_SENDER_LENGTH } from '@baitcheck/contracts';
import { collapseWhiteSpace } from './html-text.ts';
import { emailAuthFacts, looksLikeRawEmail, MAX_ATTACHED_TEXT, MAX_ATTACHMENTS_READ, MAX_RAW_EMAIL_BYTES, parseRawEmail, senderOf, type ParsedEmail } from './raw-email.ts';

const crlf = (lines: string[]) => lines.join('\r\n');

const GMAIL_SOURCE = crlf([
  'Delivered-To: jane@example.net',
  'Received: by 2002:a05:6a10:a0c8:b0:4b4:1c3e:5e2f with SMTP id x8csp123456pxa;',
  '        Tue, 5 Mar 2024 02:11:12 -0800 (PST)',
  'Authentication-Results: mx.google.com;',
  '       dkim=pass header.i=@x.com header.s=s1 header.b=AbCdEf12;',
  '       spf=fail (google.com: domain of bounce@mailer.y.com does not designate 203.0.113.9 as permitted sender) smtp.mailfrom=bounce@mailer.y.com;',
  '       dmarc=fail (p=REJECT sp=REJECT dis=NONE) header.from=x.com',
  'Return-Path: <bounce@mailer.y.com>',
  'Received: from mailer.y.com (mailer.y.com. [203.0.113.9])',
  '        by mx.google.com with ESMTPS id a1si123.2024.03.05.02.11.12',
  '        for <jane@example.net>; Tue, 05 Mar 2024 02:11:12 -0800 (PST)',
  'From: "X Support" <support@x.com>',
  'To: jane@example.net',
  'Subject: Your account',
  'Date: Tue, 05 Mar 2024 10:11:10 +0000',
  'Message-ID: <abc@x.com>',
  'MIME-Version: 1.0',
  'Content-Type: text/plain; charset=utf-8',
  '',
  'Hello Jane,',
  '',
]);

describe('looksLikeRawEmail', () => {
  it.each([
    ['a Gmail "show original" source', GMAIL_SOURCE],
    ['after leading blank lines and spaces', `\n\n   ${GMAIL_SOURCE}`],
    ['with LF line ends and folded fields', 'Received: from a.example.com (a.example.com [192.0.2.1])\n\tby mx.example.net; Tue, 5 Mar 2024 10:00:00 +0000\nDKIM-Signature: v=1; a=rsa-sha256; d=example.com; s=s1;\n h=from:to:subject; bh=abc=;\n b=def\nFrom: A <a@example.com>\nSubject: hi\n\nbody'],
    ['the three fields a mail client shows, then the body', 'From: Jane <jane@example.com>\nTo: Sam <sam@example.org>\nSubject: Lunch\n\nSee you at noon.'],
    ['a header block without a body', 'From: a@example.com\r\nTo: b@example.org\r\nMessage-ID: <1@example.com>'],
    ['an mbox export', 'From jane@example.com Tue Mar  5 10:11:10 2024\nReturn-Path: <jane@example.com>\nFrom: jane@example.com\nDate: Tue, 05 Mar 2024 10:11:10 +0000\n\nHi'],
    ['an Outlook source with an empty field', 'Received: from BN8PR12MB (2603:10b6:408:6a::33) by SA1PR12MB with HTTPS; Tue, 5 Mar 2024 10:00:00 +0000\nX-Empty:\nFrom: "IT Desk" <it@example.com>\nAuthentication-Results: spf=none\n\nPlease validate your mailbox.'],
  ])('is true for %s', (_name, text) => {
    expect(looksLikeRawEmail(text)).toBe(true);
  });

  it.each([
    ['an SMS', 'Hi mum, this is my new number, can you text me back?'],
    ['an SMS starting "From: Bank"', 'From: Bank\nYour account is locked. Verify at http://bank-verify.example/login'],
    ['one line of a sender', 'From: Bank of America <alerts@bankofamerica.com>'],
    ['a forwarded email after a line of prose', 'Is this real?\n\n---------- Forwarded message ---------\nFrom: PayPal <service@paypal.com>\nDate: Tue, 5 Mar 2024\nSubject: Your account\nTo: <me@example.com>\n\nDear customer'],
    ['header-like lines followed by prose without a blank line', 'From: Bank\nTo: You\nSubject: Alert\nYour card was used in Paris. Call 0800 000 000.'],
    ['two fields only', 'From: Jane\nTo: Sam\n\nHello'],
    ['fields without From', 'To: sam@example.org\nSubject: Invoice\nDate: Tue, 5 Mar 2024\n\nAttached.'],
    ['From with fields no mail system writes', 'From: the bank\nRe: your loan\nNote: urgent\n\nCall us'],
    ['prose with colons', 'Dear customer: your account: suspended\nFrom: security team\nDate: today'],
    ['a line that is not a field among fields', 'From: a@example.com\nTo: b@example.com\nsee below\nSubject: x\n\n'],
    ['nothing', ''],
    ['white space', '   \n\n  '],
  ])('is false for %s', (_name, text) => {
    expect(looksLikeRawEmail(text)).toBe(false);
  });

  it('looks at the start only, on megabytes of input', () => {
    const huge = `From: a@example.com\nTo: b@example.org\nSubject: x\n\n${'body text '.repeat(300_000)}`;
    expect(looksLikeRawEmail(huge)).toBe(true);
    const noBlank = `Hello there ${'x'.repeat(3_000_000)}`;
    expect(looksLikeRawEmail(noBlank)).toBe(false);
    const manyFields = `From: a@example.com\nTo: b@example.org\n${'X-Trace: abc\n'.repeat(200_000)}`;
    expect(looksLikeRawEmail(manyFields)).toBe(true);
    expect(looksLikeRawEmail(' '.repeat(3_000_000))).toBe(false);
  });
});

describe('parseAuthenticationResults', () => {
  it("reads Gmail's header: authserv-id, each method, its domain and the DMARC policy", () => {
    const header =
      'Authentication-Results: mx.google.com;\r\n       dkim=pass header.i=@x.com header.s=s1 header.b=AbCd;\r\n       spf=fail (google.com: domain of bounce@y.com does not designate 1.2.3.4 as permitted sender) smtp.mailfrom=bounce@y.com;\r\n       dmarc=fail (p=REJECT sp=REJECT dis=NONE) header.from=x.com';
    expect(parseAuthenticationResults(header)).toEqual({
      authservId: 'mx.google.com',
      results: [
        { method: 'dkim', result: 'pass', domain: 'x.com' },
        { method: 'spf', result: 'fail', domain: 'y.com', comment: 'google.com: domain of bounce@y.com does not designate 1.2.3.4 as permitted sender' },
        { method: 'dmarc', result: 'fail', domain: 'x.com', policy: 'reject', comment: 'p=REJECT sp=REJECT dis=NONE' },
      ],
    });
  });

  it("reads Microsoft's header, a version, quoted values, nested comments and several signatures", () => {
    const header =
      'mx.microsoft.com 1; spf=softfail (sender IP is 203.0.113.9) smtp.mailfrom="odd;local"@Y.com; dkim=none (message not signed) header.d=none; dkim/1=Pass (good (really)) header.d=mail.x.com; dmarc=bestguesspass action=none header.from=x.com; compauth=pass reason=109';
    expect(parseAuthenticationResults(header)).toEqual({
      authservId: 'mx.microsoft.com',
      results: [
        { method: 'spf', result: 'softfail', domain: 'y.com', comment: 'sender IP is 203.0.113.9' },
        { method: 'dkim', result: 'none', comment: 'message not signed' },
        { method: 'dkim', result: 'pass', domain: 'mail.x.com', comment: 'good (really)' },
        { method: 'dmarc', result: 'none', domain: 'x.com' },
      ],
    });
  });

  it('reads temperror spellings, a published policy property and a header with no result', () => {
    expect(parseAuthenticationResults('example.org; spf=temperr smtp.helo=mail.example.org; dmarc=fail policy.published-domain-policy=quarantine header.from=example.org')?.results).toEqual([
      { method: 'spf', result: 'temperror', domain: 'mail.example.org' },
      { method: 'dmarc', result: 'fail', domain: 'example.org', policy: 'quarantine' },
    ]);
    expect(parseAuthenticationResults('example.org 1; none')).toEqual({ authservId: 'example.org', results: [] });
    expect(parseAuthenticationResults('')).toBeNull();
    expect(parseAuthenticationResults('  ; spf=pass')).toBeNull();
    expect(parseAuthenticationResults('mx; spf=maybe; arc=pass; dkim')).toEqual({ authservId: 'mx', results: [] });
  });

  it('stays linear and keeps nothing of hostile property names', () => {
    const hostile = `mx; dkim=pass header.__proto__.polluted=yes __proto__.x=1 constructor.prototype.y=2 header.d="${'"'.repeat(20_000)}`;
    expect(parseAuthenticationResults(hostile)?.results).toEqual([{ method: 'dkim', result: 'pass' }]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // result words are looked up in a Map: Object.prototype's names are not result words
    expect(parseAuthenticationResults('mx; dkim=constructor; spf=__proto__; dmarc=toString; dkim=hasOwnProperty')?.results).toEqual([]);
    const long = `mx; ${'spf=pass smtp.mailfrom=a@b.com; '.repeat(10_000)}`;
    expect(parseAuthenticationResults(long)?.results.length).toBe(50);
  });

  it('reads a long header to its end: no number of DKIM results pushes the DMARC failure out', () => {
    // each signature the sender adds is a result the provider writes: 400 of them ran past the 16 KB once read
    const dkims = Array.from({ length: 400 }, (_, i) => `dkim=pass header.i=@signer${i}.example header.s=s1 header.b=AbCd`).join('; ');
    const header = `mx.google.com; ${dkims}; spf=softfail smtp.mailfrom=bank.example; dmarc=fail (p=REJECT) header.from=bank.example`;
    expect(header.length).toBeGreaterThan(16_384);
    const parsed = parseAuthenticationResults(header);
    expect(parsed?.results.filter((r) => r.method === 'dkim')).toHaveLength(50);
    expect(parsed?.results.filter((r) => r.method !== 'dkim')).toEqual([
      { method: 'spf', result: 'softfail', domain: 'bank.example' },
      { method: 'dmarc', result: 'fail', domain: 'bank.example', policy: 'reject', comment: 'p=REJECT' },
    ]);
  });

  it('never reads a value cut short: a signing domain too long to keep is no domain, not its first labels', () => {
    const padded = `bank.example.${'x'.repeat(2000)}.attacker.example`;
    const parsed = parseAuthenticationResults(`mx; dkim=pass header.d=${padded}; dmarc=fail header.from=bank.example`);
    expect(parsed?.results).toEqual([
      { method: 'dkim', result: 'pass' },
      { method: 'dmarc', result: 'fail', domain: 'bank.example' },
    ]);
    // and the email is not taken for one its From domain signed
    const facts = emailAuthFacts({ from: { name: '', address: 'alerts@bank.example' }, replyTo: [], returnPath: null, subject: '', date: null, text: '', authenticationResults: parsed ? [parsed] : [] });
    expect(facts?.dkimDomain).toBeUndefined();
  });
});

describe('parseRawEmail', () => {
  it('reads a multipart text and HTML email: sender, replies, bounces, subject, date, the HTML then the text part that says more', async () => {
    const source = crlf([
      'Return-Path: <bounces+42@em.mailer.example>',
      'From: "PayPal Service" <service@paypal.example>',
      'Reply-To: refunds.desk@gmail.com, "Team" <team@paypal.example>',
      'To: jane@example.net',
      'Subject: Your refund',
      'Date: Tue, 05 Mar 2024 10:11:10 +0000',
      'MIME-Version: 1.0',
      'Content-Type: multipart/alternative; boundary="b1"',
      '',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Plain words here.',
      '--b1',
      'Content-Type: text/html; charset=utf-8',
      '',
      '<p>HTML words <b>here</b>.</p>',
      '--b1--',
      '',
    ]);
    const email = await parseRawEmail(source);
    expect(email).toEqual({
      from: { name: 'PayPal Service', address: 'service@paypal.example' },
      replyTo: ['refunds.desk@gmail.com', 'team@paypal.example'],
      returnPath: 'bounces+42@em.mailer.example',
      subject: 'Your refund',
      date: '2024-03-05T10:11:10.000Z',
      text: 'HTML words here.\n\nPlain words here.',
      authenticationResults: [],
    });
    expect(senderOf(email)).toBe('"PayPal Service" <service@paypal.example>');
  });

  it('makes text from the HTML of an HTML-only email', async () => {
    const email = await parseRawEmail(
      crlf(['From: a@example.com', 'Subject: Notice', 'Content-Type: text/html; charset=utf-8', '', '<html><body><h1>Account locked</h1><p>Verify at <a href="https://evil.example/login">your bank</a> today.</p></body></html>', '']),
    );
    expect(email.text).toContain('ACCOUNT LOCKED');
    expect(email.text).toContain('Verify at your bank [https://evil.example/login] today.');
    expect(email.text).not.toContain('<');
  });

  describe('a multipart/alternative email is read as the mail app shows it: its HTML part', () => {
    const PHISHING_HTML =
      '<p>Your PayPal account has been <b>suspended</b>. Verify your identity within 24 hours or it will be closed: <a href="http://paypa1-secure-login.top/verify">Log in to PayPal</a></p>';
    const PHISHING_WORDS = 'Your PayPal account has been suspended. Verify your identity within 24 hours or it will be closed: Log in to PayPal';
    const alternative = (plain: string | null, html: string | null) =>
      crlf([
        'From: "Account Services" <notice@mail-notices.net>',
        'To: you@example.com',
        'Subject: Account notice',
        'MIME-Version: 1.0',
        'Content-Type: multipart/alternative; boundary=b',
        '',
        ...(plain === null ? [] : ['--b', 'Content-Type: text/plain; charset=utf-8', '', plain]),
        ...(html === null ? [] : ['--b', 'Content-Type: text/html; charset=utf-8', '', html]),
        '--b--',
        '',
      ]);
    // html-to-text wraps lines at 80 characters
    const flat = (text: string) => text.replace(/[ \n]+/g, ' ');
    const verdictOf = (email: ParsedEmail) => analyze({ kind: 'text', content: `${email.subject}\n\n${email.text}`, sender: senderOf(email), source: 'email' }).threatLevel;

    it('with a blank text part: the HTML, its link target beside the words', async () => {
      const email = await parseRawEmail(alternative(' ', PHISHING_HTML));
      expect(flat(email.text)).toBe(`${PHISHING_WORDS} [http://paypa1-secure-login.top/verify]`);
      expect(verdictOf(email)).toBe('phishing');
    });

    it('with a harmless text part: the HTML, then the text part (it says something else)', async () => {
      const email = await parseRawEmail(alternative('Hi, see you at lunch tomorrow.', PHISHING_HTML));
      expect(email.text.endsWith('verify]\n\nHi, see you at lunch tomorrow.')).toBe(true);
      expect(flat(email.text)).toBe(`${PHISHING_WORDS} [http://paypa1-secure-login.top/verify] Hi, see you at lunch tomorrow.`);
      expect(verdictOf(email)).toBe('phishing');
    });

    it('with both phishing, saying the same: the HTML once', async () => {
      const email = await parseRawEmail(alternative(`${PHISHING_WORDS} http://paypa1-secure-login.top/verify`, PHISHING_HTML));
      expect(flat(email.text)).toBe(`${PHISHING_WORDS} [http://paypa1-secure-login.top/verify]`);
      expect(verdictOf(email)).toBe('phishing');
    });

    it('with a harmless HTML part and a phishing text part: both', async () => {
      const email = await parseRawEmail(alternative(`${PHISHING_WORDS} http://paypa1-secure-login.top/verify`, '<p>Hi, see you at lunch tomorrow.</p>'));
      expect(email.text).toBe(`Hi, see you at lunch tomorrow.\n\n${PHISHING_WORDS} http://paypa1-secure-login.top/verify`);
      expect(verdictOf(email)).toBe('phishing');
    });

    it('with the HTML part alone, or the text part alone', async () => {
      expect(flat((await parseRawEmail(alternative(null, PHISHING_HTML))).text)).toBe(`${PHISHING_WORDS} [http://paypa1-secure-login.top/verify]`);
      expect((await parseRawEmail(alternative('Plain words only.', null))).text).toBe('Plain words only.');
    });

    it('names a link whose words are another address than its target', async () => {
      const email = await parseRawEmail(alternative('', '<p>Sign in at <a href="http://evil.example/x">https://www.paypal.com/signin</a></p>'));
      expect(email.text).toBe('Sign in at https://www.paypal.com/signin [http://evil.example/x]');
    });

    it('reads HTML nested too deep for html-to-text by its words and link targets, quickly', async () => {
      const deep = `${'<div>'.repeat(5000)}Your account is locked. <a href="http://paypa1-secure-login.top/verify">Unlock it</a> &amp; keep access.`;
      const started = performance.now();
      const email = await parseRawEmail(alternative(' ', deep));
      expect(performance.now() - started).toBeLessThan(2000);
      expect(email.text).toBe('Your account is locked. [http://paypa1-secure-login.top/verify] Unlock it & keep access.');
    });
  });

  it('decodes quoted-printable and base64 bodies, encoded-word subjects and display names', async () => {
    const qp = await parseRawEmail(
      crlf([
        'From: =?UTF-8?Q?Caf=C3=A9_Cr=C3=A8me?= <hello@cafe.example>',
        'Subject: =?UTF-8?B?w4lsw6h2ZSBkZSBsYSBzZW1haW5l?=',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: quoted-printable',
        '',
        'Un caf=C3=A9 offert =E2=82=AC5, cliquez ici: https://cafe.example/=',
        'offre',
        '',
      ]),
    );
    expect(qp.from).toEqual({ name: 'Café Crème', address: 'hello@cafe.example' });
    expect(qp.subject).toBe('Élève de la semaine');
    expect(qp.text.trim()).toBe('Un café offert €5, cliquez ici: https://cafe.example/offre');
    const b64 = await parseRawEmail(
      crlf([
        'From: =?ISO-8859-1?Q?J=F6rg?= <j@example.de>',
        'Subject: =?utf-8?q?Paket_zugestellt?= =?utf-8?q?_=F0=9F=93=A6?=',
        'Content-Type: text/plain; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from('Ihr Paket wartet. Zollgebühr: 1,99 €').toString('base64'),
        '',
      ]),
    );
    expect(b64.from?.name).toBe('Jörg');
    expect(b64.subject).toBe('Paket zugestellt 📦');
    expect(b64.text.trim()).toBe('Ihr Paket wartet. Zollgebühr: 1,99 €');
  });

  it('reads the Authentication-Results headers top-most first, and leaves out what is missing or unreadable', async () => {
    const email = await parseRawEmail(GMAIL_SOURCE);
    expect(email.authenticationResults).toHaveLength(1);
    expect(email.authenticationResults[0]?.authservId).toBe('mx.google.com');
    expect(email.authenticationResults[0]?.results.map((r) => `${r.method}=${r.result}`)).toEqual(['dkim=pass', 'spf=fail', 'dmarc=fail']);
    expect(email.returnPath).toBe('bounce@mailer.y.com');
    const bare = await parseRawEmail('From: a@example.com\nReturn-Path: <>\nDate: someday soon\n\nhi');
    expect(bare).toMatchObject({ replyTo: [], returnPath: null, subject: '', date: null, text: 'hi', authenticationResults: [] });
    expect((await parseRawEmail('Subject: no sender\n\nhi')).from).toBeNull();
  });

  it('refuses a source over 5 MB with a clear error', async () => {
    const big = `From: a@example.com\n\n${'a'.repeat(MAX_RAW_EMAIL_BYTES)}`;
    const err = await parseRawEmail(big).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).code).toBe('PAYLOAD_TOO_LARGE');
    expect((err as AppError).message).toMatch(/at most 5 MB/);
    // characters that take several bytes count by their bytes
    await expect(parseRawEmail(`From: a@example.com\n\n${'€'.repeat(2_000_000)}`)).rejects.toThrow(/at most 5 MB/);
  });
});

describe('HTML and white space an attacker shapes (each of these held the event loop for seconds)', () => {
  const htmlEmail = (html: string) => crlf(['From: a@b.com', 'To: c@d.com', 'Subject: hi', 'MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8', '', html]);

  // nested past 1,000 levels, html-to-text refuses the HTML and it is stripped of its tags instead,
  // where `\s*\n\s*` retried each run of white space from every character of it: 9 to 17 s each
  it.each([
    ['ideographic spaces (U+3000)', '\u3000', 'x y'],
    ['em spaces (U+2003)', '\u2003', 'x y'],
    ['zero-width no-break spaces (U+FEFF)', '\ufeff', 'x y'],
    ['carriage returns', '\r', 'x\ny'],
  ])('reads HTML nested too deep for html-to-text with 80,000 %s in a row', async (_name, space, text) => {
    const email = await parseRawEmail(htmlEmail(`${'<b>'.repeat(1100)}x${space.repeat(80_000)}y`));
    expect(email.text).toBe(text);
  });

  it('collapses white space as a person sees it', () => {
    expect(collapseWhiteSpace(' a \u3000\u2003 b\u00a0\tc \n\u3000\n\r\n d\ufeff\ufeffe ')).toBe('a b c\nd e');
    expect(collapseWhiteSpace(`a${' \n'.repeat(100_000)}b`)).toBe('a\nb');
  });

  it('reads a tag of one long word in one pass', async () => {
    // an attribute regex of `name\s*=\s*value` retried the word from each of its characters
    const email = await parseRawEmail(htmlEmail(`<p>Hello</p><form ${'a'.repeat(200_000)} action="https://evil.example/post"><b onclick${' '.repeat(100_000)}>x</b></form>`));
    expect(email.text).toContain('Hello');
    expect(email.text).toContain('[https://evil.example/post]');
  });
});

describe('everything a pasted email shows or carries is read', () => {
  const OUTER = ['From: Me <me@home.example>', 'To: c@d.example', 'Subject: Fwd: is this a scam?', 'Date: Mon, 1 Jan 2024 00:00:00 +0000', 'MIME-Version: 1.0'];
  const INNER = crlf([
    'From: "PayPal" <service@paypa1-secure.top>',
    'Reply-To: paypal.help.desk@gmail.com',
    'Subject: Your account is limited',
    'Date: Sun, 31 Dec 2023 09:00:00 +0000',
    'Authentication-Results: mx.home.example; spf=fail smtp.mailfrom=paypa1-secure.top; dkim=none; dmarc=none',
    'Content-Type: text/plain',
    '',
    'Your PayPal account has been limited. Sign in to verify your account at https://paypa1-secure.top/login within 24 hours or it will be closed.',
    '',
  ]);
  const PHISHING_WORDS = 'Sign in to verify your account at https://paypa1-secure.top/login';
  const LINK = 'https://paypa1-secure.top/login';
  const mixed = (...parts: string[][]) => crlf([...OUTER, 'Content-Type: multipart/mixed; boundary=B', '', ...parts.flatMap((p) => ['--B', ...p]), '--B--', '']);
  const note = ['Content-Type: text/plain', '', 'Can you check this?'];
  const single = (type: string, body: string, extra: string[] = []) => crlf([...OUTER, `Content-Type: ${type}`, ...extra, '', body, '']);
  const html = (body: string) => single('text/html; charset=utf-8', body);
  /** What the scan reads and stores of a pasted email (the scan service's message). */
  const scanned = (e: ParsedEmail) => [e.subject.trim(), e.text.trim()].filter((p) => p !== '').join('\n\n');

  describe('an email forwarded as an attachment is judged as that email', () => {
    it.each([
      ['attached (message/rfc822, Content-Disposition: attachment)', mixed(note, ['Content-Type: message/rfc822', 'Content-Disposition: attachment; filename="scam.eml"', '', INNER])],
      ['inline (message/rfc822 without a disposition)', mixed(note, ['Content-Type: message/rfc822', '', INNER])],
      ['as the whole body (Content-Type: message/rfc822)', single('message/rfc822', INNER)],
      ['as an .eml file of type application/octet-stream', mixed(note, ['Content-Type: application/octet-stream; name="scam.eml"', 'Content-Disposition: attachment; filename="scam.eml"', 'Content-Transfer-Encoding: base64', '', Buffer.from(INNER).toString('base64')])],
    ])('%s', async (_name, source) => {
      const email = await parseRawEmail(source);
      expect(email.from).toEqual({ name: 'PayPal', address: 'service@paypa1-secure.top' });
      expect(email.replyTo).toEqual(['paypal.help.desk@gmail.com']);
      expect(email.subject).toBe('Your account is limited');
      expect(email.date).toBe('2023-12-31T09:00:00.000Z');
      expect(email.authenticationResults[0]?.authservId).toBe('mx.home.example');
      expect(email.forward).toEqual({ source: expect.stringContaining('From: "PayPal" <service@paypa1-secure.top>'), from: { name: 'Me', address: 'me@home.example' }, subject: 'Fwd: is this a scam?' });
      // the attached email first, then what the forward says around it
      expect(email.text.startsWith('Your PayPal account has been limited.')).toBe(true);
      expect(email.text).toContain('Fwd: is this a scam?');
      expect(scanned(email)).toContain(PHISHING_WORDS);
      expect(senderOf(email)).toBe('"PayPal" <service@paypa1-secure.top>');
      const facts = emailAuthFacts(email);
      expect(facts).toMatchObject({ fromDomain: 'paypa1-secure.top', replyTo: ['paypal.help.desk@gmail.com'], spf: 'fail' });
      // the verdict the reviewer compared: 0.051 (safe) forwarded, 0.99 (phishing) pasted alone
      const alone = await parseRawEmail(crlf(['To: c@d.example', INNER]));
      const verdict = (e: ParsedEmail) => analyze({ kind: 'text', content: scanned(e), sender: senderOf(e), source: 'email' }, { intel: { emailAuth: emailAuthFacts(e)! } });
      expect(verdict(email).threatLevel).toBe('phishing');
      expect(verdict(email).threatLevel).toBe(verdict(alone).threatLevel);
    });

    it('leaves out the subject of the forward when it only repeats the attached one', async () => {
      const email = await parseRawEmail(crlf([...OUTER.map((l) => l.replace('is this a scam?', 'Your account is limited')), 'Content-Type: multipart/mixed; boundary=B', '', '--B', ...note, '--B', 'Content-Type: message/rfc822', '', INNER, '--B--', '']));
      expect(email.text).toBe(`Your PayPal account has been limited. Sign in to verify your account at ${LINK} within 24 hours or it will be closed.\n\nCan you check this?`);
    });

    it('reads a forward of a forward as the email at its heart, and deeper ones as text', async () => {
      const wrap = (inner: string, n: number) => crlf([`From: Friend${n} <friend${n}@home.example>`, `Subject: Fwd ${n}`, 'Content-Type: multipart/mixed; boundary=B' + n, '', `--B${n}`, 'Content-Type: message/rfc822', '', inner, `--B${n}--`, '']);
      const twice = await parseRawEmail(crlf(['To: c@d.example', wrap(wrap(INNER, 1), 2)]));
      expect(twice.from?.address).toBe('service@paypa1-secure.top');
      expect(twice.forward?.from?.address).toBe('friend2@home.example');
      expect(twice.forward?.source.startsWith('From: "PayPal"')).toBe(true);
      // past MAX_FORWARD_DEPTH levels the attached source is read as it is: nothing goes unread
      const deep = await parseRawEmail(crlf(['To: c@d.example', wrap(wrap(wrap(wrap(INNER, 1), 2), 3), 4)]));
      expect(deep.text).toContain(LINK);
    });
  });

  it.each([
    ['a text/plain part marked as an attachment', mixed(note, ['Content-Type: text/plain', 'Content-Disposition: attachment; filename="a.txt"', '', PHISHING_WORDS]), PHISHING_WORDS],
    ['a text/html part marked as an attachment', mixed(note, ['Content-Type: text/html', 'Content-Disposition: attachment; filename="a.html"', '', `<p>Sign in to verify your account at <a href="${LINK}">PayPal</a></p>`]), `[${LINK}]`],
    ['an .html file sent as application/octet-stream', mixed(note, ['Content-Type: application/octet-stream', 'Content-Disposition: attachment; filename="Invoice.html"', '', `<form action="${LINK}"><input type=password></form>`]), `[${LINK}]`],
    ['an SVG image (a page with links)', mixed(note, ['Content-Type: image/svg+xml', 'Content-Disposition: attachment; filename="scan.svg"', '', `<svg xmlns="http://www.w3.org/2000/svg"><a href="${LINK}"><text>Open your document</text></a></svg>`]), LINK],
    ['a body of application/octet-stream', single('application/octet-stream', PHISHING_WORDS), PHISHING_WORDS],
    ['a body of text/calendar', single('text/calendar', `BEGIN:VCALENDAR\r\nDESCRIPTION:${PHISHING_WORDS}\r\nEND:VCALENDAR`), PHISHING_WORDS],
    ['a body of text/x-foo', single('text/x-foo', PHISHING_WORDS), PHISHING_WORDS],
    ['a text attachment in its own charset', mixed(note, ['Content-Type: text/plain; charset=iso-8859-1', 'Content-Disposition: attachment; filename="a.txt"', 'Content-Transfer-Encoding: base64', '', Buffer.from('Vérifiez votre compte: https://paypa1-secure.top/login', 'latin1').toString('base64')]), 'Vérifiez votre compte: https://paypa1-secure.top/login'],
    ['a multipart body without its boundary lines', single('multipart/alternative; boundary=B', PHISHING_WORDS), PHISHING_WORDS],
    ['a multipart body with a boundary other than the declared one', single('multipart/alternative; boundary=X', crlf(['--B', 'Content-Type: text/plain', 'Content-Transfer-Encoding: quoted-printable', '', 'Sign in to verify your account at https://paypa1-secure.top/l=', 'ogin', '--B--'])), PHISHING_WORDS],
    ['a form\'s target', html(`<form action="${LINK}"><input name=p type=password><button>Verify</button></form>`), `[${LINK}]`],
    ['a button\'s formaction', html(`<form><button formaction="${LINK}">Verify</button></form>`), `[${LINK}]`],
    ['an image map\'s area', html(`<img src=x usemap=#m><map name=m><area shape=rect coords="0,0,9,9" href="${LINK}"></map>`), `[${LINK}]`],
    ['an onclick handler', html(`<button onclick="location='${LINK}'">Verify</button>`), `[${LINK}]`],
    ['a scheme-relative address in a handler', html('<div onmouseover="window.open(\'//paypa1-secure.top/login\')">Verify</div>'), `[${LINK}]`],
    ['a meta refresh', html(`<meta http-equiv="refresh" content="0; url=${LINK}"><p>Loading</p>`), `[${LINK}]`],
    ['entities in an attribute', html('<form action="https://paypa1-secure.top/login?a=1&amp;b=2"></form>'), '[https://paypa1-secure.top/login?a=1&b=2]'],
  ])('reads %s', async (_name, source, expected) => {
    const email = await parseRawEmail(source);
    expect(scanned(email)).toContain(expected);
    expect(email.forward).toBeUndefined();
  });

  it.each([
    ['a binary file', mixed(note, ['Content-Type: application/octet-stream', 'Content-Disposition: attachment; filename="a.bin"', 'Content-Transfer-Encoding: base64', '', Buffer.from([0x25, 0x50, 0x44, 0x46, 0, 1, 2, 3, 0xff, 0xfe]).toString('base64')])],
    ['an image', mixed(note, ['Content-Type: image/png', 'Content-Disposition: attachment; filename="a.png"', 'Content-Transfer-Encoding: base64', '', Buffer.from('not really a PNG, never read').toString('base64')])],
    ['a calendar invitation that repeats the body', mixed(note, ['Content-Type: text/calendar', '', 'can you CHECK this?'])],
    ['empty parts (not broken: nothing to read)', single('multipart/mixed; boundary=B', crlf(['--B', 'Content-Type: text/plain', '', '', '--B--']))],
  ])('adds nothing for %s', async (_name, source) => {
    const email = await parseRawEmail(source);
    expect(email.text).toBe(source.includes('Can you check this?') ? 'Can you check this?' : '');
  });

  it(`takes ${MAX_ATTACHED_TEXT.toLocaleString('en-US')} characters of attachments at most, from ${MAX_ATTACHMENTS_READ} attachments at most`, async () => {
    const files = Array.from({ length: 30 }, (_, i) => ['Content-Type: text/plain', `Content-Disposition: attachment; filename="${i}.txt"`, '', `file${i} ${'word '.repeat(1000)}`]);
    const few = await parseRawEmail(mixed(note, ...files));
    expect(few.text).toContain('file19 ');
    expect(few.text).not.toContain('file20 ');
    const big = Array.from({ length: 3 }, (_, i) => ['Content-Type: text/plain', `Content-Disposition: attachment; filename="${i}.txt"`, '', `big${i} ${'x'.repeat(60_000)}`]);
    const email = await parseRawEmail(mixed(note, ...big));
    expect(email.text.length).toBeLessThanOrEqual('Can you check this?\n\n'.length + MAX_ATTACHED_TEXT + 2);
    expect(email.text).toContain('big1 ');
    expect(email.text).not.toContain('big2 ');
    expect(MAX_ATTACHED_TEXT).toBe(MAX_CONTENT_LENGTH);
  });
});

describe('senderOf', () => {
  const withFrom = (name: string, address: string): ParsedEmail => ({ from: { name, address }, replyTo: [], returnPath: null, subject: '', date: null, text: '', authenticationResults: [] });

  it(`keeps the sender of a pasted email to ${MAX_SENDER_LENGTH} characters, as a sender sent with the request: the address whole, the name cut`, async () => {
    // the reviewer's: a 90,011-character sender, stored and listed in the history
    const email = await parseRawEmail(`From: "${'PayPal Service '.repeat(6000)}" <service@paypa1-secure.top>\r\nTo: a@b.com\r\nSubject: s\r\n\r\nbody`);
    const sender = senderOf(email) ?? '';
    expect(sender).toHaveLength(MAX_SENDER_LENGTH);
    expect(sender.startsWith('"PayPal Service PayPal Service')).toBe(true);
    expect(sender.endsWith('…" <service@paypa1-secure.top>')).toBe(true);
    expect(senderOf(withFrom('Bank\t\n\tof   Example', 'a@bank.example'))).toBe('"Bank of Example" <a@bank.example>');
  });

  it('cuts an address longer than any real one from its local part, keeping the domain and its registrable end', () => {
    const longLocal = senderOf(withFrom('PayPal', `${'a'.repeat(1000)}@paypa1-secure.top`)) ?? '';
    expect(longLocal.length).toBeLessThanOrEqual(MAX_SENDER_LENGTH);
    expect(longLocal.endsWith('a…@paypa1-secure.top')).toBe(true);
    const longDomain = senderOf(withFrom('', `x@paypal.com.${'a.'.repeat(500)}evil.top`)) ?? '';
    expect(longDomain.length).toBeLessThanOrEqual(MAX_SENDER_LENGTH);
    expect(longDomain.startsWith('x…@a.')).toBe(true);
    expect(longDomain.endsWith('.a.evil.top')).toBe(true);
    // a name cut in an emoji leaves no half of it
    const emoji = senderOf(withFrom('😀'.repeat(400), 'a@b.example')) ?? '';
    expect(emoji.length).toBeLessThanOrEqual(MAX_SENDER_LENGTH);
    expect(emoji.isWellFormed()).toBe(true);
  });
});

describe('emailAuthFacts', () => {
  const email: ParsedEmail = {
    from: { name: 'X Support', address: 'support@X.com' },
    replyTo: ['x.help@gmail.com'],
    returnPath: 'bounce@mailer.y.com',
    subject: '',
    date: null,
    text: '',
    authenticationResults: [
      {
        authservId: 'mx.google.com',
        results: [
          { method: 'dkim', result: 'pass', domain: 'mailer.y.com' },
          { method: 'dkim', result: 'pass', domain: 'mail.x.com' },
          { method: 'spf', result: 'fail', domain: 'mailer.y.com' },
          { method: 'dmarc', result: 'fail', domain: 'x.com', policy: 'reject' },
        ],
      },
      { authservId: 'forged.example', results: [{ method: 'dmarc', result: 'pass' }] },
    ],
  };

  it("takes the top-most Authentication-Results header, preferring the From domain's own signature", () => {
    expect(emailAuthFacts(email)).toEqual({
      fromAddress: 'support@X.com',
      fromDomain: 'x.com',
      replyTo: ['x.help@gmail.com'],
      returnPath: 'bounce@mailer.y.com',
      dkim: 'pass',
      dkimDomain: 'mail.x.com',
      spf: 'fail',
      dmarc: 'fail',
      dmarcPolicy: 'reject',
      source: 'header',
    });
    expect(emailAuthFacts({ ...email, from: null })).toBeNull();
    expect(emailAuthFacts({ ...email, authenticationResults: [] })).toEqual({
      fromAddress: 'support@X.com',
      fromDomain: 'x.com',
      replyTo: ['x.help@gmail.com'],
      returnPath: 'bounce@mailer.y.com',
      source: 'header',
    });
  });

  it('takes our own check when given, leaving out what it could not decide without a sending server', () => {
    const verified: EmailAuthResult = {
      fromDomain: 'x.com',
      sendingIp: '203.0.113.9',
      dkim: { result: 'fail', domain: 'x.com', aligned: true },
      spf: { result: 'softfail', domain: 'mailer.y.com' },
      dmarc: { result: 'fail', policy: 'quarantine' },
    };
    expect(emailAuthFacts(email, verified)).toMatchObject({ source: 'verified', dkim: 'fail', dkimDomain: 'x.com', spf: 'softfail', dmarc: 'fail', dmarcPolicy: 'quarantine' });
    const noServer = { ...verified, sendingIp: null, spf: { result: 'none' as const }, dmarc: { result: 'none' as const, policy: 'reject' as const } };
    const withoutHeader = emailAuthFacts({ ...email, authenticationResults: [] }, noServer);
    expect(withoutHeader).toMatchObject({ source: 'verified', dkim: 'fail' });
    expect(withoutHeader).not.toHaveProperty('spf');
    expect(withoutHeader).not.toHaveProperty('dmarc');
    // what our check could not decide, the provider's header still says
    expect(emailAuthFacts(email, noServer)).toMatchObject({ source: 'verified', dkim: 'fail', dkimDomain: 'x.com', spf: 'fail', dmarc: 'fail', dmarcPolicy: 'reject' });
  });

  it('keeps the provider\'s failures when our own check reached no result (no DNS answer, no signature)', () => {
    const failing: ParsedEmail = {
      ...email,
      authenticationResults: [
        {
          authservId: 'mx.google.com',
          results: [
            { method: 'spf', result: 'fail', domain: 'x.com' },
            { method: 'dkim', result: 'fail', domain: 'x.com' },
            { method: 'dmarc', result: 'fail', domain: 'x.com', policy: 'reject' },
          ],
        },
      ],
    };
    const nothingDecided: EmailAuthResult = {
      fromDomain: 'x.com',
      sendingIp: '203.0.113.9',
      dkim: { result: 'none', aligned: false, reason: 'The email has no DKIM signature.' },
      spf: { result: 'temperror' },
      dmarc: { result: 'temperror' },
    };
    const facts = emailAuthFacts(failing, nothingDecided);
    expect(facts).toMatchObject({ source: 'header', dkim: 'fail', spf: 'fail', dmarc: 'fail', dmarcPolicy: 'reject' });
    const basic = analyze({ kind: 'text', content: 'Your account is on hold.', sender: 'support@x.com', source: 'email' }, { intel: { emailAuth: emailAuthFacts(failing)! } });
    const enhanced = analyze({ kind: 'text', content: 'Your account is on hold.', sender: 'support@x.com', source: 'email' }, { intel: { emailAuth: facts! } });
    expect(basic.reasons.map((r) => r.id)).toContain('email-auth-failed');
    expect(enhanced.reasons.map((r) => r.id)).toContain('email-auth-failed');
    expect(enhanced.threatLevel).toBe(basic.threatLevel);
  });

  it('gives the engine what it needs to warn about a forged From', async () => {
    const parsed = await parseRawEmail(GMAIL_SOURCE);
    const facts = emailAuthFacts(parsed);
    const a = analyze(
      { kind: 'text', content: parsed.text, sender: senderOf(parsed), source: 'email' },
      facts ? { intel: { emailAuth: facts } } : {},
    );
    expect(a.reasons.map((r) => r.id)).toContain('email-auth-failed');
    // the header says the signature of x.com passed: the other envelope is then no sign
    expect(a.reasons.map((r) => r.id)).not.toContain('return-path-mismatch');
    expect(a.reasons.find((r) => r.id === 'email-auth-failed')?.evidence.map((e) => e.text)).toEqual(['x.com', 'DMARC fail (policy reject)', 'SPF fail']);
  });
});

describe('hostile email sources', () => {
  it('no third-party parser of a pasted email writes to Object.prototype, whatever the key and wherever it is', async () => {
    const keys = ['__proto__', '__pro"to__"', '"__proto__"', '__pro\\to__', "__pro'to__'", 'constructor', 'prototype', '__PROTO__', '=?utf-8?q?=5F=5Fproto=5F=5F?='];
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const resolver = () => Promise.reject(Object.assign(new Error('no DNS in this test'), { code: 'ENOTFOUND' }));
    for (const k of keys) {
      const places = [
        `Content-Type: multipart/mixed; boundary="b"; ${k}=x; ${k}*0*=utf-8''abc; ${k}*1=def; ${k}.polluted=1`,
        `${k}: polluted`,
        `From: "${k}" <${k}@example.com>`,
        `To: ${k}: a@example.com;`,
        `Subject: =?${k}?Q?hi?= ${k}`,
        `DKIM-Signature: v=1; ${k}=1; d=example.com; s=s; h=from; bh=AAAA; b=AAAA; header.${k}.polluted=1`,
        `Authentication-Results: mx; dkim=${k} header.${k}.polluted=1 ${k}.polluted=1`,
        `ARC-Authentication-Results: i=1; mx; dkim=pass header.${k}.polluted=1`,
        `ARC-Seal: i=1; ${k}=1; header.${k}.polluted=1`,
        `Received: from x (x [192.0.2.1]) by y; ${k}=1`,
      ];
      for (const place of places) {
        const source = crlf([place, 'From: a@example.com', 'Subject: hi', 'Content-Type: multipart/mixed; boundary="b"', '', '--b', `Content-Type: text/plain; ${k}*0*=utf-8''x`, `Content-Disposition: attachment; filename*0*=utf-8''a; ${k}*0*=utf-8''b; ${k}=1`, '', 'hello', '--b--', '']);
        for (const s of [source, source.replaceAll('\r\n', '\n')]) {
          await parseRawEmail(s);
          await authenticateRawEmail(s, { resolver, timeoutMs: 1000 });
          const probe = {} as Record<string, unknown>;
          expect([probe.polluted, probe.charset, probe.values], place).toEqual([undefined, undefined, undefined]);
        }
      }
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
  });
});
