import { PluginMessageListSchema } from '@baitcheck/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { pluginMessages } from '../../db/schema.ts';
import { userIdOf } from '../../test/fixtures.ts';
import { describeWithDatabases, makeVisitor, type Visitor } from '../../test/harness.ts';
import { signUp } from '../../test/plans.ts';
import { slackHeaders as signedSlackHeaders } from '../../test/source-signatures.ts';
import { startSlackPeer, type SlackPeer } from '../../test/slack-peer.ts';

/**
 * Slack's Events API fed what a signed request may carry but PostgreSQL refuses: a NUL in the
 * text or an id, a lone surrogate, a `ts` far longer than an index row. Each was a 500 (the event
 * id already claimed, so Slack's retry was dropped too); now such a field is cleaned or the event
 * ignored, answered 200, and the next message is kept as usual.
 */
const SIGNING_SECRET = 'slack-attack-signing-secret';
const ORIGIN = 'https://baitcheck.test';
const EVENTS = '/api/plugins/slack/events';
const WORKSPACE = { id: 'T0CORP', name: 'Corp', botToken: 'xoxb-corp-server-bot', channels: { C0GENERAL: 'general' } };
const BASE = { cookieSecure: 'auto' as const, trustProxy: false, webDistDir: '/nonexistent-web-dist', scanLimitPerDay: 0, rateLimits: false, publicOrigins: [ORIGIN] };

const slackHeaders = (body: string) => signedSlackHeaders(SIGNING_SECRET, body);

let events = 0;
const messageEvent = (text: string, event: Record<string, unknown> = {}, body: Record<string, unknown> = {}) => ({
  type: 'event_callback',
  team_id: WORKSPACE.id,
  event_id: `EvAttack${++events}`,
  event: { type: 'message', channel: 'C0GENERAL', user: 'U0SENDER', text, ts: `1700000000.${String(events).padStart(6, '0')}`, ...event },
  ...body,
});

describeWithDatabases('the Slack events endpoint under attack', (ctx) => {
  let peer: SlackPeer;
  let app: FastifyInstance;
  beforeAll(async () => {
    peer = await startSlackPeer({ clientId: 'client-1', clientSecret: 'secret-1', workspaces: [WORKSPACE], codes: {}, users: { U0SENDER: 'Dana' } });
    app = await buildApp({
      config: { ...BASE, plugins: { slack: { signingSecret: SIGNING_SECRET, apiUrl: peer.apiUrl, oauth: null, botToken: WORKSPACE.botToken } } },
      database: ctx.database,
      logger: false,
    });
  });
  afterAll(async () => {
    await app?.close();
    await peer?.close();
  });

  const send = (payload: unknown) => {
    const raw = JSON.stringify(payload);
    return app.inject({ method: 'POST', url: EVENTS, headers: slackHeaders(raw), payload: raw });
  };

  const watcher = async (): Promise<Visitor> => {
    const person = makeVisitor(app);
    await signUp(person);
    const configured = await person.post('/api/plugins/slack/configure', { manualMode: true, workspaceName: 'Corp', channelName: 'general' });
    expect(configured.statusCode).toBe(200);
    // manual mode reads the channel once the person posts the code shown there
    expect((await send(messageEvent(configured.json().plugins.slack.status.confirmation.code as string))).statusCode).toBe(200);
    expect((await person.get('/api/plugins')).json().slack.status).toMatchObject({ connected: true, enabled: true });
    return person;
  };

  it('keeps a message whose text holds a NUL or a lone surrogate, cleaned, instead of answering 500', async () => {
    const person = await watcher();
    const nul = await send(messageEvent('Verify your account \u0000 at http://corp-sso-verify.example now'));
    expect(nul.statusCode, nul.body).toBe(200);
    const lone = await send(messageEvent('half an emoji \ud83d here'));
    expect(lone.statusCode, lone.body).toBe(200);
    const listed = PluginMessageListSchema.parse((await person.get('/api/plugins/slack/messages')).json()).messages;
    expect(listed.map((m) => m.content).sort()).toEqual(['Verify your account  at http://corp-sso-verify.example now', 'half an emoji \ufffd here']);
  });

  it('answers 200 and stores nothing for ids and timestamps that are not Slack-shaped (NUL, lone surrogates, a huge ts)', async () => {
    const person = await watcher();
    const odd = [
      messageEvent('nul in the user', { user: 'U\u0000X' }),
      messageEvent('lone surrogate user', { user: '\udc00' }),
      messageEvent('nul in the ts', { ts: '1700000000.\u0000' }),
      messageEvent('a huge ts', { ts: `1700000000.${'9'.repeat(20_000)}` }),
      messageEvent('nul in the event id', {}, { event_id: 'Ev\u0000' }),
      messageEvent('nul in the team', {}, { team_id: 'T0CORP\u0000' }),
    ];
    for (const payload of odd) {
      const res = await send(payload);
      expect(res.statusCode, `${JSON.stringify(payload).slice(0, 120)}: ${res.body}`).toBe(200);
    }
    // the endpoint still works, and none of the odd ones was kept with a broken id
    expect((await send(messageEvent('A normal message after them'))).statusCode).toBe(200);
    const userId = await userIdOf(ctx.database, person);
    const rows = await ctx.database.db.select().from(pluginMessages).where(eq(pluginMessages.userId, userId));
    for (const row of rows) {
      expect(row.externalId).toMatch(/^T0CORP:C0GENERAL:\d+\.\d+$/);
      expect(row.sender.id).not.toContain('\u0000');
    }
    expect(rows.map((r) => r.content)).toContain('A normal message after them');
  });
});
