import { createHash } from 'node:crypto';
import { ENDPOINTS, MAX_CONTENT_LENGTH, type TextScanResponse } from '@baitcheck/contracts';
import { inputLinks } from '@baitcheck/detector';
import type { FastifyInstance } from 'fastify';
import { SLACK_AUTHORIZE_URL, SLACK_BOT_SCOPES, SlackError, isSlackSigned, type SlackClient } from '../../../adapters/slack/slack-client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { storableText } from '../../../lib/well-formed.ts';
import { defineRoute } from '../../../lib/route.ts';
import type { SecretBox } from '../../../lib/secret-box.ts';
import type { InboxRow, ConnectionRow, PluginsRepository } from '../plugins.repository.ts';
import { secretContext, type PluginsService } from '../plugins.service.ts';

/** How long Slack's install page may take before its return is refused. */
const INSTALL_MINUTES = 15;
/** The context Slack's OAuth state is sealed under: only this server's own state opens. */
const STATE_CONTEXT = 'slack-oauth-state';

/** What the Slack plugin runs on: the app's signing secret, its OAuth or the server's own bot (manual mode), the Web API. */
export interface SlackPluginSettings {
  signingSecret: string;
  /** Slack's OAuth app (the client id goes in the install page's address); null: manual mode only. */
  oauth: { clientId: string } | null;
  /** The server's own bot, installed in one workspace: manual mode's connections are read with it. */
  botToken: string | undefined;
  client: SlackClient;
  /** This server's public origin: Slack's install returns there. */
  publicOrigin: string | undefined;
}

/** A manual-mode code posted alone in a channel: `Baitcheck 482913` (a longer message is a message). */
const MANUAL_CODE = /^\W*baitcheck\W*(\d{6})\W*$/i;

const normalName = (name: unknown) => (typeof name === 'string' ? name.trim().replace(/^#/, '').toLowerCase() : '');

/** Slack's ids (team, channel, user, event): letters and digits. Anything else is not Slack's shape and is not kept. */
const SLACK_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** A message's `ts`: seconds and a fraction (`1700000000.000100`). */
const SLACK_TS = /^\d{1,12}\.\d{1,9}$/;
const slackId = (value: unknown): string => (typeof value === 'string' && SLACK_ID.test(value) ? value : '');


/**
 * The Slack plugin (issue 18): install through Slack's OAuth (the install page's address is the
 * plugin's `authUrl`) or manual mode (workspace and channel names, read through the server's own
 * bot); the Events API endpoint, checked with the signing secret, keeps each message of a watched
 * channel for its people, and a message found phishing gets a warning in its thread (once,
 * whoever watches it).
 */
export function createSlackPlugin(deps: {
  settings: SlackPluginSettings | null;
  box: SecretBox;
  repo: PluginsRepository;
  plugins: () => PluginsService;
  arrived: () => void;
  log: { warn(fields: Record<string, unknown>, message: string): void; info(fields: Record<string, unknown>, message: string): void };
  clock: () => Date;
}) {
  const settings = deps.settings;
  const redirectUri = settings?.publicOrigin ? `${settings.publicOrigin}${ENDPOINTS.slackOAuthCallback.path}` : null;

  /** The token a connection reads its workspace with: its own install's, or the server's bot in manual mode. */
  const tokenOf = (row: ConnectionRow): string | null => {
    if (row.secret !== null && typeof row.state.teamId === 'string') return deps.plugins().secretOf(row);
    return settings?.botToken ?? null;
  };

  /**
   * Whether a person's connection watches this channel of this workspace: an install, its
   * workspace (the channel they named, or, unnamed, every channel the app is in); manual mode, the
   * one channel they proved they are in by posting their code there.
   */
  const watches = async (row: ConnectionRow, teamId: string, channelId: string): Promise<boolean> => {
    const manual = row.state.manual as { teamId?: unknown; channelId?: unknown } | undefined;
    if (manual) return manual.teamId === teamId && manual.channelId === channelId;
    if (typeof row.state.teamId !== 'string' || row.state.teamId !== teamId) return false;
    const wanted = normalName(row.settings.channelName);
    if (wanted === '' || wanted === channelId.toLowerCase()) return true;
    const token = tokenOf(row);
    return token !== null && settings !== null && normalName(await settings.client.channelName(token, channelId)) === wanted;
  };

  /**
   * A message that is a manual-mode code alone (`Baitcheck 482913`), in the workspace of the
   * server's bot: the connections waiting for it in that channel are confirmed. True when the
   * message was such a code (it is not scanned).
   */
  const confirmCode = async (teamId: string, channelId: string, text: string): Promise<boolean> => {
    const code = MANUAL_CODE.exec(text)?.[1];
    if (!code || !settings?.botToken) return false;
    const team = await settings.client.team(settings.botToken);
    if (team.id !== teamId) return false;
    const channelName = await settings.client.channelName(settings.botToken, channelId);
    return deps.plugins().confirmSlackChannel(code, { teamId, teamName: team.name, channelId, channelName });
  };

  /** Keeps a channel message for everyone watching it. */
  const keepMessage = async (teamId: string, event: Record<string, unknown>): Promise<void> => {
    // a signed event is Slack's, but what it carries is still checked: a NUL or a huge ts would fail the insert
    const channel = slackId(event.channel);
    const ts = typeof event.ts === 'string' && SLACK_TS.test(event.ts) ? event.ts : '';
    const text = typeof event.text === 'string' ? storableText(event.text.slice(0, MAX_CONTENT_LENGTH)) : '';
    const user = slackId(event.user);
    if (!channel || !ts || text.trim() === '') return;
    try {
      if (await confirmCode(teamId, channel, text)) return;
    } catch (error) {
      deps.log.warn({ err: error, code: error instanceof SlackError ? error.code : undefined }, 'a Slack code could not be checked');
    }
    let kept = 0;
    for (const row of await deps.repo.running('slack')) {
      try {
        if (!(await watches(row, teamId, channel))) continue;
      } catch (error) {
        deps.log.warn({ err: error, code: error instanceof SlackError ? error.code : undefined }, 'a Slack channel could not be matched');
        continue;
      }
      const token = tokenOf(row);
      // a display name is the member's own text: cleaned like the message's
      const name = user && token ? storableText((await settings!.client.userName(token, user)).slice(0, 200)) : user;
      try {
        const rows = await deps.plugins().receive(row.userId, 'slack', [
          {
            externalId: `${teamId}:${channel}:${ts}`,
            content: text,
            sender: { id: user, name, handle: user },
            metadata: { team: teamId, channel, ts, workspace: typeof row.settings.workspaceName === 'string' ? row.settings.workspaceName : null },
            urls: inputLinks({ kind: 'text', content: text }).map((l) => l.url),
          },
        ]);
        kept += rows.length;
      } catch (error) {
        // one person's failure neither stops the others' copies nor makes Slack retry an event already claimed
        deps.log.warn({ err: error }, 'a Slack message could not be kept');
      }
    }
    if (kept > 0) deps.arrived();
  };

  return {
    /** Slack's install page for this person, with a sealed state naming them; null without OAuth or a public address. */
    authUrl(userId: string): string | null {
      if (!settings?.oauth || !redirectUri || userId === '') return null;
      const state = deps.box.seal(JSON.stringify({ u: userId, e: deps.clock().getTime() + INSTALL_MINUTES * 60_000 }), STATE_CONTEXT);
      const url = new URL(SLACK_AUTHORIZE_URL);
      url.searchParams.set('client_id', settings.oauth.clientId);
      url.searchParams.set('scope', SLACK_BOT_SCOPES.join(','));
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('state', state);
      return url.toString();
    },

    /** After a message is scanned: a phishing one gets a warning in its thread, once per message whoever watches it. */
    async afterScan(row: InboxRow, result: TextScanResponse): Promise<void> {
      if (row.pluginId !== 'slack' || result.analysis.threatLevel !== 'phishing' || !settings) return;
      const { channel, ts } = row.metadata;
      if (typeof channel !== 'string' || typeof ts !== 'string') return;
      const connection = await deps.repo.connection(row.userId, 'slack');
      const token = connection ? tokenOf(connection) : null;
      if (!token) return;
      if (!(await deps.repo.claimEvent('slack', `reply:${row.externalId}`))) return;
      await settings.client.replyInThread(token, channel, ts, threadWarning(result.analysis.reasons));
    },

    register(app: FastifyInstance): void {
      // Slack's events: the body is read raw (app.ts), its signature is over the bytes sent
      app.route({
        method: ENDPOINTS.slackEvents.method,
        url: ENDPOINTS.slackEvents.path,
        config: { session: false },
        handler: async (request) => {
          if (!settings) throw new AppError('PLUGIN_UNAVAILABLE', 'Slack is not set up on this server.');
          const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const timestamp = request.headers['x-slack-request-timestamp'];
          const signature = request.headers['x-slack-signature'];
          if (!isSlackSigned(settings.signingSecret, raw, typeof timestamp === 'string' ? timestamp : undefined, typeof signature === 'string' ? signature : undefined, deps.clock())) {
            throw new AppError('SOURCE_SIGNATURE_INVALID', 'This request is not signed by Slack (or is more than five minutes old), so it was refused.');
          }
          let body: Record<string, unknown>;
          try {
            const parsed: unknown = JSON.parse(raw.toString('utf8'));
            if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
            body = parsed as Record<string, unknown>;
          } catch {
            throw new AppError('INVALID_JSON');
          }
          if (body.type === 'url_verification') return { challenge: typeof body.challenge === 'string' ? body.challenge : '' };
          const event = body.event as Record<string, unknown> | undefined;
          const teamId = slackId(body.team_id);
          if (body.type !== 'event_callback' || !event || typeof event !== 'object' || teamId === '') return { ok: true as const };
          // an event id that is not Slack's shape is not recorded (a NUL would fail the insert): the event is ignored
          if (body.event_id !== undefined && slackId(body.event_id) === '') return { ok: true as const };
          // a retried event (Slack retries when an answer is slow) changes nothing
          if (typeof body.event_id === 'string' && !(await deps.repo.claimEvent('slack', `event:${body.event_id}`))) return { ok: true as const };
          // people's messages only: edits, joins and bots (our own warnings among them) are not scanned
          if (event.type === 'message' && event.subtype === undefined && event.bot_id === undefined) await keepMessage(teamId, event);
          return { ok: true as const };
        },
      });

      // Slack's install returns here in the person's browser: their session must be the one that started it
      defineRoute(app, ENDPOINTS.slackOAuthCallback, async ({ query, userId, reply }) => {
        const back = (result: string) => reply.redirect(`/settings?tab=plugins&slack=${result}`, 302);
        if (!settings?.oauth || !redirectUri) return back('failed');
        if (query.error || !query.code || !query.state) return back(query.error === 'access_denied' ? 'declined' : 'failed');
        let state: { u?: unknown; e?: unknown };
        try {
          state = JSON.parse(deps.box.open(query.state, STATE_CONTEXT)) as typeof state;
        } catch {
          return back('failed');
        }
        if (typeof state.e !== 'number' || state.e < deps.clock().getTime()) return back('expired');
        if (state.u !== userId) return back('failed');
        // a state is good for one install: one copied from a browser's history does nothing more
        const used = createHash('sha256').update(query.state).digest('base64url');
        if (!(await deps.repo.claimEvent('slack', `state:${used}`))) return back('failed');
        try {
          const installation = await settings.client.install(query.code, redirectUri);
          await deps.plugins().installSlack(userId, { teamId: installation.teamId, teamName: installation.teamName, sealedToken: deps.box.seal(installation.botToken, secretContext(userId, 'slack')) });
          deps.log.info({ team: installation.teamId }, 'Slack was installed for a person');
          return back('connected');
        } catch (error) {
          deps.log.warn({ err: error, code: error instanceof SlackError ? error.code : undefined }, 'a Slack install failed');
          return back('failed');
        }
      });
    },
  };
}

/** The warning posted in a phishing message's thread: what was found and what to do, never the message's links. */
export function threadWarning(reasons: readonly string[]): string {
  const listed = reasons
    .slice(0, 3)
    .map((r) => `• ${r.replace(/https?:\/\/\S+/gi, '[link]')}`)
    .join('\n');
  return [':warning: *Baitcheck: this message looks like phishing.* Do not open its links, reply, or share codes or passwords.', listed].filter(Boolean).join('\n');
}
