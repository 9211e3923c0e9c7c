import { useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BlockedSender, MessageSource, ScanAnalysis, ScanUsage, TextScanResponse, UrlScanResponse } from '@baitcheck/contracts';
import { API_ROUTES as API, IDEMPOTENCY_KEY_HEADER } from '@baitcheck/contracts/lite';
import { api } from '@/lib/api-client';
import { newRandomId } from '@/lib/random-id';
import { analyzeOnDevice } from '@/lib/on-device/engine-client';
import { addDeviceScan, deviceMessageId } from '@/lib/on-device/device-history';
import { syncDeviceScans } from '@/lib/on-device/device-sync';
import { onDeviceStateNow } from '@/lib/on-device/on-device-state';
import { readAuthError } from '@/lib/api/auth';
import { invalidateScanData } from '@/lib/api/messages';
import { queryKeys } from '@/lib/api/query-keys';
import { noteOwnScan } from '@/lib/own-scans';

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
  /** Checked on this device (On-Device Scanning): nothing was sent, the entry is kept here. */
  onDevice: boolean;
}

/** A scan's answer, from the server or from the engine on this device. */
type Answer<T> = T & { onDevice?: true };

export function toOutcomeFromText(res: Answer<TextScanResponse>, enhancedRequested: boolean): ScanOutcome {
  const { message, analysis } = res;
  return { kind: 'text', analysis, messageId: message.id, sender: message.sender, source: message.source, enhancedRequested, onDevice: res.onDevice === true };
}

export function toOutcomeFromUrl(res: Answer<UrlScanResponse>, source: MessageSource, enhancedRequested: boolean): ScanOutcome {
  const { messageId, onDevice, ...analysis } = res;
  return { kind: 'url', analysis, messageId, sender: '', source, enhancedRequested, onDevice: onDevice === true };
}

type QueryClientOf = ReturnType<typeof useQueryClient>;

/** The person's blocked senders for the engine: the cached list, fetched if need be, none when it cannot be. */
async function blockedSendersFor(queryClient: QueryClientOf): Promise<string[]> {
  try {
    const list = await queryClient.ensureQueryData({ queryKey: queryKeys.blockedSenders, queryFn: () => api.get<BlockedSender[]>(API.listBlockedSenders.path) });
    return list.map((b) => b.sender);
  } catch {
    return [];
  }
}

/**
 * Checks on this device and keeps the entry here (when it is to be saved), then tells the server
 * its verdict and date only. Null when on-device scanning is off (as known now): the server checks it.
 */
async function scanOnDevice(
  queryClient: QueryClientOf,
  input: { kind: 'text' | 'url'; content: string; sender: string; source: MessageSource; save: boolean },
): Promise<{ analysis: ScanAnalysis; id: string | null } | null> {
  const state = await onDeviceStateNow(queryClient);
  if (!state.active || state.owner === null) return null;
  const blocked = input.sender ? await blockedSendersFor(queryClient) : [];
  const analysis = await analyzeOnDevice({ kind: input.kind, content: input.content, sender: input.sender, source: input.source }, blocked);
  if (!input.save) return { analysis, id: null };
  const record = await addDeviceScan(state.owner, { kind: input.kind, content: input.content, sender: input.sender, source: input.source, analysis });
  void syncDeviceScans(state.owner, queryClient);
  return { analysis, id: deviceMessageId(record.id) };
}

/** A scan request and the Idempotency-Key of the submission it belongs to. */
export interface Keyed<T> {
  input: T;
  idempotencyKey: string;
}

const withKey = (key: string) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

// 'always': offline, TanStack Query would hold a scan back until the browser is online again,
// leaving the form busy with no word; sent, it fails at once and the form says why, with Retry.
const networkMode = 'always';

/** Today's scans against the plan's daily limit (`GET /api/scan-usage`, in the browser's time zone). */
export function useScanUsage() {
  return useQuery({ queryKey: queryKeys.scanUsage, queryFn: () => api.get<ScanUsage>(API.scanUsage.path) });
}

/** True when the plan has a daily limit and none of today's scans are left. */
export function isOutOfScans(usage: ScanUsage | undefined): usage is ScanUsage & { limit: number; remaining: 0 } {
  return usage !== undefined && usage.limit !== null && usage.remaining === 0;
}

/** The server's sentence when a scan was refused for the daily limit (429 SCAN_LIMIT_REACHED), else null. */
export function scanLimitSentence(error: unknown): string | null {
  const { code, message } = readAuthError(error);
  return code === 'SCAN_LIMIT_REACHED' ? message : null;
}

// every scan, answered or refused, changes what is left today
const refreshUsage = (queryClient: ReturnType<typeof useQueryClient>) => queryClient.invalidateQueries({ queryKey: queryKeys.scanUsage });

/** `POST /api/scan/text`; a stored scan refreshes the history, dashboard and banner, and every scan the scans left today. */
export function useScanText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: Keyed<TextScanInput>): Promise<Answer<TextScanResponse>> => {
      const local = await scanOnDevice(queryClient, { kind: 'text', content: input.content, sender: input.sender, source: input.source, save: input.saveToHistory !== false });
      if (local) return { message: { id: local.id, content: input.content, sender: input.sender, source: input.source }, analysis: local.analysis, onDevice: true };
      return api.post<TextScanResponse>(API.scanText.path, input, withKey(idempotencyKey));
    },
    networkMode,
    onSuccess: (res) => {
      if (res.message.id) noteOwnScan(res.message.id);
      return invalidateScanData(queryClient);
    },
    onSettled: () => void refreshUsage(queryClient),
  });
}

/** `POST /api/scan/url`; a stored scan refreshes the history, dashboard and banner, and every scan the scans left today. */
export function useScanUrl() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ input, idempotencyKey }: Keyed<UrlScanInput>): Promise<Answer<UrlScanResponse>> => {
      const local = await scanOnDevice(queryClient, { kind: 'url', content: input.url, sender: '', source: input.source, save: input.saveToHistory });
      if (local) return { ...local.analysis, messageId: local.id, onDevice: true };
      return api.post<UrlScanResponse>(API.scanUrl.path, input, withKey(idempotencyKey));
    },
    networkMode,
    onSuccess: (res) => {
      if (res.messageId) noteOwnScan(res.messageId);
      return invalidateScanData(queryClient);
    },
    onSettled: () => void refreshUsage(queryClient),
  });
}

/**
 * True when the request never got an answer (offline, the server unreachable): the API client
 * turns every answer, even an error, into `'{status}: {body}'`, and fetch rejects without one.
 */
export function isConnectionError(error: unknown): boolean {
  return !(error instanceof Error && /^\d{3}: /.test(error.message));
}

/**
 * Guards one form's scans. `start` answers null while a scan of the form runs, so a double
 * click or a second Enter is ignored (the busy state reaches the screen a moment later than the
 * second click can). Otherwise it answers the submission's Idempotency-Key: a fresh one, or the
 * key of the previous attempt when it failed and the very same request is sent again (Retry), so
 * that a scan the server stored before the connection dropped is answered, not stored twice.
 */
export function useScanGuard() {
  const running = useRef(false);
  const last = useRef<{ request: string; key: string } | null>(null);
  return useRef({
    start(request: unknown): string | null {
      if (running.current) return null;
      running.current = true;
      const text = JSON.stringify(request);
      const key = last.current?.request === text ? last.current.key : newRandomId();
      last.current = { request: text, key };
      return key;
    },
    /** Call once the scan `start` allowed has its answer. */
    settle(ok: boolean) {
      running.current = false;
      if (ok) last.current = null;
    },
  }).current;
}
