import { createHash } from 'node:crypto';
import { FamilyInvitationCreatedSchema, HIDDEN_MARK, MyDataExportSchema, plainWordsFor, revealHidden } from '@baitcheck/contracts';
import { sql } from 'drizzle-orm';
import { parse, type DefaultTreeAdapterMap, type ParserError } from 'parse5';
import { expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { deviceTokens, messages, pluginConnections, pushSubscriptions } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp, TEST_PASSWORD, upgrade } from '../../test/plans.ts';
import { MY_DATA_HTML_CSP } from './my-data.html.ts';
import { createMyDataRepository, type ExportCursor } from './my-data.repository.ts';
import { EXPORT_PAGE_ROWS } from './my-data.service.ts';

// Issue 21, "Your data": 'Download my data' and 'Delete my account'.

const SCAM = 'URGENT: your account is suspended. Click http://paypa1-secure.com/login to verify within 24 hours';
const DETAILS = { reasons: [], reasonDetails: [], highlights: [], recommendations: [], checks: [], notes: [] };

async function exportOf(visitor: Visitor) {
  const res = await visitor.get('/api/account/export');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
  expect(res.headers['cache-control']).toBe('no-store');
  return MyDataExportSchema.parse(JSON.parse(res.body));
}

type HtmlNode = DefaultTreeAdapterMap['node'];
type HtmlElement = DefaultTreeAdapterMap['element'];

/** The elements the readable copy is made of: anything else in it came from stored text. */
const COPY_ELEMENTS = new Set(['html', 'head', 'meta', 'title', 'style', 'body', 'main', 'section', 'article', 'div', 'h1', 'h2', 'h3', 'p', 'dl', 'dt', 'dd', 'ul', 'li', 'blockquote', 'span', 'bdi', 'time', 'strong', 'br']);

/** The readable copy as a browser's HTML parser reads it: its elements, the text of any node, its parse errors. */
function readCopy(html: string) {
  const errors: ParserError[] = [];
  const document = parse(html, { onParseError: (error) => errors.push(error) });
  const elements: HtmlElement[] = [];
  const walk = (node: HtmlNode) => {
    if ('tagName' in node) elements.push(node);
    if ('childNodes' in node) node.childNodes.forEach(walk);
  };
  walk(document);
  const text = (node: HtmlNode): string => ('value' in node && node.nodeName === '#text' ? node.value : 'childNodes' in node ? node.childNodes.map(text).join('') : '');
  const attr = (element: HtmlElement, name: string) => element.attrs.find((a) => a.name === name)?.value;
  const byId = (id: string) => elements.find((e) => attr(e, 'id') === id);
  return { errors, elements, text, attr, byId, body: elements.find((e) => e.tagName === 'body')! };
}

/** Every row of every table of the database that names `userId` or `email` anywhere in it. */
async function rowsNaming(database: Database, userId: string, email: string): Promise<string[]> {
  const rows = (q: ReturnType<typeof sql>) => database.db.execute(q) as unknown as Promise<{ rows: Record<string, unknown>[] }>;
  const tables = (await rows(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)).rows.map((r) => String(r.table_name));
  expect(tables).toContain('messages');
  const found: string[] = [];
  for (const table of tables) {
    const hits = await rows(sql`select t::text as row from ${sql.identifier(table)} t where t::text ilike ${`%${userId}%`} or t::text ilike ${`%${email}%`}`);
    for (const hit of hits.rows) found.push(`${table}: ${String(hit.row).slice(0, 200)}`);
  }
  return found;
}

describeWithDatabases('your data', (ctx) => {
  it("'Download my data' holds the history whole, the reports, blocked senders and preferences, and nobody else's", async () => {
    const person = ctx.visitor();
    const email = await signUp(person);
    const scanned = await person.post('/api/scan/text', { content: SCAM, sender: '+1 555 0100', source: 'sms' });
    expect(scanned.statusCode).toBe(200);
    await person.post('/api/scan/text', { content: 'Hi Sam, lunch at 1 tomorrow?', sender: 'Ann', source: 'sms' });
    expect((await person.post('/api/reports', { messageId: scanned.json().message.id, note: 'my bank never texts' })).statusCode).toBe(201);
    expect((await person.post('/api/blocked-senders', { sender: '+1 555 0100' })).statusCode).toBe(201);
    expect((await person.patch('/api/notification-preferences', { sensitivity: 5 })).statusCode).toBe(200);
    const other = ctx.visitor();
    await other.post('/api/scan/text', { content: 'someone else’s message', sender: '', source: 'sms' });

    const data = await exportOf(person);
    expect(data.complete).toBe(true);
    expect(data.account).toMatchObject({ kind: 'account', email });
    expect(data.history.map((m) => m.content)).toEqual(['Hi Sam, lunch at 1 tomorrow?', SCAM]);
    expect(data.history[1]).toMatchObject({ sender: '+1 555 0100', threatLevel: 'phishing' });
    expect(data.history[1]!.threatDetails.reasons.length).toBeGreaterThan(0);
    expect(data.reports).toHaveLength(1);
    expect(data.reports[0]).toMatchObject({ note: 'my bank never texts', content: SCAM });
    expect(data.blockedSenders.map((b) => b.sender)).toEqual(['+1 555 0100']);
    expect(data.notificationPreferences.sensitivity).toBe(5);
    expect(data.subscription.plan).toBe('basic');
    expect(JSON.stringify(data)).not.toContain('someone else');
  });

  it('writes a long history out page by page, newest first, each message once; a newcomer gets an empty document', async () => {
    const person = ctx.visitor();
    const userId = await userIdOf(ctx.database, person);
    const count = EXPORT_PAGE_ROWS * 2 + 17;
    const start = Date.now() - 60_000;
    // some share a time: the pages must still take each message once
    await ctx.database.db.insert(messages).values(
      Array.from({ length: count }, (_, i) => ({ userId, kind: 'text' as const, content: `message ${i}`, threatLevel: 'safe' as const, score: 0.1, threatDetails: DETAILS, scanDate: new Date(start + Math.floor(i / 3) * 1000) })),
    );
    const data = await exportOf(person);
    expect(data.history).toHaveLength(count);
    expect(new Set(data.history.map((m) => m.id)).size).toBe(count);
    const times = data.history.map((m) => Date.parse(m.scanDate));
    expect(times).toEqual([...times].sort((a, b) => b - a));

    const newcomer = makeVisitor(ctx.app);
    const empty = await exportOf(newcomer);
    expect(empty).toMatchObject({ account: { kind: 'guest', email: null }, history: [], reports: [], blockedSenders: [] });
    // asking stores nothing: no guest is made for it
    expect(newcomer.cookie).toBeUndefined();
  });

  it('holds their alerts, plugins (never a secret), push devices (never a key), support requests and family place, and nobody else’s', async () => {
    let address = 0;
    const visitor = () => makeVisitor(ctx.app, { remoteAddress: `192.0.2.${++address}` });
    /** An account with a bit of everything: a phishing scan (an alert), an email plugin with its password, a browser and an app to push to, a support request. */
    const person = async (label: string) => {
      const v = visitor();
      const email = await signUp(v);
      const id = await userIdOf(ctx.database, v);
      expect((await v.post('/api/scan/text', { content: `${SCAM} ${label}`, sender: '+1 555 0100', source: 'sms' })).statusCode).toBe(200);
      await ctx.database.db.insert(pluginConnections).values({
        userId: id,
        pluginId: 'email',
        enabled: true,
        connected: true,
        // `settings` as stored, with a field the dialog does not show: only the dialog's fields go out
        settings: { emailAddress: `${label}@example.com`, host: 'imap.example.com', port: 993, secure: true, username: `${label}@example.com`, password: `settings-password-${label}` },
        secret: `sealed-inbox-password-${label}`,
        state: { uidValidity: 7, lastUid: 42, pending: { code: `code-${label}` } },
        connectedAt: new Date(),
      });
      await ctx.database.db.insert(pushSubscriptions).values({ userId: id, endpoint: `https://fcm.googleapis.com/fcm/send/endpoint-${label}`, p256dh: `p256dh-key-${label}`, auth: `auth-secret-${label}` });
      await ctx.database.db.insert(deviceTokens).values({ userId: id, token: `fcm-token-${label}`, platform: 'android' });
      const asked = await v.post('/api/contact-support', { name: `Sam ${label}`, email, subject: `TECHNICAL: question from ${label}`, message: `How do I block a number? (${label})` });
      expect(asked.statusCode, asked.body).toBeLessThan(300);
      return { v, email, id, label };
    };
    const alice = await person('alice');
    const bob = await person('bob');
    // a family: Alice manages it, Bob and Carol are members
    await upgrade(alice.v, 'family');
    const carol = { v: visitor(), email: '' };
    carol.email = await signUp(carol.v);
    for (const member of [bob, carol]) {
      const invited = await alice.v.post('/api/family/invitations', { email: member.email, adultConfirmed: true });
      expect(invited.statusCode, invited.body).toBe(201);
      const token = new URL(FamilyInvitationCreatedSchema.parse(invited.json()).link!).hash.slice(1);
      expect((await member.v.post('/api/family/join', { token })).statusCode).toBe(200);
    }
    const bystander = await person('dave');

    const mine = await exportOf(alice.v);
    expect(mine.notifications.length).toBeGreaterThan(0);
    expect(mine.notifications.every((n) => n.messageId === null || mine.history.some((m) => m.id === n.messageId))).toBe(true);
    expect(mine.notifications.some((n) => n.type === 'phishing_alert')).toBe(true);
    expect(mine.plugins).toEqual([
      {
        id: 'email',
        enabled: true,
        connected: true,
        configuration: { emailAddress: 'alice@example.com', host: 'imap.example.com', port: 993, secure: true, username: 'alice@example.com' },
        problem: null,
        connectedAt: expect.any(String),
        scanned: 0,
        lastMessageAt: null,
      },
    ]);
    expect(mine.pushDevices).toEqual(
      expect.arrayContaining([
        { kind: 'web', service: 'https://fcm.googleapis.com', registeredAt: expect.any(String), lastSuccessAt: null },
        { kind: 'android', service: null, registeredAt: expect.any(String), lastSuccessAt: null },
      ]),
    );
    expect(mine.pushDevices).toHaveLength(2);
    expect(mine.supportRequests).toEqual([expect.objectContaining({ name: 'Sam alice', email: alice.email, issueType: 'technical', subject: 'TECHNICAL: question from alice', message: 'How do I block a number? (alice)' })]);
    expect(mine.family).toEqual({ role: 'manager', name: `${alice.email}'s family`, foundedAt: expect.any(String), adultConfirmedAt: expect.any(String) });

    const bobs = await exportOf(bob.v);
    expect(bobs.family).toEqual({ role: 'member', name: `${alice.email}'s family`, joinedAt: expect.any(String), protectionManaged: false });
    expect(bobs.supportRequests.map((r) => r.name)).toEqual(['Sam bob']);
    expect(bobs.plugins.map((p) => p.configuration.emailAddress)).toEqual(['bob@example.com']);
    expect((await exportOf(bystander.v)).family).toBeNull();

    for (const [data, own] of [[mine, alice], [bobs, bob]] as const) {
      const text = JSON.stringify(data);
      // never a secret: the plugin's sealed password, a password among its settings, its pending
      // code or progress, a push key, an app's token, the endpoint's private path
      for (const secret of [`sealed-inbox-password-${own.label}`, `settings-password-${own.label}`, `code-${own.label}`, 'uidValidity', `p256dh-key-${own.label}`, `auth-secret-${own.label}`, `fcm-token-${own.label}`, `endpoint-${own.label}`]) {
        expect(text, secret).not.toContain(secret);
      }
      expect(text).not.toMatch(/passwordHash|password_hash|\$argon2|\$scrypt/);
      // nobody else's rows, in any section
      for (const other of [alice, bob, bystander].filter((p) => p !== own)) {
        expect(text, other.label).not.toContain(other.label);
        expect(text, other.label).not.toContain(other.id);
      }
    }
    // a manager's document names none of the members; a member's, not the other member
    expect(JSON.stringify(mine)).not.toContain(bob.email);
    expect(JSON.stringify(mine)).not.toContain(carol.email);
    expect(JSON.stringify(bobs)).not.toContain(carol.email);
  });

  it('reads a history of huge messages in pages bounded by bytes as well as rows, each message once', async () => {
    const person = ctx.visitor();
    const userId = await userIdOf(ctx.database, person);
    // 12 messages of 300,000 bytes (100,000 characters, as long as a scan takes, most of them 3 bytes in UTF-8)
    const huge = (i: number) => `${i} `.padEnd(100_000, '€');
    const start = Date.now() - 60_000;
    await ctx.database.db.insert(messages).values(Array.from({ length: 12 }, (_, i) => ({ userId, kind: 'text' as const, content: huge(i), threatLevel: 'safe' as const, score: 0.1, threatDetails: DETAILS, scanDate: new Date(start + i) })));
    const repo = createMyDataRepository(ctx.database.db);
    const limits = { rows: EXPORT_PAGE_ROWS, bytes: 1_000_000 };
    const pages = await repo.snapshot(async (reader) => {
      const found: string[][] = [];
      let cursor: ExportCursor | undefined;
      do {
        const page = await reader.historyPage(userId, cursor, limits);
        found.push(page.rows.map((m) => m.content));
        cursor = page.next ?? undefined;
      } while (cursor);
      return found;
    });
    // three of 300 KB are 900 KB: no page holds a fourth
    expect(pages.map((p) => p.length)).toEqual([3, 3, 3, 3]);
    expect(pages.flat()).toEqual(Array.from({ length: 12 }, (_, i) => huge(11 - i)));
    // one message larger than the whole budget still makes a page of its own
    const one = await repo.snapshot((reader) => reader.historyPage(userId, undefined, { rows: EXPORT_PAGE_ROWS, bytes: 1000 }));
    expect(one.rows.map((m) => m.content)).toEqual([huge(11)]);
    expect(one.next).not.toBeNull();
    // and through the API, the document holds them whole
    const data = await exportOf(person);
    expect(data.history.map((m) => m.content)).toEqual(Array.from({ length: 12 }, (_, i) => huge(11 - i)));
  });

  it('gives a readable copy (?format=html) that shows every stored text as text: no markup of it, no script, no link, nothing loaded, nobody else’s', async () => {
    let address = 0;
    const visitor = () => makeVisitor(ctx.app, { remoteAddress: `203.0.113.${++address}` });
    const person = visitor();
    const email = await signUp(person);
    // what a scam or a hostile person could make us store: markup, links, entities, a hidden direction character
    const payloads = [
      `<script>alert('XSS-RAN script')</script>`,
      `<img src=x onerror="alert('XSS-RAN img')">`,
      `"><svg onload=alert('XSS-RAN svg')>`,
      `' onmouseover='alert(1)' x='`,
      `<a href="javascript:alert('XSS-RAN a')">Verify your account</a>`,
      `<a href="https://paypa1-secure-login.example/signin">https://www.paypal.com/signin</a>`,
      `</blockquote></main><script>alert('XSS-RAN break')</script>`,
      `</title></style><iframe srcdoc="<script>parent.x=1</script>"></iframe>`,
      `<meta http-equiv="refresh" content="0;url=https://evil.example/"><base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">`,
      `<style>@import url(https://evil.example/x.css); body{background:url(https://evil.example/p.png)}</style>`,
      `&lt;img src=x onerror=alert(1)&gt; &#60;script&#62;`,
      `<!-- <![CDATA[ ]]> -->`,
      `invoice\u202Efdp.exe`,
    ];
    const content = `URGENT: your PayPal account is suspended. Verify at http://paypa1-secure-login.example/verify\n${payloads.join('\n')}`;
    const sender = `PayPal\u202Egnp.exe <img src=x onerror=alert('XSS-RAN sender')>`;
    const scanned = await person.post('/api/scan/text', { content, sender, source: 'sms' });
    expect(scanned.statusCode, scanned.body).toBe(200);
    const note = `my bank never texts ${payloads[1]} ${payloads[4]}`;
    expect((await person.post('/api/reports', { messageId: scanned.json().message.id, note })).statusCode).toBe(201);
    expect((await person.post('/api/blocked-senders', { sender })).statusCode).toBe(201);
    const support = { name: `Sam <script>alert('XSS-RAN name')</script>`, subject: `SECURITY: I clicked <a href="https://evil.example/">this</a>`, message: `I clicked the link and typed my password. ${payloads[0]} ${payloads[6]}` };
    const asked = await person.post('/api/contact-support', { ...support, email });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    const other = visitor();
    await signUp(other);
    await other.post('/api/scan/text', { content: 'someone else’s message <b>not yours</b>', sender: 'Their bank', source: 'sms' });

    const res = await person.get('/api/account/export?format=html&tz=Europe/London');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="baitcheck-my-data-\d{4}-\d{2}-\d{2}\.html"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe(MY_DATA_HTML_CSP);
    const html = res.body;
    // no markup of the stored text survives as markup: every '<' of it was escaped
    for (const tag of ['<script', '<img', '<svg', '<iframe', '<a ', '<link', '<base', '<!--', '<![CDATA']) expect(html.toLowerCase(), tag).not.toContain(tag.toLowerCase());

    const copy = readCopy(html);
    // a well-formed document: the parser met nothing it had to repair
    expect(copy.errors.map((e) => e.code)).toEqual([]);
    expect(copy.elements.map((e) => e.tagName).filter((tag) => !COPY_ELEMENTS.has(tag))).toEqual([]);
    for (const element of copy.elements) {
      for (const { name } of element.attrs) {
        expect(name, `<${element.tagName} ${name}>`).not.toMatch(/^on/i);
        expect(['href', 'src', 'srcdoc', 'action', 'formaction', 'style', 'background', 'xlink:href'], `<${element.tagName} ${name}>`).not.toContain(name.toLowerCase());
      }
    }
    // the policy first in <head>: nothing loads or runs, and the one style is named by its hash
    const head = copy.elements.find((e) => e.tagName === 'head')!;
    const firstInHead = head.childNodes.find((n): n is HtmlElement => 'tagName' in n)!;
    expect(firstInHead.tagName).toBe('meta');
    expect(copy.attr(firstInHead, 'http-equiv')).toBe('Content-Security-Policy');
    const styles = copy.elements.filter((e) => e.tagName === 'style');
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(copy.text(styles[0]!)).digest('base64');
    expect(copy.attr(firstInHead, 'content')).toBe(`default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'`);
    expect(copy.elements.filter((e) => e.tagName === 'meta').map((m) => copy.attr(m, 'charset') ?? copy.attr(m, 'name') ?? copy.attr(m, 'http-equiv'))).toEqual(['Content-Security-Policy', 'utf-8', 'viewport', 'format-detection', 'referrer', 'robots']);
    expect(copy.attr(copy.elements[0]!, 'lang')).toBe('en');

    // and every stored text reads as it was stored, hidden direction characters shown
    const text = copy.text(copy.body);
    expect(text).toContain(revealHidden(content));
    expect(text).toContain(`invoice${HIDDEN_MARK}fdp.exe`);
    expect(text).not.toContain('\u202E');
    expect(text).toContain(revealHidden(note));
    for (const part of Object.values(support)) expect(text).toContain(part);
    // senders are isolated, shown as typed (in the scan, the report and the blocked senders)
    const senders = copy.elements.filter((e) => e.tagName === 'bdi').map((e) => copy.text(e));
    // ... and in the alerts about the scan, whose words dropped the hidden character
    const within = (node: HtmlElement): HtmlElement[] => node.childNodes.filter((n): n is HtmlElement => 'tagName' in n).flatMap((e) => [e, ...within(e)]);
    const inAlerts = within(copy.byId('alerts')!).filter((e) => e.tagName === 'bdi' && copy.text(e) === revealHidden(sender)).length;
    expect(inAlerts).toBeGreaterThanOrEqual(1);
    expect(senders.filter((s) => s === revealHidden(sender)).length - inAlerts).toBe(3);
    expect(copy.text(copy.byId('alerts')!)).toContain(revealHidden(sender));
    expect(text).toContain('Times are shown in London time (Europe/London).');
    // a report says what the person said, not that the verdict missed it
    expect(copy.text(copy.byId('reports')!)).toContain('You reported this as a scam');
    expect(text).not.toContain('we missed');
    // the reasons grouped as the app groups them
    expect(copy.text(copy.byId('scans')!)).toMatch(/Strong warning signs:|Warning signs:/);
    // ... and the specification's terse ones say what they mean ("URGENT", "suspended", a link)
    expect(copy.text(copy.byId('scans')!)).toContain(`Urgency language detected${plainWordsFor('Urgency language detected')}`);
    expect(copy.text(copy.byId('scans')!)).toContain(plainWordsFor('Security threat language detected'));
    // the sections, each with its heading, and the line that says the copy is whole, last
    for (const id of ['account', 'preferences', 'scans', 'device-scans', 'reports', 'blocked-senders', 'alerts', 'sources', 'devices', 'family', 'support-requests']) {
      const section = copy.byId(id);
      expect(section?.tagName, id).toBe('section');
      expect(section!.childNodes.find((n): n is HtmlElement => 'tagName' in n)?.tagName, id).toBe('h2');
    }
    expect(copy.text(copy.byId('account')!)).toContain(email);
    expect(copy.text(copy.byId('scans')!)).toMatch(/Phishing/);
    expect(copy.text(copy.byId('scans')!)).toContain('1 scan in all.');
    expect(copy.text(copy.byId('sources')!)).toContain('You have not connected any sources.');
    const main = copy.elements.find((e) => e.tagName === 'main')!;
    const last = main.childNodes.filter((n): n is HtmlElement => 'tagName' in n).at(-1)!;
    expect(copy.attr(last, 'id')).toBe('complete');
    expect(copy.text(last)).toMatch(/^This copy is complete/);
    // nobody else's
    expect(text).not.toContain('someone else');
    expect(text).not.toContain('Their bank');
  });

  it('refuses an unknown format or time zone with 400 VALIDATION_FAILED naming the field; a newcomer’s readable copy says plainly that each part is empty', async () => {
    const person = ctx.visitor();
    for (const [query, field] of [['format=pdf', 'format'], ['format=HTML', 'format'], ['format=html&format=json', 'format'], ['format=html&tz=Mars/Olympus', 'tz']] as const) {
      const res = await person.get(`/api/account/export?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-disposition'], query).toBeUndefined();
      expect(res.json(), query).toEqual({ error: { code: 'VALIDATION_FAILED', message: 'Some of the information sent is not valid.', details: [{ field, message: expect.any(String) }] } });
    }
    expect((await person.get('/api/account/export?format=pdf')).json().error.details[0].message).toBe('Unknown format: choose json (the data file) or html (a readable copy).');
    // json stays the default, and can be asked for by name
    expect(MyDataExportSchema.parse(JSON.parse((await person.get('/api/account/export?format=json')).body)).complete).toBe(true);

    const res = await person.get('/api/account/export?format=html');
    expect(res.statusCode).toBe(200);
    const copy = readCopy(res.body);
    expect(copy.errors).toEqual([]);
    const text = copy.text(copy.body);
    expect(text).toContain('for a guest of this browser (no account)');
    expect(text).toContain('Times are shown in universal time (UTC, the same as London time in winter).');
    // switches that are on with nothing to work on say so; no 'Messages … are blocked' promise
    const preferences = copy.text(copy.byId('preferences')!);
    expect(preferences).toContain('SMS ProtectionOn, but nothing is connected: only messages you paste in are checked');
    expect(preferences).toContain('Social Media ProtectionOn, but it is not in your plan');
    expect(preferences).toContain('Push NotificationsOn, but no device is set up to get them');
    expect(preferences).toContain('1 gives the fewest alerts, 5 the most');
    expect(copy.text(copy.byId('blocked-senders')!)).toContain('Baitcheck can’t stop their messages reaching your phone');
    expect(text).not.toContain('are blocked.');
    for (const empty of ['No scans are kept.', 'You have not reported anything.', 'You have not blocked anyone.', 'No alerts.', 'You have not connected any sources.', 'No devices.', 'You are not in a family.', 'You have not sent any support requests.']) {
      expect(text).toContain(empty);
    }
    expect(copy.byId('complete')).toBeDefined();
    // asking stores nothing: no guest is made for it
    expect(person.cookie).toBeUndefined();
  });

  it("'Delete my account' needs the password, an account and no plan that still renews", async () => {
    const guest = ctx.visitor();
    await guest.post('/api/scan/text', { content: 'hello', sender: '', source: 'sms' });
    expect((await guest.post('/api/auth/delete-account', { password: 'anything at all' })).json().error.code).toBe('NOT_SIGNED_IN');

    const person = ctx.visitor();
    await signUp(person);
    const wrong = await person.post('/api/auth/delete-account', { password: 'not the password' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
    expect((await person.post('/api/auth/delete-account', {})).json().error.code).toBe('VALIDATION_FAILED');

    await upgrade(person, 'premium');
    const renewing = await person.post('/api/auth/delete-account', { password: TEST_PASSWORD });
    expect(renewing.statusCode).toBe(409);
    expect(renewing.json().error.code).toBe('PLAN_STILL_ACTIVE');
    expect((await person.get('/api/auth/me')).json().user.kind).toBe('account');
    // cancelled at the end of the period: nothing more will be charged, so the account can go
    expect((await person.post('/api/subscription/cancel', { refund: false })).statusCode).toBe(200);
    expect((await person.post('/api/auth/delete-account', { password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('deletes everything of the account in every table and signs out every browser', async () => {
    const person = ctx.visitor();
    const email = await signUp(person);
    const userId = await userIdOf(ctx.database, person);
    const scanned = await person.post('/api/scan/text', { content: SCAM, sender: '+1 555 0100', source: 'sms' });
    await person.post('/api/reports', { messageId: scanned.json().message.id, note: 'fake' });
    await person.post('/api/blocked-senders', { sender: '+1 555 0100' });
    await person.patch('/api/notification-preferences', { sensitivity: 4 });
    await person.patch('/api/protection-settings', { smsProtection: false });
    const synced = await person.post('/api/device-scans', { scans: [{ id: 'd'.repeat(32), threatLevel: 'phishing', scannedAt: new Date().toISOString() }] });
    expect(synced.statusCode, synced.body).toBeLessThan(300);
    const asked = await person.post('/api/contact-support', { name: 'Sam Lee', email, subject: 'A question', message: 'How do I block a number?' });
    expect(asked.statusCode, asked.body).toBeLessThan(300);
    // a second browser signed in to the same account
    const phone = ctx.visitor();
    expect((await phone.post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const bystander = ctx.visitor();
    await bystander.post('/api/scan/text', { content: 'not theirs', sender: '', source: 'sms' });
    expect(await rowsNaming(ctx.database, userId, email)).not.toEqual([]);

    const deleted = await person.post('/api/auth/delete-account', { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    expect(await rowsNaming(ctx.database, userId, email)).toEqual([]);
    // the other browser's session is gone, cached or not: it goes on as a new guest, and what it
    // stores is its own (it was answered 500 while its cached session named the deleted user)
    expect((await phone.get('/api/auth/me')).json().user.kind).toBe('guest');
    const after = await phone.post('/api/scan/text', { content: 'hello again', sender: '', source: 'sms' });
    expect(after.statusCode, after.body).toBe(200);
    expect((await phone.get('/api/auth/me')).json().user.kind).toBe('guest');
    expect((await person.get('/api/auth/me')).json().user.kind).toBe('guest');
    expect((await ctx.visitor().post('/api/auth/sign-in', { email, password: TEST_PASSWORD })).statusCode).toBe(401);
    // nobody else lost anything
    expect((await bystander.get('/api/messages')).json()).toHaveLength(1);
    // and the email can make a new account
    expect((await ctx.visitor().post('/api/auth/sign-up', { email, password: TEST_PASSWORD })).statusCode).toBe(201);
  });
});
