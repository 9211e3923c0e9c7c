import type { CreateReportRequest, Report } from '@baitcheck/contracts';
import { AppError } from '../../lib/app-error.ts';
import { DEFAULT_STORAGE_LIMITS, createCapGuard } from '../../lib/storage-limits.ts';
import type { MessagesService } from '../messages/messages.service.ts';
import type { NewReport, ReportsRepository } from './reports.repository.ts';

/** User feedback (missed scams and false alarms), kept for retraining the engine. */
export function createReportsService(deps: { repo: ReportsRepository; messages: MessagesService; maxReports?: number }) {
  const maxReports = deps.maxReports ?? DEFAULT_STORAGE_LIMITS.reports;
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

    list(userId: string): Promise<Report[]> {
      return deps.repo.list(userId);
    },
  };
}

/** The reports service. */
export type ReportsService = ReturnType<typeof createReportsService>;
