import { QueryClient } from '@tanstack/react-query';
import { TIME_ZONE_HEADER } from '@baitcheck/contracts/lite';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** The browser's IANA time zone, so the server counts days as the person sees them. */
export function getTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/**
 * The address of an API path: the path itself on the web (the page's own origin); in the iOS and
 * Android apps, whose pages are https://localhost and capacitor://localhost, the server's origin
 * (`VITE_API_ORIGIN` at build time) before it (docs/decisions/010-native-wrappers.md).
 */
export function apiUrl(path: string): string {
  const origin = String(import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/+$/, '');
  return origin + path;
}

/**
 * The one API client (DESIGN.md section 6, spec section 7): credentials always included, a JSON
 * content type and body only when a body is given, no retries. Every request names the browser's
 * time zone (`X-Time-Zone`): the daily scan limit counts the person's own day. Any non-success
 * response becomes an Error whose message is `'{status}: {body text}'`, or the status text when
 * the body is empty.
 */
export async function apiRequest<T>(method: Method, path: string, body?: unknown, options?: RequestOptions): Promise<T> {
  return (await apiRequestWithHeaders<T>(method, path, body, options)).data;
}

/** `keepalive`: the request outlives the page (a delete sent as the tab closes). `headers`: extra request headers (a scan's Idempotency-Key). */
export interface RequestOptions {
  keepalive?: boolean;
  headers?: Record<string, string>;
}

const writeListeners = new Set<() => void>();

/**
 * Calls `listener` after each successful request that may have stored something (any method but
 * GET): a newcomer's first one makes their session, so what waited for one (the live
 * notifications) can start now. Returns a function that stops.
 */
export function afterWrite(listener: () => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

/** {@link apiRequest}, with the response headers too (a paged list says where the next page starts in one). */
export async function apiRequestWithHeaders<T>(
  method: Method,
  path: string,
  body?: unknown,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const init: RequestInit = { method, credentials: 'include' };
  if (options.keepalive) init.keepalive = true;
  const headers: Record<string, string> = { [TIME_ZONE_HEADER]: getTimeZone(), ...options.headers };
  if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  init.headers = headers;
  const res = await fetch(apiUrl(path), init);
  if (!res.ok) {
    const text = (await res.text().catch(() => '')) || res.statusText;
    throw new Error(`${res.status}: ${text}`);
  }
  const text = await res.text();
  if (method !== 'GET') for (const listener of [...writeListeners]) listener();
  return { data: (text ? JSON.parse(text) : undefined) as T, headers: res.headers };
}

/** Convenience wrappers over {@link apiRequest}. */
export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, body, options),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>('PATCH', path, body),
  delete: <T>(path: string, options?: RequestOptions) => apiRequest<T>('DELETE', path, undefined, options),
};

/** Query defaults from the spec: no retries, no refetch on focus, data never stale. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}
