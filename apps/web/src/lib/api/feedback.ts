import type { BlockedSender, MessageSource, Report, ReportKind, ThreatLevel } from '@baitcheck/contracts';
import { api } from '../api-client';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';

/** What the report actions send: the input of `POST /api/reports` before server defaults. */
export interface ReportInput {
  kind: ReportKind;
  messageId?: string;
  content?: string;
  sender?: string;
  source?: MessageSource;
  threatLevel?: ThreatLevel;
}

/** Stores a report (a missed scam or a false alarm) as feedback for retraining. */
export function createReport(input: ReportInput): Promise<Report> {
  return api.post<Report>(API.createReport.path, input);
}

/** Adds a sender to the person's blocked list; later scans from it say so. */
export function blockSender(sender: string): Promise<BlockedSender> {
  return api.post<BlockedSender>(API.createBlockedSender.path, { sender });
}
