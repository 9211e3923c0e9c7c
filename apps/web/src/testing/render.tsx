import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/api-client';
import { removeToast } from '@/components/ui/toast-store';

/** Renders inside the app's providers at `path` (with its query string). */
export function renderWithApp(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  removeToast();
  const location = memoryLocation({ path, record: true });
  const queryClient = createQueryClient();
  const result = render(
    <AppProvider queryClient={queryClient}>
      <Router hook={location.hook} searchHook={location.searchHook}>
        {ui}
      </Router>
    </AppProvider>,
  );
  return { ...result, location, queryClient };
}

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  init: RequestInit;
}

type Answer = { status?: number; body?: unknown; headers?: Record<string, string> };
type Responder = (call: RecordedCall) => Answer | undefined;

/**
 * Replaces `fetch` with a table of `'METHOD /path'` responders (the path without the query
 * string) and records every call. An unknown route answers 404 so a missing stub shows up.
 */
export function mockApi(routes: Record<string, Responder | Answer>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      init,
    };
    calls.push(call);
    const route = routes[`${method} ${url.pathname}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'No stub' } }), { status: 404 });
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json', ...answer.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
