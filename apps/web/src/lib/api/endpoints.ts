import type { EndpointName } from '@baitcheck/contracts';

/**
 * The method and path of every endpoint the web app calls, copied from the contract's ENDPOINTS
 * map. Why a copy: importing ENDPOINTS pulls in zod and every schema (about 26 KB gzipped) and the
 * first screen needs none of them. `endpoints.test.ts` fails when this drifts from the contract.
 */
export const API = {
  scanText: { method: 'POST', path: '/api/scan/text' },
  scanUrl: { method: 'POST', path: '/api/scan/url' },
  messageStats: { method: 'GET', path: '/api/message-stats' },
  listMessages: { method: 'GET', path: '/api/messages' },
  deleteMessage: { method: 'DELETE', path: '/api/messages/:id' },
  getProtectionSettings: { method: 'GET', path: '/api/protection-settings' },
  patchProtectionSettings: { method: 'PATCH', path: '/api/protection-settings' },
  protectionStatus: { method: 'GET', path: '/api/protection-status' },
  createReport: { method: 'POST', path: '/api/reports' },
  createBlockedSender: { method: 'POST', path: '/api/blocked-senders' },
} as const satisfies Partial<Record<EndpointName, { method: string; path: string }>>;

/** Recent alerts on the home screen (contract RECENT_ALERTS_LIMIT, spec section 9). */
export const RECENT_ALERTS_LIMIT = 5;

/** Fills `:param` placeholders of a path, URL-encoding each value. */
export function fillPath(path: string, params: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(value);
  });
}
