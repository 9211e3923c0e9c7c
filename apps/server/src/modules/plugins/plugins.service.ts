import { randomInt } from 'node:crypto';
import {
  EmailCredentialsSchema,
  PLUGIN_CONFIGURATION_SCHEMAS,
  PLUGIN_IDS,
  PLANS,
  SMS_CODE_MINUTES,
  type Plugin,
  type PluginId,
  type PluginList,
  type PluginMessage,
  type PlanId,
  type ProtectionSettings,
} from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { normalisePhoneNumber } from '../../lib/phone-number.ts';
import { parseOrThrow } from '../../lib/route.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { PLUGIN_CATALOGUE } from './catalogue.ts';
import type { ArrivingMessage, ConnectionRow, ListedInboxRow, PluginsRepository } from './plugins.repository.ts';

/** Where an inbox is read: what the API shows of it (never the password). */
export interface InboxSettings {
  emailAddress: string;
  host: string;
  port: number;
  secure: boolean;
  username: string;
}

/** The inbox's position: messages after `lastUid` in this `uidValidity` are new. */
export interface InboxPosition {
  uidValidity: string;
  lastUid: number;
}

/** Signs in to an inbox (IMAP), or throws a sentence a person can act on (`code` says which problem). */
export type VerifyInbox = (settings: InboxSettings & { password: string }) => Promise<InboxPosition>;

/** An SMS plugin waiting for its code: the number it will be, the code to text from it, until when. */
interface PendingNumber {
  number: string;
  code: string;
  expiresAt: string;
}

/** Who reads the plugin service's news: the watchers and the feed start or stop as plugins change. */
export interface PluginListener {
  (userId: string, pluginId: PluginId): void;
}

/** What the plugin service stands on. */
export interface PluginsServiceDeps {
  repo: PluginsRepository;
  box: SecretBox;
  plans: { effectivePlan(userId: string): Promise<PlanId> };
  protection: { get(userId: string): Promise<ProtectionSettings> };
  /** The server's outside services: which plugins can run here. */
  services: {
    /** The Twilio number people forward texts to; null: the SMS plugin is unavailable. */
    smsNumber: string | null;
    /** Slack's events are checked (signing secret) and people can connect: through OAuth, or manually through the server's own bot. */
    slack: { oauth: boolean; manual: boolean } | null;
  };
  /** Signs in to an inbox; the email plugin's auth. */
  verifyInbox: VerifyInbox;
  /** Slack's install page for this person (a signed state inside); null without OAuth. */
  slackAuthUrl?: (userId: string) => string | null;
  /** Told after every change of a person's plugin. */
  onChange?: PluginListener;
  /** Told when a connected plugin is disconnected, or stopped by a problem (a Security Update for the person). */
  securityEvent?: (userId: string, pluginId: PluginId, event: 'plugin_disconnected' | 'plugin_stopped', detail?: string) => Promise<void>;
  clock?: () => Date;
}

/** The context a plugin's secret is sealed under: it opens only in that person's row of that plugin. */
export const secretContext = (userId: string, pluginId: PluginId) => `plugin:${pluginId}:user:${userId}`;

/** How the protection switches name themselves (Settings, Protection). */
const PROTECTION_LABELS: Readonly<Record<keyof ProtectionSettings, string>> = {
  smsProtection: 'SMS Protection',
  emailProtection: 'Email Protection',
  socialMediaProtection: 'Social Media Protection',
  onDeviceScanning: 'On-Device Scanning',
};
const ALL_ON: ProtectionSettings = { smsProtection: true, emailProtection: true, socialMediaProtection: true, onDeviceScanning: true };

/** Why a guest cannot connect a source. */
export const ACCOUNT_FIRST = 'Create an account or sign in first: a connected source goes on being checked, so it needs an account you can always come back to, to change or stop it.';

const isPluginId = (id: string): id is PluginId => (PLUGIN_IDS as readonly string[]).includes(id);

/** The plugin named by a path, or 404 PLUGIN_NOT_FOUND. */
export function requirePluginId(id: string): PluginId {
  if (!isPluginId(id)) throw new AppError('PLUGIN_NOT_FOUND');
  return id;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** A code of six digits a person texts from their phone, e.g. `Baitcheck 482913`. */
function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Whether a Slack configuration names a channel in manual mode (spec section 5: both names); it is connected once the code is posted there. */
function slackManualNames(settings: Record<string, unknown>): boolean {
  return settings.manualMode === true && text(settings.workspaceName).trim() !== '' && text(settings.channelName).trim() !== '';
}

/** A code waiting to be sent (SMS: texted from the phone; Slack: posted in the channel), until when. */
interface PendingCode {
  code: string;
  expiresAt: string;
}

/** The most messages one plugin keeps waiting to be scanned: past it, what arrives is listed unread (a flood of spam cannot fill the database). */
export const MAX_WAITING_PER_PLUGIN = 200;

/**
 * The source plugins (spec sections 2, 3, 7): each person's four plugins, their settings and
 * secrets, and the messages they received. What arrives is kept first (`receive`) and scanned by
 * the inbox worker, so nothing is lost between the two.
 */
export function createPluginsService(deps: PluginsServiceDeps) {
  const { repo } = deps;
  const clock = deps.clock ?? (() => new Date());
  const changed = (userId: string, pluginId: PluginId) => deps.onChange?.(userId, pluginId);

  /** Why a plugin cannot run for this person, or null when it can. */
  const unavailableReason = (pluginId: PluginId, plan: PlanId): string | null => {
    switch (pluginId) {
      case 'sms':
        return deps.services.smsNumber ? null : 'Checking texts is not set up on this server: it needs a Twilio phone number, which the server’s administrator sets.';
      case 'slack':
        return deps.services.slack ? null : 'Slack is not set up on this server: it needs a Slack app, which the server’s administrator sets.';
      case 'social-media':
        return PLANS[plan].id === 'basic' ? 'Social media protection is part of the Premium and Family plans.' : null;
      case 'email':
        return null;
    }
  };

  const describe = (pluginId: PluginId, row: ConnectionRow | undefined, plan: PlanId, waiting: number, userId: string, account: boolean, protection: ProtectionSettings): Plugin => {
    const entry = PLUGIN_CATALOGUE[pluginId];
    const reason = unavailableReason(pluginId, plan);
    const settings = row?.settings ?? {};
    const configuration: Plugin['configuration'] = {};
    for (const field of entry.fields) {
      const value = settings[field];
      if (value !== undefined) configuration[field] = value;
    }
    if (pluginId === 'sms' && deps.services.smsNumber) configuration.forwardTo = deps.services.smsNumber;
    const pending = pluginId === 'sms' ? pendingNumberOf(row) : pluginId === 'slack' ? pendingCodeOf(row) : null;
    const sendTo = pluginId === 'sms' ? deps.services.smsNumber : `#${text(settings.channelName)}`;
    const status: Plugin['status'] = {
      connected: row?.connected ?? false,
      enabled: row?.enabled ?? false,
      available: reason === null,
      requiresAuth: pluginId === 'slack' ? Boolean(deps.services.slack?.oauth) : entry.requiresAuth,
      ...(reason !== null ? { unavailableReason: reason } : {}),
      ...(row?.problem ? { problem: row.problem } : paused(pluginId, row, protection)),
      ...(pluginId === 'social-media' ? { simulated: true } : {}),
      ...(pending && sendTo ? { confirmation: { code: `Baitcheck ${pending.code}`, sendTo, expiresAt: pending.expiresAt } } : {}),
    };
    if (pluginId === 'slack' && reason === null && account && deps.services.slack?.oauth && !row?.connected) {
      const url = deps.slackAuthUrl?.(userId);
      if (url) status.authUrl = url;
    }
    return {
      id: pluginId,
      name: entry.name,
      type: entry.type,
      description: entry.description,
      icon: entry.icon,
      status,
      configuration,
      activity: { lastMessageAt: row?.lastMessageAt?.toISOString() ?? null, scanned: row?.scannedCount ?? 0, waiting },
    };
  };

  /** A plugin on whose channel's protection switch is off checks nothing: said so, not shown as working. */
  const paused = (pluginId: PluginId, row: ConnectionRow | undefined, protection: ProtectionSettings): { problem?: string } => {
    const key = PLUGIN_CATALOGUE[pluginId].protection;
    if (!key || !row?.connected || !row.enabled || protection[key]) return {};
    return { problem: `Paused: ${PROTECTION_LABELS[key]} is off in Settings, Protection. Nothing that arrives is checked or kept while it is off.` };
  };

  const pendingCodeOf = (row: ConnectionRow | undefined): PendingCode | null => {
    const pending = row?.state.pending as PendingCode | undefined;
    if (!pending || typeof pending.code !== 'string' || typeof pending.expiresAt !== 'string') return null;
    return new Date(pending.expiresAt).getTime() > clock().getTime() ? pending : null;
  };
  const pendingNumberOf = (row: ConnectionRow | undefined): PendingNumber | null => {
    const pending = pendingCodeOf(row) as PendingNumber | null;
    return pending && typeof pending.number === 'string' ? pending : null;
  };

  const list = async (userId: string): Promise<PluginList> => {
    if (userId === '') {
      const none: PluginList = {};
      for (const id of PLUGIN_IDS) none[id] = describe(id, undefined, 'basic', 0, userId, false, ALL_ON);
      return none;
    }
    const [rows, plan, waiting, account, protection] = await Promise.all([
      repo.connectionsOf(userId),
      deps.plans.effectivePlan(userId),
      repo.waitingCounts(userId),
      repo.isAccount(userId),
      deps.protection.get(userId),
    ]);
    const byId = new Map(rows.map((r) => [r.pluginId, r]));
    const plugins: PluginList = {};
    for (const id of PLUGIN_IDS) plugins[id] = describe(id, byId.get(id), plan, waiting.get(id) ?? 0, userId, account, protection);
    return plugins;
  };

  /** Connecting a source needs an account: it goes on being read, and a guest who loses their cookie could never stop it. */
  const requireAccount = async (userId: string) => {
    if (!(await repo.isAccount(userId))) throw new AppError('ACCOUNT_REQUIRED', ACCOUNT_FIRST);
  };

  /** Runs `change` and answers the person's plugins as they now are (spec: `{ success, plugins }`). */
  const thenList = async (userId: string, pluginId: PluginId, change: () => Promise<void>) => {
    await change();
    changed(userId, pluginId);
    return { success: true as const, plugins: await list(userId) };
  };

  const configureSms = async (userId: string, body: unknown) => {
    const { phoneNumber } = parseOrThrow(PLUGIN_CONFIGURATION_SCHEMAS.sms, body);
    if (phoneNumber.trim() === '') {
      await repo.save(userId, 'sms', { settings: { phoneNumber: '' }, connected: false, enabled: false, routeKey: null, state: {}, problem: null });
      return;
    }
    const number = normalisePhoneNumber(phoneNumber);
    if (number === null) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ field: 'phoneNumber', message: 'Enter your mobile number with its country code, such as +1 555 010 0199.' }]);
    }
    if (number === deps.services.smsNumber) {
      throw new AppError('VALIDATION_FAILED', undefined, [{ field: 'phoneNumber', message: 'Enter your own mobile number: this is the number you forward texts to.' }]);
    }
    // whether another account holds the number is not said here (anyone could ask about anyone's
    // number): only a text from the phone itself can confirm it, and then it says so
    await repo.update(userId, 'sms', (row) => {
      // the same confirmed number again changes nothing
      if (row.connected && row.routeKey === number) return { patch: { settings: { phoneNumber: number } }, value: undefined };
      const pending: PendingNumber = { number, code: newCode(), expiresAt: new Date(clock().getTime() + SMS_CODE_MINUTES * 60_000).toISOString() };
      return { patch: { settings: { phoneNumber: number }, connected: false, enabled: false, routeKey: null, state: { pending }, problem: null }, value: undefined };
    });
  };

  const configureEmail = async (userId: string, body: unknown) => {
    const { emailAddress } = parseOrThrow(PLUGIN_CONFIGURATION_SCHEMAS.email, body);
    await repo.update(userId, 'email', (row) => ({ patch: { settings: { ...row.settings, emailAddress } }, value: undefined }));
  };

  const configureSlack = async (userId: string, body: unknown) => {
    const fields = parseOrThrow(PLUGIN_CONFIGURATION_SCHEMAS.slack, body);
    await repo.update(userId, 'slack', (row) => {
      const settings = { ...row.settings, ...fields, ...(fields.channelName !== undefined ? { channelName: fields.channelName.trim().replace(/^#/, '') } : {}) };
      // installed through OAuth: connected whatever the names (the install proved the person's right to the workspace)
      if (row.secret !== null && typeof row.state.teamId === 'string') return { patch: { settings }, value: undefined };
      const samePlace = row.settings.workspaceName === settings.workspaceName && row.settings.channelName === settings.channelName && row.settings.manualMode === settings.manualMode;
      if (row.connected && samePlace) return { patch: { settings }, value: undefined };
      // manual mode: names anyone could type, so the channel is read only once the person posts a code there (a member of it)
      // on a server without Slack the names are kept for when it has it: there is nothing to confirm yet
      if (!deps.services.slack) return { patch: { settings, connected: false, enabled: false, state: {}, problem: null }, value: undefined };
      if (slackManualNames(settings) && !deps.services.slack.manual) {
        return { patch: { settings, connected: false, enabled: false, state: {}, problem: 'Manual mode needs the server’s own Slack bot, which this server does not have: use Add to Slack instead.' }, value: undefined };
      }
      if (slackManualNames(settings)) {
        const pending: PendingCode = { code: newCode(), expiresAt: new Date(clock().getTime() + SMS_CODE_MINUTES * 60_000).toISOString() };
        return { patch: { settings, connected: false, enabled: false, state: { pending }, problem: null }, value: undefined };
      }
      return { patch: { settings, connected: false, enabled: false, state: {}, problem: null }, value: undefined };
    });
  };

  const configureSocial = async (userId: string, body: unknown) => {
    const fields = parseOrThrow(PLUGIN_CONFIGURATION_SCHEMAS['social-media'], body);
    // connected on a plan that has it, the feed starts at once, as the other plugins do
    const paid = (await deps.plans.effectivePlan(userId)) !== 'basic';
    await repo.update(userId, 'social-media', (row) => {
      const settings = { ...row.settings, ...fields, manualMode: fields.manualMode ?? (row.settings.manualMode as boolean | undefined) ?? true };
      // the feed is simulated: naming a platform is all it takes (spec section 5)
      const connected = text(settings.platform) !== '';
      const samePlace = row.settings.platform === settings.platform && row.settings.username === settings.username;
      return {
        patch: {
          settings,
          connected,
          ...(connected ? {} : { enabled: false }),
          ...(connected && !row.connected ? { connectedAt: clock(), ...(paid ? { enabled: true } : {}) } : {}),
          // another account is another feed: it starts at its first post
          ...(samePlace ? {} : { state: {} }),
        },
        value: undefined,
      };
    });
  };

  const authEmail = async (userId: string, body: unknown) => {
    const credentials = parseOrThrow(EmailCredentialsSchema, body);
    const settings: InboxSettings = {
      emailAddress: credentials.emailAddress ?? credentials.username,
      host: credentials.host.toLowerCase(),
      port: credentials.port,
      secure: credentials.secure,
      username: credentials.username,
    };
    // the inbox is asked before anything is stored: connected means it let us in
    const position = await deps.verifyInbox({ ...settings, password: credentials.password });
    await repo.save(userId, 'email', {
      settings: { ...settings },
      secret: deps.box.seal(credentials.password, secretContext(userId, 'email')),
      connected: true,
      enabled: true,
      // from now on: what was already in the inbox is not scanned
      state: { ...position },
      problem: null,
      connectedAt: clock(),
    });
  };

  return {
    list,

    async enable(userId: string, id: string) {
      const pluginId = requirePluginId(id);
      await requireAccount(userId);
      const [row, plan] = await Promise.all([repo.connection(userId, pluginId), deps.plans.effectivePlan(userId)]);
      const reason = unavailableReason(pluginId, plan);
      if (reason !== null) throw new AppError(pluginId === 'social-media' ? 'PLUGIN_PLAN_REQUIRED' : 'PLUGIN_UNAVAILABLE', reason);
      if (!row?.connected) throw new AppError('PLUGIN_NOT_CONNECTED', notConnectedSentence(pluginId, row));
      return thenList(userId, pluginId, async () => {
        // an inbox turned back on reads what arrives from now, not what came while it was off
        await repo.save(userId, pluginId, { enabled: true, ...(pluginId === 'email' && !row.enabled ? { state: { ...row.state, resumeAtEnd: true } } : {}) });
      });
    },

    async disable(userId: string, id: string) {
      const pluginId = requirePluginId(id);
      return thenList(userId, pluginId, async () => {
        if (await repo.connection(userId, pluginId)) await repo.save(userId, pluginId, { enabled: false });
      });
    },

    async configure(userId: string, id: string, body: unknown) {
      const pluginId = requirePluginId(id);
      await requireAccount(userId);
      return thenList(userId, pluginId, async () => {
        switch (pluginId) {
          case 'sms':
            return configureSms(userId, body);
          case 'email':
            return configureEmail(userId, body);
          case 'slack':
            return configureSlack(userId, body);
          case 'social-media':
            return configureSocial(userId, body);
        }
      });
    },

    async auth(userId: string, id: string, body: unknown) {
      const pluginId = requirePluginId(id);
      await requireAccount(userId);
      if (pluginId === 'email') return thenList(userId, pluginId, () => authEmail(userId, body));
      if (pluginId === 'slack' && deps.services.slack?.oauth) {
        // Slack's sign-in is its install page: the answer carries its address (status.authUrl)
        return { success: true as const, plugins: await list(userId) };
      }
      throw new AppError('PLUGIN_NO_SIGN_IN', noSignInSentence(pluginId));
    },

    /** Forgets the plugin's settings, secret and progress; what it received stays in History. */
    async disconnect(userId: string, id: string) {
      const pluginId = requirePluginId(id);
      const before = userId === '' ? undefined : await repo.connection(userId, pluginId);
      const answer = await thenList(userId, pluginId, () => repo.remove(userId, pluginId));
      if (before?.connected) await deps.securityEvent?.(userId, pluginId, 'plugin_disconnected');
      return answer;
    },

    /** The plugin's latest messages, newest first; none while it is not enabled (spec section 7). */
    async messages(userId: string, id: string, limit: number): Promise<{ messages: PluginMessage[] }> {
      const pluginId = requirePluginId(id);
      const row = userId === '' ? undefined : await repo.connection(userId, pluginId);
      if (!row?.enabled) return { messages: [] };
      return { messages: (await repo.list(userId, pluginId, limit)).map(toPluginMessage) };
    },

    /**
     * Keeps what arrived for the person's plugin unless its protection switch is off (then
     * nothing is kept: the person asked for it not to be read). Answers the messages newly kept.
     */
    async receive(userId: string, pluginId: PluginId, arriving: readonly ArrivingMessage[], state?: Record<string, unknown>) {
      const entry = PLUGIN_CATALOGUE[pluginId];
      if (entry.protection && !(await deps.protection.get(userId))[entry.protection]) {
        if (state) await repo.keep(userId, pluginId, [], state);
        return [];
      }
      const room = MAX_WAITING_PER_PLUGIN - (await repo.waitingCount(userId, pluginId));
      const kept = room >= arriving.length ? arriving : arriving.map((m, i) => (i < Math.max(0, room) ? m : overflowing(m)));
      return repo.keep(userId, pluginId, kept, state);
    },

    /**
     * A Slack message that is a person's manual-mode code, posted in the channel they named, in
     * the workspace of the server's bot: that channel is then theirs to read (they are in it).
     * `place` is what the server's bot says of the workspace and channel. True when it confirmed
     * one (the message is not scanned).
     */
    async confirmSlackChannel(code: string, place: { teamId: string; teamName: string; channelId: string; channelName: string }): Promise<boolean> {
      let confirmed = false;
      for (const row of await repo.pendingCodes('slack', code)) {
        const pending = pendingCodeOf(row);
        if (!pending || pending.code !== code) continue;
        const sameName = (a: unknown, b: string) => text(a).trim().replace(/^#/, '').toLowerCase() === b.toLowerCase();
        if (!sameName(row.settings.workspaceName, place.teamName) || !sameName(row.settings.channelName, place.channelName)) continue;
        await repo.save(row.userId, 'slack', { connected: true, enabled: true, state: { manual: { teamId: place.teamId, channelId: place.channelId } }, problem: null, connectedAt: clock() });
        changed(row.userId, 'slack');
        confirmed = true;
      }
      return confirmed;
    },

    /**
     * A text from `from` carrying a person's code confirms their number: the SMS plugin is then
     * connected and on. True when it confirmed one (the text is not a message to scan).
     */
    async confirmNumber(from: string, body: string): Promise<boolean> {
      const code = /\b(\d{6})\b/.exec(body)?.[1];
      if (!code) return false;
      const candidates = await repo.pendingNumbers(from);
      for (const row of candidates) {
        const pending = pendingNumberOf(row);
        if (!pending || pending.number !== from || pending.code !== code) continue;
        const holder = await repo.byRouteKey('sms', from);
        if (holder && holder.userId !== row.userId) {
          // the phone's owner confirmed it before, on another account: it stays there
          await repo.save(row.userId, 'sms', { state: {}, problem: 'This phone number is already connected to another Baitcheck account. Disconnect it there first, then configure it here again.' });
          return true;
        }
        await repo.save(row.userId, 'sms', { connected: true, enabled: true, routeKey: from, state: {}, problem: null, connectedAt: clock() });
        changed(row.userId, 'sms');
        return true;
      }
      return false;
    },

    /** Slack's install for the person: connected and on, watching the channel they name (or, unnamed, every channel the app is in). */
    async installSlack(userId: string, installation: { teamId: string; teamName: string; sealedToken: string }) {
      await repo.update(userId, 'slack', (row) => ({
        patch: {
          settings: { ...row.settings, workspaceName: installation.teamName, manualMode: false },
          secret: installation.sealedToken,
          state: { teamId: installation.teamId },
          connected: true,
          enabled: true,
          problem: null,
          connectedAt: clock(),
        },
        value: undefined,
      }));
      changed(userId, 'slack');
    },

    /** Records the connection's problem (a refused password), or clears it with null; `stop` turns the plugin off and not connected. */
    async setProblem(userId: string, pluginId: PluginId, problem: string | null, stop = false) {
      const before = stop ? await repo.connection(userId, pluginId) : undefined;
      await repo.save(userId, pluginId, { problem, ...(stop ? { connected: false, enabled: false } : {}) });
      if (stop) changed(userId, pluginId);
      if (before?.connected) await deps.securityEvent?.(userId, pluginId, 'plugin_stopped', problem ?? undefined);
    },

    /** A person's plugin secret, opened; null when there is none or it no longer opens (the key changed). */
    secretOf(row: ConnectionRow): string | null {
      if (row.secret === null) return null;
      try {
        return deps.box.open(row.secret, secretContext(row.userId, row.pluginId));
      } catch {
        return null;
      }
    },
  };
}

/** A message past the waiting cap: listed, with why, and neither its text nor its source is kept. */
function overflowing(message: ArrivingMessage): ArrivingMessage {
  return { ...message, content: '', raw: null, urls: [], skipped: `Not checked: ${MAX_WAITING_PER_PLUGIN} messages were already waiting to be scanned.` };
}

/** The plugin service. */
export type PluginsService = ReturnType<typeof createPluginsService>;

function notConnectedSentence(pluginId: PluginId, row: ConnectionRow | undefined): string {
  switch (pluginId) {
    case 'sms':
      return row?.state.pending
        ? 'Confirm your number first: text the code shown under Configure from your phone.'
        : 'Connect your phone first: open Configure and enter your mobile number.';
    case 'email':
      return 'Connect your inbox first: open Configure and sign in with an app password.';
    case 'slack':
      return row?.state.pending
        ? 'Confirm the channel first: post the code shown under Configure in that channel.'
        : 'Connect Slack first: install Baitcheck in your workspace, or open Configure, turn on manual mode and enter the workspace and channel names.';
    case 'social-media':
      return 'Choose a platform first: open Configure and pick one.';
  }
}

function noSignInSentence(pluginId: PluginId): string {
  switch (pluginId) {
    case 'slack':
      return 'Installing through Slack is not set up on this server: open Configure, turn on manual mode and enter the workspace and channel names.';
    case 'social-media':
      return 'The social feed is simulated, so there is no account to sign in to: open Configure and choose a platform.';
    default:
      return 'This plugin has no sign-in: open Configure and fill in its details.';
  }
}

function toPluginMessage(row: ListedInboxRow): PluginMessage {
  const inHistory = row.messageId !== null && row.historyContent !== null;
  // its text went with its History entry (kept here only when it was never in History)
  const gone = row.status === 'scanned' && !inHistory && row.content === '';
  return {
    id: row.id,
    externalId: row.externalId,
    content: inHistory ? row.historyContent! : row.content,
    sender: row.sender,
    timestamp: row.receivedAt.toISOString(),
    metadata: row.metadata,
    urls: row.urls,
    status: row.status,
    threatLevel: row.threatLevel,
    messageId: inHistory ? row.messageId : null,
    note: gone ? 'Deleted from your History.' : row.note,
  };
}
