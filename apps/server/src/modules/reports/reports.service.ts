import type { CreateReportRequest, Report, ReportsQuery } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { DEFAULT_STORAGE_LIMITS, createCapGuard } from '../../lib/storage-limits.ts';
import type { HistoryWindow } from '../messages/history-window.ts';
import { decodeCursor, encodeCursor, HISTORY_PAGE_BYTES, type MessagesService } from '../messages/messages.service.ts';
import type { NewReport, ReportsRepository } from './reports.repository.ts';

/** Reports one page of `GET /api/reports` carries at most (and at most `pageBytes` of JSON). */
export const REPORTS_PAGE_SIZE = 100;

/** User feedback (missed scams and false alarms), kept for retraining the engine. */
export function createReportsService(deps: {
  repo: ReportsRepository;
  messages: MessagesService;
  /** A report links to its message only while the message is in the history window. */
  window: HistoryWindow;
  maxReports?: number;
  /** The most JSON one page of the list carries (`HISTORY_PAGE_BYTES`, as for the history). */
  pageBytes?: number;
}) {
  const maxReports = deps.maxReports ?? DEFAULT_STORAGE_LIMITS.reports;
  const pageBytes = deps.pageBytes ?? HISTORY_PAGE_BYTES;
  const guard = createCapGuard();
  const insert = async (report: NewReport): Promise<Report> => {
    const stored = await guard.storeUnder(report.userId, maxReports, () => deps.repo.countFor(report.userId), () => deps.repo.insert(report));
    if (!stored) throw new AppError('REPORTS_LIMIT_REACHED', `You have sent ${maxReports.toLocaleString('en-US')} reports, the most one person can keep. Thank you: the ones you sent are kept.`);
    return stored;
  };

  return {
    /**
     * A report by message id copies the stored message (it must be the user's); a report by
     * content keeps what the client sent. Either way the report outlives the message.
     */
    async create(userId: string, req: CreateReportRequest): Promise<Report> {
      if (req.messageId !== undefined) {
        const message = await deps.messages.requireMessage(userId, req.messageId);
        return insert({
          userId,
          kind: req.kind,
          messageId: message.id,
          content: message.content,
          sender: message.sender,
          source: message.source,
          threatLevel: message.threatLevel,
          note: req.note,
        });
      }
      return insert({
        userId,
        kind: req.kind,
        messageId: null,
        content: req.content ?? '',
        sender: req.sender,
        source: req.source,
        threatLevel: req.threatLevel ?? null,
        note: req.note,
      });
    },

    /** One page of the user's reports, newest first; `next` is the cursor of the following page, or null on the last. */
    async list(userId: string, query: ReportsQuery): Promise<{ reports: Report[]; next: string | null }> {
      // a newcomer has sent none: nothing to ask the database
      if (userId === '') return { reports: [], next: null };
      const before = query.before === undefined ? undefined : decodeCursor(query.before);
      const page = await deps.repo.list(userId, { since: await deps.window.since(userId), limit: REPORTS_PAGE_SIZE, maxBytes: pageBytes, before: before && { at: before.scanDate, id: before.id } });
      return { reports: page.reports, next: page.next ? encodeCursor({ scanDate: page.next.at, id: page.next.id }) : null };
    },
  };
}

/** The reports service. */
export type ReportsService = ReturnType<typeof createReportsService>;
