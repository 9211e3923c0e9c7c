import type { PluginId, ThreatLevel } from '@baitcheck/contracts';
import { and, asc, count, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { messages, pluginConnections, pluginEvents, pluginMessages, users } from '../../db/schema.ts';

/** A person's plugin as stored. */
export type ConnectionRow = typeof pluginConnections.$inferSelect;
/** What a change writes to a connection. */
export type ConnectionPatch = Partial<Omit<ConnectionRow, 'userId' | 'pluginId' | 'createdAt' | 'updatedAt' | 'scannedCount' | 'lastMessageAt'>>;
/** A message a plugin received, as stored. */
export type InboxRow = typeof pluginMessages.$inferSelect;

/** A message arriving from a source, before it is kept. */
export interface ArrivingMessage {
  externalId: string;
  content: string;
  raw?: string | null;
  sender: { id: string; name: string; handle: string };
  metadata?: Record<string, string | number | boolean | null>;
  urls?: string[];
  receivedAt?: Date;
  /** Kept as not scanned, with this note (a plugin with too many waiting). */
  skipped?: string;
}

/** A kept message with its History entry's text and sender, for `GET /api/plugins/{id}/messages`. */
export interface ListedInboxRow extends InboxRow {
  historyContent: string | null;
  historySender: string | null;
}

/** A transaction of {@link Db}. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** All SQL of the source plugins, always scoped by user and plugin. */
export function createPluginsRepository(db: Db) {
  const upsert = async (executor: Db | Tx, userId: string, pluginId: PluginId, patch: ConnectionPatch): Promise<ConnectionRow> => {
    const [row] = await executor
      .insert(pluginConnections)
      .values({ userId, pluginId, ...patch })
      .onConflictDoUpdate({ target: [pluginConnections.userId, pluginConnections.pluginId], set: { ...patch, updatedAt: sql`now()` } })
      .returning();
    return row!;
  };

  return {
    /** Whether the user has an account (a guest cannot connect a source: nothing would let them stop it after losing their cookie). */
    async isAccount(userId: string): Promise<boolean> {
      if (userId === '') return false;
      const [row] = await db.select({ kind: users.kind }).from(users).where(eq(users.id, userId)).limit(1);
      return row?.kind === 'account';
    },

    /** The person's configured plugins. */
    async connectionsOf(userId: string): Promise<ConnectionRow[]> {
      return db.select().from(pluginConnections).where(eq(pluginConnections.userId, userId));
    },

    async connection(userId: string, pluginId: PluginId): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(pluginConnections)
        .where(and(eq(pluginConnections.userId, userId), eq(pluginConnections.pluginId, pluginId)))
        .limit(1);
      return row;
    },

    /** Writes `patch` to the person's plugin, making its row when it has none. */
    async save(userId: string, pluginId: PluginId, patch: ConnectionPatch): Promise<ConnectionRow> {
      return upsert(db, userId, pluginId, patch);
    },

    /**
     * Runs `change` on the person's plugin row, locked (made first when missing), and writes what
     * it answers: two changes at once (a configure and a confirming text) cannot undo each other.
     */
    async update<T>(userId: string, pluginId: PluginId, change: (row: ConnectionRow) => Promise<{ patch: ConnectionPatch; value: T }> | { patch: ConnectionPatch; value: T }): Promise<T> {
      return db.transaction(async (tx) => {
        await tx.insert(pluginConnections).values({ userId, pluginId }).onConflictDoNothing();
        const [row] = await tx
          .select()
          .from(pluginConnections)
          .where(and(eq(pluginConnections.userId, userId), eq(pluginConnections.pluginId, pluginId)))
          .for('update');
        const { patch, value } = await change(row!);
        if (Object.keys(patch).length > 0) await upsert(tx, userId, pluginId, patch);
        return value;
      });
    },

    /** Forgets the person's plugin: its settings, secret and progress (what it received stays, as History does). */
    async remove(userId: string, pluginId: PluginId): Promise<void> {
      await db.delete(pluginConnections).where(and(eq(pluginConnections.userId, userId), eq(pluginConnections.pluginId, pluginId)));
    },

    /** The connection a source's address leads to (a confirmed phone number), whoever it belongs to. */
    async byRouteKey(pluginId: PluginId, routeKey: string): Promise<ConnectionRow | undefined> {
      const [row] = await db
        .select()
        .from(pluginConnections)
        .where(and(eq(pluginConnections.pluginId, pluginId), eq(pluginConnections.routeKey, routeKey)))
        .limit(1);
      return row;
    },

    /** Messages of one plugin of the person waiting to be scanned. */
    async waitingCount(userId: string, pluginId: PluginId): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(pluginMessages)
        .where(and(eq(pluginMessages.userId, userId), eq(pluginMessages.pluginId, pluginId), eq(pluginMessages.status, 'waiting')));
      return row?.n ?? 0;
    },

    /** Plugins of a kind waiting for this code (Slack's manual mode). */
    async pendingCodes(pluginId: PluginId, code: string): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(pluginConnections)
        .where(and(eq(pluginConnections.pluginId, pluginId), sql`${pluginConnections.state} -> 'pending' ->> 'code' = ${code}`));
    },

    /** SMS plugins waiting for a code from `number`. */
    async pendingNumbers(number: string): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(pluginConnections)
        .where(and(eq(pluginConnections.pluginId, 'sms'), sql`${pluginConnections.state} -> 'pending' ->> 'number' = ${number}`));
    },

    /** Every person's connected and enabled plugin of one kind (the watchers and the feed). */
    async running(pluginId: PluginId): Promise<ConnectionRow[]> {
      return db
        .select()
        .from(pluginConnections)
        .where(and(eq(pluginConnections.pluginId, pluginId), eq(pluginConnections.enabled, true), eq(pluginConnections.connected, true)));
    },

    /** Messages waiting to be scanned, per plugin of the person. */
    async waitingCounts(userId: string): Promise<Map<PluginId, number>> {
      const rows = await db
        .select({ pluginId: pluginMessages.pluginId, n: count() })
        .from(pluginMessages)
        .where(and(eq(pluginMessages.userId, userId), eq(pluginMessages.status, 'waiting')))
        .groupBy(pluginMessages.pluginId);
      return new Map(rows.map((r) => [r.pluginId, r.n]));
    },

    /**
     * Keeps the messages that arrived (a message already kept, by its source id, is left as it
     * was) and, in the same transaction, the plugin's new progress: a restart finds both or
     * neither. Answers the messages newly kept.
     */
    async keep(userId: string, pluginId: PluginId, arriving: readonly ArrivingMessage[], state?: Record<string, unknown>): Promise<InboxRow[]> {
      return db.transaction(async (tx) => {
        const kept =
          arriving.length === 0
            ? []
            : await tx
                .insert(pluginMessages)
                .values(
                  arriving.map((m) => ({
                    userId,
                    pluginId,
                    externalId: m.externalId,
                    content: m.content,
                    raw: m.raw ?? null,
                    sender: m.sender,
                    metadata: m.metadata ?? {},
                    urls: m.urls ?? [],
                    ...(m.skipped !== undefined ? { status: 'skipped' as const, note: m.skipped } : {}),
                    ...(m.receivedAt ? { receivedAt: m.receivedAt, nextAttemptAt: m.receivedAt } : {}),
                  })),
                )
                .onConflictDoNothing()
                .returning();
        const latest = kept.reduce<Date | null>((at, m) => (at === null || m.receivedAt > at ? m.receivedAt : at), null);
        if (kept.length > 0 || state) {
          await tx
            .update(pluginConnections)
            .set({
              ...(state ? { state } : {}),
              ...(latest ? { lastMessageAt: sql`greatest(coalesce(${pluginConnections.lastMessageAt}, ${latest}), ${latest})` } : {}),
              updatedAt: sql`now()`,
            })
            .where(and(eq(pluginConnections.userId, userId), eq(pluginConnections.pluginId, pluginId)));
        }
        return kept;
      });
    },

    /**
     * Takes up to `limit` waiting messages due by `now`, oldest first, for `leaseMs`: another
     * worker (or server) skips them meanwhile; one that stops mid-scan leaves them due again.
     */
    async claimDue(now: Date, limit: number, leaseMs: number): Promise<InboxRow[]> {
      const due = db
        .select({ id: pluginMessages.id })
        .from(pluginMessages)
        .where(and(eq(pluginMessages.status, 'waiting'), lte(pluginMessages.nextAttemptAt, now)))
        .orderBy(asc(pluginMessages.nextAttemptAt))
        .limit(limit)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(pluginMessages)
        .set({ nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(inArray(pluginMessages.id, due))
        .returning();
      // RETURNING keeps no order: the oldest arrival is scanned first (it takes the day's last free scan)
      return claimed.sort((a, b) => a.receivedAt.getTime() - b.receivedAt.getTime() || a.id.localeCompare(b.id));
    },

    /** The message is in History as `messageId`: its text is kept there alone; the plugin counts one more. */
    async markScanned(row: InboxRow, messageId: string | null, threatLevel: ThreatLevel, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(pluginMessages)
          .set({
            status: 'scanned',
            messageId,
            threatLevel,
            content: messageId === null ? row.content : '',
            raw: null,
            // a message the full History could not take says so (the simulated feed is never in History)
            note: messageId === null && row.pluginId !== 'social-media' ? 'Not kept in your History: it is full. Delete scans you no longer need.' : null,
            scannedAt: at,
          })
          .where(and(eq(pluginMessages.id, row.id), eq(pluginMessages.status, 'waiting')))
          .returning({ id: pluginMessages.id });
        if (!updated) return;
        await tx
          .update(pluginConnections)
          .set({ scannedCount: sql`${pluginConnections.scannedCount} + 1` })
          .where(and(eq(pluginConnections.userId, row.userId), eq(pluginConnections.pluginId, row.pluginId)));
      });
    },

    /** Tries the message again at `at`, saying why it waits. */
    async postpone(id: string, at: Date, note: string, attempted: boolean): Promise<void> {
      await db
        .update(pluginMessages)
        .set({ nextAttemptAt: at, note, ...(attempted ? { attempts: sql`${pluginMessages.attempts} + 1` } : {}) })
        .where(and(eq(pluginMessages.id, id), eq(pluginMessages.status, 'waiting')));
    },

    /** Gives up on the message, saying why; its text stays readable in the plugin's list. */
    async skip(id: string, note: string): Promise<void> {
      await db
        .update(pluginMessages)
        .set({ status: 'skipped', note, raw: null })
        .where(and(eq(pluginMessages.id, id), eq(pluginMessages.status, 'waiting')));
    },

    /** The person's latest messages of one plugin, newest first, with their History entry's text. */
    async list(userId: string, pluginId: PluginId, limit: number): Promise<ListedInboxRow[]> {
      const rows = await db
        .select({ inbox: pluginMessages, historyContent: messages.content, historySender: messages.sender })
        .from(pluginMessages)
        .leftJoin(messages, and(eq(messages.id, pluginMessages.messageId), eq(messages.userId, pluginMessages.userId)))
        .where(and(eq(pluginMessages.userId, userId), eq(pluginMessages.pluginId, pluginId)))
        .orderBy(desc(pluginMessages.receivedAt), desc(pluginMessages.id))
        .limit(limit);
      return rows.map((r) => ({ ...r.inbox, historyContent: r.historyContent, historySender: r.historySender }));
    },

    /** Records a source's event id; false when it was already recorded (a replay, or another server got it first). */
    async claimEvent(pluginId: PluginId, eventId: string): Promise<boolean> {
      const rows = await db.insert(pluginEvents).values({ pluginId, eventId }).onConflictDoNothing().returning({ eventId: pluginEvents.eventId });
      return rows.length > 0;
    },

    /** Forgets event ids older than `before` (the sources stop retrying long before). */
    async pruneEvents(before: Date): Promise<void> {
      await db.delete(pluginEvents).where(lte(pluginEvents.createdAt, before));
    },
  };
}

/** The source plugins' repository. */
export type PluginsRepository = ReturnType<typeof createPluginsRepository>;
