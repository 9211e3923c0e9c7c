import { createHmac, timingSafeEqual } from 'node:crypto';
import { LogLevel, WebClient } from '@slack/web-api';

/** Slack's Web API, unless another address is given (tests: a local peer on 127.0.0.1). */
export const SLACK_API_URL = 'https://slack.com/api/';
/** Slack's install page for an app (OAuth v2). */
export const SLACK_AUTHORIZE_URL = 'https://slack.com/oauth/v2/authorize';
/** What Baitcheck asks of a workspace: read the channels' messages, name them, reply in threads. */
export const SLACK_BOT_SCOPES = ['channels:history', 'channels:read', 'chat:write', 'team:read', 'users:read'] as const;

/** A workspace that installed the app: its id and name, and the bot's token for it. */
export interface SlackInstallation {
  teamId: string;
  teamName: string;
  botToken: string;
}

/** The calls the Slack plugin makes, each with a token (a workspace's bot). */
export interface SlackClient {
  /** Exchanges the code of Slack's OAuth return for the workspace's installation. */
  install(code: string, redirectUri: string): Promise<SlackInstallation>;
  /** The workspace's id and name for a bot token. */
  team(token: string): Promise<{ id: string; name: string }>;
  /** A channel's name (without #). */
  channelName(token: string, channelId: string): Promise<string>;
  /** A member's display name (their profile's, else their user name), or their id when it cannot be had. */
  userName(token: string, userId: string): Promise<string>;
  /** Replies in a message's thread. */
  replyInThread(token: string, channel: string, threadTs: string, text: string): Promise<void>;
}

/** A Slack API call that failed: Slack's error code (`invalid_auth`, `channel_not_found`, ...) or the network's. */
export class SlackError extends Error {
  constructor(readonly code: string) {
    super(`Slack answered ${code}`);
    this.name = 'SlackError';
  }
}

const codeOf = (error: unknown): string => {
  const data = (error as { data?: { error?: unknown } }).data;
  if (typeof data?.error === 'string') return data.error;
  return (error as { code?: unknown }).code === undefined ? 'request_failed' : String((error as { code: unknown }).code);
};

/**
 * The Slack Web API through `@slack/web-api`, with Slack's OAuth app credentials for installs.
 * No retries (a message's reply is not worth a queue of them) and a short timeout; names are
 * cached for a while (a channel's name is asked once per busy channel, not per message).
 */
export function createSlackClient(options: { apiUrl?: string; oauth: { clientId: string; clientSecret: string } | null; timeoutMs?: number; cacheMs?: number }): SlackClient {
  const apiUrl = options.apiUrl ?? SLACK_API_URL;
  const cacheMs = options.cacheMs ?? 10 * 60_000;
  const client = (token?: string) =>
    new WebClient(token, { slackApiUrl: apiUrl, retryConfig: { retries: 0 }, timeout: options.timeoutMs ?? 5_000, logLevel: LogLevel.ERROR, rejectRateLimitedCalls: true });
  const cache = new Map<string, { value: string; until: number }>();
  const cached = async (key: string, load: () => Promise<string>): Promise<string> => {
    const hit = cache.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const value = await load();
    if (cache.size > 5_000) cache.clear();
    cache.set(key, { value, until: Date.now() + cacheMs });
    return value;
  };
  const call = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw new SlackError(codeOf(error));
    }
  };
  const tokenKey = (token: string) => createHmac('sha256', 'slack-cache').update(token).digest('base64url').slice(0, 16);

  return {
    async install(code, redirectUri) {
      if (!options.oauth) throw new SlackError('oauth_not_configured');
      const { clientId, clientSecret } = options.oauth;
      const res = await call(() => client().oauth.v2.access({ client_id: clientId, client_secret: clientSecret, code, redirect_uri: redirectUri }));
      if (!res.access_token || !res.team?.id) throw new SlackError('invalid_install');
      return { teamId: res.team.id, teamName: res.team.name ?? res.team.id, botToken: res.access_token };
    },
    async team(token) {
      const name = await cached(`team:${tokenKey(token)}`, async () => {
        const res = await call(() => client(token).team.info());
        return JSON.stringify({ id: res.team?.id ?? '', name: res.team?.name ?? '' });
      });
      return JSON.parse(name) as { id: string; name: string };
    },
    async channelName(token, channelId) {
      return cached(`channel:${tokenKey(token)}:${channelId}`, async () => {
        const res = await call(() => client(token).conversations.info({ channel: channelId }));
        return res.channel?.name ?? channelId;
      });
    },
    async userName(token, userId) {
      return cached(`user:${tokenKey(token)}:${userId}`, async () => {
        try {
          const res = await client(token).users.info({ user: userId });
          return res.user?.profile?.display_name || res.user?.real_name || res.user?.name || userId;
        } catch {
          // a name is a nicety: the message is kept under the member's id
          return userId;
        }
      });
    },
    async replyInThread(token, channel, threadTs, text) {
      await call(() => client(token).chat.postMessage({ channel, thread_ts: threadTs, text, unfurl_links: false, unfurl_media: false }));
    },
  };
}

/** How old a request's timestamp may be (Slack's advice): an older one is a replay. */
export const SLACK_MAX_AGE_SECONDS = 5 * 60;

/**
 * Whether a request to the Events API is Slack's: `v0=` HMAC-SHA256 with the app's signing
 * secret over `v0:{timestamp}:{raw body}`, with a timestamp within five minutes of `now`.
 */
export function isSlackSigned(signingSecret: string, rawBody: Buffer, timestamp: string | undefined, signature: string | undefined, now: Date): boolean {
  if (!timestamp || !signature || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > SLACK_MAX_AGE_SECONDS) return false;
  const expected = `v0=${createHmac('sha256', signingSecret).update(`v0:${timestamp}:`).update(rawBody).digest('hex')}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  return a.length === b.length && timingSafeEqual(a, b);
}
