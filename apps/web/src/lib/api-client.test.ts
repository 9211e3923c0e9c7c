import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, createQueryClient, getTimeZone } from './api-client';

afterEach(() => vi.unstubAllGlobals());

function stubFetch(response: Response) {
  const fetchMock = vi.fn(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('apiRequest', () => {
  it("sends credentials and the browser's time zone, and no content type or body, on a GET", async () => {
    const fetchMock = stubFetch(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
    await expect(apiRequest('GET', '/api/messages')).resolves.toEqual({ ok: 1 });
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(path).toBe('/api/messages');
    expect(init).toEqual({ method: 'GET', credentials: 'include', headers: { 'X-Time-Zone': getTimeZone() } });
  });

  it('names the time zone Intl resolves, UTC when it resolves none', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const resolved = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    try {
      resolved.mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone: 'Asia/Kathmandu' });
      await apiRequest('POST', '/api/scan/url', { url: 'https://example.com' }, { headers: { 'Idempotency-Key': 'k1' } });
      resolved.mockReturnValue({ ...new Intl.DateTimeFormat().resolvedOptions(), timeZone: '' });
      await apiRequest('GET', '/api/scan-usage');
    } finally {
      resolved.mockRestore();
    }
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    expect(calls[0]?.[1].headers).toEqual({ 'X-Time-Zone': 'Asia/Kathmandu', 'Idempotency-Key': 'k1', 'Content-Type': 'application/json' });
    expect(calls[1]?.[1].headers).toEqual({ 'X-Time-Zone': 'UTC' });
  });

  it('sends a JSON body with a JSON content type when given one', async () => {
    const fetchMock = stubFetch(new Response('{}', { status: 200 }));
    await apiRequest('PATCH', '/api/protection-settings', { smsProtection: false });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toEqual({ 'X-Time-Zone': getTimeZone(), 'Content-Type': 'application/json' });
    expect(init.body).toBe('{"smsProtection":false}');
  });

  it('asks the browser to keep a request alive past the page only when told to', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('DELETE', '/api/messages/m1', undefined, { keepalive: true });
    await apiRequest('DELETE', '/api/messages/m2');
    const calls = fetchMock.mock.calls as unknown as [string, RequestInit][];
    const kept = calls[0]?.[1];
    const plain = calls[1]?.[1];
    const headers = { 'X-Time-Zone': getTimeZone() };
    expect(kept).toEqual({ method: 'DELETE', credentials: 'include', keepalive: true, headers });
    expect(plain).toEqual({ method: 'DELETE', credentials: 'include', headers });
  });

  it("turns a failure into '{status}: {body text}'", async () => {
    stubFetch(new Response('{"error":{"code":"VALIDATION_FAILED"}}', { status: 400, statusText: 'Bad Request' }));
    await expect(apiRequest('POST', '/api/scan/text', { content: '' })).rejects.toThrow(
      '400: {"error":{"code":"VALIDATION_FAILED"}}',
    );
  });

  it('uses the status text when the failure has no body', async () => {
    stubFetch(new Response(null, { status: 503, statusText: 'Service Unavailable' }));
    await expect(apiRequest('GET', '/api/messages')).rejects.toThrow('503: Service Unavailable');
  });

  it('does not retry a failed request', async () => {
    const fetchMock = stubFetch(new Response('nope', { status: 500 }));
    await expect(apiRequest('GET', '/api/messages')).rejects.toThrow('500: nope');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('returns undefined for an empty success body', async () => {
    stubFetch(new Response(null, { status: 204 }));
    await expect(apiRequest('DELETE', '/api/messages/1')).resolves.toBeUndefined();
  });
});

describe('createQueryClient', () => {
  it('never retries, never refetches on focus and never goes stale', () => {
    const options = createQueryClient().getDefaultOptions().queries;
    expect(options?.retry).toBe(false);
    expect(options?.refetchOnWindowFocus).toBe(false);
    expect(options?.staleTime).toBe(Infinity);
  });
});
