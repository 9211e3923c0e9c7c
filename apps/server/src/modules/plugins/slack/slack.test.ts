import { PluginListSchema } from '@baitcheck/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app.ts';
import { describeWithDatabases, type Visitor } from '../../../test/harness.ts';
import { signedUpVisitor } from '../../../test/plans.ts';
import { startSlackPeer, type SlackPeer } from '../../../test/slack-peer.ts';
import { slackHeaders as signedSlackHeaders } from '../../../test/source-signatures.ts';

/** A person with an account: connecting a source needs one. */
const account = signedUpVisitor;

const SIGNING_SECRET = 'slack-signing-secret-for-tests';
const ORIGIN = 'https://baitcheck.test';
const EVENTS = '/api/plugins/slack/events';
const ACME = { id: 'T0ACME', name: 'Acme', botToken: 'xoxb-acme-installed', channels: { C0GENERAL: 'general', C0RANDOM: 'random' } };
const GLOBEX = { id: 'T0GLOBEX', name: 'Globex', botToken: 'xoxb-globex-server-bot', channels: { C1ALERTS: 'alerts' } };
const PHISH = 'Your Microsoft 365 password expires today. Keep it now at http://m365-password-keep.example/login or your mailbox will be closed.';
const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false, publicOrigins: [ORIGIN] };

const slackHeaders = (body: string, at?: number, secret = SIGNING_SECRET) => signedSlackHeaders(secret, body, at);

let events = 0;
const messageEvent = (team: string, channel: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: 'event_callback',
  team_id: team,
  event_id: `Ev${++events}`,
  event: { type: 'message', channel, user: 'U0SENDER', text, ts: `1700000000.${String(events).padStart(6, '0')}`, ...extra },
});

describeWithDatabases('the Slack plugin', (ctx) => {
  let peer: SlackPeer;
  let app: FastifyInstance;
  let manual: FastifyInstance;
  let bare: FastifyInstance;
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  beforeAll(async () => {
    peer = await startSlackPeer({ clientId: 'client-1', clientSecret: 'secret-1', workspaces: [ACME, GLOBEX], codes: { 'good-code': ACME.id }, users: { U0SENDER: 'Dana Scully' } });
    peer.expectRedirectUri(`${ORIGIN}/api/plugins/slack/oauth/callback`);
    const slack = { signingSecret: SIGNING_SECRET, apiUrl: peer.apiUrl };
    app = await buildApp({ config: { ...BASE, plugins: { slack: { ...slack, oauth: { clientId: 'client-1', clientSecret: 'secret-1' }, botToken: undefined } } }, database: ctx.database, logger: false, clock: now });
    manual = await buildApp({ config: { ...BASE, plugins: { slack: { ...slack, oauth: null, botToken: GLOBEX.botToken } } }, database: ctx.database, logger: false, clock: now });
    bare = await buildApp({ config: BASE, database: ctx.database, logger: false, clock: now });
  });
  afterAll(async () => {
    for (const a of [app, manual, bare]) await a?.close();
    await peer?.close();
  });

  const send = (on: FastifyInstance, payload: unknown, headers: Record<string, string> = slackHeaders(JSON.stringify(payload))) => on.inject({ method: 'POST', url: EVENTS, headers, payload: JSON.stringify(payload) });
  const history = async (person: Visitor) => (await person.get('/api/messages')).json() as { content: string; source: string; threatLevel: string }[];

  /** A person who installed Baitcheck in Acme through Slack's OAuth, watching #general. */
  const installed = async () => {
    const person = await account(app);
    const auth = await person.post('/api/plugins/slack/auth', {});
    expect(auth.statusCode).toBe(200);
    const url = new URL(auth.json().plugins.slack.status.authUrl as string);
    expect(url.origin + url.pathname).toBe('https://slack.com/oauth/v2/authorize');
    expect(url.searchParams.get('client_id')).toBe('client-1');
    expect(url.searchParams.get('redirect_uri')).toBe(`${ORIGIN}/api/plugins/slack/oauth/callback`);
    const back = await person.get(`/api/plugins/slack/oauth/callback?code=good-code&state=${encodeURIComponent(url.searchParams.get('state')!)}`);
    expect(back.statusCode).toBe(302);
    expect(back.headers.location).toBe('/settings?tab=plugins&slack=connected');
    await person.post('/api/plugins/slack/configure', { channelName: '#general' });
    return { person, state: url.searchParams.get('state')! };
  };

  describe('the Events API endpoint', () => {
    it("answers Slack's URL verification, and refuses unsigned, forged and five-minute-old requests with 403", async () => {
      const challenge = { type: 'url_verification', token: 'x', challenge: 'c-12345' };
      const ok = await send(app, challenge);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ challenge: 'c-12345' });
      const body = JSON.stringify(challenge);
      for (const headers of [
        { 'content-type': 'application/json' },
        slackHeaders(body, undefined, 'another-secret'),
        slackHeaders(body, Math.floor(Date.now() / 1000) - 6 * 60),
        { ...slackHeaders(body), 'x-slack-signature': 'v0=00' },
      ]) {
        const res = await send(app, challenge, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().error.code).toBe('SOURCE_SIGNATURE_INVALID');
      }
      // a body changed after signing
      const tampered = await app.inject({ method: 'POST', url: EVENTS, headers: slackHeaders(body), payload: body.replace('c-12345', 'c-99999') });
      expect(tampered.statusCode).toBe(403);
      expect((await send(bare, challenge)).json().error.code).toBe('PLUGIN_UNAVAILABLE');
    });
  });

  describe('installed through OAuth', () => {
    it('connects the person whose browser started the install, with the workspace named', async () => {
      const { person } = await installed();
      const { slack } = PluginListSchema.parse((await person.get('/api/plugins')).json());
      expect(slack).toMatchObject({ status: { connected: true, enabled: true, requiresAuth: true }, configuration: { workspaceName: 'Acme', channelName: 'general', manualMode: false } });
      expect(slack!.status.authUrl).toBeUndefined();
      expect(JSON.stringify(slack)).not.toContain(ACME.botToken);
    });

    it('refuses an install returning to another session, a stale or made-up state, and says when the person declined', async () => {
      const person = await account(app);
      const state = new URL((await person.post('/api/plugins/slack/auth', {})).json().plugins.slack.status.authUrl as string).searchParams.get('state')!;
      const other = await account(app);
      await other.post('/api/plugins/slack/disable');
      const stolen = await other.get(`/api/plugins/slack/oauth/callback?code=good-code&state=${encodeURIComponent(state)}`);
      expect(stolen.headers.location).toBe('/settings?tab=plugins&slack=failed');
      expect((await person.get('/api/plugins/slack/oauth/callback?code=good-code&state=v1.made.up.state')).headers.location).toBe('/settings?tab=plugins&slack=failed');
      expect((await person.get('/api/plugins/slack/oauth/callback?error=access_denied&state=x')).headers.location).toBe('/settings?tab=plugins&slack=declined');
      expect((await person.get(`/api/plugins/slack/oauth/callback?code=bad-code&state=${encodeURIComponent(state)}`)).headers.location).toBe('/settings?tab=plugins&slack=failed');
      ahead += 16 * 60_000;
      try {
        expect((await person.get(`/api/plugins/slack/oauth/callback?code=good-code&state=${encodeURIComponent(state)}`)).headers.location).toBe('/settings?tab=plugins&slack=expired');
      } finally {
        ahead -= 16 * 60_000;
      }
      for (const p of [person, other]) expect(PluginListSchema.parse((await p.get('/api/plugins')).json()).slack!.status.connected).toBe(false);
    });

    it('scans messages of the watched channel as source slack, not of other channels, edits or bots', async () => {
      const { person } = await installed();
      await send(app, messageEvent(ACME.id, 'C0GENERAL', 'Lunch at noon in the big room?'));
      await send(app, messageEvent(ACME.id, 'C0RANDOM', 'Not watched: another channel'));
      await send(app, messageEvent(ACME.id, 'C0GENERAL', 'an edit', { subtype: 'message_changed' }));
      await send(app, messageEvent(ACME.id, 'C0GENERAL', 'from a bot', { bot_id: 'B1' }));
      await send(app, messageEvent(GLOBEX.id, 'C0GENERAL', 'Another workspace'));
      await app.pluginRuntime.tick();
      // the sender is the member's display name (the History shows it; the engine reads it)
      expect(await history(person)).toEqual([expect.objectContaining({ content: 'Lunch at noon in the big room?', source: 'slack', sender: 'Dana Scully' })]);
      const [listed] = (await person.get('/api/plugins/slack/messages')).json().messages;
      expect(listed.sender).toEqual({ id: 'U0SENDER', name: 'Dana Scully', handle: 'U0SENDER' });
    });

    it('replies in the thread of a phishing message once, without its link, however often Slack retries and however many people watch', async () => {
      const first = await installed();
      const second = await installed();
      const before = peer.calls.filter((c) => c.method === 'chat.postMessage').length;
      const event = messageEvent(ACME.id, 'C0GENERAL', PHISH);
      expect((await send(app, event)).statusCode).toBe(200);
      expect((await send(app, event)).statusCode).toBe(200);
      await app.pluginRuntime.tick();
      for (const person of [first.person, second.person]) {
        const [entry] = (await history(person)).filter((m) => m.content === PHISH);
        expect(entry).toMatchObject({ source: 'slack', threatLevel: 'phishing' });
      }
      const replies = peer.calls.filter((c) => c.method === 'chat.postMessage').slice(before);
      expect(replies).toHaveLength(1);
      expect(replies[0]).toMatchObject({ token: ACME.botToken, fields: { channel: 'C0GENERAL', thread_ts: event.event.ts } });
      expect(replies[0]!.fields.text).toContain('looks like phishing');
      expect(replies[0]!.fields.text).not.toContain('m365-password-keep.example');
    });
  });

  describe('manual mode, through the server’s own bot', () => {
    it('reads the channel once the person posts their code there, and nothing once disabled', async () => {
      const person = await account(manual);
      const res = await person.post('/api/plugins/slack/configure', { manualMode: true, workspaceName: 'globex', channelName: '#Alerts' });
      const status = res.json().plugins.slack.status;
      expect(status).toMatchObject({ connected: false, available: true, requiresAuth: false, confirmation: { sendTo: '#Alerts', code: expect.stringMatching(/^Baitcheck \d{6}$/) } });
      // before the code: nothing of the channel is read
      await send(manual, messageEvent(GLOBEX.id, 'C1ALERTS', 'Before the code'));
      // the code inside a longer message confirms nothing; alone, it does (and is not scanned)
      await send(manual, messageEvent(GLOBEX.id, 'C1ALERTS', `my code is ${status.confirmation.code} ok?`));
      expect((await person.get('/api/plugins')).json().slack.status.connected).toBe(false);
      await send(manual, messageEvent(GLOBEX.id, 'C1ALERTS', status.confirmation.code));
      expect((await person.get('/api/plugins')).json().slack.status).toMatchObject({ connected: true, enabled: true });
      await send(manual, messageEvent(GLOBEX.id, 'C1ALERTS', 'Server maintenance tonight at 10 pm'));
      await manual.pluginRuntime.tick();
      expect((await history(person)).map((m) => m.content)).toEqual(['Server maintenance tonight at 10 pm']);
      await person.post('/api/plugins/slack/disable');
      await send(manual, messageEvent(GLOBEX.id, 'C1ALERTS', 'After disabling'));
      await manual.pluginRuntime.tick();
      expect(await history(person)).toHaveLength(1);
    });

    it("reads no channel a person merely names: another workspace's name or a channel they never posted in stays unread", async () => {
      const person = await account(manual);
      const code = (await person.post('/api/plugins/slack/configure', { manualMode: true, workspaceName: 'Globex', channelName: 'board-private' })).json().plugins.slack.status.confirmation.code as string;
      // the code posted in another channel (the only one the attacker is in) confirms nothing
      await send(manual, messageEvent(GLOBEX.id, 'C1ALERTS', code));
      expect((await person.get('/api/plugins')).json().slack.status.connected).toBe(false);
      await send(manual, messageEvent(GLOBEX.id, 'C1ALERTS', 'Board only: the acquisition closes Friday'));
      await manual.pluginRuntime.tick();
      expect(await history(person)).toHaveLength(0);
    });

    it("says manual mode cannot read anything on a server with Slack's OAuth but no bot of its own", async () => {
      const person = await account(app);
      const res = await person.post('/api/plugins/slack/configure', { manualMode: true, workspaceName: 'Acme', channelName: 'general' });
      expect(res.json().plugins.slack.status).toMatchObject({ connected: false, problem: expect.stringContaining('Add to Slack') });
    });
  });

  it('takes an install state once: the same return a second time connects nobody again', async () => {
    const { person, state } = await installed();
    await person.post('/api/plugins/slack/disconnect');
    const again = await person.get(`/api/plugins/slack/oauth/callback?code=good-code&state=${encodeURIComponent(state)}`);
    expect(again.headers.location).toBe('/settings?tab=plugins&slack=failed');
    expect((await person.get('/api/plugins')).json().slack.status.connected).toBe(false);
  });
});
