import type { z } from 'zod';
import {
  MessageStatsSchema,
  ProtectionSettingsSchema,
  ProtectionStatusSchema,
  ReportSchema,
  BlockedSenderSchema,
} from './entities';
import {
  BlockedSenderListSchema,
  CreateBlockedSenderRequestSchema,
  CreateReportRequestSchema,
  DeleteResponseSchema,
  HealthSchema,
  IdParamsSchema,
  MessageListSchema,
  MessageStatsQuerySchema,
  MessagesQuerySchema,
  ProtectionSettingsPatchSchema,
  ReportListSchema,
  TextScanRequestSchema,
  TextScanResponseSchema,
  UrlScanRequestSchema,
  UrlScanResponseSchema,
} from './requests';

/** One API endpoint: method, path (Fastify style, `:id`), and the schemas of what goes in and out. */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** HTTP status of a success. */
  status: number;
}

/**
 * Every endpoint of the API, in one place. Paths are the spec's (section 7); the reports,
 * blocked-senders, protection-status and health endpoints are ours.
 */
export const ENDPOINTS = {
  scanText: { method: 'POST', path: '/api/scan/text', body: TextScanRequestSchema, response: TextScanResponseSchema, status: 200 },
  scanUrl: { method: 'POST', path: '/api/scan/url', body: UrlScanRequestSchema, response: UrlScanResponseSchema, status: 200 },
  messageStats: { method: 'GET', path: '/api/message-stats', query: MessageStatsQuerySchema, response: MessageStatsSchema, status: 200 },
  listMessages: { method: 'GET', path: '/api/messages', query: MessagesQuerySchema, response: MessageListSchema, status: 200 },
  deleteMessage: { method: 'DELETE', path: '/api/messages/:id', params: IdParamsSchema, response: DeleteResponseSchema, status: 200 },
  getProtectionSettings: { method: 'GET', path: '/api/protection-settings', response: ProtectionSettingsSchema, status: 200 },
  patchProtectionSettings: { method: 'PATCH', path: '/api/protection-settings', body: ProtectionSettingsPatchSchema, response: ProtectionSettingsSchema, status: 200 },
  protectionStatus: { method: 'GET', path: '/api/protection-status', response: ProtectionStatusSchema, status: 200 },
  createReport: { method: 'POST', path: '/api/reports', body: CreateReportRequestSchema, response: ReportSchema, status: 201 },
  listReports: { method: 'GET', path: '/api/reports', response: ReportListSchema, status: 200 },
  listBlockedSenders: { method: 'GET', path: '/api/blocked-senders', response: BlockedSenderListSchema, status: 200 },
  createBlockedSender: { method: 'POST', path: '/api/blocked-senders', body: CreateBlockedSenderRequestSchema, response: BlockedSenderSchema, status: 201 },
  deleteBlockedSender: { method: 'DELETE', path: '/api/blocked-senders/:id', params: IdParamsSchema, response: DeleteResponseSchema, status: 200 },
  health: { method: 'GET', path: '/api/health', response: HealthSchema, status: 200 },
} as const satisfies Record<string, Endpoint>;

/** The name of an endpoint in {@link ENDPOINTS}. */
export type EndpointName = keyof typeof ENDPOINTS;

/** Fills `:param` placeholders of an endpoint path, URL-encoding each value. */
export function buildPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
