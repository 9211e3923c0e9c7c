import { PluginListSchema, PluginMessageListSchema } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { pluginConnections } from '../../../db/schema.ts';
import { startDovecot, type TestImapServer } from '../../../test/dovecot.ts';
import { userIdOf } from '../../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../../test/harness.ts';
import { signedUpVisitor } from '../../../test/plans.ts';

/** A person with an account: connecting a source needs one. */
const account = signedUpVisitor;

const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false };
const IMAP = { backoff: { initialMs: 50, maxMs: 200 }, timeoutMs: 5_000 };
// one key for every app of the suite: a restarted server opens the passwords the first one sealed
const PLUGINS = { allowPrivateAddresses: true, imap: IMAP, secretKey: 'ab'.repeat(32) };

let mails = 0;
/** An email as a mail server delivers it: headers, a blank line, a body. */
function email(subject: string, body: string, from = 'Alerts <alerts@bank-secure-login.example>'): string {
  return [`From: ${from}`, 'To: ann@example.com', `Subject: ${subject}`, `Message-ID: <m${++mails}@example.com>`, `Date: ${new Date().toUTCString()}`, 'Content-Type: text/plain; charset=utf-8', '', body, ''].join('\r\n');
}

/** Waits until `check` passes (the watcher's IDLE sees new mail within a second or two). */
async function eventually<T>(check: () => Promise<T>, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

describeWithDatabases('the email plugin, with a real IMAP server', (ctx) => {
  let imap: TestImapServer;
  let app: FastifyInstance;
  let strict: FastifyInstance;
  beforeAll(async () => {
    imap = await startDovecot();
    app = await buildApp({ config: { ...BASE, plugins: PLUGINS }, database: ctx.database, logger: false });
    strict = await buildApp({ config: { ...BASE, plugins: { imap: IMAP } }, database: ctx.database, logger: false });
    await app.pluginRuntime.start();
  });
  afterAll(async () => {
    for (const a of [app, strict]) await a?.close();
    await imap?.stop();
  });

  let users = 0;
  const credentials = (user: string, password: string) => ({ emailAddress: `${user}@example.com`, host: '127.0.0.1', port: imap.port, secure: false, username: user, password });
  const newInbox = async () => {
    const user = `ann${++users}`;
    const password = `app-password-${users}`;
    await imap.addUser(user, password);
    return { user, password };
  };
  const connect = async (person: Visitor, user: string, password: string) => {
    const res = await person.post('/api/plugins/email/auth', credentials(user, password));
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const history = async (person: Visitor) => (await person.get('/api/messages')).json() as { content: string; source: string; sender: string; threatLevel: string }[];

  it('signs in with the app password, never shows it, and scans each new email once as a whole email (source email)', async () => {
    const { user, password } = await newInbox();
    await imap.deliver(user, email('Old mail', 'Already in the inbox before connecting: not scanned.'));
    const person = await account(app);
    const res = await connect(person, user, password);
    expect(res.json().plugins.email).toMatchObject({ status: { connected: true, enabled: true }, configuration: { emailAddress: `${user}@example.com`, host: '127.0.0.1', port: imap.port, secure: false, username: user } });
    expect(res.body).not.toContain(password);
    const userId = await userIdOf(ctx.database, person);
    const [row] = await ctx.database.db.select().from(pluginConnections).where(eq(pluginConnections.userId, userId));
    expect(row!.secret).not.toContain(password);

    await imap.deliver(user, email('Your account is suspended', 'We detected unusual activity. Verify your identity within 24 hours at http://bank-secure-login.example/verify or your account will be closed.'));
    const [entry] = await eventually(async () => {
      const h = await history(person);
      expect(h).toHaveLength(1);
      return h;
    });
    expect(entry).toMatchObject({ source: 'email', sender: '"Alerts" <alerts@bank-secure-login.example>' });
    expect(entry!.content).toContain('unusual activity');
    expect(entry!.threatLevel).not.toBe('safe');
    // the plugin's own list says 'scanned' once the scan has answered (the history entry is kept
    // a moment before: its alert is raised in between)
    await eventually(async () => {
      const listed = PluginMessageListSchema.parse((await person.get('/api/plugins/email/messages')).json()).messages;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ status: 'scanned', sender: { handle: 'alerts@bank-secure-login.example' }, metadata: { subject: 'Your account is suspended' } });
    });
  });

  it('says plainly when the password is wrong or the server cannot be reached, and stores nothing', async () => {
    const { user } = await newInbox();
    const person = await account(app);
    const wrong = await person.post('/api/plugins/email/auth', credentials(user, 'not-the-password'));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error).toMatchObject({ code: 'PLUGIN_AUTH_FAILED' });
    expect(wrong.json().error.message).not.toContain('not-the-password');
    const closed = await person.post('/api/plugins/email/auth', { ...credentials(user, 'x'), port: 1 });
    expect(closed.statusCode).toBe(422);
    expect(PluginListSchema.parse((await person.get('/api/plugins')).json()).email!.status.connected).toBe(false);
    const missing = await person.post('/api/plugins/email/auth', { host: '', username: '', password: '' });
    expect(missing.statusCode).toBe(400);
  });

  it("refuses an inbox on the server's own network unless the server allows it", async () => {
    const { user, password } = await newInbox();
    const res = await (await account(strict)).post('/api/plugins/email/auth', credentials(user, password));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('PLUGIN_AUTH_FAILED');
  });

  it('goes on after a dropped connection without losing or repeating mail, and after a restart from where it was', async () => {
    const { user, password } = await newInbox();
    const person = await account(app);
    await connect(person, user, password);
    await imap.deliver(user, email('One', 'First message, nothing unusual.'));
    await eventually(async () => expect(await history(person)).toHaveLength(1));
    await imap.dropConnections();
    await imap.deliver(user, email('Two', 'Delivered while the connection was down.'));
    await eventually(async () => expect(await history(person)).toHaveLength(2));
    // a restart: this app stops, another starts from the stored position
    await app.close();
    await imap.deliver(user, email('Three', 'Delivered while the server was stopped.'));
    app = await buildApp({ config: { ...BASE, plugins: PLUGINS }, database: ctx.database, logger: false });
    await app.pluginRuntime.start();
    const after = makeVisitor(app);
    after.cookie = person.cookie;
    await imap.deliver(user, email('Four', 'Delivered after the restart.'));
    const h = await eventually(async () => {
      const all = await history(after);
      expect(all).toHaveLength(4);
      return all;
    });
    // a whole email is kept as its subject and body
    expect(h.map((m) => m.content.replace(/\s+/g, ' ').trim()).sort()).toEqual([
      'Four Delivered after the restart.',
      'One First message, nothing unusual.',
      'Three Delivered while the server was stopped.',
      'Two Delivered while the connection was down.',
    ]);
  });

  it('stops reading the inbox while Email Protection is off, and turns the plugin off when the password is changed', async () => {
    const { user, password } = await newInbox();
    const person = await account(app);
    await connect(person, user, password);
    await person.patch('/api/protection-settings', { emailProtection: false });
    await imap.deliver(user, email('Off', 'Arrives while protection is off.'));
    await new Promise((r) => setTimeout(r, 1_500));
    await person.patch('/api/protection-settings', { emailProtection: true });
    // the watcher starts again from the inbox's end: what came while protection was off is not read
    const userId = await userIdOf(ctx.database, person);
    await eventually(async () => {
      const [row] = await ctx.database.db.select().from(pluginConnections).where(eq(pluginConnections.userId, userId));
      expect(row!.state.resumeAtEnd).toBeUndefined();
    });
    await imap.deliver(user, email('On', 'Arrives once protection is on again.'));
    await eventually(async () => expect((await history(person)).map((m) => m.content.replace(/\s+/g, ' ').trim())).toEqual(['On Arrives once protection is on again.']));
    // the person changed the app password at their provider: the next connection is refused
    await imap.addUser(user, 'a-new-password');
    await imap.dropConnections();
    const email_ = await eventually(async () => {
      const plugin = PluginListSchema.parse((await person.get('/api/plugins')).json()).email!;
      expect(plugin.status.connected).toBe(false);
      return plugin;
    });
    expect(email_.status).toMatchObject({ enabled: false, problem: expect.stringContaining('sign in again') });
  });
});
