import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText } from './read-body.ts';

/** One Web API call the peer received: the method (`chat.postMessage`), the bearer token, the fields. */
export interface SlackCall {
  method: string;
  token: string | undefined;
  fields: Record<string, string>;
}

/** A workspace the peer knows: its id, name, bot token and channels (id → name). */
export interface PeerWorkspace {
  id: string;
  name: string;
  botToken: string;
  channels: Record<string, string>;
}

/**
 * A local HTTP peer answering the Slack Web API calls the Slack plugin makes, in Slack's shapes
 * (form or JSON bodies in, `{ ok, ... }` out, errors as `{ ok: false, error }`): the OAuth
 * exchange (one good code per workspace), `team.info`, `conversations.info`, `chat.postMessage`.
 * It checks what Slack checks: the bearer token, the client's id and secret, the redirect URI.
 */
export async function startSlackPeer(options: { clientId: string; clientSecret: string; workspaces: PeerWorkspace[]; codes: Record<string, string>; users?: Record<string, string> }) {
  const calls: SlackCall[] = [];
  const workspaceOf = (token: string | undefined) => options.workspaces.find((w) => w.botToken === token);
  let redirectUri: string | undefined;
  const answer = (method: string, token: string | undefined, fields: Record<string, string>): Record<string, unknown> => {
    switch (method) {
      case 'oauth.v2.access': {
        if (fields.client_id !== options.clientId || fields.client_secret !== options.clientSecret) return { ok: false, error: 'invalid_client_id' };
        const workspace = options.workspaces.find((w) => w.id === options.codes[fields.code ?? '']);
        if (!workspace) return { ok: false, error: 'invalid_code' };
        if (redirectUri !== undefined && fields.redirect_uri !== redirectUri) return { ok: false, error: 'bad_redirect_uri' };
        return { ok: true, access_token: workspace.botToken, token_type: 'bot', team: { id: workspace.id, name: workspace.name } };
      }
      case 'team.info': {
        const workspace = workspaceOf(token);
        return workspace ? { ok: true, team: { id: workspace.id, name: workspace.name } } : { ok: false, error: 'invalid_auth' };
      }
      case 'conversations.info': {
        const workspace = workspaceOf(token);
        if (!workspace) return { ok: false, error: 'invalid_auth' };
        const name = workspace.channels[fields.channel ?? ''];
        return name ? { ok: true, channel: { id: fields.channel, name } } : { ok: false, error: 'channel_not_found' };
      }
      case 'users.info': {
        const workspace = workspaceOf(token);
        if (!workspace) return { ok: false, error: 'invalid_auth' };
        const name = options.users?.[fields.user ?? ''];
        return name ? { ok: true, user: { id: fields.user, name: name.toLowerCase().replace(/\s+/g, '.'), real_name: name, profile: { display_name: name } } } : { ok: false, error: 'user_not_found' };
      }
      case 'chat.postMessage': {
        const workspace = workspaceOf(token);
        if (!workspace) return { ok: false, error: 'invalid_auth' };
        if (!workspace.channels[fields.channel ?? '']) return { ok: false, error: 'channel_not_found' };
        return { ok: true, channel: fields.channel, ts: `${Date.now() / 1000}` };
      }
      default:
        return { ok: false, error: 'unknown_method' };
    }
  };
  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readText(req);
      const method = (req.url ?? '').replace(/^\/api\//, '').split('?')[0]!;
      const auth = req.headers.authorization;
      const token = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
      const type = req.headers['content-type'] ?? '';
      const fields: Record<string, string> = {};
      if (type.includes('application/json')) {
        for (const [k, v] of Object.entries(JSON.parse(body || '{}') as Record<string, unknown>)) fields[k] = typeof v === 'string' ? v : JSON.stringify(v);
      } else {
        for (const [k, v] of new URLSearchParams(body)) fields[k] = v;
      }
      calls.push({ method, token, fields });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer(method, token, fields)));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** The Web API's address, as `SLACK_API_URL` takes it. */
    apiUrl: `http://127.0.0.1:${port}/api/`,
    calls,
    /** The redirect URI the OAuth exchange must name (Slack refuses another). */
    expectRedirectUri(uri: string) {
      redirectUri = uri;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The Slack peer. */
export type SlackPeer = Awaited<ReturnType<typeof startSlackPeer>>;
