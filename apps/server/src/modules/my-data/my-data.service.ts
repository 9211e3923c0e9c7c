import {
  MY_DATA_FORMAT,
  type BlockedSender,
  type CurrentUser,
  type Message,
  type MyDataDownloadFormat,
  type MyDataExport,
  type MyDataSupportRequest,
  type Notification,
  type NotificationPreferences,
  type ProtectionSettings,
  type Report,
  type Subscription,
} from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { createHtmlEncoder } from './my-data.html.ts';
import type { ExportCursor, ExportPage, MyDataReader, MyDataRepository, PageLimits } from './my-data.repository.ts';

/** How downloads of data are bounded, per person and for the whole server. */
export interface ExportLimits {
  /** Downloads made at once on this server (each holds a database connection on PostgreSQL); one per person in any case. */
  concurrent: number;
  /** A download whose reader took nothing for this long is ended, and its place freed. */
  idleWriteMs: number;
  /**
   * A download still being written this long after it began is ended: a reader taking a trickle
   * (the review's took 64 KB a second) held a place, and on PostgreSQL a snapshot that keeps
   * VACUUM from cleaning anything, for as long as it liked.
   */
  maxDurationMs: number;
  /** What one page of a list holds at most: rows, and bytes of their text. */
  page: PageLimits;
}

/**
 * Two downloads at once on a server: a history is read and written a page at a time, so each
 * holds a few megabytes at most; a person whose browser stops reading for 30 seconds has their
 * download ended, and any download after 15 minutes (the largest history, 5,000 scans of the
 * longest text, is about 500 MB: 15 minutes is over 4 Mbit/s, and a real history is far
 * smaller). A page holds at most 200 rows and 1 MB of their text (past its first row).
 */
export const DEFAULT_EXPORT_LIMITS: ExportLimits = { concurrent: 2, idleWriteMs: 30_000, maxDurationMs: 15 * 60_000, page: { rows: 200, bytes: 1_000_000 } };

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

/** The lists of the document, read a page at a time, and the rows of each. */
export interface MyDataLists {
  blockedSenders: BlockedSender;
  reports: Report;
  deviceScanVerdicts: MyDataExport['deviceScanVerdicts'][number];
  notifications: Notification;
  supportRequests: MyDataSupportRequest;
  history: Message;
}
/** The name of a list of the document. */
export type MyDataListName = keyof MyDataLists;
/** What is read before the first piece is written: everything but the lists, small. */
export type MyDataHead = Omit<MyDataExport, MyDataListName | 'complete'>;

/**
 * How a document is written out: its head, then each list (in the encoder's order) row by row,
 * then, only when every list was written whole, the mark that it is complete. Each answer is one
 * piece of the download; the walk over the data, its pages and their bounds are the service's.
 */
export interface ExportEncoder {
  /** The order the lists are written in. */
  readonly lists: readonly MyDataListName[];
  begin(head: MyDataHead): string;
  beginList(name: MyDataListName): string;
  row<K extends MyDataListName>(name: K, row: MyDataLists[K], index: number): string;
  endList(name: MyDataListName, count: number): string;
  /** The last piece: the document is whole. */
  complete(): string;
}

/** The data file ({@link MY_DATA_FORMAT}): the head's JSON without its closing brace, the lists, the history last, then `"complete":true}`. */
export function createJsonEncoder(): ExportEncoder {
  return {
    lists: ['blockedSenders', 'reports', 'deviceScanVerdicts', 'notifications', 'supportRequests', 'history'],
    begin: (head) => JSON.stringify(head).slice(0, -1),
    beginList: (name) => `,${JSON.stringify(name)}:[`,
    row: (_name, row, index) => `${index === 0 ? '' : ','}${JSON.stringify(row)}`,
    endList: () => ']',
    complete: () => ',"complete":true}\n',
  };
}

/** How a download is written: its format, and for the readable copy the time zone of its dates. */
export interface DownloadOptions {
  format: MyDataDownloadFormat;
  timeZone: string;
}

/** Each list's pages, from the export's reader. */
const PAGES: { [K in MyDataListName]: (reader: MyDataReader, userId: string, cursor: ExportCursor | undefined, limits: PageLimits) => Promise<ExportPage<MyDataLists[K]>> } = {
  blockedSenders: (reader, userId, cursor, limits) => reader.blockedSendersPage(userId, cursor, limits),
  reports: (reader, userId, cursor, limits) => reader.reportsPage(userId, cursor, limits),
  deviceScanVerdicts: (reader, userId, cursor, limits) => reader.deviceScanVerdictsPage(userId, cursor, limits),
  notifications: (reader, userId, cursor, limits) => reader.notificationsPage(userId, cursor, limits),
  supportRequests: (reader, userId, cursor, limits) => reader.supportRequestsPage(userId, cursor, limits),
  history: (reader, userId, cursor, limits) => reader.historyPage(userId, cursor, limits),
};

/**
 * 'Download my data': the visitor's whole stored data as one document, the data file (the
 * contract's `MyDataExportSchema`) or its readable copy (HTML), written piece by piece as it is
 * read, so that a long history is never held whole in memory. A newcomer (nothing stored yet) gets
 * the document of an empty guest.
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

  /** Writes one list, page by page, row by row (`page` answers none on a newcomer's). */
  async function writeList(sink: ExportSink, encoder: ExportEncoder, name: MyDataListName, page: ((cursor: ExportCursor | undefined, limits: PageLimits) => Promise<ExportPage<MyDataLists[MyDataListName]>>) | null): Promise<void> {
    await sink(encoder.beginList(name));
    let cursor: ExportCursor | undefined;
    let count = 0;
    while (page) {
      const { rows, next } = await page(cursor, limits.page);
      for (const row of rows) await sink(encoder.row(name, row, count++));
      if (!next) break;
      cursor = next;
    }
    await sink(encoder.endList(name, count));
  }

  /** The person's document, read from `reader`. */
  async function writeDocument(userId: string, reader: MyDataReader, sink: ExportSink, encoder: ExportEncoder): Promise<void> {
    // the account may have gone between the request's session and this view of the database
    if (!(await reader.userExists(userId))) throw new AppError('NOT_SIGNED_IN');
    // the small parts first: a failure there is an error answer, not a cut document
    // (the reader's queries one after another: a transaction is one connection)
    const [[account, subscription, notificationPreferences, protectionSettings], [family, plugins, pushDevices]] = await Promise.all([
      Promise.all([deps.account(userId), deps.subscription(userId), deps.notificationPreferences(userId), deps.protectionSettings(userId)]),
      (async () => [await reader.family(userId), await reader.plugins(userId), await reader.pushDevices(userId)] as const)(),
    ]);
    await sink(encoder.begin({ format: MY_DATA_FORMAT, exportedAt: clock().toISOString(), account, subscription, notificationPreferences, protectionSettings, family, plugins, pushDevices }));
    for (const name of encoder.lists) await writeList(sink, encoder, name, (cursor, page) => PAGES[name](reader, userId, cursor, page));
    // On PGlite (no snapshot) an account deleted while its lists were written reads as empty lists
    // from then on: such a document is cut, never closed as if it were whole. In a snapshot the
    // account is there to the end.
    if (!(await reader.userExists(userId))) throw new ExportCutError('the account was deleted while its data was being written');
    await sink(encoder.complete());
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
     * Writes the document through `sink`, in the format asked for (the data file by default).
     * Everything but the lists is read before the first piece, so a failure there is an error
     * answer; past it, a failure cuts the document, which then lacks its closing mark of
     * completeness (`complete: true`, or the readable copy's last line).
     */
    async write(userId: string, sink: ExportSink, options: DownloadOptions = { format: 'json', timeZone: 'UTC' }): Promise<void> {
      const encoder = options.format === 'html' ? createHtmlEncoder({ timeZone: options.timeZone }) : createJsonEncoder();
      if (userId === '') {
        const [notificationPreferences, protectionSettings] = await Promise.all([deps.notificationPreferences(userId), deps.protectionSettings(userId)]);
        const account = await deps.account(userId);
        const subscription = await deps.subscription(userId);
        await sink(encoder.begin({ format: MY_DATA_FORMAT, exportedAt: clock().toISOString(), account, subscription, notificationPreferences, protectionSettings, family: null, plugins: [], pushDevices: [] }));
        for (const name of encoder.lists) await writeList(sink, encoder, name, null);
        await sink(encoder.complete());
        return;
      }
      await deps.repo.snapshot((reader) => writeDocument(userId, reader, sink, encoder));
    },
  };
}

/** The my-data service. */
export type MyDataService = ReturnType<typeof createMyDataService>;
