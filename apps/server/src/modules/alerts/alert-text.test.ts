import type { MessageSource } from '@baitcheck/contracts';
import { describe, expect, it } from 'vitest';
import { alertEmail, alertSms, cutText, defang, describeAlert, EXCERPT_MAX, SMS_MAX, type ScanAlertInput } from './alert-text.ts';

// An independent test of "still a link": any scheme URL, a www. name, or a name.tld with a dot
// intact for the suffixes the cases below use.
const LIVE_LINK = /https?:\/\/|ftp:\/\/|www\.|[\p{L}\d-]\.(?:com|co|uk|ru|net|org|example|io|info|xyz|zip|top|me|ly|de|app|bank)(?![\p{L}\d])/iu;

const scan = (over: Partial<ScanAlertInput>): ScanAlertInput => ({ kind: 'scan', threatLevel: 'phishing', type: 'phishing_alert', source: 'sms', sender: '+1 555-0100', ...over });
const WHEN = new Date('2025-03-03T14:05:00Z');

describe('describeAlert: scans', () => {
  it('says a phishing text, who sent it and what to do', () => {
    expect(describeAlert(scan({}))).toEqual({
      title: 'Phishing detected',
      body: "A text message from +1 555-0100 looks like phishing. Don't reply or open its links: open it in History to see why.",
    });
  });

  const sources: [MessageSource, string][] = [
    ['sms', 'A text message from +1 555-0100'],
    ['email', 'An email from +1 555-0100'],
    ['social', 'A social media message from +1 555-0100'],
    ['slack', 'A Slack message from +1 555-0100'],
    ['manual', 'The message from +1 555-0100 that you scanned'],
  ];
  const levels = [
    { threatLevel: 'phishing', type: 'phishing_alert', title: 'Phishing detected', verb: 'looks like phishing.' },
    { threatLevel: 'phishing', type: 'suspicious_content', title: 'Phishing detected', verb: 'looks like phishing.' },
    { threatLevel: 'suspicious', type: 'phishing_alert', title: 'Possible phishing', verb: 'may be phishing.' },
    { threatLevel: 'suspicious', type: 'suspicious_content', title: 'Suspicious message', verb: 'looks suspicious.' },
    { threatLevel: 'safe', type: 'suspicious_content', title: 'Message checked', verb: 'looks safe.' },
  ] as const;
  const table = sources.flatMap(([source, what]) => levels.map((level) => ({ source, what, ...level })));

  it.each(table)('$source, $threatLevel as $type: "$title"', ({ source, what, threatLevel, type, title, verb }) => {
    const text = describeAlert(scan({ source, threatLevel, type }));
    expect(text.title).toBe(title);
    expect(text.body.startsWith(`${what} ${verb} `)).toBe(true);
    expect(text.body).toMatch(/History/);
  });

  it.each([
    ['sms', 'A text message looks like phishing.'],
    ['email', 'An email looks like phishing.'],
    ['manual', 'The message you scanned looks like phishing.'],
  ] as const)('leaves out an empty sender (%s)', (source, start) => {
    expect(describeAlert(scan({ source, sender: '' })).body.startsWith(start)).toBe(true);
  });

  it.each([
    ['phishing', 'phishing_alert', 'Phishing detected', "The link you scanned looks like phishing. Don't open it or enter anything on its page: see why in History."],
    ['suspicious', 'phishing_alert', 'Possible phishing', "The link you scanned may be phishing. Don't open it until you have checked: see why in History."],
    ['suspicious', 'suspicious_content', 'Suspicious link', 'The link you scanned looks suspicious. Be careful before opening it: see why in History.'],
    ['safe', 'suspicious_content', 'Link checked', 'The link you scanned looks safe. See why in History.'],
  ] as const)('a link scan, %s as %s: "%s"', (threatLevel, type, title, body) => {
    expect(describeAlert(scan({ source: 'manual', sender: '', kind2: 'url', threatLevel, type }))).toEqual({ title, body });
  });

  it("names the plugin that brought the message in, but not on the person's own scans", () => {
    expect(describeAlert(scan({ source: 'email', sender: 'Bob', pluginName: 'Work inbox' })).body).toMatch(/^An email from Bob \(Work inbox\) looks like phishing\./);
    expect(describeAlert(scan({ source: 'manual', sender: 'Bob', pluginName: 'Work inbox' })).body).not.toContain('Work inbox');
  });

  it.each([
    ['\u202Eevil\u202C +1 555-0100', 'evil +1 555-0100'],
    ['\u2066Bank\u2069 \u2067Support\u2068', 'Bank Support'],
    ['Pay\u200Bpal\u200E Alerts\u200F', 'Paypal Alerts'],
    ['Line\none\r\ntwo\tthree\u0000\u0007\u009B', 'Line one two three'],
  ])('removes control and bidi characters from the sender %j', (raw, shown) => {
    const { body } = describeAlert(scan({ sender: raw }));
    expect(body).toContain(`from ${shown} looks`);
    expect(body).not.toMatch(/[\u0000-\u001F\u007F-\u009F\u200B-\u200F\u202A-\u202E\u2066-\u2069]/);
  });

  it('cuts a long sender to 60 characters', () => {
    const { body } = describeAlert(scan({ sender: `Customer Service Department ${'X'.repeat(100)}` }));
    const shown = /from (.*) looks/.exec(body)![1]!;
    expect(shown).toHaveLength(60);
    expect(shown.endsWith('…')).toBe(true);
  });

  it.each([
    ['https://evil.example/login', 'hxxps://evil[.]example/login'],
    ['www.paypa1.com', 'www[.]paypa1[.]com'],
    ['secure-bank.com', 'secure-bank[.]com'],
    ['alerts@paypa1.com', 'alerts@paypa1[.]com'],
    ['Pay\u200Bpal.com', 'Paypal[.]com'],
  ])('defangs a sender that is a link or a domain: %s', (raw, shown) => {
    expect(describeAlert(scan({ source: 'email', sender: raw })).body).toContain(`from ${shown} looks`);
  });

  it('defangs a sender cut short, even where the cut makes a domain', () => {
    // cut at 59 characters this is "...y.com": a domain the cut itself would create
    const sender = `${'y'.repeat(55)}.comxyz-and-more`;
    const shown = /from (.*) looks/.exec(describeAlert(scan({ sender })).body)![1]!;
    expect(shown).not.toMatch(LIVE_LINK);
    expect(shown.length).toBeLessThanOrEqual(60);
  });
});

describe('describeAlert: summaries', () => {
  it.each([
    [{ count: 5, phishing: 3, suspicious: 2, minutes: 15 }, '5 more alerts', 'Baitcheck found 3 phishing and 2 suspicious messages in the last 15 minutes. Open History to see them.'],
    [{ count: 1, phishing: 1, suspicious: 0, minutes: 1 }, '1 more alert', 'Baitcheck found 1 phishing message in the last minute. Open History to see it.'],
    [{ count: 4, phishing: 0, suspicious: 4, minutes: 60 }, '4 more alerts', 'Baitcheck found 4 suspicious messages in the last hour. Open History to see them.'],
    [{ count: 2, phishing: 1, suspicious: 1, minutes: 120 }, '2 more alerts', 'Baitcheck found 1 phishing and 1 suspicious messages in the last 2 hours. Open History to see them.'],
    [{ count: 1, phishing: 0, suspicious: 1, minutes: 5 }, '1 more alert', 'Baitcheck found 1 suspicious message in the last 5 minutes. Open History to see it.'],
    [{ count: 3, phishing: 0, suspicious: 0, minutes: 10 }, '3 more alerts', '3 more account alerts in the last 10 minutes: open Baitcheck to read them.'],
    [{ count: 3, phishing: 2, suspicious: 0, minutes: 10 }, '3 more alerts', 'Baitcheck found 2 phishing messages in the last 10 minutes, and 1 account alert. Open History to see them.'],
  ])('%j', (counts, title, body) => {
    expect(describeAlert({ kind: 'summary', ...counts })).toEqual({ title, body });
  });
});

describe('describeAlert: account and plugin events', () => {
  it.each([
    ['new_sign_in', undefined, 'New sign-in to your account', /^Your Baitcheck account was signed in to from a browser or device it hadn't seen before\. If that was you, there is nothing to do\. If it wasn't, change your password on the Account page\.$/],
    ['password_changed', undefined, 'Your password was changed', /^The password of your Baitcheck account was changed\. If that was you, there is nothing to do\. If it wasn't,/],
    ['plugin_disconnected', 'SMS', 'SMS plugin disconnected', /^Baitcheck no longer scans messages from the SMS plugin: .* If you didn't do this, /],
    ['plugin_disconnected', undefined, 'A plugin was disconnected', /^Baitcheck no longer scans messages from the plugin: /],
    ['plugin_stopped', 'Email', 'Email plugin stopped', /^Baitcheck stopped scanning messages from the Email plugin because of a problem\. Fix it in Settings → Plugins/],
  ] as const)('%s (%s): "%s"', (event, pluginName, title, body) => {
    const text = describeAlert({ kind: 'security', event, ...(pluginName ? { pluginName } : {}), when: WHEN });
    expect(text.title).toBe(title);
    expect(text.body).toMatch(body);
  });

  it('appends why a plugin stopped, cleaned and defanged, as a sentence', () => {
    const { body } = describeAlert({ kind: 'security', event: 'plugin_stopped', pluginName: 'Gmail', detail: 'The inbox at imap.gmail.com refused its password\u202E', when: WHEN });
    expect(body).toBe('Baitcheck stopped scanning messages from the Gmail plugin because of a problem. The inbox at imap[.]gmail[.]com refused its password. Fix it in Settings → Plugins to start scanning again.');
  });

  it('defangs a plugin name that is a domain', () => {
    expect(describeAlert({ kind: 'security', event: 'plugin_disconnected', pluginName: 'mail.evil.com', when: WHEN }).title).toBe('mail[.]evil[.]com plugin disconnected');
  });
});

describe('describeAlert: tips', () => {
  it('prefixes the title and cuts the summary to 200 characters', () => {
    expect(describeAlert({ kind: 'tip', title: 'Spot a fake toll text', summary: 'Toll agencies never text a link to pay.' })).toEqual({ title: 'Tip: Spot a fake toll text', body: 'Toll agencies never text a link to pay.' });
    const long = describeAlert({ kind: 'tip', title: 't', summary: 'word '.repeat(100) }).body;
    expect(long.length).toBeLessThanOrEqual(200);
    expect(long).toMatch(/ word…$/);
  });
});

describe('defang', () => {
  it.each([
    ['https://evil.example/login', 'hxxps://evil[.]example/login'],
    ['http://evil.example', 'hxxp://evil[.]example'],
    ['HTTPS://Evil.Example/x', 'HXXPS://Evil[.]Example/x'],
    ['www.evil.com', 'www[.]evil[.]com'],
    ['WWW.Evil.Com/login', 'WWW[.]Evil[.]Com/login'],
    ['evil-bank.com/x', 'evil-bank[.]com/x'],
    ['a@evil.com', 'a@evil[.]com'],
    ['john.smith@evil.example', 'john.smith@evil[.]example'],
    ['paypal.com.evil.ru/verify', 'paypal[.]com[.]evil[.]ru/verify'],
    ['https://paypal.com@evil.co.uk:8443/a.php?next=x', 'hxxps://paypal[.]com@evil[.]co[.]uk:8443/a.php?next=x'],
    ['ftp://files.evil.example/a', 'fxp://files[.]evil[.]example/a'],
    ['javascript://evil.example', 'javascript[://]evil[.]example'],
    ['Go to bit.ly/abc now', 'Go to bit[.]ly/abc now'],
    ['Login: 192.168.10.1/admin', 'Login: 192[.]168[.]10[.]1/admin'],
    ['sites.google.com/view/x', 'sites[.]google[.]com/view/x'],
    ['evil.blogspot.com', 'evil[.]blogspot[.]com'],
    ['invoice.zip', 'invoice[.]zip'],
    ['pаypal.com (Cyrillic a)', 'pаypal[.]com (Cyrillic a)'],
    ['xn--pypal-4ve.com', 'xn--pypal-4ve[.]com'],
    ['evil\u3002com', 'evil[.]com'],
    ['evil\uFF0Ecom', 'evil[.]com'],
    ['ｅｖｉｌ．ｃｏｍ', 'ｅｖｉｌ[.]ｃｏｍ'],
    ['Visit evil.com.', 'Visit evil[.]com.'],
    ['(evil.com)', '(evil[.]com)'],
  ])('%s → %s', (raw, safe) => {
    expect(defang(raw)).toBe(safe);
    expect(defang(safe)).toBe(safe);
  });

  it.each([
    'Pay 3.14 now',
    'Meet at 10.30 or 10:30',
    'Version 1.2.3 is out',
    'e.g. this, i.e. that',
    'The U.S. Postal Service',
    'Open report.pdf and notes.txt',
    'It costs $1,299.99',
    'A word.notatld here',
    'No dots here at all',
    'hxxps://evil[.]example/login',
    'a@localhost',
    '...',
    'wait...what',
  ])('leaves %j alone', (text) => {
    expect(defang(text)).toBe(text);
  });
});

describe('cutText', () => {
  it('leaves text that fits', () => {
    expect(cutText('short', 5)).toBe('short');
  });
  it('cuts at a whole word', () => {
    expect(cutText('hello wonderful world', 16)).toBe('hello wonderful…');
  });
  it('never splits a surrogate pair or an emoji sequence', () => {
    expect(cutText('😀😀😀', 4)).toBe('😀…');
    const family = '👨‍👩‍👧';
    expect(cutText(`${family}${family}`, family.length + 3)).toBe(`${family}…`);
  });
  it('cuts a word with no space near the end at a character', () => {
    expect(cutText('x'.repeat(50), 10)).toBe(`${'x'.repeat(9)}…`);
  });
});

const APP = 'https://app.baitcheck.test';
const ENTRY = `${APP}/history?messageId=m1`;
const SCAM =
  'Your account is LOCKED.\r\nVerify now at https://paypa1-secure.com/login or www.paypa1.com\n' +
  'or reply to help@paypa1-support.com. Backup: http://192.168.0.9/x and bit.ly/3xYz\n\n\n\n\nThanks, Paypal';

const linksIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];
const quoted = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('>'))
    .map((l) => l.replace(/^> ?/, ''))
    .join('\n');

describe('alertEmail', () => {
  const phishing = describeAlert(scan({ source: 'email', sender: 'help@paypa1-support.com' }));
  const email = alertEmail({ ...phishing, url: ENTRY, excerpt: SCAM, sender: 'help@paypa1-support.com', unsubscribeUrl: `${APP}/api/alerts/unsubscribe?t=abc` });

  it('says what was found, quotes the message, links the entry and says what to do and why', () => {
    expect(email.subject).toBe('Baitcheck: Phishing detected');
    expect(email.text).toContain(phishing.body.replace('paypa1-support.com', 'paypa1-support[.]com'));
    expect(email.text).toContain('From: help@paypa1-support[.]com');
    expect(email.text).toContain('> Your account is LOCKED.\n> Verify now at hxxps://paypa1-secure[.]com/login or www[.]paypa1[.]com\n');
    expect(email.text).toContain(`See it in Baitcheck: ${ENTRY}`);
    expect(email.text).toContain('What to do:');
    expect(email.text).toContain('You get this because email alerts are on in Settings → Notifications.');
    expect(email.text).toContain(`Change them: ${APP}/settings?tab=notifications`);
    expect(email.text).toContain(`Stop these emails: ${APP}/api/alerts/unsubscribe?t=abc`);
  });

  it('has no link but our own', () => {
    const links = linksIn(email.text);
    expect(links.length).toBe(3);
    for (const link of links) expect(link.startsWith(`${APP}/`)).toBe(true);
    const withoutOurs = links.reduce((text, link) => text.replace(link, ''), email.text);
    expect(withoutOurs).not.toMatch(LIVE_LINK);
  });

  it('quotes no live link, whatever shape it had', () => {
    const text = quoted(email.text);
    expect(text).not.toMatch(LIVE_LINK);
    expect(text).not.toMatch(/https?:\/\//i);
    expect(text).toContain('help@paypa1-support[.]com');
    expect(text).toContain('hxxp://192[.]168[.]0[.]9/x');
    expect(text).toContain('bit[.]ly/3xYz');
  });

  it('collapses a run of blank lines into one', () => {
    expect(email.text).toContain('> or reply to help@paypa1-support[.]com. Backup: hxxp://192[.]168[.]0[.]9/x and bit[.]ly/3xYz\n>\n> Thanks, Paypal\n');
  });

  it.each(Array.from({ length: 24 }, (_, i) => 280 + i))('cuts the excerpt to 300 characters with no live link, wherever the cut lands (padding %i)', (pad) => {
    const excerpt = `${'y'.repeat(pad)}.comxyz https://evil.example/a ${'z'.repeat(pad)}.co.ukx`;
    const text = quoted(alertEmail({ title: 'Phishing detected', body: 'b', url: null, excerpt, unsubscribeUrl: null }).text);
    expect(text.length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(text).not.toMatch(LIVE_LINK);
  });

  it('quotes a long excerpt cut to 300 characters', () => {
    const text = quoted(alertEmail({ title: 't', body: 'b', url: ENTRY, excerpt: 'Click here to claim your prize today. '.repeat(40), unsubscribeUrl: null }).text);
    expect(text.length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(text.length).toBeGreaterThan(EXCERPT_MAX - 40);
    expect(text.endsWith('…')).toBe(true);
  });

  it('removes bidi and control characters from the excerpt and the sender', () => {
    const e = alertEmail({ title: 't', body: 'b', url: ENTRY, sender: '\u202Eevil\u202C', excerpt: 'Pay \u2066now\u2069\u0007 please', unsubscribeUrl: null });
    expect(e.text).toContain('From: evil\n');
    expect(e.text).toContain('> Pay now please');
    expect(e.text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u202A-\u202E\u2066-\u2069]/);
  });

  it('strips CR and LF from the subject, so a title cannot add a header', () => {
    const e = alertEmail({ title: 'Phishing detected\r\nBcc: victim@example.com\nX-Evil: 1', body: 'b', url: ENTRY, unsubscribeUrl: null });
    expect(e.subject).not.toMatch(/[\r\n]/);
    expect(e.subject.startsWith('Baitcheck: Phishing detected Bcc: victim@example[.]com')).toBe(true);
  });

  it('without a public address, has no link at all and says where to look', () => {
    const e = alertEmail({ ...phishing, url: null, excerpt: SCAM, sender: 'x', unsubscribeUrl: null });
    expect(linksIn(e.text)).toEqual([]);
    expect(e.text).toContain('Open Baitcheck to see it.');
    expect(e.text).toContain('You get this because email alerts are on in Settings → Notifications.');
    expect(e.text).not.toContain('Change them:');
  });

  it('keeps the path of an app served under one in the settings link', () => {
    const e = alertEmail({ title: 't', body: 'b', url: 'https://example.org/baitcheck/history?messageId=m1', unsubscribeUrl: null });
    expect(e.text).toContain('Change them: https://example.org/baitcheck/settings?tab=notifications');
  });

  it('leaves out the message advice for an account event', () => {
    const event = describeAlert({ kind: 'security', event: 'new_sign_in', when: WHEN });
    const e = alertEmail({ ...event, url: `${APP}/account`, unsubscribeUrl: null });
    expect(e.subject).toBe('Baitcheck: New sign-in to your account');
    expect(e.text).not.toContain('What to do:');
    expect(e.text).not.toContain('>');
  });
});

describe('alertSms', () => {
  const phishing = describeAlert(scan({}));

  it("says the title, the alert and our link, and nothing of the scam's", () => {
    expect(alertSms({ ...phishing, url: ENTRY })).toBe(
      `Baitcheck: Phishing detected. A text message from +1 555-0100 looks like phishing. Don't reply or open its links: open it in History to see why. ${ENTRY}`,
    );
  });

  it('defangs a sender that is a domain', () => {
    const text = alertSms({ ...describeAlert(scan({ source: 'email', sender: 'www.evil.com' })), url: ENTRY });
    expect(text.replace(ENTRY, '')).not.toMatch(LIVE_LINK);
  });

  it.each([
    ['an ordinary alert', phishing.title, phishing.body, ENTRY],
    ['a long body', phishing.title, 'word '.repeat(200), ENTRY],
    ['a long title', 'T'.repeat(500), 'word '.repeat(200), ENTRY],
    ['a long link', phishing.title, phishing.body, `${APP}/history?messageId=${'m'.repeat(250)}`],
    ['a link too long to fit', phishing.title, phishing.body, `${APP}/history?messageId=${'m'.repeat(400)}`],
    ['no link', phishing.title, 'word '.repeat(200), null],
  ])('stays under 320 characters: %s', (_name, title, body, url) => {
    const text = alertSms({ title, body, url });
    expect(text.length).toBeLessThan(SMS_MAX);
    expect(text.startsWith('Baitcheck: ')).toBe(true);
    expect(text).not.toMatch(/[\r\n]/);
    if (url && url.length < 260) expect(text.endsWith(` ${url}`)).toBe(true);
  });

  it('never cuts our link: one that cannot fit is left out', () => {
    const url = `${APP}/history?messageId=${'m'.repeat(400)}`;
    expect(alertSms({ ...phishing, url })).not.toContain('http');
  });
});
