import type { Message, MyDataFamily, MyDataPlugin, MyDataPushDevice, MyDataSupportRequest, Notification, Report } from '@baitcheck/contracts';
import { and, desc, eq, getTableColumns, inArray, is, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Db } from '../../db/database.ts';
import { blockedSenders, deviceScans, deviceTokens, families, familyMembers, messages, notifications, pluginConnections, pushSubscriptions, reports, supportRequests, users } from '../../db/schema.ts';
import { toNotification } from '../alerts/alerts.repository.ts';
import { toBlockedSender } from '../blocked-senders/blocked-senders.repository.ts';
import { toMessage } from '../messages/messages.repository.ts';
import { PLUGIN_CATALOGUE } from '../plugins/catalogue.ts';
import { toReport } from '../reports/reports.repository.ts';

/**
 * Where the next page of a list starts: after this row, by its time (as PostgreSQL wrote it, to the
 * microsecond: a JavaScript date would drop rows that share its millisecond) and then its id, both
 * descending.
 */
export interface ExportCursor {
  at: string;
  id: string;
}

/** How much one page may hold: rows, and (for lists of large rows) bytes of their text. */
export interface PageLimits {
  rows: number;
  bytes: number;
}

/** One page of a list and where the next starts (null: this was the last). */
export interface ExportPage<T> {
  rows: T[];
  next: ExportCursor | null;
}

/** A transaction of {@link Db}. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The columns a list is paged by. */
interface Keyed {
  userId: PgColumn;
  at: PgColumn;
  id: PgColumn;
}

/** `userId`'s rows after `cursor`, in the list's order. */
const ownAfter = (cols: Keyed, userId: string, cursor: ExportCursor | undefined) =>
  and(eq(cols.userId, userId), cursor ? sql`(${cols.at}, ${cols.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined);

/** The list's order: newest first, then by id. */
const newestFirst = (cols: Keyed) => [desc(cols.at), desc(cols.id)] as const;

/**
 * The queries of one export, all scoped by user id, over `q` (the snapshot's transaction on a
 * PostgreSQL server, the database itself on PGlite).
 */
function createReader(q: Db | Tx) {
  /**
   * The next page of a list whose rows can be large (a history entry or a report holds up to
   * 100,000 characters and their findings): at most `limits.rows`, and no more than `limits.bytes`
   * of text past the first, measured by PostgreSQL (`size`) before any row is read, so a history
   * of huge messages never builds a big page in memory. Then only the page's rows are read.
   */
  async function sizedPage<TTable extends PgTable, T>(
    table: TTable,
    cols: Keyed,
    size: SQL<number>,
    list: { userId: string; cursor: ExportCursor | undefined; limits: PageLimits },
    to: (row: TTable['$inferSelect']) => T,
  ): Promise<ExportPage<T>> {
    const { userId, cursor, limits } = list;
    const keys = (await q
      .select({ id: cols.id, at: sql<string>`${cols.at}::text`, bytes: size })
      .from(table as PgTable)
      .where(ownAfter(cols, userId, cursor))
      .orderBy(...newestFirst(cols))
      .limit(limits.rows)) as { id: string; at: string; bytes: number | string }[];
    let bytes = 0;
    let taken = 0;
    for (const key of keys) {
      bytes += Number(key.bytes);
      if (taken > 0 && bytes > limits.bytes) break;
      taken += 1;
    }
    const last = keys[taken - 1];
    const next = (taken < keys.length || keys.length === limits.rows) && last ? { at: last.at, id: last.id } : null;
    if (taken === 0) return { rows: [], next };
    const ids = keys.slice(0, taken).map((k) => k.id);
    const rows = (await q
      .select()
      .from(table as PgTable)
      .where(and(eq(cols.userId, userId), inArray(cols.id, ids)))
      .orderBy(...newestFirst(cols))) as TTable['$inferSelect'][];
    return { rows: rows.map(to), next };
  }

  /** The next page of a list of small rows (at most `limits.rows`), each row whole for `to` to pick from. */
  async function smallPage<TTable extends PgTable, T>(table: TTable, cols: Keyed, list: { userId: string; cursor: ExportCursor | undefined; limits: PageLimits }, to: (row: TTable['$inferSelect']) => T): Promise<ExportPage<T>> {
    const rows = (await q
      .select({ ...getTableColumns(table as PgTable), cursorAt: sql<string>`${cols.at}::text` })
      .from(table as PgTable)
      .where(ownAfter(cols, list.userId, list.cursor))
      .orderBy(...newestFirst(cols))
      .limit(list.limits.rows)) as (TTable['$inferSelect'] & { cursorAt: string; id: string })[];
    const last = rows.at(-1);
    return { rows: rows.map(to), next: rows.length === list.limits.rows && last ? { at: last.cursorAt, id: last.id } : null };
  }

  const historyCols = { userId: messages.userId, at: messages.scanDate, id: messages.id };
  const reportCols = { userId: reports.userId, at: reports.createdAt, id: reports.id };
  const blockedCols = { userId: blockedSenders.userId, at: blockedSenders.createdAt, id: blockedSenders.id };
  const deviceScanCols = { userId: deviceScans.userId, at: deviceScans.scannedAt, id: deviceScans.id };
  const notificationCols = { userId: notifications.userId, at: notifications.createdAt, id: notifications.id };
  const supportCols = { userId: supportRequests.userId, at: supportRequests.createdAt, id: supportRequests.id };

  return {
    async userExists(userId: string): Promise<boolean> {
      const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
      return row !== undefined;
    },

    /** A page of the whole stored history (window or not), whole messages, newest first. */
    historyPage(userId: string, cursor: ExportCursor | undefined, limits: PageLimits): Promise<ExportPage<Message>> {
      const size = sql<number>`octet_length(${messages.content}) + octet_length(${messages.sender}) + octet_length(${messages.threatDetails}::text)`;
      return sizedPage(messages, historyCols, size, { userId, cursor, limits }, toMessage);
    },

    /** A page of the reports (each keeps a copy of the message), newest first. */
    reportsPage(userId: string, cursor: ExportCursor | undefined, limits: PageLimits): Promise<ExportPage<Report>> {
      const size = sql<number>`octet_length(${reports.content}) + octet_length(${reports.sender}) + octet_length(${reports.note})`;
      return sizedPage(reports, reportCols, size, { userId, cursor, limits }, toReport);
    },

    blockedSendersPage(userId: string, cursor: ExportCursor | undefined, limits: PageLimits) {
      return smallPage(blockedSenders, blockedCols, { userId, cursor, limits }, toBlockedSender);
    },

    deviceScanVerdictsPage(userId: string, cursor: ExportCursor | undefined, limits: PageLimits) {
      return smallPage(deviceScans, deviceScanCols, { userId, cursor, limits }, (r) => ({ id: r.id, threatLevel: r.threatLevel, scannedAt: r.scannedAt.toISOString() }));
    },

    notificationsPage(userId: string, cursor: ExportCursor | undefined, limits: PageLimits): Promise<ExportPage<Notification>> {
      return smallPage(notifications, notificationCols, { userId, cursor, limits }, toNotification);
    },

    /** Support requests as they were sent (not what the server noted of their delivery). */
    supportRequestsPage(userId: string, cursor: ExportCursor | undefined, limits: PageLimits): Promise<ExportPage<MyDataSupportRequest>> {
      return smallPage(supportRequests, supportCols, { userId, cursor, limits }, (r) => ({
        id: r.id,
        name: r.name,
        email: r.email,
        issueType: r.issueType,
        subject: r.subject,
        message: r.message,
        plan: r.plan,
        priority: r.priority,
        createdAt: r.createdAt.toISOString(),
      }));
    },

    /**
     * The person's plugins: the fields the configuration dialog shows (the catalogue's, nothing
     * else of `settings`), never the sealed password or token nor the plugin's progress.
     */
    async plugins(userId: string): Promise<MyDataPlugin[]> {
      const rows = await q
        .select({
          id: pluginConnections.pluginId,
          enabled: pluginConnections.enabled,
          connected: pluginConnections.connected,
          settings: pluginConnections.settings,
          problem: pluginConnections.problem,
          connectedAt: pluginConnections.connectedAt,
          scanned: pluginConnections.scannedCount,
          lastMessageAt: pluginConnections.lastMessageAt,
        })
        .from(pluginConnections)
        .where(eq(pluginConnections.userId, userId))
        .orderBy(pluginConnections.pluginId);
      return rows.map(({ settings, ...row }) => {
        const configuration: MyDataPlugin['configuration'] = {};
        for (const field of PLUGIN_CATALOGUE[row.id].fields) if (settings[field] !== undefined) configuration[field] = settings[field];
        return { ...row, configuration, connectedAt: row.connectedAt?.toISOString() ?? null, lastMessageAt: row.lastMessageAt?.toISOString() ?? null };
      });
    },

    /** The browsers and apps alerts are pushed to: where and since when, never their keys or tokens. */
    async pushDevices(userId: string): Promise<MyDataPushDevice[]> {
      const browsers = await q
        .select({ endpoint: pushSubscriptions.endpoint, createdAt: pushSubscriptions.createdAt, lastSuccessAt: pushSubscriptions.lastSuccessAt })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, userId))
        .orderBy(desc(pushSubscriptions.createdAt));
      const apps = await q
        .select({ platform: deviceTokens.platform, createdAt: deviceTokens.createdAt })
        .from(deviceTokens)
        .where(eq(deviceTokens.userId, userId))
        .orderBy(desc(deviceTokens.createdAt));
      return [
        // the endpoint's path is the browser's address at its push service: only the service is named
        ...browsers.map((b) => ({ kind: 'web' as const, service: URL.canParse(b.endpoint) ? new URL(b.endpoint).origin : null, registeredAt: b.createdAt.toISOString(), lastSuccessAt: b.lastSuccessAt?.toISOString() ?? null })),
        ...apps.map((a) => ({ kind: a.platform, service: null, registeredAt: a.createdAt.toISOString(), lastSuccessAt: null })),
      ];
    },

    /** Their place in a family, if any: their role and the family's name, nobody else's data. */
    async family(userId: string): Promise<MyDataFamily | null> {
      const [managed] = await q
        .select({ email: users.email, foundedAt: families.createdAt, adultConfirmedAt: families.adultConfirmedAt })
        .from(families)
        .innerJoin(users, eq(users.id, families.managerId))
        .where(eq(families.managerId, userId))
        .limit(1);
      if (managed) return { role: 'manager', name: familyName(managed.email), foundedAt: managed.foundedAt.toISOString(), adultConfirmedAt: managed.adultConfirmedAt.toISOString() };
      const [member] = await q
        .select({ email: users.email, joinedAt: familyMembers.joinedAt, protectionManaged: familyMembers.protectionManaged })
        .from(familyMembers)
        .innerJoin(families, eq(families.id, familyMembers.familyId))
        .innerJoin(users, eq(users.id, families.managerId))
        .where(eq(familyMembers.userId, userId))
        .limit(1);
      return member ? { role: 'member', name: familyName(member.email), joinedAt: member.joinedAt.toISOString(), protectionManaged: member.protectionManaged } : null;
    },
  };
}

/** A family is known by its manager ("{manager}'s family"), as the Family page names it. */
const familyName = (managerEmail: string | null) => `${managerEmail ?? 'Your manager'}'s family`;

/** The queries of one export. */
export type MyDataReader = ReturnType<typeof createReader>;

/** Reading everything of one user, for 'Download my data'. Every query is scoped by user id. */
export function createMyDataRepository(db: Db) {
  // PGlite is one session: a transaction held for a whole download would stop every other request
  const snapshots = !is(db, PgliteDatabase);
  return {
    /**
     * Runs `read` over one consistent view of the database: on a PostgreSQL server one read-only
     * REPEATABLE READ transaction (what is changed or deleted meanwhile is not seen, and nothing
     * waits on it); on PGlite the database as it is at each query.
     */
    snapshot<T>(read: (reader: MyDataReader) => Promise<T>): Promise<T> {
      if (!snapshots) return read(createReader(db));
      return db.transaction((tx) => read(createReader(tx)), { isolationLevel: 'repeatable read', accessMode: 'read only' });
    },
  };
}

/** The my-data repository. */
export type MyDataRepository = ReturnType<typeof createMyDataRepository>;
