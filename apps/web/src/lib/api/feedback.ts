import { useMutation } from '@tanstack/react-query';
import type { BlockedSender, MessageSource, Report, ReportKind, ThreatLevel } from '@baitcheck/contracts';
import { API } from '@/lib/api/endpoints';
import { api } from '../api-client';

/** What the report form sends: the input of `POST /api/reports` before server defaults. */
export interface ReportInput {
  kind: ReportKind;
  messageId?: string;
  content?: string;
  sender?: string;
  source?: MessageSource;
  threatLevel?: ThreatLevel;
}

/** Stores a report (a missed scam or a false alarm) as feedback for retraining. */
export function useCreateReport() {
  return useMutation({
    mutationFn: (input: ReportInput) => api.post<Report>(API.createReport.path, input),
  });
}

/** Adds a sender to the person's blocked list; later scans from it say so. */
export function useBlockSender() {
  return useMutation({
    mutationFn: (sender: string) => api.post<BlockedSender>(API.createBlockedSender.path, { sender }),
  });
}
