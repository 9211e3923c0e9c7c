import { MY_DATA_FORMAT, type CurrentUser, type NotificationPreferences, type ProtectionSettings, type Subscription } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import type { ExportCursor, ExportPage, MyDataReader, MyDataRepository, PageLimits } from './my-data.repository.ts';

/** How downloads of data are bounded, per person and for the whole server. */
export interface ExportLimits {
  /** Downloads made at once on this server (each holds a database connection on PostgreSQL); one per person in any case. */
  concurrent: number;
  /** A download whose reader took nothing for this long is ended, and its place freed. */
  idleWriteMs: number;
  /** What one page of a list holds at most: rows, and bytes of their text. */
  page: PageLimits;
}

/**
 * Two downloads at once on a server: a history is read and written a page at a time, so each
 * holds a few megabytes at most; a person whose browser stops reading for 30 seconds has their
 * download ended. A page holds at most 200 rows and 1 MB of their text (past its first row).
 */
export const DEFAULT_EXPORT_LIMITS: ExportLimits = { concurrent: 2, idleWriteMs: 30_000, page: { rows: 200, bytes: 1_000_000 } };

/** Messages read per query while the history is written out (the page's row bound). */
export const EXPORT_PAGE_ROWS = DEFAULT_EXPORT_LIMITS.page.rows;

/** How long a refused download is asked to wait (`Retry-After`). */
export const EXPORT_RETRY_AFTER_SECONDS = 30;

/** A download refused for now (429 RATE_LIMITED), with how long to wait. */
export class ExportBusyError extends AppError {
  readonly retryAfterSeconds = EXPORT_RETRY_AFTER_SECONDS;
  constructor(message: string) {
    super('RATE_LIMITED', message);
  }
}

/** A download that could not be finished and was cut (its file lacks `complete: true`). */
export class ExportCutError extends Error {
  constructor(reason: string) {
    super(`the download of data was cut: ${reason}`);
    this.name = 'ExportCutError';
  }
}

/** Where the document goes: each piece is written once the reader has taken what came before. */
export type ExportSink = (piece: string) => Promise<void>;

/**
 * 'Download my data': the visitor's whole stored data as one JSON document (the contract's
 * `MyDataExportSchema`), written piece by piece as it is read, so that a long history is never
 * held whole in memory. A newcomer (nothing stored yet) gets the document of an empty guest.
 */
export function createMyDataService(deps: {
  repo: MyDataRepository;
  account: (userId: string) => Promise<CurrentUser>;
  subscription: (userId: string) => Promise<Subscription>;
  notificationPreferences: (userId: string) => Promise<NotificationPreferences>;
  protectionSettings: (userId: string) => Promise<ProtectionSettings>;
  clock?: () => Date;
  limits?: Partial<ExportLimits>;
}) {
  const clock = deps.clock ?? (() => new Date());
  const limits: ExportLimits = { ...DEFAULT_EXPORT_LIMITS, ...deps.limits };
  /** The people whose download is being written (in this process). */
  const running = new Set<string>();

  /** Writes one list, page by page, row by row. */
  async function writeList<T>(sink: ExportSink, name: string, page: (cursor: ExportCursor | undefined, limits: PageLimits) => Promise<ExportPage<T>>): Promise<void> {
    await sink(`,${JSON.stringify(name)}:[`);
    let cursor: ExportCursor | undefined;
    let first = true;
    do {
      const { rows, next } = await page(cursor, limits.page);
      for (const row of rows) {
        await sink(`${first ? '' : ','}${JSON.stringify(row)}`);
        first = false;
      }
      cursor = next ?? undefined;
    } while (cursor);
    await sink(']');
  }

  /** The person's document, read from `reader`. */
  async function writeDocument(userId: string, reader: MyDataReader, sink: ExportSink): Promise<void> {
    // the account may have gone between the request's session and this view of the database
    if (!(await reader.userExists(userId))) throw new AppError('NOT_SIGNED_IN');
    // the small parts first: a failure there is an error answer, not a cut document
    // (the reader's queries one after another: a transaction is one connection)
    const [[account, subscription, notificationPreferences, protectionSettings], [family, plugins, pushDevices]] = await Promise.all([
      Promise.all([deps.account(userId), deps.subscription(userId), deps.notificationPreferences(userId), deps.protectionSettings(userId)]),
      (async () => [await reader.family(userId), await reader.plugins(userId), await reader.pushDevices(userId)] as const)(),
    ]);
    const head = { format: MY_DATA_FORMAT, exportedAt: clock().toISOString(), account, subscription, notificationPreferences, protectionSettings, family, plugins, pushDevices };
    // the head's JSON without its closing brace; the lists follow, the history last of them
    await sink(JSON.stringify(head).slice(0, -1));
    await writeList(sink, 'blockedSenders', (cursor, page) => reader.blockedSendersPage(userId, cursor, page));
    await writeList(sink, 'reports', (cursor, page) => reader.reportsPage(userId, cursor, page));
    await writeList(sink, 'deviceScanVerdicts', (cursor, page) => reader.deviceScanVerdictsPage(userId, cursor, page));
    await writeList(sink, 'notifications', (cursor, page) => reader.notificationsPage(userId, cursor, page));
    await writeList(sink, 'supportRequests', (cursor, page) => reader.supportRequestsPage(userId, cursor, page));
    await writeList(sink, 'history', (cursor, page) => reader.historyPage(userId, cursor, page));
    // On PGlite (no snapshot) an account deleted while its lists were written reads as empty lists
    // from then on: such a document is cut, never closed as if it were whole. In a snapshot the
    // account is there to the end.
    if (!(await reader.userExists(userId))) throw new ExportCutError('the account was deleted while its data was being written');
    await sink(',"complete":true}\n');
  }

  return {
    limits,

    /**
     * Takes the person's place among the downloads being written: one per person at a time, and
     * `limits.concurrent` on the server. Answers the release (call it once the download has ended,
     * whichever way); throws {@link ExportBusyError} when there is no place.
     */
    admit(userId: string): () => void {
      // a newcomer's document is an empty guest's: nothing is read for it
      if (userId === '') return () => {};
      if (running.has(userId)) {
        throw new ExportBusyError('A download of your data is already being made, in another tab or window. Let it finish (or close it), then try again.');
      }
      if (running.size >= limits.concurrent) throw new ExportBusyError('Several downloads of data are being made on this server right now. Please try again in a minute.');
      running.add(userId);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        running.delete(userId);
      };
    },

    /**
     * Writes the document through `sink`. Everything but the lists is read before the first piece,
     * so a failure there is an error answer; past it, a failure cuts the document, which then
     * lacks its closing `complete: true`.
     */
    async write(userId: string, sink: ExportSink): Promise<void> {
      if (userId === '') {
        const [notificationPreferences, protectionSettings] = await Promise.all([deps.notificationPreferences(userId), deps.protectionSettings(userId)]);
        const empty = { format: MY_DATA_FORMAT, exportedAt: clock().toISOString(), account: await deps.account(userId), subscription: await deps.subscription(userId), notificationPreferences, protectionSettings };
        const lists = { family: null, plugins: [], pushDevices: [], blockedSenders: [], reports: [], deviceScanVerdicts: [], notifications: [], supportRequests: [], history: [], complete: true };
        await sink(`${JSON.stringify({ ...empty, ...lists })}\n`);
        return;
      }
      await deps.repo.snapshot((reader) => writeDocument(userId, reader, sink));
    },
  };
}

/** The my-data service. */
export type MyDataService = ReturnType<typeof createMyDataService>;
