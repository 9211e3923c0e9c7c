import { MAX_SENDER_LENGTH } from '@baitcheck/contracts';
import { expect, it } from 'vitest';
import { describeWithDatabases } from '../../../test/harness.ts';
import { FORWARDED_EMAIL_NOTE } from '../../scan/scan.service.ts';

// A pasted email through the whole app: what the scan judges, what it stores, what the history returns.

const crlf = (lines: string[]) => lines.join('\r\n');
const OUTER = ['From: Me <me@home.example>', 'To: c@d.example', 'Subject: Fwd: is this a scam?', 'Date: Mon, 1 Jan 2024 00:00:00 +0000', 'MIME-Version: 1.0'];
const INNER = crlf([
  'From: "PayPal" <service@paypa1-secure.top>',
  'Subject: Your account is limited',
  'Content-Type: text/plain',
  '',
  'Your PayPal account has been limited. Sign in to verify your account at https://paypa1-secure.top/login within 24 hours or it will be closed.',
  '',
]);
const LINK = 'https://paypa1-secure.top/login';
const mixed = (...parts: string[][]) => crlf([...OUTER, 'Content-Type: multipart/mixed; boundary=B', '', ...parts.flatMap((p) => ['--B', ...p]), '--B--', '']);
const note = ['Content-Type: text/plain', '', 'Can you check this?'];
const single = (type: string, body: string) => crlf([...OUTER, `Content-Type: ${type}`, '', body, '']);

describeWithDatabases('a pasted email', (ctx) => {
  it('that forwards a phishing email as an attachment is judged, stored and listed as that email', async () => {
    // the reviewer's: stored as "Fwd: is this a scam?\n\nCan you check this?" and rated safe (0.051)
    const visitor = ctx.visitor();
    const forward = mixed(note, ['Content-Type: message/rfc822', 'Content-Disposition: attachment; filename="scam.eml"', '', INNER]);
    const res = await visitor.post('/api/scan/text', { content: forward, saveToHistory: true });
    expect(res.statusCode).toBe(200);
    const { message, analysis } = res.json();
    expect(analysis.threatLevel).toBe('phishing');
    // the result says which email was judged
    expect(analysis.notes[0]).toBe(FORWARDED_EMAIL_NOTE);
    expect(message.sender).toBe('"PayPal" <service@paypa1-secure.top>');
    expect(message.content).toBe(
      `Your account is limited\n\nYour PayPal account has been limited. Sign in to verify your account at ${LINK} within 24 hours or it will be closed.\n\nFwd: is this a scam?\n\nCan you check this?`,
    );
    const alone = (await visitor.post('/api/scan/text', { content: crlf(['To: c@d.example', 'Date: Mon, 1 Jan 2024 00:00:00 +0000', INNER]), saveToHistory: false })).json();
    expect(analysis.score).toBeCloseTo(alone.analysis.score, 1);
    const stored = (await visitor.get(`/api/messages/${message.id}`)).json();
    expect(stored).toMatchObject({ content: message.content, sender: message.sender, threatLevel: 'phishing' });
  });

  it.each([
    ['a text attachment', mixed(note, ['Content-Type: text/plain', 'Content-Disposition: attachment; filename="a.txt"', '', `Sign in to verify your account at ${LINK}`]), LINK],
    ['an HTML attachment', mixed(note, ['Content-Type: text/html', 'Content-Disposition: attachment; filename="a.html"', '', `<a href="${LINK}">PayPal</a>`]), `PayPal [${LINK}]`],
    ['an application/octet-stream body', single('application/octet-stream', `Sign in to verify your account at ${LINK}`), LINK],
    ['a text/calendar body', single('text/calendar', `DESCRIPTION:Sign in at ${LINK}`), LINK],
    ['a text/x-* body', single('text/x-foo', `Sign in at ${LINK}`), LINK],
    ['a multipart body without its boundary', single('multipart/alternative; boundary=B', `Sign in at ${LINK}`), LINK],
    ['a multipart body with another boundary', single('multipart/alternative; boundary=X', crlf(['--B', 'Content-Type: text/plain', '', `Sign in at ${LINK}`, '--B--'])), LINK],
    ['a form target', single('text/html', `<form action="${LINK}"><input type=password><button>Verify</button></form>`), `[${LINK}]`],
    ['an image map area', single('text/html', `<img src=x usemap=#m><map name=m><area href="${LINK}"></map>`), `[${LINK}]`],
    ['an onclick link', single('text/html', `<button onclick="location='${LINK}'">Verify</button>`), `[${LINK}]`],
  ])('stores %s, and the scan reads it', async (_name, content, expected) => {
    const visitor = ctx.visitor();
    const res = await visitor.post('/api/scan/text', { content, saveToHistory: true });
    expect(res.statusCode).toBe(200);
    const { message, analysis } = res.json();
    expect(message.content).toContain(expected);
    expect(analysis.content).toBe(message.content);
    // the engine saw the link: it is highlighted where it stands in the stored text
    expect(analysis.highlights.some((h: { text: string }) => h.text.includes('paypa1-secure.top'))).toBe(true);
    expect((await visitor.get(`/api/messages/${message.id}`)).json().content).toBe(message.content);
  });

  it(`stores the sender of its From header within ${MAX_SENDER_LENGTH} characters, as a sender sent with the request`, async () => {
    // the reviewer's: a 90,011-character sender stored and returned in every history listing
    const visitor = ctx.visitor();
    const content = crlf([`From: "${'PayPal Service '.repeat(6000)}" <service@paypa1-secure.top>`, 'To: a@b.example', 'Subject: Account notice', '', `Verify at ${LINK}`]);
    const res = await visitor.post('/api/scan/text', { content, saveToHistory: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.sender.length).toBeLessThanOrEqual(MAX_SENDER_LENGTH);
    expect(res.json().message.sender.endsWith('…" <service@paypa1-secure.top>')).toBe(true);
    const [listed] = (await visitor.get('/api/messages')).json();
    expect(listed.sender).toBe(res.json().message.sender);
  });

  it('with HTML nested too deep and a long run of Unicode spaces is answered (it held the server for 9 s)', async () => {
    const content = crlf(['From: a@b.example', 'To: c@d.example', 'Subject: hi', 'MIME-Version: 1.0', 'Content-Type: text/html; charset=utf-8', '', `${'<b>'.repeat(1100)}x${'\u3000'.repeat(80_000)}y`]);
    const res = await ctx.visitor().post('/api/scan/text', { content, saveToHistory: false });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.content).toBe('hi\n\nx y');
  });
});
