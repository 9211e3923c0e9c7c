import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageSource, ScanAnalysis, TextScanResponse, UrlScanResponse } from '@baitcheck/contracts';
import { API_ROUTES as API } from '@baitcheck/contracts/lite';
import { api } from '@/lib/api-client';
import { invalidateScanData } from '@/lib/api/messages';

/** What the scan screen sends for a message (the body of `POST /api/scan/text`). */
export interface TextScanInput {
  content: string;
  sender: string;
  source: MessageSource;
  /** Left out, the server's defaults apply (advanced off, save on). */
  enhancedAnalysis?: boolean;
  saveToHistory?: boolean;
}

/** What the scan screen sends for a link (the body of `POST /api/scan/url`). */
export interface UrlScanInput {
  url: string;
  enhancedAnalysis: boolean;
  saveToHistory: boolean;
  source: MessageSource;
}

/** A scan result as the result view shows it, whichever form produced it. */
export interface ScanOutcome {
  kind: 'text' | 'url';
  analysis: ScanAnalysis;
  /** The history id when the scan was saved. */
  messageId: string | null;
  sender: string;
  source: MessageSource;
  /** Whether the person asked for the enhanced scan (the analysis says whether it ran). */
  enhancedRequested: boolean;
}

export function toOutcomeFromText(res: TextScanResponse, enhancedRequested: boolean): ScanOutcome {
  const { message, analysis } = res;
  return { kind: 'text', analysis, messageId: message.id, sender: message.sender, source: message.source, enhancedRequested };
}

export function toOutcomeFromUrl(res: UrlScanResponse, source: MessageSource, enhancedRequested: boolean): ScanOutcome {
  const { messageId, ...analysis } = res;
  return { kind: 'url', analysis, messageId, sender: '', source, enhancedRequested };
}

/** `POST /api/scan/text`; a stored scan refreshes the history, dashboard and banner. */
export function useScanText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TextScanInput) => api.post<TextScanResponse>(API.scanText.path, input),
    onSuccess: () => invalidateScanData(queryClient),
  });
}

/** `POST /api/scan/url`; a stored scan refreshes the history, dashboard and banner. */
export function useScanUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UrlScanInput) => api.post<UrlScanResponse>(API.scanUrl.path, input),
    onSuccess: () => invalidateScanData(queryClient),
  });
}
